"""Tag identity: which physical piece a tag's UID is.

Each piece carries an NFC tag (hardware/tags.md). The board reports only the tag's UID; the host's
registry, kept in the SQLite store, maps a UID to a piece of a piece set. Piece sets are small files
in ``hardware/sets/`` that name where their pieces come from: a crossword game's tile data (piece id =
the game's tile id), a card game's deck file (piece id = the card id), or a list of their own (marker
tokens). The pieces are derived from the games' data, never copied, so a set cannot drift from the
game it serves.

Problems a person must fix before a piece may enter play are :class:`TagProblem` values with a
message in plain words (the display shows it): a tag nobody enrolled, a piece of another set, and
two tags on the table that claim one piece.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..games.cards import load_deck
from ..games.crossword_board import BLANK, TileSet
from ..games.crossword_rules import load_data
from ..store.database import now_text
from .layout import TableGeometry, hardware_dir

NDEF_SEPARATOR = ":"
"""Between the set code and the piece id in a tag's text record: ``wg:103`` (hardware/tags.md)."""


class TagError(Exception):
    """A set file, an NDEF record or a registry request is wrong; the message says what to do."""


@dataclass(frozen=True)
class Piece:
    """One physical piece: its set, its id within the set (a string), what is printed on it, and the
    id the game uses (a tile number for the crossword games, the card id for the card games)."""

    set: str
    id: str
    label: str
    game_id: int | str

    def describe(self) -> str:
        return f"{self.label} ({self.set} {self.id})"


@dataclass(frozen=True)
class PieceSet:
    """A set of pieces as ``hardware/sets/NAME.json`` describes it."""

    name: str
    code: str
    title: str
    pieces: tuple[Piece, ...]

    def piece(self, piece_id: str) -> Piece:
        for p in self.pieces:
            if p.id == piece_id:
                return p
        raise TagError(f"the {self.title} have no piece {piece_id!r}")

    def __len__(self) -> int:
        return len(self.pieces)


def sets_dir() -> Path:
    return hardware_dir() / "sets"


def available_sets() -> list[str]:
    return sorted(p.stem for p in sets_dir().glob("*.json"))


def _tile_label(letter: str) -> str:
    return "blank" if letter == BLANK else letter


def _pieces_from(name: str, source: Mapping[str, Any], where: str) -> tuple[Piece, ...]:
    if "tiles" in source:
        data = load_data(str(source["tiles"]))
        tiles = data["tiles"]
        tileset = TileSet({k: int(v[1]) for k, v in tiles.items()}, {k: int(v[0]) for k, v in tiles.items()})
        out = []
        seen: dict[str, int] = {}
        # The game names a tile by its position in the tile set (CrosswordGame.tiles[i]), so that is
        # the piece id; Tile.id is not used because it can disagree with the position.
        for i, t in enumerate(tileset.tiles):
            seen[t.letter] = seen.get(t.letter, 0) + 1
            n = tileset.counts[t.letter]
            label = _tile_label(t.letter) + (f" {seen[t.letter]} of {n}" if n > 1 else "")
            out.append(Piece(name, str(i), label, i))
        return tuple(out)
    if "deck" in source:
        deck_name = str(source["deck"])
        try:
            deck = load_deck(deck_name)
        except Exception as exc:  # the card core raises its own error for a missing deck file
            raise TagError(
                f"{where}: its cards come from the game data file {deck_name}.json, which cannot be "
                f"read ({exc})"
            ) from None
        return tuple(Piece(name, c.id, c.ascii_face, c.id) for c in deck.cards)
    if "pieces" in source:
        return tuple(
            Piece(name, str(p["id"]), str(p.get("label", p["id"])), str(p["id"])) for p in source["pieces"]
        )
    raise TagError(f"{where}: 'from' must name tiles (a crossword game), a deck, or list pieces")


@cache
def _load_set_cached(path: str, mtime: float) -> PieceSet:
    where = path
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise TagError(f"{where} is not valid JSON: {exc}") from None
    for key in ("name", "code", "from"):
        if key not in data:
            raise TagError(f"{where}: missing {key!r}")
    name = str(data["name"])
    pieces = _pieces_from(name, data["from"], where)
    ids = [p.id for p in pieces]
    if len(set(ids)) != len(ids):
        raise TagError(f"{where}: piece ids repeat")
    return PieceSet(name, str(data["code"]), str(data.get("title", name)), pieces)


def load_set(name: str) -> PieceSet:
    """The piece set ``hardware/sets/NAME.json`` with its pieces derived from the game data."""
    path = sets_dir() / f"{name}.json"
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        raise TagError(
            f"There is no piece set {name!r}. Sets: {', '.join(available_sets()) or 'none'}."
        ) from None
    return _load_set_cached(str(path), mtime)


def set_by_code(code: str) -> PieceSet:
    for name in available_sets():
        s = load_set(name)
        if s.code == code:
            return s
    raise TagError(f"no piece set has the code {code!r}")


# -- NDEF -----------------------------------------------------------------------------------------------


def ndef_text(set_code: str, piece_id: str) -> str:
    """The text a tag's NDEF record carries: ``<set code>:<piece id>``, e.g. ``wg:103``."""
    for part, what in ((set_code, "set code"), (piece_id, "piece id")):
        if not part or " " in part or NDEF_SEPARATOR in part or not part.isascii():
            raise TagError(f"the {what} {part!r} must be ASCII without spaces or colons")
    return f"{set_code}{NDEF_SEPARATOR}{piece_id}"


def encode_ndef(set_code: str, piece_id: str) -> bytes:
    """The bytes to write from NTAG213 page 4: an NDEF TLV holding one short Text record (language
    "en") with :func:`ndef_text`, then the terminator TLV; padded to whole 4-byte pages."""
    text = ndef_text(set_code, piece_id).encode("ascii")
    payload = bytes([0x02]) + b"en" + text  # status byte: UTF-8, language code of 2 bytes
    record = bytes([0xD1, 0x01, len(payload)]) + b"T" + payload  # MB ME SR, TNF well-known
    tlv = bytes([0x03, len(record)]) + record + b"\xfe"
    return tlv + b"\x00" * (-len(tlv) % 4)


def decode_ndef(data: bytes) -> tuple[str, str]:
    """(set code, piece id) from the bytes read from page 4 on; TagError says what is wrong."""
    if len(data) < 2 or data[0] != 0x03:
        raise TagError("the tag holds no NDEF message (it was never written, or it is not a wordtable tag)")
    length = data[1]
    record = data[2 : 2 + length]
    if len(record) < length or len(record) < 4 or record[0] & 0x07 != 0x01 or record[3:4] != b"T":
        raise TagError("the tag's NDEF record is not a short text record")
    payload = record[4 : 4 + record[2]]
    lang_len = payload[0] & 0x3F if payload else 0
    text = payload[1 + lang_len :].decode("utf-8", errors="replace")
    code, sep, piece = text.partition(NDEF_SEPARATOR)
    if not sep or not code or not piece or " " in text:
        raise TagError(
            f"the tag says {text!r}, which is not a wordtable piece (expected SET:PIECE, like wg:103)"
        )
    return code, piece


# -- the registry --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Enrolled:
    uid: bytes
    set: str
    piece: str
    enrolled_at: str


class TagRegistry:
    """UID -> piece, in the store's ``tags`` table (one UID one piece; one piece one UID)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def lookup(self, uid: bytes) -> Enrolled | None:
        row = self.conn.execute("SELECT * FROM tags WHERE uid = ?", (bytes(uid),)).fetchone()
        return (
            None
            if row is None
            else Enrolled(bytes(row["uid"]), row["set_name"], row["piece"], row["enrolled_at"])
        )

    def uid_of(self, set_name: str, piece_id: str) -> bytes | None:
        row = self.conn.execute(
            "SELECT uid FROM tags WHERE set_name = ? AND piece = ?", (set_name, piece_id)
        ).fetchone()
        return None if row is None else bytes(row["uid"])

    def enroll(self, uid: bytes, piece: Piece, *, replace: bool = False) -> None:
        """Register ``uid`` as ``piece``. A UID already enrolled as another piece, or a piece that already
        has another tag, is refused unless ``replace`` (a lost piece remade, a tag stuck on again)."""
        uid = bytes(uid)
        have = self.lookup(uid)
        if have is not None and (have.set, have.piece) == (piece.set, piece.id):
            return
        other_uid = self.uid_of(piece.set, piece.id)
        if not replace:
            if have is not None:
                raise TagError(
                    f"This tag ({uid.hex()}) is already {have.set} piece {have.piece}. "
                    f"To give it to {piece.describe()} instead, enroll again with --replace."
                )
            if other_uid is not None:
                raise TagError(
                    f"{piece.describe()} already has a tag ({other_uid.hex()}). If that tag is lost, "
                    f"enroll again with --replace."
                )
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self.conn.execute(
                "DELETE FROM tags WHERE uid = ? OR (set_name = ? AND piece = ?)", (uid, piece.set, piece.id)
            )
            self.conn.execute(
                "INSERT INTO tags (uid, set_name, piece, enrolled_at) VALUES (?, ?, ?, ?)",
                (uid, piece.set, piece.id, now_text()),
            )
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    def forget(self, uid: bytes) -> bool:
        cur = self.conn.execute("DELETE FROM tags WHERE uid = ?", (bytes(uid),))
        return cur.rowcount > 0

    def enrolled(self, set_name: str | None = None) -> list[Enrolled]:
        sql = "SELECT * FROM tags"
        args: tuple[str, ...] = ()
        if set_name is not None:
            sql, args = sql + " WHERE set_name = ?", (set_name,)
        rows = self.conn.execute(sql + " ORDER BY set_name, enrolled_at, piece", args).fetchall()
        return [Enrolled(bytes(r["uid"]), r["set_name"], r["piece"], r["enrolled_at"]) for r in rows]

    def counts(self) -> dict[str, int]:
        return {
            r[0]: r[1] for r in self.conn.execute("SELECT set_name, COUNT(*) FROM tags GROUP BY set_name")
        }


# -- problems a person must fix ------------------------------------------------------------------------

UNKNOWN = "unknown"
OTHER_SET = "other_set"
DUPLICATE = "duplicate"


@dataclass(frozen=True)
class TagProblem:
    """A tag that must not enter play, and why, in words a child can read (``message``: short
    sentences) and a longer ``detail`` for a grown-up."""

    kind: str
    cells: tuple[int, ...]
    uid: bytes
    message: str
    detail: str


def identify(
    registry: TagRegistry, uid: bytes, cell: int, sets: Iterable[str], geometry: TableGeometry | None = None
) -> Piece | TagProblem:
    """The piece of ``uid`` if it belongs to one of ``sets`` (the sets of the game in play), else
    the problem: a tag nobody enrolled, or a piece of another set."""
    where = geometry.describe_cell(cell) if geometry else f"cell {cell}"
    allowed = list(sets)
    entry = registry.lookup(uid)
    if entry is None:
        return TagProblem(
            UNKNOWN,
            (cell,),
            bytes(uid),
            "This piece is not known. Please take it off the table.",
            f"The tag {bytes(uid).hex()} at {where} is not enrolled. Enroll its set with "
            f"`wordtable tags enroll SET`.",
        )
    if entry.set not in allowed:
        piece = _piece_or_none(entry)
        name = piece.label if piece else entry.piece
        try:
            title = load_set(entry.set).title
        except TagError:
            title = entry.set
        game_titles = " or ".join(_set_title(s) for s in allowed) or "no pieces"
        return TagProblem(
            OTHER_SET,
            (cell,),
            bytes(uid),
            f"This is {name} from the {title}. This game uses the {game_titles}. Please put it back in its box.",
            f"The tag {bytes(uid).hex()} at {where} is {entry.set} piece {entry.piece}; the game in play uses "
            f"{', '.join(allowed) or 'no set'}.",
        )
    piece = _piece_or_none(entry)
    if piece is None:
        return TagProblem(
            UNKNOWN,
            (cell,),
            bytes(uid),
            "This piece is not known. Please take it off the table.",
            f"The tag {bytes(uid).hex()} at {where} was enrolled as {entry.set} piece {entry.piece}, which the set "
            f"no longer has. Enroll it again.",
        )
    return piece


def _set_title(name: str) -> str:
    try:
        return load_set(name).title
    except TagError:
        return name


def _piece_or_none(entry: Enrolled) -> Piece | None:
    try:
        return load_set(entry.set).piece(entry.piece)
    except TagError:
        return None


def duplicates(
    registry: TagRegistry, cells: Mapping[int, bytes], geometry: TableGeometry | None = None
) -> list[TagProblem]:
    """Pieces that lie on two cells at once: the same UID read on two cells (a copied tag), or two
    UIDs enrolled as the same piece. Either way neither may enter play until one is taken away."""
    by_identity: dict[tuple[str, str] | bytes, list[int]] = {}
    uid_of_cell: dict[int, bytes] = {}
    for cell, uid in sorted(cells.items()):
        uid = bytes(uid)
        uid_of_cell[cell] = uid
        entry = registry.lookup(uid)
        key: tuple[str, str] | bytes = (entry.set, entry.piece) if entry else uid
        by_identity.setdefault(key, []).append(cell)
    out = []
    for where in by_identity.values():
        if len(where) < 2:
            continue
        uid = uid_of_cell[where[0]]
        entry = registry.lookup(uid)
        piece = _piece_or_none(entry) if entry else None
        name = piece.label if piece else "one piece"
        places = " and ".join(geometry.describe_cell(c) if geometry else f"cell {c}" for c in where)
        out.append(
            TagProblem(
                DUPLICATE,
                tuple(where),
                uid,
                f"Two pieces say they are {name}. Please take one of them away.",
                f"{len(where)} tags on the table ({places}) claim the same piece"
                + (f" ({entry.set} {entry.piece})" if entry else f" (tag {uid.hex()})")
                + ".",
            )
        )
    return out


def table_problems(
    registry: TagRegistry,
    cells: Mapping[int, bytes],
    sets: Iterable[str],
    geometry: TableGeometry | None = None,
) -> list[TagProblem]:
    """Every problem on a whole table (after a SNAPSHOT, say): pieces on two cells first, then each
    other cell whose tag is unknown or of another set, in cell order."""
    allowed = list(sets)
    out = duplicates(registry, cells, geometry)
    doubled = {c for p in out for c in p.cells}
    for cell, uid in sorted(cells.items()):
        if cell in doubled:
            continue
        found = identify(registry, uid, cell, allowed, geometry)
        if isinstance(found, TagProblem):
            out.append(found)
    return out
