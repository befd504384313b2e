"""Event latency over the pseudo-terminal: a tag laid in the simulated table (control command
sent) to the host's callback for its CELL event. Real firmware on the MicroPython unix port, real
pyserial. Median and p95 over 240 events."""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from wordtable.table.board_events import CellChanged
from wordtable.table.link import BoardLink
from wordtable.table.sim import SimBoard

EVENTS = 240


def run() -> list[dict]:
    got = threading.Event()
    arrived: dict[str, float] = {}

    def on_event(ev: object) -> None:
        if isinstance(ev, CellChanged) and ev.source == "event":
            arrived["t"] = time.perf_counter()
            got.set()

    with (
        tempfile.TemporaryDirectory() as tmp,
        SimBoard(Path(tmp)) as sim,
        BoardLink(sim.port, on_event=on_event) as link,
    ):
        link.wait_linked(10)
        lat = []
        for i in range(EVENTS):
            cell = (i * 37) % sim.ncells
            got.clear()
            t0 = time.perf_counter()
            if cell in link.cells:
                sim.lift(cell)
            else:
                sim.place(cell, bytes([4, i & 0xFF, 1, 2, 3, 4, 5]))
            if not got.wait(2.0):
                raise RuntimeError(f"event {i} never arrived")
            lat.append((arrived["t"] - t0) * 1000)
            time.sleep(0.002)
        stats = dict(item.split("=", 1) for item in sim.control("stats").split() if "=" in item)
    lat.sort()
    med = statistics.median(lat)
    p95 = lat[int(len(lat) * 0.95) - 1]
    return [
        {
            "benchmark": f"tag laid -> host CELL callback, median of {EVENTS}",
            "value": med,
            "unit": "ms",
            "target": "< 20 ms",
            "ok": med < 20,
        },
        {"benchmark": f"tag laid -> host CELL callback, p95 of {EVENTS}", "value": p95, "unit": "ms"},
        {
            "benchmark": "firmware sweep of 321 cells (unix port, sim readers)",
            "value": int(stats["scan_us"]) / 1000,
            "unit": "ms",
            "note": "last sweep, from the sim's stats; real-reader sweep time is modelled in hardware_sweep",
        },
    ]
