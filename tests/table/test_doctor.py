"""`wordtable board doctor`'s wording of a real board's diagnostics: the answers are packed as the
firmware packs them (wtproto.diagcodec) and decoded as the host decodes them (wtproto.hostdiag)."""

from __future__ import annotations

import struct

from wordtable.table.doctor import Diagnosis, version_text
from wtproto import diagcodec as dc
from wtproto import hostdiag as hd


def pico_diagnosis(
    *,
    dead: bool = False,
    collisions: int = 0,
    errors: int = 3,
    panel: int = 0,
    exceptions: int = 0,
    reports: tuple[str, ...] = (),
) -> Diagnosis:
    summary = hd.unpack_diag(
        dc.pack_diag_summary(
            1,
            (0, 1, 0),
            3_723_000,
            60_000,
            40_000,
            138_000,
            900,
            exceptions,
            0,
            8,
            7 if dead else 8,
            panel,
            2,
            30,
            "pico",
        )
    )
    readers = (
        dc.diag_head(2, dc.READERS, 0, 1)
        + bytes((8,))
        + b"".join(
            dc.pack_diag_reader(
                i,
                f"chip select {i}",
                0x00 if dead and i == 3 else 0x92,
                not (dead and i == 3),
                0,
                41 if i < 1 else 40,
            )
            for i in range(8)
        )
    )
    cells = (
        dc.diag_head(3, dc.CELLS, 0, 1)
        + struct.pack(dc.CELL_HEAD, 1000, 2)
        + dc.pack_diag_cell(140, 4, 5, errors, collisions)
        + dc.pack_diag_cell(7, 0, 7, 2, 0)
    )
    c = hd.unpack_diag(cells)
    return Diagnosis(
        "/dev/ttyACM0", summary, hd.unpack_diag(readers)["readers"], c["sweeps"], c["cells"], list(reports)
    )


def test_a_healthy_board_reports_its_figures_and_no_problems():
    d = pico_diagnosis()
    lines = d.report()
    assert lines[:4] == [
        "board pico at /dev/ttyACM0: firmware 0.1.0, up 1 h 02 min 03 s",
        "heap: 60,000 bytes free of 100,000 (60 %)",
        "scan: the last sweep took 138.0 ms; 1,000 sweeps, 900 failed reads since the start",
        "panel: working; 2 full and 30 partial refreshes",
    ]
    assert "readers: 8 of 8 answering" in lines
    assert (
        "  reader 0 (chip select 0): answering, MFRC522 v2.0 (VersionReg 92h), 41 cells, 0 chip faults"
        in lines
    )
    assert "  cell 140 (reader 4, antenna 5): 3 failed reads in 1,000 sweeps (0.30 %)" in lines
    assert d.problems() == []
    assert lines[-1] == "healthy: no problems found"


def test_a_dead_reader_is_named_with_what_its_version_register_says_and_what_to_check():
    d = pico_diagnosis(dead=True)
    assert "readers: 7 of 8 answering" in d.report()
    assert d.problems() == [
        "reader 3 (chip select 3) does not answer (VersionReg reads 00h: MISO stuck low, or the chip has no "
        "power); its 40 cells cannot read tags. Check its 3.3 V supply, the SPI wires (SCK, MOSI, MISO) and "
        "its chip select line."
    ]


def test_noisy_and_doubly_covered_cells_are_problems_with_their_rates():
    assert pico_diagnosis(errors=255).problems() == [
        "cell 140 (reader 4, antenna 5): 255 or more failed reads in 1,000 sweeps (25.50 %); a tag at the "
        "edge of the antenna or a loose antenna connection."
    ]
    assert pico_diagnosis(collisions=4).problems() == [
        "cell 140 (reader 4, antenna 5): two tags answered at once 4 times; lift the extra piece, or move a "
        "stray tag away from the antenna."
    ]


def test_a_failed_panel_and_caught_exceptions_are_problems_and_the_boards_reports_are_shown():
    d = pico_diagnosis(panel=2, exceptions=3, reports=("the display panel stays busy after reset",))
    lines = d.report()
    assert "panel: FAILED at start; 2 full and 30 partial refreshes" in lines
    assert (
        lines[lines.index("the board's recent reports:") + 1] == "  the display panel stays busy after reset"
    )
    assert len(d.problems()) == 2 and lines[-3] == "2 problems found:"
    assert d.problems()[1].startswith("the firmware caught 3 exceptions since it started")


def test_version_register_values_are_told_apart():
    assert version_text(0x91) == "MFRC522 v1.0 (VersionReg 91h)"
    assert version_text(0x88) == "FM17522 (MFRC522 clone) (VersionReg 88h)"
    assert version_text(0xFF) == "VersionReg reads FFh: MISO stuck high, or the chip is not selected"
    assert version_text(0x12) == "VersionReg 12h: not a chip this firmware knows"


def settle_answer(needs: dict[int, int], waits: dict[int, int]) -> dict:
    cells = bytearray(321)
    for cell, us in needs.items():
        cells[cell] = us // dc.SETTLE_UNIT_US
    return hd.unpack_diag(dc.pack_diag_settle(9, 2000, cells, [waits.get(ch, 0) for ch in range(48)]))


def test_settle_times_are_reported_with_the_sweeps_waits_and_the_slowest_cells():
    d = pico_diagnosis()
    d = Diagnosis(
        d.port,
        d.summary,
        d.readers,
        d.sweeps,
        d.cells,
        d.reports,
        settle_answer({3: 500, 140: 4500, 141: 750, 200: 2500}, {5: 4750, 9: 2750}),
    )
    lines = d.report()
    at = lines.index(
        "settle: tags measured on 4 cells need 0.50 to 4.50 ms after their antenna switches on "
        "(median 2.50 ms); 2.0 ms assumed, 5 ms allowed by ISO/IEC 14443-3"
    )
    assert lines[at + 1] == (
        "settle per sweep: 48 steps wait 99.5 ms for the tags in all, 2 of them longer than "
        "2.0 ms (240 ms if every step waited 5 ms)"
    )
    assert lines[at + 2 : at + 5] == [
        "cells whose tags need more than the 2.0 ms assumed, slowest first:",
        "  cell 140: 4.50 ms",
        "  cell 200: 2.50 ms",
    ]
    assert d.problems() == []


def test_a_tag_slower_than_iso_allows_is_a_problem_naming_its_cell():
    d = pico_diagnosis()
    d = Diagnosis(
        d.port, d.summary, d.readers, d.sweeps, d.cells, d.reports, settle_answer({77: 6000}, {2: 6250})
    )
    assert d.problems() == [
        "cell 77: its tag needs 6.00 ms after the field switches on, more than the 5 ms ISO/IEC 14443-3 allows; "
        "it lies too far from its antenna, or the antenna is detuned: check the table top over it and the "
        "antenna's tuning."
    ]


def test_firmware_without_the_settle_measurement_is_told_to_update():
    assert (
        "settle: not measured (the board's firmware does not measure its tags' times; update it with "
        "`wordtable board deploy --port /dev/ttyACM0`)"
    ) in pico_diagnosis().report()
