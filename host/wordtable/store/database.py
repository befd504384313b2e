"""Opening the SQLite file: WAL journal, foreign keys, schema version in ``PRAGMA user_version`` and the
migrations that bring an older file up to date.

A file that SQLite cannot read (not a database, damaged pages) is never deleted. If it is the store's
own file (the default, or the one a caller names as its own), it is renamed
``NAME.corrupt-YYYYmmddTHHMMSS`` (with its -wal and -shm files), a fresh store is started, and the
returned :class:`Opened` carries a message naming both files, for the person to see. Any other file (a
mistyped ``--db``) is refused and left as it is, and so is a readable SQLite file that is not a
wordtable store. A file made by a newer wordtable (a schema version this code does not know) is
refused, not touched.
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
    """
    CREATE TABLE games_aside (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL,
        reason TEXT NOT NULL,
        game_row TEXT NOT NULL,
        move_rows TEXT NOT NULL,
        at TEXT NOT NULL
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
DB_NAME = "wordtable.db"


class StoreError(Exception):
    """The store cannot be used; the message names the file and what to do."""


class StoreWriteError(StoreError):
    """A write failed (disk full, read-only folder, file gone); the transaction was rolled back, so the
    store holds what it held before. The message says what to do, then to press OK again."""


class NotAStoreError(StoreError):
    """The file named is not a wordtable store; it was left as it is."""


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


def _is_foreign(conn: sqlite3.Connection) -> bool:
    """A readable SQLite file with tables but no wordtable schema (someone else's database)."""
    if conn.execute("PRAGMA user_version").fetchone()[0] != 0:
        return False
    return conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0] > 0


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE ... COMMIT), one per action.
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=5.0)
    conn.row_factory = sqlite3.Row
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            # Before anything writes (switching to WAL rewrites the header): the file stays as it is.
            conn.close()
            raise StoreError(
                f"{path} was written by a newer wordtable (schema version {version}; this one knows "
                f"up to {SCHEMA_VERSION}). Update wordtable (git pull, make setup); the file is left "
                f"as it is."
            )
        if _is_foreign(conn):
            conn.close()
            raise NotAStoreError(
                f"{path} is an SQLite file of another program, not a wordtable store; it was "
                f"left as it is. Check the path (--db), or leave --db out to use your own store."
            )
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


def write_problem(path: Path, exc: sqlite3.Error | OSError) -> str:
    """What a person can do about a failed write to the store at ``path``."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if name.startswith("SQLITE_FULL") or "disk is full" in text or getattr(exc, "errno", None) == 28:
        return (
            f"The table cannot save: the disk is full. Free some space on the disk that holds {path.parent}, "
            f"then press OK again."
        )
    if (
        name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_PERM"))
        or "readonly" in text
        or "read-only" in text
        or getattr(exc, "errno", None) in (1, 13, 30)
    ):
        return (
            f"The table cannot save: the folder {path.parent} cannot be written ({text}). Make it writable "
            f"again (is a USB stick full, unplugged or locked?), then press OK again."
        )
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return (
            f"Cannot write to the game store {path}: {text}. Is another wordtable using it? Close it, then "
            f"press OK again."
        )
    return f"The table cannot save to {path}: {text}. Press OK again; if it keeps failing, restart wordtable."


def open_database(
    path: Path | str | None = None, *, clock: datetime | None = None, own: bool = False
) -> Opened:
    """Open (creating if needed) and migrate the store at ``path`` (default: :func:`default_path`).
    ``own``: ``path`` is the caller's own default file, which may be set aside if it cannot be read;
    any other named file that is not a store is refused and left alone."""
    own = own or path is None
    path = Path(path) if path is not None else default_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"Cannot create the folder {path.parent} for the game store: {exc.strerror}. "
            f"Choose a folder you can write to."
        ) from None
    if path.exists() and not path.is_file():
        raise NotAStoreError(f"{path} is not a file; give the path of a wordtable store (a .db file).")
    recovered = None
    try:
        conn = _connect(path)
        _migrate(conn, path)
    except sqlite3.OperationalError as exc:
        # Locked, read-only, no space: the file may be fine, so it is not touched.
        raise StoreError(
            f"Cannot use the game store {path}: {exc}. Is another wordtable running, or is the "
            f"disk full or the folder read-only? The file was left as it is."
        ) from None
    except sqlite3.DatabaseError as exc:
        if not own:
            raise NotAStoreError(
                f"{path} is not a wordtable store, or it is damaged ({exc}); it was left as it "
                f"is. Check the path (--db), or leave --db out to use your own store."
            ) from None
        stamp = (clock or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S")
        aside = _set_aside(path, stamp)
        recovered = (
            f"The game store {path} could not be read ({exc}). It was kept as {aside} and a new, "
            f"empty store was started. Saved games and enrolled tags are in the old file."
        )
        log.error("%s", recovered)
        conn = _connect(path)
        _migrate(conn, path)
    return Opened(conn, path, recovered)
