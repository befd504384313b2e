"""The antenna tile of the prototype as KiCad files: 2 x 4 cells at 25 mm pitch, each with its loop
(the RF model's geometry: hardware/model/parts.json), its matching capacitors, damping resistor and
the back-to-back 2N7002 pair that shorts it while it is not selected, and four solder pads for its
harness (N, P, G and its own ground return, GND<n>). Loops on the front copper, the parts on the back, under the loop.

The loop is a net-tie footprint: its spiral joins pad 1 (outer end, net D) and pad 2 (inner end,
net B), which DRC allows only there. Every position below is in millimetres from the cell's centre,
board y pointing down; each cell is routed alike.
"""

from __future__ import annotations

import json
from pathlib import Path

from hardware.boards import kicad as k

PARTS = json.loads((Path(__file__).resolve().parents[1] / "model" / "parts.json").read_text())
PITCH = 25.0
ROWS, COLS = 2, 4
TRACK = 0.25


def loop_path() -> list[tuple[float, float]]:
    """Centre line of the spiral, from the outer end to the inner end."""
    a = PARTS["antenna"]
    side, turns, pitch, width = a["side"] * 1e3, a["turns"], a["turn_pitch"] * 1e3, a["trace_width"] * 1e3
    h = [side / 2 - width / 2 - i * pitch for i in range(turns + 1)]
    pts = [(-2.0, -h[0])]
    for i in range(turns):
        pts += [(h[i], -h[i]), (h[i], h[i]), (-h[i], h[i])]
        pts.append((-h[i], -h[i + 1]) if i + 1 < turns else (-h[i], -h[i] + 1.5))
        if i + 1 < turns:
            pts.append((-h[i + 1], -h[i + 1]))
    # the step between turns happens on the left side: drop the corner point that would double back
    out = [pts[0]]
    for p in pts[1:]:
        if p != out[-1]:
            out.append(p)
    return out


def _values() -> dict[str, str]:
    """Part values from the RF model's chosen topology (tile-shorted), rounded to E12-ish values."""
    return {"C1": "180p C0G", "C2": "300p C0G", "RQ": "1R1", "RS": "100k", "Q": "2N7002"}


# parts of one cell: (reference prefix, symbol, footprint, value key, position, pads' nets)
def cell_parts(n: int) -> list[tuple[str, str, str, str, tuple[float, float], dict[str, str]]]:
    v = _values()
    s = f"{n}"
    return [
        (
            f"J{s}",
            "conn4",
            "pads4",
            "harness",
            (0.0, 6.0),
            {"1": f"N{s}", "2": f"P{s}", "3": f"G{s}", "4": f"GND{s}"},
        ),
        (f"L{s}", "loop", "loop", "400nH loop", (0.0, 0.0), {"1": f"D{s}", "2": f"B{s}"}),
        (f"C{s}1", "C", "0603v", v["C1"], (-3.8, -1.6), {"1": f"A{s}", "2": f"P{s}"}),
        (f"C{s}2", "C", "0603v", v["C1"], (-6.35, -1.6), {"1": f"B{s}", "2": f"N{s}"}),
        (f"C{s}3", "C", "0603h", v["C2"], (-4.6, -5.0), {"1": f"B{s}", "2": f"A{s}"}),
        (f"R{s}1", "R", "0603h", v["RQ"], (-3.0, -8.0), {"1": f"A{s}", "2": f"D{s}"}),
        (f"R{s}2", "R", "0603v", v["RS"], (6.5, -0.2), {"1": f"S{s}", "2": f"GND{s}"}),
        (f"Q{s}1", "Q", "sot23", v["Q"], (1.0, -7.0), {"1": f"G{s}", "2": f"S{s}", "3": f"D{s}"}),
        (f"Q{s}2", "Q", "sot23", v["Q"], (5.0, -4.0), {"1": f"G{s}", "2": f"S{s}", "3": f"B{s}"}),
    ]


# routes of one cell: (net, layer, points); vias: (net, position)
def cell_routes(n: int):
    s = f"{n}"
    back, front = "B.Cu", "F.Cu"
    routes = [
        (f"D{s}", back, [(-2.2, -8.0), (-2.0, -10.75)]),
        (f"D{s}", back, [(-2.2, -8.0), (1.0, -8.0)]),
        (f"A{s}", back, [(-3.8, -8.0), (-3.8, -5.0), (-3.8, -2.4)]),
        (f"P{s}", back, [(-3.8, -0.8), (-3.81, 6.0)]),
        (f"B{s}", back, [(-5.4, -5.0), (-6.35, -2.4)]),
        (f"B{s}", back, [(-5.4, -5.0), (-8.95, -7.45)]),
        (f"B{s}", back, [(-8.95, -7.45), (-8.95, 8.2), (2.6, 8.2), (2.6, -5.0), (5.0, -5.0)]),
        (f"N{s}", back, [(-6.35, -0.8), (-6.35, 6.0)]),
        (f"S{s}", back, [(1.95, -6.0), (5.95, -6.0), (5.95, -3.0), (6.5, -1.0)]),
        (f"GND{s}", back, [(3.81, 6.0), (6.5, 0.6)]),
        (f"G{s}", back, [(1.27, 6.0), (1.27, 4.0)]),
        (f"G{s}", front, [(1.27, 4.0), (0.05, -4.6)]),
        (f"G{s}", front, [(1.27, 4.0), (4.05, -1.7)]),
        (f"G{s}", back, [(0.05, -4.6), (0.05, -6.0)]),
        (f"G{s}", back, [(4.05, -1.7), (4.05, -3.0)]),
    ]
    vias = [(f"G{s}", (1.27, 4.0)), (f"G{s}", (0.05, -4.6)), (f"G{s}", (4.05, -1.7))]
    return routes, vias


def cells():
    """(number, centre) of every cell of the tile, numbered row by row from 1."""
    for r in range(ROWS):
        for c in range(COLS):
            yield r * COLS + c + 1, (PITCH / 2 + c * PITCH + 10.0, PITCH / 2 + r * PITCH + 10.0)


def pcb() -> str:
    board = k.Board(width=COLS * PITCH + 20.0, height=ROWS * PITCH + 20.0, origin=(10.0, 10.0))
    for n, (cx, cy) in cells():
        for ref, _sym, fp, value, (x, y), nets in cell_parts(n):
            if fp == "loop":
                board.footprint(
                    ref,
                    value,
                    k.loop_footprint(loop_path(), PARTS["antenna"]["trace_width"] * 1e3),
                    (cx + x, cy + y),
                    nets,
                    layer="F.Cu",
                )
            else:
                board.footprint(ref, value, k.FOOTPRINTS[fp], (cx + x, cy + y), nets, layer="B.Cu")
        routes, vias = cell_routes(n)
        for net, layer, pts in routes:
            board.track(net, layer, [(cx + x, cy + y) for x, y in pts], TRACK)
        for net, (x, y) in vias:
            board.via(net, (cx + x, cy + y))
    return board.render()


def schematic() -> str:
    sch = k.Schematic("antenna_tile", "Antenna tile: 8 loops, matching, idle short (prototype)")
    for n, _centre in cells():
        row, col = divmod(n - 1, COLS)
        ox, oy = 25.4 + col * 96.52, 30.48 + row * 60.96
        for i, (ref, sym, fp, value, _pos, nets) in enumerate(cell_parts(n)):
            sch.symbol(
                ref, sym, value, k.FOOTPRINT_NAMES[fp], (ox + (i % 5) * 17.78, oy + (i // 5) * 25.4), nets
            )
    return sch.render()


def write(out: Path) -> list[Path]:
    return k.write_board(out, "antenna_tile", pcb(), schematic())
