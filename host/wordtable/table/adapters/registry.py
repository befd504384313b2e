"""Which table adapter plays which game: each adapter class registers itself under the game name it
declares (``game_name``), so adding a game's adapter is one ``@register_adapter`` line, not an edit here."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from .base import Adapter

_ADAPTERS: dict[str, type[Adapter]] = {}


def register_adapter(cls: type[Adapter]) -> type[Adapter]:
    """Class decorator: ``cls`` plays the game called ``cls.game_name`` at the table."""
    if not cls.game_name:
        raise ValueError(f"{cls.__name__} declares no game_name")
    if _ADAPTERS.get(cls.game_name, cls) is not cls:
        raise ValueError(f"{cls.game_name} has an adapter already ({_ADAPTERS[cls.game_name].__name__})")
    _ADAPTERS[cls.game_name] = cls
    return cls


def unregister_adapter(name: str) -> None:
    """Take a game's adapter out (a test's toy game)."""
    _ADAPTERS.pop(name, None)


@contextmanager
def registered_adapter(cls: type[Adapter]) -> Iterator[type[Adapter]]:
    """``cls`` registered for the ``with`` block only."""
    register_adapter(cls)
    try:
        yield cls
    finally:
        unregister_adapter(cls.game_name)


def adapter_for(name: str) -> type[Adapter] | None:
    """The adapter of the game called ``name``, None when the table cannot play it yet."""
    return _ADAPTERS.get(name)
