"""Persistence in SQLite: sessions, games, moves and the tag registry, so a crash or a restart
resumes the game. :mod:`.database` opens the file (WAL, schema migrations, a corrupt file kept aside);
:mod:`.store` is the API the session loop uses; :mod:`.export` writes finished games as JSON or GCG."""

from .database import SCHEMA_VERSION, NotAStoreError, StoreError, StoreWriteError, default_path, open_database
from .store import GameRow, MoveRow, SessionRow, Store

__all__ = [
    "SCHEMA_VERSION",
    "GameRow",
    "MoveRow",
    "NotAStoreError",
    "SessionRow",
    "Store",
    "StoreError",
    "StoreWriteError",
    "default_path",
    "open_database",
]
