"""The code stays as `make lint` wants it: ruff's checks and its formatting over the whole tree (the board
type check of firmware/ and shared/ runs in tests/firmware)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


TREE = ["host", "shared", "firmware", "tests", "bench", "hardware"]
RUFF = Path(sys.executable).parent / "ruff"


def test_ruff_finds_nothing_to_fix():
    ruff = RUFF
    out = subprocess.run(
        [str(ruff), "check", "host", "shared", "firmware", "tests", "bench", "hardware"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_every_file_is_formatted_as_ruff_format_writes_it():
    out = subprocess.run(
        [str(RUFF), "format", "--check", *TREE], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, "run `ruff format` (make lint shows the files):\n" + out.stdout + out.stderr
