"""Anagram index: every word filed under a 64-bit signature of its letter multiset.

The signature of a multiset of letters is the sum of one fixed random 64-bit weight per letter, modulo
2**64. Sums do not care about order, so anagrams share a signature, and the signature of a rack plus one
more letter is one addition away. Finding all words that a rack can make (with blanks) is then: enumerate
the distinct sub-multisets of the rack, extend them by each letter once per blank, and look each
signature up by binary search in one sorted ``array('Q')``. A 7-letter rack with one blank is about 1,700
look-ups.

Two different multisets share a signature only by chance, with odds of about one in 2**64 per look-up
pair; every hit is also checked for the right length.
"""

from __future__ import annotations

import hashlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator

_MASK = (1 << 64) - 1
SCHEME = "blake2b-8 of 'wordtable-anagram:<letter index>', summed mod 2**64"
"""How the letter weights are made; part of every cache fingerprint."""


def letter_weights(size: int) -> tuple[int, ...]:
    """The 64-bit weight of each letter index 0..size-1 (the same on every machine)."""
    return tuple(
        int.from_bytes(hashlib.blake2b(f"wordtable-anagram:{i}".encode(), digest_size=8).digest(), "little")
        for i in range(size)
    )


class AnagramIndex:
    """Sorted signatures of all words, each paired with the word's id in the lexicon's trie."""

    __slots__ = ("weights", "signatures", "ids")

    def __init__(self, weights: tuple[int, ...], signatures: array, ids: array) -> None:
        if len(signatures) != len(ids):
            raise ValueError("signatures and ids differ in length")
        self.weights = weights
        self.signatures = signatures
        self.ids = ids

    @classmethod
    def build(cls, alphabet_size: int, encoded: Iterable[tuple[bytes, int]]) -> AnagramIndex:
        """Index ``(letter indices, word id)`` pairs."""
        weights = letter_weights(alphabet_size)
        pairs = sorted((sum(weights[c] for c in codes) & _MASK, wid) for codes, wid in encoded)
        return cls(weights, array("Q", [s for s, _ in pairs]), array("I", [w for _, w in pairs]))

    def signature(self, codes: Iterable[int]) -> int:
        """Signature of a multiset of letter indices."""
        weights = self.weights
        return sum(weights[c] for c in codes) & _MASK

    def candidates(
        self, codes: list[int], blanks: int, *, partial: bool, min_length: int, max_length: int
    ) -> Iterator[tuple[int, int]]:
        """``(word id, length)`` for every signature the rack can make.

        ``codes`` are the rack's letters (indices), ``blanks`` the number of blank tiles. With ``partial``,
        any sub-multiset counts (sub-anagrams); without, all tiles must be used.
        """
        weights = self.weights
        counts: dict[int, int] = {}
        for c in codes:
            counts[c] = counts.get(c, 0) + 1
        subs: dict[int, int] = {0: 0}  # signature -> number of letters
        for letter, k in counts.items():
            w = weights[letter]
            grown: dict[int, int] = {}
            for s, n in subs.items():
                for j in range(0 if partial else k, k + 1):
                    grown[(s + j * w) & _MASK] = n + j
            subs = grown
        alphabet = range(len(weights))
        for _ in range(blanks):
            grown = dict(subs) if partial else {}
            for s, n in subs.items():
                for letter in alphabet:
                    grown[(s + weights[letter]) & _MASK] = n + 1
            subs = grown
        sigs, ids = self.signatures, self.ids
        size = len(sigs)
        for s, n in subs.items():
            if n < min_length or n > max_length:
                continue
            i = bisect_left(sigs, s)
            while i < size and sigs[i] == s:
                yield ids[i], n
                i += 1

    def to_sections(self) -> dict[str, bytes]:
        """The arrays as named byte strings for a cache file."""
        return {"anagram.signatures": self.signatures.tobytes(), "anagram.ids": self.ids.tobytes()}

    @classmethod
    def from_sections(cls, alphabet_size: int, sections: dict[str, memoryview]) -> AnagramIndex:
        """Rebuild from :meth:`to_sections` output."""
        sigs = array("Q")
        sigs.frombytes(sections["anagram.signatures"])
        ids = array("I")
        ids.frombytes(sections["anagram.ids"])
        return cls(letter_weights(alphabet_size), sigs, ids)
