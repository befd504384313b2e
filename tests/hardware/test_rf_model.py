"""The RF model of a reader channel (hardware/model) against figures it can be held to: closed forms
and hand calculations for its parts, and the topology decision hardware/README.md states."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from hardware.model import channel as ch
from hardware.model import geometry as g
from hardware.model.report import render

REPO = Path(__file__).resolve().parents[2]


def test_square_loop_inductance_by_neumann_integral_matches_grovers_formula():
    # 20 mm square of 0.5 mm trace: Grover's (2 mu0 a / pi)(ln(a/r) - 0.774) gives 63.9 nH by hand
    radius = g.Trace(0.5e-3).equivalent_diameter / 2
    grover = g.square_inductance_grover(20e-3, radius)
    assert grover == pytest.approx(63.9e-9, rel=0.002)
    assert g.neumann_self(g.rectangle(20e-3, 20e-3), radius) == pytest.approx(grover, rel=0.02)


def test_an1445_rectangle_formula_agrees_with_the_neumann_integral_within_its_accuracy():
    trace = g.Trace(0.5e-3)
    one = g.rectangle_inductance_an1445(20e-3, 20e-3, trace)
    assert one == pytest.approx(56.8e-9, rel=0.005)  # the formula by hand
    assert one == pytest.approx(
        g.neumann_self(g.rectangle(20e-3, 20e-3), trace.equivalent_diameter / 2), rel=0.15
    )
    three = g.coil_inductance(g.square_turns(22e-3, 3, 0.9e-3), trace.equivalent_diameter / 2, 800)
    assert g.rectangle_inductance_an1445(22e-3, 22e-3, trace, 3) == pytest.approx(three, rel=0.2)


def test_mutual_inductance_of_coaxial_circles_by_neumann_matches_maxwells_closed_form():
    # 10 mm and 12 mm radii, 5 mm apart: Maxwell's elliptic-integral formula gives 12.38 nH
    maxwell = g.coaxial_circles_mutual(10e-3, 12e-3, 5e-3)
    assert maxwell == pytest.approx(12.38e-9, rel=0.001)
    assert g.neumann_mutual(g.circle(10e-3), g.circle(12e-3, z=5e-3)) == pytest.approx(maxwell, rel=0.003)


def test_single_circle_inductance_by_neumann_matches_the_closed_form():
    assert g.neumann_self(g.circle(9e-3), 0.15e-3) == pytest.approx(
        g.circle_inductance(9e-3, 0.15e-3), rel=0.02
    )


def test_field_on_a_square_loops_axis_matches_the_closed_form():
    # 1 A in a 20 mm square, 5 mm above it: 2a^2 / (pi (a^2 + 4z^2) sqrt(a^2/2 + z^2)) = 33.95 A/m
    closed = g.square_axis_field(20e-3, 5e-3)
    assert closed == pytest.approx(33.95, rel=0.001)
    assert g.field_per_amp(g.rectangle(20e-3, 20e-3), (0, 0, 5e-3))[2] == pytest.approx(closed, rel=0.002)


def test_neighbouring_loops_couple_negatively_and_weakly():
    m = ch.coupling(4e-3, 0.0)
    k = m[0, 1] / m[0, 0]
    assert -0.07 < k < -0.03  # coplanar: the neighbour's flux returns through the selected loop


def test_emc_filter_is_series_resonant_where_the_hand_calculation_puts_it():
    emc = ch.PARTS["emc_filter"]
    hand = 1 / (2 * math.pi * math.sqrt(emc["l0"] * emc["c0"]))
    assert hand == pytest.approx(14.35e6, rel=0.002)
    freqs = np.linspace(13e6, 16e6, 3001)
    chain = ch.stages(ch.TOPO["tile-shorted"], 0.05, 100e-12, 300e-12, freqs)[:1]
    z = ch.input_impedance(chain, np.full(len(freqs), 1e12 + 0j))
    assert freqs[np.argmin(np.abs(z))] == pytest.approx(hand, abs=2e3)


def test_l_network_of_lumped_parts_matches_the_textbook_match():
    # a 1.4 ohm + j34 ohm loop to 40 ohm: series X = sqrt(R(Rt - R)) left inductive, shunt C to cancel
    f = 13.56e6
    w = 2 * math.pi * f
    r, x_loop, rt = 1.4, 34.0, 40.0
    x_keep = math.sqrt(r * (rt - r))
    c_series = 1 / (w * (x_loop - x_keep))
    c_shunt = x_keep / (r**2 + x_keep**2) / w
    media = ch._media(np.array([f]))
    chain = [("shunt", media.shunt_capacitor(c_shunt)), ("series", media.capacitor(c_series))]
    z = ch.input_impedance(chain, np.array([r + 1j * x_loop]))[0]
    assert z.real == pytest.approx(rt, rel=1e-6) and abs(z.imag) < 1e-6


def test_a_quarter_wave_of_cable_turns_an_open_end_into_a_short():
    c = ch.PARTS["cable"]
    quarter = c["velocity_factor"] * 299_792_458.0 / 13.56e6 / 4  # 3.87 m by hand
    assert quarter == pytest.approx(3.87, abs=0.01)
    line = ch._cable(np.array([13.56e6]), quarter).a[0]
    z_open = line[0, 0] / line[1, 0]
    assert abs(z_open) < 0.1 * c["z0"]  # the cable's loss leaves a few ohms


def test_the_matching_solver_reaches_the_readers_target():
    top = ch.TOPO["tile-shorted"]
    c1, c2 = ch.match(top, top.runs[0])
    freqs = np.array([ch.F0])
    z = ch.input_impedance(
        ch.stages(top, top.runs[0], c1, c2, freqs), ch.loop_impedance(top, top.runs[0], c1, c2, freqs)
    )
    assert z[0] == pytest.approx(40.0 + 0j, abs=0.05)


def test_idle_loops_left_tuned_carry_current_and_cross_read_shorted_ones_do_not():
    tuned = ch.run_topology(ch.TOPO["tile-resonant"])[0]
    shorted = ch.run_topology(ch.TOPO["tile-shorted"])[0]
    assert tuned.idle_current > 5 * shorted.idle_current
    assert max(tuned.emf_neighbour.values()) > 1.0  # the neighbour's tag answers: a cross-read
    assert max(shorted.emf_neighbour.values()) < 0.5
    assert shorted.passes() and not tuned.passes()


def test_the_field_settles_in_microseconds_so_the_settle_is_the_tags_own_power_up():
    # Q 25 at 13.56 MHz: tau = Q / (pi f) = 0.587 us by hand; 99 % after 4.6 tau, 2.7 us
    assert ch.field_time_constant() == pytest.approx(0.587e-6, rel=0.002)
    assert 4.6 * ch.field_time_constant() < 0.01 * 1e-3


def test_detuned_idle_loops_cross_read_less_than_tuned_ones():
    tuned = ch.run_topology(ch.TOPO["tile-resonant"])[0]
    detuned = ch.run_topology(ch.TOPO["tile-detuned"])[0]
    assert detuned.idle_current < tuned.idle_current
    assert max(detuned.emf_neighbour.values()) < max(tuned.emf_neighbour.values())


def test_todays_tree_cannot_be_tuned_once_for_every_run_length():
    figs = ch.run_topology(ch.TOPO["today-across"])
    assert not figs[-1].checks()["matched"]  # tuned on a 50 mm run, the 0.9 m run is far off
    assert not figs[0].checks()["no cross-read"]


def test_rf_model_md_is_what_the_model_gives():
    text = render()
    assert (
        "Topologies that pass every check at every run length: tile-detuned, tile-shorted, tile-shorted-clrc663."
        in text
    )
    assert (REPO / "hardware" / "rf-model.md").read_text() == text, (
        "run `make hardware` and commit hardware/rf-model.md"
    )
