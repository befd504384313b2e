"""Inductance and field of flat loops, from their geometry.

Three independent ways to the same numbers, so each checks the others: the closed forms the antenna
design notes use (NXP AN1445's rectangular-loop formula, Grover's for a square and for straight
filaments, Maxwell's for coaxial circles), and the Neumann double integral evaluated numerically over
the loops as polygons, which also gives what has no closed form (a square beside a square, a square
under a round tag coil, offsets). Fields come from the Biot-Savart law for straight segments.

Units: metres, henries, amperes; fields in A/m (H, not B).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.special import ellipe, ellipk

MU0 = 4e-7 * math.pi


@dataclass(frozen=True)
class Trace:
    """The copper of a PCB loop: width and thickness (1 oz copper is 35 um)."""

    width: float
    thickness: float = 35e-6

    @property
    def equivalent_diameter(self) -> float:
        """Round wire of the same perimeter, as AN1445's formula takes a flat trace: 2(w+t)/pi."""
        return 2 * (self.width + self.thickness) / math.pi

    @property
    def gmd(self) -> float:
        """Geometric mean distance of a thin rectangular cross-section from itself: 0.2235 (w+t)."""
        return 0.2235 * (self.width + self.thickness)


def rectangle_inductance_an1445(a1: float, a2: float, trace: Trace, turns: int = 1) -> float:
    """A rectangular loop's inductance by the formula of NXP AN1445 (section on the antenna coil):
    (mu0/pi)(x1 + x2 - x3 + x4) N^1.8, with the trace as a wire of its equivalent diameter."""
    d = trace.equivalent_diameter
    diag = math.hypot(a1, a2)
    x1 = a1 * math.log(2 * a1 * a2 / (d * (a1 + diag)))
    x2 = a2 * math.log(2 * a1 * a2 / (d * (a2 + diag)))
    x3 = 2 * (a1 + a2 - diag)
    x4 = (a1 + a2) / 4
    return MU0 / math.pi * (x1 + x2 - x3 + x4) * turns**1.8


def square_inductance_grover(side: float, radius: float) -> float:
    """One turn of round wire bent into a square (Grover, Inductance Calculations, ch. 16; high
    frequency, current on the surface): (2 mu0 a / pi)(ln(a/r) - 0.774)."""
    return 2 * MU0 * side / math.pi * (math.log(side / radius) - 0.774)


def parallel_filaments_mutual(length: float, distance: float) -> float:
    """Two equal parallel straight filaments side by side (Grover, eq. 1 of ch. 3)."""
    u = length / distance
    return MU0 * length / (2 * math.pi) * (math.asinh(u) - math.sqrt(1 + 1 / u**2) + 1 / u)


def coaxial_circles_mutual(r1: float, r2: float, distance: float) -> float:
    """Two coaxial circular filaments (Maxwell): mu0 sqrt(r1 r2) ((2/k - k) K(k) - (2/k) E(k))."""
    k2 = 4 * r1 * r2 / ((r1 + r2) ** 2 + distance**2)
    k = math.sqrt(k2)
    # scipy's complete elliptic integrals take the parameter m = k^2
    return MU0 * math.sqrt(r1 * r2) * ((2 / k - k) * ellipk(k2) - 2 / k * ellipe(k2))


def circle_inductance(radius: float, wire_radius: float) -> float:
    """One turn of round wire (high frequency): mu0 R (ln(8R/a) - 2)."""
    return MU0 * radius * (math.log(8 * radius / wire_radius) - 2)


# --- loops as polygons ------------------------------------------------------------------------------


def rectangle(a1: float, a2: float, centre=(0.0, 0.0), z: float = 0.0) -> np.ndarray:
    """Corners of a rectangle in the plane z, counter-clockwise, closed (first corner repeated)."""
    x, y = centre
    pts = [
        (x - a1 / 2, y - a2 / 2),
        (x + a1 / 2, y - a2 / 2),
        (x + a1 / 2, y + a2 / 2),
        (x - a1 / 2, y + a2 / 2),
        (x - a1 / 2, y - a2 / 2),
    ]
    return np.array([(px, py, z) for px, py in pts])


def circle_turns(
    outer_radius: float, turns: int, pitch: float, centre=(0.0, 0.0), z: float = 0.0, sides: int = 96
) -> list[np.ndarray]:
    return [circle(outer_radius - i * pitch, centre, z, sides) for i in range(turns)]


def circle(radius: float, centre=(0.0, 0.0), z: float = 0.0, sides: int = 256) -> np.ndarray:
    t = np.linspace(0, 2 * math.pi, sides + 1)
    return np.column_stack(
        [centre[0] + radius * np.cos(t), centre[1] + radius * np.sin(t), np.full_like(t, z)]
    )


def _segments(poly: np.ndarray, pieces: int) -> tuple[np.ndarray, np.ndarray]:
    """Midpoints and vectors of a polygon cut into about `pieces` straight pieces of equal length, for
    the quadrature."""
    sides = poly[1:] - poly[:-1]
    lengths = np.linalg.norm(sides, axis=1)
    step = lengths.sum() / pieces
    mids, vecs = [], []
    for p, side, length in zip(poly[:-1], sides, lengths, strict=True):
        n = max(1, round(length / step))
        t = (np.arange(n) + 0.5) / n
        mids.append(p + np.outer(t, side))
        vecs.append(np.repeat((side / n)[None, :], n, axis=0))
    return np.concatenate(mids), np.concatenate(vecs)


def neumann_mutual(loop1: np.ndarray, loop2: np.ndarray, pieces: int = 1200) -> float:
    """Mutual inductance of two closed filaments by Neumann's formula,
    (mu0/4pi) double integral of dl1.dl2/|r1-r2|, with the midpoint rule on both loops."""
    m1, v1 = _segments(loop1, pieces)
    m2, v2 = _segments(loop2, pieces)
    dist = np.linalg.norm(m1[:, None, :] - m2[None, :, :], axis=2)
    return float(MU0 / (4 * math.pi) * np.sum((v1 @ v2.T) / dist))


def neumann_self(poly: np.ndarray, radius: float, pieces: int = 1200) -> float:
    """A loop's own inductance at high frequency (current on the conductor's surface): the Neumann
    integral between the centre line and the same line moved in the plane by the conductor's radius
    (the geometric-mean-distance reduction of a conductor to two filaments). A flat trace takes the
    radius of its equivalent round wire, Trace.equivalent_diameter / 2."""
    return neumann_mutual(poly, _shrunk(poly, radius), pieces)


def coil_mutual(coil1: list[np.ndarray], coil2: list[np.ndarray], pieces: int = 1500) -> float:
    """Mutual inductance of two coils of one or more closed turns: the turns' pieces taken together in
    one Neumann sum (the same current flows in every turn of a coil)."""
    m1, v1 = _coil_segments(coil1, pieces)
    m2, v2 = _coil_segments(coil2, pieces)
    dist = np.linalg.norm(m1[:, None, :] - m2[None, :, :], axis=2)
    return float(MU0 / (4 * math.pi) * np.sum((v1 @ v2.T) / dist))


def _coil_segments(coil: list[np.ndarray], pieces: int) -> tuple[np.ndarray, np.ndarray]:
    parts = [_segments(turn, max(8, pieces // len(coil))) for turn in coil]
    return np.concatenate([m for m, _ in parts]), np.concatenate([v for _, v in parts])


def coil_field_per_amp(coil: list[np.ndarray], point) -> np.ndarray:
    return sum(field_per_amp(turn, point) for turn in coil)


def coil_inductance(turns: list[np.ndarray], radius: float, pieces: int = 1200) -> float:
    """A coil of several turns: each turn's own inductance and every pair's mutual inductance, twice."""
    total = sum(neumann_self(t, radius, pieces) for t in turns)
    for i, a in enumerate(turns):
        for b in turns[i + 1 :]:
            total += 2 * neumann_mutual(a, b, pieces)
    return total


def square_turns(
    side: float, turns: int, pitch: float, centre=(0.0, 0.0), z: float = 0.0
) -> list[np.ndarray]:
    """Concentric square turns, the outer one `side` wide, each next one 2 x pitch smaller (a spiral
    drawn as closed squares: the crossing's few millimetres are left out)."""
    return [rectangle(side - 2 * i * pitch, side - 2 * i * pitch, centre, z) for i in range(turns)]


def _shrunk(poly: np.ndarray, by: float) -> np.ndarray:
    centre = poly[:-1].mean(axis=0)
    out = poly.copy()
    for i, p in enumerate(poly):
        d = p - centre
        d[2] = 0
        if len(poly) <= 6:  # a rectangle: each corner moves in x and in y
            out[i] = p - np.sign(d) * by
        else:  # a circle drawn as many sides: radially
            out[i] = p - d / np.linalg.norm(d) * by
    return out


def field_per_amp(loop: np.ndarray, point, pieces: int = 2000) -> np.ndarray:
    """H (A/m) at a point for 1 A in the loop, Biot-Savart over short segments."""
    m, v = _segments(loop, pieces)
    r = np.asarray(point, dtype=float) - m
    dist = np.linalg.norm(r, axis=1)
    return np.sum(np.cross(v, r) / dist[:, None] ** 3, axis=0) / (4 * math.pi)


def square_axis_field(side: float, height: float) -> float:
    """H on the axis of a square loop, 1 A, closed form: 2 a^2 / (pi (a^2 + 4z^2) sqrt(a^2/2 + z^2))
    (the four finite straight sides added)."""
    a, z = side, height
    return 2 * a**2 / (math.pi * (a**2 + 4 * z**2) * math.sqrt(a**2 / 2 + z**2))
