"""Anagram index: every word filed under a 64-bit signature of its letter multiset.

The signature of a multiset of letters is the sum of one fixed random 64-bit weight per letter, modulo
2**64. Sums do not care about order, so anagrams share a signature, and the signature of a rack plus one
more letter is one addition away. Finding all words that a rack can make (with blanks) is then: enumerate
the distinct sub-multisets of the rack, extend them by each letter once per blank, and look each
signature up by binary search in one sorted ``array('Q')``. A 7-letter rack with one blank is about 1,700
look-ups.

The words themselves are kept in the same order as the signatures, in one UTF-8 byte string with an offset
array, so a hit at position ``i`` is ``blob[offsets[i]:offsets[i + 1]]``: no Python object per word.

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
    """Sorted signatures of all words, and the words in the same order."""

    __slots__ = ("weights", "signatures", "offsets", "blob")

    def __init__(self, weights: tuple[int, ...], signatures: array, offsets: array, blob: bytes) -> None:
        if len(offsets) != len(signatures) + 1 or (offsets and offsets[-1] != len(blob)):
            raise ValueError("anagram index arrays do not fit together")
        self.weights = weights
        self.signatures = signatures
        self.offsets = offsets
        self.blob = blob

    @classmethod
    def build(cls, alphabet_size: int, words: Iterable[tuple[str, bytes]]) -> AnagramIndex:
        """Index ``(word, letter indices)`` pairs."""
        weights = letter_weights(alphabet_size)
        weight = weights.__getitem__
        rows = sorted((sum(map(weight, codes)) & _MASK, word) for word, codes in words)
        parts = [w.encode("utf-8") for _, w in rows]
        offsets = array("I", [0])
        total = 0
        for part in parts:
            total += len(part)
            offsets.append(total)
        return cls(weights, array("Q", [s for s, _ in rows]), offsets, b"".join(parts))

    def __len__(self) -> int:
        return len(self.signatures)

    def word(self, position: int) -> str:
        """The word at ``position`` (as yielded by :meth:`candidates`)."""
        return self.blob[self.offsets[position] : self.offsets[position + 1]].decode("utf-8")

    def words(self) -> list[str]:
        """All words, in signature order."""
        offsets, blob = self.offsets, self.blob
        text = blob.decode("utf-8")
        if text.isascii():
            return [text[offsets[i] : offsets[i + 1]] for i in range(len(self))]
        return [self.word(i) for i in range(len(self))]

    def signature(self, codes: Iterable[int]) -> int:
        """Signature of a multiset of letter indices."""
        weights = self.weights
        return sum(weights[c] for c in codes) & _MASK

    def candidates(
        self, codes: list[int], blanks: int, *, partial: bool, min_length: int, max_length: int
    ) -> Iterator[tuple[int, int]]:
        """``(position, length)`` for every signature the rack can make.

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
        sigs = self.signatures
        size = len(sigs)
        for s, n in subs.items():
            if n < min_length or n > max_length:
                continue
            i = bisect_left(sigs, s)
            while i < size and sigs[i] == s:
                yield i, n
                i += 1

    def to_sections(self) -> dict[str, bytes]:
        """The arrays as named byte strings for a cache file."""
        return {
            "anagram.signatures": self.signatures.tobytes(),
            "anagram.offsets": self.offsets.tobytes(),
            "anagram.words": self.blob,
        }

    @classmethod
    def from_sections(cls, alphabet_size: int, sections: dict[str, memoryview]) -> AnagramIndex:
        """Rebuild from :meth:`to_sections` output."""
        sigs = array("Q")
        sigs.frombytes(sections["anagram.signatures"])
        offsets = array("I")
        offsets.frombytes(sections["anagram.offsets"])
        return cls(letter_weights(alphabet_size), sigs, offsets, bytes(sections["anagram.words"]))
