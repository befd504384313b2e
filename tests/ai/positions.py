"""Positions of the generator tests, written as position files are (docs/rules/positions.md)."""

from __future__ import annotations

from typing import Any

EMPTY = ["." * 15] * 15


def board_with(*rows: tuple[int, str]) -> list[str]:
    """A 15x15 board: (row index, 15-character row) pairs over an empty board."""
    out = list(EMPTY)
    for r, text in rows:
        assert len(text) == 15
        out[r] = text
    return out


def position(game: str, board: list[str], rack: str, other: str | None = None) -> dict[str, Any]:
    return {"game": game, "board": board, "racks": [rack, other], "scores": [0, 0], "turn": 0, "seed": 1}


WORTHY = board_with((7, "....WORTHY....."))
"""Wordability rules 12-13: WORTHY from E8 to J8 on plain squares (the worked examples)."""

WORTHY_YOU_FUN = board_with((7, "....WORTHY....."), (8, ".........O....."), (9, "........FUN...."))
"""After fig. 3: YOU down from J8 and FUN across from I10."""

EWE = board_with((7, "......EWE......"))
"""Wordability rule 11: EWE on G8-I8."""
