"""Heap of the firmware on the real board's drivers (wtfw.boards.pico over the chip stand-ins),
against the 128 KB it is held to: tests/drivers/mpy/memory_probe.py, 321 cells each holding a tag,
a full-screen and a partial DISPLAY, buttons, LEDs, beeps. Figures are bytes live after a garbage
collection at every loop-step boundary, the stand-ins' share taken off; one deterministic run.
The unix port is 64-bit, so these are upper bounds for a Pico (32-bit objects are about half).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.drivers.mpyharness import compile_firmware, compile_standins, run_test

HEAP = 128 * 1024


def probe() -> dict[str, str]:
    with tempfile.TemporaryDirectory(prefix="wtmem") as tmp:
        root = Path(tmp)
        standins = compile_standins(root / "standins")
        firmware = compile_firmware(root / "firmware")
        proc = run_test("memory_probe", "run", root, standins, firmware, firmware / "lib", heap="1m")
    if proc.returncode != 0 or not proc.stdout.strip().endswith("PASS"):
        raise RuntimeError(f"memory probe failed:\n{proc.stdout}\n{proc.stderr}")
    return dict(line.split()[1:3] for line in proc.stdout.splitlines() if line.startswith("mem "))


def run() -> list[dict]:
    f = probe()
    kb = 1024
    code, peak = int(f["code"]), int(f["peak"])
    data = peak - code
    free_frozen = 100 * (HEAP - data) / HEAP
    free_heap = 100 * (HEAP - peak) / HEAP
    phase = f["phase"].replace("_", " ")
    return [
        {"benchmark": "pico firmware heap: code as .mpy (firmware, drivers, wtproto)", "value": code / kb,
         "unit": "KB", "note": f"{int(f['code_at_boot']) / kb:.1f} KB while booting (pin map, layout dropped after)"},
        {"benchmark": "pico firmware heap: live after boot", "value": int(f["boot"]) / kb, "unit": "KB"},
        {"benchmark": "pico firmware heap: live peak", "value": peak / kb, "unit": "KB", "note": f"during {phase}"},
        {"benchmark": "pico firmware heap: free at the peak, code frozen into flash", "value": round(free_frozen, 1),
         "unit": "%", "target": ">= 40 %", "ok": free_frozen >= 40, "note": f"live data {data / kb:.1f} KB"},
        {"benchmark": "pico firmware heap: free at the peak, .mpy code in the heap", "value": round(free_heap, 1),
         "unit": "%", "target": ">= 40 %", "ok": free_heap >= 40,
         "note": "64-bit unix port; freeze the firmware into the MicroPython image (hardware/README.md)"},
    ]
