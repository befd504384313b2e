"""Wordability: 2 to 4 players, racks of 7, words in all eight directions.

Only what differs from the crossword core: every run of letters touching a new tile along any of the
four axes (row, column, both diagonals) must be a word read one way or the other, which gives the
palindrome extension (EWE -> REWE, read backwards EWER) and the adjacency rule; word premiums multiply
together; all seven tiles earn 50 points; the first tile goes on the centre. A session is as many games
as players, the starting player rotating. Values, counts and the layout are in ``data/wordability.json``;
docs/rules/wordability.md gives the rules as played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..lexicon.protocol import Lexicon
from .base import GameOverError, IllegalMoveError, InvalidMoveError
from .crossword import CrosswordGame, CrosswordOptions
from .crossword_board import AXES_ALL, FormedWord, Layout, Placement
from .crossword_rules import CrosswordRules


class WordabilityRules(CrosswordRules):
    """Eight reading directions, multiplying word premiums, 50 points for all seven tiles."""

    name: ClassVar[str] = "wordability"
    axes: ClassVar[tuple[int, ...]] = AXES_ALL
    reads_backwards: ClassVar[bool] = True
    """Rule 10 (eight directions) and rule 11: EWE can grow to REWE, which reads EWER right to left."""
    word_premiums: ClassVar[str] = "multiply"
    all_tiles_bonus: ClassVar[str] = "points"
    line_words: ClassVar[str] = "one line (a row, a column or a diagonal)"
    connect_words: ClassVar[str] = "it must touch a letter already laid, also diagonally"

    def check_opening(self, placements: Sequence[Placement], words: list[FormedWord]) -> None:
        g = self.geometry
        if all(p.square != g.centre for p in placements):
            raise IllegalMoveError(
                f"the first player must lay a tile on the centre square {g.name(g.centre)}"
            )

    def invalid_words_message(self, invalid: list[FormedWord]) -> str:
        parts = [
            w.text if w.text == w.text[::-1] else f"{w.text} (nor {w.text[::-1]} read the other way)"
            for w in invalid
        ]
        where = ", ".join(
            f"{self.geometry.name(w.squares[0])}-{self.geometry.name(w.squares[-1])}" for w in invalid
        )
        noun = "is not a word" if len(parts) == 1 else "are not words"
        return (
            f"{', '.join(parts)} {noun} in {getattr(self.lexicon, 'name', 'the word list')} (cells {where})"
        )


class Wordability(CrosswordGame):
    """One game of Wordability for 2 to 4 players."""

    name: ClassVar[str] = "wordability"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_class = WordabilityRules


class WordabilitySession:
    """A session: as many games as players (rule 1), each started by the next player in turn (rule 5);
    the winner has the highest total (rule 26). Each game gets its own seed from the session's."""

    def __init__(
        self,
        players: list[str],
        *,
        lexicon: Lexicon,
        seed: int = 0,
        options: CrosswordOptions | None = None,
        layout: Layout | None = None,
    ) -> None:
        self.player_names = list(players)
        self.lexicon = lexicon
        self.seed = seed
        self.options = options if options is not None else CrosswordOptions()
        self.layout = layout
        self.finished: list[Wordability] = []
        self.game: Wordability = self._new_game(0)

    def _new_game(self, index: int) -> Wordability:
        return Wordability(
            self.player_names,
            lexicon=self.lexicon,
            seed=self.seed * 1000 + index,
            options=self.options,
            starting_player=index % len(self.player_names),
            layout=self.layout,
        )

    @property
    def games(self) -> int:
        """How many games the session has: one per player."""
        return len(self.player_names)

    @property
    def index(self) -> int:
        """0-based number of the current game."""
        return len(self.finished)

    def is_over(self) -> bool:
        """True once every game of the session has been played."""
        return len(self.finished) == self.games

    def next_game(self) -> Wordability:
        """Close the current (finished) game and start the next, started by the next player."""
        if self.is_over():
            raise GameOverError("the session is over: every player has started a game")
        if not self.game.is_over():
            raise IllegalMoveError(f"game {self.index + 1} is still being played")
        self.finished.append(self.game)
        if not self.is_over():
            self.game = self._new_game(self.index)
        return self.game

    @property
    def totals(self) -> list[int]:
        """Each player's total over the finished games and the one being played."""
        games = list(self.finished) + ([] if self.is_over() else [self.game])
        return [sum(g.scores[p] for g in games) for p in range(len(self.player_names))]

    def winners(self) -> list[int]:
        """The players with the highest session total."""
        best = max(self.totals)
        return [p for p, s in enumerate(self.totals) if s == best]

    def to_dict(self) -> dict[str, Any]:
        """The whole session (finished games and the one being played) for the store."""
        return {
            "players": self.player_names,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "layout": list(self.layout.rows) if self.layout else None,
            "finished": [g.to_dict() for g in self.finished],
            "game": None if self.is_over() else self.game.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], lexicon: Lexicon) -> WordabilitySession:
        """Restore a session saved with ``to_dict``."""
        if not isinstance(data.get("players"), list):
            raise InvalidMoveError("not a saved Wordability session")
        session = cls.__new__(cls)
        session.player_names = list(data["players"])
        session.lexicon = lexicon
        session.seed = int(data["seed"])
        session.options = CrosswordOptions.from_dict(data["options"])
        session.layout = None
        if data.get("layout"):
            session.layout = Layout(WordabilityRules(lexicon).geometry, data["layout"])
        session.finished = [_load_game(g, lexicon) for g in data["finished"]]
        if data.get("game") is not None:
            session.game = _load_game(data["game"], lexicon)
        else:
            session.game = session.finished[-1]
        return session


def _load_game(data: dict[str, Any], lexicon: Lexicon) -> Wordability:
    game = Wordability.from_dict(data, lexicon)
    assert isinstance(game, Wordability)
    return game
