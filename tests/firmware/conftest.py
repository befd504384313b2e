"""Firmware tests: MicroPython-side suites (mpy/), the real sim process, and the build checks."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from mpyrun import SHARED

try:
    import wtproto  # noqa: F401  (installed by `make setup`, editable)
except ImportError:  # a checkout without the editable install: use the package in the tree
    sys.path.insert(0, str(SHARED))

from simproc import SimFirmware  # noqa: E402


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[SimFirmware]:
    """A sim firmware process (not started yet) whose world and panel live in ``tmp_path``."""
    fw = SimFirmware(tmp_path)
    yield fw
    fw.cleanup()
