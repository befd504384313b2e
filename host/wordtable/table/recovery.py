"""Recovery at start: the store's latest unfinished game, as it was last saved.

The session plays on from it; what lies on the table (the board's snapshot, reconciled by BoardLink) is
then compared with it by the game's adapter (``open_problems``), and every difference is shown until it
is fixed or the players confirm the table (seat menu: "the table is right"). Pieces laid but not
committed before a crash are simply still on the table: they are the pending move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games.base import Game, GameError
from ..games.registry import GameSpec
from ..lexicon.protocol import Lexicon
from ..store.store import Store
from .games_catalogue import playable_game


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game read back from the store, with what the session needs to go on with it."""

    game_id: int
    entry: GameSpec
    game: Game
    seats: list[tuple[str, str | None]]
    """Each player's name and bot strength (None: a person)."""
    house_rules: dict[str, Any]
    position: dict[str, Any] | None
    """The set position the game started from, if any."""


def latest_unfinished(store: Store, lexicon: Lexicon) -> tuple[int, SavedGame | None] | None:
    """The latest unfinished session's id and its latest unfinished game (None if it has none, or one
    of a game this host does not know); None when every session has ended."""
    found = store.restore()
    if found is None:
        return None
    session, row = found
    if row is None:
        return session.id, None
    entry = playable_game(row.game)
    if entry is None:
        return session.id, None
    try:
        game = entry.restore(row.state, lexicon)
    except (GameError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # a saved state this game cannot read must not stop the table: set aside, with a message
        store.set_aside(row.id, f"its saved state is not a {row.game} game ({type(exc).__name__}: {exc})")
        return session.id, None
    bots = list(row.options.get("bots") or [None] * len(row.players))
    return session.id, SavedGame(
        row.id,
        entry,
        game,
        list(zip(row.players, bots, strict=True)),
        dict(row.options.get("house_rules") or {}),
        row.options.get("position"),
    )
