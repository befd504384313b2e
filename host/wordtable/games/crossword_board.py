"""The crossword board model shared by wordgame and Wordability.

Small value types and flat arrays, the python-chess and wolges way, so that the rules and a move
generator can share them:

* A square is an ``int``: ``row * width + col``, row 0 at the top, col 0 on the left. People see cell
  names like ``H8``: column letter, then row number counted from 1 at the top.
* Eight directions, index ``0..7``: ``E S SE SW W N NW NE``. Direction ``d`` and ``d + 4`` are opposite,
  so the four *axes* ``0..3`` (across, down, diagonal down-right, diagonal down-left) each have a forward
  direction ``a`` and a backward direction ``a + 4``. ``Geometry.step[d][sq]`` is the neighbour of ``sq``
  in direction ``d`` or ``-1`` off the board (no edge arithmetic in the hot path).
* A :class:`Layout` holds premium codes per square as two int arrays, ``letter_mult`` and ``word_mult``.
* A :class:`Board` holds ``letters`` (``""`` for empty), ``blank`` (1 where a blank lies) and ``tile``
  (the physical tile id, ``-1`` if unknown) per square.

The pure functions that find and score the words of a placement, without changing the board, live on
the rules objects (:mod:`wordtable.games.crossword_rules`).

For a move generator::

    rules = game.rules                      # WordgameRules / WordabilityRules (or rules_class(lexicon))
    g = rules.geometry                      # g.width, g.size, g.centre, g.step[d][sq], g.name(sq)
    rules.axes                              # (0, 1) for wordgame, (0, 1, 2, 3) for Wordability
    rules.layout.letter_mult[sq], rules.layout.word_mult[sq]
    rules.values["Q"]                       # tile values (a blank is worth 0)
    board.letters[sq], board.blank[sq]      # "" where empty
    rules.score(board, [Placement(sq, "Q"), Placement(sq2, "I", blank=True)])   # total, board unchanged
    rules.evaluate(board, placements)       # words, per-word points, invalid words, breakdown
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .base import InvalidMoveError

DIRECTION_NAMES: tuple[str, ...] = ("E", "S", "SE", "SW", "W", "N", "NW", "NE")
"""Compass names of the eight directions, by index."""

DIRECTION_VECTORS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 0),
    (1, 1),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (-1, 1),
)
"""(row step, column step) of each direction, by index; ``d`` and ``d + 4`` are opposite."""

DIRECTION_WORDS: tuple[str, ...] = (
    "across, left to right",
    "down",
    "diagonally down to the right",
    "diagonally down to the left",
    "across, right to left",
    "up",
    "diagonally up to the left",
    "diagonally up to the right",
)
"""How a person says each direction."""

ACROSS, DOWN, DIAG_DOWN_RIGHT, DIAG_DOWN_LEFT = 0, 1, 2, 3
AXES_ORTHOGONAL: tuple[int, ...] = (ACROSS, DOWN)
AXES_ALL: tuple[int, ...] = (ACROSS, DOWN, DIAG_DOWN_RIGHT, DIAG_DOWN_LEFT)

PREMIUMS: dict[str, tuple[int, int, str]] = {
    ".": (1, 1, ""),
    "*": (1, 1, "centre"),
    "d": (2, 1, "double letter"),
    "t": (3, 1, "triple letter"),
    "D": (1, 2, "double word"),
    "T": (1, 3, "triple word"),
}
"""Premium codes of a layout grid: code -> (letter multiplier, word multiplier, name)."""

BLANK = "?"
"""How a blank tile is written in a rack."""


def opposite(direction: int) -> int:
    """The direction pointing the other way."""
    return (direction + 4) % 8


class Geometry:
    """The shape of a board: size, centre, cell names and the neighbour tables."""

    def __init__(self, width: int, height: int) -> None:
        if not (2 <= width <= 26 and 2 <= height <= 99):
            raise ValueError(f"a board of {width}x{height} cells is not supported")
        self.width = width
        self.height = height
        self.size = width * height
        self.centre = (height // 2) * width + width // 2
        steps = []
        for dr, dc in DIRECTION_VECTORS:
            table = []
            for sq in range(self.size):
                r, c = divmod(sq, width)
                r2, c2 = r + dr, c + dc
                table.append(r2 * width + c2 if 0 <= r2 < height and 0 <= c2 < width else -1)
            steps.append(tuple(table))
        self.step: tuple[tuple[int, ...], ...] = tuple(steps)
        """``step[d][sq]``: the neighbour of ``sq`` in direction ``d``, or -1 off the board."""
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in (self.step[d][sq] for d in range(8)) if s >= 0) for sq in range(self.size)
        )
        """All (up to eight) touching squares of each square."""

    def square(self, row: int, col: int) -> int:
        """The square at ``row``, ``col`` (0-based, from the top left)."""
        return row * self.width + col

    def row(self, sq: int) -> int:
        """The 0-based row of a square (0 at the top)."""
        return sq // self.width

    def col(self, sq: int) -> int:
        """The 0-based column of a square (0 on the left)."""
        return sq % self.width

    def name(self, sq: int) -> str:
        """The cell name a person reads: column letter and row number from 1, e.g. ``H8``."""
        r, c = divmod(sq, self.width)
        return f"{chr(65 + c)}{r + 1}"

    def parse(self, name: str) -> int:
        """The square of a cell name like ``H8`` (any case); InvalidMoveError if there is none."""
        text = name.strip().upper()
        if len(text) < 2 or not ("A" <= text[0] <= "Z") or not text[1:].isdigit():
            raise InvalidMoveError(
                f"{name!r} is not a cell name; write the column letter and the row number, like H8"
            )
        c = ord(text[0]) - 65
        r = int(text[1:]) - 1
        if not (0 <= c < self.width and 0 <= r < self.height):
            last = chr(64 + self.width)
            raise InvalidMoveError(
                f"there is no cell {text} on this board (columns A to {last}, rows 1 to {self.height})"
            )
        return r * self.width + c

    def axis_of(self, a: int, b: int) -> int | None:
        """The axis on which squares ``a`` and ``b`` lie, or None if they share none."""
        ra, ca = divmod(a, self.width)
        rb, cb = divmod(b, self.width)
        if ra == rb:
            return ACROSS
        if ca == cb:
            return DOWN
        if ra - ca == rb - cb:
            return DIAG_DOWN_RIGHT
        if ra + ca == rb + cb:
            return DIAG_DOWN_LEFT
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Geometry) and (self.width, self.height) == (other.width, other.height)

    def __hash__(self) -> int:
        return hash((self.width, self.height))

    def __repr__(self) -> str:
        return f"Geometry({self.width}, {self.height})"


class Layout:
    """The premium squares of a board, as a grid of codes (see :data:`PREMIUMS`) and as flat arrays."""

    def __init__(self, geometry: Geometry, rows: Sequence[str]) -> None:
        if len(rows) != geometry.height or any(len(r) != geometry.width for r in rows):
            raise InvalidMoveError(
                f"a premium layout for this board needs {geometry.height} rows of {geometry.width} codes"
            )
        bad = sorted({ch for r in rows for ch in r} - set(PREMIUMS))
        if bad:
            raise InvalidMoveError(
                f"unknown premium code(s) {' '.join(bad)}; use one of {' '.join(PREMIUMS)}"
            )
        self.geometry = geometry
        self.rows: tuple[str, ...] = tuple(rows)
        codes = "".join(rows)
        self.codes = codes
        self.letter_mult: list[int] = [PREMIUMS[ch][0] for ch in codes]
        """Letter multiplier per square (1, 2 or 3)."""
        self.word_mult: list[int] = [PREMIUMS[ch][1] for ch in codes]
        """Word multiplier per square (1, 2 or 3)."""

    def describe(self, sq: int) -> str:
        """The premium's name (``"triple word"``), or ``""``."""
        return PREMIUMS[self.codes[sq]][2] if self.codes[sq] != "*" else ""

    @classmethod
    def plain(cls, geometry: Geometry) -> Layout:
        """A layout without premiums."""
        return cls(geometry, ["." * geometry.width] * geometry.height)


@dataclass(frozen=True)
class Tile:
    """One physical tile: its id (what the table reports), its letter (``?`` for a blank) and value."""

    id: int
    letter: str
    value: int

    @property
    def is_blank(self) -> bool:
        return self.letter == BLANK


class TileSet:
    """All tiles of a game, ids ``0..n-1`` in the order of the data file's letters, blanks last."""

    def __init__(self, counts: dict[str, int], values: dict[str, int]) -> None:
        tiles: list[Tile] = []
        # Each id is the tile's position: appended one by one, so the count is read before each tile.
        for letter, n in counts.items():
            if letter != BLANK:
                for _ in range(n):
                    tiles.append(Tile(len(tiles), letter, values[letter]))
        for _ in range(counts.get(BLANK, 0)):
            tiles.append(Tile(len(tiles), BLANK, 0))
        self.tiles: tuple[Tile, ...] = tuple(tiles)
        self.counts = dict(counts)
        self.values: dict[str, int] = {k: v for k, v in values.items() if k != BLANK}
        """Value of each letter (a blank is worth 0 whatever it stands for)."""
        self.letters = frozenset(self.values)

    def __len__(self) -> int:
        return len(self.tiles)

    def __getitem__(self, tile_id: int) -> Tile:
        """The tile with this id."""
        return self.tiles[tile_id]


class Board:
    """The letters on the board, as flat per-square arrays. Mutated only by the game's ``apply``."""

    __slots__ = ("geometry", "letters", "blank", "tile", "count")

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.letters: list[str] = [""] * geometry.size
        """The letter on each square, ``""`` where it is empty."""
        self.blank = bytearray(geometry.size)
        """1 where the letter is a blank tile (worth 0)."""
        self.tile: list[int] = [-1] * geometry.size
        """The physical tile id on each square (-1 empty or unknown)."""
        self.count = 0
        """How many squares are covered."""

    def copy(self) -> Board:
        """An independent copy (for trying moves without touching the game's board)."""
        b = Board.__new__(Board)
        b.geometry = self.geometry
        b.letters = self.letters[:]
        b.blank = bytearray(self.blank)
        b.tile = self.tile[:]
        b.count = self.count
        return b

    def is_empty(self) -> bool:
        """True before the first move."""
        return self.count == 0

    def put(self, sq: int, letter: str, tile_id: int = -1, blank: bool = False) -> None:
        """Lay a letter (the caller has checked the square is free)."""
        if not self.letters[sq]:
            self.count += 1
        self.letters[sq] = letter
        self.blank[sq] = 1 if blank else 0
        self.tile[sq] = tile_id

    def lift(self, sq: int) -> None:
        """Take the letter off a square (undoing a withdrawn move)."""
        if self.letters[sq]:
            self.count -= 1
        self.letters[sq] = ""
        self.blank[sq] = 0
        self.tile[sq] = -1

    def rows(self) -> list[str]:
        """The board as text rows: ``.`` empty, upper case a letter, lower case a blank."""
        g = self.geometry
        out = []
        for r in range(g.height):
            row = []
            for sq in range(r * g.width, (r + 1) * g.width):
                ch = self.letters[sq]
                row.append("." if not ch else (ch.lower() if self.blank[sq] else ch))
            out.append("".join(row))
        return out

    def occupied(self) -> Iterable[int]:
        """The covered squares, in order."""
        return (sq for sq, ch in enumerate(self.letters) if ch)

    def __repr__(self) -> str:
        return "Board(\n  " + "\n  ".join(self.rows()) + ")"


class Placement(NamedTuple):
    """One tile laid in a move: the square, the letter it shows (a blank's chosen letter), the tile
    id (-1 if not known, e.g. when a generator proposes a move from letters) and whether it is a blank."""

    square: int
    letter: str
    tile: int = -1
    blank: bool = False


@dataclass(frozen=True)
class FormedWord:
    """A word a placement forms: squares and letters in reading order, the reading direction, and
    whether the lexicon accepts it. ``main`` marks the word along the line of the placed tiles."""

    squares: tuple[int, ...]
    text: str
    direction: int
    valid: bool
    main: bool = False

    def to_dict(self, geometry: Geometry) -> dict[str, Any]:
        """The word for JSON: text, first cell, direction name, cells, validity."""
        return {
            "word": self.text,
            "cell": geometry.name(self.squares[0]),
            "direction": DIRECTION_NAMES[self.direction],
            "cells": [geometry.name(s) for s in self.squares],
            "valid": self.valid,
        }
