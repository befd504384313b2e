"""The games as the table offers them: those of the game registry (games/registry.py) that have a table
adapter (table/adapters/registry.py), in the registry's order, and the house rules the display offers
for each (menu_options.json; a game without an entry offers none)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..games.registry import GameSpec, UnknownGameError, all_games, get
from .adapters import adapter_for
from .adapters.base import Adapter


def playable() -> tuple[GameSpec, ...]:
    """The games the table can play now (those with an adapter), in menu order."""
    return tuple(g for g in all_games() if adapter_for(g.name) is not None)


def playable_game(name: str) -> GameSpec | None:
    """The game called ``name`` if the table can play it, else None."""
    try:
        spec = get(name)
    except UnknownGameError:
        return None
    return spec if adapter_for(name) is not None else None


def adapter_class(spec: GameSpec) -> type[Adapter]:
    """The table adapter of a playable game."""
    cls = adapter_for(spec.name)
    if cls is None:
        raise KeyError(f"{spec.name} has no table adapter")
    return cls


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
    return tuple(
        MenuOption(o["field"], o["label"], tuple((c[0], c[1]) for c in o["choices"]))
        for o in _menu_option_data().get(game, [])
    )
