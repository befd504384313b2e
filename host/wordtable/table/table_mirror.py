"""The host's mirror of what lies on the table: the tag's UID by cell, from the board's CELL reports
(a report the board sends again after a relink changes nothing), and reconciled with a SNAPSHOT of
every occupied cell, asked for after every handshake, so no placement is lost across a restart of
either side.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from wtproto import messages as m

from .board_events import CellChanged, TableReconciled


@dataclass
class _Snapshot:
    request_id: int
    parts: dict[int, list[tuple[int, bytes]]] = field(default_factory=dict)
    total: int | None = None


class TableMirror:
    """``cells``: what the host believes lies on the table. Not thread-safe (BoardLink holds its lock)."""

    def __init__(self) -> None:
        self.cells: dict[int, bytes] = {}
        self._snapshot: _Snapshot | None = None
        self._snapshot_id = random.randrange(256)

    def report(self, cell: int, uid: bytes) -> CellChanged | None:
        """A CELL report (empty ``uid``: the cell is empty now): the change, or None if the mirror
        shows it already."""
        if self.cells.get(cell) == (uid or None):
            # Already known: an event the board sent again after a relink, because the
            # acknowledgement was lost with the link. The table is as we believed.
            return None
        if uid:
            self.cells[cell] = uid
        else:
            self.cells.pop(cell, None)
        return CellChanged(cell, uid or None)

    def expect_snapshot(self) -> int:
        """A new snapshot is asked for: its request id (answers to older requests are ignored)."""
        self._snapshot_id = (self._snapshot_id + 1) & 0xFF
        self._snapshot = _Snapshot(self._snapshot_id)
        return self._snapshot_id

    def snapshot_part(self, payload: bytes) -> TableReconciled | None:
        """A SNAPSHOT part; once every part is in, the mirror becomes the board's table and the
        differences are returned (as "snapshot" changes), else None."""
        rid, part, parts, entries = m.unpack_snapshot(payload)
        snap = self._snapshot
        if snap is None or rid != snap.request_id:
            return None  # an answer to an older request
        snap.parts[part] = entries
        snap.total = parts
        if len(snap.parts) < parts:
            return None
        board = {cell: uid for p in sorted(snap.parts) for cell, uid in snap.parts[p]}
        changes = []
        for cell in sorted(set(board) | set(self.cells)):
            before, now = self.cells.get(cell), board.get(cell)
            if before != now:
                changes.append(CellChanged(cell, now, "snapshot"))
        self.cells = board
        self._snapshot = None
        return TableReconciled(tuple(changes))
