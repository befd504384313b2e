"""The chip drivers, run on the real MicroPython unix port (128 KB heap) against register-level
stand-ins of the chips: MFRC522 readers with virtual NTAG213 tags, the antenna switch trees, the
SSD1680 panel, 74HC165 button registers, WS2812 LEDs and the buzzer's PWM.

Each ``def test_*`` in ``mpy/mp_*.py`` is one pytest test, run in a fresh MicroPython process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.drivers.mpyharness import collect_mp_tests, run_test


@pytest.mark.parametrize(("module", "func"), collect_mp_tests(), ids=lambda v: v)
def test_on_micropython(module: str, func: str, tmp_path: Path, compiled: tuple[Path, ...]) -> None:
    proc = run_test(module, func, tmp_path, *compiled)
    assert proc.returncode == 0 and proc.stdout.strip().endswith("PASS"), (
        f"{module}.{func} failed on MicroPython:\n{proc.stdout}\n{proc.stderr}"
    )
