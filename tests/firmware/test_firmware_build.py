"""Build checks of the board code: every file of firmware/ and shared/ compiles with mpy-cross for
the Pico's Cortex-M0+ (armv6m), and the whole passes the board type check of `make lint`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from mpyrun import FIRMWARE, REPO, SHARED, compile_mpy

BOARD_SOURCES = sorted([*FIRMWARE.rglob("*.py"), *SHARED.rglob("*.py")])


def test_board_sources_are_found() -> None:
    names = {p.relative_to(REPO).as_posix() for p in BOARD_SOURCES}
    assert {"firmware/main.py", "firmware/wtfw/app.py", "firmware/wtfw/scanner.py",
            "shared/wtproto/link.py"} <= names


@pytest.mark.parametrize("source", BOARD_SOURCES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_compiles_with_mpy_cross_for_the_pico(source: Path, tmp_path: Path) -> None:
    try:
        compile_mpy([source], tmp_path, march="armv6m")
    except subprocess.CalledProcessError as e:
        pytest.fail(f"mpy-cross rejects {source.relative_to(REPO)}:\n{e.stderr}")
    mpy = (tmp_path / (source.stem + ".mpy")).read_bytes()
    assert mpy[:1] == b"M" and len(mpy) > 4


def test_board_code_passes_the_rp2_type_check() -> None:
    venv_bin = Path(sys.executable).parent
    stubs = venv_bin.parent / "mpstubs"
    cmd = [str(venv_bin / "mypy"), "--config-file", str(REPO / "mypy-board.ini"), "--custom-typeshed-dir",
           str(stubs), "--cache-dir", "/dev/null", "firmware", "shared"]
    proc = subprocess.run(cmd, cwd=REPO, env={"MYPYPATH": str(stubs), "PATH": str(venv_bin)},
                          capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("Success: no issues found")
