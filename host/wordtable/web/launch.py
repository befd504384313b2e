"""The whole virtual table in one object: the simulated board (or a real one), the host's link, the
store, the session loop on its thread, and the web page.

    with VirtualTable(Path("run")) as vt:     # the simulated board in run/sim, the store in run/
        print(vt.url)                          # http://127.0.0.1:8765/

``wordtable serve`` runs one until Ctrl-C; the browser tests, the screenshots and the benchmark use it
with port 0 and a short kiosk timeout.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..lexicon.protocol import Lexicon
from ..store.database import StoreError
from ..store.store import Store
from ..table.layout import DEFAULT_LAYOUT, load_layout
from ..table.link import BoardLink
from ..table.robot import SimRobot
from ..table.sim import SimBoard
from ..table.sim_pieces import enroll_sim_sets
from ..table.tags import TagRegistry
from .runner import SessionRunner
from .server import WebOptions, WebTable


class VirtualTable:
    """Starts everything in order and stops it in reverse. ``port``: a real board's serial port (None:
    the simulated board in ``workdir/sim``). ``db``: the store (default: ``workdir/wordtable.db`` for the
    simulated table, whose pieces live in ``workdir/sim``; the person's store for a real table)."""

    def __init__(
        self,
        workdir: Path | str,
        options: WebOptions | None = None,
        *,
        port: str | None = None,
        layout: str = DEFAULT_LAYOUT,
        db: Path | str | None = None,
        lexicon: Lexicon | None = None,
        session_args: dict[str, Any] | None = None,
    ) -> None:
        self.workdir = Path(workdir)
        self.options = options or WebOptions()
        self.port = port
        self.layout = load_layout(layout)
        self.db = db if db is not None else (self.workdir / "wordtable.db" if port is None else None)
        self.own_db = db is None  # only the table's own default file is ever set aside if unreadable
        self.lexicon = lexicon
        self.session_args = session_args or {}
        self.sim: SimBoard | None = None
        self.hands: SimRobot | None = None
        self.store: Store | None = None
        self.link: BoardLink | None = None
        self.runner: SessionRunner | None = None
        self.web: WebTable | None = None
        self.url = ""

    def start(self) -> VirtualTable:
        from .. import lexicon as lexicons
        from ..table.session import Session

        try:
            self.workdir.mkdir(parents=True, exist_ok=True)
            if self.port is None:
                g = self.layout.geometry
                self.sim = SimBoard(
                    self.workdir / "sim",
                    grid=g.grid,
                    seats=g.seats,
                    seat_cells=g.seat_cells,
                    buttons=g.buttons,
                ).start()
                self.hands = SimRobot(self.sim)
            self.store = Store(self.db, own=self.own_db)
            registry = TagRegistry(self.store.conn)
            if self.sim is not None:
                enroll_sim_sets(registry)
            self.link = BoardLink(self.port or self.sim.port).start()  # type: ignore[union-attr]
            self.link.wait_linked(10)
            session = Session(
                self.link,
                self.store,
                lexicon=self.lexicon or lexicons.load(),
                layout=self.layout,
                robot=self.hands,
                **self.session_args,
            )
            self.runner = SessionRunner(session).start()
            self.web = WebTable(
                self.link,
                self.layout,
                sim=self.sim,
                hands=self.hands,
                runner=self.runner,
                registry=None if self.sim is not None else registry,
                options=self.options,
            )
            self.url = self.web.start()
        except OSError as exc:  # a read-only or full folder: say which and what to do, not a traceback
            self.stop()
            raise StoreError(
                f"Cannot use the folder {self.workdir}: {exc.strerror} ({exc.filename or self.workdir}). "
                f"Choose a folder you can write to with --workdir."
            ) from None
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        if self.web is not None:
            self.web.stop()
        if self.runner is not None:
            self.runner.stop()
        if self.link is not None:
            self.link.close()
        if self.store is not None:
            self.store.close()
        if self.sim is not None:
            self.sim.stop()

    def __enter__(self) -> VirtualTable:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
