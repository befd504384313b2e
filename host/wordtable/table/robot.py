"""The simulated table's helper "robot": it lays and lifts pieces and presses seat buttons through the
simulated board's control channel, exactly where a person's hands would. ``make run`` lets it play the
bots' moves, and tests use it as the players' hands. It exists only for the simulated board: on a real
table the display tells a person what to lay for a bot (docs/table.md)."""

from __future__ import annotations

import threading

from .sim import SimBoard


class SimRobot:
    """Hands on a SimBoard; thread-safe (the control channel is one socket)."""

    def __init__(self, sim: SimBoard) -> None:
        self.sim = sim
        self._lock = threading.Lock()

    def lay(self, cell: int, uid: bytes | None) -> None:
        if uid is None:
            raise ValueError(f"no tag is enrolled for the piece to lay on cell {cell}")
        with self._lock:
            self.sim.place(cell, uid)

    def lift(self, cell: int) -> None:
        with self._lock:
            self.sim.lift(cell)

    def tap(self, seat: int, button: int) -> None:
        with self._lock:
            self.sim.tap(seat, button)

    def control(self, line: str) -> str:
        with self._lock:
            return self.sim.control(line)
