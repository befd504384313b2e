"""A sixth game added through the registries only, with no edit outside this test: "toyword", a crossword
variant whose first word may be two letters and whose word premiums multiply, played on wordgame's zones
with wordgame's tiles. It is chosen from the display menu of the simulated table and played with tags
and buttons, then checked and hinted through the ``wordtable`` command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import ClassVar

import pytest
from wordtable.cli import main
from wordtable.games.base import IllegalMoveError
from wordtable.games.crossword_rules import load_data
from wordtable.games.registry import GameSpec, game_from_position, registered
from wordtable.games.wordgame import Wordgame, WordgameRules
from wordtable.table.adapters import registered_adapter
from wordtable.table.adapters.base import OK
from wordtable.table.adapters.crossword import CrosswordAdapter

from .table_play import TablePlay, enable, wait_until

pytestmark = pytest.mark.e2e

EMPTY = ["." * 15] * 15
# The bag is empty: the first player goes out with AT, and the game ends on her move.
TOY_END = {"board": EMPTY, "racks": ["AT", "QZ"], "bag": "", "scores": [0, 0], "turn": 0, "seed": 1}
PLAYERS = ["Player 1", "Player 2"]


@pytest.fixture
def toyword(tmp_path) -> Iterator[type[Wordgame]]:
    """The toy game's data file, rules, game class and adapter, registered while the test runs."""
    data = dict(load_data("wordgame"), name="toyword", first_move_min_letters=2)  # wordgame's tiles and board
    path = tmp_path / "toyword.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    class ToyRules(WordgameRules):
        name: ClassVar[str] = "toyword"
        data_path = path
        word_premiums: ClassVar[str] = "multiply"

    class Toyword(Wordgame):
        name: ClassVar[str] = "toyword"
        rules_class = ToyRules

    class ToyAdapter(CrosswordAdapter):
        game_name: ClassVar[str] = "toyword"

    with (
        registered(GameSpec(Toyword, "Toyword", ("wordgame",), zones="wordgame")),
        registered_adapter(ToyAdapter),
    ):
        yield Toyword


def cell(name: str) -> int:
    """The table cell of a board square (wordgame's zones map the board onto the grid one to one)."""
    return (int(name[1:]) - 1) * 15 + ord(name[0]) - ord("A")


def test_the_toy_game_is_chosen_in_the_menu_and_played_with_tags_and_buttons(tmp_path, toyword):
    t = TablePlay(tmp_path / "table", positions={"toyword": TOY_END}, seed=3)
    try:
        assert t.session.current_view().items[-1] == "Toyword"
        t.choose_game("toyword", 0, [0, 0])
        s = t.session
        assert isinstance(s.game, toyword) and s.sets() == ("wordgame",)
        pure = game_from_position(dict(TOY_END, game="toyword", players=PLAYERS), enable())
        a, t_ = (next(i for i in pure.racks[0] if pure.tiles[i].letter == ch) for ch in "AT")
        t.lay(cell("H8"), "wordgame", str(a))
        t.lay(cell("H9"), "wordgame", str(t_))
        t.press(0, OK)
        wait_until(lambda: s.state == "result", what="AT played and the game's end")
        pure.apply(
            {"type": "place", "placements": [{"cell": "H8", "letter": "A"}, {"cell": "H9", "letter": "T"}]}
        )
        assert s.game.history[0].action["words"] == ["AT"]
        # AT 4 on the double word at H8; Player 1 went out, so Q and Z (14) pass from Player 2 to her
        assert s.game.scores == pure.scores == [18, -14]
        assert s.store.game(s.game_id).game == "toyword"
        assert s.current_view().__class__.__name__ == "ResultView"
    finally:
        t.close()
    # the same opening is no move in wordgame itself: the toy's data file made the difference
    wordgame = game_from_position(dict(TOY_END, game="wordgame", players=PLAYERS), enable())
    with pytest.raises(IllegalMoveError, match="at least 4 letters"):
        wordgame.apply(
            {"type": "place", "placements": [{"cell": "H8", "letter": "A"}, {"cell": "H9", "letter": "T"}]}
        )


def test_the_toy_game_is_checked_listed_and_hinted_by_the_command(tmp_path, toyword, capsys):
    position = tmp_path / "toy.json"
    position.write_text(json.dumps(dict(TOY_END, game="toyword")), encoding="utf-8")

    assert main(["move", "--game", "toyword", "--position", str(position), "--place", "H8:A,H9:T"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["valid"] and [w["word"] for w in checked["words"]] == ["AT"] and checked["total"] == 4

    assert main(["moves", "--game", "toyword", "--position", str(position), "--top", "0"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["rack"] == "AT" and listed["count"] > 0
    assert listed["moves"][0]["score"] == checked["total"]

    assert main(["hint", "--game", "toyword", "--position", str(position)]) == 0
    hinted = json.loads(capsys.readouterr().out)
    assert hinted["game"] == "toyword" and hinted["hints"]

    # wordgame's first word needs four letters: the same rack has no move there
    position.write_text(json.dumps(dict(TOY_END, game="wordgame")), encoding="utf-8")
    assert main(["moves", "--game", "wordgame", "--position", str(position)]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 0
