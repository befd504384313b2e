"""Compiling a set of canonical words into the structures a :class:`~wordtable.lexicon.CompiledLexicon` queries.

* the validity set: a dawgdic DAWG from the ``dawg2`` package (C++). Membership is one C call, about five
  million checks a second, and 172,820 words take half a megabyte, where a Python ``set`` of them costs
  about 20 MB of the 40 MB the whole process may use (docs/lexicons.md);
* our own DAWG of the words and of the reversed words (:mod:`.dawg`), in flat arrays a move generator can
  walk letter by letter, for move generation, pattern search and extension at either end;
* the anagram index (:mod:`.anagram_index`), which also holds the word list itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import dawg as dawgdic  # the dawg2 package

from .alphabet import Alphabet
from .anagram_index import AnagramIndex
from .dawg import Dawg, build_dawg


@dataclass(frozen=True)
class Structures:
    """The compiled forms of one word set."""

    validity: dawgdic.DAWG
    dawg: Dawg
    reverse: Dawg
    anagrams: AnagramIndex


def compile_words(words: Iterable[str], alphabet: Alphabet) -> Structures:
    """Compile canonical ``words`` (any order, repeats allowed) spelt in ``alphabet``."""
    # Code point order is letter index order (the alphabet is kept sorted), so this is the DAWG's order too.
    ordered = sorted(set(words))
    encoded = [alphabet.encode(w) for w in ordered]
    validity = dawgdic.DAWG(ordered)
    dawg = build_dawg(encoded)
    reverse = build_dawg(sorted(e[::-1] for e in encoded))
    anagrams = AnagramIndex.build(len(alphabet), zip(ordered, encoded, strict=True))
    return Structures(validity, dawg, reverse, anagrams)


def to_sections(s: Structures) -> dict[str, bytes]:
    """All structures as named byte strings for a cache file."""
    sections = {"validity": s.validity.tobytes()}
    sections.update(s.dawg.to_sections("dawg"))
    sections.update(s.reverse.to_sections("reverse"))
    sections.update(s.anagrams.to_sections())
    return sections


def from_sections(sections: dict[str, memoryview], alphabet: Alphabet) -> Structures:
    """Rebuild the structures from :func:`to_sections` output (KeyError/ValueError when incomplete)."""
    validity = dawgdic.DAWG()
    validity.frombytes(bytes(sections["validity"]))
    return Structures(
        validity=validity,
        dawg=Dawg.from_sections(sections, "dawg"),
        reverse=Dawg.from_sections(sections, "reverse"),
        anagrams=AnagramIndex.from_sections(len(alphabet), sections),
    )
