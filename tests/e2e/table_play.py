"""A table in play for end-to-end tests: the real firmware on the MicroPython unix port (SimBoard),
the host's BoardLink over a pseudo-terminal, a real SQLite store with the simulated pieces enrolled,
and the session loop on its own thread. The test's hands are a SimRobot: tags laid on cells, seat
buttons pressed; nothing else reaches the session."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wordtable import lexicon
from wordtable.store.store import Store
from wordtable.table.link import BoardLink
from wordtable.table.robot import SimRobot
from wordtable.table.session import Session
from wordtable.table.sim import SimBoard
from wordtable.table.sim_pieces import enroll_sim_sets, virtual_uid
from wordtable.table.tags import TagRegistry

LEXICON = None


def enable() -> Any:
    global LEXICON
    if LEXICON is None:
        LEXICON = lexicon.load()
    return LEXICON


def wait_until(cond: Callable[[], bool], timeout: float = 10.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if cond():
                return
        except RuntimeError:  # a dict changed size while the session thread updated it: look again
            pass
        time.sleep(0.01)
    raise AssertionError(f"{what} not reached in {timeout} s")


class Host:
    """The host side: a BoardLink and a Session on a thread, over one store file."""

    def __init__(self, port: str, db: Path, robot: SimRobot | None = None, **session_args: Any) -> None:
        self.store = Store(db)
        enroll_sim_sets(TagRegistry(self.store.conn))
        self.link = BoardLink(port).start()
        self.link.wait_linked(10)
        self.session = Session(self.link, self.store, lexicon=enable(), robot=robot, **session_args)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.error: BaseException | None = None
        self._thread.start()

    def _run(self) -> None:
        try:
            self.session.run(self._stop)
        except BaseException as exc:  # surfaced by the test through check()
            self.error = exc
            raise

    def check(self) -> None:
        if self.error is not None:
            raise AssertionError(f"the session failed: {self.error!r}") from self.error

    def kill(self) -> None:
        """Stop the host without any goodbye (as a killed process would): the thread stops where it is,
        the port closes, the store is not told anything."""
        self._stop.set()
        self._thread.join(timeout=5)
        self.link.close()

    def close(self) -> None:
        self.kill()
        self.store.close()


class TablePlay:
    """A simulated table with a host, played by a test's hands."""

    def __init__(self, tmp: Path, robot_bots: bool = False, **session_args: Any) -> None:
        self.tmp = Path(tmp)
        self.sim = SimBoard(self.tmp / "sim").start()
        self.hands = SimRobot(self.sim)
        self.session_args = session_args
        self.robot_bots = robot_bots
        self.host = Host(
            self.sim.port, self.tmp / "wordtable.db", self.hands if robot_bots else None, **session_args
        )

    @property
    def session(self) -> Session:
        return self.host.session

    def restart_host(self) -> None:
        self.host.kill()
        self.host = Host(
            self.sim.port,
            self.tmp / "wordtable.db",
            self.hands if self.robot_bots else None,
            **self.session_args,
        )

    def close(self) -> None:
        self.host.close()
        self.sim.stop()

    # -- hands ---------------------------------------------------------------------------------------
    def lay(self, cell: int, set_name: str, piece: str) -> None:
        self.hands.lay(cell, virtual_uid(set_name, piece))

    def lay_uid(self, cell: int, uid: bytes) -> None:
        self.hands.lay(cell, uid)

    def lift(self, cell: int) -> None:
        self.hands.lift(cell)

    def settled(self) -> None:
        """Wait until the session believes exactly what lies on the simulated table."""
        world = self.sim.world()
        wait_until(
            lambda: self.session.table.settled == world and self.session.table.quiet,
            what=f"the session to see the table {sorted(world)}",
        )
        ticks = self.session.ticks
        wait_until(lambda: self.session.ticks >= ticks + 2, what="the session to act on it")

    def press(self, seat: int, button: int) -> None:
        """Press and release a seat button once the session has seen the table, and wait until the
        session has handled it."""
        self.settled()
        before = self.session.presses_handled
        self.hands.tap(seat, button)
        wait_until(
            lambda: self.session.presses_handled > before, what=f"seat {seat + 1} button {button} handled"
        )
        self.host.check()

    def buttons(self, seat: int, *buttons: int) -> None:
        for b in buttons:
            self.press(seat, b)

    def choose_game(
        self, game: str, players_index: int, seats: list[int], options: dict[str, Any] | None = None
    ) -> None:
        """Through the display menu with seat 1's buttons: the game, how many players, each player
        (0 a person, 1..3 a bot of a strength), then the house rules ``options`` (field -> value; OK
        on a rule moves it to its next choice) and "Start the game"."""
        from wordtable.table.games_catalogue import menu_options, playable

        s = self.session
        assert s.state == "menu"
        game_index = [g.name for g in playable()].index(game)
        for index in (game_index, players_index, *seats):
            for _ in range(index):
                self.press(0, 2)
            self.press(0, 0)
        assert s.menu.step == "options"
        for field, value in (options or {}).items():
            row = 1 + [o.field for o in menu_options(game)].index(field)
            while s.menu.sel != row:
                self.press(0, 2)
            for _ in range(10):
                if s.menu.choice["options"][field] == value:
                    break
                self.press(0, 0)
            assert s.menu.choice["options"][field] == value, f"{field} never showed {value!r}"
        while s.menu.sel != 0:
            self.press(0, 2)
        self.press(0, 0)
        wait_until(lambda: s.state == "play", what="the game to start")
