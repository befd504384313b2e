"""Opening the SQLite file: WAL journal, foreign keys, schema version in ``PRAGMA user_version`` and the
migrations that bring an older file up to date.

A file that SQLite cannot read (not a database, damaged pages) is never deleted: it is renamed
``NAME.corrupt-YYYYmmddTHHMMSS`` (with its -wal and -shm files), a fresh store is started, and the
returned :class:`Opened` carries a message naming both files, for the person to see. A file made by a
newer wordtable (a schema version this code does not know) is refused, not touched.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..lexicon.locations import data_home

log = logging.getLogger(__name__)

# Each migration takes the schema from version i to i + 1 (index i). Never edit a shipped one: add one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        started_at TEXT NOT NULL,
        ended_at TEXT,
        layout TEXT NOT NULL DEFAULT '',
        note TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions(id),
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        seed INTEGER NOT NULL,
        state TEXT NOT NULL,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finished_at TEXT,
        result TEXT
    );
    CREATE INDEX games_session ON games(session_id);
    CREATE TABLE moves (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        player INTEGER NOT NULL,
        action TEXT NOT NULL,
        score TEXT,
        now_ms INTEGER,
        note TEXT NOT NULL DEFAULT '',
        at TEXT NOT NULL,
        UNIQUE (game_id, seq)
    );
    CREATE TABLE tags (
        uid BLOB PRIMARY KEY,
        set_name TEXT NOT NULL,
        piece TEXT NOT NULL,
        enrolled_at TEXT NOT NULL,
        UNIQUE (set_name, piece)
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
DB_NAME = "wordtable.db"


class StoreError(Exception):
    """The store cannot be used; the message names the file and what to do."""


@dataclass
class Opened:
    """An open database and, if the old file had to be kept aside, the message saying so."""

    conn: sqlite3.Connection
    path: Path
    recovered: str | None = None


def default_path() -> Path:
    """``wordtable.db`` in the person's wordtable data folder (``$WORDTABLE_HOME`` ...)."""
    return data_home() / DB_NAME


def now_text() -> str:
    """The wall-clock time stored with rows (ISO 8601, UTC, seconds)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE ... COMMIT), one per action.
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=5.0)
    conn.row_factory = sqlite3.Row
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            # Before anything writes (switching to WAL rewrites the header): the file stays as it is.
            conn.close()
            raise StoreError(f"{path} was written by a newer wordtable (schema version {version}; this one knows "
                             f"up to {SCHEMA_VERSION}). Update wordtable (git pull, make setup); the file is left "
                             f"as it is.")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a power cut loses no committed action
        ok = conn.execute("PRAGMA quick_check").fetchone()[0]
        if ok != "ok":
            raise sqlite3.DatabaseError(f"quick_check: {ok}")
        return conn
    except sqlite3.DatabaseError:
        conn.close()
        raise


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    for v in range(version, SCHEMA_VERSION):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[v].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {v + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _set_aside(path: Path, stamp: str) -> Path:
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(aside.with_name(aside.name + suffix))
    return aside


def open_database(path: Path | str | None = None, *, clock: datetime | None = None) -> Opened:
    """Open (creating if needed) and migrate the store at ``path`` (default: :func:`default_path`)."""
    path = Path(path) if path is not None else default_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"Cannot create the folder {path.parent} for the game store: {exc}") from None
    recovered = None
    try:
        conn = _connect(path)
        _migrate(conn, path)
    except sqlite3.OperationalError as exc:
        # Locked, read-only, no space: the file may be fine, so it is not touched.
        raise StoreError(f"Cannot use the game store {path}: {exc}. Is another wordtable running, or is the "
                         f"disk full or read-only?") from None
    except sqlite3.DatabaseError as exc:
        stamp = (clock or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S")
        aside = _set_aside(path, stamp)
        recovered = (f"The game store {path} could not be read ({exc}). It was kept as {aside} and a new, "
                     f"empty store was started. Saved games and enrolled tags are in the old file.")
        log.error("%s", recovered)
        conn = _connect(path)
        _migrate(conn, path)
    return Opened(conn, path, recovered)
