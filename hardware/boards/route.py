"""A small two-layer grid router for the board files: every net's pads are joined by tracks on a
0.25 mm grid (A* search, one connection at a time, nearest pad first), F.Cu preferring horizontal
runs and B.Cu vertical ones, vias where a route changes layer. Deterministic: the same placement
gives the same tracks. It does no rip-up: a connection it cannot make is an error naming the net,
and the placement is changed instead.

Clearances are kept by claims on the grid: a node that lies closer than the clearance to a pad,
track or via of another net is refused to every other net (KiCad's DRC checks the result)."""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from typing import Any

GRID = 0.25
TRACK = 0.25
VIA = 0.6
CLEAR = 0.205  # KiCad's default clearance is 0.2 mm; the margin absorbs rounding
VIA_COST = 12
LAYERS = ("F.Cu", "B.Cu")


class RouteError(RuntimeError):
    pass


@dataclass(frozen=True)
class PadShape:
    net: str
    x: float
    y: float
    w: float
    h: float
    layers: tuple[int, ...]  # indices into LAYERS
    escape: float = 0.0  # a fine-pitch pin's stub: this long past the pad's outer end, drawn before any route
    outward: tuple[int, int] = (0, 0)
    round: bool = False  # a round pad: only nodes well inside its circle are where routes start


def _mask(radius: float) -> list[tuple[int, int]]:
    r = int(math.ceil(radius / GRID))
    return [
        (di, dj)
        for di in range(-r, r + 1)
        for dj in range(-r, r + 1)
        if math.hypot(di * GRID, dj * GRID) < radius - 1e-9
    ]


class Router:
    def __init__(self, width: float, height: float, edge: float = 0.8):
        self.nx, self.ny = int(width / GRID) + 1, int(height / GRID) + 1
        n = self.nx * self.ny
        self.track = [[0] * n for _ in LAYERS]  # who may run a track here: 0 anyone, >0 that net, -1 nobody
        self.via = [[0] * n for _ in LAYERS]  # who may put a via here
        self.ids: dict[str, int] = {}
        self.own: dict[int, set[tuple[int, int]]] = {}  # (layer, node) of each net's copper
        self.pads: dict[int, list[set[tuple[int, int]]]] = {}
        self.segments: list[tuple[str, str, list[tuple[float, float]]]] = []
        self.escapes: list[tuple[PadShape, set[tuple[int, int]]]] = []
        self.stubs: list[
            tuple[str, list[tuple[int, int]]]
        ] = []  # drawn once routed, cut where the route left them
        self.used: set[tuple[int, int]] = set()
        self.vias: list[tuple[str, tuple[float, float]]] = []
        m = int(math.ceil(edge / GRID))
        for layer in range(len(LAYERS)):
            for j in range(self.ny):
                for i in range(self.nx):
                    if i < m or j < m or i >= self.nx - m or j >= self.ny - m:
                        self.track[layer][j * self.nx + i] = -1
                        self.via[layer][j * self.nx + i] = -1
        self.track_mask = _mask(TRACK + CLEAR)
        self.track_via_mask = _mask(TRACK / 2 + CLEAR + VIA / 2)
        self.via_via_mask = _mask(VIA + max(CLEAR, 0.25))

    def _id(self, net: str) -> int:
        return self.ids.setdefault(net, len(self.ids) + 1)

    def _claim(self, grid: list[int], node: int, net: int) -> None:
        if grid[node] == 0:
            grid[node] = net
        elif grid[node] != net:
            grid[node] = -1

    def _around(self, node: int, mask):
        j, i = divmod(node, self.nx)
        for di, dj in mask:
            ii, jj = i + di, j + dj
            if 0 <= ii < self.nx and 0 <= jj < self.ny:
                yield jj * self.nx + ii

    def add_pad(self, pad: PadShape) -> None:
        """Claim the nodes near a pad for its net; the nodes inside it are where routes start."""
        net = self._id(pad.net)
        inside: set[tuple[int, int]] = set()
        x0, x1, y0, y1 = pad.x - pad.w / 2, pad.x + pad.w / 2, pad.y - pad.h / 2, pad.y + pad.h / 2
        reach = TRACK / 2 + CLEAR + VIA / 2
        for j in range(max(0, int((y0 - reach) / GRID) - 1), min(self.ny, int((y1 + reach) / GRID) + 2)):
            for i in range(max(0, int((x0 - reach) / GRID) - 1), min(self.nx, int((x1 + reach) / GRID) + 2)):
                x, y = i * GRID, j * GRID
                d = math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))
                node = j * self.nx + i
                for layer in pad.layers:
                    if d < TRACK / 2 + CLEAR:
                        self._claim(self.track[layer], node, net)
                    if d < reach:
                        self._claim(self.via[layer], node, net)
                    if pad.round:
                        within = math.hypot(x - pad.x, y - pad.y) <= pad.w / 2 - 0.15
                    else:  # clear of the rounded corners too
                        within = (
                            x0 + 0.05 <= x <= x1 - 0.05
                            and y0 + 0.05 <= y <= y1 - 0.05
                            and (
                                abs(x - pad.x) <= pad.w / 2 - 0.2
                                or abs(y - pad.y) <= pad.h / 2 - 0.2
                                or min(pad.w, pad.h) < 0.5
                            )
                        )
                    if within:
                        inside.add((layer, node))
        if not inside:
            raise RouteError(f"pad of {pad.net} at ({pad.x}, {pad.y}) holds no grid node")
        self.pads.setdefault(net, []).append(inside)
        self.own.setdefault(net, set()).update(inside)
        if pad.escape:
            self.escapes.append((pad, inside))

    def _escape(self, pad: PadShape, inside: set[tuple[int, int]]) -> None:
        """A straight stub out of a fine-pitch pad, so that no route runs along the row and shuts it in."""
        net = self.ids[pad.net]
        di, dj = pad.outward
        ci, cj = round(pad.x / GRID), round(pad.y / GRID)
        layer = pad.layers[0]
        node = cj * self.nx + ci
        reach = (pad.w if di else pad.h) / 2 + pad.escape
        path = [(layer, node)]
        for _ in range(int(round(reach / GRID))):
            i, j = node % self.nx + di, node // self.nx + dj
            nxt = j * self.nx + i
            if not self._free(self.track[layer], nxt, net):
                break
            node = nxt
            path.append((layer, node))
        if len(path) > 1:
            self._commit(pad.net, net, path, emit=False)
            self.stubs.append((pad.net, path))
            inside |= set(path)

    def _free(self, grid: list[int], node: int, net: int) -> bool:
        return grid[node] in (0, net)

    def _search(self, net: int, start: set[tuple[int, int]], goal: set[tuple[int, int]]):
        """A* from the start nodes to any goal node, or None."""
        gx = [n % self.nx for _, n in goal]
        gy = [n // self.nx for _, n in goal]
        bx0, bx1, by0, by1 = min(gx), max(gx), min(gy), max(gy)

        def h(node: int) -> int:
            j, i = divmod(node, self.nx)
            return max(bx0 - i, 0, i - bx1) + max(by0 - j, 0, j - by1)

        cost: dict[tuple[int, int], int] = {}
        came: dict[tuple[int, int], tuple[int, int] | None] = {}
        heap: list[tuple[int, int, tuple[int, int]]] = []
        for s in sorted(start):
            cost[s] = 0
            came[s] = None
            heapq.heappush(heap, (h(s[1]), 0, s))
        tracks, vias = self.track, self.via
        while heap:
            _, c, state = heapq.heappop(heap)
            if c > cost.get(state, 1 << 30):
                continue
            if state in goal:
                path = [state]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1]
            layer, node = state
            j, i = divmod(node, self.nx)
            steps = []
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                ii, jj = i + di, j + dj
                if 0 <= ii < self.nx and 0 <= jj < self.ny:
                    nn = jj * self.nx + ii
                    if self._free(tracks[layer], nn, net):
                        preferred = (dj == 0) if layer == 0 else (di == 0)
                        steps.append(((layer, nn), 1 if preferred else 3))
            other = 1 - layer
            if (
                self._free(vias[0], node, net)
                and self._free(vias[1], node, net)
                and self._free(tracks[other], node, net)
            ):
                steps.append(((other, node), VIA_COST))
            for nxt, step in steps:
                nc = c + step
                if nc < cost.get(nxt, 1 << 30):
                    cost[nxt] = nc
                    came[nxt] = state
                    heapq.heappush(heap, (nc + h(nxt[1]), nc, nxt))
        return None

    def _commit(self, name: str, net: int, path: list[tuple[int, int]], emit: bool = True) -> None:
        own = self.own.setdefault(net, set())
        if emit:
            self.used.update(path)
        run: list[tuple[int, int]] = [path[0]]
        for prev, state in zip(path, path[1:], strict=False):
            if state[0] != prev[0]:  # a via
                self.used.add((prev[0], state[1]))
                self._emit(name, run)
                x, y = self._xy(state[1])
                self.vias.append((name, (x, y)))
                for layer in (0, 1):
                    for n in self._around(state[1], self.track_via_mask):
                        self._claim(self.track[layer], n, net)
                    for n in self._around(state[1], self.via_via_mask):
                        self._claim(self.via[layer], n, net)
                    own.add((layer, state[1]))
                run = [state]
            else:
                run.append(state)
        if emit:
            self._emit(name, run)
        for layer, node in path:
            own.add((layer, node))
            for n in self._around(node, self.track_mask):
                self._claim(self.track[layer], n, net)
            for n in self._around(node, self.track_via_mask):
                self._claim(self.via[layer], n, net)

    def _xy(self, node: int) -> tuple[float, float]:
        j, i = divmod(node, self.nx)
        return (round(i * GRID, 4), round(j * GRID, 4))

    def _emit(self, name: str, run: list[tuple[int, int]]) -> None:
        if len(run) < 2:
            return
        pts = [self._xy(n) for _, n in run]
        corners = [pts[0]]
        for a, b, c in zip(pts, pts[1:], pts[2:], strict=False):
            if (b[0] - a[0]) * (c[1] - b[1]) != (b[1] - a[1]) * (c[0] - b[0]):
                corners.append(b)
        corners.append(pts[-1])
        self.segments.append((name, LAYERS[run[0][0]], corners))

    def fixed(self, name: str, layer: int, pts: list[tuple[float, float]]) -> None:
        """A route given by its corners (straight runs between them, snapped to the grid), drawn
        before the search routes the rest: the regular runs of a bus."""
        net = self.ids[name]
        for pad, inside in self.escapes:
            if pad.net == name:
                self._escape(pad, inside)
        self.escapes = [(pad, inside) for pad, inside in self.escapes if pad.net != name]
        nodes = []
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            i0, j0, i1, j1 = round(x0 / GRID), round(y0 / GRID), round(x1 / GRID), round(y1 / GRID)
            n = max(abs(i1 - i0), abs(j1 - j0))
            for t in range(n + (1 if (x1, y1) == pts[-1] else 0)):
                node = (j0 + (j1 - j0) * t // n) * self.nx + i0 + (i1 - i0) * t // n
                if not self._free(self.track[layer], node, net):
                    raise RouteError(f"the fixed route of {name} runs into another net at {self._xy(node)}")
                nodes.append((layer, node))
        self._commit(name, net, nodes)
        touched = [pad for pad in self.pads[net] if pad & set(nodes)]
        merged = set(nodes).union(*touched)
        self.pads[net] = [merged] + [pad for pad in self.pads[net] if not any(pad is t for t in touched)]

    def route(self, order: list[str] | None = None) -> None:
        """Join the pads of every net; nets with fewer pads, then shorter spans, first."""
        names = {v: k for k, v in self.ids.items()}
        for pad, inside in self.escapes:
            self._escape(pad, inside)

        def span(net: int) -> float:
            nodes = [n for pad in self.pads[net] for _, n in pad]
            xs = [n % self.nx for n in nodes]
            ys = [n // self.nx for n in nodes]
            return (max(xs) - min(xs)) + (max(ys) - min(ys))

        nets = sorted(
            (n for n, pads in self.pads.items() if len(pads) > 1), key=lambda n: (len(self.pads[n]), span(n))
        )
        if order:
            first = [self.ids[name] for name in order if name in self.ids]
            nets = first + [n for n in nets if n not in first]
        for net in nets:
            pads = list(self.pads[net])
            tree = set(pads.pop(0))
            while pads:
                _, b = min(tree)
                pads.sort(
                    key=lambda pad, b=b: (
                        abs(min(pad)[1] % self.nx - b % self.nx) + abs(min(pad)[1] // self.nx - b // self.nx)
                    )
                )
                pad = pads.pop(0)
                if pad & tree:
                    continue
                path = self._search(net, pad, tree)
                if path is None:
                    raise RouteError(f"cannot route net {names[net]}")
                self._commit(names[net], net, path)
                tree |= set(path) | pad
        for name, stub in self.stubs:
            last = max((i for i, state in enumerate(stub) if state in self.used), default=0)
            self._emit(name, stub[: last + 1])


def route_board(
    width: float, height: float, pads: list[PadShape], first: list[str] = (), tries: int = 60, fixed=()
) -> Router:
    """Route every net; a net that cannot be routed goes first in the next try (from scratch).
    ``fixed``: (net, layer, corners) routes drawn before any search."""
    order = list(first)
    for _ in range(tries):
        router = Router(width, height)
        for pad in pads:
            router.add_pad(pad)
        for name, layer, pts in fixed:
            router.fixed(name, layer, pts)
        try:
            router.route(order)
            return router
        except RouteError as e:
            net = str(e).rsplit(" ", 1)[-1]
            if net in order:
                order.remove(net)
            order.insert(0, net)
    raise RouteError(f"no order of the nets routes this board (last: {order[:5]})")


def draw(board: Any, router: Router) -> None:
    """Put a routed board's tracks and vias on the KiCad ``board`` (a ``kicad.Board``)."""
    for net, layer, pts in router.segments:
        board.track(net, layer, pts, TRACK)
    for net, at in router.vias:
        board.via(net, at)
