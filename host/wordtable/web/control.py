"""Page actions as the simulated board's control commands: the only way the page changes the table.

A person's drag becomes ``place``/``lift`` on the sim's readers and a button on screen becomes a
``tap`` of a seat button, exactly what hands on a real table would do. Nothing here talks to the
game: the host sees the change through the firmware and the link like any other.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ..table.robot import SimRobot
from ..table.sim import SimError


class ControlError(Exception):
    """An action the page may not take or that the table refused; the message is for the person."""


@dataclass(frozen=True)
class Action:
    """One page action: ``op`` is place, lift, move, tap, press or release."""

    op: str
    cell: int | None = None
    to: int | None = None
    uid: bytes | None = None
    seat: int | None = None
    button: int | None = None

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read an action from the page's JSON, with a message naming what is wrong."""
        if not isinstance(data, dict):
            raise ControlError("an action is a JSON object with an 'op'")
        op = data.get("op")
        if op not in OPS:
            raise ControlError(f"unknown action {op!r}; actions: {', '.join(OPS)}")
        fields = OPS[op]
        values: dict[str, Any] = {}
        for name in fields:
            if name not in data:
                raise ControlError(f"{op} needs {', '.join(fields)}")
            raw = data[name]
            if name == "uid":
                try:
                    values[name] = bytes.fromhex(str(raw))
                except ValueError:
                    raise ControlError(f"uid {raw!r} is not hexadecimal") from None
            elif isinstance(raw, bool) or not isinstance(raw, int):
                raise ControlError(f"{name} must be a whole number, not {raw!r}")
            else:
                values[name] = raw
        return cls(op, **values)


OPS: dict[str, tuple[str, ...]] = {
    "place": ("cell", "uid"),
    "lift": ("cell",),
    "move": ("cell", "to"),
    "tap": ("seat", "button"),
    "press": ("seat", "button"),
    "release": ("seat", "button"),
    "wake": (),
}
"""Each action and the fields it needs. ``wake`` only counts as activity (the kiosk's attract screen)."""


class SimControl:
    """Carries actions to the simulated board through ``hands`` (a SimRobot: the session's robot lays the
    bots' pieces through the same hands, and its lock keeps the control socket one conversation)."""

    def __init__(self, hands: SimRobot) -> None:
        self.hands = hands
        self._lock = threading.Lock()

    def _world(self) -> dict[int, bytes]:
        out: dict[int, bytes] = {}
        for item in self.hands.control("state").split():
            cell, uid = item.split(":")
            out[int(cell)] = bytes.fromhex(uid)
        return out

    def apply(self, action: Action) -> str:
        """Do ``action`` on the simulated table; return the board's reply, or raise ControlError
        with the board's own message (``cell 9 is empty; nothing to lift``)."""
        with self._lock:
            try:
                if action.op == "place":
                    assert action.cell is not None and action.uid is not None
                    return self.hands.control(f"place {action.cell} {action.uid.hex()}")
                if action.op == "lift":
                    return self.hands.control(f"lift {action.cell}")
                if action.op == "move":
                    return self._move(action)
                return self.hands.control(f"{action.op} {action.seat} {action.button}")
            except SimError as exc:
                raise ControlError(str(exc)) from None

    def _move(self, action: Action) -> str:
        """Lift a piece and lay it elsewhere, as a hand does; if the new cell is taken the piece goes
        back where it was, so a refused move loses nothing."""
        assert action.cell is not None and action.to is not None
        world = self._world()
        uid = world.get(action.cell)
        if uid is None:
            raise SimError(f"cell {action.cell} is empty; nothing to move")
        if action.to in world:
            raise SimError(f"cell {action.to} already holds a piece; lift it first")
        self.hands.control(f"lift {action.cell}")
        try:
            return self.hands.control(f"place {action.to} {uid.hex()}")
        except SimError:
            self.hands.control(f"place {action.cell} {uid.hex()}")
            raise

    def clear(self) -> int:
        """Lift every piece off the simulated table (kiosk reset); returns how many."""
        with self._lock:
            world = self._world()
            for cell in sorted(world):
                self.hands.control(f"lift {cell}")
            return len(world)
