"""wordgame (Brettspielnetz): 15x15, two players, racks of 8, words only right or down.

Only what differs from the crossword core: the first word needs 4 letters over the centre, only the
highest word premium of a word counts, and using all 8 tiles doubles the word's value. Values, counts
and the premium layout are in ``data/wordgame.json``; docs/rules/wordgame.md gives the rules as played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from .base import IllegalMoveError
from .crossword import CrosswordGame
from .crossword_board import AXES_ORTHOGONAL, FormedWord, Placement
from .crossword_rules import CrosswordRules


class WordgameRules(CrosswordRules):
    """Words read right or down; one word premium per word (the highest); all 8 tiles double the word."""

    name: ClassVar[str] = "wordgame"
    axes: ClassVar[tuple[int, ...]] = AXES_ORTHOGONAL
    reads_backwards: ClassVar[bool] = False
    word_premiums: ClassVar[str] = "highest"
    all_tiles_bonus: ClassVar[str] = "main word twice"
    line_words: ClassVar[str] = "one row or one column (wordgame words go right or down only)"

    def check_opening(self, placements: Sequence[Placement], words: list[FormedWord]) -> None:
        need = self.opening_min_tiles
        g = self.geometry
        if all(p.square != g.centre for p in placements):
            raise IllegalMoveError(f"the first word must cover the centre square {g.name(g.centre)}")
        if len(placements) < need:
            raise IllegalMoveError(f"the first word needs at least {need} letters, not {len(placements)}")


class Wordgame(CrosswordGame):
    """A game of wordgame for two players."""

    name: ClassVar[str] = "wordgame"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    rules_class = WordgameRules
