"""The five games as the session offers them: title, game class, table adapter, how to start one
(optionally from a position), and how to restore a saved one."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..games.base import Game
from .adapters.base import Adapter


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str

    def game_class(self) -> type[Game]:
        from ..games.wordability import Wordability
        from ..games.wordcard import WordcardGame
        from ..games.wordchain import WordchainGame
        from ..games.wordgame import Wordgame
        from ..games.wordsnake import WordsnakeGame

        return {"wordgame": Wordgame, "wordability": Wordability, "wordchain": WordchainGame,
                "wordcard": WordcardGame, "wordsnake": WordsnakeGame}[self.name]  # type: ignore[return-value]

    def adapter_class(self) -> type[Adapter]:
        from .adapters import ADAPTERS

        return ADAPTERS[self.name]

    def options_class(self) -> Any:
        from ..games import wordcard, wordchain, wordsnake
        from ..games.crossword import CrosswordOptions

        return {"wordgame": CrosswordOptions, "wordability": CrosswordOptions, "wordchain": wordchain.WordchainOptions,
                "wordcard": wordcard.WordcardOptions, "wordsnake": wordsnake.WordsnakeOptions}[self.name]

    def new(self, players: list[str], lexicon: Any, seed: int, position: dict[str, Any] | None = None,
            options: dict[str, Any] | None = None) -> Game:
        """A new game; ``position`` (docs/table.md, "Positions") sets it up near an end, for short games;
        ``options`` are house rules chosen on the display, over the position's and the game's defaults."""
        cls: Any = self.game_class()
        chosen = dict((position or {}).get("options") or {}, **(options or {}))
        opts = self.options_class().from_dict(chosen) if chosen else None
        if self.name in ("wordgame", "wordability"):
            if position is not None:
                from ..games.position import game_from_position

                data = dict(position, game=self.name, players=players)
                data.setdefault("seed", seed)
                return game_from_position(data, lexicon, opts)
        game = cls(players, lexicon=lexicon, seed=seed, options=opts)
        if position is not None:
            if self.name == "wordchain":
                game.set_position(position["hands"], position["link"], position.get("tops"), position.get("current"))
            elif self.name == "wordsnake":
                game.set_position(position["hands"], position["centre"])
            elif self.name == "wordcard":
                game.set_position(position["hands"], position.get("stock"), position.get("discards"),
                                  position.get("current"))
        return game

    def restore(self, state: dict[str, Any], lexicon: Any) -> Game:
        cls: Any = self.game_class()
        return cls.from_dict(state, lexicon)


ALL_GAMES: tuple[GameEntry, ...] = (
    GameEntry("wordgame", "wordgame"),
    GameEntry("wordability", "Wordability"),
    GameEntry("wordchain", "WORDCHAIN"),
    GameEntry("wordcard", "WORDCARD"),
    GameEntry("wordsnake", "WordSnake"),
)


def _playable() -> tuple[GameEntry, ...]:
    from .adapters import ADAPTERS

    return tuple(g for g in ALL_GAMES if g.name in ADAPTERS)


GAMES: tuple[GameEntry, ...] = _playable()
"""The games the table can play now (those with an adapter), in menu order."""
BY_NAME = {g.name: g for g in GAMES}


START_ITEM = "Start the game"
"""The first item of the house-rules step of the menu."""


@dataclass(frozen=True)
class MenuOption:
    """A house rule offered on the display: a field of the game's options and its choices."""

    field: str
    label: str
    choices: tuple[tuple[Any, str], ...]

    def words(self, value: Any) -> str:
        """How a person reads ``value``."""
        for v, text in self.choices:
            if v == value:
                return text
        return str(value)

    def next_value(self, value: Any) -> Any:
        """The choice after ``value`` (OK on the menu item moves it on, round to the first)."""
        values = [v for v, _ in self.choices]
        i = values.index(value) if value in values else -1
        return values[(i + 1) % len(values)]


@cache
def _menu_option_data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("menu_options.json").read_text(encoding="utf-8")
    return json.loads(text)


def menu_options(game: str) -> tuple[MenuOption, ...]:
    """The house rules the display offers for ``game`` (table/menu_options.json), in menu order."""
    return tuple(MenuOption(o["field"], o["label"], tuple((c[0], c[1]) for c in o["choices"]))
                 for o in _menu_option_data().get(game, []))
