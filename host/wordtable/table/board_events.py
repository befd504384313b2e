"""What the board said about itself (``BoardInfo``), and the events BoardLink queues for the session
loop, in the order they happened on the table."""

from __future__ import annotations

from dataclasses import dataclass

from wtproto import messages as m

from .board_errors import BoardError


@dataclass(frozen=True)
class BoardInfo:
    """What the board said about itself in its HELLO."""

    fw_version: tuple[int, int, int]
    boot_id: int
    epoch: int
    grid: tuple[int, int]
    seats: int
    seat_cells: int
    buttons_per_seat: int
    display_size: tuple[int, int]
    max_payload: int
    board_name: str

    @property
    def ncells(self) -> int:
        return self.grid[0] * self.grid[1] + self.seats * self.seat_cells

    @classmethod
    def from_hello(cls, payload: bytes) -> BoardInfo:
        h = m.unpack_hello_board(payload)
        gw, gh, seats, seat_cells, buttons = h["geometry"]
        return cls(
            h["fw_version"],
            h["boot_id"],
            h["epoch"],
            (gw, gh),
            seats,
            seat_cells,
            buttons,
            h["display_size"],
            h["max_payload"],
            h["board_name"],
        )


@dataclass(frozen=True)
class CellChanged:
    """A cell's tag changed. ``uid`` None: the cell became empty. ``source`` is "event" for a
    live report, "snapshot" for a change found when reconciling after a (re)connection."""

    cell: int
    uid: bytes | None
    source: str = "event"


@dataclass(frozen=True)
class ButtonChanged:
    seat: int
    button: int
    pressed: bool
    board_ms: int


@dataclass(frozen=True)
class BoardLinked:
    info: BoardInfo
    restarted: bool  # the board rebooted since the host last spoke to it


@dataclass(frozen=True)
class BoardLost:
    reason: str


@dataclass(frozen=True)
class TableReconciled:
    """A snapshot was compared with what the host believed; ``changes`` lists the differences."""

    changes: tuple[CellChanged, ...]


@dataclass(frozen=True)
class BoardLog:
    level: int
    code: int
    text: str

    def __str__(self) -> str:
        return f"board {m.LEVEL_NAMES[min(self.level, 3)]}: {self.text}"


@dataclass(frozen=True)
class LinkFailed:
    """The link cannot work until a person acts (e.g. protocol versions differ)."""

    error: BoardError


Event = CellChanged | ButtonChanged | BoardLinked | BoardLost | TableReconciled | BoardLog | LinkFailed
