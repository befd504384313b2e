"""A full table (15x15 grid and 4 seats of 24 cells, all occupied) in the 128 KB heap, on MicroPython."""

from check import eq
from rig import Rig, place
from wtfw.app import CELL_QUEUE
from wtproto import messages as m


def full_uid(cell):
    return bytes([4, cell & 0xFF, cell >> 8, 0x10, 0x20, 0x30, 0x40])


def full_table(skip=()):
    """A rig of the real table size, every cell holding a 7-byte UID (but ``skip``)."""
    r = Rig(geometry=(15, 15, 4, 24, 4), display=(296, 128), keep_wire=False)
    for cell in range(321):
        if cell not in skip:
            place(r, cell, full_uid(cell))
    return r


def test_full_table_at_boot_reports_every_cell_once_linked_without_dropping_any():
    r = full_table()
    r.step(5)
    eq(r.app.link.pending(), CELL_QUEUE, "cell reports take their share of the queue while unlinked")
    r.link_up()
    expect = 0
    for _ in range(200):
        r.step(1, 5)
        for cell, uid in r.cells():
            eq((cell, uid), (expect, full_uid(expect)), "CELL reports in cell order")
            expect += 1
    eq(expect, 321, "every cell reported")
    eq((r.app.events_dropped, r.logs()), (0, []))


def test_snapshot_lists_the_debounced_cells_of_a_full_table_in_parts():
    r = full_table()
    r.reader.misread(7, 100000)  # placed but never read: not part of the debounced state
    r.booted_and_linked()
    for _ in range(200):
        r.step(1, 5)
        r.take(m.CELL)
    eq(r.app.link.pending(), 0, "all CELL reports acknowledged")
    r.send(m.SNAPSHOT_REQ, m.pack_snapshot_req(42))
    # The parts are checked as they arrive, not collected: the heap is the board's.
    parts = longest = 0
    want = 0  # the next cell the snapshot should list
    for _ in range(20):
        r.step(1, 5)
        for p in r.take(m.SNAPSHOT):
            longest = max(longest, len(p))
            rid, part, nparts, entries = m.unpack_snapshot(p)
            eq((rid, part, nparts), (42, parts, 13), "320 entries of 10 bytes in parts of at most 256 bytes")
            parts += 1
            for cell, uid in entries:
                if want == 7:
                    want += 1  # never read twice the same: not part of the debounced state
                eq((cell, uid), (want, full_uid(want)))
                want += 1
            entries = None
    eq((parts, longest, want), (13, 255, 321), "every debounced cell in the snapshot")


def test_snapshot_waits_for_room_and_holds_exactly_the_cells_reported_before_it():
    r = full_table(skip=(300,))
    r.booted_and_linked()
    r.auto_ack = False
    r.step(3)  # the queue fills with CELL reports that the host does not acknowledge yet
    r.send(m.SNAPSHOT_REQ, m.pack_snapshot_req(9))
    r.step(3)
    eq(r.take(m.SNAPSHOT), [], "no room yet")
    r.auto_ack = True
    before = bytearray(321)  # 1: reported before the snapshot
    after = 0
    snap = []
    parts = 0
    for _ in range(200):
        r.step(1, 5)
        for mtype, p in r.got:
            if mtype == m.CELL:
                cell = m.unpack_cell(p)[0]
                if parts:
                    assert not before[cell], "cell %d reported twice" % cell
                    after += 1
                else:
                    before[cell] = 1
            elif mtype == m.SNAPSHOT:
                parts += 1
                snap.extend([c for c, _u in m.unpack_snapshot(p)[3]])
        r.got = []
    eq(snap, [c for c in range(321) if before[c]], "the snapshot holds the cells reported before it")
    eq(len(snap) + after, 320, "and the rest follow it as changes")
    assert 0 < after <= 320 - CELL_QUEUE, after
