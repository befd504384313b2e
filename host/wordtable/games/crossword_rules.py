"""The rules of a crossword board as pure functions: is a placement's shape legal, which words does
it form, what do they score. Nothing here changes a board, so a move generator can call
:meth:`CrosswordRules.evaluate` or :meth:`CrosswordRules.score` on candidate placements freely.

A variant (wordgame, Wordability) subclasses :class:`CrosswordRules` and *declares* how it differs:
the axes words may lie on (``axes``), whether a run also reads backwards (``reads_backwards``), how
the word premiums of one word combine (``word_premiums``) and what using every tile earns
(``all_tiles_bonus``). The checker here, the move generator (``ai/movegen.py``) and the game records
(``games/gcg.py``) all read these same attributes, so they cannot drift apart; a rule difference is
never decided from a game's name. Only the opening rule and the wording of messages are hooks. The
numbers (board size, premiums, tiles, rack size, the opening's length, the bonus's points) come from
the variant's data file in ``games/data/``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from ..lexicon.protocol import Lexicon
from .base import IllegalMoveError, InvalidMoveError, ScoreBreakdown, ScoreLine
from .crossword_board import (
    AXES_ORTHOGONAL,
    DIRECTION_WORDS,
    Board,
    FormedWord,
    Geometry,
    Layout,
    Placement,
    TileSet,
)

WORD_PREMIUMS: tuple[str, ...] = ("multiply", "highest")
"""How the word premiums a word covers in one move combine: all multiply together (a double and a
triple word make x6), or only the highest counts."""

ALL_TILES_BONUSES: tuple[str, ...] = ("points", "main word twice")
"""What a move that lays the whole rack earns: the data file's ``all_tiles_bonus`` points, or its main
word's points once more."""


@cache
def load_data(name: str) -> dict[str, Any]:
    """The data file ``games/data/NAME.json`` of a board game (read once)."""
    text = resources.files("wordtable.games").joinpath("data", f"{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def load_data_file(path: Path) -> dict[str, Any]:
    """A board game's data file anywhere (read once): a variant that does not ship in ``games/data/``."""
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


@dataclass
class Evaluation:
    """Everything about one placement: the words it forms (with their points) and the total.

    ``invalid`` lists the words the lexicon refuses; the placement's shape is already known to be legal
    (an illegal shape raises instead)."""

    placements: tuple[Placement, ...]
    words: list[FormedWord]
    word_points: list[int]
    total: int
    breakdown: ScoreBreakdown
    bonus: int = 0
    invalid: list[FormedWord] = field(default_factory=list)

    @property
    def main_word(self) -> FormedWord:
        for w in self.words:
            if w.main:
                return w
        return self.words[0]


class CrosswordRules:
    """Board, premiums, tiles and the checks and scoring that every crossword variant shares."""

    name: ClassVar[str] = ""
    axes: ClassVar[tuple[int, ...]] = AXES_ORTHOGONAL
    """The axes a word may lie on; a word reads forward along them (right, down, down-right, down-left)."""
    reads_backwards: ClassVar[bool] = False
    """True if a run of letters is also a word when it reads as one backwards (left, up, ...)."""
    word_premiums: ClassVar[str] = "multiply"
    """How the word premiums of one word combine, one of :data:`WORD_PREMIUMS`."""
    all_tiles_bonus: ClassVar[str] = "points"
    """What laying the whole rack earns, one of :data:`ALL_TILES_BONUSES`."""
    line_words: ClassVar[str] = "one row or one column"
    data_path: ClassVar[Path | None] = None
    """The variant's data file; None: ``games/data/NAME.json`` of its ``name``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A misspelt declaration would silently score by the other rule; refuse it when the class is made.
        if cls.word_premiums not in WORD_PREMIUMS:
            raise TypeError(
                f"{cls.__name__}.word_premiums must be one of {WORD_PREMIUMS}, not {cls.word_premiums!r}"
            )
        if cls.all_tiles_bonus not in ALL_TILES_BONUSES:
            raise TypeError(
                f"{cls.__name__}.all_tiles_bonus must be one of {ALL_TILES_BONUSES}, not {cls.all_tiles_bonus!r}"
            )

    def __init__(
        self, lexicon: Lexicon, layout: Layout | None = None, data: dict[str, Any] | None = None
    ) -> None:
        if data is None:
            data = load_data(self.name) if self.data_path is None else load_data_file(self.data_path)
        self.data = data
        board = self.data["board"]
        self.geometry = Geometry(int(board["width"]), int(board["height"]))
        self.layout = layout if layout is not None else Layout(self.geometry, self.data["premiums"])
        if self.layout.geometry != self.geometry:
            raise InvalidMoveError("the premium layout does not fit the board")
        tiles = self.data["tiles"]
        self.tiles = TileSet(
            {k: int(v[1]) for k, v in tiles.items()}, {k: int(v[0]) for k, v in tiles.items()}
        )
        self.values = self.tiles.values
        self.rack_size: int = int(self.data["rack_size"])
        self.opening_min_tiles: int = int(self.data["first_move_min_letters"])
        """Tiles the first move of the game lays at least."""
        self.all_tiles_points: int = int(self.data.get("all_tiles_bonus", 0))
        """The points of an ``all_tiles_bonus`` of ``"points"``."""
        self.lexicon = lexicon
        validity = getattr(lexicon, "validity", None)
        # Tiles carry canonical letters, so the raw validity set answers without re-spelling.
        self.is_word = validity.__contains__ if validity is not None else lexicon.is_word
        self._letter_mult = self.layout.letter_mult
        self._word_mult = self.layout.word_mult
        self._step = self.geometry.step

    @property
    def directions(self) -> tuple[int, ...]:
        """The directions a word may read in: forward along each axis, and backward too if the rules
        read backwards."""
        return self.axes + tuple(a + 4 for a in self.axes) if self.reads_backwards else self.axes

    # -- the declared differences ----------------------------------------------------------------------

    def read(self, squares: list[int], text: str, axis: int, main: bool) -> FormedWord:
        """A run of letters along ``axis`` as a word: read forward, and if the rules read backwards and
        it is no word forward, read backward (Wordability rule 11: EWE grows to REWE, which reads EWER
        from right to left). Forward wins when both read."""
        if self.is_word(text):
            return FormedWord(tuple(squares), text, axis, True, main)
        if self.reads_backwards:
            back = text[::-1]
            if self.is_word(back):
                return FormedWord(tuple(reversed(squares)), back, axis + 4, True, main)
        return FormedWord(tuple(squares), text, axis, False, main)

    def combine_word_multipliers(self, mults: list[int]) -> int:
        """One multiplier from the word premiums a word covers this move (see ``word_premiums``)."""
        return math.prod(mults) if self.word_premiums == "multiply" else max(mults)

    def score_all_tiles(self, count: int, words: list[FormedWord], points: list[int]) -> tuple[int, str]:
        """Points added when a move of ``count`` tiles uses the whole rack (see ``all_tiles_bonus``), and
        how to say it; (0, "") otherwise."""
        if count < self.rack_size:
            return 0, ""
        if self.all_tiles_bonus == "points":
            return self.all_tiles_points, f"all {self.rack_size} tiles in one move"
        main = next(i for i, w in enumerate(words) if w.main)
        return points[main], f"all {self.rack_size} tiles in one move: {words[main].text} counts twice"

    # -- hooks a variant overrides -------------------------------------------------------------------

    def check_opening(self, placements: Sequence[Placement], words: list[FormedWord]) -> None:
        """Raise IllegalMoveError if the first move of the game breaks the opening rule."""
        raise NotImplementedError

    # -- shape -----------------------------------------------------------------------------------------

    def check_shape(self, board: Board, placements: Sequence[Placement]) -> int | None:
        """Check that the tiles lie on free cells, in one line of an allowed axis, with no gap, and
        touch the letters already there. Returns the axis (None for one tile)."""
        g = self.geometry
        name = g.name
        if not placements:
            raise InvalidMoveError("a move needs at least one tile (to give up the turn, pass)")
        letters = board.letters
        seen: set[int] = set()
        for p in placements:
            sq = p.square
            if not 0 <= sq < g.size:
                raise InvalidMoveError(f"square {sq} is not on the board")
            if sq in seen:
                raise IllegalMoveError(f"two tiles are laid on {name(sq)}; one cell holds one tile")
            seen.add(sq)
            if letters[sq]:
                raise IllegalMoveError(
                    f"{name(sq)} is already covered by {letters[sq]}; lay your tiles on empty cells"
                )
        squares = sorted(seen)
        axis: int | None = None
        if len(squares) > 1:
            first = squares[0]
            for sq in squares[1:]:
                a = g.axis_of(first, sq)
                if a is None or a not in self.axes or (axis is not None and a != axis):
                    raise IllegalMoveError(
                        f"the tiles on {name(first)} and {name(sq)} are not in {self.line_words}; "
                        f"all the tiles of a move go in one line"
                    )
                axis = a
            assert axis is not None
            # Sorted squares run forward along every axis (forward never goes up), so walk first->last.
            step = self._step[axis]
            sq = step[first]
            last = squares[-1]
            while sq != last:
                if not letters[sq] and sq not in seen:
                    raise IllegalMoveError(
                        f"there is a gap at {name(sq)} between {name(first)} and {name(last)}; "
                        f"the letters of a word must touch"
                    )
                sq = step[sq]
        if board.count == 0:
            return axis
        steps = self._step
        for sq in squares:
            for a in self.axes:
                for d in (a, a + 4):
                    n = steps[d][sq]
                    if n >= 0 and letters[n]:
                        return axis
        raise IllegalMoveError("the new word does not touch any letter on the board; " + self.connect_words)

    connect_words: ClassVar[str] = "it must join or cross a word already laid"

    # -- words ---------------------------------------------------------------------------------------

    def _run(self, letters: list[str], new: dict[int, Placement], sq: int, axis: int) -> list[int]:
        back = self._step[axis + 4]
        fwd = self._step[axis]
        s = sq
        while True:
            p = back[s]
            if p < 0 or not (letters[p] or p in new):
                break
            s = p
        run = []
        while s >= 0 and (letters[s] or s in new):
            run.append(s)
            s = fwd[s]
        return run

    def find_words(self, board: Board, placements: Sequence[Placement], axis: int | None) -> list[FormedWord]:
        """The words (runs of two or more letters along an allowed axis that include a new tile) that
        the placement forms, the main word first. The board is not changed."""
        letters = board.letters
        new = {p.square: p for p in placements}
        words: list[FormedWord] = []

        def text_of(run: list[int]) -> str:
            return "".join(letters[s] or new[s].letter for s in run)

        if axis is not None:
            run = self._run(letters, new, placements[0].square, axis)
            words.append(self.read(run, text_of(run), axis, True))
            cross = [a for a in self.axes if a != axis]
            for p in sorted(placements):
                for a in cross:
                    run = self._run(letters, new, p.square, a)
                    if len(run) > 1:
                        words.append(self.read(run, text_of(run), a, False))
        else:
            sq = placements[0].square
            for a in self.axes:
                run = self._run(letters, new, sq, a)
                if len(run) > 1:
                    words.append(self.read(run, text_of(run), a, not words))
        return words

    # -- score -----------------------------------------------------------------------------------------

    def score_word(
        self, board: Board, new: dict[int, Placement], word: FormedWord, explain: bool = False
    ) -> tuple[int, str]:
        """Points of one formed word: letter values, letter premiums and word premiums of the squares
        covered by this move only. With ``explain``, also the reckoning in words."""
        values = self.values
        letters = board.letters
        blanks = board.blank
        lm = self._letter_mult
        wm = self._word_mult
        base = 0
        mults: list[int] = []
        parts: list[str] = []
        for s in word.squares:
            p = new.get(s)
            if p is not None:
                v = 0 if p.blank else values[p.letter]
                m = lm[s]
                base += v * m
                if wm[s] > 1:
                    mults.append(wm[s])
                if explain:
                    parts.append(
                        f"{p.letter.lower() if p.blank else p.letter} {v}" + (f"x{m}" if m > 1 else "")
                    )
            else:
                v = 0 if blanks[s] else values[letters[s]]
                base += v
                if explain:
                    parts.append(f"{letters[s].lower() if blanks[s] else letters[s]} {v}")
        mult = self.combine_word_multipliers(mults) if mults else 1
        points = base * mult
        if not explain:
            return points, ""
        detail = " + ".join(parts) + f" = {base}"
        if mult > 1:
            named = [
                f"{self.layout.describe(s)} at {self.geometry.name(s)}"
                for s in word.squares
                if s in new and wm[s] > 1
            ]
            detail += f", x{mult} ({', '.join(named)}) = {points}"
        return points, detail

    def evaluate(self, board: Board, placements: Sequence[Placement], explain: bool = True) -> Evaluation:
        """Check the shape (raising IllegalMoveError), find the words and score them, without changing
        the board. Invalid words are reported in ``invalid``, not raised, so a challenge rule can decide."""
        placements = tuple(placements)
        axis = self.check_shape(board, placements)
        words = self.find_words(board, placements, axis)
        if board.count == 0:
            self.check_opening(placements, words)
        if not words:
            raise IllegalMoveError("a single letter is not a word; lay at least two letters in a line")
        new = {p.square: p for p in placements}
        lines: list[ScoreLine] = []
        points: list[int] = []
        for w in words:
            pts, detail = self.score_word(board, new, w, explain)
            points.append(pts)
            if explain:
                lines.append(
                    ScoreLine(
                        w.text,
                        pts,
                        f"{detail}; read {DIRECTION_WORDS[w.direction]} "
                        f"from {self.geometry.name(w.squares[0])}",
                    )
                )
        bonus, said = self.score_all_tiles(len(placements), words, points)
        total = sum(points) + bonus
        if bonus and explain:
            lines.append(ScoreLine("all tiles used", bonus, said))
        invalid = [w for w in words if not w.valid]
        return Evaluation(
            placements, words, points, total, ScoreBreakdown(tuple(lines), total), bonus, invalid
        )

    def score(self, board: Board, placements: Sequence[Placement]) -> int:
        """The total of a placement whose shape is legal (the fast path for a move generator)."""
        return self.evaluate(board, placements, explain=False).total

    def invalid_words_message(self, invalid: list[FormedWord]) -> str:
        """A sentence naming the refused words and where they lie."""
        name = self.geometry.name
        parts = [f"{w.text} ({DIRECTION_WORDS[w.direction]} from {name(w.squares[0])})" for w in invalid]
        noun = "is not a word" if len(parts) == 1 else "are not words"
        return f"{', '.join(parts)} {noun} in {getattr(self.lexicon, 'name', 'the word list')}"
