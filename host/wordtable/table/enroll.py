"""Enrollment: teaching the registry which tag is which piece, by laying the pieces on marked cells.

The layout marks cells for enrollment (the whole grid on the standard table). Piece ``k`` of the set
goes on marked cell ``k`` (row by row), so a person lays a whole set in the order it is printed and
the host reads every tag as it lands; the order within a round does not matter. A set larger than the
marked cells is laid in rounds: when a round is done, the person clears the cells and lays the next.

:class:`Enrollment` is the walk itself, fed with cell changes (pure, so the session loop or a web
page can drive it too); :func:`run_enrollment` drives it from a :class:`~.link.BoardLink`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .board_events import BoardLost, CellChanged
from .layout import TableGeometry
from .link import BoardLink
from .tags import Piece, PieceSet, TagError, TagRegistry


@dataclass(frozen=True)
class Step:
    """What one cell change did: ``ok`` False means nothing was enrolled and ``message`` says why."""

    ok: bool
    message: str
    piece: Piece | None = None


class Enrollment:
    """The walk through one piece set. ``missing_only``: skip pieces that already have a tag."""

    def __init__(
        self,
        pieces: PieceSet,
        registry: TagRegistry,
        cells: Sequence[int],
        geometry: TableGeometry,
        *,
        replace: bool = False,
        missing_only: bool = False,
    ) -> None:
        if not cells:
            raise TagError("the table layout marks no cells for enrollment")
        self.set = pieces
        self.registry = registry
        self.cells = tuple(cells)
        self.geometry = geometry
        self.replace = replace
        self.todo: list[Piece] = [
            p for p in pieces.pieces if not (missing_only and registry.uid_of(p.set, p.id) is not None)
        ]
        self.enrolled: list[Piece] = []
        self.round = 0
        self._occupied: set[int] = set()
        self._waiting: dict[int, Piece] = {}
        self._start_round()

    @property
    def rounds(self) -> int:
        return max(1, -(-len(self.todo) // len(self.cells)))

    @property
    def done(self) -> bool:
        return not self._waiting and self.round >= self.rounds - 1

    def _start_round(self) -> None:
        batch = self.todo[self.round * len(self.cells) : (self.round + 1) * len(self.cells)]
        self._waiting = dict(zip(self.cells, batch, strict=False))

    def _needs_clearing(self) -> bool:
        return not self._waiting and self.round < self.rounds - 1

    def waiting(self) -> dict[int, Piece]:
        """The pieces still to lay in this round, by the cell they go on."""
        return dict(self._waiting)

    def prompt(self) -> str:
        """What the person should do next."""
        if self._waiting:
            cell, piece = min(self._waiting.items(), key=lambda kv: self.cells.index(kv[0]))
            left = len(self._waiting)
            return (
                f"Lay {piece.label} on {self.geometry.describe_cell(cell)} "
                f"({left} {'piece' if left == 1 else 'pieces'} left in this round)."
            )
        if self._needs_clearing():
            return f"Round {self.round + 1} of {self.rounds} is done. Take all the pieces off the table."
        return f"All {len(self.enrolled)} pieces of the {self.set.title} are enrolled."

    def on_cell(self, cell: int, uid: bytes | None) -> Step | None:
        """Feed one cell change; returns what it did (None for a lift, which needs no answer)."""
        if uid is None:
            self._occupied.discard(cell)
            if self._needs_clearing() and not self._occupied & set(self.cells):
                self.round += 1
                self._start_round()
                return Step(True, f"Round {self.round + 1} of {self.rounds}. " + self.prompt())
            return None
        self._occupied.add(cell)
        piece = self._waiting.get(cell)
        if piece is None:
            if cell in self.cells:
                return Step(
                    False, f"Nothing more goes on {self.geometry.describe_cell(cell)} now. " + self.prompt()
                )
            return Step(
                False, f"{self.geometry.describe_cell(cell)} is not marked for enrollment. " + self.prompt()
            )
        try:
            self.registry.enroll(uid, piece, replace=self.replace)
        except TagError as exc:
            return Step(False, str(exc))
        del self._waiting[cell]
        self.enrolled.append(piece)
        return Step(True, f"{piece.label}: enrolled. " + self.prompt(), piece)


def run_enrollment(
    link: BoardLink, walk: Enrollment, say: Callable[[str], None], *, idle_timeout_s: float = 600.0
) -> bool:
    """Drive ``walk`` from the board's cell events until the set is enrolled (True), or nothing has
    happened for ``idle_timeout_s`` (False). Pieces already lying on the table count as laid."""
    say(walk.prompt())
    for cell, uid in sorted(link.cells.items()):
        step = walk.on_cell(cell, uid)
        if step is not None:
            say(step.message)
    last = time.monotonic()
    while not walk.done:
        event = link.get_event(timeout=0.2)
        if event is None:
            if time.monotonic() - last > idle_timeout_s:
                say(
                    f"Nothing happened for {idle_timeout_s:.0f} s; stopping. "
                    f"{len(walk.enrolled)} pieces were enrolled and are kept."
                )
                return False
            continue
        last = time.monotonic()
        if isinstance(event, CellChanged):
            step = walk.on_cell(event.cell, event.uid)
            if step is not None:
                say(step.message)
        elif isinstance(event, BoardLost):
            say(event.reason)
    return True
