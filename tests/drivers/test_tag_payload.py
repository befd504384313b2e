"""The tag record the reader tests read is the one the host writes (hardware/tags.md)."""

from __future__ import annotations

import ast
from pathlib import Path

from wordtable.table.tags import decode_ndef, encode_ndef

MP_TEST = Path(__file__).parent / "mpy" / "mp_mfrc522.py"


def test_the_driver_tests_read_the_record_the_host_writes_for_a_tile_in_one_read():
    tree = ast.parse(MP_TEST.read_text())
    value = next(
        node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "NDEF"
    )
    assert value == encode_ndef("wg", "103")
    assert len(value) == 16, "pages 4 to 7: one NTAG READ"
    assert decode_ndef(value) == ("wg", "103")


def test_the_tag_write_tests_write_the_record_the_host_sends_for_a_tile():
    tree = ast.parse((MP_TEST.parent / "mp_diag.py").read_text())
    value = next(
        node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "RECORD"
    )
    assert value == encode_ndef("wg", "103")
