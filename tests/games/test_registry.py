"""The game registry: which games exist, in menu order, and what each one is made of."""

from __future__ import annotations

from typing import ClassVar

import pytest
from wordtable.games import registry
from wordtable.games.base import InvalidMoveError
from wordtable.games.crossword import CrosswordOptions
from wordtable.games.registry import GameSpec, UnknownGameError, get, names, registered
from wordtable.games.wordcard import WordcardOptions
from wordtable.games.wordgame import Wordgame


class Quiet(Wordgame):
    name: ClassVar[str] = "quiet"


def test_the_five_games_are_registered_in_menu_order_with_their_titles_and_sets() -> None:
    assert names() == ["wordgame", "wordability", "wordchain", "wordcard", "wordsnake"]
    assert [s.title for s in registry.all_games()] == [
        "wordgame",
        "Wordability",
        "WORDCHAIN",
        "WORDCARD",
        "WordSnake",
    ]
    assert get("wordsnake").sets == ("wordsnake", "markers")
    assert names(board=True) == ["wordgame", "wordability"]
    assert names(board=False) == ["wordchain", "wordcard", "wordsnake"]


def test_a_spec_reads_player_range_and_options_type_from_the_game_class() -> None:
    assert get("wordcard").player_range == (1, 8) and get("wordcard").options_type is WordcardOptions
    assert get("wordgame").player_range == (2, 2) and get("wordgame").options_type is CrosswordOptions
    assert get("wordgame").layout_name == "wordgame"


def test_an_unknown_game_is_refused_with_the_games_named() -> None:
    with pytest.raises(
        UnknownGameError, match="unknown game 'chess'; the games are wordgame, wordability, wordchain"
    ):
        get("chess")


def test_a_game_registered_for_a_block_is_gone_after_it_and_a_name_is_taken_once() -> None:
    spec = GameSpec(Quiet, "Quiet", ("wordgame",), zones="wordgame")
    with registered(spec):
        assert names()[-1] == "quiet" and get("quiet").layout_name == "wordgame"
        with pytest.raises(ValueError, match="a game called 'quiet' is registered already"):
            registry.register(spec)
    assert "quiet" not in names()


def test_a_card_game_starts_from_a_position_through_its_set_position(enable) -> None:
    centre = ["W4", "E2", "A2", "U3", "O2", "F4", "I2", "R2", "X8"]
    game = get("wordsnake").new(
        ["Ann", "Bob"],
        lexicon=enable,
        seed=4,
        options={"hands": 1},
        position={
            "options": {"hands": 2},
            "hands": [["C3", "A2", "T2"], ["D2", "O2", "G3"]],
            "centre": centre,
        },
    )
    assert [h.faces() for h in game.hands] == [["C3", "A2", "T2"], ["D2", "O2", "G3"]]
    assert [c.face for c in game.centre] == centre
    assert game.options.hands == 1  # the house rule chosen wins over the position's


def test_a_position_of_another_game_is_refused(enable) -> None:
    with pytest.raises(InvalidMoveError, match="the position is a wordability position, not wordgame"):
        get("wordgame").from_position(
            {"game": "wordability", "board": ["." * 15] * 15, "racks": ["AB", "CD"]}, lexicon=enable
        )
