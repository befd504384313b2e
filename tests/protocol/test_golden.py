"""The protocol package gives the same bytes under CPython and MicroPython, and they match the
checked-in vectors: a change of the wire format cannot slip in unnoticed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.firmware.mpyrun import run_micropython

HERE = Path(__file__).parent
SCRIPT = HERE / "golden.py"
VECTORS = (HERE / "golden_vectors.txt").read_text()


def test_cpython_encodes_and_decodes_the_golden_vectors():
    out = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=True).stdout
    assert out == VECTORS


def test_micropython_encodes_and_decodes_the_golden_vectors():
    result = run_micropython(SCRIPT)
    assert result.returncode == 0, result.stderr + result.stdout
    assert result.stdout == VECTORS


def test_vectors_cover_every_message_type():
    from wtproto import messages as m

    names = {line.split()[0] for line in VECTORS.splitlines() if " decoded " not in line and line.strip()}
    wire_types = set()
    for line in VECTORS.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in names:
            from wtproto.frame import cobs_decode

            raw = cobs_decode(bytes.fromhex(parts[1])[:-1])
            wire_types.add(raw[1])
    missing = {m.NAMES[t] for t in m.NAMES if t not in wire_types}
    assert not missing, f"golden vectors lack {sorted(missing)}"
