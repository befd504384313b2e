"""The code stays as `make lint` wants it: ruff over the whole tree (the board type check of firmware/
and shared/ runs in tests/firmware)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing_to_fix():
    ruff = Path(sys.executable).parent / "ruff"
    out = subprocess.run([str(ruff), "check", "host", "shared", "firmware", "tests", "bench", "hardware"], cwd=REPO,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
