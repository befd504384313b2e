"""Driver tests: the stand-ins and the firmware (as deployed to a board) compiled once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.drivers.mpyharness import compile_firmware, compile_standins


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ...]:
    """The folders to put first on MICROPYPATH: stand-ins and tests, firmware, the firmware's lib."""
    standins = compile_standins(tmp_path_factory.mktemp("driver-standins"))
    firmware = compile_firmware(tmp_path_factory.mktemp("firmware"))
    return standins, firmware, firmware / "lib"
