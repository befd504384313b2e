"""One registry of the games: every other layer (the table's menu and session, the page, the adapters,
the commands, the store's records) asks it which games exist and how each is made, and never switches
on a game's name.

A :class:`GameSpec` names the game class (its ``name``, player range, ``options_type``, constructor
``(players, *, lexicon, seed, options)`` and ``from_position`` hook), the title the display shows, the
piece sets (``hardware/sets/``) that lie on the table while it is played, and whose zones of the table
layout it uses. Adding a game is one rules module, one data file, one table adapter and one
:func:`register` call::

    register(GameSpec(Wordgame, "wordgame", sets=("wordgame",)))
    get("wordgame").new(["Ann", "Bob"], lexicon=lex, seed=1)
    names()                                  # in menu order
    with registered(GameSpec(Toy, "Toy", sets=("wordgame",), zones="wordgame")): ...   # tests
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..lexicon.protocol import Lexicon
from .base import Game, GameOptions, InvalidMoveError
from .crossword import CrosswordGame
from .wordability import Wordability
from .wordcard import WordcardGame
from .wordchain import WordchainGame
from .wordgame import Wordgame
from .wordsnake import WordsnakeGame


class UnknownGameError(InvalidMoveError):
    """A game name the registry does not know; the message lists the games it knows."""


@dataclass(frozen=True)
class GameSpec:
    """One game as the rest of the program sees it."""

    game: type[Game]
    """The game class: constructor ``(players, *, lexicon, seed, options)``; ``name``, ``min_players``,
    ``max_players`` and ``options_type`` are its class attributes."""
    title: str
    """How the display and the page name it."""
    sets: tuple[str, ...]
    """The piece sets on the table while it is played (hardware/sets/); the first is the game's own pieces."""
    zones: str = ""
    """Whose zones of the table layout it uses (hardware/layouts/); empty: its own name's."""

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def layout_name(self) -> str:
        """The game name the table layout lists its zones under."""
        return self.zones or self.name

    @property
    def options_type(self) -> type[GameOptions]:
        return self.game.options_type

    @property
    def player_range(self) -> tuple[int, int]:
        """Fewest and most players the rules allow."""
        return self.game.min_players, self.game.max_players

    @property
    def board(self) -> bool:
        """True for a crossword board game: position files, ``wordtable move``/``moves``/``bot``, GCG records."""
        return issubclass(self.game, CrosswordGame)

    def options(self, chosen: dict[str, Any] | None) -> GameOptions | None:
        """The game's options from plain values (None: the game's defaults)."""
        return self.options_type.from_dict(chosen) if chosen else None

    def new(
        self,
        players: list[str],
        *,
        lexicon: Lexicon,
        seed: int,
        options: dict[str, Any] | None = None,
        position: dict[str, Any] | None = None,
    ) -> Game:
        """A new game; ``position`` (docs/table.md, "Positions") sets it up near an end; ``options`` are
        house rules over the position's and the game's defaults."""
        chosen = dict((position or {}).get("options") or {}, **(options or {}))
        if position is None:
            return self.game(players, lexicon=lexicon, seed=seed, options=self.options(chosen))  # type: ignore[call-arg]
        data = dict(position, game=self.name, players=players)
        data.setdefault("seed", seed)
        return self.game.from_position(data, lexicon=lexicon, options=self.options(chosen))

    def from_position(
        self, data: dict[str, Any], *, lexicon: Lexicon, options: GameOptions | None = None
    ) -> Game:
        """The game set up as a position describes (its players and seed included)."""
        if data.get("game", self.name) != self.name:
            raise InvalidMoveError(f"the position is a {data.get('game')} position, not {self.name}")
        return self.game.from_position(dict(data, game=self.name), lexicon=lexicon, options=options)

    def restore(self, state: dict[str, Any], lexicon: Lexicon) -> Game:
        """A game saved with its ``to_dict``."""
        return self.game.from_dict(state, lexicon)


_SPECS: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game (after those already registered, in menu order); a name taken already is refused."""
    if not spec.name:
        raise ValueError(f"{spec.game.__name__} declares no name")
    if spec.name in _SPECS:
        raise ValueError(f"a game called {spec.name!r} is registered already")
    if not spec.sets:
        raise ValueError(f"{spec.name} names no piece set")
    _SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Take a game out of the registry (a test's toy game)."""
    _SPECS.pop(name, None)


@contextmanager
def registered(spec: GameSpec) -> Iterator[GameSpec]:
    """The game registered for the ``with`` block only."""
    register(spec)
    try:
        yield spec
    finally:
        unregister(spec.name)


def get(name: str) -> GameSpec:
    """The game called ``name``; UnknownGameError naming the games otherwise."""
    try:
        return _SPECS[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r}; the games are {', '.join(_SPECS)}") from None


def all_games() -> tuple[GameSpec, ...]:
    """Every game, in menu order."""
    return tuple(_SPECS.values())


def names(*, board: bool | None = None) -> list[str]:
    """The games' names in menu order; ``board``: only the board games (True) or only the others (False)."""
    return [s.name for s in _SPECS.values() if board is None or s.board == board]


def game_from_position(data: dict[str, Any], lexicon: Lexicon, options: GameOptions | None = None) -> Game:
    """The game a position names (its ``game``), set up as it describes (docs/rules/positions.md)."""
    return get(str(data.get("game", ""))).from_position(data, lexicon=lexicon, options=options)


for _spec in (
    GameSpec(Wordgame, "wordgame", ("wordgame",)),
    GameSpec(Wordability, "Wordability", ("wordability",)),
    GameSpec(WordchainGame, "WORDCHAIN", ("wordchain",)),
    GameSpec(WordcardGame, "WORDCARD", ("wordcard",)),
    # WordSnake's fifth seat presses its buttons by laying marker tokens (hardware/sets/markers.json)
    GameSpec(WordsnakeGame, "WordSnake", ("wordsnake", "markers")),
):
    register(_spec)
