"""The reader matrix (eight MFRC522s, switch trees, the antenna layout and the scan scheduler),
built by wtfw.boards.pico over the stand-in table, read the way the app's scanner reads it."""

import gc

import micropython
from check import eq
from drivers import matrix_diag
from drivers.antenna_layout import antenna_layout
from standin_table import TableBench, pico_board, sweep
from standin_tags import classic_1k, ntag213
from wtfw.boards import pinmaps
from wtfw.scanner import Scanner

GEOMETRY = pinmaps.GEOMETRY


def uid7(i):
    return bytes([0x04, (i * 37) & 0xFF, (i * 11 + 3) & 0xFF, i & 0xFF, 0x5A, (i >> 8) & 0xFF, 0x80])


def lay(bench, cells):
    """An NTAG213 on each of ``cells``; returns {cell: uid}."""
    out = {}
    for i, c in enumerate(cells):
        u = uid7(i + 1)
        bench.place(c, ntag213(u))
        out[c] = u
    return out


def where(cell):
    # area, x, y written out from the cell numbering of docs/protocol.md
    if cell < 225:
        return 0, cell % 15, cell // 15
    return 1 + (cell - 225) // 24, (cell - 225) % 24, 0


def test_layout_puts_cells_on_the_documented_readers_and_channels():
    reader_of, channel_of, n = antenna_layout(GEOMETRY, pinmaps.ANTENNAS, 64)
    eq(n, 48, "channels in use")
    for cell, reader, channel in (
        (0, 0, 0),
        (4, 0, 4),
        (5, 1, 0),
        (16, 0, 6),
        (119, 2, 39),
        (120, 3, 0),
        (224, 5, 34),
        (225, 6, 0),
        (249, 6, 24),
        (273, 7, 0),
        (320, 7, 47),
    ):
        eq((reader_of[cell], channel_of[cell]), (reader, channel), "reader and channel of cell %d" % cell)


def test_no_two_neighbouring_antennas_are_ever_on_at_once():
    reader_of, channel_of, n = antenna_layout(GEOMETRY, pinmaps.ANTENNAS, 64)
    closest = 99
    for ch in range(n):
        on = [c for c in range(len(channel_of)) if channel_of[c] == ch]
        eq(len(set(reader_of[c] for c in on)), len(on), "one antenna per reader at channel %d" % ch)
        for i in range(len(on)):
            for j in range(i + 1, len(on)):
                a, b = where(on[i]), where(on[j])
                if a[0] == b[0]:
                    closest = min(closest, max(abs(a[1] - b[1]), abs(a[2] - b[2])))
    eq(closest >= 5, True, "antennas on together are at least 5 cells apart (closest: %d)" % closest)


def test_switching_is_break_before_make_on_the_trees_and_the_selects():
    bench, board = pico_board()
    lay(bench, (0, 7, 112, 300))
    for _ in range(3):
        sweep(board.reader)
    eq(bench.trees.overlaps, 0, "antenna address changed while the trees were enabled")
    eq(bench.decoder.glitches, 0, "reader address changed while a chip was selected")
    eq(bench.reader_bus.conflicts, 0, "two readers drove MISO at once")


def test_layout_refuses_neighbours_at_the_same_channel():
    # a row of four cells; reader 1 takes its two the other way round: cells 1 and 2 on channel 1
    blocks = ((("grid", 0, 0, 2, 1),), (("grid", 3, 0, 1, 1), ("grid", 2, 0, 1, 1)))
    try:
        antenna_layout((4, 1, 0, 0, 0), blocks, 8)
    except ValueError as e:
        eq(
            str(e).startswith("cells 1 and 2 are neighbours and both on at channel 1 (readers 0 and 1)"),
            True,
            str(e),
        )
    else:
        raise AssertionError("two neighbours on channel 1 were accepted")


def test_layout_refuses_a_cell_without_an_antenna_and_one_with_two():
    cases = (
        (((("grid", 0, 0, 3, 1),),), "1 cells have no antenna: 3"),
        (((("grid", 0, 0, 4, 1), ("grid", 3, 0, 1, 1)),), "cell 3 has two antennas"),
    )
    for blocks, words in cases:
        try:
            antenna_layout((4, 1, 0, 0, 0), blocks, 8)
        except ValueError as e:
            eq(words in str(e), True, str(e))
        else:
            raise AssertionError("layout %r was accepted" % (blocks,))


def test_a_sweep_reads_every_tag_on_the_table():
    bench, board = pico_board()
    cells = (0, 14, 15, 112, 119, 120, 200, 224, 225, 248, 249, 272, 273, 296, 297, 320)
    want = lay(bench, cells)
    bench.place(60, classic_1k(b"\xde\xad\xbe\xef"))
    want[60] = b"\xde\xad\xbe\xef"
    for n in range(3):
        eq(sweep(board.reader), want, "sweep %d" % n)
    for m in bench.readers:
        eq(m.errors, [], "misuse seen by reader model %d" % m.index)


def test_a_present_tag_never_alternates_between_present_and_absent():
    for keeps_state in (True, False):
        bench, board = pico_board()
        for c in (3, 118, 260):
            bench.place(c, ntag213(uid7(c), keeps_state=keeps_state))
        for n in range(8):
            got = sweep(board.reader)
            eq(
                sorted(got),
                [3, 118, 260],
                "cells with a tag, sweep %d, tags keep state: %s" % (n, keeps_state),
            )


def test_confirmed_tags_cost_one_wupa_and_one_halt_per_sweep():
    bench, board = pico_board()
    reader = board.reader
    reader.recheck_sweeps = 1000000  # no periodic re-check in this test
    lay(bench, (10, 20, 30, 230))
    sweep(reader)
    sweep(reader)
    reads = reader.full_reads
    before = sum(m.exchanges for m in bench.readers)
    sweep(reader)
    eq(
        sum(m.exchanges for m in bench.readers) - before,
        321 + 4,
        "exchanges: a WUPA per cell, a HLTA per tag",
    )
    eq(reader.full_reads, reads, "no UID was read again")


def test_a_tile_swapped_without_a_gap_is_found_by_the_periodic_recheck():
    bench, board = pico_board()
    reader = board.reader
    reader.recheck_sweeps = 4
    a = ntag213(uid7(1))
    bench.place(50, a)
    for _ in range(3):
        eq(sweep(reader).get(50), uid7(1))
    bench.lift(50)
    bench.place(50, ntag213(uid7(2)))  # between two looks: the cell never reads empty
    seen = [sweep(reader).get(50) for _ in range(6)]
    eq(uid7(2) in seen, True, "the new tile within 6 sweeps: %r" % seen)
    eq(seen[-1], uid7(2))
    eq(seen[-2], uid7(2), "read alike twice, so the scanner can report it")


def test_a_tag_leaving_mid_read_reads_as_an_error_then_as_empty():
    bench, board = pico_board()
    reader = board.reader
    t = ntag213(uid7(5))
    t.leave_after = 2  # answers WUPA and the first anticollision, then it is lifted
    bench.place(77, t)
    eq(sweep(reader).get(77), -1, "neither empty nor a tag while it left")
    eq(sweep(reader).get(77), None, "empty afterwards")
    eq(reader.errors[77], 1)


def test_two_tags_on_one_cell_give_one_steady_uid_and_a_problem_naming_the_cell():
    bench, board = pico_board()
    reader = board.reader
    bench.place(100, ntag213(uid7(1)))
    bench.place(100, ntag213(uid7(2)))
    got = [sweep(reader).get(100) for _ in range(4)]
    eq(got[0] in (uid7(1), uid7(2)), True, repr(got))
    eq(got, [got[0]] * 4, "the same tag every sweep")
    eq(reader.collisions[100] >= 1, True)
    text = [p for p in reader.problems if "cell 100" in p]
    eq(len(text), 1, "one problem report: %r" % reader.problems)
    eq("two or more tags" in text[0], True, text[0])
    eq("lift" in matrix_diag.cell_fault(reader, 100), True, matrix_diag.cell_fault(reader, 100))


def test_a_reader_that_does_not_answer_is_named_and_the_rest_of_the_table_works():
    bench = TableBench()
    bench.readers[3].miso_stuck = 0x00
    lines = []
    bench, board = pico_board(bench, lines.append)
    reader = board.reader
    eq(len(lines), 1, repr(lines))
    eq(lines[0].startswith("reader 3 (chip select 3) does not answer: VersionReg reads 00h"), True, lines[0])
    want = lay(bench, (0, 121, 300))  # readers 0, 3 and 7
    frames = bench.readers[3].frames
    for _ in range(2):
        got = sweep(reader)
    eq(got[0], want[0])
    eq(got[300], want[300])
    eq(got[121], -1, "a cell of the silent reader is a read error")
    eq(sum(1 for v in got.values() if v == -1), 35, "all 35 cells of reader 3, and no other")
    eq(bench.readers[3].frames, frames, "no bus traffic to the silent reader")
    eq(
        matrix_diag.cell_fault(reader, 121).startswith(
            "cell 121 (reader 3, antenna 1): the reader does not answer"
        ),
        True,
        matrix_diag.cell_fault(reader, 121),
    )
    eq([s[3] for s in matrix_diag.reader_status(reader)], [True, True, True, False, True, True, True, True])


def test_a_reader_lost_mid_game_is_reported_and_found_again():
    bench, board = pico_board()
    reader = board.reader
    want = lay(bench, (12, 35))  # readers 2 and 1
    sweep(reader)
    eq(sweep(reader), want)
    bench.readers[2].miso_stuck = 0xFF
    sweep(reader)  # a cell may still return what its channel's last step saw
    got = sweep(reader)
    eq(got[12], -1)
    eq(got[35], want[35], "the other readers go on")
    eq([p for p in reader.problems if p.startswith("reader 2 ")] != [], True, repr(reader.problems))
    bench.readers[2].miso_stuck = -1
    bench.readers[2].reset()  # it was unplugged: it comes back in its power-on state
    bench.clock.sleep_ms(2100)
    sweep(reader)
    eq(reader.problems[-1], "reader 2 (chip select 2) answers again (VersionReg 92h)")
    sweep(reader)
    eq(sweep(reader), want)


def test_a_settled_table_is_scanned_with_the_heap_locked():
    bench, board = pico_board()
    reader = board.reader
    reader.recheck_sweeps = 3  # so that UID reads happen while locked too
    lay(bench, range(0, 321, 7))
    for _ in range(3):
        sweep(reader)
    buf = bytearray(10)
    ncells = reader.ncells
    reads = reader.full_reads
    reader.presence_checks = (1 << 30) - 2  # about to pass a Pico's largest small int
    gc.collect()
    micropython.heap_lock()
    try:
        for _ in range(4):
            for c in range(ncells):
                reader.read_uid(c, buf)
    finally:
        micropython.heap_unlock()
    eq(reader.full_reads > reads, True, "re-checks read UIDs while the heap was locked")
    eq(0 < reader.presence_checks < 1 << 30, True, "the count wraps at 2**30, where a Pico's would allocate")


def test_a_tag_slower_than_its_cell_is_missed_until_the_long_look_finds_it_then_read_every_sweep():
    bench, board = pico_board()
    reader = board.reader
    bench.place(33, ntag213(uid7(9), keeps_state=False, power_up_us=3000))
    ch = reader.channel_of[33]
    eq(sweep(reader).get(33), None, "2 ms assumed, 3 ms power-up")
    while reader.sweeps % reader.nchannels != ch:
        eq(sweep(reader).get(33), None, "sweep %d, before the long look of channel %d" % (reader.sweeps, ch))
    eq(sweep(reader).get(33), uid7(9), "the long look (5.5 ms)")
    eq(reader.settle[33] * 50, 3000, "measured at once: 3 ms")
    eq(reader.waits[ch], 3250, "its channel waits that and a 250 us margin")
    for _ in range(3):
        eq(sweep(reader).get(33), uid7(9))
    eq(sum(1 for w in reader.waits if w > 2000), 1, "only its channel waits more than 2 ms")


def test_the_board_measures_its_tags_at_start_and_waits_longer_only_on_their_channels():
    bench = TableBench()
    bench.place(33, ntag213(uid7(1), power_up_us=5000))
    bench.place(300, ntag213(uid7(2), power_up_us=4000))
    bench.place(200, ntag213(uid7(3)))  # 500 us
    bench, board = pico_board(bench)
    r = board.reader
    eq((r.settle[33] * 50, r.settle[300] * 50, r.settle[200] * 50), (5000, 4000, 500), "measured per cell")
    eq(r.waits[r.channel_of[33]], 5250)
    eq(r.waits[r.channel_of[300]], 4250)
    eq(r.waits[r.channel_of[200]], 2000, "never less than the 2 ms assumed")
    eq(sum(1 for w in r.waits if w > 2000), 2, "channels waiting longer")
    got = sweep(r)
    eq(
        (got.get(33), got.get(300), got.get(200)),
        (uid7(1), uid7(2), uid7(3)),
        "every tag read in the first sweep",
    )
    bench.lift(33)
    sweep(r)
    eq(r.settle[33] * 50, 5000, "a lifted tag's cell keeps its time: the antenna is the same")


def _scanner(board):
    changes = []
    scanner = Scanner(board.reader, lambda cell, buf, n: changes.append((cell, bytes(buf[:n]))) or True)
    return scanner, changes


def test_a_placed_tile_read_twice_alike_in_its_step_is_reported_on_the_first_sweep():
    bench, board = pico_board()
    scanner, changes = _scanner(board)
    reads = board.reader.full_reads
    bench.place(201, ntag213(uid7(7)))
    scanner.scan()
    eq(changes, [(201, uid7(7))], "two independent reads in the step that saw it")
    eq(board.reader.full_reads - reads, 2)
    scanner.scan()
    eq(len(changes), 1)
    bench.lift(201)
    scanner.scan()
    eq(len(changes), 1, "one empty read is not enough")
    scanner.scan()
    eq(changes[-1], (201, b""))


def test_a_tag_lifted_between_its_two_reads_is_never_reported():
    bench, board = pico_board()
    scanner, changes = _scanner(board)
    t = ntag213(uid7(8))
    t.leave_after = 6  # the first read (WUPA, two anticollisions, two selects) and the second WUPA
    bench.place(90, t)
    scanner.scan()
    scanner.scan()
    scanner.scan()
    eq(changes, [], "one good read, then gone")


def test_without_read_twice_a_placed_tile_waits_for_the_second_sweep():
    bench, board = pico_board()
    board.reader.read_twice = False
    scanner, changes = _scanner(board)
    bench.place(201, ntag213(uid7(7)))
    scanner.scan()
    eq(changes, [], "one read is not enough")
    scanner.scan()
    eq(changes, [(201, uid7(7))])


def test_pages_are_read_and_written_through_the_reader_of_a_cell():
    bench, board = pico_board()
    reader = board.reader
    tag = bench.place(250, ntag213(uid7(3)))
    page = bytearray(16)
    eq(matrix_diag.write_page(reader, 250, 4, b"\x03\x0b\xd1\x01"), 4)
    eq(matrix_diag.read_pages(reader, 250, 4, page), 16)
    eq(bytes(page[:4]), b"\x03\x0b\xd1\x01")
    eq(reader.last_uid, uid7(3))
    eq(bytes(tag.memory[16:20]), b"\x03\x0b\xd1\x01")
    eq(matrix_diag.read_pages(reader, 251, 4, page), 0, "no tag on cell 251")
    eq(reader.last_uid, b"", "and no UID")


def test_diagnostics_name_the_noisy_cells():
    bench, board = pico_board()
    reader = board.reader
    bench.place(9, ntag213(uid7(1)))
    t = ntag213(uid7(2))
    t.corrupt_crc = 3  # its next three answers with a CRC_A are damaged
    bench.place(150, t)
    got = [sweep(reader).get(150) for _ in range(5)]
    eq(got[-2:], [uid7(2), uid7(2)], "reads well once its answers are whole again")
    eq(got.count(-1) in (2, 3), True, "the errors reached the scanner: %r" % got)
    noisy = matrix_diag.noisy_cells(reader)
    eq(noisy[0][:4], (150, 3, 10, 3), "cell, reader, antenna, errors")
    stats = dict(matrix_diag.stats(reader))
    eq(stats["readers_answering"], 8)
    eq(stats["read_errors"], 3)
    eq(stats["sweeps"] >= 5, True, "sweeps: %d" % stats["sweeps"])
    eq(stats["sweep_us"] > 0, True)
