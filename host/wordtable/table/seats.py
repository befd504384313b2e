"""Who sits at the table in the game in play: a person or a bot of a strength."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Seat:
    """A player of the game in play: a person (``bot`` None) or a bot of a strength."""

    name: str
    bot: str | None = None
