"""The session loop: the table plays.

``Session`` takes BoardLink events in and sends only through BoardLink (``show``, ``led``, ``beep``),
so it runs the same on the simulated board and on a real one, and knows no terminal or web page:
``wordtable run`` (cli/console.py) and the browser page (web/runner.py) drive the same object.

    session = Session(link, store, lexicon=lexicon.load())
    session.run(stop)                 # or, step by step: session.step(timeout)

What it does, in order of what a person sees, and where each part lives:

* **choosing** (table/menu.py, ``GameMenu``): any seat's buttons choose the game, the number of
  players, each player a person or a bot of a strength, and the house rules;
* **playing** (here): cell events settle (``settle.SETTLE_MS``), tags are identified (unknown tags,
  other sets and duplicates are shown with ``TagProblemView`` and never reach the game), the game's
  adapter turns the table and the seat buttons into actions;
* **the game's life** (table/lifecycle.py): each action is applied, **written to the store, then
  shown**, with a green blink and a short beep (a refused one: its error, a red blink, a low double
  beep); the game ends with its result, and OK plays again with the same players;
* **bots** (table/bots.py): the display says what to lay for the bot; a ``Robot`` (the simulated
  board's helper) may lay it itself;
* **recovery** (table/recovery.py): at start the latest unfinished game of the store is restored, and
  the table is compared with it until it matches or the players confirm it;
* **the display** (table/views.py): one view for the session's state, rendered and sent.
"""

from __future__ import annotations

import random
import threading
import time
from collections import deque
from typing import Any

from ..display.refresh import RefreshPolicy
from ..display.views import MessageView, View
from ..games.base import Game
from ..games.registry import GameSpec
from ..lexicon.protocol import Lexicon
from ..store.store import Store
from .adapters.base import MORE, OK, Adapter, Table
from .board_events import BoardLinked, BoardLost, ButtonChanged, CellChanged, Event, TableReconciled
from .bots import BotTurns, Robot
from .layout import DEFAULT_LAYOUT, TableLayout, load_layout
from .lifecycle import GameLifecycle
from .link import BoardLink
from .menu import GameMenu
from .seats import Seat
from .settle import SETTLE_MS, SettledTable
from .tags import Piece, TagProblem, TagRegistry, identify, table_problems
from .views import SessionViews

PRESS_WAIT_MS = 3000
"""A button waits for the table to settle at most this long (a piece that never stops flickering)."""


def wall_ms() -> int:
    """The session's time: wall-clock milliseconds, so saved games keep their times across restarts."""
    return int(time.time() * 1000)


class BoardClock:
    """Maps the board's button times (its ``ticks_ms``) to the session's wall-clock time: the offset is
    the smallest (arrival - board time) seen since the board linked, i.e. the sample with the least
    transmission delay."""

    PERIOD = 1 << 30

    def __init__(self) -> None:
        self.offset: int | None = None

    def reset(self) -> None:
        self.offset = None

    def to_wall(self, board_ms: int, arrived_ms: int) -> int:
        sample = arrived_ms - board_ms
        if self.offset is None or sample < self.offset or sample - self.offset > self.PERIOD // 2:
            self.offset = sample
        return board_ms + self.offset


class Session(GameLifecycle, SessionViews):
    """One table's session (see the module docstring). Not thread-safe: drive it from one thread."""

    def __init__(
        self,
        link: BoardLink,
        store: Store,
        *,
        lexicon: Lexicon,
        layout: TableLayout | None = None,
        robot: Robot | None = None,
        positions: dict[str, dict[str, Any]] | None = None,
        seed: int | None = None,
        settle_ms: int = SETTLE_MS,
        clock: Any = wall_ms,
        restore: bool = True,
    ) -> None:
        self.link = link
        self.store = store
        self.lexicon = lexicon
        self.layout = layout or load_layout(DEFAULT_LAYOUT)
        self.registry = TagRegistry(store.conn)
        self.positions = positions or {}
        self.rng = random.Random(seed)
        self.clock = clock
        self.table = SettledTable(settle_ms)
        self.board_clock = BoardClock()
        self.policy = RefreshPolicy()
        self.menu = GameMenu(
            self.layout,
            self.positions,
            lambda: self.link.info is not None and self.link.info.board_name == "sim",
        )
        self.bots = BotTurns(robot, self.registry, clock)
        self.session_id: int | None = None
        self.state = "menu"
        self.entry: GameSpec | None = None
        self.game: Game | None = None
        self.adapter: Adapter | None = None
        self.game_id: int | None = None
        self.seats: list[Seat] = []
        self.house_rules: dict[str, Any] = {}
        """The house rules of the game in play, kept for a rematch."""
        self.presses: deque[tuple[int, int, int, int]] = deque()
        self.note: View | None = None
        self.problems: list[TagProblem] = []
        self.view: View | None = None
        self.lost: str | None = None
        self.moves = 0
        self.presses_handled = 0
        self._pieces: dict[tuple[bytes, tuple[str, ...]], Piece] = {}
        self.ticks = 0
        """Completed ``tick`` calls (lets another thread wait until the session has caught up)."""
        self.frames: list[int] = []
        """Payload bytes of each display update (for the benchmark's bytes per update)."""
        self.last_frame_at: float = 0.0
        if restore:
            self._resume()
        self.refresh()

    # -- the loop --------------------------------------------------------------------------------------
    def run(self, stop: threading.Event) -> None:
        """Handle events until ``stop`` is set."""
        while not stop.is_set():
            self.step(0.02)

    def step(self, timeout: float = 0.02) -> None:
        """Wait up to ``timeout`` s for one event, handle it and everything queued after it, then the timers."""
        ev = self.link.get_event(timeout=timeout)
        while ev is not None:
            self.handle(ev)
            ev = self.link.get_event(timeout=0)
        self.tick()

    def handle(self, ev: Event) -> None:
        now = self.clock()
        if isinstance(ev, CellChanged):
            self.table.observe(ev.cell, ev.uid, now)
        elif isinstance(ev, ButtonChanged):
            if ev.pressed:
                self.presses.append((ev.seat, ev.button, self.board_clock.to_wall(ev.board_ms, now), now))
        elif isinstance(ev, BoardLinked):
            self.lost = None
            self.view = None  # show the screen again, whatever the board had
            self.board_clock.reset()
            if ev.restarted:
                self.policy.reset()
            self.refresh()
        elif isinstance(ev, BoardLost):
            self.lost = ev.reason
            self.refresh()
        elif isinstance(ev, TableReconciled):
            pass  # the changes came as CellChanged events; they settle like any other

    def tick(self) -> None:
        now = self.clock()
        changed = self.table.advance(now)
        if changed:
            self._table_changed(now)
        if self.state == "play" and self.adapter is not None:
            records = self.adapter.timed(now)
            for record in records:
                if not self._store(record):
                    break
            if records:
                self.refresh()
        while self.presses:
            seat, button, at, arrived = self.presses[0]
            if not self.table.quiet and now - arrived < PRESS_WAIT_MS:
                break  # a piece is still moving: the press counts once the table has settled
            self.presses.popleft()
            self._press(seat, button, at)
            self.presses_handled += 1
        self._bot_tick()
        self.ticks += 1

    def _bot_tick(self) -> None:
        if self.state != "play" or self.adapter is None or self.problems or self.presses:
            return  # bots act in a game, on a table without tag problems, after the people's presses
        if self.bots.tick(self.adapter, self.seats, self.table, self.current_table):
            self.refresh()

    # -- the table -------------------------------------------------------------------------------------
    def sets(self) -> tuple[str, ...]:
        """The piece sets of the game in play (its registry entry), none in the menu."""
        return self.entry.sets if self.entry is not None and self.adapter is not None else ()

    def current_table(self) -> Table:
        """The settled table, identified: pieces of the game's sets on the game's cells."""
        now = self.clock()
        pieces: dict[int, Piece] = {}
        if self.adapter is None:
            return Table(pieces, now)
        bad = {c for p in self.problems for c in p.cells}
        gl = self.adapter.layout
        sets = self.sets()
        for cell, uid in self.table.settled.items():
            if cell in bad or gl.zone_at(cell) is None:
                continue
            known = self._pieces.get((uid, sets))
            if known is None:
                found = identify(self.registry, uid, cell, sets, gl.geometry)
                if not isinstance(found, Piece):
                    continue
                # a tag's piece does not change during a session (enrolling is done outside it)
                known = self._pieces[(uid, sets)] = found
            pieces[cell] = known
        return Table(pieces, now, self.table.changed_ms)

    def _table_changed(self, now: int) -> None:
        if self.adapter is not None:
            self.problems = table_problems(
                self.registry, self.table.settled, self.sets(), self.adapter.layout.geometry
            )
            self.adapter.table_changed()
            self.note = None
            if self.state == "play" and not self.problems:
                self._reply(self.adapter.on_table(self.current_table()))
        self.refresh()

    # -- buttons ---------------------------------------------------------------------------------------
    def _press(self, seat: int, button: int, at: int) -> None:
        if self.state == "menu":
            chosen = self.menu.press(button)
            if chosen is not None:
                self.start_game(chosen.game, chosen.seats, options=chosen.options)
        elif self.state == "result":
            if button == OK:
                self._rematch()
            elif button == MORE:
                self.to_menu()
        elif self.state == "play" and self.adapter is not None:
            player = self.adapter.player_at(seat)
            if player is None:
                self._feedback(False, seat)
                self.note = MessageView(
                    "Nobody sits there", (f"Seat {seat + 1} is not playing this game.",), "info"
                )
                self.refresh()
                return
            self.note = None
            if self.problems and button == OK:
                self._feedback(False, seat)
                self.refresh()
                return
            self._reply(self.adapter.press(player, button, self.current_table(), at), seat)
            return
        self.refresh()

    def choose(self, index: int) -> None:
        """Choose item ``index`` of the menu on the display (what OK does)."""
        chosen = self.menu.choose(index)
        if chosen is not None:
            self.start_game(chosen.game, chosen.seats, options=chosen.options)
        else:
            self.refresh()

    def queue_press(self, seat: int, button: int) -> None:
        """A seat button pressed somewhere else than on the board (a page mirroring a real table):
        handled as if the board had sent it, at the session's own time. Call it on the session's thread."""
        now = self.clock()
        self.presses.append((seat, button, now, now))
