"""The firmware's own tests, run on the real MicroPython unix port with a 128 KB heap.

Each ``def test_*`` in ``mpy/mp_*.py`` is one pytest test: ``mpy/run.py`` imports the module and
calls the function in a fresh MicroPython process. The firmware and wtproto are compiled from
source there, as on the sim board; the test modules themselves are precompiled with mpy-cross so
that compiling them does not eat into the 128 KB heap the firmware is held to.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from mpyrun import MPY_TESTS, compile_mpy, run_micropython


def _mp_tests() -> list[tuple[str, str]]:
    found = []
    for path in sorted(MPY_TESTS.glob("mp_*.py")):
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.append((path.stem, node.name))
    return found


@pytest.fixture(scope="session")
def compiled_test_modules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("mpy-tests")
    compile_mpy([p for p in MPY_TESTS.glob("*.py") if p.name != "run.py"], out)
    return out


@pytest.mark.parametrize(("module", "func"), _mp_tests(), ids=lambda v: v)
def test_on_micropython(module: str, func: str, tmp_path: Path, compiled_test_modules: Path) -> None:
    proc = run_micropython(MPY_TESTS / "run.py", module, func, str(tmp_path),
                           extra_paths=(compiled_test_modules,))
    assert proc.returncode == 0 and proc.stdout.strip().endswith("PASS"), (
        f"{module}.{func} failed on MicroPython:\n{proc.stdout}\n{proc.stderr}")
