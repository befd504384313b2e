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

The heap holds the test's own data as well as the firmware's: tests keep what they hold small,
checking streams of reports as they arrive rather than collecting them. The firmware's own share
is measured by ``python -m bench firmware_heap`` and tests/firmware/test_sim_heap.py.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
from mpyrun import MPY_TESTS, compile_mpy, run_micropython
from wordtable.table.deploy import build


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
    """``board/`` (the firmware as deployed, lib/wtproto included), ``tests/`` (the test modules)
    and ``run.py``, built once per session."""
    root = tmp_path_factory.mktemp("mpy-firmware")
    build(root / "board", "x64")
    compile_mpy([p for p in MPY_TESTS.glob("*.py") if p.name != "run.py"], root / "tests", module_names=True)
    shutil.copyfile(MPY_TESTS / "run.py", root / "run.py")
    return root


@pytest.mark.parametrize(("module", "func"), _mp_tests(), ids=lambda v: v)
def test_on_micropython(module: str, func: str, tmp_path: Path, compiled: Path) -> None:
    for name in ("board", "tests", "run.py"):
        (tmp_path / name).symlink_to(compiled / name)
    proc = run_micropython(Path("run.py"), module, func, ".", cwd=tmp_path, sources=False,
                           extra_paths=(Path("tests"), Path("board"), Path("board/lib")))
    assert proc.returncode == 0 and proc.stdout.strip().endswith("PASS"), (
        f"{module}.{func} failed on MicroPython:\n{proc.stdout}\n{proc.stderr}")
