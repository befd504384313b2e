"""Profiles: what counts as a word for one table, class or house.

A profile names a lexicon (or leaves the choice to the game), switches kid-safe mode, and keeps an allow
list (words accepted even if the lexicon lacks them or the filter catches them) and a block list (words
never accepted). Built-in profiles (``default``, ``classroom``) live in ``profiles.json``; the first edit
saves a full copy as ``<data>/profiles/NAME.json``, which wins from then on. Allow beats block, and both
beat the filter.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from . import kidsafe, locations
from .alphabet import Alphabet
from .errors import ProfileError

DEFAULT_PROFILE = "default"
CLASSROOM_PROFILE = "classroom"

_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,39}$")


@dataclass(frozen=True)
class Profile:
    """One profile. ``allow`` and ``block`` hold words as typed, upper-cased NFC, sorted."""

    name: str
    description: str = ""
    lexicon: str | None = None
    kid_safe: bool = False
    allow: tuple[str, ...] = ()
    block: tuple[str, ...] = ()
    builtin: bool = field(default=False, compare=False)
    saved: bool = field(default=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The profile as saved on disk."""
        return {
            "description": self.description,
            "lexicon": self.lexicon,
            "kid_safe": self.kid_safe,
            "allow": list(self.allow),
            "block": list(self.block),
        }


@dataclass(frozen=True)
class ProfileEffect:
    """What a profile does to one lexicon's alphabet: words it removes (with the reason) and adds."""

    profile: str
    blocked: dict[str, str]
    allowed: frozenset[str]
    unspellable: tuple[str, ...]
    filter_digest: str = ""

    @property
    def is_empty(self) -> bool:
        """True when the profile changes nothing."""
        return not self.blocked and not self.allowed

    def fingerprint(self) -> str:
        """A digest of everything that changes the word set (part of the cache fingerprint)."""
        h = hashlib.sha256()
        h.update(
            json.dumps([sorted(self.blocked.items()), sorted(self.allowed), self.filter_digest]).encode()
        )
        return h.hexdigest()


@cache
def _builtins() -> dict[str, dict[str, Any]]:
    text = resources.files(__package__).joinpath("profiles.json").read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


def _path(name: str) -> Path:
    return locations.profiles_dir() / f"{name}.json"


def normalise_entry(word: str) -> str:
    """An allow/block entry as stored: stripped, NFC, upper case; :class:`ProfileError` if it is not a word."""
    text = unicodedata.normalize("NFC", word.strip())
    if not text or not all(ch.isalpha() for ch in text):
        raise ProfileError(f"{word!r} is not a single word of letters; allow and block lists hold words")
    return text.replace("ß", "ẞ").upper()


def _from_json(name: str, data: Any, *, builtin: bool, saved: bool, where: str) -> Profile:
    try:
        if not isinstance(data, dict):
            raise TypeError("not a JSON object")
        lexicon = data.get("lexicon")
        if lexicon is not None and not isinstance(lexicon, str):
            raise TypeError("lexicon must be a name or null")
        allow = data.get("allow", [])
        block = data.get("block", [])
        if not isinstance(allow, list) or not isinstance(block, list):
            raise TypeError("allow and block must be lists of words")
        return Profile(
            name=name,
            description=str(data.get("description", "")),
            lexicon=lexicon,
            kid_safe=bool(data.get("kid_safe", False)),
            allow=tuple(sorted({normalise_entry(str(w)) for w in allow})),
            block=tuple(sorted({normalise_entry(str(w)) for w in block})),
            builtin=builtin,
            saved=saved,
        )
    except (TypeError, ProfileError) as exc:
        raise ProfileError(f"profile {name!r} in {where} is malformed: {exc}") from None


def check_name(name: str) -> None:
    """Raise :class:`ProfileError` unless ``name`` is a usable profile name."""
    if not _NAME.match(name):
        raise ProfileError(
            f"{name!r} is not a usable profile name: use 1 to 40 lower-case letters, digits, '.', '_' or '-'"
        )


def profile_names() -> list[str]:
    """Names of all profiles, built-in and saved."""
    names = set(_builtins())
    folder = locations.profiles_dir()
    if folder.is_dir():
        names.update(p.stem for p in folder.glob("*.json") if _NAME.match(p.stem))
    return sorted(names)


def get_profile(name: str) -> Profile:
    """The profile ``name``: the saved copy if there is one, else the built-in one."""
    check_name(name)
    builtin = name in _builtins()
    path = _path(name)
    if path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProfileError(f"profile {name!r} cannot be read from {path}: {exc}") from None
        return _from_json(name, data, builtin=builtin, saved=True, where=str(path))
    if builtin:
        return _from_json(name, _builtins()[name], builtin=True, saved=False, where="profiles.json")
    raise ProfileError(f"no profile named {name!r}; known: {', '.join(profile_names())}")


def save_profile(profile: Profile) -> Profile:
    """Write ``profile`` to the data folder (atomically) and return it as saved."""
    check_name(profile.name)
    path = _path(profile.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(profile.to_json(), f, ensure_ascii=False, indent=2)
        f.write("\n")
    os.replace(tmp, path)
    return replace(profile, saved=True, builtin=profile.name in _builtins())


def create_profile(name: str, *, copy_from: str = DEFAULT_PROFILE) -> Profile:
    """Create and save a new profile as a copy of ``copy_from``."""
    check_name(name)
    if name in profile_names():
        raise ProfileError(f"a profile named {name!r} exists already")
    source = get_profile(copy_from)
    return save_profile(replace(source, name=name, description=f"Copy of {copy_from}: {source.description}"))


def edit_profile(
    name: str,
    *,
    allow: Iterable[str] = (),
    unallow: Iterable[str] = (),
    block: Iterable[str] = (),
    unblock: Iterable[str] = (),
    kid_safe: bool | None = None,
    lexicon: str | None | bool = False,
    description: str | None = None,
) -> Profile:
    """Change a profile and save it. ``lexicon=False`` leaves the lexicon as it is; None clears it."""
    p = get_profile(name)
    allow_set = set(p.allow) | {normalise_entry(w) for w in allow}
    allow_set -= {normalise_entry(w) for w in unallow}
    block_set = set(p.block) | {normalise_entry(w) for w in block}
    block_set -= {normalise_entry(w) for w in unblock}
    changed = replace(
        p,
        allow=tuple(sorted(allow_set)),
        block=tuple(sorted(block_set)),
        kid_safe=p.kid_safe if kid_safe is None else kid_safe,
        lexicon=p.lexicon if lexicon is False else lexicon,  # type: ignore[arg-type]
        description=p.description if description is None else description,
    )
    return save_profile(changed)


def delete_profile(name: str) -> bool:
    """Remove the saved copy of ``name`` (a built-in profile goes back to its defaults). True if one existed."""
    check_name(name)
    path = _path(name)
    if not path.is_file():
        if name in _builtins():
            return False
        raise ProfileError(f"no profile named {name!r}")
    path.unlink()
    return True


def effect(profile: Profile, alphabet: Alphabet) -> ProfileEffect:
    """What ``profile`` removes from and adds to a lexicon spelt in ``alphabet``."""
    unspellable: list[str] = []

    def canon(words: tuple[str, ...]) -> set[str]:
        out = set()
        for w in words:
            c = alphabet.canonical(w)
            if c is None:
                unspellable.append(w)
            else:
                out.add(c)
        return out

    allowed = canon(profile.allow)
    blocked: dict[str, str] = {}
    digest = ""
    if profile.kid_safe:
        digest = kidsafe.filter_digest()
        for w in kidsafe.offensive_words(alphabet):
            blocked[w] = f"caught by the kid-safe filter (profile {profile.name})"
    for w in canon(profile.block):
        blocked[w] = f"on the block list of profile {profile.name}"
    for w in allowed:
        blocked.pop(w, None)
    return ProfileEffect(profile.name, blocked, frozenset(allowed), tuple(unspellable), digest)
