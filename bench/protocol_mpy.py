"""Protocol encode+decode rate on MicroPython (frames per second), the mix of protocol_cpython.py.

Runs bench/mpy/protocol_rate.py on the unix port with the firmware's 128 KB heap; medians of seven
runs.
"""

from __future__ import annotations

import statistics
from pathlib import Path

from tests.firmware.mpyrun import run_micropython

SCRIPT = Path(__file__).parent / "mpy" / "protocol_rate.py"


def run() -> list[dict]:
    proc = run_micropython(SCRIPT, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(proc.stdout + proc.stderr)
    rates: dict[str, list[int]] = {}
    for line in proc.stdout.splitlines():
        label, value = line.split()
        rates.setdefault(label.replace("_", " "), []).append(int(value))
    return [
        {
            "benchmark": f"protocol encode+decode, MicroPython, {label}",
            "value": statistics.median(v),
            "unit": "frames/s",
        }
        for label, v in rates.items()
    ]
