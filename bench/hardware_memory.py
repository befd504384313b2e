"""Heap of the firmware on the real board's drivers (wtfw.boards.pico over the chip stand-ins),
against the 128 KB it is held to: tests/drivers/mpy/memory_probe.py, 321 cells each holding a tag,
a full-screen and a partial DISPLAY, buttons, LEDs, beeps, every DIAG topic, a TAG_WRITE,
heartbeats. Twice: the firmware as ``make deploy`` copies it to a board without ROMFS (.mpy files,
its code in the heap), and from the ROMFS image ``make firmware`` builds (bytecode run in place).
Figures are bytes live after a garbage collection at every loop-step boundary, with what is not
the board's taken off (the stand-ins, the probe, the host's end); one deterministic run each.

The unix port is 64-bit. The heap is given in words (``-X heapsize=128wK``: 128 KB of a 32-bit
port, 256 KB here) so that shares scale to a Pico; the share of 128 KB of this port's bytes is the
stricter reading (a Pico's byte data takes the same bytes, its objects about half). ROMFS is an
upper bound for frozen code, not the same thing: frozen code keeps its functions and names in flash
too.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.drivers.mpyharness import BOARD_HEAP_32, memory_probe

HEAP = 128 * 1024


def run() -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="wtmem") as tmp:
        f = memory_probe(Path(tmp) / "mpy", "mpy")
        r = memory_probe(Path(tmp) / "romfs", "romfs")
    kb = 1024
    code, boot, peak = int(f["code"]), int(f["boot"]), int(f["peak"])
    free = 100 * (HEAP - peak) / HEAP
    words = BOARD_HEAP_32 * int(f["word"]) // 4
    free_w = 100 * (words - peak) / words
    r_code, r_peak = int(r["code"]), int(r["peak"])
    r_free_w = 100 * (words - r_peak) / words
    r_free = 100 * (HEAP - r_peak) / HEAP
    return [
        {
            "benchmark": "pico firmware heap: code as .mpy (firmware, drivers, wtproto, main.py)",
            "value": round(code / kb, 1),
            "unit": "KB",
            "note": f"{int(f['code_boot']) / kb:.1f} KB while booting (configuration, pin map, layout)",
        },
        {
            "benchmark": "pico firmware heap: live after boot",
            "value": round(boot / kb, 1),
            "unit": "KB",
            "note": f"data {(boot - code) / kb:.1f} KB",
        },
        {
            "benchmark": "pico firmware heap: live peak",
            "value": round(peak / kb, 1),
            "unit": "KB",
            "note": f"data {(peak - code) / kb:.1f} KB, during {f['phase'].replace('_', ' ')}",
        },
        {
            "benchmark": "pico firmware heap: free at the peak, .mpy code in the heap",
            "value": round(free, 1),
            "unit": "%",
            "target": ">= 40 %",
            "ok": free >= 40,
            "note": "128 KB of the 64-bit unix port's bytes (the strict reading)",
        },
        {
            "benchmark": "pico firmware heap: free at the peak, .mpy code in the heap, 128wK heap",
            "value": round(free_w, 1),
            "unit": "%",
            "target": ">= 40 %",
            "ok": free_w >= 40,
            "note": f"-X heapsize=128wK: 128 KB of a 32-bit port ({words // kb} KB here)",
        },
        {
            "benchmark": "pico firmware heap: code from a ROMFS image (main.py from source)",
            "value": round(r_code / kb, 1),
            "unit": "KB",
            "note": f"{int(r['code_boot']) / kb:.1f} KB while booting; bytecode in place, "
            "functions, classes and names in the heap",
        },
        {
            "benchmark": "pico firmware heap: live peak, code from ROMFS",
            "value": round(r_peak / kb, 1),
            "unit": "KB",
            "note": f"data {(r_peak - r_code) / kb:.1f} KB, during {r['phase'].replace('_', ' ')}",
        },
        {
            "benchmark": "pico firmware heap: free at the peak, code in ROMFS, 128wK heap",
            "value": round(r_free_w, 1),
            "unit": "%",
            "target": ">= 70 %",
            "ok": r_free_w >= 70,
            "note": f"{r_free:.1f} % of 128 KB of this port's bytes; an upper bound for frozen code, not the same",
        },
        {
            "benchmark": "pico firmware: interned names (qstrs), firmware and probe",
            "value": int(f["names"]),
            "unit": "names",
            "note": f"in {f['name_pools']} pools ({r['names']} from ROMFS); past 620 MicroPython "
            "adds a pool of 640 (7 KB here)",
        },
    ]
