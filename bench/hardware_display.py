"""E-ink updates of the real board: what the SSD1680 driver sends for a full screen and for
partial ones, from the bytes counted on the panel's SPI bus by the model of the controller
(tests/drivers/mpy/display_probe.py), and the modelled bus time at the board's 4 MHz.

A partial update writes the changed window into RAM 24h and, before the next update, the same
window into RAM 26h (the previous picture display mode 2 compares with); a full update writes the
whole picture both times. The refresh itself takes what the panel takes (about 3 s full, 0.5 s
partial on the 2.9" panels; not modelled here).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.drivers.mpyharness import compile_firmware, compile_standins, run_test

SPI_HZ = 4_000_000
RP2040_CALL_US = 20  # MicroPython's cost per SPI call on a Pico: an estimate, as in hardware_sweep


def probe() -> dict[str, int]:
    with tempfile.TemporaryDirectory(prefix="wtdisplay") as tmp:
        root = Path(tmp)
        standins = compile_standins(root / "standins")
        firmware = compile_firmware(root / "firmware")
        proc = run_test("display_probe", "run", root, standins, firmware, firmware / "lib", heap="2m")
    if proc.returncode != 0 or not proc.stdout.strip().endswith("PASS"):
        raise RuntimeError(f"display probe failed:\n{proc.stdout}\n{proc.stderr}")
    return {k: int(v) for k, v in (line.split() for line in proc.stdout.splitlines() if " " in line)}


def run() -> list[dict]:
    f = probe()
    if f["panel_errors"]:
        raise RuntimeError(f"the controller model saw {f['panel_errors']} misuses")
    rows = []
    for key, name in (
        ("full_screen", "full screen 296x128, full refresh"),
        ("partial_score_box_96x24", "partial update, a 96x24 score box"),
        ("partial_text_line_296x16", "partial update, a 296x16 text line"),
        ("partial_whole_screen", "partial update of the whole screen"),
    ):
        nbytes = f[f"{key}_bytes"]
        calls = f[f"{key}_calls"]
        bus_ms = nbytes * 8 / SPI_HZ * 1000
        rows.append(
            {
                "benchmark": f"e-ink {name}: bytes on SPI",
                "value": nbytes,
                "unit": "B",
                "note": f"{calls} SPI calls; RAM 24h, then 26h before the next update",
            }
        )
        rows.append(
            {
                "benchmark": f"e-ink {name}: bus time (modelled)",
                "value": bus_ms + calls * RP2040_CALL_US / 1000,
                "unit": "ms",
                "note": f"{bus_ms:.1f} ms at 4 MHz + {RP2040_CALL_US} us per call (estimate)",
            }
        )
    full = f["full_screen_bytes"]
    box = f["partial_score_box_96x24_bytes"]
    rows.append(
        {
            "benchmark": "e-ink partial score box / full screen, bytes",
            "value": round(100 * box / full, 1),
            "unit": "%",
            "target": "< 10 %",
            "ok": box < 0.1 * full,
        }
    )
    rows.append(
        {
            "benchmark": "unix-port CPU time to take in a full screen (8 regions)",
            "value": f["unix_full_screen_write_us"] / 1000,
            "unit": "ms",
            "note": "framebuf blit into the column-byte picture, then RAM bytes out; median of 5",
        }
    )
    return rows
