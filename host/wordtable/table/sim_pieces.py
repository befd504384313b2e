"""Tags for the simulated table's pieces, "enrolled at the factory".

A real piece's tag has a UID burnt in by the chip maker; the simulated table has no chips, so each
piece of every set gets a deterministic virtual UID derived from its set and piece id:
``04`` (NXP's manufacturer byte, as on an NTAG213) followed by the first 6 bytes of
BLAKE2s("wordtable-sim:SET:PIECE"). The same piece has the same UID on every run and every machine,
so a saved game and a scripted test name the same pieces. ``enroll_sim_sets`` registers them all in
a store's tag registry (docs/table.md, "Pieces on the simulated table").
"""

from __future__ import annotations

import hashlib

from .tags import Piece, TagRegistry, available_sets, load_set

NXP = 0x04


def virtual_uid(set_name: str, piece_id: str) -> bytes:
    """The simulated tag UID of a piece: 7 bytes, like an NTAG213's."""
    digest = hashlib.blake2s(f"wordtable-sim:{set_name}:{piece_id}".encode(), digest_size=6).digest()
    return bytes([NXP]) + digest


def enroll_sim_sets(registry: TagRegistry, sets: list[str] | None = None) -> int:
    """Register the virtual UID of every piece of ``sets`` (all sets by default) in one transaction;
    pieces already registered with their virtual UID are left alone. Returns how many were added."""
    added = 0
    conn = registry.conn
    have = {(e.set, e.piece): e.uid for e in registry.enrolled()}
    todo: list[Piece] = []
    for name in sets if sets is not None else available_sets():
        for piece in load_set(name).pieces:
            if have.get((piece.set, piece.id)) != virtual_uid(piece.set, piece.id):
                todo.append(piece)
    if not todo:
        return 0
    # One transaction for the few hundred pieces (TagRegistry.enroll commits one by one).
    from ..store.database import now_text

    stamp = now_text()
    conn.execute("BEGIN IMMEDIATE")
    try:
        for piece in todo:
            uid = virtual_uid(piece.set, piece.id)
            conn.execute(
                "DELETE FROM tags WHERE uid = ? OR (set_name = ? AND piece = ?)", (uid, piece.set, piece.id)
            )
            conn.execute(
                "INSERT INTO tags (uid, set_name, piece, enrolled_at) VALUES (?, ?, ?, ?)",
                (uid, piece.set, piece.id, stamp),
            )
            added += 1
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return added
