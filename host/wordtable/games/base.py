"""What every game shares: errors, score breakdowns, options, and the game interface.

The rules modules are pure (the python-chess way): state, legal actions, ``apply``, score with a
breakdown, end of game. No I/O, no clock reads (the time is passed in as ``now_ms``), and
randomness only from a ``random.Random`` seeded by the game, so a saved game replays exactly.
The table runtime, the display and the store see games only through this interface.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from ..lexicon.protocol import Lexicon


class GameError(Exception):
    """Base of the errors a game raises. The message is for the player: it says what is wrong
    (which word, which cell, which card) and, where it helps, what would be right."""


class InvalidMoveError(GameError):
    """The move cannot even be read: an unknown tile or card, a malformed placement."""


class IllegalMoveError(GameError):
    """The move is readable but breaks a rule. The game state is unchanged."""


class NotYourTurnError(IllegalMoveError):
    """A player acted out of turn."""


class GameOverError(IllegalMoveError):
    """The game has ended; no more moves."""


@dataclass(frozen=True)
class ScoreLine:
    """One step of a score, in words a child can follow: ``label`` says what counted, ``points``
    what it added (negative for a penalty), ``detail`` how (e.g. "C 2 x 3 on a triple letter")."""

    label: str
    points: int
    detail: str = ""


@dataclass(frozen=True)
class ScoreBreakdown:
    """The whole reckoning of one move: the lines in the order they were applied and the total."""

    lines: tuple[ScoreLine, ...]
    total: int

    def explain(self) -> str:
        out = [f"{ln.label}: {ln.points:+d}" + (f" ({ln.detail})" if ln.detail else "") for ln in self.lines]
        out.append(f"total: {self.total}")
        return "\n".join(out)

    def to_dict(self) -> dict[str, Any]:
        return {"lines": [dataclasses.asdict(ln) for ln in self.lines], "total": self.total}


OptionsT = TypeVar("OptionsT", bound="GameOptions")


@dataclass(frozen=True)
class GameOptions:
    """Base of each game's options: a frozen dataclass of plain values, so a house can agree its
    rules before play and a session can store them. Subclasses add fields with defaults."""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls: type[OptionsT], data: dict[str, Any]) -> OptionsT:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise InvalidMoveError(f"unknown option(s) for {cls.__name__}: {', '.join(sorted(unknown))}")
        return cls(**data)


@dataclass
class MoveRecord:
    """One applied action as the history keeps it."""

    player: int
    action: dict[str, Any]
    score: ScoreBreakdown | None = None
    now_ms: int | None = None
    note: str = ""


@dataclass
class PlayerState:
    name: str
    score: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class Game(ABC):
    """The interface every game implements.

    Actions are plain dicts with a ``"type"`` key (e.g. ``{"type": "place", ...}``,
    ``{"type": "pass"}``) so that they can be stored, sent to a page and replayed; each game
    documents its action types. ``apply`` validates completely before it changes anything.
    """

    name: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_type: ClassVar[type[GameOptions]] = GameOptions
    """The game's options (house rules), a frozen dataclass the constructor's ``options`` is one of."""

    def __init__(self, players: list[str], seed: int = 0) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidMoveError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {len(players)}"
            )
        self.players = [PlayerState(p) for p in players]
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[MoveRecord] = []

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    @abstractmethod
    def apply(self, action: dict[str, Any], now_ms: int | None = None) -> MoveRecord:
        """Validate and apply one action; raise a GameError (state unchanged) if it is not allowed."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to restore the game exactly (JSON-compatible)."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict[str, Any], lexicon: Lexicon) -> Game:
        """Restore a game saved with ``to_dict``."""

    @classmethod
    def from_position(cls, data: dict[str, Any], *, lexicon: Lexicon, options: Any = None) -> Game:
        """A game set up as a position describes: ``players`` and ``seed`` and the game's own keys
        (docs/table.md, "Positions"). A game that can start from a position overrides this."""
        raise InvalidMoveError(f"{cls.name} cannot start from a position")

    def winners(self) -> list[int]:
        """Indexes of the players with the best score (ties share the win)."""
        best = max(self.scores)
        return [i for i, s in enumerate(self.scores) if s == best]
