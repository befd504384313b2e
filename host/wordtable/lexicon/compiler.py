"""Compiling a set of canonical words into the structures a :class:`~wordtable.lexicon.Lexicon` queries.

* a MARISA trie (``marisa-trie``): the validity set. Membership is one C call (well over a million checks a
  second) and 172,820 words take under half a megabyte, where a Python ``set`` of them costs about 20 MB;
  each word also gets a dense id (``key_id``/``restore_key``), which the anagram index stores;
* the DAWG of the words and the DAWG of the reversed words (:mod:`.dawg`), for move generation, pattern
  search and extension at either end;
* the anagram index (:mod:`.anagram_index`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import marisa_trie

from .alphabet import Alphabet
from .anagram_index import AnagramIndex
from .dawg import Dawg, build_dawg


@dataclass(frozen=True)
class Structures:
    """The compiled forms of one word set."""

    trie: marisa_trie.Trie
    dawg: Dawg
    reverse: Dawg
    anagrams: AnagramIndex


def compile_words(words: Iterable[str], alphabet: Alphabet) -> Structures:
    """Compile canonical ``words`` (any order, repeats allowed) spelt in ``alphabet``."""
    # Code point order is letter index order (the alphabet is kept sorted), so this is the DAWG's order too.
    ordered = sorted(set(words))
    encoded = [alphabet.encode(w) for w in ordered]
    trie = marisa_trie.Trie(ordered, order=marisa_trie.LABEL_ORDER)
    dawg = build_dawg(encoded)
    reverse = build_dawg(sorted(e[::-1] for e in encoded))
    key_id = trie.key_id
    anagrams = AnagramIndex.build(len(alphabet), zip(encoded, map(key_id, ordered), strict=True))
    return Structures(trie, dawg, reverse, anagrams)


def to_sections(s: Structures) -> dict[str, bytes]:
    """All structures as named byte strings for a cache file."""
    sections = {"trie": s.trie.tobytes()}
    sections.update(s.dawg.to_sections("dawg"))
    sections.update(s.reverse.to_sections("reverse"))
    sections.update(s.anagrams.to_sections())
    return sections


def from_sections(sections: dict[str, memoryview], alphabet: Alphabet) -> Structures:
    """Rebuild the structures from :func:`to_sections` output (KeyError/ValueError when incomplete)."""
    trie = marisa_trie.Trie()
    trie.frombytes(bytes(sections["trie"]))
    return Structures(
        trie=trie,
        dawg=Dawg.from_sections(sections, "dawg"),
        reverse=Dawg.from_sections(sections, "reverse"),
        anagrams=AnagramIndex.from_sections(len(alphabet), sections),
    )
