"""A crossword variant is its declarations: the rules class refuses an unknown one, and the game
records (GCG) follow what the rules declare, not the game's name."""

from __future__ import annotations

from typing import ClassVar

import pytest
from wordtable.games.gcg import export_gcg, import_gcg
from wordtable.games.registry import GameSpec, game_from_position, registered
from wordtable.games.wordgame import Wordgame, WordgameRules

from .boards import place, position


class BackwardsRules(WordgameRules):
    """wordgame's board and tiles, with words that may also read right to left or upwards."""

    reads_backwards: ClassVar[bool] = True


class BackwardsWordgame(Wordgame):
    name: ClassVar[str] = "backwords"
    rules_class = BackwardsRules


def test_a_rules_class_declaring_an_unknown_word_premium_rule_is_refused_when_made() -> None:
    with pytest.raises(TypeError, match=r"word_premiums must be one of \('multiply', 'highest'\), not 'add'"):
        type("AddingRules", (WordgameRules,), {"word_premiums": "add"})
    with pytest.raises(TypeError, match=r"all_tiles_bonus must be one of .*, not 'triple'"):
        type("TriplingRules", (WordgameRules,), {"all_tiles_bonus": "triple"})


def test_a_play_read_right_to_left_is_recorded_with_its_direction_and_replays(enable) -> None:
    with registered(GameSpec(BackwardsWordgame, "backwords", ("wordgame",), zones="wordgame")):
        game = game_from_position(position("backwords", {"H8": "RAT"}, ["SEEDBOOK", "ABCDEFGH"]), enable)
        game.apply(place("G8:S"))  # SRAT reads TARS from J8 to the west
        text = export_gcg(game)
        replayed = import_gcg(text, enable)
    assert ">Player_1: SEEDBOOK J8/W ...S +4 4" in text.splitlines()
    assert isinstance(replayed, BackwardsWordgame)
    assert replayed.board.rows()[7] == "......SRAT....." and replayed.scores == [4, 0]


def test_wordgame_words_read_right_or_down_only_so_its_records_use_plain_gcg_positions(enable) -> None:
    game = game_from_position(position("wordgame", {"H8": "RAT"}, ["SEEDBOOK", "ABCDEFGH"]), enable)
    game.apply(place("K8:S"))
    assert ">Player_1: SEEDBOOK 8H ...S +4 4" in export_gcg(game).splitlines()
