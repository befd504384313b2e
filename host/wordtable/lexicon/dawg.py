"""A minimal DAWG (directed acyclic word graph) in flat arrays, for move generators and pattern search.

Layout (all indices are plain ints, nothing is a Python object per node):

* nodes are numbered ``0 .. node_count-1``; the root is node ``0``;
* ``masks[n]`` has bit ``L`` set when node ``n`` has an edge for letter index ``L`` (``Alphabet.index``);
* the edges of node ``n`` are ``starts[n] .. starts[n+1]-1``, sorted by letter; ``labels[e]`` is the letter
  index and ``targets[e]`` the node it leads to;
* ``terminal[n]`` is 1 when the letters on the path from the root to ``n`` spell a word.

So the child of ``n`` for letter ``L`` is found without a loop (what :meth:`Dawg.child` does, and what a hot
loop may inline)::

    m = masks[n]
    if m >> L & 1:
        c = targets[starts[n] + (m & ((1 << L) - 1)).bit_count()]

A cross-check set (the letters that may go into a cell between a fixed prefix and suffix) is an int bitmask
in the same letter numbering: see :meth:`Dawg.cross_set`.

The graph is built once from the sorted word list by the incremental algorithm of Daciuk, Mihov, Watson and
Watson (2000), which yields the minimal automaton directly.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence

NO_NODE = -1
"""What :meth:`Dawg.child` and :meth:`Dawg.walk` return when the path leaves the graph."""

ANY_LETTER = 32
"""Pattern token for exactly one letter of any kind (letter indices are 0..31)."""

ANY_RUN = 33
"""Pattern token for a run of zero or more letters."""


class Dawg:
    """A read-only minimal DAWG over letter indices 0..31. Build with :func:`build_dawg`."""

    __slots__ = ("starts", "masks", "terminal", "labels", "targets")

    root = 0

    def __init__(self, starts: array, masks: array, terminal: bytes, labels: bytes, targets: array) -> None:
        if len(starts) != len(masks) + 1 or len(terminal) != len(masks) or len(labels) != len(targets):
            raise ValueError("inconsistent DAWG arrays")
        self.starts = starts
        self.masks = masks
        self.terminal = terminal
        self.labels = labels
        self.targets = targets

    @property
    def node_count(self) -> int:
        """Number of nodes."""
        return len(self.masks)

    @property
    def edge_count(self) -> int:
        """Number of edges."""
        return len(self.labels)

    @property
    def nbytes(self) -> int:
        """Bytes held by the arrays."""
        return (
            len(self.starts) * self.starts.itemsize
            + len(self.masks) * self.masks.itemsize
            + len(self.terminal)
            + len(self.labels)
            + len(self.targets) * self.targets.itemsize
        )

    # -- walking -------------------------------------------------------------------------------------

    def child(self, node: int, letter: int) -> int:
        """The node reached from ``node`` by ``letter`` (an alphabet index), or :data:`NO_NODE`."""
        m = self.masks[node]
        if not (m >> letter) & 1:
            return NO_NODE
        return self.targets[self.starts[node] + (m & ((1 << letter) - 1)).bit_count()]

    def children(self, node: int) -> Iterator[tuple[int, int]]:
        """``(letter, child)`` pairs of ``node`` in letter order."""
        labels, targets = self.labels, self.targets
        for e in range(self.starts[node], self.starts[node + 1]):
            yield labels[e], targets[e]

    def child_mask(self, node: int) -> int:
        """Bitmask of the letters that continue from ``node``."""
        return self.masks[node]

    def is_terminal(self, node: int) -> bool:
        """True when the path to ``node`` spells a word."""
        return bool(self.terminal[node])

    def walk(self, codes: Iterable[int], node: int = 0) -> int:
        """Follow letter indices from ``node``; the node reached, or :data:`NO_NODE`."""
        masks, starts, targets = self.masks, self.starts, self.targets
        for letter in codes:
            m = masks[node]
            if not (m >> letter) & 1:
                return NO_NODE
            node = targets[starts[node] + (m & ((1 << letter) - 1)).bit_count()]
        return node

    def contains(self, codes: Iterable[int]) -> bool:
        """True when the letter indices spell a word."""
        node = self.walk(codes)
        return node != NO_NODE and bool(self.terminal[node])

    def cross_set(self, before: Sequence[int], after: Sequence[int]) -> int:
        """Bitmask of the letters ``L`` for which ``before + [L] + after`` is a word.

        This is the cross-check of a move generator: ``before`` are the tiles above (or left of) an empty
        cell, ``after`` those below (or right of) it. With both empty, every letter is allowed (no
        perpendicular word is formed), so the full mask is returned.
        """
        if not before and not after:
            return (1 << 32) - 1
        node = self.walk(before)
        if node == NO_NODE:
            return 0
        result = 0
        labels, targets, terminal = self.labels, self.targets, self.terminal
        for e in range(self.starts[node], self.starts[node + 1]):
            end = self.walk(after, targets[e])
            if end != NO_NODE and terminal[end]:
                result |= 1 << labels[e]
        return result

    # -- enumeration ---------------------------------------------------------------------------------

    def suffixes(self, node: int = 0, max_length: int | None = None) -> Iterator[bytes]:
        """Every letter sequence from ``node`` to a terminal node (``b""`` when ``node`` is terminal), in
        order, optionally only those of at most ``max_length`` letters."""
        starts, labels, targets, terminal = self.starts, self.labels, self.targets, self.terminal
        path = bytearray()
        stack: list[tuple[int, int]] = [(node, starts[node])]
        depth_limit = len(self.masks) if max_length is None else max_length
        if terminal[node]:
            yield b""
        while stack:
            n, e = stack[-1]
            if e == starts[n + 1] or len(path) >= depth_limit:
                stack.pop()
                if path:
                    path.pop()
                continue
            stack[-1] = (n, e + 1)
            c = targets[e]
            path.append(labels[e])
            if terminal[c]:
                yield bytes(path)
            stack.append((c, starts[c]))

    def match(self, tokens: Sequence[int]) -> Iterator[bytes]:
        """Words that fit a pattern of tokens, in order.

        A token is a letter index, :data:`ANY_LETTER`, :data:`ANY_RUN`, or ``~mask`` (a negative number)
        for one letter out of a set, e.g. ``~(1 << a | 1 << e)``. Each word is yielded once, however many
        ways the pattern fits it.
        """
        n_tokens = len(tokens)
        star = ANY_RUN

        def closure(positions: set[int]) -> frozenset[int]:
            # A run token can match nothing, so a position before it is also a position after it.
            out = set(positions)
            todo = list(positions)
            while todo:
                p = todo.pop()
                if p < n_tokens and tokens[p] == star and p + 1 not in out:
                    out.add(p + 1)
                    todo.append(p + 1)
            return frozenset(out)

        starts, labels, targets, terminal = self.starts, self.labels, self.targets, self.terminal
        path = bytearray()

        def visit(node: int, state: frozenset[int]) -> Iterator[bytes]:
            if n_tokens in state and terminal[node]:
                yield bytes(path)
            for e in range(starts[node], starts[node + 1]):
                letter = labels[e]
                nxt: set[int] = set()
                for p in state:
                    if p == n_tokens:
                        continue
                    t = tokens[p]
                    if t == star:
                        nxt.add(p)
                    elif t == letter or t == ANY_LETTER or (t < 0 and (~t >> letter) & 1):
                        nxt.add(p + 1)
                if nxt:
                    path.append(letter)
                    yield from visit(targets[e], closure(nxt))
                    path.pop()

        yield from visit(0, closure({0}))

    # -- storage -------------------------------------------------------------------------------------

    def to_sections(self, prefix: str) -> dict[str, bytes]:
        """The arrays as named byte strings for a cache file."""
        return {
            prefix + ".starts": self.starts.tobytes(),
            prefix + ".masks": self.masks.tobytes(),
            prefix + ".terminal": bytes(self.terminal),
            prefix + ".labels": bytes(self.labels),
            prefix + ".targets": self.targets.tobytes(),
        }

    @classmethod
    def from_sections(cls, sections: dict[str, memoryview], prefix: str) -> Dawg:
        """Rebuild a DAWG from :meth:`to_sections` output."""
        starts = array("I")
        starts.frombytes(sections[prefix + ".starts"])
        masks = array("I")
        masks.frombytes(sections[prefix + ".masks"])
        targets = array("I")
        targets.frombytes(sections[prefix + ".targets"])
        return cls(
            starts, masks, bytes(sections[prefix + ".terminal"]), bytes(sections[prefix + ".labels"]), targets
        )


def build_dawg(words: Iterable[bytes]) -> Dawg:
    """Build the minimal DAWG of ``words``: encoded words (letter indices), strictly ascending.

    Raises ValueError for unsorted or repeated input, or an empty word.
    """
    register: dict[tuple[int, ...], int] = {}
    keys: list[tuple[int, ...]] = []  # node id -> (letter, child, letter, child, ..., terminal)
    path_edges: list[list[int]] = [[]]  # edges already final, per node on the current path
    path_term: list[int] = [0]
    path_labels = bytearray()  # letter from path node d to path node d+1
    lookup = register.get
    prev = b""
    for w in words:
        if not w:
            raise ValueError("the empty word cannot be stored")
        if w <= prev:
            raise ValueError("words must be strictly ascending by letter index")
        p = 0
        for a, b in zip(w, prev, strict=False):  # the shorter word ends the common prefix
            if a != b:
                break
            p += 1
        depth = len(path_labels)
        # Replace the path nodes deeper than ``p`` by their registered equivalents (minimisation).
        while depth > p:
            edges = path_edges.pop()
            edges.append(path_term.pop())
            key = tuple(edges)
            nid = lookup(key)
            if nid is None:
                nid = len(keys)
                register[key] = nid
                keys.append(key)
            depth -= 1
            parent = path_edges[depth]
            parent.append(path_labels[depth])
            parent.append(nid)
        del path_labels[p:]
        for letter in w[p:]:
            path_labels.append(letter)
            path_edges.append([])
            path_term.append(0)
        path_term[-1] = 1
        prev = w
    depth = len(path_labels)
    while depth > 0:
        edges = path_edges.pop()
        edges.append(path_term.pop())
        key = tuple(edges)
        nid = lookup(key)
        if nid is None:
            nid = len(keys)
            register[key] = nid
            keys.append(key)
        depth -= 1
        path_edges[depth].append(path_labels[depth])
        path_edges[depth].append(nid)
    path_edges[0].append(path_term[0])
    old_root = len(keys)
    keys.append(tuple(path_edges[0]))
    return _flatten(keys, old_root)


def _flatten(keys: list[tuple[int, ...]], old_root: int) -> Dawg:
    # Renumber breadth first from the root so the root is 0 and near nodes sit near each other.
    n = len(keys)
    new_id = [-1] * n
    order = [old_root]
    new_id[old_root] = 0
    i = 0
    while i < len(order):
        key = keys[order[i]]
        for j in range(1, len(key) - 1, 2):
            c = key[j]
            if new_id[c] < 0:
                new_id[c] = len(order)
                order.append(c)
        i += 1
    starts = array("I", bytes(4 * (n + 1)))
    masks = array("I", bytes(4 * n))
    terminal = bytearray(n)
    labels = bytearray()
    targets = array("I")
    for nid, old in enumerate(order):
        key = keys[old]
        starts[nid] = len(labels)
        terminal[nid] = key[-1]
        mask = 0
        for j in range(0, len(key) - 1, 2):
            mask |= 1 << key[j]
            labels.append(key[j])
            targets.append(new_id[key[j + 1]])
        masks[nid] = mask
    starts[n] = len(labels)
    return Dawg(starts, masks, bytes(terminal), bytes(labels), targets)
