"""The sim board's answers to DIAG_REQ and TAG_WRITE (wtfw.diag), on MicroPython."""

import sys

from check import UID7, eq
from rig import Rig, place
from wtproto import diagcodec as dc
from wtproto import hostdiag as hd
from wtproto import messages as m


def ask(rig, topic, rid=3):
    rig.send(m.DIAG_REQ, hd.pack_diag_req(rid, topic))
    rig.step(3)
    return [hd.unpack_diag(p) for p in rig.take(m.DIAG)]


def test_the_sim_summarises_firmware_heap_sweep_errors_and_panel():
    r = Rig(name="sim").booted_and_linked()
    r.reader.misread(4, 5)
    r.run_for(200)
    (s,) = ask(r, dc.SUMMARY, 41)
    eq((s["request_id"], s["topic"], s["part"], s["parts"]), (41, dc.SUMMARY, 0, 1))
    eq((s["board_name"], s["fw_version"]), ("sim", (0, 1, 0)))
    eq((s["readers"], s["readers_answering"], s["panel"]), (1, 1, 0))
    eq(s["read_errors"], 5)
    eq(s["exceptions"], 0)
    eq(s["heap_free"] > 0 and s["heap_used"] > 0, True, s)
    eq(190 <= s["uptime_ms"] <= 260, True, s["uptime_ms"])
    eq(
        "wtfw.diag" in sys.modules or "wtproto.diagcodec" in sys.modules,
        False,
        "the diagnostics' code is dropped after the answer",
    )


def test_the_sim_names_its_one_reader_sim_and_lists_its_misread_cells_worst_first():
    r = Rig(name="sim").booted_and_linked()
    r.reader.misread(9, 7)
    r.reader.misread(2, 3)
    r.run_for(200)
    (rd,) = ask(r, dc.READERS)
    eq(
        rd["readers"],
        [{"index": 0, "name": "sim", "version": 0, "answering": True, "faults": 0, "cells": r.reader.ncells}],
    )
    (c,) = ask(r, dc.CELLS)
    eq(
        [(x["cell"], x["errors"], x["reader"], x["antenna"]) for x in c["cells"]],
        [(9, 7, dc.NO_INDEX, dc.NO_INDEX), (2, 3, dc.NO_INDEX, dc.NO_INDEX)],
    )
    eq(0 < c["sweeps"] <= r.app.scanner.sweeps, True, c["sweeps"])
    (p,) = ask(r, dc.PROBLEMS)
    eq((p["parts"], p["text"]), (1, ""), "the sim's reader keeps no problem reports")
    (st,) = ask(r, dc.SETTLE)
    eq((st["least_us"], st["cells_us"], st["waits_us"]), (0, [], []), "the sim has no antennas to measure")


def test_a_tag_write_on_the_sim_is_refused_as_not_supported():
    r = Rig(name="sim").booted_and_linked()
    place(r, 3, UID7)
    r.run_for(50)
    r.send(m.TAG_WRITE, hd.pack_tag_write(5, 3, 4, b"\x03\x00\xfe\x00", 1))
    r.step(2)
    (p,) = r.take(m.TAG_RESULT)
    eq(hd.unpack_tag_result(p), (5, dc.TAG_UNSUPPORTED, 0, b"", b""))


def test_a_malformed_diag_request_is_logged_and_the_board_goes_on():
    r = Rig(name="sim").booted_and_linked()
    r.send(m.DIAG_REQ, b"\x01\x09")
    r.step(2)
    ((level, code, text),) = r.logs()
    eq((level, code), (m.WARNING, m.CODE_BAD_MESSAGE))
    eq(text, "malformed message of type 0x14: DIAG_REQ must be 2 bytes, a request id and a topic 0..4")
    (s,) = ask(r, dc.SUMMARY)
    eq(s["board_name"], "sim")


def test_a_failing_sim_cell_is_still_reported_once_naming_the_cell():
    r = Rig(name="sim").booted_and_linked()
    r.reader.misread(6, 50)
    r.run_for(500)
    logs = [t for _l, c, t in r.logs() if c == m.CODE_READER]
    eq(logs, ["cell 6: 20 read errors in a row; check its reader and antenna"])
