"""The bots at the table: when a bot is to act, its adapter finds its step (pieces to lay and lift, then
buttons to press). A ``Robot`` (the simulated board's helper) lays the pieces and, once the table shows
them, presses the buttons; without one, the display says what to lay for the bot.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

from ..display.views import MessageView
from .adapters.base import Adapter, BotStep, Table
from .seats import Seat
from .settle import SettledTable
from .tags import TagRegistry, load_set

log = logging.getLogger(__name__)

BOT_WAIT_MS = 5000
"""A bot whose buttons led to no action (a refused move) tries again after this long."""


class Robot(Protocol):
    """What lays a bot's pieces and presses its buttons (the simulated board's helper)."""

    def lay(self, cell: int, uid: bytes | None) -> None: ...
    def lift(self, cell: int) -> None: ...
    def tap(self, seat: int, button: int) -> None: ...


class BotTurns:
    """The bots' step in progress: ``pending`` (the player and the step whose pieces are on their way)
    and ``busy`` (a step was handed over and its outcome, an action or a refusal, is awaited)."""

    def __init__(self, robot: Robot | None, registry: TagRegistry, clock: Callable[[], int]) -> None:
        self.robot = robot
        self.registry = registry
        self.clock = clock
        self.pending: tuple[int, BotStep] | None = None
        self.busy = False
        self.since = 0

    def tick(
        self, adapter: Adapter, seats: list[Seat], table: SettledTable, current_table: Callable[[], Table]
    ) -> bool:
        """Move the bots on by one step; True when a new step is to be shown on the display."""
        if self.pending is not None:
            player, step = self.pending
            if self.robot is None or not table.quiet:
                return False
            settled = table.settled
            if any(settled.get(cell) != self._uid(s, p) for cell, s, p in step.lay) or any(
                cell in settled for cell in step.lift if cell not in {c for c, _, _ in step.lay}
            ):
                return False  # the robot's pieces are not all seen yet
            self.pending = None
            seat = adapter.seat_of(player)
            log.debug("robot presses %r on seat %d", step.buttons, seat)
            for b in step.buttons:
                self.robot.tap(seat, b)
            if not step.buttons:
                self.busy = False  # pieces only: what they make was applied when they settled
            self.since = self.clock()
            return False
        if self.busy and self.clock() - self.since < BOT_WAIT_MS:
            return False
        self.busy = False
        if self.robot is not None:
            tidy = adapter.tidy(current_table())
            if tidy is not None:
                self.busy = True
                self.pending = (adapter.to_move() or 0, tidy)
                self._robot_hands(tidy, table)
                return False
        for player in self._to_act(adapter, seats):
            now_table = current_table()
            if adapter.open_problems(now_table):
                return False
            found = adapter.bot_step(player, seats[player].bot or "club", now_table)
            if found is None:
                continue
            self.busy = True
            self.pending = (player, found)
            self._robot_hands(found, table)
            return True
        return False

    def instructions(self, adapter: Adapter, seats: list[Seat]) -> MessageView | None:
        """What to lay for the bot and which OK to press, when no robot does it (None otherwise)."""
        if self.pending is None or self.robot is not None:
            return None
        player, step = self.pending
        lines = []
        for cell, s, p in step.lay:
            lines.append(f"{load_set(s).piece(p).label.split(' ')[0]} on {adapter.where(cell)}")
        seat = adapter.seat_of(player)
        return MessageView(
            f"{seats[player].name} plays {step.words}".strip(),
            (
                "Lay " + ", ".join(lines) + "." if lines else "No pieces to lay.",
                f"Then press OK on seat {seat + 1}.",
            ),
            "info",
        )

    def _robot_hands(self, step: BotStep, table: SettledTable) -> None:
        if self.robot is None:
            return
        try:
            live = dict(table.live)
            lays = [(cell, self._uid(s, p)) for cell, s, p in step.lay]
            wanted = {uid for _, uid in lays}
            # a piece is in one place: take it from where it lies, and clear the cells it goes to
            clear = set(step.lift) | {c for c, uid in live.items() if uid in wanted} | {c for c, _ in lays}
            for cell in sorted(clear):
                if cell in live:
                    self.robot.lift(cell)
            for cell, uid in lays:
                self.robot.lay(cell, uid)
        except Exception as exc:  # the helper's trouble must not stop the table; people can go on
            log.warning("the helper robot could not do %r: %s", step, exc)
            self.pending = None

    @staticmethod
    def _to_act(adapter: Adapter, seats: list[Seat]) -> list[int]:
        turn = adapter.to_move()
        if turn is not None:
            return [turn] if seats[turn].bot else []
        return [i for i, s in enumerate(seats) if s.bot]

    def _uid(self, set_name: str, piece: str) -> bytes | None:
        return self.registry.uid_of(set_name, piece)
