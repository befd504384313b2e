"""``wordtable score`` and ``wordtable hint`` for WordSnake: a snake's sheet, the best snake, bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Run = Callable[..., tuple[int, Any, str]]


def test_score_reads_the_words_and_subtracts_the_hand(run_cli: Run) -> None:
    code, out, _ = run_cli(
        "score", "--game", "wordsnake", "--cards", "C3,A2,T2,S2,N2,A2,K5,E2,N2,J8,O2,Y4", "--hand", "T2,C3"
    )
    assert code == 0
    assert out["words"] == ["CATS", "SNAKE", "ENJOY"] and out["complete"] is True
    assert out["total"] == 9 + 11 + 16 - 5


def test_score_sends_a_word_in_progress_back_to_the_hand(run_cli: Run) -> None:
    code, out, _ = run_cli("score", "--game", "wordsnake", "--cards", "C3,A2,T2,S2,N2,K5,E2")
    assert code == 0
    assert out["words"] == ["CATS"] and out["back_to_hand"] == ["N2", "K5", "E2"]
    assert out["total"] == 9 - 2 - 5 - 1


def test_hint_finds_a_snake_from_the_hand_and_the_centre(run_cli: Run) -> None:
    code, out, _ = run_cli(
        "hint",
        "--game",
        "wordsnake",
        "--strength",
        "beginner",
        "--hand",
        "T2,O2,P3,S2,H3,E2,L2,L2,O2,W4,I2,N2,G3",
        "--centre",
        "W4,E2,A2,U3,O2,F4,I2,R2,X8",
    )
    assert code == 0
    best = out["best"]
    assert best["words"] and all(len(w) >= 3 for w in best["words"])
    for a, b in zip(best["words"], best["words"][1:], strict=False):
        assert a[-1] == b[0]


def test_bad_input_says_what_is_wrong_and_exits_2(run_cli: Run) -> None:
    code, out, err = run_cli("score", "--game", "wordsnake", "--cards", "C3,A2,T")
    assert code == 2 and out is None and "a WordSnake card is a letter and its points" in err
    code, _, err = run_cli("hint", "--game", "wordsnake", "--hand", "C3", "--strength", "godlike")
    assert code == 2 and "--strength must be one of beginner, club, strongest" in err
    code, _, err = run_cli("score", "--game", "wordsnake", "--cards", "C3,A2,T2", "--joints", "x")
    assert code == 2 and "--joints are cell numbers" in err
