"""The simulated board's heap with a full table: bench/mpy/heap_probe.py on the MicroPython unix
port, the firmware compiled from source as the sim runs it (321 cells holding a tag, a 296x128
panel, handshake, every CELL report, a SNAPSHOT, a full-screen DISPLAY, heartbeats, control).

The target (issue 2): at least 50 % of its 128 KB heap free at the live peak, code counted.
``python -m bench firmware_heap`` prints the same figures with the code and boot shares.
"""

from __future__ import annotations

from bench.firmware_heap import HEAP_KB, probe


def test_the_sim_board_with_a_full_table_leaves_half_of_its_128k_heap_free() -> None:
    got = probe(HEAP_KB)
    assert got is not None, f"the full-table scenario ran out of memory in {HEAP_KB} KB"
    total, peak = int(got["heap_total"]), int(got["live_peak"])
    free = 100 * (total - peak) / total
    assert free >= 50, (
        f"{free:.1f} % free: code {got['code']} bytes, live peak {peak} bytes during "
        f"{got['live_peak_phase'].replace('_', ' ')}; see firmware/README.md (Memory) for what to trim"
    )
