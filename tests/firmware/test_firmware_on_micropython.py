"""The firmware's own tests, run on the real MicroPython unix port with a 128 KB heap.

Each ``def test_*`` in ``mpy/mp_*.py`` is one pytest test: ``mpy/run.py`` imports the module and
calls the function in a fresh MicroPython process. The firmware runs as a board gets it: the
``.mpy`` tree ``make deploy`` builds (wordtable.table.deploy.build), and the test modules are
compiled with mpy-cross the same way, so that no compiling happens in the 128 KB heap.

Every process sees one fixed layout of short relative paths (``board/``, ``tests/``, ``run.py``
and its working folder ``.``), and every .mpy carries its module name as its source name. The
names the heap interns are then the same on every machine, wherever the repository or the
temporary folders are: a test that runs here runs in CI with the same heap, byte for byte. (When
file paths were interned, a checkout at a longer path once tipped a full-table test into a
MemoryError that never showed locally.)

Every test runs twice: from the ``.mpy`` files (a board without ROMFS, its code in the heap), and
from the ROMFS image ``make firmware`` builds (``board.romfs``, mounted at /rom as a board with a
ROMFS partition does; its bytecode runs in place). The unix port has no ROM partition, so the image
is read into the heap first and the heap is larger by the image's size: the firmware and the test
have the same 128 KB in both.

The heap holds the test's own data as well as the firmware's: tests keep what they hold small,
checking streams of reports as they arrive rather than collecting them. The firmware's own share
is measured by ``python -m bench firmware_heap`` and tests/firmware/test_sim_heap.py.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
from mpyrun import HEAP, MPY_TESTS, compile_mpy, run_micropython
from wordtable.table.firmware_image import BOOT_FILE, build, make_romfs

LAYOUTS = ("mpy", "romfs")


def _mp_tests() -> list[tuple[str, str]]:
    found = []
    for path in sorted(MPY_TESTS.glob("mp_*.py")):
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.append((path.stem, node.name))
    return found


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``board/`` (the firmware as deployed, lib/wtproto included), ``board.romfs`` (all of it but
    main.py, as a ROMFS image) with ``flash/`` (what the board's filesystem then holds: main.py),
    ``tests/`` (the test modules) and ``run.py``, built once per session."""
    root = tmp_path_factory.mktemp("mpy-firmware")
    files = build(root / "board", "x64")
    make_romfs(root / "board", [p for p in files if p != Path(BOOT_FILE)], root / "board.romfs")
    (root / "flash").mkdir()
    shutil.copyfile(root / "board" / BOOT_FILE, root / "flash" / BOOT_FILE)
    compile_mpy([p for p in MPY_TESTS.glob("*.py") if p.name != "run.py"], root / "tests", module_names=True)
    shutil.copyfile(MPY_TESTS / "run.py", root / "run.py")
    return root


def _heap_bytes(size: str) -> int:
    return int(size[:-1]) * 1024 if size[-1] in "kK" else int(size)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize(("module", "func"), _mp_tests(), ids=lambda v: v)
def test_on_micropython(module: str, func: str, layout: str, tmp_path: Path, compiled: Path) -> None:
    for name in ("board", "board.romfs", "flash", "tests", "run.py"):
        (tmp_path / name).symlink_to(compiled / name)
    if layout == "romfs":
        image = (compiled / "board.romfs").stat().st_size
        proc = run_micropython(
            Path("run.py"),
            module,
            func,
            ".",
            "board.romfs",
            cwd=tmp_path,
            sources=False,
            extra_paths=(Path("tests"), Path("flash")),
            heap=str(_heap_bytes(HEAP) + image),
        )
    else:
        proc = run_micropython(
            Path("run.py"),
            module,
            func,
            ".",
            cwd=tmp_path,
            sources=False,
            extra_paths=(Path("tests"), Path("board"), Path("board/lib")),
        )
    assert proc.returncode == 0 and proc.stdout.strip().endswith("PASS"), (
        f"{module}.{func} ({layout}) failed on MicroPython:\n{proc.stdout}\n{proc.stderr}"
    )
