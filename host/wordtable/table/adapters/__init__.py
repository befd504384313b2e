"""Game adapters: for each game, the rules that turn the table and the seat buttons into game actions
(docs/table.md). Each adapter module registers its classes (``registry.register_adapter``); importing
this package imports them all."""

from __future__ import annotations

from . import crossword, wordcard, wordchain, wordsnake
from .registry import adapter_for, register_adapter, registered_adapter, unregister_adapter

__all__ = [
    "adapter_for",
    "crossword",
    "register_adapter",
    "registered_adapter",
    "unregister_adapter",
    "wordcard",
    "wordchain",
    "wordsnake",
]
