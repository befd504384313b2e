"""Protocol encode+decode rate on MicroPython (run by bench/protocol_mpy.py).

The same mix as bench/protocol_cpython.py. Prints ``label frames_per_second`` per run.
"""

import time

from wtproto import messages as m
from wtproto.frame import Deframer, encode_frame

UID = bytes.fromhex("04a23f1a5c8000")
MIX = [
    (m.CELL, m.pack_cell(112, UID)),
    (m.BUTTON, m.pack_button(1, 0, m.PRESSED, 123456)),
    (m.DISPLAY, m.pack_display(0, 0, 296, 27, m.REFRESH_PARTIAL, bytes(range(256)) * 3 + bytes(999 - 768))),
]


def rate(frames, rounds):
    d = Deframer()
    t0 = time.ticks_us()
    for i in range(rounds):
        wire = b"".join([encode_frame(t, (i % 255) + 1, 0, p) for t, p in frames])
        got = d.feed(wire)
        assert len(got) == len(frames)
    return rounds * len(frames) * 1000000 // max(1, time.ticks_diff(time.ticks_us(), t0))


for label, sel, rounds in (("CELL+BUTTON", MIX[:2], 300), ("1_KB_DISPLAY", MIX[2:], 40), ("mix", MIX, 40)):
    for _ in range(7):
        print(label, rate(sel, rounds))
