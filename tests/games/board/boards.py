"""Building positions for the board-game tests: words written onto empty rows at named cells."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wordtable.games.crossword_board import DIRECTION_NAMES, DIRECTION_VECTORS

POSITIONS = Path(__file__).parent / "positions"


def rows_with(words: dict[str, str], size: int = 15) -> list[str]:
    """Empty rows with each ``"H8/E": "WORD"`` written from the cell in the direction (E default)."""
    grid = [["."] * size for _ in range(size)]
    for where, word in words.items():
        cell, _, d = where.partition("/")
        dr, dc = DIRECTION_VECTORS[DIRECTION_NAMES.index(d or "E")]
        r, c = int(cell[1:]) - 1, ord(cell[0].upper()) - 65
        for i, ch in enumerate(word):
            grid[r + i * dr][c + i * dc] = ch
    return ["".join(row) for row in grid]


def position(game: str, words: dict[str, str], racks: list[str | None], **extra: Any) -> dict[str, Any]:
    """A position dict (the position-file format)."""
    data: dict[str, Any] = {
        "game": game,
        "board": rows_with(words),
        "racks": racks,
        "scores": [0] * len(racks),
        "turn": 0,
    }
    data.update(extra)
    return data


def load(name: str) -> dict[str, Any]:
    """A position file of ``positions/``."""
    data: dict[str, Any] = json.loads((POSITIONS / name).read_text())
    return data


def place(text: str) -> dict[str, Any]:
    """A place action from ``"H8:W,H9:O"`` (lower case: a blank)."""
    from wordtable.games.crossword import placements_from_text

    return {"type": "place", "placements": placements_from_text(text)}
