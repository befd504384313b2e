"""A game's life at the table: started (from the menu, or restored from the store after a restart), each
action applied, **written to the store, then shown** with a green blink and a short beep (a refused one:
its error, a red blink, a low double beep), finished with its result, and played again.

``GameLifecycle`` is the part of ``table.session.Session`` that does it; the session owns the state.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wtproto import messages as m

from ..display.views import MessageView, View, error_view
from ..games.base import Game, GameError, MoveRecord
from ..games.registry import GameSpec, get
from ..lexicon.protocol import Lexicon
from ..store.database import StoreWriteError
from ..store.store import Store
from .adapters.base import Adapter, Reply, Table
from .games_catalogue import adapter_class
from .layout import TableLayout
from .recovery import latest_unfinished
from .seats import Seat

if TYPE_CHECKING:
    from .bots import BotTurns
    from .link import BoardLink
    from .menu import GameMenu

log = logging.getLogger(__name__)

GREEN, RED = (0, 255, 0), (255, 0, 0)


class GameLifecycle:
    """Starting, playing, finishing and resuming games (a part of ``Session``)."""

    link: BoardLink
    store: Store
    lexicon: Lexicon
    layout: TableLayout
    positions: dict[str, dict[str, Any]]
    rng: random.Random
    menu: GameMenu
    bots: BotTurns
    session_id: int | None
    state: str
    entry: GameSpec | None
    game: Game | None
    adapter: Adapter | None
    game_id: int | None
    seats: list[Seat]
    house_rules: dict[str, Any]
    note: View | None
    moves: int
    # The session's other parts this one calls (annotations only: the methods live in Session and
    # SessionViews, and a definition here would hide them).
    clock: Callable[[], int]
    refresh: Callable[[], None]
    current_table: Callable[[], Table]
    _table_changed: Callable[[int], None]

    def start_game(
        self, name: str, seats: list[Seat], seed: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Start a game of ``name`` with these players (what the menu does at its end); ``options``
        are house rules (fields of the game's options class) over the game's defaults."""
        entry = get(name)
        seed = self.rng.randrange(1 << 31) if seed is None else seed
        game = entry.new(
            [s.name for s in seats],
            lexicon=self.lexicon,
            seed=seed,
            options=options,
            position=self.positions.get(name),
        )
        self.house_rules = dict(options or {})
        if self.session_id is None:
            self.session_id = self.store.start_session(layout=self.layout.name)
        options = {
            "game_options": game.options.to_dict() if hasattr(game, "options") else {},
            "house_rules": self.house_rules,
            "bots": [s.bot for s in seats],
            "position": self.positions.get(name),
        }
        self.game_id = self.store.start_game(
            self.session_id, name, options, [s.name for s in seats], seed, game.to_dict()
        )
        self._play(entry, game, seats)

    def _resume(self) -> None:
        """Go on with the store's latest unfinished game, if there is one (see table/recovery.py)."""
        found = latest_unfinished(self.store, self.lexicon)
        if found is None:
            return
        self.session_id, saved = found
        if saved is None:
            return
        if saved.position is not None:
            self.positions.setdefault(saved.entry.name, saved.position)
        self.game_id = saved.game_id
        self.house_rules = dict(saved.house_rules)
        self._play(saved.entry, saved.game, [Seat(n, b) for n, b in saved.seats])

    def _play(self, entry: GameSpec, game: Game, seats: list[Seat]) -> None:
        self.entry, self.game, self.seats = entry, game, seats
        layout = self.layout.for_game(entry.layout_name, len(seats))
        self.adapter = adapter_class(entry)(game, layout, self.lexicon)
        self.state = "play"
        self.note = None
        self.bots.busy = False
        self._table_changed(self.clock())

    def to_menu(self) -> None:
        """Leave the game on the display (it stays in the store as it is) and show the game menu."""
        self.state = "menu"
        self.menu.reset()
        self.game = self.adapter = None
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
            self.bots.busy = False
            return False
        if not self._store(record, seat):  # written before it is shown
            return False
        self.note = None
        self.bots.busy = False
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
        layout = self.layout.for_game(self.entry.layout_name, len(self.seats))
        self.adapter = adapter_class(self.entry)(self.game, layout, self.lexicon)
        self.adapter.table_changed()
        self.bots.busy = False
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

    def _finish(self) -> None:
        assert self.game is not None and self.game_id is not None
        reason = str(getattr(self.game, "end_reason", "") or getattr(self.game, "over_reason", ""))
        self.store.finish_game(
            self.game_id,
            self.game.to_dict(),
            {"scores": self.game.scores, "winners": self.game.winners(), "reason": reason},
        )
        self.state = "result"

    def _rematch(self) -> None:
        assert self.entry is not None
        self.start_game(self.entry.name, list(self.seats), options=self.house_rules)
