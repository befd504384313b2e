"""Debounce of cell reads (wtfw.scanner) on MicroPython."""

import micropython
from check import UID4, UID7, UID10, eq, reported_uid
from wtfw.scanner import CANDIDATES, FAULT_READS, Scanner
from wtfw.sim.world import SimReader, World
from wtproto import messages as m


class ScriptedReader:
    """Each cell answers from its own script of reads (bytes: a tag, b"": empty, -1: read error);
    when a script runs out the cell keeps answering its last entry. A cell without a script reads
    ``steady(cell)``, empty by default: scripts for a whole table would crowd the 128 KB heap, which
    is the board's."""

    def __init__(self, ncells, steady=None):
        self.ncells = ncells
        self.scripts = {}  # cell: [reads, position]
        self.steady = steady

    def script(self, cell, reads):
        self.scripts[cell] = [reads, 0]

    def read_uid(self, cell, buf):
        entry = self.scripts.get(cell)
        if entry is None:
            r = self.steady(cell) if self.steady else b""
        else:
            s, i = entry
            r = s[i] if i < len(s) else s[-1]
            entry[1] = i + 1
        if r == -1:
            return -1
        for k in range(len(r)):
            buf[k] = r[k]
        return len(r)


def recorder(changes, accept=True):
    """An on_change callback that notes (cell, uid) and answers ``accept``."""

    def on_change(cell, buf, n):
        changes.append((cell, bytes(buf[:n])))
        return accept

    return on_change


def counter(seen):
    """An on_change callback that counts reports in ``seen[0]`` and checks each against
    ``expect(cell)`` in ``seen[1]``, for tables whose reports would crowd the heap if kept."""

    def on_change(cell, buf, n):
        eq(bytes(buf[:n]), seen[1](cell), "report of cell %d" % cell)
        seen[0] += 1
        return True

    return on_change


def make(ncells=4, steady=None):
    changes = []
    reader = ScriptedReader(ncells, steady)
    sc = Scanner(reader, recorder(changes))
    return sc, reader, changes


def sweeps(sc, n):
    for _ in range(n):
        assert sc.scan(), "scan() without a count must complete a sweep"


def test_tag_is_reported_after_two_identical_reads():
    sc, reader, changes = make()
    reader.script(2, [UID7])
    sweeps(sc, 1)
    eq(changes, [], "after one read")
    sweeps(sc, 1)
    eq(changes, [(2, UID7)], "after two reads")
    sweeps(sc, 5)
    eq(changes, [(2, UID7)], "a tag that stays is reported once")
    eq(reported_uid(sc, 2), UID7, "reported state")


def test_lifted_tag_is_reported_as_empty_after_two_reads():
    sc, reader, changes = make()
    reader.script(1, [UID4, UID4, b""])
    sweeps(sc, 3)
    eq(changes, [(1, UID4)])
    sweeps(sc, 1)
    eq(changes, [(1, UID4), (1, b"")])
    eq(reported_uid(sc, 1), b"")


def test_tag_swapped_for_another_reports_the_new_uid_only():
    sc, reader, changes = make()
    reader.script(0, [UID4, UID4, UID7])
    sweeps(sc, 4)
    eq(changes, [(0, UID4), (0, UID7)])


def test_flickering_tag_is_never_reported():
    sc, reader, changes = make()
    reader.script(3, [UID7, b"", UID7, b"", UID7, b"", UID7, b"", b""])
    sweeps(sc, 12)
    eq(changes, [], "alternating reads never agree twice in a row")


def test_flicker_between_two_tags_reports_neither_until_one_settles():
    sc, reader, changes = make()
    reader.script(0, [UID4, UID7, UID4, UID7, UID4, UID4])
    sweeps(sc, 5)
    eq(changes, [])
    sweeps(sc, 1)
    eq(changes, [(0, UID4)])


def test_read_error_between_two_identical_reads_still_confirms():
    sc, reader, changes = make()
    reader.script(1, [UID4, -1, -1, UID4])
    sweeps(sc, 3)
    eq(changes, [], "errors do not confirm")
    sweeps(sc, 1)
    eq(changes, [(1, UID4)], "the second good read confirms")
    eq(sc.read_errors, 2, "read errors counted")


def test_read_errors_do_not_reset_a_reported_tag():
    sc, reader, changes = make()
    reader.script(2, [UID7, UID7] + [-1] * 10 + [UID7])
    sweeps(sc, 14)
    eq(changes, [(2, UID7)], "a failing reader does not make the tag disappear")
    eq(sc.read_errors, 10)


def test_changes_on_many_cells_in_one_sweep_are_all_reported_in_cell_order():
    sc, reader, changes = make(6)
    reader.script(5, [UID4])
    reader.script(0, [UID7])
    reader.script(3, [UID10])
    sweeps(sc, 2)
    eq(changes, [(0, UID7), (3, UID10), (5, UID4)])


def test_more_changes_at_once_than_candidate_slots_are_all_reported_in_later_sweeps():
    n = CANDIDATES * 3 + 5
    sc, reader, changes = make(n, lambda cell: UID4[:3] + bytes([cell]))
    sweeps(sc, 2)
    eq(changes, [(c, UID4[:3] + bytes([c])) for c in range(CANDIDATES)], "the first slot-full")
    eq(sc.unsettled, n - CANDIDATES, "the others wait for a slot")
    sweeps(sc, 6)
    eq(changes, [(c, UID4[:3] + bytes([c])) for c in range(n)], "all, in cell order, once each")
    sweeps(sc, 1)
    eq((len(changes), sc.unsettled), (n, 0), "settled")


def test_candidate_slot_is_freed_when_the_cell_reads_its_reported_state_again():
    sc, reader, changes = make(CANDIDATES + 1)
    for cell in range(CANDIDATES):
        reader.script(cell, [UID7, b""])  # one read of a tag, then empty (the reported state)
    reader.script(CANDIDATES, [b"", UID10])  # needs a slot on the second sweep
    sweeps(sc, 3)
    eq(changes, [(CANDIDATES, UID10)], "the slots of the passing reads were given back")


def test_ten_byte_uid_is_reported_whole():
    sc, reader, changes = make()
    reader.script(0, [UID10])
    reader.script(1, [UID4])
    sweeps(sc, 2)
    eq(changes, [(0, UID10), (1, UID4)])
    eq(len(changes[0][1]), 10)
    eq(reported_uid(sc, 0), UID10)


def test_uid_that_shrinks_keeps_no_bytes_of_the_longer_one():
    sc, reader, changes = make()
    # A 10-byte UID replaced by a 4-byte UID that equals its first 4 bytes: still a change.
    reader.script(0, [UID10, UID10, UID10[:4]])
    sweeps(sc, 4)
    eq(changes, [(0, UID10), (0, UID10[:4])])


def test_change_refused_by_a_full_queue_is_offered_again_on_the_next_sweep():
    refused = []
    reader = ScriptedReader(3)
    sc = Scanner(reader, recorder(refused, accept=False))
    reader.script(1, [UID7])
    sweeps(sc, 3)
    eq(refused, [(1, UID7), (1, UID7)], "offered on every sweep while refused")
    eq((reported_uid(sc, 1), sc.deferred), (b"", 2), "not reported yet")
    accepted = []
    sc._on_change = recorder(accepted)
    sweeps(sc, 2)
    eq(accepted, [(1, UID7)], "taken once there is room")
    eq(reported_uid(sc, 1), UID7)


def test_unsettled_counts_cells_waiting_for_a_second_read():
    sc, reader, changes = make()
    reader.script(0, [UID4])
    reader.script(2, [UID7])
    sweeps(sc, 1)
    eq(sc.unsettled, 2, "two cells changed once")
    sweeps(sc, 1)
    eq(sc.unsettled, 0, "both confirmed")


def test_scanning_in_slices_debounces_like_full_sweeps():
    sc, reader, changes = make(5)
    reader.script(4, [UID4])
    done = [sc.scan(2), sc.scan(2), sc.scan(2)]
    eq(done, [False, False, True], "a sweep ends when the last cell is read")
    eq(changes, [])
    sc.scan(3)
    sc.scan(3)
    eq(changes, [(4, UID4)])


def test_reader_that_fails_in_a_row_is_reported_once_until_it_reads_again():
    faults = []
    reader = ScriptedReader(2)
    sc = Scanner(reader, recorder([]), lambda cell, n: faults.append((cell, n)))
    reader.script(1, [-1] * (FAULT_READS * 2) + [b""] + [-1] * FAULT_READS)
    sweeps(sc, FAULT_READS * 2)
    eq(faults, [(1, FAULT_READS)], "one report however long it fails")
    sweeps(sc, 1 + FAULT_READS)
    eq(faults, [(1, FAULT_READS), (1, FAULT_READS)], "reported again after a good read")


def test_uid_longer_than_ten_bytes_from_a_reader_counts_as_a_read_error():
    class Broken:
        ncells = 1

        def read_uid(self, cell, buf):
            return 11

    sc = Scanner(Broken(), recorder([]))
    sc.scan()
    eq(sc.read_errors, 1)


def test_sweep_of_an_unchanged_table_allocates_nothing():
    world = World(321, "/nonexistent/world.txt")
    for cell in range(321):
        world._put(cell, bytes([4, cell & 0xFF, cell >> 8, 1, 2, 3, 4]))
    seen = [0, lambda cell: bytes([4, cell & 0xFF, cell >> 8, 1, 2, 3, 4])]
    sc = Scanner(SimReader(world), counter(seen))
    sweeps(sc, 2 * (321 // CANDIDATES + 1))
    eq(seen[0], 321, "every tag reported")
    micropython.heap_lock()
    try:
        for _ in range(3):
            sc.scan()
            sc.scan(100)
    finally:
        micropython.heap_unlock()
    eq(seen[0], 321, "no further reports")


def test_sim_reader_misreads_count_as_errors_and_do_not_confirm():
    world = World(4, "/nonexistent/world.txt")
    reader = SimReader(world)
    changes = []
    sc = Scanner(reader, recorder(changes))
    world._put(2, UID7)
    reader.misread(2, 3)
    sweeps(sc, 3)
    eq(changes, [], "three failed reads")
    eq(sc.read_errors, 3)
    sweeps(sc, 2)
    eq(changes, [(2, UID7)], "two good reads after the misreads")


def test_sim_reader_flicker_alternates_then_reads_the_world_again():
    world = World(4, "/nonexistent/world.txt")
    reader = SimReader(world)
    buf = bytearray(10)
    reader.flicker(1, UID4, 5)
    reads = [reader.read_uid(1, buf) for _ in range(7)]
    eq(reads, [4, 0, 4, 0, 4, 0, 0], "tag, empty, ... then the (empty) world")
    eq(bytes(buf[:4]), UID4)


def test_flicker_on_a_cell_of_the_sim_produces_no_report():
    world = World(4, "/nonexistent/world.txt")
    reader = SimReader(world)
    changes = []
    sc = Scanner(reader, recorder(changes))
    world._put(0, UID7)
    sweeps(sc, 2)
    eq(changes, [(0, UID7)])
    reader.flicker(0, UID4, 9)
    reader.flicker(3, UID10, 8)
    sweeps(sc, 12)
    eq(changes, [(0, UID7)], "flicker passes without reports")


def test_snapshot_parts_are_byte_for_byte_those_of_the_protocol_package():
    uids = (UID4, UID7, UID10)
    seen = [0, lambda cell: uids[cell % 3]]
    sc = Scanner(ScriptedReader(300, lambda cell: b"" if cell % 2 else uids[cell % 3]), counter(seen))
    sweeps(sc, 2 * (150 // CANDIDATES + 1))
    eq(seen[0], 150)
    entries = [(c, uids[c % 3]) for c in range(0, 300, 2)]
    for max_payload in (64, 200, 1024):
        want = m.pack_snapshot_parts(300 + 7, entries, max_payload)
        got = 0
        for p in sc.snapshot_parts(300 + 7, max_payload):
            eq(bytes(p), want[got], "max_payload %d, part %d" % (max_payload, got))
            got += 1
        eq(got, len(want), "max_payload %d: parts" % max_payload)
        want = None


def test_snapshot_of_an_empty_table_is_one_part_without_entries():
    sc, reader, changes = make(10)
    sweeps(sc, 2)
    eq([bytes(p) for p in sc.snapshot_parts(5)], m.pack_snapshot_parts(5, []))
