"""The store's checks on open: every game row can be read, and each unfinished game's moves agree
with its saved state.

* A game whose saved JSON cannot be read (not JSON, or not the shape the store writes) would stop
  every command that lists or restores games. It is set aside: its row and its moves are copied, as
  they were, into the table ``games_aside`` of the same file and removed from ``games`` and ``moves``;
  a message names the game and says where it went.
* A game whose state records its own history (the crossword games' ``history``, the card games'
  ``actions``) must end with the moves stored for it, in order (before them: its starting position). If not (a move shown but never
  stored, by an older wordtable), the game is named with both counts; nothing is changed, since
  which of the two is right is for a person to decide.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from .database import now_text

log = logging.getLogger(__name__)

SHAPES: dict[str, tuple[type, ...]] = {
    "options": (dict,),
    "players": (list,),
    "state": (dict,),
    "result": (dict, type(None)),
}
"""The JSON columns of ``games`` and the types their values must have."""
NOT_MOVES = ("position", "end", "time_penalty")
"""Entries of a state's history that are no move of the store: a card game's starting position, and
what a crossword game adds when it ends (the racks left, time penalties)."""


def row_problem(row: sqlite3.Row, moves: list[sqlite3.Row]) -> str | None:
    """Why this game's rows cannot be read, or None."""
    for column, types in SHAPES.items():
        try:
            value = json.loads(row[column]) if row[column] is not None else None
        except (TypeError, ValueError):
            return f"its {column} is not valid JSON"
        if not isinstance(value, types):
            return f"its {column} has the wrong shape ({type(value).__name__})"
    if not all(isinstance(p, str) for p in json.loads(row["players"])):
        return "its players are not names"
    for mv in moves:
        try:
            action = json.loads(mv["action"])
            score = json.loads(mv["score"]) if mv["score"] is not None else None
        except (TypeError, ValueError):
            return f"its move {mv['seq']} is not valid JSON"
        if not isinstance(action, dict) or not isinstance(score, dict | type(None)):
            return f"its move {mv['seq']} has the wrong shape"
    return None


def set_aside(conn: sqlite3.Connection, row: sqlite3.Row, moves: list[sqlite3.Row], reason: str) -> None:
    """Move one game and its moves into ``games_aside`` (one transaction)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "INSERT INTO games_aside (game_id, reason, game_row, move_rows, at) VALUES (?, ?, ?, ?, ?)",
            (row["id"], reason, json.dumps(dict(row)), json.dumps([dict(m) for m in moves]), now_text()),
        )
        conn.execute("DELETE FROM moves WHERE game_id = ?", (row["id"],))
        conn.execute("DELETE FROM games WHERE id = ?", (row["id"],))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _key(action: Any) -> Any:
    """What a stored move and the state's own entry for it share: all of a crossword record; for the card
    games (whose records add what the move scored) the type, the player and the cards."""
    if not isinstance(action, dict):
        return action
    return {k: action.get(k) for k in ("type", "player", "cards")}


def disagreement(state: dict[str, Any], moves: list[sqlite3.Row]) -> str | None:
    """How the state's own history differs from the stored moves, or None (also when the game keeps
    no history of its own). The state may begin with entries of its starting position; the stored
    moves must be the rest of it, in order."""
    stored = [json.loads(m["action"]) for m in moves]
    if isinstance(state.get("history"), list):
        kept = [
            r.get("action")
            for r in state["history"]
            if isinstance(r, dict) and (r.get("action") or {}).get("type") not in NOT_MOVES
        ]
    elif isinstance(state.get("actions"), list):
        kept = [
            _key(a.get("action"))
            for a in state["actions"]
            if isinstance(a, dict) and (a.get("action") or {}).get("type") not in NOT_MOVES
        ]
        stored = [_key(a) for a in stored]
    else:
        return None
    if len(kept) >= len(stored) and kept[len(kept) - len(stored) :] == stored:
        return None
    return f"its saved state holds {len(kept)} moves, which do not end with the {len(stored)} moves stored for it"


def check_games(conn: sqlite3.Connection, path: Path) -> list[str]:
    """Check every game (see the module docstring); returns the messages for the person."""
    notices = []
    for row in conn.execute("SELECT * FROM games ORDER BY id").fetchall():
        moves = conn.execute("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (row["id"],)).fetchall()
        what = f"Game {row['id']} ({row['game']}, started {row['started_at']})"
        problem = row_problem(row, moves)
        if problem is not None:
            try:
                set_aside(conn, row, moves, problem)
            except sqlite3.Error as exc:
                notices.append(
                    f"{what} in {path} cannot be read: {problem}. It could not be set aside ({exc}); "
                    f"make the folder writable and start wordtable again."
                )
                continue
            notices.append(
                f"{what} in {path} could not be read: {problem}. It was set aside (table games_aside "
                f"of the same file) and the table starts without it."
            )
            continue
        if row["finished_at"] is None:
            differs = disagreement(json.loads(row["state"]), moves)
            if differs is not None:
                notices.append(
                    f"{what} in {path}: {differs}. Its scores may not add up; finish it or start a new "
                    f"game. (Nothing was changed.)"
                )
    return notices
