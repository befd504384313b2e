"""`wordtable board doctor` and `wordtable tags write` against the real firmware (sim board) over a
pseudo-terminal, and BoardLink's requests underneath them."""

from __future__ import annotations

import time

from wordtable.cli import main as cli_main
from wordtable.table.link import BoardLink
from wtproto import diagcodec as dc
from wtproto import messages as m

from .conftest import wait_until


def test_the_board_answers_each_diagnostics_topic(sim, link):
    sim.control("misread 12 40")
    wait_until(lambda: " read_errors=40 " in sim.control("stats"), what="40 failed reads")
    (s,) = link.request_diag(dc.SUMMARY)
    assert (s["board_name"], s["fw_version"], s["readers"], s["readers_answering"]) == (
        "sim",
        (0, 1, 0),
        1,
        1,
    )
    assert s["read_errors"] == 40 and s["heap_free"] > 40_000
    (r,) = link.request_diag(dc.READERS)
    assert r["readers"] == [
        {"index": 0, "name": "sim", "version": 0, "answering": True, "faults": 0, "cells": sim.ncells}
    ]
    (c,) = link.request_diag(dc.CELLS)
    assert [(x["cell"], x["errors"]) for x in c["cells"]] == [(12, 40)]
    assert c["sweeps"] > 40
    assert [p["text"] for p in link.request_diag(dc.PROBLEMS)] == [""]
    (st,) = link.request_diag(dc.SETTLE)
    assert (st["cells_us"], st["waits_us"]) == ([], []), "the sim has no antennas to measure"


def test_doctor_on_a_healthy_board_says_so_and_exits_0(sim, capsys):
    assert cli_main(["board", "doctor", "--port", sim.port]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"board sim at {sim.port}: firmware 0.1.0, up 0 h 00 min")
    assert "readers: 1 of 1 answering\n  reader 0: simulated (no chip), 321 cells\n" in out
    assert "cells with failed reads: none\n" in out
    assert "settle: the simulated board has no antennas; nothing to measure\n" in out
    assert out.endswith("healthy: no problems found\n")


def test_doctor_names_a_failing_cell_with_its_error_rate_and_exits_1(sim, capsys):
    sim.control("misread 9 10000")
    wait_until(lambda: " read_errors=0 " not in sim.control("stats"), what="failed reads")
    time.sleep(0.3)
    code = cli_main(["board", "doctor", "--port", sim.port])
    out, err = capsys.readouterr()
    assert code == 1, err + sim.log_tail(40)
    lines = out.splitlines()
    worst = lines[lines.index("cells with failed reads, worst first:") + 1]
    assert worst.startswith("  cell 9: ") and "failed reads in" in worst and worst.endswith(" %)")
    rate = float(worst.rsplit("(", 1)[1].rstrip(" %)"))
    assert rate > 10, worst  # failing since shortly after the board started
    assert "1 problem found:" in lines
    assert lines[-1].startswith("  - cell 9: ") and lines[-1].endswith(
        "a tag at the edge of the antenna or a loose antenna connection."
    )


def test_doctor_without_a_board_exits_2_with_a_message(capsys):
    assert cli_main(["board", "doctor", "--port", "/dev/ttyWORDTABLE-NOPE", "--timeout", "1"]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "Traceback" not in err


def test_tags_write_on_the_sim_says_the_sim_cannot_write_tags(sim, capsys, tmp_path):
    sim.place(40, bytes.fromhex("04a1b2c3d4e5f6"))
    code = cli_main(
        [
            "tags",
            "write",
            "wordgame",
            "103",
            "--port",
            sim.port,
            "--cell",
            "40",
            "--db",
            str(tmp_path / "w.db"),
        ]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert err == (
        "wordtable: the sim board cannot write tags: its tags are UIDs without memory. "
        "Write them on the real table board.\n"
    )


def test_tags_write_refuses_an_unknown_piece_and_a_cell_off_the_table(sim, capsys, tmp_path):
    db = str(tmp_path / "w.db")
    assert cli_main(["tags", "write", "wordgame", "999", "--port", sim.port, "--cell", "4", "--db", db]) == 2
    assert "have no piece '999'" in capsys.readouterr().err
    assert cli_main(["tags", "write", "wordgame", "7", "--port", sim.port, "--cell", "321", "--db", db]) == 2
    assert capsys.readouterr().err == "wordtable: cell 321 is not on this table; its cells are 0 to 320\n"


def test_a_request_the_board_never_answers_times_out_with_advice(sim):
    with BoardLink(sim.port) as lk:
        lk.wait_linked(10)
        sim.kill()
        try:
            lk.request_diag(dc.SUMMARY, timeout=0.5)
        except Exception as exc:  # noqa: BLE001  # the type and text are what is checked
            assert type(exc).__name__ == "BoardSilentError"
            assert "did not send its diagnostics (summary) within 0.5 s" in str(exc)
            assert "wordtable board deploy --port" in str(exc)
        else:
            raise AssertionError("no error")


def test_a_request_older_firmware_does_not_know_fails_at_once_with_advice(sim):
    # Firmware from before DIAG_REQ answers it as any unknown type: LOG CODE_UNKNOWN_TYPE. A type
    # this firmware does not know stands in for it; the host does not wait out its timeout.
    with BoardLink(sim.port) as lk:
        lk.wait_linked(10)
        try:
            lk.requests.ask(0x7E, m.DIAG, lambda rid: bytes([rid, 0]), 30.0, "a request of type 0x7e")
        except Exception as exc:  # noqa: BLE001  # the type and text are what is checked
            assert type(exc).__name__ == "FirmwareTooOldError", exc
            assert "does not handle a request of type 0x7e" in str(exc)
            assert "wordtable board deploy --port" in str(exc)
        else:
            raise AssertionError("no error")


TAG_A = "04a1b2c3d4e5f6"
TAG_B = "04112233445566"


def test_doctor_with_the_tags_where_they_were_expected_finds_no_cross_read(sim, capsys):
    sim.place(40, bytes.fromhex(TAG_A))
    sim.place(41, bytes.fromhex(TAG_B))
    code = cli_main(
        [
            "board",
            "doctor",
            "--port",
            sim.port,
            "--expect",
            f"40={TAG_A}",
            "--expect",
            f"41={TAG_B}",
            "--watch",
            "0.5",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "  cell 40: 04A1B2C3D4E5F6 read there only; lost 0 times\n" in out
    assert "  cell 41: 04112233445566 read there only; lost 0 times\n" in out
    assert "cross-reads: 0\n" in out and out.endswith("healthy: no problems found\n")


def test_doctor_names_a_tag_the_board_reports_on_a_cell_where_it_does_not_lie(sim, capsys, tmp_path):
    # the board reports tag A on cell 41 while the person laid it on cell 40: what a swapped antenna
    # wire (J2/J3 to the tile) or a neighbour's relayed field looks like from the host
    sim.place(41, bytes.fromhex(TAG_A))
    expect = tmp_path / "tags.txt"
    expect.write_text(f"# the prototype's tags\n40={TAG_A}\n")
    code = cli_main(["board", "doctor", "--port", sim.port, "--expect-file", str(expect), "--watch", "0.5"])
    out = capsys.readouterr().out
    assert code == 1, out
    assert "  cell 40: 04A1B2C3D4E5F6 NOT read there; read on cell 41; lost 0 times\n" in out
    assert "cross-reads: 1\n" in out
    assert (
        "  - cross-read: tag 04A1B2C3D4E5F6 lies on cell 40 and was read on cell 41; check the antenna wires "
        "to the tile, that antenna's idle short and the tag's offset (TEST-PLAN rows 5 and 6).\n"
    ) in out
    assert (
        "  - cell 40: tag 04A1B2C3D4E5F6 was never read there; the cell reads empty. Check the tag is "
        "centred on the cell and its antenna.\n"
    ) in out


def test_doctor_refuses_a_malformed_expect_before_touching_the_board(capsys):
    assert cli_main(["board", "doctor", "--port", "/dev/ttyWORDTABLE-NOPE", "--expect", "40"]) == 2
    assert "write CELL=UID" in capsys.readouterr().err
