"""The table as the session trusts it: board events plus a settle time.

The board already debounces each cell (two identical reads, docs/protocol.md), but a piece that is
being slid across the table, or one that lies between two antennas, can still be reported on one
cell, then the next, then back. A DGT-style board has the same problem; the cure is the same: a
cell's new content counts only once it has stayed unchanged for ``SETTLE_MS``. Until then the cell
keeps the content it had before, so a flicker never reaches a game adapter and never makes a move.
"""

from __future__ import annotations

from collections.abc import Mapping

SETTLE_MS = 300
"""How long a cell must keep its content before the session believes it (docs/table.md). Two
board sweeps are about 60 ms on the real table; 300 ms is well past a hand letting go of a tile and
well under the time a person takes to reach for the button."""


class SettledTable:
    """Cells as last reported (``live``) and as settled (``settled``): a change is taken over once
    it is ``settle_ms`` old. Times are the host's milliseconds."""

    def __init__(self, settle_ms: int = SETTLE_MS) -> None:
        self.settle_ms = settle_ms
        self.live: dict[int, bytes] = {}
        self.settled: dict[int, bytes] = {}
        self._since: dict[int, int] = {}
        self.changed_ms: int | None = None
        """When the latest change taken over by ``advance`` happened on the table (not when it settled)."""

    def observe(self, cell: int, uid: bytes | None, now_ms: int) -> None:
        """A cell event (live or from a snapshot)."""
        if uid is None:
            self.live.pop(cell, None)
        else:
            self.live[cell] = bytes(uid)
        if self.live.get(cell) == self.settled.get(cell):
            self._since.pop(cell, None)  # back to what it was: nothing to settle
        else:
            self._since[cell] = now_ms

    def replace(self, cells: Mapping[int, bytes], now_ms: int, settled: bool = False) -> None:
        """The whole table at once (after a snapshot); ``settled`` takes it over without waiting
        (the host's own start, when nothing can be moving under a hand yet)."""
        for cell in set(self.live) | set(cells):
            self.observe(cell, cells.get(cell), now_ms)
        if settled:
            self.settled = dict(self.live)
            self._since.clear()

    def advance(self, now_ms: int) -> bool:
        """Take over every change that is old enough; True when ``settled`` changed."""
        changed = False
        for cell, since in list(self._since.items()):
            if now_ms - since >= self.settle_ms:
                del self._since[cell]
                self.changed_ms = since if self.changed_ms is None else max(self.changed_ms, since)
                uid = self.live.get(cell)
                if uid is None:
                    changed |= self.settled.pop(cell, None) is not None
                elif self.settled.get(cell) != uid:
                    self.settled[cell] = uid
                    changed = True
        return changed

    @property
    def quiet(self) -> bool:
        """True when no change is waiting to settle."""
        return not self._since

    def settles_at(self) -> int | None:
        """When the oldest waiting change will settle (None when quiet)."""
        return min(self._since.values()) + self.settle_ms if self._since else None
