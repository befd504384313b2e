"""Fixtures for end-to-end runs: the real firmware on the MicroPython unix port behind a virtual
serial cable, and the host's BoardLink on the other end with pyserial."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from wordtable.table.board_events import Event
from wordtable.table.link import BoardLink
from wordtable.table.sim import SimBoard


@pytest.fixture
def sim(tmp_path) -> Iterator[SimBoard]:
    board = SimBoard(tmp_path / "sim").start()
    try:
        yield board
    finally:
        board.stop()


@pytest.fixture
def link(sim) -> Iterator[BoardLink]:
    with BoardLink(sim.port) as lk:
        lk.wait_linked(10)
        drain(lk)
        yield lk


def drain(link: BoardLink, quiet: float = 0.05) -> list[Event]:
    """Events already queued (waits ``quiet`` seconds for stragglers)."""
    out = []
    while (ev := link.get_event(timeout=quiet)) is not None:
        out.append(ev)
    return out


def wait_for(link: BoardLink, pred: Callable[[Event], bool], timeout: float = 5.0) -> Event:
    """The first event that satisfies ``pred``; fails the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        ev = link.get_event(timeout=0.05)
        if ev is None:
            continue
        if pred(ev):
            return ev
        seen.append(ev)
    raise AssertionError(f"no matching event in {timeout} s; saw {seen!r}")


def wait_until(cond: Callable[[], bool], timeout: float = 5.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.01)
    raise AssertionError(f"{what} not reached in {timeout} s")
