"""The offensive-word list behind kid-safe mode.

Source: the word list of the PyPI package ``better-profanity`` 0.7.0 (MIT licence, Son Nguyen Thanh), file
``better_profanity/profanity_wordlist.txt``, pinned in requirements.txt and read from the installed
package without importing it. The list is English; for other languages kid-safe mode has only the
profile's own block list. Entries are matched as whole words, never as parts of words (so ``CLASS`` and
``ASSASSIN`` stay playable). Multi-word entries are joined (``blow job`` -> ``BLOWJOB``) and entries
with digits or other leetspeak are left out, since no tile can spell them.

The list is broad: it also catches everyday words (ORGAN, PAWN, FAT, SEAMAN). ``kidsafe_exceptions.txt``
names those that the filter lets through; it is our choice, documented in docs/lexicons.md.
"""

from __future__ import annotations

import hashlib
import importlib.util
from functools import cache
from importlib import resources
from pathlib import Path

from .alphabet import Alphabet
from .errors import LexiconError

FILTER_PACKAGE = "better_profanity"
FILTER_FILE = "profanity_wordlist.txt"
FILTER_SOURCE = "better-profanity 0.7.0 (PyPI), file better_profanity/profanity_wordlist.txt"
FILTER_LICENCE = "MIT"
FILTER_LANGUAGE = "en"
EXCEPTIONS_FILE = "kidsafe_exceptions.txt"

_JOIN = " -_."


def filter_list_path() -> Path:
    """Path of the installed filter list; :class:`LexiconError` says how to install it when missing."""
    spec = importlib.util.find_spec(FILTER_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in locations:
        path = Path(folder) / FILTER_FILE
        if path.is_file():
            return path
    raise LexiconError(
        "the kid-safe filter list (Python package better-profanity) is not installed; run `make setup`"
    )


@cache
def _raw_entries(path: Path, digest: str) -> tuple[str, ...]:
    # ``digest`` is part of the key so that an upgraded list is read again.
    return tuple(line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def _exceptions_text() -> str:
    return resources.files(__package__).joinpath(EXCEPTIONS_FILE).read_text(encoding="utf-8")


def exceptions() -> frozenset[str]:
    """Words of the filter list that kid-safe mode lets through (upper case)."""
    lines = (line.strip() for line in _exceptions_text().splitlines())
    return frozenset(line.upper() for line in lines if line and not line.startswith("#"))


def filter_digest() -> str:
    """SHA-256 of the filter list and its exceptions (part of the fingerprint of every kid-safe cache)."""
    h = hashlib.sha256(filter_list_path().read_bytes())
    h.update(_exceptions_text().encode("utf-8"))
    return h.hexdigest()


def offensive_words(alphabet: Alphabet) -> frozenset[str]:
    """The filter list in canonical form for ``alphabet``; empty for languages the list does not cover."""
    if alphabet.language != FILTER_LANGUAGE:
        return frozenset()
    path = filter_list_path()
    out = set()
    for entry in _raw_entries(path, filter_digest()):
        joined = "".join(ch for ch in entry if ch not in _JOIN)
        result = alphabet.canonicalise(joined)
        if result.word is not None and not result.folded:
            out.add(result.word)
    return frozenset(out - exceptions())
