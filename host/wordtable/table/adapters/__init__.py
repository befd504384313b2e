"""Game adapters: for each game, the rules that turn the table and the seat buttons into game actions
(docs/table.md). ``ADAPTERS`` maps a game's name to its adapter class."""

from __future__ import annotations

from .base import Adapter
from .crossword import WordabilityAdapter, WordgameAdapter
from .wordcard import WordcardAdapter
from .wordchain import WordchainAdapter
from .wordsnake import WordsnakeAdapter

ADAPTERS: dict[str, type[Adapter]] = {
    "wordgame": WordgameAdapter,
    "wordability": WordabilityAdapter,
    "wordchain": WordchainAdapter,
    "wordcard": WordcardAdapter,
    "wordsnake": WordsnakeAdapter,
}
