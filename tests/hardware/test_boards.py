"""The prototype's board files (hardware/boards) pass KiCad's own ERC and DRC, are what their
generator writes, carry the RF model's loop, and give a maker's fabrication files."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from hardware.boards import checks, kicad, mainboard, reader, tile
from hardware.model import channel as ch

BOARDS = Path(__file__).resolve().parents[2] / "hardware" / "boards"


@pytest.fixture(scope="module")
def copies(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("boards")
    return {p.suffix: Path(shutil.copy(p, out)) for p in BOARDS.glob("antenna_tile.kicad_*")}


def test_board_files_are_what_their_generator_writes():
    assert (BOARDS / "antenna_tile.kicad_pcb").read_text() == tile.pcb(), "run `make hardware` and commit"
    assert (BOARDS / "antenna_tile.kicad_sch").read_text() == tile.schematic(), (
        "run `make hardware` and commit"
    )


def test_antenna_tile_schematic_has_no_erc_errors(copies):
    report = checks.erc(copies[".kicad_sch"])
    assert report["sheets"], "ERC read no sheet"
    assert checks.erc_violations(report, "error") == []
    # what remains is KiCad noting that the symbols live in the file, not in an installed library
    assert {v.split(":")[0] for v in checks.erc_violations(report, "warning")} <= {
        "lib_symbol_issues",
        "footprint_link_issues",
    }


def test_antenna_tile_board_has_no_drc_errors(copies):
    report = checks.drc(copies[".kicad_pcb"])
    assert checks.drc_violations(report, "error") == []
    assert {v.split(":")[0] for v in checks.drc_violations(report, "warning")} <= {"lib_footprint_issues"}


def test_drc_finds_a_track_that_shorts_two_nets(tmp_path):
    # the check can fail: a track from cell 1's P pad to its N pad is a short DRC must report
    board = tmp_path / "shorted.kicad_pcb"
    text = tile.pcb()
    p1 = re.search(r'\(net (\d+) "P1"\)', text).group(1)
    short = f'  (segment (start 16.69 28.5) (end 18.0 28.5) (width 0.25) (layer "B.Cu") (net {p1}) (uuid "{kicad.uid("x")}"))\n'
    board.write_text(text.replace("  (gr_rect", short + "  (gr_rect", 1))
    errors = checks.drc_violations(checks.drc(board), "error")
    assert any(e.startswith("shorting_items") or e.startswith("clearance") for e in errors), errors


def test_the_boards_loop_is_the_rf_models_loop():
    a = ch.PARTS["antenna"]
    path = tile.loop_path()
    xs = [x for x, _ in path]
    assert max(xs) - min(xs) == pytest.approx(a["side"] * 1e3 - a["trace_width"] * 1e3)  # centre line
    # three turns: the path goes round the centre three times (four sides each, less the gaps)
    corners = sum(
        1
        for (x0, y0), (x1, y1), (x2, y2) in zip(path, path[1:], path[2:], strict=False)
        if (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1) != 0
    )
    assert corners == 4 * a["turns"] - 1


def test_fabrication_outputs_are_made_for_every_layer_and_the_drills(copies, tmp_path):
    files = {p.name for p in checks.fabrication(copies[".kicad_pcb"], tmp_path)}
    for suffix in ("F_Cu.gtl", "B_Cu.gbl", "F_Mask.gts", "B_Mask.gbs", "Edge_Cuts.gm1"):
        assert f"antenna_tile-{suffix}" in files
    assert "antenna_tile.drl" in files
    assert "%FSLAX" in (tmp_path / "gerbers" / "antenna_tile-F_Cu.gtl").read_text()  # a Gerber X2 file


# --- the tile's reader (hardware/boards/reader.py) -----------------------------------------------------


def test_reader_files_are_what_their_generator_writes():
    assert (BOARDS / "reader_tile.kicad_sch").read_text() == reader.schematic(), (
        "run `make hardware` and commit"
    )
    assert (BOARDS / "reader_tile.kicad_pcb").read_text() == reader.pcb(), "run `make hardware` and commit"


def test_reader_board_has_no_drc_errors_and_every_net_routed(tmp_path):
    path = Path(shutil.copy(BOARDS / "reader_tile.kicad_pcb", tmp_path))
    report = checks.drc(path)
    assert checks.drc_violations(report, "error") == []  # unconnected items are errors: every net is routed
    assert report["unconnected_items"] == []
    assert {v.split(":")[0] for v in checks.drc_violations(report, "warning")} <= {"lib_footprint_issues"}


def test_reader_board_gives_fabrication_files(tmp_path):
    path = Path(shutil.copy(BOARDS / "reader_tile.kicad_pcb", tmp_path))
    files = {p.name for p in checks.fabrication(path, tmp_path)}
    assert {"reader_tile-F_Cu.gtl", "reader_tile-B_Cu.gbl", "reader_tile.drl"} <= files


def test_reader_schematic_has_no_erc_errors(tmp_path):
    path = Path(shutil.copy(BOARDS / "reader_tile.kicad_sch", tmp_path))
    report = checks.erc(path)
    assert report["sheets"], "ERC read no sheet"
    assert checks.erc_violations(report, "error") == []
    assert {v.split(":")[0] for v in checks.erc_violations(report, "warning")} <= {
        "lib_symbol_issues",
        "footprint_link_issues",
    }


def test_erc_finds_the_switch_rail_undriven_without_its_source(tmp_path, monkeypatch):
    # the check can fail: without the -5 V rail's source the ADG1607's VSS is a power pin nothing drives
    monkeypatch.setattr(reader, "FLAGS", [f for f in reader.FLAGS if f != "-5V"])
    path = tmp_path / "no_minus5.kicad_sch"
    path.write_text(reader.schematic())
    errors = checks.erc_violations(checks.erc(path), "error")
    assert any(e.startswith("power_pin_not_driven") for e in errors), errors


def test_reader_carries_the_rf_models_emc_filter_and_one_switch_level():
    parts = {ref: (value, nets) for ref, _sym, _fp, value, _at, nets in reader.parts()}
    f = ch.PARTS["emc_filter"]
    assert f["l0"] == pytest.approx(560e-9) and parts["L1"][0] == parts["L2"][0] == "560nH"
    assert (
        f["c0"] == pytest.approx(220e-12)
        and parts["C1"][0].startswith("220p")
        and parts["C2"][0].startswith("220p")
    )
    # the filter sits between the MFRC522's TX pins and the switch's drains
    assert parts["L1"][1] == {"1": "TX1", "2": "DA"} and parts["L2"][1] == {"1": "TX2", "2": "DB"}
    switches = [ref for ref, (value, _) in parts.items() if value.startswith("ADG1607")]
    assert switches == ["U2"]
    adg = {name: parts["U2"][1][num] for num, name, _ in reader.ADG1607}
    dec = {name: parts["U4"][1][num] for num, name, _ in reader.HCT138}
    for k in range(8):
        # address k selects antenna k + 1 on the switch, and the decoder's active-low Yk releases that
        # antenna's idle short (its gate low) while every other gate stays high: shorted
        assert (adg[f"S{k + 1}A"], adg[f"S{k + 1}B"], dec[f"Y{k}"]) == (f"P{k + 1}", f"N{k + 1}", f"G{k + 1}")
    assert [adg[a] for a in ("A0", "A1", "A2")] == [dec[a] for a in ("A", "B", "C")] == ["A0", "A1", "A2"]
    # every antenna's P, N and G reach the antenna connectors
    wires = set(parts["J2"][1].values()) | set(parts["J3"][1].values())
    assert {f"{s}{n}" for s in "PNG" for n in range(1, 9)} <= wires


# --- the main board (hardware/boards/mainboard.py) ----------------------------------------------------


def test_main_board_files_are_what_their_generator_writes():
    assert (BOARDS / "main_board.kicad_sch").read_text() == mainboard.schematic(), (
        "run `make hardware` and commit"
    )
    assert (BOARDS / "main_board.kicad_pcb").read_text() == mainboard.pcb(), "run `make hardware` and commit"


def test_main_board_has_no_erc_or_drc_errors_and_every_net_routed(tmp_path):
    sch = Path(shutil.copy(BOARDS / "main_board.kicad_sch", tmp_path))
    pcb = Path(shutil.copy(BOARDS / "main_board.kicad_pcb", tmp_path))
    erc, drc = checks.erc(sch), checks.drc(pcb)
    assert checks.erc_violations(erc, "error") == [] and checks.drc_violations(drc, "error") == []
    assert drc["unconnected_items"] == []
    assert {v.split(":")[0] for v in checks.erc_violations(erc, "warning")} <= {
        "lib_symbol_issues",
        "footprint_link_issues",
    }
    assert {v.split(":")[0] for v in checks.drc_violations(drc, "warning")} <= {"lib_footprint_issues"}


def test_every_line_to_the_tiles_passes_a_buffer_powered_by_the_tables_rail():
    # no back-powering (hardware/README.md, Sequencing): no Pico pin reaches a tile harness directly, and
    # what drives the tile lines runs on the table's 3.3 V (3V3T), not on the Pico's
    parts = {ref: (sym, nets) for ref, sym, _fp, _v, _at, nets in mainboard.parts()}
    pico_nets = {n for n in parts["U1"][1].values() if n}
    harness = {n for ref, (sym, nets) in parts.items() if sym == "conn16" for n in nets.values()}
    assert pico_nets & harness == {"GND"}
    # the tiles' supplies are the board's 5 V and -5 V rails
    assert {"5V", "-5V"} <= harness and "5V" in parts["J1"][1].values() and "-5V" in parts["U3"][1].values()
    for ref in ("U4", "U5", "U6", "U7"):
        sym, nets = parts[ref]
        pins = {
            name: nets[num]
            for num, name, _ in {
                "74LVC244A": mainboard.LVC244,
                "74HC138": mainboard.HCT138,
                "74LVC1G125": mainboard.LVC1G125,
            }[sym]
        }
        assert pins.get("VCC") == "3V3T", ref
    # the Pico learns the -5 V rail from GP28's divider, and each tile gets its own select
    assert parts["U1"][1]["34"] == "PG_N" and {parts["R1"][1]["2"], parts["R2"][1]["1"]} == {"PG_N"}
    assert sorted(nets["11"] for sym, nets in parts.values() if sym == "conn16") == [
        f"NSS{t}" for t in range(4)
    ]
