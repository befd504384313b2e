"""The store's API for the session loop: sessions, games, moves, history.

Every committed action is written in one transaction (the move row and the game's new state
together) before the session shows it, so a crash at any point leaves either the game before the
action or the game after it, never half of one::

    store = Store()                                  # the person's wordtable.db
    sid = store.start_session(layout="standard")
    gid = store.start_game(sid, "wordgame", options.to_dict(), ["Ann", "Bob"], seed, game.to_dict())
    record = game.apply(action, now_ms)
    store.record_move(gid, record, game.to_dict())    # then show it
    ...
    store.finish_game(gid, game.to_dict(), {"scores": game.scores, "winners": game.winners()})

After a restart, :meth:`Store.restore` gives the latest unfinished session and its unfinished game;
the game module's ``from_dict`` turns the saved state back into a game.

A write that fails (disk full, a read-only folder, the file deleted or replaced under a running host)
raises :class:`StoreWriteError` with the transaction rolled back: the store holds exactly what it held
before, and the message says what to do. On open the store checks its rows (:mod:`.checks`): a game
whose saved JSON cannot be read is set aside, and a game whose moves and state disagree is named;
``notices`` lists what the person should read.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..games.base import MoveRecord
from .checks import check_games, set_aside
from .database import StoreError, StoreWriteError, now_text, open_database, write_problem

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SessionRow:
    id: int
    started_at: str
    ended_at: str | None
    layout: str
    note: str


@dataclass(frozen=True)
class GameRow:
    id: int
    session_id: int
    game: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    state: dict[str, Any]
    started_at: str
    updated_at: str
    finished_at: str | None
    result: dict[str, Any] | None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    seq: int
    player: int
    action: dict[str, Any]
    score: dict[str, Any] | None
    now_ms: int | None
    note: str
    at: str


class Store:
    """One SQLite store. ``notices``: messages for the person (a corrupt file kept aside, a game set
    aside, moves that disagree with their game's state); ``recovered`` is them as one text, or None.
    ``own``: ``path`` is the caller's own default file (see :func:`.database.open_database`).

    The connection may be used from any thread, but from one at a time (the session loop's); a second
    process opening the same file waits up to 5 s for a write lock, then gets a StoreError."""

    def __init__(self, path: Path | str | None = None, *, own: bool = False) -> None:
        opened = open_database(path, own=own)
        self.conn = opened.conn
        self.path = opened.path
        self._identity = _identity(self.path)
        self.notices: list[str] = [opened.recovered] if opened.recovered else []
        try:
            self.notices += check_games(self.conn, self.path)
        except sqlite3.Error as exc:  # a read-only file: the rows are read as they are
            log.warning("the store's rows could not be checked: %s", exc)
        for notice in self.notices[1 if opened.recovered else 0 :]:
            log.error("%s", notice)

    @property
    def recovered(self) -> str | None:
        """Every notice as one message (None if there is nothing to say)."""
        return "\n".join(self.notices) if self.notices else None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic write: everything inside is committed together or not at all. A write SQLite
        refuses (disk full, read-only, locked) raises StoreWriteError with nothing changed."""
        self._check_file()
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreWriteError(write_problem(self.path, exc)) from None
        try:
            yield self.conn
            self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            log.error("a write to %s failed: %s", self.path, exc)
            raise StoreWriteError(write_problem(self.path, exc)) from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        # SQLite may have rolled back already (a full disk ends the transaction); then there is none.
        if self.conn.in_transaction:
            try:
                self.conn.execute("ROLLBACK")
            except sqlite3.Error as exc:
                log.error("rollback in %s failed: %s", self.path, exc)

    def _check_file(self) -> None:
        """The file this store opened must still be there: SQLite would go on writing into a deleted
        file, which a restart never sees, so a move written there would be lost."""
        now = _identity(self.path)
        if now == self._identity:
            return
        what = "deleted" if now is None else "replaced by another file"
        raise StoreWriteError(
            f"The table cannot save: its game store {self.path} was {what} while it was "
            f"running. Put the file back and press OK again, or restart wordtable to go on "
            f"with the file that is there now."
        )

    # -- sessions ----------------------------------------------------------------------------------
    def start_session(self, layout: str = "", note: str = "") -> int:
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO sessions (started_at, layout, note) VALUES (?, ?, ?)", (now_text(), layout, note)
            )
        return int(cur.lastrowid or 0)

    def end_session(self, session_id: int) -> None:
        with self.transaction() as c:
            c.execute(
                "UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL", (now_text(), session_id)
            )

    def session(self, session_id: int) -> SessionRow:
        row = self.conn.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no session {session_id} in {self.path}")
        return SessionRow(row["id"], row["started_at"], row["ended_at"], row["layout"], row["note"])

    def latest_unfinished_session(self) -> SessionRow | None:
        row = self.conn.execute(
            "SELECT id FROM sessions WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else self.session(row["id"])

    # -- games -------------------------------------------------------------------------------------
    def start_game(
        self,
        session_id: int,
        game: str,
        options: dict[str, Any],
        players: list[str],
        seed: int,
        state: dict[str, Any],
    ) -> int:
        """Record a new game with its starting state; returns its id."""
        now = now_text()
        with self.transaction() as c:
            cur = c.execute(
                "INSERT INTO games (session_id, game, options, players, seed, state, started_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (session_id, game, _dump(options), _dump(players), seed, _dump(state), now, now),
            )
        return int(cur.lastrowid or 0)

    def record_move(self, game_id: int, record: MoveRecord, state: dict[str, Any]) -> int:
        """Write one committed action and the game's state after it, in one transaction. Returns the
        move's number in the game (1, 2, ...)."""
        score = record.score.to_dict() if record.score is not None else None
        now = now_text()
        with self.transaction() as c:
            self._check_open(c, game_id)
            seq = c.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            c.execute(
                "INSERT INTO moves (game_id, seq, player, action, score, now_ms, note, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seq,
                    record.player,
                    _dump(record.action),
                    None if score is None else _dump(score),
                    record.now_ms,
                    record.note,
                    now,
                ),
            )
            c.execute("UPDATE games SET state = ?, updated_at = ? WHERE id = ?", (_dump(state), now, game_id))
        return int(seq)

    def save_state(self, game_id: int, state: dict[str, Any]) -> None:
        """Save a state change that is not a move (a clock, a tentative placement)."""
        with self.transaction() as c:
            self._check_open(c, game_id)
            c.execute(
                "UPDATE games SET state = ?, updated_at = ? WHERE id = ?", (_dump(state), now_text(), game_id)
            )

    def finish_game(self, game_id: int, state: dict[str, Any], result: dict[str, Any]) -> None:
        """Mark a game finished with its final state and result (scores, winners, reason)."""
        now = now_text()
        with self.transaction() as c:
            self._check_open(c, game_id)
            c.execute(
                "UPDATE games SET state = ?, updated_at = ?, finished_at = ?, result = ? WHERE id = ?",
                (_dump(state), now, now, _dump(result), game_id),
            )

    def set_aside(self, game_id: int, reason: str) -> str:
        """Set a game that cannot be restored aside (table ``games_aside``, with its moves) and return
        the message for the person, which is also added to ``notices``."""
        self._check_file()
        row = self.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no game {game_id} in {self.path}")
        moves = self.conn.execute("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        what = f"Game {game_id} ({row['game']}, started {row['started_at']}) in {self.path}"
        try:
            set_aside(self.conn, row, moves, reason)
        except sqlite3.Error as exc:
            raise StoreWriteError(
                f"{what} cannot be restored: {reason}. {write_problem(self.path, exc)}"
            ) from None
        notice = (
            f"{what} could not be restored: {reason}. It was set aside (table games_aside of the same file)."
        )
        self.notices.append(notice)
        log.error("%s", notice)
        return notice

    def _check_open(self, c: sqlite3.Connection, game_id: int) -> None:
        row = c.execute("SELECT finished_at FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no game {game_id} in {self.path}")
        if row["finished_at"] is not None:
            raise StoreError(f"game {game_id} finished at {row['finished_at']}; it cannot change any more")

    def game(self, game_id: int) -> GameRow:
        row = self.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no game {game_id} in {self.path}")
        return _game_row(row)

    def games(self, session_id: int) -> list[GameRow]:
        rows = self.conn.execute(
            "SELECT * FROM games WHERE session_id = ? ORDER BY id", (session_id,)
        ).fetchall()
        return [_game_row(r) for r in rows]

    def moves(self, game_id: int) -> list[MoveRow]:
        rows = self.conn.execute("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        return [
            MoveRow(
                r["game_id"],
                r["seq"],
                r["player"],
                json.loads(r["action"]),
                None if r["score"] is None else json.loads(r["score"]),
                r["now_ms"],
                r["note"],
                r["at"],
            )
            for r in rows
        ]

    def history(self, limit: int = 20, finished_only: bool = False) -> list[GameRow]:
        """The latest games, newest first."""
        where = "WHERE finished_at IS NOT NULL " if finished_only else ""
        rows = self.conn.execute(f"SELECT * FROM games {where}ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
        return [_game_row(r) for r in rows]

    def restore(self) -> tuple[SessionRow, GameRow | None] | None:
        """The latest unfinished session and its latest unfinished game (None if it has none), or None
        when every session has ended."""
        session = self.latest_unfinished_session()
        if session is None:
            return None
        row = self.conn.execute(
            "SELECT * FROM games WHERE session_id = ? AND finished_at IS NULL ORDER BY id DESC LIMIT 1",
            (session.id,),
        ).fetchone()
        return session, None if row is None else _game_row(row)


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _game_row(r: sqlite3.Row) -> GameRow:
    return GameRow(
        r["id"],
        r["session_id"],
        r["game"],
        json.loads(r["options"]),
        json.loads(r["players"]),
        r["seed"],
        json.loads(r["state"]),
        r["started_at"],
        r["updated_at"],
        r["finished_at"],
        None if r["result"] is None else json.loads(r["result"]),
    )
