"""One reader channel as a circuit: reader driver, EMC filter, matching, switch levels, cable, the
selected antenna loop coupled to its idle neighbours and to two tags (its own and the neighbour's).

The chain from the reader's TX pins to the antenna's feed is a cascade of two-ports built with
scikit-rf (lumped parts, and the cable as a lossy transmission line), read as ABCD matrices so the
port reference impedance never enters. The loops are a coupled system: the impedance matrix
R + j omega M of the selected loop, four edge neighbours and two tags (mutual inductances from
geometry.py), with every port but the selected loop closed by its load: an idle neighbour by what
the topology leaves across it, a tag by its chip. Solving it gives the loop's impedance with all that
reflected into it, and every current for one ampere in the selected loop.

The differential circuit is drawn as its single-ended equivalent: series parts of the two legs add
(2 x L0, 2 x R_on), shunt parts to ground halve (C0 / 2); a part across the pair stays as it is.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np
import skrf
from scipy.optimize import least_squares
from skrf.media import DefinedGammaZ0

from hardware.model import geometry as g

PARTS = json.loads((Path(__file__).with_name("parts.json")).read_text())
F0 = PARTS["frequency_hz"]
COPPER_RESISTIVITY = 1.72e-8


@dataclass(frozen=True)
class Topology:
    """One way of switching the antennas. ``matching``: "antenna" puts the series and the parallel
    capacitors on each antenna (the parallel one across the loop); "split" keeps the parallel one on
    the reader board before the switches and only the series pair on each antenna. ``idle``: what
    an unselected antenna is left as: "open" (the series caps to an open switch), "resonant" (the
    parallel cap still across the loop), "detuned" (a transistor pair adds a capacitor of three
    times the parallel one across the loop, so it resonates near half the carrier) or "shorted" (a
    transistor pair across the loop)."""

    key: str
    title: str
    reader: str
    levels: int
    runs: tuple[float, ...]
    matching: str
    idle: str
    readers: int
    antennas_per_reader: int
    switch: str = "ADG1607"
    idle_switch: str | None = None


TOPOLOGIES = (
    Topology(
        "today-split",
        "today: 2 ADG1607 levels, runs to 0.9 m, series caps on the antenna",
        "MFRC522",
        2,
        (0.05, 0.3, 0.9),
        "split",
        "open",
        8,
        48,
    ),
    Topology(
        "today-across",
        "today: 2 ADG1607 levels, runs to 0.9 m, both caps on the antenna",
        "MFRC522",
        2,
        (0.05, 0.3, 0.9),
        "antenna",
        "resonant",
        8,
        48,
    ),
    Topology(
        "tile-resonant",
        "reader per 8 cells, 1 ADG1607 level, 50 mm runs, idle loops left tuned",
        "MFRC522",
        1,
        (0.04, 0.06),
        "antenna",
        "resonant",
        44,
        8,
    ),
    Topology(
        "tile-detuned",
        "reader per 8 cells, 1 ADG1607 level, 50 mm runs, idle loops detuned to about 7 MHz",
        "MFRC522",
        1,
        (0.04, 0.06),
        "antenna",
        "detuned",
        44,
        8,
        idle_switch="2N7002 pair",
    ),
    Topology(
        "tile-shorted",
        "reader per 8 cells, 1 ADG1607 level, 50 mm runs, idle loops shorted",
        "MFRC522",
        1,
        (0.04, 0.06),
        "antenna",
        "shorted",
        44,
        8,
        idle_switch="2N7002 pair",
    ),
    Topology(
        "tile-shorted-clrc663",
        "as tile-shorted, with a CLRC663 reader at 5 V",
        "CLRC663",
        1,
        (0.04, 0.06),
        "antenna",
        "shorted",
        44,
        8,
        idle_switch="2N7002 pair",
    ),
)


# --- the loops -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Loop:
    """The antenna loop's copper: inductance from its geometry, AC resistance of its trace."""

    inductance: float
    resistance: float
    turns: list = field(default_factory=list, compare=False, hash=False)


def antenna_turns(centre=(0.0, 0.0)) -> list[np.ndarray]:
    a = PARTS["antenna"]
    return g.square_turns(a["side"], a["turns"], a["turn_pitch"], centre)


def tag_turns(centre=(0.0, 0.0), z: float = 0.0) -> list[np.ndarray]:
    t = PARTS["tag"]
    return g.circle_turns(t["outer_radius"], t["turns"], t["pitch"], centre, z)


@cache
def antenna_loop() -> Loop:
    a = PARTS["antenna"]
    trace = g.Trace(a["trace_width"], a["copper"])
    turns = antenna_turns()
    inductance = g.coil_inductance(turns, trace.equivalent_diameter / 2, 800)
    length = sum(float(np.sum(np.linalg.norm(np.diff(t, axis=0), axis=1))) for t in turns)
    # current on both faces of the trace, a skin depth deep (the edges' crowding is left out)
    skin = math.sqrt(COPPER_RESISTIVITY / (math.pi * F0 * g.MU0))
    resistance = COPPER_RESISTIVITY * length / (2 * a["trace_width"] * min(skin, a["copper"] / 2))
    return Loop(inductance, resistance, turns)


@cache
def tag_inductance() -> float:
    return g.coil_inductance(tag_turns(), PARTS["tag"]["trace_radius"], 600)


def damping_resistor() -> float:
    """Series resistance that brings the selected loop's Q down to the target."""
    loop = antenna_loop()
    return max(0.0, 2 * math.pi * F0 * loop.inductance / PARTS["antenna"]["q_target"] - loop.resistance)


PITCH = 25e-3
NEIGHBOURS = ((PITCH, 0.0), (-PITCH, 0.0), (0.0, PITCH), (0.0, -PITCH))


@cache
def coupling(z: float, offset: float) -> np.ndarray:
    """Mutual inductance matrix of [selected loop, 4 neighbours, own tag, neighbour's tag]: the own
    tag centred over the selected loop at height z, the neighbour's tag over the +x neighbour,
    moved `offset` towards the selected loop."""
    coils = [antenna_turns()] + [antenna_turns(c) for c in NEIGHBOURS]
    coils += [tag_turns((0.0, 0.0), z), tag_turns((PITCH - offset, 0.0), z)]
    n = len(coils)
    m = np.zeros((n, n))
    m[0, 0] = antenna_loop().inductance
    for i in range(1, 5):
        m[i, i] = m[0, 0]
    m[5, 5] = m[6, 6] = tag_inductance()
    for i in range(n):
        for j in range(i + 1, n):
            m[i, j] = m[j, i] = g.coil_mutual(coils[i], coils[j], 700)
    return m


# --- the chain of two-ports --------------------------------------------------------------------------


def _media(freqs: np.ndarray) -> DefinedGammaZ0:
    return DefinedGammaZ0(skrf.Frequency.from_f(freqs, unit="Hz"))


def _cable(freqs: np.ndarray, length: float) -> skrf.Network:
    return _cable_cached(tuple(float(f) for f in freqs), length)


@cache
def _cable_cached(freqs: tuple[float, ...], length: float) -> skrf.Network:
    freqs = np.array(freqs)
    c = PARTS["cable"]
    beta = 2 * np.pi * freqs / (c["velocity_factor"] * 299_792_458.0)
    alpha = c["loss_db_per_m"] / (20 * math.log10(math.e))
    media = DefinedGammaZ0(
        skrf.Frequency.from_f(freqs, unit="Hz"), z0=c["z0"], gamma=alpha + 1j * beta, z0_port=50
    )
    return media.line(length, "m")


def stages(
    top: Topology, run: float, c1: float, c2: float, freqs: np.ndarray
) -> list[tuple[str, skrf.Network]]:
    """The two-ports from the TX pins to the loop's terminals, in order, named. c1 and c2 are the
    differential-equivalent series and parallel matching capacitances."""
    m = _media(freqs)
    emc = PARTS["emc_filter"]
    sw = PARTS["switches"][top.switch]
    out = [("emc filter", m.inductor(2 * emc["l0"]) ** m.shunt_capacitor(emc["c0"] / 2))]
    if top.matching == "split":
        out.append(("parallel cap (reader)", m.shunt_capacitor(c2)))
    for level in range(top.levels):
        out.append(
            (f"switch level {level + 1}", m.shunt_capacitor(sw["c_on"] / 2) ** m.resistor(2 * sw["r_on"]))
        )
    out.append(("cable", _cable(freqs, run)))
    out.append(("series caps", m.capacitor(c1)))
    if top.matching == "antenna":
        out.append(("parallel cap (antenna)", m.shunt_capacitor(c2)))
    if top.idle_switch:
        # the idle-short transistors of this antenna, off: their output capacitance across the loop
        out.append(("idle switch (off)", m.shunt_capacitor(PARTS["switches"][top.idle_switch]["c_off"])))
    out.append(("damping", m.resistor(damping_resistor())))
    return out


def _cascade(chain: list[tuple[str, skrf.Network]]) -> np.ndarray:
    a = chain[0][1].a
    for _, net in chain[1:]:
        a = a @ net.a
    return a


def input_impedance(chain: list[tuple[str, skrf.Network]], z_load: np.ndarray) -> np.ndarray:
    """Impedance at the TX pins: the load seen through every stage."""
    a = _cascade(chain)
    return (a[:, 0, 0] * z_load + a[:, 0, 1]) / (a[:, 1, 0] * z_load + a[:, 1, 1])


def node_voltages_currents(chain, z_load: np.ndarray, v_pins: np.ndarray):
    """Voltage and current at the input of every stage and at the load, for the voltage at the TX
    pins: walk back from the load with one ampere, then scale."""
    v = z_load * 1.0
    i = np.ones_like(z_load)
    nodes = [("load", v, i)]
    for name, net in reversed(chain):
        a = net.a
        v, i = a[:, 0, 0] * v + a[:, 0, 1] * i, a[:, 1, 0] * v + a[:, 1, 1] * i
        nodes.append((name, v, i))
    scale = v_pins / v
    return [(name, vv * scale, ii * scale) for name, vv, ii in reversed(nodes)]


# --- the coupled loops -------------------------------------------------------------------------------


def idle_termination(top: Topology, run: float, c1: float, c2: float, freq: float) -> complex:
    """What an unselected antenna's loop terminals see, at one frequency."""
    w = 2 * math.pi * freq
    rq = damping_resistor()
    sw = PARTS["switches"][top.switch]
    if top.idle == "shorted":
        return rq + PARTS["switches"][top.idle_switch]["r_on"]
    # the series caps, the cable and the open switch (its off capacitance per leg to ground)
    line = _cable(np.array([freq]), run)
    a = line.a[0]
    z_off = 1 / (1j * w * sw["c_off"] / 2)
    z_feed = (a[0, 0] * z_off + a[0, 1]) / (a[1, 0] * z_off + a[1, 1]) + 1 / (1j * w * c1)
    if top.idle == "open":
        return rq + z_feed
    # "detuned": the transistor pair (its on-resistance in series) adds 3 x c2 across the loop
    z_c2 = 1 / (1j * w * c2)
    if top.idle == "detuned":
        z_extra = PARTS["switches"][top.idle_switch]["r_on"] + 1 / (1j * w * 3 * c2)
        z_c2 = z_c2 * z_extra / (z_c2 + z_extra)
    return rq + z_c2 * z_feed / (z_c2 + z_feed)


def field_time_constant(q: float | None = None) -> float:
    """Time the loop's current (and so the field) takes to reach 1 - 1/e of its final value after
    the switch closes: tau = 2 Q / omega = Q / (pi f) for a resonant circuit of quality Q."""
    return (q or PARTS["antenna"]["q_target"]) / (math.pi * F0)


def tag_termination(freq: float) -> complex:
    t = PARTS["tag"]
    return 1 / (1j * 2 * math.pi * freq * t["c_in"] + 1 / t["r_chip"])


def loop_system(
    top: Topology, run: float, c1: float, c2: float, freq: float, z: float, offset: float, tags: bool = True
):
    """The selected loop's impedance with everything coupled to it, and the currents of all seven
    coils for 1 A in it."""
    w = 2 * math.pi * freq
    m = coupling(z, offset)
    loop = antenna_loop()
    r = np.array([loop.resistance] * 5 + [2.0, 2.0])  # tag coil resistance assumed 2 ohm
    zmat = np.diag(r).astype(complex) + 1j * w * m
    loads = [idle_termination(top, run, c1, c2, freq)] * 4
    loads += [tag_termination(freq)] * 2 if tags else [1e12, 1e12]
    rest = zmat[1:, 1:] + np.diag(loads)
    i_rest = -np.linalg.solve(rest, zmat[1:, 0])
    z_eff = zmat[0, 0] + zmat[0, 1:] @ i_rest
    return z_eff, np.concatenate([[1.0], i_rest])


def loop_impedance(
    top: Topology,
    run: float,
    c1: float,
    c2: float,
    freqs: np.ndarray,
    tags: bool = False,
    z: float = 4e-3,
    offset: float = 0.0,
) -> np.ndarray:
    return np.array([loop_system(top, run, c1, c2, f, z, offset, tags)[0] for f in freqs])


# --- matching -----------------------------------------------------------------------------------------


def match(top: Topology, run: float) -> tuple[float, float]:
    """Series and parallel capacitances (differential equivalent) that make the TX pins see the
    reader's target resistance at 13.56 MHz with no tag present, for one run length."""
    target = PARTS["readers"][top.reader]["target_ohm"]
    freqs = np.array([F0])

    def err(logc):
        c1, c2 = np.exp(logc)
        zl = loop_impedance(top, run, c1, c2, freqs)
        zin = input_impedance(stages(top, run, c1, c2, freqs), zl)[0]
        return [(zin.real - target) / target, zin.imag / target]

    best = None
    for c1_0 in (30e-12, 100e-12, 400e-12):
        for c2_0 in (100e-12, 300e-12, 1500e-12):
            sol = least_squares(err, np.log([c1_0, c2_0]), bounds=(np.log(1e-12), np.log(1e-8)))
            if best is None or sol.cost < best.cost:
                best = sol
        if best.cost < 1e-8:
            break
    return tuple(float(x) for x in np.exp(best.x))


# --- what the reader and the tags see -----------------------------------------------------------------


@dataclass
class Figures:
    """What one run of one topology gives, at the drive level the topology is set to (``drive``, a
    fraction of the driver's full output). EMFs are ratios to what a tag needs (emf_min)."""

    topology: str
    run: float
    tuned_run: float
    c1: float
    c2: float
    drive: float
    z_in: complex
    z_in_untagged: complex
    itvdd: float
    loop_current: float
    h_tile: float
    h_stack: float
    emf_tile: float
    emf_stack: float
    emf_neighbour: dict[float, float]
    idle_current: float
    switch_peak: float
    loop_peak: float

    def checks(self) -> dict[str, bool]:
        top = TOPO[self.topology]
        rd = PARTS["readers"][top.reader]
        crit = PARTS["criteria"]
        target = rd["target_ohm"]
        out = {
            "matched": abs(self.z_in_untagged - target) <= 0.25 * target,
            "drive within the reader's range": self.drive <= 1.0,
            "reads a tile": self.emf_tile >= crit["read_margin"],
            "reads the top of a stack": self.emf_stack >= crit["read_margin"],
            "no cross-read": max(self.emf_neighbour.values()) <= crit["cross_margin"],
            "field at most Hmax": self.h_tile <= crit["h_max"],
            "TVDD current in limit": self.itvdd <= rd["itvdd_max"],
            "switch within its rails": self.switch_peak <= PARTS["switches"][top.switch]["rail"],
        }
        if top.idle_switch:
            out["idle switch within its VDS"] = (
                self.loop_peak <= PARTS["switches"][top.idle_switch]["vds_max"]
            )
        return out

    def passes(self) -> bool:
        return all(self.checks().values())


TOPO = {t.key: t for t in TOPOLOGIES}


def emf_min() -> float:
    """EMF (peak) a tag's coil gets from a uniform field of Hmin rms: what it needs to work."""
    t = PARTS["tag"]
    area = sum(math.pi * (t["outer_radius"] - i * t["pitch"]) ** 2 for i in range(t["turns"]))
    return 2 * math.pi * F0 * g.MU0 * t["h_min"] * area * math.sqrt(2)


def _full_drive(top: Topology, run: float, c1: float, c2: float) -> dict:
    """Every figure at the driver's full output (all of them scale with the drive: the circuit is
    linear)."""
    rd = PARTS["readers"][top.reader]
    w = 2 * math.pi * F0
    freqs = np.array([F0])
    v_source = 4 / math.pi * rd["tvdd"]  # fundamental of the two legs' antiphase square waves, peak
    h = PARTS["heights"]
    chain = stages(top, run, c1, c2, freqs)
    out = {"z_in_untagged": complex(input_impedance(chain, loop_impedance(top, run, c1, c2, freqs))[0])}
    for case, z, off in (
        ("tile", h["tile"], 0.0),
        ("stack", h["stack"], 0.0),
        ("off2.5", h["tile"], 2.5e-3),
        ("off5", h["tile"], 5e-3),
    ):
        z_eff, currents = loop_system(top, run, c1, c2, F0, z, off)
        zin = input_impedance(chain, np.array([z_eff]))
        v_pins = v_source * zin / (zin + 2 * rd["r_out_per_pin"])
        nodes = node_voltages_currents(chain, np.array([z_eff]), v_pins)
        i_all = currents * nodes[-1][2][0]
        m = coupling(z, off)
        hz = sum(
            i_all[k]
            * g.coil_field_per_amp(antenna_turns((0.0, 0.0) if k == 0 else NEIGHBOURS[k - 1]), (0.0, 0.0, z))[
                2
            ]
            for k in range(5)
        )
        out[case] = {
            "z_in": complex(zin[0]),
            "i_in": abs(nodes[0][2][0]),
            "emf_own": abs(w * (m[5, :5] @ i_all[:5])) / emf_min(),
            "emf_neighbour": abs(w * (m[6, :5] @ i_all[:5])) / emf_min(),
            "h": abs(hz) / math.sqrt(2),
            "loop_current": abs(i_all[0]) / math.sqrt(2),
            "idle_current": max(abs(x) for x in i_all[1:5]) / math.sqrt(2),
            "switch_v": max(
                [abs(v[0]) for name, v, _ in nodes if name.startswith("switch level")], default=0.0
            ),
            "loop_v": abs(nodes[-1][1][0]) + abs(i_all[0]) * damping_resistor(),
        }
    return out


def evaluate(top: Topology, run: float, c1: float, c2: float, tuned_run: float, drive: float) -> Figures:
    f = _full_drive(top, run, c1, c2)
    tile = f["tile"]
    tvdd = PARTS["readers"][top.reader]["tvdd"]
    return Figures(
        topology=top.key,
        run=run,
        tuned_run=tuned_run,
        c1=c1,
        c2=c2,
        drive=drive,
        z_in=tile["z_in"],
        z_in_untagged=f["z_in_untagged"],
        # the drivers connect the load to TVDD half a period each way: the supply carries the
        # rectified fundamental, 2/pi of its peak
        itvdd=2 / math.pi * tile["i_in"] * drive,
        loop_current=tile["loop_current"] * drive,
        h_tile=tile["h"] * drive,
        h_stack=f["stack"]["h"] * drive,
        emf_tile=tile["emf_own"] * drive,
        emf_stack=f["stack"]["emf_own"] * drive,
        emf_neighbour={
            0.0: tile["emf_neighbour"] * drive,
            2.5e-3: f["off2.5"]["emf_neighbour"] * drive,
            5e-3: f["off5"]["emf_neighbour"] * drive,
        },
        idle_current=tile["idle_current"] * drive,
        # a leg swings half the differential voltage around the driver's mid-supply bias
        switch_peak=(tvdd / 2 + tile["switch_v"] * drive / 2) if top.levels else 0.0,
        loop_peak=tile["loop_v"] * drive,
    )


def run_topology(top: Topology) -> list[Figures]:
    """Tuned once, on the first run length (as a prototype is); the drive set there so a tile's tag
    gets the design margin over what it needs; then every run length evaluated as built."""
    c1, c2 = match(top, top.runs[0])
    full = _full_drive(top, top.runs[0], c1, c2)
    drive = PARTS["criteria"]["design_emf"] / full["tile"]["emf_own"]
    return [evaluate(top, run, c1, c2, top.runs[0], drive) for run in top.runs]
