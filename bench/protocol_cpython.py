"""Protocol encode+decode rate on CPython (frames per second) for a representative mix."""

from __future__ import annotations

import statistics
import time

from wtproto import messages as m
from wtproto.frame import Deframer, encode_frame


def mix() -> list[tuple[int, bytes]]:
    uid = bytes.fromhex("04a23f1a5c8000")
    return [
        (m.CELL, m.pack_cell(112, uid)),
        (m.BUTTON, m.pack_button(1, 0, m.PRESSED, 123456)),
        (
            m.DISPLAY,
            m.pack_display(0, 0, 296, 27, m.REFRESH_PARTIAL, bytes(range(256)) * 3 + bytes(999 - 768)),
        ),
    ]


def rate(frames_per_round: list[tuple[int, bytes]], rounds: int) -> float:
    d = Deframer()
    t0 = time.perf_counter()
    for i in range(rounds):
        wire = b"".join(encode_frame(t, (i % 255) + 1, 0, p) for t, p in frames_per_round)
        got = d.feed(wire)
        assert len(got) == len(frames_per_round)
    return rounds * len(frames_per_round) / (time.perf_counter() - t0)


def run() -> list[dict]:
    rows = []
    for label, sel in (("CELL+BUTTON", mix()[:2]), ("1 KB DISPLAY", mix()[2:]), ("mix", mix())):
        rates = [rate(sel, 300) for _ in range(7)]
        rows.append(
            {
                "benchmark": f"protocol encode+decode, CPython, {label}",
                "value": statistics.median(rates),
                "unit": "frames/s",
            }
        )
    return rows
