"""Where the lexicon package keeps things on disk.

* Fetched sources of the built-in lexicons (installed by ``make setup``):
  ``$WORDTABLE_LEXICON_SOURCES``, else ``<venv>/share/wordtable/lexicon-sources`` (``sys.prefix``).
* A person's data, imported word lists and profiles: ``$WORDTABLE_HOME``, else
  ``$XDG_DATA_HOME/wordtable``, else ``~/.local/share/wordtable``.
* Caches (rebuildable at any time): ``$WORDTABLE_CACHE``, else ``$WORDTABLE_HOME/cache``, else ``$XDG_CACHE_HOME/wordtable``, else
  ``~/.cache/wordtable``.

Each function reads the environment when called, so a test or a second table can point elsewhere.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name, "").strip()
    return Path(value).expanduser() if value else None


def data_home() -> Path:
    """Root of a person's wordtable data (imported word lists, profiles)."""
    home = _env_path("WORDTABLE_HOME")
    if home is not None:
        return home
    xdg = _env_path("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return xdg / "wordtable"


def cache_home() -> Path:
    """Root of wordtable's caches; everything below it may be deleted. ``WORDTABLE_CACHE`` names it
    outright (caches on another disk; the test suite shares one across its runs)."""
    override = _env_path("WORDTABLE_CACHE")
    if override is not None:
        return override
    home = _env_path("WORDTABLE_HOME")
    if home is not None:
        return home / "cache"
    xdg = _env_path("XDG_CACHE_HOME") or Path.home() / ".cache"
    return xdg / "wordtable"


def sources_dir() -> Path:
    """Folder with one subfolder per fetched built-in lexicon source."""
    override = _env_path("WORDTABLE_LEXICON_SOURCES")
    if override is not None:
        return override
    return Path(sys.prefix) / "share" / "wordtable" / "lexicon-sources"


def lexicon_cache_dir() -> Path:
    """Folder of compiled lexicon caches (``NAME.wtlex``)."""
    return cache_home() / "lexicon"


def imported_dir() -> Path:
    """Folder of imported word lists, one subfolder each."""
    return data_home() / "lexicons"


def profiles_dir() -> Path:
    """Folder of edited profiles (``NAME.json``)."""
    return data_home() / "profiles"
