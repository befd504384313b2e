"""Firmware tests: MicroPython-side suites (mpy/), the real sim process, and the build checks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from simproc import SimFirmware


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[SimFirmware]:
    """A sim firmware process (not started yet) whose world and panel live in ``tmp_path``."""
    fw = SimFirmware(tmp_path)
    yield fw
    fw.cleanup()
