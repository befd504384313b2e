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
    line_words: ClassVar[str] = "one row or one column (wordgame words go right or down only)"

    def combine_word_multipliers(self, mults: list[int]) -> int:
        return max(mults)

    def all_tiles_bonus(self, count: int, words: list[FormedWord], points: list[int]) -> tuple[int, str]:
        if count < self.rack_size:
            return 0, ""
        main = next(i for i, w in enumerate(words) if w.main)
        return points[main], f"all {self.rack_size} tiles in one move: {words[main].text} counts twice"

    def check_opening(self, placements: Sequence[Placement], words: list[FormedWord]) -> None:
        need = int(self.data["first_move_min_letters"])
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
