"""The heap the firmware needs on the real board's drivers, measured by tests/drivers/mpy/
memory_probe.py on the MicroPython unix port: 321 cells all holding a tag, a 296x128 panel given a
full and a partial screen, buttons, LEDs, beeps, heartbeats.

The unix port is 64-bit: its objects take about twice the bytes they take on the RP2040, so its
figures are an upper bound for a Pico. Code counts apart from data: on a board whose MicroPython
image has the firmware frozen into flash (hardware/README.md, "Memory"), code is not in the heap.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.drivers.mpyharness import run_test

HEAP = 128 * 1024


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory, compiled: tuple[Path, ...]) -> dict[str, str]:
    proc = run_test("memory_probe", "run", tmp_path_factory.mktemp("heap"), *compiled, heap="1m")
    assert proc.returncode == 0 and proc.stdout.strip().endswith("PASS"), proc.stdout + proc.stderr
    return dict(line.split()[1:3] for line in proc.stdout.splitlines() if line.startswith("mem "))


def test_the_firmware_data_on_the_real_drivers_leaves_40_percent_of_a_128k_heap_free(mem):
    data_peak = int(mem["peak"]) - int(mem["code"])
    assert int(mem["boot"]) > int(mem["code"]) > 40 * 1024, mem
    assert data_peak <= 0.6 * HEAP, (
        f"the firmware's live data peaks at {data_peak} bytes ({mem['phase']}), "
        f"{100 * data_peak / HEAP:.0f} % of the 128 KB heap")


def test_the_firmware_code_and_data_on_the_real_drivers_fit_in_128k(mem):
    assert int(mem["peak"]) < HEAP, (
        f"code ({mem['code']} bytes) and data peak at {mem['peak']} bytes ({mem['phase']})")
