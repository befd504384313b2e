"""One `wordtable hint` for every game: the board games answer it too."""

from __future__ import annotations

import json

from wordtable.cli import main

POSITION = "tests/games/board/positions/wordability_ewe.json"


def test_hint_for_a_wordability_position_lists_the_best_moves_explained(capsys, enable):
    assert main(["hint", "--game", "wordability", "--position", POSITION, "--top", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rack"] == "RS"
    scores = [h["score"] for h in out["hints"]]
    assert scores == sorted(scores, reverse=True) and len(scores) == 3
    assert all(w["valid"] for h in out["hints"] for w in h["words"])


def test_hint_for_a_board_game_without_a_position_says_what_it_needs(capsys):
    assert main(["hint", "--game", "wordgame"]) == 2
    assert "needs --position" in capsys.readouterr().err
