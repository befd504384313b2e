"""Importing a word list a person brings: normalise it, keep it under the data folder, compile it.

The imported lexicon is stored as ``<data>/lexicons/NAME/`` with ``words.txt`` (the canonical words, one a
line), ``meta.json`` (title, licence, language, where it came from) and ``import-report.txt`` (every line
that was skipped, and why). The original file is not needed afterwards.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from . import locations
from .alphabet import get_alphabet
from .catalogue import IMPORTED_META, IMPORTED_REPORT, IMPORTED_WORDS, check_new_name
from .errors import LexiconError, WordListError
from .lexicon import CompiledLexicon, cache_path, load
from .wordlist import WordListReport, read_word_list

UNSTATED_LICENCE = "not stated at import; check the terms of the original list"


@dataclass(frozen=True)
class ImportResult:
    """What an import did: the compiled lexicon, the reading report, and where the report file is."""

    lexicon: CompiledLexicon
    report: WordListReport
    report_file: Path


def import_word_list(
    path: str | Path,
    name: str,
    *,
    alphabet: str = "en",
    join: bool = False,
    encoding: str = "auto",
    title: str | None = None,
    licence: str | None = None,
    replace: bool = False,
    strict: bool = False,
) -> ImportResult:
    """Import the word list at ``path`` as lexicon ``name`` spelt in ``alphabet`` (``en``, ``de``, ``nl``...).

    Raises :class:`WordListError` for a file that cannot be a word list (and, with ``strict``, for one
    with any skipped line), :class:`LexiconError` for a name that is taken (unless ``replace``).
    """
    check_new_name(name)
    alpha = get_alphabet(alphabet)
    folder = locations.imported_dir() / name
    if (folder / IMPORTED_META).exists() and not replace:
        raise LexiconError(
            f"an imported lexicon named {name!r} exists already; add --replace to overwrite it"
        )
    source = Path(path)
    report = read_word_list(source, alpha, encoding=encoding, join=join)
    if strict and report.skipped:
        raise WordListError(
            f"{source}: {report.skipped} lines skipped and --strict given; nothing imported.\n"
            + report.summary()
            + "\n"
            + report.details(limit=20)
        )
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    now = datetime.now(UTC).isoformat(timespec="seconds")
    meta = {
        "alphabet": alpha.id,
        "title": title or f"Imported from {source.name}",
        "licence": licence or UNSTATED_LICENCE,
        "origin": f"imported from {source.resolve()} (sha256 {digest[:16]}...) on {now}",
        "imported_at": now,
        "options": {"join": join, "encoding": encoding},
        "summary": report.summary(),
    }
    staging = folder.with_name(f".{name}.importing")
    shutil.rmtree(staging, ignore_errors=True)
    details = report.details()
    try:
        staging.mkdir(parents=True)
        (staging / IMPORTED_WORDS).write_text("\n".join(report.words) + "\n", encoding="utf-8")
        (staging / IMPORTED_META).write_text(
            json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        (staging / IMPORTED_REPORT).write_text(
            report.summary() + "\n" + (details + "\n" if details else ""), encoding="utf-8"
        )
        if folder.exists():
            shutil.rmtree(folder)
        staging.rename(folder)
    except OSError as exc:  # a read-only or full data folder: nothing half-imported, and a message
        shutil.rmtree(staging, ignore_errors=True)
        raise LexiconError(
            f"Cannot write the lexicon into {folder.parent}: {exc.strerror}. Make the wordtable "
            f"data folder writable (or set WORDTABLE_HOME to one), then import again."
        ) from None
    lexicon = load(name)
    return ImportResult(lexicon, report, folder / IMPORTED_REPORT)


def remove_imported(name: str) -> None:
    """Delete the imported lexicon ``name`` and its caches."""
    folder = locations.imported_dir() / name
    if not (folder / IMPORTED_META).is_file():
        raise LexiconError(f"no imported lexicon named {name!r} (built-in lexicons cannot be removed)")
    shutil.rmtree(folder)
    for cache in cache_path(name).parent.glob(f"{name}.wtlex"):
        cache.unlink(missing_ok=True)
    for cache in cache_path(name).parent.glob(f"{name}@*.wtlex"):
        cache.unlink(missing_ok=True)
