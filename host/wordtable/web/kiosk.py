"""Kiosk mode's clock: after a while with nobody at the table, go back to the start.

Anything a person does counts as activity: an action on the page, a piece laid or lifted, a seat
button. After ``idle_reset_s`` of none, the kiosk resets once (the table is cleared and the session
goes back to its menu) and shows its attract screen until someone touches it again. Times are passed
in, so the clock is tested without waiting.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ACTIVE = "active"
ATTRACT = "attract"


@dataclass
class KioskClock:
    """``idle_reset_s``: seconds without activity before the reset."""

    idle_reset_s: float
    last_activity: float = 0.0
    state: str = ACTIVE
    resets: int = 0

    def touch(self, now: float) -> bool:
        """Someone did something. True if this wakes the kiosk from its attract screen."""
        self.last_activity = now
        if self.state == ATTRACT:
            self.state = ACTIVE
            return True
        return False

    def due(self, now: float) -> bool:
        """True once, when the idle time has run out: the caller resets the table and the session."""
        if self.state == ACTIVE and now - self.last_activity >= self.idle_reset_s:
            self.state = ATTRACT
            self.resets += 1
            return True
        return False

    def to_json(self) -> dict[str, object]:
        return {"state": self.state, "resets": self.resets, "idle_reset_s": self.idle_reset_s}


ATTRACT_PLAYERS = (("Bot Ada", "club"), ("Bot Bea", "beginner"))
"""The attract loop's game: two bots of different strengths, so the scores move and someone wins."""
ATTRACT_GAME = "wordgame"
MUTE_S = 0.5
"""Seat buttons are ignored this long when the attract loop starts or stops (a bot's press in flight)."""
ATTRACT_PAUSE_S = 8.0
"""How long the result of an attract game stays on the display before the next one starts."""


def to_menu(session: Any, close_game: int | None = None) -> None:
    """Back to the display's menu (on the session's thread). A game left unfinished stays in the store
    and is restored on the next start, except the attract game ``close_game``, which is closed."""
    if (
        close_game is not None
        and session.game_id == close_game
        and session.game is not None
        and session.state == "play"
    ):
        session.store.finish_game(
            close_game,
            session.game.to_dict(),
            {
                "scores": session.game.scores,
                "winners": session.game.winners(),
                "reason": "the attract loop stopped",
            },
        )
    session.presses.clear()  # presses waiting for the table to settle belonged to the game left behind
    if session.state != "menu":
        session.to_menu()


def start_attract_game(session: Any) -> int | None:
    """A bots-only game the simulated table's robot plays by itself (on the session's thread)."""
    from ..table.seats import Seat

    session.start_game(ATTRACT_GAME, [Seat(name, strength) for name, strength in ATTRACT_PLAYERS])
    return session.game_id


class Attract:
    """The kiosk's attract loop: bot games one after another while nobody plays. ``runner`` is the
    SessionRunner, ``clear()`` empties the simulated table."""

    def __init__(self, runner: Any, clear: Callable[[], object]) -> None:
        self.runner = runner
        self.clear = clear
        self.running = False
        self.game_id: int | None = None
        self._result_since: float | None = None

    def _start_game(self, session: Any) -> None:
        self.game_id = start_attract_game(session)

    def start(self) -> None:
        self.runner.mute_buttons(MUTE_S)
        self.runner.call(lambda s: to_menu(s, self.game_id), wait=5)
        self.clear()
        self.runner.call(self._start_game, wait=5)
        self.running = True
        self._result_since = None

    def stop(self) -> None:
        self.running = False
        self.runner.mute_buttons(MUTE_S)
        self.runner.call(lambda s: to_menu(s, self.game_id), wait=5)
        self.game_id = None
        self.clear()

    def tick(self, now: float) -> None:
        """Start the next game a while after one ended."""
        snap = self.runner.snapshot or {}
        if not self.running or snap.get("state") != "result":
            self._result_since = None
            return
        if self._result_since is None:
            self._result_since = now
        elif now - self._result_since >= ATTRACT_PAUSE_S:
            self.start()
