"""Running the driver tests and benchmarks on the MicroPython unix port.

The stand-ins and test modules (``tests/drivers/mpy``) are compiled with mpy-cross so that
compiling them does not crowd the 128 KB heap; the firmware is compiled the same way, into the
tree ``make deploy`` puts on a board (wtfw/, drivers/, lib/wtproto/, as .mpy files), when a test
measures the heap the board would have.
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

from tests.firmware.mpyrun import MPY_TESTS, compile_mpy, run_micropython

HERE = Path(__file__).resolve().parent / "mpy"
RUNNER = MPY_TESTS / "run.py"  # the firmware suites' runner: ``run.py MODULE FUNCTION TMPDIR``
# eq(); the App with a host end; mounting a ROMFS image
FROM_FIRMWARE_SUITES = (MPY_TESTS / "check.py", MPY_TESTS / "rig.py", MPY_TESTS / "rom.py")
PROBE_LINE = Path(__file__).resolve().parents[2] / "bench" / "mpy" / "probe_line.py"  # the heap probes' line


def collect_mp_tests() -> list[tuple[str, str]]:
    """(module, function) of every ``def test_*`` in ``mpy/mp_*.py``."""
    found = []
    for path in sorted(HERE.glob("mp_*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.append((path.stem, node.name))
    return found


def compile_standins(out: Path) -> Path:
    """The stand-ins, the test modules, ``check`` and ``rig`` of the firmware suites and the heap
    probes' serial line (bench/mpy/probe_line.py), compiled into ``out``."""
    compile_mpy([*HERE.glob("*.py"), *FROM_FIRMWARE_SUITES, PROBE_LINE], out, module_names=True)
    return out


def compile_firmware(out: Path) -> Path:
    """The firmware as a board gets it: ``out/wtfw``, ``out/drivers`` and ``out/lib/wtproto`` as
    .mpy files (wordtable.table.deploy.build). Returns the folder to put on MICROPYPATH first."""
    from wordtable.table.deploy import build

    build(out, "x64")
    return out


# The firmware's 128 KB plus what the stand-ins take: their code (about 60 KB on the 64-bit unix
# port) and the chips' models (about 30 KB, the panel's three RAMs the most). The firmware's own
# share is held to 128 KB by mp_board.test_memory_*.
TEST_HEAP = "320k"


def run_test(
    module: str, func: str, tmp: Path, *paths: Path, heap: str = TEST_HEAP
) -> subprocess.CompletedProcess[str]:
    """Run one MicroPython test function with ``paths`` (compiled folders) first on the path."""
    return run_micropython(RUNNER, module, func, str(tmp), extra_paths=paths, heap=heap, timeout=120)


# The board's heap, in bytes of a 32-bit port: the unix port's -X heapsize=128wK, twice as many bytes
# on this 64-bit port, where every pointer and object header takes twice a Pico's.
BOARD_HEAP_32 = 128 * 1024
LAYOUTS = ("mpy", "romfs")  # the firmware as .mpy files (code in the heap), or from a ROMFS image


def memory_probe(root: Path, layout: str = "mpy") -> dict[str, str]:
    """Run ``mpy/memory_probe.py`` (the firmware's heap on the real drivers) with the firmware and the
    stand-ins compiled into ``root``, the firmware as .mpy files or (``layout`` "romfs") from the
    ROMFS image of them; its ``mem NAME VALUE`` lines as a dict, with ``names`` and ``name_pools``:
    the interned names (qstrs) once the firmware is loaded, and their pools. The probe takes what is
    not the board's off its figures, so its own heap (given in words) is larger than the board's."""
    from wordtable.table.firmware_image import BOOT_FILE, make_romfs

    standins = compile_standins(root / "standins")
    if layout == "romfs":
        from wordtable.table.deploy import build

        files = build(root / "board", "x64")
        image = root / "firmware.romfs"
        make_romfs(root / "board", [p for p in files if p != Path(BOOT_FILE)], image)
        flash = root / "flash"  # the board's filesystem: main.py alone
        flash.mkdir()
        (flash / BOOT_FILE).write_bytes((root / "board" / BOOT_FILE).read_bytes())
        paths: tuple[Path, ...] = (standins, flash)
        args: tuple[str, ...] = (str(image),)
    else:
        firmware = compile_firmware(root / "firmware")
        paths, args = (standins, firmware, firmware / "lib"), ()
    proc = run_micropython(HERE / "memory_probe.py", *args, extra_paths=paths, heap="512wK", timeout=300)
    if proc.returncode != 0 or not proc.stdout.strip().endswith("PASS"):
        raise RuntimeError(f"the memory probe failed:\n{proc.stdout}\n{proc.stderr}")
    got = dict(line.split()[1:3] for line in proc.stdout.splitlines() if line.startswith("mem "))
    pools = re.search(r"qstr pool: n_pool=(\d+), n_qstr=(\d+)", proc.stdout)
    if pools is None:
        raise RuntimeError(f"the memory probe printed no qstr pool line:\n{proc.stdout}")
    got["name_pools"], got["names"] = pools.group(1), pools.group(2)
    return got
