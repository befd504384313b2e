"""Words a handful of cards can spell: a walk of the lexicon's DAWG with the cards as multisets.

Cards are grouped by their letters (a ``QU`` card is one key of two letters). Several pools can be drawn on
at once (WordSnake: the hand, then the centre, at most one centre card a word), wild cards are blanks.
The walk is the move generator only; the games' rules score what it proposes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..lexicon.protocol import Lexicon

BLANK_KEY = b""
"""The key a wild card (a blank) is recorded under in a path."""

Path = tuple[tuple[int, bytes], ...]
"""For each card of a word: which pool it came from (-1: a blank) and its key (letter codes)."""


class CardWordFinder:
    """Find words over pools of card keys, with the flat DAWG arrays of a lexicon."""

    def __init__(self, lexicon: Lexicon) -> None:
        dawg = lexicon.dawg
        self.masks, self.starts, self.targets, self.terminal = (
            dawg.masks,
            dawg.starts,
            dawg.targets,
            dawg.terminal,
        )
        self.labels = dawg.labels
        self.index = lexicon.alphabet.index
        self.letters = lexicon.alphabet.letters

    def key(self, letters: str) -> bytes | None:
        """Letter codes of a card's letters, None when the alphabet lacks one."""
        try:
            return bytes(self.index[ch] for ch in letters)
        except KeyError:
            return None

    def text(self, codes: bytes) -> str:
        """Letters of codes."""
        return "".join(self.letters[c] for c in codes)

    def follow(self, node: int, codes: bytes) -> int:
        """The node after ``codes`` from ``node``, -1 off the graph."""
        masks, starts, targets = self.masks, self.starts, self.targets
        for letter in codes:
            m = masks[node]
            if not (m >> letter) & 1:
                return -1
            node = targets[starts[node] + (m & ((1 << letter) - 1)).bit_count()]
        return node

    def words(
        self,
        pools: Sequence[dict[bytes, int]],
        *,
        limits: Sequence[int | None] | None = None,
        blanks: int = 0,
        start: bytes = b"",
        min_letters: int = 2,
        max_cards: int | None = None,
        prefer_first_pool: bool = True,
    ) -> Iterator[tuple[bytes, Path]]:
        """Yield (word codes, path) for every word that starts with ``start`` (already on the table) and
        goes on with cards of the pools. ``limits[k]`` caps the cards taken from pool k; with
        ``prefer_first_pool`` a key held in an earlier pool is never taken from a later one (no repeats
        of the same word that only differ in where a like card came from)."""
        node0 = self.follow(0, start)
        if node0 < 0:
            return
        masks, starts, targets, terminal = self.masks, self.starts, self.targets, self.terminal
        counts = [dict(p) for p in pools]
        caps = list(limits) if limits is not None else [None] * len(pools)
        taken = [0] * len(pools)
        keys = sorted({k for p in pools for k in p}, key=lambda k: (len(k), k))
        singles = [k for k in keys if len(k) == 1]
        multis = [k for k in keys if len(k) > 1]
        word = bytearray(start)
        path: list[tuple[int, bytes]] = []
        blanks_left = [blanks]
        cap_cards = max_cards if max_cards is not None else 64

        def sources(k: bytes) -> list[int]:
            out = []
            for i, c in enumerate(counts):
                cap = caps[i]
                if c.get(k, 0) > 0 and (cap is None or taken[i] < cap):
                    out.append(i)
                    if prefer_first_pool:
                        break
            return out

        def visit(node: int) -> Iterator[tuple[bytes, Path]]:
            if path and terminal[node] and len(word) >= min_letters:
                yield bytes(word), tuple(path)
            if len(path) >= cap_cards:
                return
            m = masks[node]
            for k in singles:
                letter = k[0]
                if not (m >> letter) & 1:
                    continue
                child = targets[starts[node] + (m & ((1 << letter) - 1)).bit_count()]
                for i in sources(k):
                    counts[i][k] -= 1
                    taken[i] += 1
                    word.append(letter)
                    path.append((i, k))
                    yield from visit(child)
                    path.pop()
                    word.pop()
                    taken[i] -= 1
                    counts[i][k] += 1
            for k in multis:
                child = self.follow(node, k)
                if child < 0:
                    continue
                for i in sources(k):
                    counts[i][k] -= 1
                    taken[i] += 1
                    word.extend(k)
                    path.append((i, k))
                    yield from visit(child)
                    path.pop()
                    del word[-len(k) :]
                    taken[i] -= 1
                    counts[i][k] += 1
            if blanks_left[0]:
                blanks_left[0] -= 1
                for e in range(starts[node], starts[node + 1]):
                    letter = self.labels[e]
                    if any(
                        len(k) == 1 and k[0] == letter and sum(c.get(k, 0) for c in counts) for k in singles
                    ):
                        continue  # a real card does this letter: the blank would only repeat the word
                    word.append(letter)
                    path.append((-1, BLANK_KEY))
                    yield from visit(targets[e])
                    path.pop()
                    word.pop()
                blanks_left[0] += 1

        yield from visit(node0)
