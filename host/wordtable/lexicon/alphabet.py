"""Game alphabets: which letters a language's tiles carry, and how any spelling becomes the canonical form.

The canonical form of a word is upper case, Unicode NFC, made only of the alphabet's letters, each letter
one code point. That last point matters for the two letters that are more than a plain A to Z:

* German ``ß`` is kept as its own letter, the capital sharp s ``ẞ`` (U+1E9E), because Python's ``"ß".upper()``
  is ``"SS"``. The ``de-ss`` alphabet spells it ``SS`` instead, as German Scrabble tiles do.
* Dutch ``IJ`` is one letter, the ligature ``Ĳ`` (U+0132), so that a game can give it one tile and a
  DAWG edge. :meth:`Alphabet.spell` turns it back into the two characters ``IJ`` for display.

The alphabets themselves are data (``alphabets.json``).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from .errors import UnknownAlphabetError

BLANK = "?"
"""The blank tile in racks and patterns."""


@dataclass(frozen=True)
class Canonical:
    """The outcome of canonicalising one spelling: ``word`` when it is spellable, else ``reason``.

    ``kind`` is a short category of the reason (``digit``, ``space``, ``punctuation``, ``foreign letter``,
    ``control``, ``empty``); ``folded`` says that accents outside the alphabet were dropped on the way
    (``café`` -> ``CAFE``).
    """

    word: str | None
    reason: str = ""
    kind: str = ""
    folded: bool = False


@dataclass(frozen=True)
class Alphabet:
    """The letters of one game alphabet and the rules that bring any spelling into canonical form."""

    id: str
    language: str
    name: str
    letters: str
    replace: tuple[tuple[str, str], ...] = ()
    digraphs: tuple[tuple[str, str], ...] = ()
    fold_accents: bool = True
    index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _letter_set: frozenset[str] = field(init=False, repr=False, compare=False, hash=False)
    _to_codes: dict[int, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if len(self.letters) > 32:
            raise ValueError("an alphabet has at most 32 letters (DAWG child masks are 32 bits)")
        if list(self.letters) != sorted(self.letters):
            # The DAWG is built from words sorted by letter index; keeping the alphabet in code point order
            # makes that the same as sorting the strings.
            raise ValueError(f"alphabet {self.id!r}: letters must be in code point order")
        object.__setattr__(self, "index", {c: i for i, c in enumerate(self.letters)})
        object.__setattr__(self, "_letter_set", frozenset(self.letters))
        # str.translate to code points 0..31, then latin-1: letter indices as bytes at C speed.
        object.__setattr__(self, "_to_codes", {ord(c): i for i, c in enumerate(self.letters)})

    def __len__(self) -> int:
        return len(self.letters)

    def canonical(self, text: str) -> str | None:
        """Return the canonical form of ``text``, or None when it cannot be spelt in this alphabet."""
        return self.canonicalise(text).word

    def canonicalise(self, text: str) -> Canonical:
        """Canonicalise ``text`` and say why when it cannot be spelt in this alphabet."""
        s = unicodedata.normalize("NFC", text.strip())
        for src, dst in self.replace:
            s = s.replace(src, dst)
        s = s.upper()
        for src, dst in self.digraphs:
            s = s.replace(src, dst)
        if not s:
            return Canonical(None, "empty", "empty")
        letters = self._letter_set
        if letters.issuperset(s):
            return Canonical(s)
        out = []
        folded = False
        for ch in s:
            if ch in letters:
                out.append(ch)
                continue
            bare = self._fold(ch)
            if bare is not None:
                out.append(bare)
                folded = True
                continue
            kind, reason = self._describe_foreign(ch)
            return Canonical(None, reason, kind)
        return Canonical("".join(out), folded=folded)

    def _fold(self, ch: str) -> str | None:
        if not self.fold_accents:
            return None
        bare = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        if bare and bare != ch and self._letter_set.issuperset(bare):
            return bare
        return None

    def _describe_foreign(self, ch: str) -> tuple[str, str]:
        if ch.isdigit():
            return "digit", f"contains the digit {ch!r}"
        if ch.isspace():
            return "space", "contains a space (more than one word)"
        if ch.isalpha():
            return "foreign letter", f"contains {ch!r}, which is not a letter of the {self.name} alphabet"
        if unicodedata.category(ch).startswith("C"):
            return "control", f"contains the control character U+{ord(ch):04X}"
        return "punctuation", f"contains the punctuation or symbol {ch!r}"

    def encode(self, word: str) -> bytes:
        """Letter indices of a canonical word, one byte each (the DAWG's edge labels)."""
        codes = word.translate(self._to_codes)
        if not self._letter_set.issuperset(word):
            raise KeyError(f"{word!r} is not canonical in the {self.name} alphabet")
        return codes.encode("latin-1")

    def decode(self, codes: bytes | bytearray | list[int]) -> str:
        """The canonical word for a sequence of letter indices."""
        letters = self.letters
        return "".join([letters[i] for i in codes])

    def spell(self, word: str) -> str:
        """How a canonical word is written for people: the Dutch ``Ĳ`` becomes ``IJ``; the rest is unchanged."""
        for src, dst in self.digraphs:
            word = word.replace(dst, src)
        return word

    @property
    def ascii_upper_is_canonical(self) -> bool:
        """True when, for ASCII text, ``text.strip().upper()`` is the canonical form or no word at all.

        So for English and German; not for Dutch, whose ASCII ``IJ`` becomes the letter ``Ĳ``.
        """
        return not self.digraphs and all(not src.isascii() for src, _ in self.replace)

    def is_canonical(self, text: str) -> bool:
        """True when ``text`` is already in canonical form (only canonical letters, no digraph spelt out).

        The empty string counts as canonical (it is no word in any alphabet).
        """
        if not self._letter_set.issuperset(text):
            return False
        return not any(src in text for src, _ in self.digraphs)

    def is_letter(self, ch: str) -> bool:
        """True when ``ch`` is one canonical letter of this alphabet."""
        return ch in self._letter_set

    def to_json(self) -> dict[str, object]:
        """The alphabet as stored in a cache file header."""
        return {
            "id": self.id,
            "language": self.language,
            "name": self.name,
            "letters": self.letters,
            "replace": [list(p) for p in self.replace],
            "digraphs": [list(p) for p in self.digraphs],
            "fold_accents": self.fold_accents,
        }


@cache
def _table() -> dict[str, dict[str, object]]:
    text = resources.files(__package__).joinpath("alphabets.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return {k: v for k, v in data.items() if not k.startswith("_")}


def alphabet_ids() -> list[str]:
    """The ids of all known alphabets (``en``, ``de``, ``de-ss``, ``nl``)."""
    return sorted(_table())


@cache
def get_alphabet(alphabet_id: str) -> Alphabet:
    """The alphabet with this id; :class:`UnknownAlphabetError` names the known ones otherwise."""
    table = _table()
    spec = table.get(alphabet_id)
    if spec is None:
        raise UnknownAlphabetError(
            f"unknown alphabet or language {alphabet_id!r}; known: {', '.join(sorted(table))}"
        )
    return Alphabet(
        id=alphabet_id,
        language=str(spec["language"]),
        name=str(spec["name"]),
        letters=unicodedata.normalize("NFC", str(spec["letters"])),
        replace=tuple((str(a), str(b)) for a, b in spec["replace"]),  # type: ignore[attr-defined]
        digraphs=tuple((str(a), str(b)) for a, b in spec["digraphs"]),  # type: ignore[attr-defined]
        fold_accents=bool(spec["fold_accents"]),
    )
