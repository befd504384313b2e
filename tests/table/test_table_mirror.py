"""The host's mirror of the table (table/table_mirror.py): a cell report the board sends again after a
relink changes nothing, and a snapshot in several parts replaces the mirror once its last part is in,
with the differences as "snapshot" changes; parts answering an older request are ignored."""

from __future__ import annotations

from wordtable.table.board_events import CellChanged, TableReconciled
from wordtable.table.table_mirror import TableMirror
from wtproto import messages as m

A, B, C = b"\x04aaaaaa", b"\x04bbbbbb", b"\x04cccccc"


def test_a_report_the_mirror_already_shows_is_no_change():
    mirror = TableMirror()
    assert mirror.report(5, A) == CellChanged(5, A)
    assert mirror.report(5, A) is None
    assert mirror.report(5, b"") == CellChanged(5, None) and mirror.cells == {}
    assert mirror.report(5, b"") is None


def test_a_snapshot_in_parts_reconciles_once_its_last_part_is_in():
    mirror = TableMirror()
    mirror.report(1, A)
    mirror.report(2, B)
    old = mirror.expect_snapshot()
    rid = mirror.expect_snapshot()
    parts = m.pack_snapshot_parts(rid, [(2, B), (3, C)] + [(100 + i, A) for i in range(40)], max_payload=64)
    assert len(parts) > 2
    assert mirror.snapshot_part(m.pack_snapshot_parts(old, [])[0]) is None  # the earlier request's answer
    for part in reversed(parts[1:]):
        assert mirror.snapshot_part(part) is None
    assert mirror.cells == {1: A, 2: B}  # unchanged until every part is in
    reconciled = mirror.snapshot_part(parts[0])
    assert reconciled == TableReconciled(
        (CellChanged(1, None, "snapshot"), CellChanged(3, C, "snapshot"))
        + tuple(CellChanged(100 + i, A, "snapshot") for i in range(40))
    )
    assert mirror.cells == {2: B, 3: C} | {100 + i: A for i in range(40)}
    assert mirror.snapshot_part(parts[0]) is None  # the snapshot is done; a repeated part changes nothing
