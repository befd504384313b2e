"""The RF model's figures as the markdown hardware/rf-model.md holds (``make hardware`` writes it; a
test keeps the file equal to what the model gives)."""

from __future__ import annotations

import math

from hardware.model import channel as ch
from hardware.model import geometry as g


def _z(z: complex) -> str:
    return f"{z.real:.1f} {'+' if z.imag >= 0 else '-'} j{abs(z.imag):.1f}"


def geometry_lines() -> list[str]:
    a = ch.PARTS["antenna"]
    loop = ch.antenna_loop()
    trace = g.Trace(a["trace_width"], a["copper"])
    an1445 = g.rectangle_inductance_an1445(a["side"], a["side"], trace, a["turns"])
    m = ch.coupling(ch.PARTS["heights"]["tile"], 0.0)
    k_nb = m[0, 1] / loop.inductance
    k_tag = m[0, 5] / math.sqrt(loop.inductance * m[5, 5])
    k_cross = m[0, 6] / math.sqrt(loop.inductance * m[6, 6])
    return [
        "| antenna loop | value |",
        "| --- | --- |",
        f"| geometry | {a['side'] * 1e3:.0f} mm square, {a['turns']} turns, {a['trace_width'] * 1e3:.1f} mm trace at "
        f"{a['turn_pitch'] * 1e3:.1f} mm pitch |",
        f"| inductance (Neumann integral) | {loop.inductance * 1e9:.0f} nH |",
        f"| inductance (NXP AN1445 formula) | {an1445 * 1e9:.0f} nH |",
        f"| AC resistance at 13.56 MHz | {loop.resistance:.2f} ohm |",
        f"| damping resistor for Q {a['q_target']:.0f} | {ch.damping_resistor():.2f} ohm |",
        f"| tag coil (20 mm, {ch.PARTS['tag']['turns']} turns) | {ch.tag_inductance() * 1e9:.0f} nH, resonant at "
        f"{1 / (2 * math.pi * math.sqrt(ch.tag_inductance() * ch.PARTS['tag']['c_in'])) / 1e6:.1f} MHz with 50 pF |",
        f"| coupling to an edge neighbour's loop (25 mm pitch) | k = {k_nb:.3f} |",
        f"| coupling to the own tag at 4 mm | k = {k_tag:.2f} |",
        f"| coupling to the neighbour's tag at 4 mm | k = {k_cross:.3f} |",
        f"| field's time constant after a switch (Q {a['q_target']:.0f}) | {ch.field_time_constant() * 1e6:.2f} us; "
        f"99 % after {4.6 * ch.field_time_constant() * 1e6:.1f} us |",
    ]


def topology_lines(results: dict[str, list[ch.Figures]]) -> list[str]:
    lines = [
        "| topology | run | C series / parallel | drive | Z at TX, no tag / tile tag | I(TVDD) | loop current | "
        "H tile / stack | tag EMF tile / stack | neighbour tag EMF at 0 / 2.5 / 5 mm | idle loop current | "
        "switch peak | fails |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for key, figs in results.items():
        for f in figs:
            fails = [name for name, ok in f.checks().items() if not ok]
            nb = " / ".join(f"{v:.2f}" for v in f.emf_neighbour.values())
            lines.append(
                f"| {key} | {f.run * 1e3:.0f} mm | {f.c1 * 1e12:.0f} / {f.c2 * 1e12:.0f} pF | {f.drive * 100:.0f} % | "
                f"{_z(f.z_in_untagged)} / {_z(f.z_in)} | {f.itvdd * 1e3:.0f} mA | {f.loop_current * 1e3:.0f} mA | "
                f"{f.h_tile:.1f} / {f.h_stack:.1f} A/m | {f.emf_tile:.2f} / {f.emf_stack:.2f} | {nb} | "
                f"{f.idle_current * 1e3:.1f} mA | {f.switch_peak:.2f} V | {', '.join(fails) or 'none'} |"
            )
    return lines


def render() -> str:
    results = {t.key: ch.run_topology(t) for t in ch.TOPOLOGIES}
    chosen = [k for k, figs in results.items() if all(f.passes() for f in figs)]
    out = [
        "# RF model of one reader channel: figures",
        "",
        "Written by `make hardware` (`python -m hardware.model`) from `hardware/model/`; the assumptions",
        "and the decision are in [README.md](README.md#antenna-switching-what-the-model-shows). Do not edit.",
        "",
        *geometry_lines(),
        "",
        "Topologies (C series / parallel: the differential-equivalent matching capacitances; drive: the",
        "reader's output set so a tile's tag gets twice the EMF it needs; EMF: as a multiple of what a tag",
        "needs, the EMF of Hmin = 1.5 A/m over its coil; a tag answers from 1.0; no cross-read needs the",
        "neighbour's tag at 0.5 or less):",
        "",
        *[f"- **{t.key}**: {t.title}" for t in ch.TOPOLOGIES],
        "",
        *topology_lines(results),
        "",
        f"Topologies that pass every check at every run length: {', '.join(chosen) or 'none'}.",
        "",
    ]
    return "\n".join(out)
