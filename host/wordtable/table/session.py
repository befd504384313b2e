"""The session loop: the table plays.

``Session`` takes BoardLink events in and sends only through BoardLink (``show``, ``led``, ``beep``),
so it runs the same on the simulated board and on a real one, and knows no terminal or web page:
``wordtable run`` (table/console.py) and, later, a browser page drive the same object.

    session = Session(link, store, lexicon=lexicon.load())
    session.run(stop)                 # or, step by step: session.step(timeout)

What it does, in order of what a person sees:

* **choosing** (``MenuView``, any seat's buttons: previous/next move, OK chooses, more goes back):
  the game, the number of players, each player a person or a bot of a strength;
* **playing**: cell events settle (``settle.SETTLE_MS``), tags are identified (unknown tags, other
  sets and duplicates are shown with ``TagProblemView`` and never reach the game), the game's adapter
  turns the table and the seat buttons into actions; each action is applied, **written to the store,
  then shown**, with a green blink and a short beep (a refused one: its error, a red blink, a low
  double beep);
* bots: the display says what to lay for the bot; a ``robot`` (the simulated board's helper) may lay
  it itself;
* **result** (``ResultView``): OK plays again with the same players, more goes back to the menu;
* **recovery**: at start the latest unfinished game of the store is restored; what lies on the table
  (the board's snapshot) is compared with it and every difference is shown until it is fixed or the
  players confirm the table (seat menu: "the table is right"). Pieces laid but not committed before a
  crash are simply still on the table: they are the pending move.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from wtproto import messages as m

from ..display.refresh import RefreshPolicy
from ..display.screens import render
from ..display.views import (
    BoardLostView,
    MenuView,
    MessageView,
    PlayerLine,
    ResultView,
    TagProblemView,
    View,
    error_view,
    status_from_game,
)
from ..games.base import Game, GameError, MoveRecord
from ..store.database import StoreWriteError
from ..store.store import Store
from .adapters.base import MORE, NEXT, OK, PREV, Adapter, BotStep, Reply, Table
from .games_catalogue import BY_NAME, GAMES, START_ITEM, GameEntry, menu_options
from .layout import DEFAULT_LAYOUT, TableLayout, load_layout
from .link import BoardLink, BoardLinked, BoardLost, ButtonChanged, CellChanged, Event, TableReconciled
from .settle import SETTLE_MS, SettledTable
from .tags import Piece, TagProblem, TagRegistry, identify, table_problems

log = logging.getLogger(__name__)

STRENGTHS = ("beginner", "club", "strongest")
PRESS_WAIT_MS = 3000
"""A button waits for the table to settle at most this long (a piece that never stops flickering)."""
BOT_WAIT_MS = 5000
"""A bot whose buttons led to no action (a refused move) tries again after this long."""
GREEN, RED = (0, 255, 0), (255, 0, 0)


def wall_ms() -> int:
    """The session's time: wall-clock milliseconds, so saved games keep their times across restarts."""
    return int(time.time() * 1000)


class Robot(Protocol):
    """What lays a bot's pieces and presses its buttons (the simulated board's helper)."""

    def lay(self, cell: int, uid: bytes | None) -> None: ...
    def lift(self, cell: int) -> None: ...
    def tap(self, seat: int, button: int) -> None: ...


@dataclass
class Seat:
    """A player of the game in play: a person (``bot`` None) or a bot of a strength."""

    name: str
    bot: str | None = None


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


class Session:
    """One table's session (see the module docstring). Not thread-safe: drive it from one thread."""

    def __init__(self, link: BoardLink, store: Store, *, lexicon: Any, layout: TableLayout | None = None,
                 robot: Robot | None = None, positions: dict[str, dict[str, Any]] | None = None,
                 seed: int | None = None, settle_ms: int = SETTLE_MS, clock: Any = wall_ms,
                 restore: bool = True) -> None:
        self.link = link
        self.store = store
        self.lexicon = lexicon
        self.layout = layout or load_layout(DEFAULT_LAYOUT)
        self.registry = TagRegistry(store.conn)
        self.robot = robot
        self.positions = positions or {}
        self.rng = random.Random(seed)
        self.clock = clock
        self.table = SettledTable(settle_ms)
        self.board_clock = BoardClock()
        self.policy = RefreshPolicy()
        self.session_id: int | None = None
        self.state = "menu"
        self.entry: GameEntry | None = None
        self.game: Game | None = None
        self.adapter: Adapter | None = None
        self.game_id: int | None = None
        self.seats: list[Seat] = []
        self.menu_step = "game"
        self.menu_sel = 0
        self.choice: dict[str, Any] = {}
        self.house_rules: dict[str, Any] = {}
        """The house rules of the game in play, kept for a rematch."""
        self.presses: deque[tuple[int, int, int, int]] = deque()
        self.note: View | None = None
        self.problems: list[TagProblem] = []
        self.view: View | None = None
        self.lost: str | None = None
        self.bot_pending: tuple[int, BotStep] | None = None
        self.bot_busy = False
        self.bot_since = 0
        self.moves = 0
        self.presses_handled = 0
        self._pieces: dict[tuple[bytes, tuple[str, ...]], Piece] = {}
        self.ticks = 0
        """Completed ``tick`` calls (lets another thread wait until the session has caught up)."""
        self.frames: list[int] = []
        """Payload bytes of each display update (for the benchmark's bytes per update)."""
        self.last_frame_at: float = 0.0
        if restore:
            self._restore()
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

    # -- the table -------------------------------------------------------------------------------------
    def sets(self) -> tuple[str, ...]:
        return self.adapter.sets + (("markers",) if self.entry and self.entry.name == "wordsnake" else ()) \
            if self.adapter is not None else ()

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
            self.problems = table_problems(self.registry, self.table.settled, self.sets(),
                                           self.adapter.layout.geometry)
            self.adapter.table_changed()
            self.note = None
            if self.state == "play" and not self.problems:
                self._reply(self.adapter.on_table(self.current_table()))
        self.refresh()

    # -- buttons ---------------------------------------------------------------------------------------
    def _press(self, seat: int, button: int, at: int) -> None:
        if self.state == "menu":
            self._menu_press(button)
        elif self.state == "result":
            if button == OK:
                self._rematch()
            elif button == MORE:
                self.to_menu()
        elif self.state == "play" and self.adapter is not None:
            player = self.adapter.player_at(seat)
            if player is None:
                self._feedback(False, seat)
                self.note = MessageView("Nobody sits there", (f"Seat {seat + 1} is not playing this game.",), "info")
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

    def _reply(self, reply: Reply, seat: int | None = None) -> None:
        assert self.adapter is not None and self.game is not None
        if reply.error:
            self.note = MessageView("Not yet", (reply.error,), "error")
            self._feedback(False, seat)
        elif reply.view is not None:
            self.note = reply.view
        elif reply.info:
            self.note = MessageView("OK", (reply.info,), "info")
        for action, at in reply.actions:
            if not self._apply(action, at, seat):
                break
        self.refresh()

    def _apply(self, action: dict[str, Any], at: int, seat: int | None) -> bool:
        assert self.adapter is not None and self.game is not None
        who = action.get("player", self.adapter.to_move())
        try:
            record = self.game.apply(action, at)
        except GameError as exc:
            name = self.game.players[who].name if isinstance(who, int) else ""
            self.note = error_view(exc, name, "Fix the table and press OK again.")
            self._feedback(False, seat)
            self.bot_busy = False
            return False
        if not self._store(record, seat):  # written before it is shown
            return False
        self.note = None
        self.bot_busy = False
        self._feedback(True, seat)
        if self.game.is_over() and not self.adapter.hands_to_show():
            self._finish()
        return True

    def _store(self, record: MoveRecord, seat: int | None = None) -> bool:
        assert self.game is not None and self.adapter is not None and self.game_id is not None
        try:
            self.store.record_move(self.game_id, record, self.game.to_dict())
        except StoreWriteError as exc:
            self._unsaved(exc, seat)
            return False
        self.moves += 1
        self.adapter.committed(record, self.current_table())
        return True

    def _unsaved(self, exc: StoreWriteError, seat: int | None) -> None:
        """A move the store could not write is not shown: the game goes back to its last saved state,
        as after a restart (the pieces on the table are the pending move again, read at the next press
        or table change), and the display says what to do; OK works again once the cause is gone."""
        assert self.entry is not None and self.game_id is not None
        log.error("move not saved: %s", exc)
        self.game = self.entry.restore(self.store.game(self.game_id).state, self.lexicon)
        self.adapter = self.entry.adapter_class()(self.game, self.layout.for_game(self.entry.name, len(self.seats)),
                                                  self.lexicon)
        self.adapter.table_changed()
        self.bot_busy = False
        self.note = MessageView("Not saved", (str(exc),), "error")
        self._feedback(False, seat)

    def _feedback(self, ok: bool, seat: int | None = None) -> None:
        led = seat if seat is not None else m.LED_ALL
        if ok:
            self.link.led(led, GREEN, m.LED_BLINK, 300)
            self.link.beep(1760, 60)
        else:
            self.link.led(led, RED, m.LED_BLINK, 600)
            self.link.beep(220, 150, 2)

    # -- the menu --------------------------------------------------------------------------------------
    def _menu_items(self) -> tuple[str, list[str]]:
        if self.menu_step == "game":
            return "Choose a game", [g.title for g in GAMES]
        entry = BY_NAME[self.choice["game"]]
        if self.menu_step == "players":
            lo, hi = self._player_range(entry)
            return f"{entry.title}: players", [f"{n} players" for n in range(lo, hi + 1)]
        if self.menu_step == "options":
            chosen = self.choice["options"]
            return f"{entry.title}: house rules", [START_ITEM] + [
                f"{o.label}: {o.words(chosen[o.field])}" for o in menu_options(entry.name)]
        i = len(self.choice["seats"])
        seat = self.layout.for_game(entry.name, self.choice["players"]).seats[i]
        return f"Player {i + 1} (seat {seat + 1})", ["a person"] + [f"a bot ({s})" for s in STRENGTHS]

    def _default_options(self, game: str) -> dict[str, Any]:
        """The first choice of each house rule, or what the game's position sets; who deals follows
        the board (the simulated table names the cards, a real one lets people deal)."""
        sim = self.link.info is not None and self.link.info.board_name == "sim"
        preset = (self.positions.get(game) or {}).get("options") or {}
        return {o.field: preset[o.field] if o.field in preset
                else ("host" if sim else "table") if o.field == "deal" else o.choices[0][0]
                for o in menu_options(game)}

    def _player_range(self, entry: GameEntry) -> tuple[int, int]:
        lo, hi = self.layout.game_players[entry.name]
        cls = entry.game_class()
        return max(lo, cls.min_players), min(hi, cls.max_players)

    def _menu_press(self, button: int) -> None:
        _, items = self._menu_items()
        if button == PREV:
            self.menu_sel = (self.menu_sel - 1) % len(items)
        elif button == NEXT:
            self.menu_sel = (self.menu_sel + 1) % len(items)
        elif button == MORE:
            if self.menu_step == "options":
                self.menu_step = "seats"
                self.choice["seats"].pop()
            elif self.menu_step == "seats" and self.choice["seats"]:
                self.choice["seats"].pop()
            elif self.menu_step == "seats":
                self.menu_step = "players"
            elif self.menu_step == "players":
                self.menu_step = "game"
            self.menu_sel = 0
        elif button == OK:
            self.choose(self.menu_sel)
            return
        self.refresh()

    def choose(self, index: int) -> None:
        """Choose item ``index`` of the menu on the display (what OK does)."""
        if self.menu_step == "game":
            self.choice = {"game": GAMES[index].name, "seats": []}
            self.menu_step = "players"
        elif self.menu_step == "players":
            lo, _ = self._player_range(BY_NAME[self.choice["game"]])
            self.choice["players"] = lo + index
            self.menu_step = "seats"
        elif self.menu_step == "seats":
            self.choice["seats"].append(None if index == 0 else STRENGTHS[index - 1])
            if len(self.choice["seats"]) == self.choice["players"]:
                self.menu_step = "options"
                self.choice["options"] = self._default_options(self.choice["game"])
        elif index == 0:  # "Start the game"
            bots = self.choice["seats"]
            names = [f"Player {i + 1}" if b is None else f"Bot {i + 1}" for i, b in enumerate(bots)]
            self.menu_step, self.menu_sel = "game", 0
            self.start_game(self.choice["game"], [Seat(n, b) for n, b in zip(names, bots, strict=True)],
                            options=self.choice["options"])
            return
        else:  # a house rule: OK moves it on to its next choice, and the cursor stays on it
            option = menu_options(self.choice["game"])[index - 1]
            self.choice["options"][option.field] = option.next_value(self.choice["options"][option.field])
            self.refresh()
            return
        self.menu_sel = 0
        self.refresh()

    def to_menu(self) -> None:
        """Leave the game on the display (it stays in the store as it is) and show the game menu."""
        self.state, self.menu_step, self.menu_sel = "menu", "game", 0
        self.game = self.adapter = None
        self.refresh()

    def queue_press(self, seat: int, button: int) -> None:
        """A seat button pressed somewhere else than on the board (a page mirroring a real table):
        handled as if the board had sent it, at the session's own time. Call it on the session's thread."""
        now = self.clock()
        self.presses.append((seat, button, now, now))

    # -- games -----------------------------------------------------------------------------------------
    def start_game(self, name: str, seats: list[Seat], seed: int | None = None,
                   options: dict[str, Any] | None = None) -> None:
        """Start a game of ``name`` with these players (what the menu does at its end); ``options``
        are house rules (fields of the game's options class) over the game's defaults."""
        entry = BY_NAME[name]
        seed = self.rng.randrange(1 << 31) if seed is None else seed
        game = entry.new([s.name for s in seats], self.lexicon, seed, self.positions.get(name), options)
        self.house_rules = dict(options or {})
        if self.session_id is None:
            self.session_id = self.store.start_session(layout=self.layout.name)
        options = {"game_options": game.options.to_dict() if hasattr(game, "options") else {},
                   "house_rules": self.house_rules,
                   "bots": [s.bot for s in seats], "position": self.positions.get(name)}
        self.game_id = self.store.start_game(self.session_id, name, options, [s.name for s in seats], seed,
                                             game.to_dict())
        self._play(entry, game, seats)

    def _play(self, entry: GameEntry, game: Game, seats: list[Seat]) -> None:
        self.entry, self.game, self.seats = entry, game, seats
        layout = self.layout.for_game(entry.name, len(seats))
        self.adapter = entry.adapter_class()(game, layout, self.lexicon)
        self.state = "play"
        self.note = None
        self.bot_busy = False
        self._table_changed(self.clock())

    def _restore(self) -> None:
        found = self.store.restore()
        if found is None:
            return
        session, row = found
        self.session_id = session.id
        if row is None:
            return
        entry = BY_NAME.get(row.game)
        if entry is None:
            return
        try:
            game = entry.restore(row.state, self.lexicon)
        except (GameError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            # a saved state this game cannot read must not stop the table: set aside, with a message
            self.store.set_aside(row.id, f"its saved state is not a {row.game} game ({type(exc).__name__}: {exc})")
            return
        bots = list(row.options.get("bots") or [None] * len(row.players))
        if row.options.get("position") is not None:
            self.positions.setdefault(row.game, row.options["position"])
        self.game_id = row.id
        self.house_rules = dict(row.options.get("house_rules") or {})
        self._play(entry, game, [Seat(n, b) for n, b in zip(row.players, bots, strict=True)])

    def _finish(self) -> None:
        assert self.game is not None and self.game_id is not None
        reason = str(getattr(self.game, "end_reason", "") or getattr(self.game, "over_reason", ""))
        self.store.finish_game(self.game_id, self.game.to_dict(),
                               {"scores": self.game.scores, "winners": self.game.winners(), "reason": reason})
        self.state = "result"

    def _rematch(self) -> None:
        assert self.entry is not None
        self.start_game(self.entry.name, list(self.seats), options=self.house_rules)

    # -- bots ------------------------------------------------------------------------------------------
    def _bot_tick(self) -> None:
        if self.state != "play" or self.adapter is None or self.problems or self.presses:
            return
        if self.bot_pending is not None:
            player, step = self.bot_pending
            if self.robot is None or not self.table.quiet:
                return
            settled = self.table.settled
            if any(settled.get(cell) != self._uid(s, p) for cell, s, p in step.lay) or \
                    any(cell in settled for cell in step.lift if cell not in {c for c, _, _ in step.lay}):
                return  # the robot's pieces are not all seen yet
            self.bot_pending = None
            seat = self.adapter.seat_of(player)
            log.debug("robot presses %r on seat %d", step.buttons, seat)
            for b in step.buttons:
                self.robot.tap(seat, b)
            if not step.buttons:
                self.bot_busy = False  # pieces only: what they make was applied when they settled
            self.bot_since = self.clock()
            return
        if self.bot_busy and self.clock() - self.bot_since < BOT_WAIT_MS:
            return
        self.bot_busy = False
        if self.robot is not None:
            tidy = self.adapter.tidy(self.current_table())
            if tidy is not None:
                self.bot_busy = True
                self.bot_pending = (self.adapter.to_move() or 0, tidy)
                self._robot_hands(tidy)
                return
        for player in self._bots_to_act():
            table = self.current_table()
            if self.adapter.open_problems(table):
                return
            found = self.adapter.bot_step(player, self.seats[player].bot or "club", table)
            if found is None:
                continue
            step = found
            self.bot_busy = True
            self.bot_pending = (player, step)
            self._robot_hands(step)
            self.refresh()
            return

    def _robot_hands(self, step: BotStep) -> None:
        if self.robot is None:
            return
        try:
            live = dict(self.table.live)
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
            self.bot_pending = None

    def _bots_to_act(self) -> list[int]:
        assert self.adapter is not None
        turn = self.adapter.to_move()
        if turn is not None:
            return [turn] if self.seats[turn].bot else []
        return [i for i, s in enumerate(self.seats) if s.bot]

    def _uid(self, set_name: str, piece: str) -> bytes | None:
        return self.registry.uid_of(set_name, piece)

    def _bot_instructions(self, player: int, step: BotStep) -> MessageView:
        assert self.adapter is not None
        from .tags import load_set

        lines = []
        for cell, s, p in step.lay:
            lines.append(f"{load_set(s).piece(p).label.split(' ')[0]} on {self.adapter.where(cell)}")
        seat = self.adapter.seat_of(player)
        return MessageView(f"{self.seats[player].name} plays {step.words}".strip(),
                           ("Lay " + ", ".join(lines) + "." if lines else "No pieces to lay.",
                            f"Then press OK on seat {seat + 1}."), "info")

    # -- the display -----------------------------------------------------------------------------------
    def current_view(self) -> View:
        """What the display should show now."""
        if self.lost is not None:
            return BoardLostView(self.lost, self._player_lines())
        if self.state == "menu":
            title, items = self._menu_items()
            return MenuView(title, tuple(items), self.menu_sel, ("OK", "up", "down", "back"))
        assert self.game is not None and self.adapter is not None and self.entry is not None
        if self.problems:
            p = self.problems[0]
            where = " and ".join(self.adapter.where(c) for c in p.cells)
            return TagProblemView(p.message, where)
        if self.state == "result":
            reason = str(getattr(self.game, "end_reason", "") or getattr(self.game, "over_reason", ""))
            return ResultView(self.entry.title, self._player_lines(), tuple(self.game.winners()), reason,
                              ("again", "", "", "menu"))
        if self.adapter.modal is not None:
            return self.adapter.modal.view()
        if self.note is not None:
            return self.note
        if self.bot_pending is not None and self.robot is None:
            return self._bot_instructions(*self.bot_pending)
        table = self.current_table()
        problems = self.adapter.open_problems(table)
        if problems:
            return MessageView("Check the table", tuple(problems[:3]), "error",
                               "more: the table is right" if len(problems) else "")
        return status_from_game(self.game, self.entry.title, self.clock(), self.adapter.info(table))

    def _player_lines(self) -> tuple[PlayerLine, ...]:
        if self.game is None:
            return ()
        return tuple(PlayerLine(p.name, p.score) for p in self.game.players)

    def refresh(self) -> None:
        """Render the current view and send what changed."""
        view = self.current_view()
        if view == self.view or self.link.info is None:
            return
        self.view = view
        image = render(view, self.link.info.display_size)
        sent = self.policy.show(self.link, image)
        if sent:
            self.frames.append(sent)
            self.last_frame_at = time.perf_counter()
