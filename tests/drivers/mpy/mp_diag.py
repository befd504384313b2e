"""The board's diagnostics (DIAG_REQ / DIAG) and tag writes (TAG_WRITE / TAG_RESULT) on the real
board's drivers over the stand-in table, and a dead reader reported once rather than once per cell."""

import sys

from check import eq
from standin_host import PicoRig
from standin_table import TableBench
from standin_tags import ntag213
from wtproto import diagcodec as dc
from wtproto import hostdiag as hd
from wtproto import messages as m

UID = b"\x04\x51\x62\x73\x84\x95\xa6"
RECORD = b"\x03\x0d\xd1\x01\x09T\x02enwg:103\xfe"  # wordtable.table.tags.encode_ndef("wg", "103")


def linked(bench=None):
    rig = PicoRig(bench)
    rig.step()
    rig.link_up()
    return rig


def ask(rig, topic, rid=7):
    rig.send(m.DIAG_REQ, hd.pack_diag_req(rid, topic))
    rig.run_until(lambda: any(t == m.DIAG for t, _p in rig.got), 1000)
    rig.step(3)  # the other parts, if any
    return [hd.unpack_diag(p) for p in rig.take(m.DIAG)]


def dead_reader_bench():
    bench = TableBench()
    bench.readers[5].miso_stuck = 0x00
    return bench


def test_a_dead_reader_is_reported_once_not_once_for_each_of_its_cells():
    rig = linked(dead_reader_bench())
    # Long enough for every cell of reader 5 to fail the scanner's 20 reads in a row.
    rig.run_until(lambda: rig.app.scanner.sweeps >= 30, 20000)
    logs = [t for _l, c, t in rig.logs() if c == m.CODE_READER]
    eq(len(logs), 1, "reader LOGs: %r" % logs)
    eq(logs[0].startswith("reader 5 (chip select 5) does not answer: VersionReg reads 00h"), True, logs[0])
    eq(
        [n for n in ("wtfw.diag", "drivers.matrix_diag") if n in sys.modules],
        [],
        "the fault report's code is dropped",
    )


def test_a_noisy_cell_on_a_working_reader_is_reported_with_its_reader_and_antenna():
    rig = linked()
    rig.take(m.LOG)
    tag = ntag213(UID)
    tag.corrupt_crc = 100000  # every answer that carries a CRC_A is damaged
    rig.bench.place(140, tag)
    rig.run_until(lambda: any(t == m.LOG for t, _p in rig.got), 10000)
    ((level, code, text),) = rig.logs()
    eq((level, code), (m.WARNING, m.CODE_READER))
    eq(
        text,
        "cell 140 (reader 4, antenna 5): 20 read errors; a tag at the edge of the antenna, or a"
        " loose antenna connection",
    )


def test_diagnostics_name_the_dead_reader_its_cells_and_the_problem():
    rig = linked(dead_reader_bench())
    tag = ntag213(UID)
    tag.corrupt_crc = 100000
    rig.bench.place(140, tag)
    rig.run_until(lambda: rig.app.scanner.sweeps >= 3, 5000)
    (s,) = ask(rig, dc.SUMMARY)
    eq((s["board_name"], s["fw_version"]), ("pico", (0, 1, 0)))
    eq((s["readers"], s["readers_answering"], s["panel"]), (8, 7, 0))
    eq(s["heap_free"] > 0 and s["heap_used"] > 0 and s["sweep_us"] > 0, True, s)
    eq(0 < s["read_errors"] <= rig.app.scanner.read_errors, True, "the dead reader's cells fail")
    (r,) = ask(rig, dc.READERS)
    readers = r["readers"]
    eq(len(readers), 8)
    eq([x["index"] for x in readers if not x["answering"]], [5])
    eq((readers[5]["name"], readers[5]["version"]), ("chip select 5", 0x00))
    eq(readers[0]["version"] in (0x91, 0x92, 0x88), True, readers[0])
    eq(sum(x["cells"] for x in readers), 321)
    (c,) = ask(rig, dc.CELLS)
    eq(3 <= c["sweeps"] <= rig.app.scanner.sweeps, True, c["sweeps"])
    # The dead reader's cells are not read at all (they count in the summary's read errors); the
    # cells list the exchanges that fail on working readers.
    eq(len(c["cells"]), 1)
    eq((c["cells"][0]["cell"], c["cells"][0]["reader"], c["cells"][0]["antenna"]), (140, 4, 5))
    eq(c["cells"][0]["errors"] >= 3, True, c["cells"][0])
    parts = ask(rig, dc.PROBLEMS)
    eq([p["part"] for p in parts], [0])
    eq(parts[0]["text"].startswith("reader 5 (chip select 5) does not answer"), True, parts[0])
    eq([n for n in ("wtfw.diag", "wtproto.diagcodec", "drivers.matrix_diag") if n in sys.modules], [])


def test_a_piece_record_is_written_through_the_cells_reader_and_read_back():
    rig = linked()
    tag = ntag213(UID)
    rig.bench.place(112, tag)
    rig.run_until(lambda: any(t == m.CELL for t, _p in rig.got), 2000)
    eq(rig.cells(), [(112, UID)])
    rig.send(m.TAG_WRITE, hd.pack_tag_write(9, 112, 4, RECORD, 4))
    rig.run_until(lambda: any(t == m.TAG_RESULT for t, _p in rig.got), 2000)
    (p,) = rig.take(m.TAG_RESULT)
    eq(hd.unpack_tag_result(p), (9, dc.TAG_OK, 4, UID, RECORD))
    eq(bytes(tag.memory[16:32]), RECORD, "the tag's pages 4..7")
    rig.bench.lift(112)
    rig.run_until(lambda: any(t == m.CELL for t, _p in rig.got), 2000)
    eq(rig.cells(), [(112, b"")], "the scan went on")


def test_a_tag_write_on_an_empty_cell_or_below_page_4_is_refused():
    rig = linked()
    rig.send(m.TAG_WRITE, hd.pack_tag_write(10, 50, 4, RECORD, 4))
    rig.run_until(lambda: any(t == m.TAG_RESULT for t, _p in rig.got), 2000)
    eq(hd.unpack_tag_result(rig.take(m.TAG_RESULT)[0])[:3], (10, dc.TAG_NO_TAG, 0))
    # The host's packer refuses page 2; a raw request must be refused by the board too.
    rig.send(m.TAG_WRITE, bytes((11, 50, 0, 2, 0)) + b"\x00\x00\x00\x00")
    rig.run_until(lambda: any(t == m.TAG_RESULT for t, _p in rig.got), 2000)
    eq(hd.unpack_tag_result(rig.take(m.TAG_RESULT)[0])[:3], (11, dc.TAG_BAD_REQUEST, 0))


def test_a_tag_write_through_a_dead_reader_says_so():
    rig = linked(dead_reader_bench())
    cell = 0
    while rig.reader.reader_of[cell] != 5:
        cell += 1
    rig.send(m.TAG_WRITE, hd.pack_tag_write(12, cell, 4, RECORD, 4))
    rig.run_until(lambda: any(t == m.TAG_RESULT for t, _p in rig.got), 2000)
    eq(hd.unpack_tag_result(rig.take(m.TAG_RESULT)[0])[:3], (12, dc.TAG_READER, 0))


def test_the_settle_answer_measures_the_tags_on_the_table_when_asked():
    rig = linked()
    rig.bench.place(140, ntag213(UID, power_up_us=4500))  # laid after the start: not measured yet
    rig.run_until(lambda: rig.app.scanner.sweeps >= 2, 5000)
    (st,) = ask(rig, dc.SETTLE)
    reader = rig.board.reader
    eq(st["least_us"], 2000)
    eq(len(st["cells_us"]), 321)
    eq(st["cells_us"][140], 4500, "measured when asked")
    eq([c for c in range(321) if st["cells_us"][c]], [140], "only the cell with a tag")
    eq(len(st["waits_us"]), 48)
    eq(st["waits_us"][reader.channel_of[140]], 4750, "its channel waits its time and 250 us")
    eq(sorted(set(st["waits_us"])), [2000, 4750])
    eq(
        [n for n in ("wtfw.diag", "drivers.matrix_diag") if n in sys.modules],
        [],
        "the measurement's code is dropped",
    )
