"""``wordtable score`` and ``wordtable hint`` for WORDCARD: rows scored line by line, the best laydown, the
GROUP GAME's score to beat, and clear errors (exit status 2) for bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Run = Callable[..., tuple[int, Any, str]]


def test_score_gives_each_word_and_combination_of_a_row_and_the_doubling(run_cli: Run) -> None:
    code, out, _ = run_cli(
        "score",
        "--game",
        "wordcard",
        "--cards",
        "R♣7,A♠8,I♥9,D♣10,E♠J,R♣Q",
        "--options",
        '{"game_type": "wordcard", "words_within_words": false}',
    )
    assert code == 0
    row = out["rows"][0]
    assert row["text"] == "RAIDER" and row["combination"] == "sequence up"
    assert [(ln["label"], ln["points"]) for ln in row["lines"]] == [
        ("word RAIDER", 57),
        ("sequence up 7-8-9-10-11-12", 57),
        ("WORDCARD: points x2", 114),
    ]
    assert out["total"] == 228


def test_score_takes_several_rows_the_ascii_notation_and_a_wild_card(run_cli: Run) -> None:
    code, out, _ = run_cli(
        "score",
        "--game",
        "wordcard",
        "--cards",
        "T/D/1,O/C/1;C/D/6,*=A,T/C/6",
        "--options",
        '{"words_within_words": false}',
    )
    assert code == 0
    assert [r["text"] for r in out["rows"]] == ["TO", "CAT"]
    assert out["total"] == 2 + (6 + 25 + 6)


def test_hint_lays_the_best_rows_and_the_group_game_gives_a_score_to_beat(run_cli: Run) -> None:
    code, out, _ = run_cli(
        "hint",
        "--game",
        "wordcard",
        "--hand",
        "B♣7,R♣7,E♠7,A♥6,D♣9,S♣1,O♣1,N♥1",
        "--strength",
        "club",
        "--options",
        '{"words_within_words": false}',
    )
    assert code == 0
    assert out["rows"] and sum(len(r["cards"]) for r in out["rows"]) >= 5
    assert out["points"] == sum(r["points"] for r in out["rows"])
    code, out, _ = run_cli(
        "hint",
        "--game",
        "wordcard",
        "--group",
        "--budget",
        "0.5",
        "--hand",
        "R♣7,A♠8,I♥9,D♣10,E♠J,R♣Q,T♦1,O♣1",
    )
    assert code == 0 and out["group"] is True and out["to_beat"] >= 228


def test_bad_input_says_what_is_wrong_and_exits_2(run_cli: Run) -> None:
    code, out, err = run_cli("score", "--game", "wordcard", "--cards", "R♣x,A♠8")
    assert code == 2 and out is None and "unknown card code 'R♣x'" in err
    code, _, err = run_cli("score", "--game", "wordcard", "--cards", "R,A♠8")
    assert code == 2 and "a WORDCARD card needs its letter and rank" in err
    code, _, err = run_cli(
        "score", "--game", "wordcard", "--cards", "R♣7,A♠8,D♣10", "--options", '{"game_type": "cardplay"}'
    )
    assert code == 2 and "are no combination" in err
    code, _, err = run_cli(
        "score", "--game", "wordcard", "--cards", "T♦1,O♣1", "--options", '{"game_type": "chess"}'
    )
    assert code == 2 and "game_type must be one of" in err
