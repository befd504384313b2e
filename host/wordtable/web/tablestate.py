"""What the page draws, as plain JSON: the table's cells and zones, the pieces on them, the seats,
the box of pieces not on the table, the link and the panel's version.

Everything is read from what the host already has: the link's mirror of the board (``cells``), the
table layout's zones for the game in play, the pieces' identities (the simulated pieces' virtual
UIDs, then the tag registry), and, once a session runs, its own snapshot. Nothing is computed about
the game here: scores, turns and history come from the session as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..games.registry import all_games
from ..table.layout import GameLayout, TableGeometry, TableLayout
from ..table.sim_pieces import virtual_uid
from ..table.tags import Piece, TagRegistry, available_sets, load_set


def menu_sets() -> tuple[str, ...]:
    """What the page's box offers before a game is chosen: the first game's pieces (games/registry.py)."""
    return all_games()[0].sets


@dataclass(frozen=True)
class Face:
    """How a piece looks from above: its big text (a letter, a card face), the small corner number
    (a tile's points), its set, for colour, and its shape: ``tile`` (a crossword set's) or ``card``."""

    text: str
    corner: str
    set: str
    label: str
    suit: str = ""
    shape: str = "card"

    def to_json(self, uid: bytes) -> dict[str, str]:
        return {
            "uid": uid.hex(),
            "text": self.text,
            "corner": self.corner,
            "set": self.set,
            "label": self.label,
            "suit": self.suit,
            "shape": self.shape,
        }


SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def face_of(piece: Piece) -> Face:
    """A tile shows its letter and points; a card its letter, and its suit and points in the corner
    (``B/S/7``: B, ♠7); a marker its label."""
    values = _tile_values(piece.set)
    if values is not None:
        letter = piece.label.split(" ")[0]
        if letter == "blank":
            return Face("", "", piece.set, piece.label, shape="tile")
        return Face(letter, str(values.get(letter, "")), piece.set, piece.label, shape="tile")
    if piece.set == "markers":
        return Face(piece.label.replace("button ", "B"), "", piece.set, piece.label)
    parts = piece.label.split("/")
    if len(parts) == 3:
        letter, suit, points = parts
        return Face(
            letter, SUITS.get(suit, "") + points, piece.set, piece.label, suit if suit in SUITS else ""
        )
    return Face(piece.label, "", piece.set, piece.label)


@cache
def _tile_values(set_name: str) -> dict[str, int] | None:
    from ..games.crossword_rules import load_data

    source = _set_source(set_name)
    if "tiles" not in source:
        return None
    tiles = load_data(str(source["tiles"]))["tiles"]
    return {k: int(v[0]) for k, v in tiles.items()}


@cache
def _set_source(set_name: str) -> dict[str, Any]:
    import json

    from ..table.tags import sets_dir

    return dict(json.loads((sets_dir() / f"{set_name}.json").read_text(encoding="utf-8"))["from"])


@cache
def sim_pieces() -> dict[bytes, Piece]:
    """Every piece of every set by its simulated tag's UID (table/sim_pieces.py)."""
    return {virtual_uid(p.set, p.id): p for name in available_sets() for p in load_set(name).pieces}


class PieceNamer:
    """UID -> how the piece looks: simulated pieces first, then the tag registry (a real table)."""

    def __init__(self, registry: TagRegistry | None = None) -> None:
        self.registry = registry
        self._cache: dict[bytes, Face | None] = {}

    def face(self, uid: bytes) -> Face | None:
        if uid in self._cache:
            return self._cache[uid]
        piece = sim_pieces().get(uid)
        if piece is None and self.registry is not None:
            entry = self.registry.lookup(uid)
            if entry is not None:
                try:
                    piece = load_set(entry.set).piece(entry.piece)
                except Exception:  # a set changed since enrollment: shown as unknown, as the display does
                    piece = None
        face = face_of(piece) if piece is not None else None
        if face is not None:
            self._cache[uid] = face
        return face


def zones_json(game: GameLayout | None) -> list[dict[str, Any]]:
    if game is None:
        return []
    return [{"kind": z.kind, "seat": z.seat, "cells": list(z.cells)} for z in game.zones]


def geometry_json(g: TableGeometry) -> dict[str, Any]:
    return {"grid": list(g.grid), "seats": g.seats, "seat_cells": g.seat_cells, "buttons": g.buttons}


def cells_json(cells: Mapping[int, bytes], namer: PieceNamer) -> dict[str, dict[str, str]]:
    """Each occupied cell: its piece's face, or an unknown tag shown by its UID."""
    out: dict[str, dict[str, str]] = {}
    for cell, uid in sorted(cells.items()):
        face = namer.face(uid)
        out[str(cell)] = (
            face.to_json(uid)
            if face
            else {"uid": uid.hex(), "text": "?", "corner": "", "set": "", "label": f"unknown tag {uid.hex()}"}
        )
    return out


def box_json(
    sets: Iterable[str], on_table: Iterable[bytes], offer: Iterable[bytes] | None = None
) -> list[dict[str, str]]:
    """The simulated pieces of ``sets`` that are not on the table, in set order: what a person can
    take out of the box and lay. ``offer``: only these pieces (a game that deals)."""
    used = set(on_table)
    only = set(offer) if offer is not None else None
    out = []
    for name in sets:
        for p in load_set(name).pieces:
            uid = virtual_uid(p.set, p.id)
            if uid not in used and (only is None or uid in only):
                out.append(face_of(p).to_json(uid))
    return out


class TableState:
    """Builds the page's picture of the table. ``session_view`` (optional) gives the session's own
    snapshot (game, players, history, hints, menu) as JSON-able values."""

    def __init__(
        self,
        layout: TableLayout,
        namer: PieceNamer,
        *,
        session_view: Callable[[], dict[str, Any] | None] | None = None,
    ) -> None:
        self.layout = layout
        self.namer = namer
        self.session_view = session_view

    def game_layout(self, session: Mapping[str, Any] | None) -> GameLayout | None:
        game = (session or {}).get("game")
        if not isinstance(game, Mapping):
            return None
        try:
            return self.layout.for_game(
                str(game.get("zones") or game.get("name")), int(game.get("players", 0))
            )
        except Exception:  # a game the layout does not know yet: show the bare table
            return None

    def build(
        self,
        cells: Mapping[int, bytes],
        *,
        sim: bool,
        linked: bool,
        board_name: str,
        panel: Mapping[str, Any],
        kiosk: Mapping[str, Any],
        writable: bool,
    ) -> dict[str, Any]:
        session = self.session_view() if self.session_view else None
        game = self.game_layout(session)
        sets = menu_sets()
        reserved: set[bytes] = set()
        offer: list[bytes] | None = None
        if session:
            reserved = {bytes.fromhex(u) for u in session.get("reserved", ())}
            if session.get("offer") is not None:
                offer = [bytes.fromhex(u) for u in session["offer"]]
            if session.get("sets"):
                sets = tuple(session["sets"])
        return {
            "geometry": geometry_json(self.layout.geometry),
            "layout": self.layout.name,
            "zones": zones_json(game),
            "cells": cells_json(cells, self.namer),
            "box": box_json(sets, set(cells.values()) | reserved, offer) if sim else [],
            "board": {"sim": sim, "linked": linked, "name": board_name, "writable": writable},
            "panel": dict(panel),
            "session": session,
            "kiosk": dict(kiosk),
        }
