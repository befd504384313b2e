"""Table layouts: which of the board's cells make which zone of which game.

The board numbers its cells (docs/protocol.md, "Cells"): the grid row by row, then each seat's row
(``width * height + seat * seat_cells + k``). It knows no game. A layout file in ``hardware/layouts/``
says, for each game and each number of players, which cells are the board grid, a seat's rack, the
WORDCHAIN link slot and chain row, a WordSnake lane, the WORDCARD meld areas and discard, and so on.
One physical table serves all five games; hardware/layouts/README.md explains the file format.

    layout = load_layout()                      # hardware/layouts/standard.json
    game = layout.for_game("wordgame", 2)      # a GameLayout: the zones in play
    game.zone_at(118)                           # ZoneRef(kind="board", seat=None, index=118)
    game.zone_at(225 + 2 * 24 + 3)              # ZoneRef(kind="rack", seat=2, index=3)

Every game and player count of a file is built and checked when the file is loaded, so a layout with
overlapping zones or cells outside the table is refused at once with a message naming the zone.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_LAYOUT = "standard"

# Zone kinds the shipped layout uses. A layout may name others; adapters look up the kinds they know.
BOARD = "board"
"""A game board mapped onto the grid; ``index`` is the game's square (``row * width + col``)."""
RACK = "rack"
"""A seat's tile rack; ``index`` is the slot from the seat's left."""
LINK = "link"
"""WORDCHAIN: the link card's slot (one cell)."""
CHAIN = "chain"
"""WORDCHAIN: the row where a word is laid after the link card; ``index`` 0 is the card after it."""
CHAIN_DOUBLE = "chain_double"
"""WORDCHAIN: the second word after a double with the dice (it starts on the same link card)."""
LANE = "lane"
"""WordSnake: a seat's lane, where its snake is laid in reading order."""
CENTRE = "centre"
"""WordSnake: the nine shared centre cards."""
MELD = "meld"
"""WORDCARD: a seat's meld area (melds in reading order, an empty cell between two melds)."""
DISCARD = "discard"
"""WORDCARD: the discard pile (the card on top is the one the board reads)."""
BUTTONS = "buttons"
"""Cells that stand in for a seat's buttons, for a seat without a seat row (WordSnake's fifth seat):
laying a marker token on cell ``index`` counts as pressing button ``index``."""

KNOWN_KINDS = (BOARD, RACK, LINK, CHAIN, CHAIN_DOUBLE, LANE, CENTRE, MELD, DISCARD, BUTTONS)


class LayoutError(ValueError):
    """A layout file is missing, unreadable or inconsistent; the message names the file and the zone."""


@dataclass(frozen=True, slots=True)
class ZoneRef:
    """Where one cell belongs in a game: the zone's kind, its seat (None for a shared zone) and the
    cell's position in the zone."""

    kind: str
    seat: int | None
    index: int


@dataclass(frozen=True)
class Zone:
    """One zone of a game: its cells in index order. ``shape`` (rows, cols) when the zone is one
    rectangle of the grid (a game board), else None."""

    kind: str
    seat: int | None
    cells: tuple[int, ...]
    shape: tuple[int, int] | None = None

    def __len__(self) -> int:
        return len(self.cells)

    def describe(self) -> str:
        return self.kind if self.seat is None else f"{self.kind} of seat {self.seat}"


@dataclass(frozen=True)
class TableGeometry:
    """The board's cell geometry, as its HELLO reports it."""

    grid: tuple[int, int]
    seats: int
    seat_cells: int
    buttons: int

    @property
    def grid_cells(self) -> int:
        return self.grid[0] * self.grid[1]

    @property
    def ncells(self) -> int:
        return self.grid_cells + self.seats * self.seat_cells

    def grid_cell(self, row: int, col: int) -> int:
        """The cell number of grid square (row, col)."""
        return row * self.grid[0] + col

    def seat_cell(self, seat: int, k: int) -> int:
        """The cell number of position ``k`` of ``seat``'s row."""
        return self.grid_cells + seat * self.seat_cells + k

    def describe_cell(self, cell: int) -> str:
        """A cell in words a person can find on the table: "grid row 3, column 5" (counted from 1)."""
        if 0 <= cell < self.grid_cells:
            row, col = divmod(cell, self.grid[0])
            return f"grid row {row + 1}, column {col + 1}"
        if self.grid_cells <= cell < self.ncells:
            seat, k = divmod(cell - self.grid_cells, self.seat_cells)
            return f"seat {seat + 1}'s row, place {k + 1}"
        return f"cell {cell} (not on this table)"


class GameLayout:
    """The zones of one game for one number of players.

    ``seats[p]`` is the physical seat of player ``p``. ``zone_at`` is a list lookup (O(1)).
    """

    def __init__(
        self,
        game: str,
        players: int,
        seats: tuple[int, ...],
        zones: tuple[Zone, ...],
        geometry: TableGeometry,
    ) -> None:
        self.game = game
        self.players = players
        self.seats = seats
        self.zones = zones
        self.geometry = geometry
        self._lookup: list[ZoneRef | None] = [None] * geometry.ncells
        self._by_key: dict[tuple[str, int | None], Zone] = {}
        for zone in zones:
            self._by_key[(zone.kind, zone.seat)] = zone
            for i, cell in enumerate(zone.cells):
                self._lookup[cell] = ZoneRef(zone.kind, zone.seat, i)

    def zone_at(self, cell: int) -> ZoneRef | None:
        """Which zone ``cell`` belongs to in this game, None for a cell the game does not use."""
        if 0 <= cell < len(self._lookup):
            return self._lookup[cell]
        return None

    def zone(self, kind: str, seat: int | None = None) -> Zone:
        """The zone of ``kind`` (of ``seat`` for a per-seat zone); KeyError names what exists."""
        try:
            return self._by_key[(kind, seat)]
        except KeyError:
            have = ", ".join(z.describe() for z in self.zones)
            who = "" if seat is None else f" of seat {seat}"
            raise KeyError(
                f"{self.game} with {self.players} players has no {kind} zone{who} (it has: {have})"
            ) from None

    def has_zone(self, kind: str, seat: int | None = None) -> bool:
        return (kind, seat) in self._by_key

    def zones_of(self, kind: str) -> list[Zone]:
        """Every zone of ``kind`` (one per seat for a per-seat kind), in seat order."""
        return [z for z in self.zones if z.kind == kind]

    def cell(self, kind: str, seat: int | None, index: int) -> int:
        """The cell at ``index`` of a zone (the inverse of ``zone_at``)."""
        return self.zone(kind, seat).cells[index]

    def player_at(self, seat: int) -> int | None:
        """The player sitting at physical ``seat``, None for an empty seat."""
        try:
            return self.seats.index(seat)
        except ValueError:
            return None

    def used_cells(self) -> Iterator[int]:
        for zone in self.zones:
            yield from zone.cells


class TableLayout:
    """A whole layout file: the table's geometry, its marked cells, and every game's zones."""

    def __init__(self, data: Mapping[str, Any], source: str = "<layout>") -> None:
        self.source = source
        self.data = data
        _check_keys(data, {"name", "title", "about", "table", "marks", "seating", "games"}, source)
        self.name = str(data.get("name", Path(source).stem))
        self.title = str(data.get("title", self.name))
        table = _require(data, "table", source)
        _check_keys(table, {"grid", "seats", "seat_cells", "buttons"}, f"{source}: table")
        try:
            gw, gh = (int(v) for v in table["grid"])
            self.geometry = TableGeometry(
                (gw, gh), int(table["seats"]), int(table["seat_cells"]), int(table.get("buttons", 4))
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise LayoutError(
                f"{source}: table needs grid [width, height], seats and seat_cells ({exc})"
            ) from None
        if gw <= 0 or gh <= 0 or self.geometry.seats < 0 or self.geometry.seat_cells < 0:
            raise LayoutError(f"{source}: the table's grid and seat rows must have positive sizes")
        self.seating: dict[int, tuple[int, ...]] = {}
        for count, seats in _require(data, "seating", source).items():
            self.seating[int(count)] = tuple(int(s) for s in seats)
            if len(seats) != int(count) or len(set(seats)) != len(seats):
                raise LayoutError(
                    f"{source}: seating for {count} players must list {count} different seats, not {seats}"
                )
        self.marks: dict[str, tuple[int, ...]] = {}
        for mark, spec in data.get("marks", {}).items():
            self.marks[mark] = self._cells(spec, None, f"{source}: mark {mark!r}")
        self._games: dict[tuple[str, int], GameLayout] = {}
        self.game_players: dict[str, tuple[int, int]] = {}
        for game, spec in _require(data, "games", source).items():
            self._load_game(game, spec)

    # -- public -----------------------------------------------------------------------------------
    @property
    def games(self) -> list[str]:
        return list(self.game_players)

    def for_game(self, game: str, players: int) -> GameLayout:
        """The zones of ``game`` for ``players`` players; LayoutError says which counts exist."""
        try:
            return self._games[(game, players)]
        except KeyError:
            if game not in self.game_players:
                raise LayoutError(
                    f"the layout {self.name!r} has no zones for the game {game!r} "
                    f"(it has {', '.join(self.games)})"
                ) from None
            lo, hi = self.game_players[game]
            raise LayoutError(
                f"{game} on the {self.name!r} table is for {lo} to {hi} players, not {players}"
            ) from None

    def enroll_cells(self) -> tuple[int, ...]:
        """The marked cells where pieces are laid, in order, to enroll their tags."""
        return self.marks.get("enroll", tuple(range(self.geometry.grid_cells)))

    def check_board(self, grid: tuple[int, int], seats: int, seat_cells: int) -> None:
        """Raise LayoutError when the board's geometry (from its HELLO) differs from this layout's."""
        g = self.geometry
        if (tuple(grid), seats, seat_cells) != (g.grid, g.seats, g.seat_cells):
            raise LayoutError(
                f"The board has a {grid[0]}x{grid[1]} grid and {seats} seat rows of {seat_cells} cells, but the "
                f"table layout {self.name!r} ({self.source}) is for a {g.grid[0]}x{g.grid[1]} grid and {g.seats} "
                f"seat rows of {g.seat_cells}. Choose the layout that fits this table (--layout)."
            )

    # -- loading ------------------------------------------------------------------------------------
    def _load_game(self, game: str, spec: Mapping[str, Any]) -> None:
        where = f"{self.source}: game {game!r}"
        _check_keys(spec, {"players", "board_size", "zones", "seating"}, where)
        try:
            lo, hi = (int(v) for v in spec["players"])
        except (KeyError, TypeError, ValueError):
            raise LayoutError(f"{where}: 'players' must be [fewest, most]") from None
        self.game_players[game] = (lo, hi)
        seating = dict(self.seating)
        for count, seats in spec.get("seating", {}).items():
            seating[int(count)] = tuple(int(s) for s in seats)
        for n in range(lo, hi + 1):
            if n not in seating:
                raise LayoutError(f"{where}: no seating for {n} players (add \"{n}\": [seats] to 'seating')")
            self._games[(game, n)] = self._build(game, n, seating[n], spec, where)

    def _build(
        self, game: str, n: int, seats: tuple[int, ...], spec: Mapping[str, Any], where: str
    ) -> GameLayout:
        where = f"{where} with {n} players"
        zones: list[Zone] = []
        for i, z in enumerate(spec.get("zones", [])):
            _check_keys(z, {"kind", "seat", "per_seat", "cells", "seat_override"}, f"{where}: zone {i + 1}")
            kind = str(z.get("kind", ""))
            if not kind:
                raise LayoutError(f"{where}: zone {i + 1} has no kind")
            if z.get("per_seat"):
                overrides = {int(k): v for k, v in z.get("seat_override", {}).items()}
                for seat in seats:
                    cells_spec = overrides.get(seat, z.get("cells"))
                    zones.append(self._zone(kind, seat, cells_spec, f"{where}: {kind} of seat {seat}"))
            elif z.get("seat") is not None:
                seat = int(z["seat"])
                if seat in seats:
                    zones.append(self._zone(kind, seat, z.get("cells"), f"{where}: {kind} of seat {seat}"))
            else:
                zones.append(self._zone(kind, None, z.get("cells"), f"{where}: {kind}"))
        owner: dict[int, Zone] = {}
        for zone in zones:
            for cell in zone.cells:
                other = owner.get(cell)
                if other is not None:
                    same = " (twice)" if other is zone else f" and {other.describe()}"
                    raise LayoutError(
                        f"{where}: zones overlap: {self.geometry.describe_cell(cell)} (cell {cell}) "
                        f"is in {zone.describe()}{same}"
                    )
                owner[cell] = zone
        if "board_size" in spec:
            want = tuple(int(v) for v in spec["board_size"])
            boards = [zone for zone in zones if zone.kind == BOARD]
            if len(boards) != 1 or boards[0].shape != (want[1], want[0]):
                got = boards[0].shape if len(boards) == 1 else None
                raise LayoutError(
                    f"{where}: the game's board is {want[0]}x{want[1]}; the layout needs one board "
                    f"zone of that size (found {'none' if got is None else f'{got[1]}x{got[0]}'})"
                )
        return GameLayout(game, n, seats, tuple(zones), self.geometry)

    def _zone(self, kind: str, seat: int | None, spec: Any, where: str) -> Zone:
        if spec is None:
            raise LayoutError(f"{where}: no cells given")
        regions = spec if isinstance(spec, list) else [spec]
        shape = None
        if len(regions) == 1 and isinstance(regions[0], dict) and "grid" in regions[0]:
            g = regions[0]["grid"]
            if g.get("order", "rows") == "rows":
                shape = (int(g.get("rows", 1)), int(g.get("cols", 1)))
        return Zone(kind, seat, self._cells(regions, seat, where), shape)

    def _cells(self, spec: Any, seat: int | None, where: str) -> tuple[int, ...]:
        regions = spec if isinstance(spec, list) else [spec]
        out: list[int] = []
        for region in regions:
            out.extend(self._region(region, seat, where))
        return tuple(out)

    def _region(self, region: Any, seat: int | None, where: str) -> Iterable[int]:
        g = self.geometry
        if not isinstance(region, dict) or len(region) != 1:
            raise LayoutError(
                f'{where}: a region is one of {{"grid": ...}}, {{"seat_row": ...}}, '
                f'{{"cells": [...]}}; got {region!r}'
            )
        ((rkind, r),) = region.items()
        if rkind == "cells":
            cells = [int(c) for c in r]
            for c in cells:
                if not 0 <= c < g.ncells:
                    raise LayoutError(f"{where}: cell {c} is outside the table (cells 0 to {g.ncells - 1})")
            return cells
        if rkind == "grid":
            _check_keys(r, {"row", "col", "rows", "cols", "order"}, where)
            row, col = int(r.get("row", 0)), int(r.get("col", 0))
            rows, cols = int(r.get("rows", 1)), int(r.get("cols", 1))
            gw, gh = g.grid
            if row < 0 or col < 0 or rows <= 0 or cols <= 0 or row + rows > gh or col + cols > gw:
                raise LayoutError(
                    f"{where}: grid rows {row + 1} to {row + rows}, columns {col + 1} to {col + cols} "
                    f"are outside the table's {gw}x{gh} grid"
                )
            order = r.get("order", "rows")
            if order == "rows":
                return [g.grid_cell(row + i, col + j) for i in range(rows) for j in range(cols)]
            if order == "columns":
                return [g.grid_cell(row + i, col + j) for j in range(cols) for i in range(rows)]
            raise LayoutError(f"{where}: grid order must be 'rows' or 'columns', not {order!r}")
        if rkind == "seat_row":
            _check_keys(r, {"seat", "start", "count"}, where)
            s = int(r["seat"]) if "seat" in r else seat
            if s is None:
                raise LayoutError(f"{where}: seat_row needs a seat (this zone has none)")
            start, count = int(r.get("start", 0)), int(r.get("count", g.seat_cells))
            if not 0 <= s < g.seats:
                raise LayoutError(
                    f"{where}: the table has seat rows for seats 0 to {g.seats - 1}, not seat {s}; "
                    f"give this seat its cells with seat_override"
                )
            if start < 0 or count <= 0 or start + count > g.seat_cells:
                raise LayoutError(
                    f"{where}: places {start + 1} to {start + count} are outside seat {s}'s row "
                    f"of {g.seat_cells}"
                )
            return [g.seat_cell(s, start + k) for k in range(count)]
        raise LayoutError(f"{where}: unknown region {rkind!r} (use grid, seat_row or cells)")


def _require(data: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise LayoutError(f"{where}: missing {key!r}")
    return data[key]


def _check_keys(data: Any, allowed: set[str], where: str) -> None:
    if not isinstance(data, Mapping):
        raise LayoutError(f"{where}: expected an object, got {type(data).__name__}")
    unknown = set(data) - allowed
    if unknown:
        raise LayoutError(
            f"{where}: unknown key(s) {', '.join(sorted(unknown))} (allowed: {', '.join(sorted(allowed))})"
        )


def hardware_dir() -> Path:
    """The repository's ``hardware/`` folder (``$WORDTABLE_HARDWARE`` overrides it)."""
    return Path(os.environ.get("WORDTABLE_HARDWARE", REPO_ROOT / "hardware"))


def layouts_dir() -> Path:
    return hardware_dir() / "layouts"


def available_layouts() -> list[str]:
    return sorted(p.stem for p in layouts_dir().glob("*.json"))


def load_layout(name_or_path: str | Path = DEFAULT_LAYOUT) -> TableLayout:
    """Load and check a layout by name (``hardware/layouts/NAME.json``) or by path."""
    path = Path(name_or_path)
    if path.suffix != ".json":
        path = layouts_dir() / f"{name_or_path}.json"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LayoutError(
            f"No table layout {path}; layouts here: {', '.join(available_layouts()) or 'none'}"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LayoutError(f"{path} is not valid JSON: {exc}") from None
    return TableLayout(data, str(path))
