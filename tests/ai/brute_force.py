"""The brute-force oracle of the move generator: every placement of rack tiles, tried against the plain
rules. It shares no code with ``wordtable.ai.movegen`` (no DAWG, no cross-sets, no anchors): it walks
the board with its own row/column arithmetic, asks the game's rules whether a shape is legal and what a
placement scores (:meth:`CrosswordRules.evaluate`, the game's own validation), and asks the validity set
(``lexicon.validity``, the dawgdic structure, not the generator's DAWG) whether a line reads as a word.

What it tries: for each line direction the game allows and each empty start square, the first ``k``
empty squares from there along the line (``k`` = 1 .. rack size); every other set of squares has a gap or
is not in one line, which the rules refuse. For each shape the rules accept, every distinct arrangement
of rack tiles on it, a blank standing for each letter in turn. The word along the line is looked up
first only to skip hopeless arrangements quickly (a placement whose line word is not a word is refused by
the rules anyway); every survivor is evaluated by the rules. Slow by design; keep racks to about 5 tiles.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations, product
from typing import Any

from wordtable.games.base import GameError
from wordtable.games.crossword_board import Board, Placement

LINES = {
    "wordgame": ((0, 1), (1, 0)),  # right, down (the wordgame text)
    "wordability": ((0, 1), (1, 0), (1, 1), (1, -1)),  # rows, columns, both diagonals (rule 10)
}
READS_BACKWARDS = {
    "wordgame": False,
    "wordability": True,  # a line is a word if it reads as one either way (rules 10 and 11)
}
"""The oracle's own transcription of the rule texts, not the rules classes' declarations it checks."""


def _shapes(
    board: Board, width: int, height: int, vectors: tuple[tuple[int, int], ...], max_tiles: int
) -> list[tuple[tuple[int, ...], tuple[int, int]]]:
    """Every run of the first k empty squares from an empty start square along each line vector."""
    letters = board.letters
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[tuple[int, ...], tuple[int, int]]] = []
    for dr, dc in vectors:
        for r in range(height):
            for c in range(width):
                if letters[r * width + c]:
                    continue
                squares: list[int] = []
                rr, cc = r, c
                while 0 <= rr < height and 0 <= cc < width and len(squares) < max_tiles:
                    sq = rr * width + cc
                    if not letters[sq]:
                        squares.append(sq)
                        key = tuple(sorted(squares))
                        if key not in seen:
                            seen.add(key)
                            out.append((key, (dr, dc)))
                    rr += dr
                    cc += dc
    return out


def _line_template(
    board: Board, width: int, height: int, squares: tuple[int, ...], vec: tuple[int, int]
) -> tuple[list[str], list[int]]:
    """The letters of the whole run along ``vec`` through ``squares``: fixed letters, and for each new
    square its slot index in the template."""
    letters = board.letters
    new = set(squares)
    dr, dc = vec
    r, c = divmod(squares[0], width)
    while True:
        r2, c2 = r - dr, c - dc
        if not (0 <= r2 < height and 0 <= c2 < width):
            break
        sq = r2 * width + c2
        if not (letters[sq] or sq in new):
            break
        r, c = r2, c2
    template: list[str] = []
    slots: list[int] = []
    order = {sq: i for i, sq in enumerate(squares)}
    slot_of = [0] * len(squares)
    while 0 <= r < height and 0 <= c < width:
        sq = r * width + c
        if letters[sq]:
            template.append(letters[sq])
        elif sq in new:
            slot_of[order[sq]] = len(template)
            template.append("")
        else:
            break
        r += dr
        c += dc
    slots = slot_of
    return template, slots


def brute_force_moves(rules: Any, board: Board, rack: str) -> dict[frozenset[tuple[int, str, bool]], int]:
    """Every legal placement of tiles from ``rack`` (letters, ``?`` a blank) on ``board`` under ``rules``:
    ``{frozenset((square, letter, is_blank)): total score}``."""
    g = rules.geometry
    width, height = g.width, g.height
    vectors = LINES[rules.name]
    both_ways = READS_BACKWARDS[rules.name]
    is_word: Callable[[str], bool] = rules.lexicon.validity.__contains__
    alphabet = sorted(rules.values)
    rack = rack.upper()
    found: dict[frozenset[tuple[int, str, bool]], int] = {}
    # Every distinct arrangement of k rack tiles, each blank standing for each letter: (letters, blanks).
    arrangements: dict[int, list[tuple[tuple[str, ...], frozenset[int]]]] = {}
    for k in range(1, len(rack) + 1):
        out = []
        for arrangement in sorted(set(permutations(rack, k))):
            blank_at = [i for i, ch in enumerate(arrangement) if ch == "?"]
            for fill in product(alphabet, repeat=len(blank_at)):
                word = list(arrangement)
                for i, ch in zip(blank_at, fill, strict=True):
                    word[i] = ch
                out.append((tuple(word), frozenset(blank_at)))
        arrangements[k] = out
    for squares, vec in _shapes(board, width, height, vectors, len(rack)):
        k = len(squares)
        dummy = [Placement(sq, "A") for sq in squares]
        try:
            rules.check_shape(board, dummy)
        except GameError:
            continue
        template, slots = _line_template(board, width, height, squares, vec)
        for i, slot in enumerate(slots):
            template[slot] = f"{{{i}}}"
        line_of = "".join(template).format
        check_line = k > 1  # one tile's words may lie on any line: the rules judge those alone
        for word, blanks in arrangements[k]:
            if check_line:
                line = line_of(*word)
                if not (is_word(line) or (both_ways and is_word(line[::-1]))):
                    continue
            placements = [Placement(sq, word[i], -1, i in blanks) for i, sq in enumerate(squares)]
            try:
                ev = rules.evaluate(board, placements, explain=False)
            except GameError:
                continue
            if ev.invalid:
                continue
            found[frozenset((p.square, p.letter, p.blank) for p in placements)] = ev.total
    return found
