"""The heap the firmware needs on the real board's drivers, measured by tests/drivers/mpy/
memory_probe.py on the MicroPython unix port: the firmware as ``make deploy`` installs it (.mpy
files, so its code is in the heap), 321 cells all holding a tag, a 296x128 panel given a full and a
partial screen, buttons, LEDs, beeps, every diagnostic, a tag write, heartbeats.

The target (issue 7): in a 128 KB heap, at least 40 % stays free with the code in the heap. The
unix port is 64-bit, so these are upper bounds for a Pico (its objects take about half the bytes).
"""

from __future__ import annotations

import pytest

from tests.drivers.mpyharness import memory_probe

HEAP = 128 * 1024


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> dict[str, int | str]:
    got = memory_probe(tmp_path_factory.mktemp("heap"))
    return {k: (v if k == "phase" else int(v)) for k, v in got.items()}


def test_the_firmware_with_its_code_in_the_heap_leaves_40_percent_of_128k_free(mem):
    free = 100 * (HEAP - mem["peak"]) / HEAP
    assert free >= 40, (
        f"code {mem['code']} bytes and data peak at {mem['peak']} bytes ({mem['phase']}): "
        f"{free:.1f} % of the 128 KB heap free")


# MicroPython keeps interned names (qstrs: every module, global, attribute, argument name and short
# string of the code) in pools that double: holding 20, 40, 80, 160 and 320, then 640 more. Past 620
# names the next pool costs 7 KB at once here (640 entries), 4.5 KB on a Pico. Every firmware module
# the board ever loads counts: its names stay after the module is dropped.
NAME_POOL_LIMIT = 620


def test_the_firmware_interns_fewer_names_than_fill_the_fifth_pool(mem):
    assert mem["names"] <= NAME_POOL_LIMIT, (
        f"the firmware and the probe intern {mem['names']} names: past {NAME_POOL_LIMIT} MicroPython "
        f"allocates another pool of 640 (7 KB of a 64-bit heap); fold a module into another, make "
        f"constants private (_NAME = const(...)), move what only the host uses into hostcodec")


def test_the_probe_measures_the_board_not_nothing(mem):
    # The figures are of a running board: code loaded, a full table reported, a screen shown.
    assert 30 * 1024 < mem["code"] < mem["code_boot"], mem
    assert mem["boot"] > mem["code"] + 16 * 1024, mem  # cell tables, panel picture, chips
    assert mem["peak"] >= mem["boot"], mem
    assert mem["standins"] > 0, mem
