"""Heap of the firmware on the real board's drivers (wtfw.boards.pico over the chip stand-ins),
against the 128 KB it is held to: tests/drivers/mpy/memory_probe.py, the firmware as ``make deploy``
installs it (.mpy code in the heap), 321 cells each holding a tag, a full-screen and a partial
DISPLAY, buttons, LEDs, beeps, every DIAG topic, a TAG_WRITE, heartbeats. Figures are bytes live
after a garbage collection at every loop-step boundary, with what is not the board's taken off (the
stand-ins, the probe, the host's end); one deterministic run. The unix port is 64-bit, so these are
upper bounds for a Pico (32-bit objects are about half).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.drivers.mpyharness import memory_probe

HEAP = 128 * 1024


def run() -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="wtmem") as tmp:
        f = memory_probe(Path(tmp))
    kb = 1024
    code, boot, peak = int(f["code"]), int(f["boot"]), int(f["peak"])
    free = 100 * (HEAP - peak) / HEAP
    return [
        {"benchmark": "pico firmware heap: code as .mpy (firmware, drivers, wtproto, main.py)", "value": round(code / kb, 1),
         "unit": "KB", "note": f"{int(f['code_boot']) / kb:.1f} KB while booting (configuration, pin map, layout)"},
        {"benchmark": "pico firmware heap: live after boot", "value": round(boot / kb, 1), "unit": "KB",
         "note": f"data {(boot - code) / kb:.1f} KB"},
        {"benchmark": "pico firmware heap: live peak", "value": round(peak / kb, 1), "unit": "KB",
         "note": f"data {(peak - code) / kb:.1f} KB, during {f['phase'].replace('_', ' ')}"},
        {"benchmark": "pico firmware heap: free at the peak, .mpy code in the heap", "value": round(free, 1),
         "unit": "%", "target": ">= 40 %", "ok": free >= 40, "note": "128 KB heap, 64-bit unix port"},
        {"benchmark": "pico firmware: interned names (qstrs), firmware and probe", "value": int(f["names"]),
         "unit": "names", "note": f"in {f['name_pools']} pools; past 620 MicroPython adds a pool of 640 (7 KB here)"},
    ]
