"""The session loop on a thread of its own, with a snapshot for the page and a queue of requests.

``Session`` is not thread-safe: everything that touches it runs here. After every step the runner
takes a fresh snapshot (sessionview.py), which the web server reads as a plain value; a request from
the page (the kiosk's reset, the attract game) is queued and run between two steps.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from ..table.board_events import ButtonChanged
from .sessionview import session_snapshot

log = logging.getLogger(__name__)


class SessionRunner:
    """Runs ``session.step`` until stopped. ``snapshot`` is the latest picture of the session."""

    def __init__(self, session: Any, step_s: float = 0.01) -> None:
        self.session = session
        self.step_s = step_s
        self.snapshot: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self._requests: queue.Queue[tuple[Callable[[Any], Any], threading.Event | None]] = queue.Queue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._mute_until = 0.0

    def start(self) -> SessionRunner:
        self._take_snapshot()
        self._thread = threading.Thread(target=self._run, name="wordtable-session", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def call(self, fn: Callable[[Any], Any], wait: float | None = None) -> None:
        """Run ``fn(session)`` on the session's thread between two steps (waiting up to ``wait`` s)."""
        done = threading.Event() if wait else None
        self._requests.put((fn, done))
        if done is not None:
            done.wait(wait)

    def mute_buttons(self, seconds: float) -> None:
        """Drop seat-button events for ``seconds``: after the kiosk stops its bots' game, a button the
        robot pressed for a bot may still be on its way, and must not choose in the fresh menu."""
        self._mute_until = time.monotonic() + seconds

    def _step(self) -> None:
        """``Session.step``, with muted button events left out."""
        link = self.session.link
        ev = link.get_event(timeout=self.step_s)
        while ev is not None:
            if not (isinstance(ev, ButtonChanged) and time.monotonic() < self._mute_until):
                self.session.handle(ev)
            ev = link.get_event(timeout=0)
        self.session.tick()

    def _take_snapshot(self) -> None:
        try:
            self.snapshot = session_snapshot(self.session)
        except Exception:  # the page keeps the last good picture; the log says what broke
            log.exception("session snapshot failed")

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._step()
                while True:
                    try:
                        fn, done = self._requests.get_nowait()
                    except queue.Empty:
                        break
                    try:
                        fn(self.session)
                    finally:
                        if done is not None:
                            done.set()
            except Exception as exc:  # the table must keep running: log it, show it, go on
                log.exception("session step failed")
                self.error = exc
            self._take_snapshot()
