"""`wordtable board doctor`'s wording of a real board's diagnostics: the answers are packed as the
firmware packs them (wtproto.diagcodec) and decoded as the host decodes them (wtproto.hostdiag)."""

from __future__ import annotations

import struct

import pytest
from wordtable.table.doctor import Diagnosis, Placement, parse_expect, version_text
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


# --- the cross-read check (--expect) -------------------------------------------------------------------

A = bytes.fromhex("04A1B2C3D4E5F6")
B = bytes.fromhex("04112233445566")
C = bytes.fromhex("04FFEEDDCCBBAA")


def test_expect_pairs_come_from_the_command_line_and_from_a_file(tmp_path):
    f = tmp_path / "tags.txt"
    f.write_text("# the prototype tile's tags\n41=04:11:22:33:44:55:66\n\n42 04FFEEDDCCBBAA  # a card\n")
    assert parse_expect(["40=04A1B2C3D4E5F6"], [str(f)]) == {40: A, 41: B, 42: C}


@pytest.mark.parametrize(
    ("pair", "says"),
    [
        ("40", "write CELL=UID"),
        ("x=04A1B2C3D4E5F6", "write CELL=UID"),
        ("40=04A1", "4 or 7 bytes"),
        ("40=zz", "in hex"),
    ],
)
def test_a_malformed_expect_pair_is_refused_with_how_to_write_it(pair, says):
    with pytest.raises(ValueError, match=says):
        parse_expect([pair])


def test_a_cell_or_a_tag_named_twice_is_refused():
    with pytest.raises(ValueError, match="names cell 40 twice"):
        parse_expect([f"40={A.hex()}", f"40={B.hex()}"])
    with pytest.raises(ValueError, match="names tag 04A1B2C3D4E5F6 on two cells"):
        parse_expect([f"40={A.hex()}", f"41={A.hex()}"])


def test_tags_read_where_they_lie_are_no_problem():
    p = Placement({40: A, 41: B}, 3.0, {40: A, 41: B}, [], {40: A, 41: B})
    assert p.report() == [
        "placement: 2 tags expected, watched 3 s, 0 cell reports (debounced reads: a tag read alike twice)",
        "  cell 40: 04A1B2C3D4E5F6 read there only; lost 0 times",
        "  cell 41: 04112233445566 read there only; lost 0 times",
        "cross-reads: 0",
    ]
    assert p.problems() == []


def test_a_tag_read_on_a_neighbour_is_a_cross_read_and_a_cell_losing_its_tag_is_named():
    # A lies on 40; during the watch cell 41 reported A (the neighbour read it), then lost it again
    p = Placement({40: A}, 2.0, {40: A}, [(41, A), (41, None), (40, None), (40, A)], {40: A})
    lines = p.report()
    assert "  cell 40: 04A1B2C3D4E5F6 read there, and on cell 41; lost 1 times" in lines
    assert lines[-1] == "cross-reads: 1"
    assert p.problems() == [
        "cross-read: tag 04A1B2C3D4E5F6 lies on cell 40 and was read on cell 41; check the antenna wires to the "
        "tile, that antenna's idle short and the tag's offset (TEST-PLAN rows 5 and 6).",
        "cell 40: lost its tag 1 time in 2 s while nothing moved; the read is at the edge (drive, tuning or "
        "the tag's height).",
    ]


def test_a_tag_never_read_on_its_cell_says_what_the_cell_reads_and_strays_are_listed():
    p = Placement({40: A, 50: B}, 1.0, {40: C}, [], {40: C})
    lines = p.report()
    assert (
        "  cell 40: 04A1B2C3D4E5F6 NOT read anywhere (the cell reads 04FFEEDDCCBBAA); lost 0 times" in lines
    )
    assert "  cell 50: 04112233445566 NOT read anywhere (the cell reads empty); lost 0 times" in lines
    assert "  cell 40: 04FFEEDDCCBBAA read, a tag no --expect names" in lines
    assert p.problems()[0] == (
        "cell 40: tag 04A1B2C3D4E5F6 was never read there; the cell reads 04FFEEDDCCBBAA. "
        "Check the tag is centred on the cell and its antenna."
    )


def test_the_doctors_report_carries_the_placement_and_its_problems():
    d = pico_diagnosis()
    d = Diagnosis(
        d.port,
        d.summary,
        d.readers,
        d.sweeps,
        d.cells,
        d.reports,
        None,
        Placement({40: A}, 2.0, {40: A, 41: A}, [], {40: A, 41: A}),
    )
    lines = d.report()
    assert "cross-reads: 1" in lines and lines[-2] == "1 problem found:"
    assert lines[-1].startswith("  - cross-read: tag 04A1B2C3D4E5F6 lies on cell 40 and was read on cell 41")
