"""Heap of the sim firmware on MicroPython with a full table, against its 128 KB heap.

bench/mpy/heap_probe.py boots the sim board as main.py does, with a tag on all 321 cells (15x15
grid and 4 seats of 24) and a 296x128 panel, and runs a handshake, 321 CELL reports, a SNAPSHOT, a
full-panel DISPLAY, heartbeats and control commands. Figures are heap bytes (deterministic: one
run each), excluding what the probe script itself occupies. The smallest heap that runs the whole
scenario is found by bisection: it counts what the steps need on top of the live data, in a heap
fragmented the way compiling modules from source leaves it.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from wordtable.table.sim import link_sources

from tests.firmware.mpyrun import run_micropython

HERE = Path(__file__).parent / "mpy"
HEAP_KB = 128
# What any board runs (main.py imports wtfw.app: scanner, board, wtproto); its drivers come on top.
CORE_MODULES = ("main", "wtfw.stdio")
# What the sim adds at run time: its world and reader, panel, buttons and feedback, control channel.
SIM_RUN_MODULES = (*CORE_MODULES, "wtfw.sim.world", "wtfw.sim.panel", "wtfw.sim.devices", "wtfw.sim.control")
# Everything the sim imports; wtfw.boards and wtfw.boards.sim (options, world file, sockets) run at
# boot only, and main.py drops them once the board is built.
SIM_MODULES = ("main", "wtfw.boards.sim")


def run_linked(script: str, *args: str, heap: str = "128k") -> subprocess.CompletedProcess[str]:
    """Run ``bench/mpy/<script>`` with the firmware from source as the sim runs it: in a folder of
    its own, with the sources by short fixed names (wordtable.table.sim.link_sources), so that the
    figures do not depend on where the checkout is. ``args`` may name files in that folder as ``.``."""
    with tempfile.TemporaryDirectory(prefix="wtheap") as work:
        link_sources(Path(work))
        (Path(work) / "probe").symlink_to(HERE.resolve(), target_is_directory=True)
        return run_micropython(
            Path("probe") / script,
            *args,
            heap=heap,
            timeout=120,
            cwd=Path(work),
            sources=False,
            extra_paths=(Path("fw"), Path("lib")),
        )


def probe(heap_kb: int) -> dict[str, str] | None:
    """The probe's figures with a heap of ``heap_kb`` KB, or None if it ran out of memory."""
    proc = run_linked("heap_probe.py", ".", heap=f"{heap_kb}k")
    if proc.returncode != 0:
        if "MemoryError" in proc.stdout + proc.stderr:
            return None
        raise RuntimeError(f"heap probe failed at {heap_kb} KB:\n{proc.stdout}\n{proc.stderr}")
    return dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line)


def code_size(modules: tuple[str, ...]) -> int:
    proc = run_linked("code_size.py", *modules)
    if proc.returncode != 0:
        raise RuntimeError(proc.stdout + proc.stderr)
    return int(proc.stdout.split()[-1])


def smallest_heap(lo: int, hi: int) -> int:
    """Smallest heap in KB (lo < answer <= hi) that runs the scenario; hi must run it."""
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if probe(mid) is None:
            lo = mid
        else:
            hi = mid
    return hi


def run() -> list[dict]:
    full = probe(HEAP_KB)
    if full is None:
        raise RuntimeError(f"the full-table scenario runs out of memory in {HEAP_KB} KB")
    total = int(full["heap_total"])
    live_peak = int(full["live_peak"])
    kb = 1024
    need = smallest_heap(48, HEAP_KB)
    free_share = 100 * (total - live_peak) / total
    scenario = "sim board, 321 cells with 7-byte UIDs, 296x128 panel"
    core = code_size(CORE_MODULES)
    resident = code_size(SIM_RUN_MODULES)
    return [
        {
            "benchmark": "firmware heap: code imported, sim board (main.py, wtfw, wtproto from source)",
            "value": int(full["code"]) / kb,
            "unit": "KB",
            "note": f"{(int(full['code']) - resident) / kb:.1f} KB of it is boot-only (wtfw.boards), "
            "dropped once the board is built",
        },
        {
            "benchmark": "firmware heap: code, board core (main.py, app, scanner, board, stdio, wtproto)",
            "value": core / kb,
            "unit": "KB",
            "note": "what a board runs besides its drivers; bytecode, constants and names stay in the heap "
            "unless frozen into the firmware image",
        },
        {
            "benchmark": "firmware heap: code, sim parts that stay after boot (world, panel, buttons, control)",
            "value": (resident - core) / kb,
            "unit": "KB",
            "note": "the sim's stand-ins for the hardware",
        },
        {
            "benchmark": "firmware heap: live after boot, " + scenario,
            "value": int(full["boot"]) / kb,
            "unit": "KB",
            "note": "code that stays included; cell table, world, panel RAM",
        },
        {
            "benchmark": "firmware heap: live peak between loop steps, " + scenario,
            "value": live_peak / kb,
            "unit": "KB",
            "note": "during " + full["live_peak_phase"].replace("_", " "),
        },
        {
            "benchmark": "firmware heap: free at the live peak, 128 KB heap",
            "value": round(free_share, 1),
            "unit": "%",
            "target": ">= 50 %",
            "ok": free_share >= 50,
            "note": "code counted; with the code frozen into flash the live data alone is "
            f"{(live_peak - resident) / kb:.1f} KB",
        },
        {
            "benchmark": "firmware heap: smallest heap that runs the scenario",
            "value": need,
            "unit": "KB",
            "note": "informative, a stricter reading than the target above: live data plus what the steps "
            "allocate at their peak, in a heap fragmented by compiling from source",
        },
    ]
