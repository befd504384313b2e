"""Which lexicons exist: the built-in ones (``catalogue.json``) and the word lists a person imported."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from . import locations
from .errors import LexiconError, UnknownLexiconError

DEFAULT_LEXICON = "enable"
"""The lexicon used when none is named: ENABLE, English."""

IMPORTED_WORDS = "words.txt"
IMPORTED_META = "meta.json"
IMPORTED_REPORT = "import-report.txt"

_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,39}$")


@dataclass(frozen=True)
class LexiconSpec:
    """Where a lexicon's words come from and how they are read."""

    name: str
    alphabet: str
    title: str
    licence: str
    origin: str
    source_file: Path
    fmt: str = "lines"
    rules: dict[str, bool] = field(default_factory=dict)
    builtin: bool = True
    required: bool = False
    fetch: dict[str, Any] | None = None
    source_key: str = ""

    @property
    def installed(self) -> bool:
        """True when the source file is on this machine."""
        return self.source_file.is_file()


@cache
def catalogue_entries() -> dict[str, dict[str, Any]]:
    """The built-in entries of ``catalogue.json`` by name, as stored."""
    text = resources.files(__package__).joinpath("catalogue.json").read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


def builtin_names() -> list[str]:
    """Names of the built-in lexicons, the default first."""
    names = sorted(catalogue_entries())
    names.remove(DEFAULT_LEXICON)
    return [DEFAULT_LEXICON, *names]


def builtin_spec(name: str) -> LexiconSpec:
    """The built-in lexicon ``name`` (whether or not its source is fetched)."""
    entry = catalogue_entries()[name]
    source_key = entry.get("source_of", name)
    return LexiconSpec(
        name=name,
        alphabet=entry["alphabet"],
        title=entry["title"],
        licence=entry["licence"],
        origin=entry["origin"],
        source_file=locations.sources_dir() / source_key / entry["file"],
        fmt=entry["format"],
        rules=dict(entry["rules"]),
        builtin=True,
        required=bool(entry.get("required", False)),
        fetch=entry.get("fetch"),
        source_key=source_key,
    )


def imported_spec(name: str) -> LexiconSpec | None:
    """The imported lexicon ``name``, or None when there is none."""
    folder = locations.imported_dir() / name
    meta_path = folder / IMPORTED_META
    if not meta_path.is_file():
        return None
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        return LexiconSpec(
            name=name,
            alphabet=meta["alphabet"],
            title=meta["title"],
            licence=meta["licence"],
            origin=meta["origin"],
            source_file=folder / IMPORTED_WORDS,
            fmt="lines",
            rules={},
            builtin=False,
        )
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise LexiconError(f"the imported lexicon {name!r} has a damaged {meta_path}: {exc}") from None


def imported_names() -> list[str]:
    """Names of the imported lexicons, sorted."""
    folder = locations.imported_dir()
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / IMPORTED_META).is_file())


def find_spec(name: str) -> LexiconSpec:
    """The built-in or imported lexicon ``name``; :class:`UnknownLexiconError` lists the known ones."""
    if name in catalogue_entries():
        return builtin_spec(name)
    spec = imported_spec(name) if _NAME.match(name) else None
    if spec is None:
        known = ", ".join(builtin_names() + imported_names())
        raise UnknownLexiconError(f"no lexicon named {name!r}; known: {known}")
    return spec


def all_specs() -> list[LexiconSpec]:
    """Every known lexicon: built-in ones first, then imported ones."""
    return [builtin_spec(n) for n in builtin_names()] + [
        s for s in (imported_spec(n) for n in imported_names()) if s is not None
    ]


def check_new_name(name: str) -> None:
    """Raise :class:`LexiconError` unless ``name`` is usable for a new imported lexicon."""
    if not _NAME.match(name):
        raise LexiconError(
            f"{name!r} is not a usable lexicon name: use 1 to 40 lower-case letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    if name in catalogue_entries():
        raise LexiconError(f"{name!r} is a built-in lexicon; choose another name for the imported list")
