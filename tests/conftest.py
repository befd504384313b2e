"""Shared fixtures: where the tools are, and running MicroPython."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
MICROPYTHON = str(BIN / "micropython")


def run_micropython(script: Path | str, *args: str, heapsize: str = "128k", timeout: float = 60,
                    extra_path: str = "") -> subprocess.CompletedProcess[str]:
    """Run a script on the real MicroPython unix port with shared/ (and ``extra_path``) importable."""
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(p for p in (extra_path, str(REPO / "shared"), ".frozen") if p)
    return subprocess.run([MICROPYTHON, "-X", f"heapsize={heapsize}", str(script), *args],
                          capture_output=True, text=True, timeout=timeout, env=env, cwd=REPO)


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO
