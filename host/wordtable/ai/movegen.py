"""Every legal move of a crossword position (wordgame, Wordability), each with its score.

The generator only proposes; the rules decide. It is the Appel-Jacobson algorithm (1988) over the
lexicon's flat-array DAWG, the way wolges does it: the board is a flat array of letter indices, the
letters a square may take are int bitmasks (cross-sets), the rack is a count per letter plus blanks.

* **Anchors** are the empty squares next to a letter along any axis the game reads (on an empty board:
  the centre). Every move covers at least one anchor, and each move is generated from its first anchor
  in reading order: the *left part* before it is laid only on empty squares that are not anchors, so it
  has no cross-words and needs no cross-check.
* **Cross-sets**: for each empty square and each axis other than the one a move is laid along, the
  letters that make the run through that square a word (``before + L + after``). Computed once per
  (square, axis) per position, restricted to the rack's letters when the rack has no blank.
* **Reading backwards** (Wordability, rule 10/11: rules with ``reads_backwards``): every run reads both
  ways, so a cross-set is the union of the forward DAWG's and the reverse DAWG's, and the main word is
  searched twice along each axis: once in the forward DAWG and once in the reverse DAWG (a run that
  spells a word backwards), the second pass dropping what the first found.
* **Single tiles** form words along up to four axes; such a move is kept only in the pass of the first
  axis (in the game's order) on which it touches a letter, so it is listed once.

Scores are added up while the move is built (letter values, letter and word premiums of the squares
covered now, cross-words, the all-tiles bonus) with the same numbers and the same declared rule
differences the rules use (``axes``, ``reads_backwards``, ``word_premiums``, ``all_tiles_bonus``,
``opening_min_tiles``); the tests check each generated score against
:meth:`wordtable.games.crossword_rules.CrosswordRules.score`, and the explained breakdown of a move
shown to a person always comes from the rules (:meth:`Move.evaluate`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from wordtable.games.crossword_board import BLANK, Board, Placement
from wordtable.games.crossword_rules import CrosswordRules, Evaluation

FULL = (1 << 32) - 1
"""Every letter: the cross-set of a square with no letters beside it on that axis."""

MAX_BLANKS = 2
"""Blanks the generator handles in one rack (both sets hold two)."""


class Move(NamedTuple):
    """One legal placement: its score and the tiles as ``(square, letter index, is blank)``.

    ``tiles`` is in the order the generator laid them (reading order along ``axis``). Turn it into the
    game's :class:`Placement` values with :meth:`placements`."""

    score: int
    tiles: tuple[tuple[int, int, bool], ...]
    axis: int

    def placements(self, letters: str) -> tuple[Placement, ...]:
        """The tiles as placements, letters spelt with the alphabet's ``letters`` (no tile ids)."""
        return tuple(Placement(sq, letters[code], -1, blank) for sq, code, blank in self.tiles)

    def key(self) -> frozenset[tuple[int, int, bool]]:
        """What makes two moves the same: which letter (and whether a blank) lies on which square."""
        return frozenset(self.tiles)


class Rack(NamedTuple):
    """A rack as the generator reads it: count per letter index, and the number of blanks."""

    counts: tuple[int, ...]
    blanks: int

    @classmethod
    def parse(cls, text: str, alphabet: Any) -> Rack:
        """``"RETAIN?"`` -> counts; ValueError naming a letter that is not in the alphabet."""
        counts = [0] * 32
        blanks = 0
        index = alphabet.index
        for ch in text:
            if ch == BLANK:
                blanks += 1
                continue
            i = index.get(ch.upper())
            if i is None:
                raise ValueError(
                    f"{ch!r} is not a letter of the {alphabet.name} alphabet (use ? for a blank)"
                )
            counts[i] += 1
        if blanks > MAX_BLANKS:
            raise ValueError(f"a rack holds at most {MAX_BLANKS} blanks, not {blanks}")
        return cls(tuple(counts), blanks)

    def size(self) -> int:
        return sum(self.counts) + self.blanks


class MoveGenerator:
    """The move generator of one rules object (one game, one lexicon, one premium layout).

    Build it once and call :meth:`generate` per position; it keeps nothing of a position between calls.
    """

    def __init__(self, rules: CrosswordRules) -> None:
        self.rules = rules
        lex = rules.lexicon
        self.alphabet = lex.alphabet
        self.letters: str = lex.alphabet.letters
        index = lex.alphabet.index
        g = rules.geometry
        self.geometry = g
        # The rules' declared differences, read once (the hot loops test plain locals).
        self.axes: tuple[int, ...] = tuple(rules.axes)
        self.both_ways = rules.reads_backwards
        # Only the numbers the rules score with: value per letter index, premiums per square.
        self.value = [0] * 32
        for letter, v in rules.values.items():
            if letter in index:
                self.value[index[letter]] = v
        self.index = index
        self.letter_mult = list(rules.layout.letter_mult)
        self.word_mult = list(rules.layout.word_mult)
        self.rack_size = rules.rack_size
        self.multiply_word_premiums = rules.word_premiums == "multiply"
        self.double_main_when_all = rules.all_tiles_bonus == "main word twice"
        self.all_tiles_bonus = 0 if self.double_main_when_all else rules.all_tiles_points
        self.opening_min = rules.opening_min_tiles
        self.dawgs = [lex.dawg, lex.reverse_dawg] if self.both_ways else [lex.dawg]
        self.is_word = rules.is_word
        self.step = g.step
        # Which letters each DAWG node ends a word with (lazily filled; cross-sets of one-sided runs).
        self._end_masks: list[dict[int, int]] = [{} for _ in self.dawgs]

    # -- public ----------------------------------------------------------------------------------------

    def generate(self, board: Board, rack: Rack | str, best_only: bool = False) -> list[Move]:
        """Every legal move of ``rack`` on ``board`` (unsorted), or with ``best_only`` one highest-scoring
        move (an empty list when there is none)."""
        if isinstance(rack, str):
            rack = Rack.parse(rack, self.alphabet)
        return _Search(self, board, rack, best_only).run()

    def best(self, board: Board, rack: Rack | str) -> Move | None:
        """A highest-scoring move, or None when the rack has no legal move."""
        found = self.generate(board, rack, best_only=True)
        return found[0] if found else None

    def evaluate(self, board: Board, move: Move) -> Evaluation:
        """The rules' own evaluation of a generated move: words, points per word, explained breakdown."""
        return self.rules.evaluate(board, move.placements(self.letters))

    # -- cross-sets ------------------------------------------------------------------------------------

    def _end_mask(self, which: int, node: int) -> int:
        cache = self._end_masks[which]
        m = cache.get(node)
        if m is None:
            d = self.dawgs[which]
            starts, labels, targets, terminal = d.starts, d.labels, d.targets, d.terminal
            m = 0
            for e in range(starts[node], starts[node + 1]):
                if terminal[targets[e]]:
                    m |= 1 << labels[e]
            cache[node] = m
        return m

    def cross_set(self, before: Sequence[int], after: Sequence[int], allowed: int) -> int:
        """Letters ``L`` (within ``allowed``) for which ``before + L + after`` is a word, in any DAWG the
        game reads (both ways for Wordability)."""
        out = 0
        for which, d in enumerate(self.dawgs):
            masks, starts, targets, terminal = d.masks, d.starts, d.targets, d.terminal
            node = 0
            for c in before:
                m = masks[node]
                if not (m >> c) & 1:
                    node = -1
                    break
                node = targets[starts[node] + (m & ((1 << c) - 1)).bit_count()]
            if node < 0:
                continue
            if not after:
                out |= self._end_mask(which, node) & allowed
                continue
            cand = masks[node] & allowed & ~out
            base = starts[node]
            mn = masks[node]
            while cand:
                low = cand & -cand
                cand ^= low
                n = targets[base + (mn & (low - 1)).bit_count()]
                for c in after:
                    m = masks[n]
                    if not (m >> c) & 1:
                        n = -1
                        break
                    n = targets[starts[n] + (m & ((1 << c) - 1)).bit_count()]
                if n >= 0 and terminal[n]:
                    out |= low
        return out


class _Search:
    """One generation run over one position (the per-position tables and the recursion)."""

    def __init__(self, gen: MoveGenerator, board: Board, rack: Rack, best_only: bool) -> None:
        self.gen = gen
        self.best_only = best_only
        index = gen.index
        size = gen.geometry.size
        bl = board.blank
        value = gen.value
        self.cell = cell = [-1] * size
        self.pval = pval = [0] * size
        for sq, ch in enumerate(board.letters):
            if ch:
                code = index[ch]
                cell[sq] = code
                pval[sq] = 0 if bl[sq] else value[code]
        self.empty_board = board.count == 0
        self.counts = list(rack.counts)
        self.blanks = rack.blanks
        self.rack_total = sum(rack.counts) + rack.blanks
        rm = 0
        for i, n in enumerate(rack.counts):
            if n:
                rm |= 1 << i
        self.rack_mask = rm
        # With a blank any letter may go anywhere; without, only the rack's letters need cross-checking.
        self.allowed = FULL if rack.blanks else rm
        self.moves: list[Move] = []
        self.best_score = -1
        self._prefix_cache: dict[
            tuple[int, int], list[tuple[int, int, tuple[tuple[int, bool], ...], int, int]]
        ] = {}

    # -- per-position tables -----------------------------------------------------------------------------

    def _neighbour_axes(self) -> tuple[list[int], list[int]]:
        """Anchors, and per empty square the first axis (in the game's order) on which it touches a
        letter (-1 if none)."""
        gen = self.gen
        step = gen.step
        cell = self.cell
        size = gen.geometry.size
        first = [-1] * size
        anchors: list[int] = []
        if self.empty_board:
            anchors.append(gen.geometry.centre)
            return anchors, first
        for sq in range(size):
            if cell[sq] >= 0:
                continue
            for a in gen.axes:
                f = step[a][sq]
                b = step[a + 4][sq]
                if (f >= 0 and cell[f] >= 0) or (b >= 0 and cell[b] >= 0):
                    first[sq] = a
                    anchors.append(sq)
                    break
        return anchors, first

    def _cross_tables(self, axis: int, squares: Iterable[int]) -> tuple[dict[int, int], dict[int, int]]:
        """For the run along ``axis`` through each given empty square that touches letters on that axis:
        the cross-set and the sum of the run's letter values."""
        gen = self.gen
        cell, pval = self.cell, self.pval
        fwd = gen.step[axis]
        back = gen.step[axis + 4]
        masks: dict[int, int] = {}
        base: dict[int, int] = {}
        allowed = self.allowed
        for sq in squares:
            b = back[sq]
            f = fwd[sq]
            if not ((b >= 0 and cell[b] >= 0) or (f >= 0 and cell[f] >= 0)):
                continue
            before: list[int] = []
            total = 0
            while b >= 0 and cell[b] >= 0:
                before.append(cell[b])
                total += pval[b]
                b = back[b]
            before.reverse()
            after: list[int] = []
            while f >= 0 and cell[f] >= 0:
                after.append(cell[f])
                total += pval[f]
                f = fwd[f]
            masks[sq] = gen.cross_set(before, after, allowed)
            base[sq] = total
        return masks, base

    # -- the search ------------------------------------------------------------------------------------

    def run(self) -> list[Move]:
        gen = self.gen
        if self.rack_total == 0:
            return []
        anchors, first = self._neighbour_axes()
        size = gen.geometry.size
        is_anchor = bytearray(size)
        for sq in anchors:
            is_anchor[sq] = 1
        # Cross tables per axis, for the empty squares that touch letters (the anchors).
        cross = {a: self._cross_tables(a, anchors) for a in gen.axes}
        for axis in gen.axes:
            xmask = [FULL] * size
            xbase = [0] * size
            ncross = [0] * size
            for x in gen.axes:
                if x == axis:
                    continue
                masks, base = cross[x]
                for sq, m in masks.items():
                    xmask[sq] &= m
                    xbase[sq] += base[sq]
                    ncross[sq] += 1
            for which, dawg in enumerate(gen.dawgs):
                self._axis(axis, which, dawg, anchors, is_anchor, first, xmask, xbase, ncross)
        if self.best_only:
            self.moves.sort(key=lambda m: -m.score)
            return self.moves[:1]
        return self.moves

    def _prefixes(
        self, which: int, dawg: Any, max_depth: int
    ) -> list[tuple[int, int, tuple[tuple[int, bool], ...], int, int]]:
        """The rack's left parts in ``dawg``, shortest first: (length, node, letters with blank flags, rack
        mask left, blanks left). The empty left part comes first."""
        key = (which, max_depth)
        hit = self._prefix_cache.get(key)
        if hit is not None:
            return hit
        masks, starts, targets = dawg.masks, dawg.starts, dawg.targets
        counts = self.counts
        out: list[tuple[int, int, tuple[tuple[int, bool], ...], int, int]] = [
            (0, 0, (), self.rack_mask, self.blanks)
        ]
        stack = [(0, (), self.rack_mask, self.blanks)]
        # Breadth first, so the list comes out sorted by length.
        for depth in range(1, max_depth + 1):
            nxt = []
            for node, pre, rm, blanks in stack:
                used = [0] * 32
                for code, blank in pre:
                    if not blank:
                        used[code] += 1
                mn = masks[node]
                cand = mn if blanks else mn & rm
                base = starts[node]
                while cand:
                    low = cand & -cand
                    L = low.bit_length() - 1
                    cand ^= low
                    child = targets[base + (mn & (low - 1)).bit_count()]
                    if rm & low:
                        left = counts[L] - used[L] - 1
                        item = (child, pre + ((L, False),), rm if left else rm ^ low, blanks)
                        nxt.append(item)
                    if blanks:
                        nxt.append((child, pre + ((L, True),), rm, blanks - 1))
            for node, pre, rm, blanks in nxt:
                out.append((depth, node, pre, rm, blanks))
            stack = nxt
        self._prefix_cache[key] = out
        return out

    def _bound_fn(self, axis: int, xbase: list[int], ncross: list[int]) -> Any:
        """An upper bound on the score of any move laid from an anchor along ``axis``: every tile at the
        best letter premium in reach, every word premium in reach, every cross-word with the best tile,
        and the all-tiles bonus when the rack could empty (used to order and cut best-move search)."""
        gen = self.gen
        cell, pval = self.cell, self.pval
        fwd = gen.step[axis]
        back = gen.step[axis + 4]
        lm, wm = gen.letter_mult, gen.word_mult
        value = gen.value
        tiles = sorted((value[i] for i, n in enumerate(self.counts) for _ in range(n)), reverse=True)
        top = sum(tiles)
        best_tile = tiles[0] if tiles else 0
        total = self.rack_total
        multiply = gen.multiply_word_premiums
        full = total >= gen.rack_size
        double_main = gen.double_main_when_all
        bonus = gen.all_tiles_bonus

        def bound(anchor: int, limit: int, before_points: int) -> int:
            mlm = 1
            wmul = 1
            s = anchor
            for _ in range(limit):
                s = back[s]
                if lm[s] > mlm:
                    mlm = lm[s]
                wmul = wmul * wm[s] if multiply else max(wmul, wm[s])
            points = before_points
            cross = 0
            t = anchor
            laid = 0
            while t >= 0 and (laid < total or cell[t] >= 0):
                if cell[t] >= 0:
                    points += pval[t]
                else:
                    laid += 1
                    if lm[t] > mlm:
                        mlm = lm[t]
                    wmul = wmul * wm[t] if multiply else max(wmul, wm[t])
                    if ncross[t]:
                        cross += (xbase[t] + best_tile * lm[t] * ncross[t]) * wm[t]
                t = fwd[t]
            main = (points + mlm * top) * wmul
            return main + cross + ((main if double_main else bonus) if full else 0)

        return bound

    def _axis(
        self,
        axis: int,
        which: int,
        dawg: Any,
        anchors: list[int],
        is_anchor: bytearray,
        first: list[int],
        xmask: list[int],
        xbase: list[int],
        ncross: list[int],
    ) -> None:
        gen = self.gen
        cell, pval = self.cell, self.pval
        fwd = gen.step[axis]
        back = gen.step[axis + 4]
        masks, starts, targets, terminal = dawg.masks, dawg.starts, dawg.targets, dawg.terminal
        value = gen.value
        lm = gen.letter_mult
        wm = gen.word_mult
        multiply = gen.multiply_word_premiums
        counts = self.counts
        rack_size = gen.rack_size
        all_bonus = gen.all_tiles_bonus
        double_main = gen.double_main_when_all
        min_tiles = gen.opening_min if self.empty_board else 1
        moves = self.moves
        append = moves.append
        best_only = self.best_only
        placed: list[tuple[int, int, bool]] = []
        push = placed.append
        pop = placed.pop
        # The reverse-DAWG pass of Wordability drops runs the forward pass found (they read both ways).
        recheck = which == 1
        is_word = gen.is_word
        letters = gen.letters
        me = self

        def forward_text_is_word() -> bool:
            s = placed[0][0]
            p = back[s]
            while p >= 0 and cell[p] >= 0:
                s = p
                p = back[s]
            new = {sq: code for sq, code, _ in placed}
            out = []
            while s >= 0:
                c = cell[s]
                if c < 0:
                    c = new.get(s, -1)
                    if c < 0:
                        break
                out.append(letters[c])
                s = fwd[s]
            return bool(is_word("".join(out)))

        def emit(main: int, cross_pts: int, nt: int, anchor: int) -> None:
            if nt < min_tiles:
                return
            if nt == 1 and first[anchor] != axis:
                return
            score = main + cross_pts
            if nt >= rack_size:
                score += main if double_main else all_bonus
            if best_only and score <= me.best_score:
                return
            if recheck and forward_text_is_word():
                return
            if best_only:
                me.best_score = score
            append(Move(score, tuple(placed), axis))

        def extend(
            node: int, s: int, mbase: int, wmul: int, xsum: int, nt: int, rm: int, blanks: int, anchor: int
        ) -> None:
            # ``s`` is an empty square to fill next; ``mbase`` the main word's letter points so far.
            mn = masks[node]
            cand = mn & xmask[s]
            if not blanks:
                cand &= rm
            if not cand:
                return
            base = starts[node]
            lms = lm[s]
            wms = wm[s]
            if multiply:
                nw = wmul * wms
            else:
                nw = wms if wms > wmul else wmul
            nc = ncross[s]
            xb = xbase[s]
            nt1 = nt + 1
            more = nt1 < self_total
            while cand:
                low = cand & -cand
                L = low.bit_length() - 1
                cand ^= low
                child = targets[base + (mn & (low - 1)).bit_count()]
                # Follow the letters already on the board after ``s``.
                t = fwd[s]
                c = child
                run = 0
                while t >= 0:
                    code = cell[t]
                    if code < 0:
                        break
                    m2 = masks[c]
                    if not (m2 >> code) & 1:
                        c = -1
                        break
                    c = targets[starts[c] + (m2 & ((1 << code) - 1)).bit_count()]
                    run += pval[t]
                    t = fwd[t]
                if c < 0:
                    continue
                end = terminal[c]
                # Recurse only where some letter could follow (the call is the costly part).
                go = more and t >= 0 and masks[c] & xmask[t]
                if rm & low:
                    v = value[L]
                    lv = v * lms
                    mb = mbase + lv + run
                    xs = xsum + (xb + lv * nc) * wms if nc else xsum
                    push((s, L, False))
                    if end:
                        emit(mb * nw, xs, nt1, anchor)
                    if go:
                        n = counts[L] - 1
                        counts[L] = n
                        extend(c, t, mb, nw, xs, nt1, rm if n else rm ^ low, blanks, anchor)
                        counts[L] = n + 1
                    pop()
                if blanks:
                    mb = mbase + run
                    xs = xsum + xb * wms if nc else xsum
                    push((s, L, True))
                    if end:
                        emit(mb * nw, xs, nt1, anchor)
                    if go:
                        extend(c, t, mb, nw, xs, nt1, rm, blanks - 1, anchor)
                    pop()

        self_total = self.rack_total

        rm0 = self.rack_mask
        blanks0 = self.blanks
        # Work per anchor: (bound, anchor, left-part limit, DAWG node after the letters before it or -1 when
        # the left part is laid from the rack, their points).
        work: list[tuple[int, int, int, int, int]] = []
        max_limit = 0
        bound = self._bound_fn(axis, xbase, ncross) if best_only else None
        for anchor in anchors:
            b = back[anchor]
            if b >= 0 and cell[b] >= 0:
                # The letters before the anchor are the left part: walk them into the DAWG.
                s = b
                while back[s] >= 0 and cell[back[s]] >= 0:
                    s = back[s]
                node = 0
                mbase = 0
                while s != anchor:
                    code = cell[s]
                    m = masks[node]
                    if not (m >> code) & 1:
                        node = -1
                        break
                    node = targets[starts[node] + (m & ((1 << code) - 1)).bit_count()]
                    mbase += pval[s]
                    s = fwd[s]
                if node >= 0:
                    work.append((bound(anchor, 0, mbase) if bound else 0, anchor, 0, node, mbase))
            else:
                limit = 0
                s = b
                while s >= 0 and cell[s] < 0 and not is_anchor[s] and limit < self_total - 1:
                    limit += 1
                    s = back[s]
                if limit > max_limit:
                    max_limit = limit
                work.append((bound(anchor, limit, 0) if bound else 0, anchor, limit, -1, 0))
        if best_only:
            # Most promising anchors first; stop when no anchor left can beat the best move found.
            work.sort(reverse=True)
        # Left parts: the rack's DAWG prefixes are enumerated once (by length) and laid before every anchor
        # they fit, instead of being searched again for each anchor.
        prefixes = self._prefixes(which, dawg, max_limit)
        for ub, anchor, limit, fixed_node, fixed_points in work:
            if best_only and ub <= me.best_score:
                break
            if fixed_node >= 0:
                extend(fixed_node, anchor, fixed_points, 1, 0, 0, rm0, blanks0, anchor)
                continue
            xa = xmask[anchor]
            for depth, node, pre, rm, blanks in prefixes:
                if depth > limit:
                    break
                if not (masks[node] & xa & (FULL if blanks else rm)):
                    continue
                s = anchor
                for _ in range(depth):
                    s = back[s]
                mbase = 0
                wmul = 1
                for code, blank in pre:
                    if not blank:
                        mbase += value[code] * lm[s]
                        counts[code] -= 1
                    w = wm[s]
                    if multiply:
                        wmul *= w
                    elif w > wmul:
                        wmul = w
                    push((s, code, blank))
                    s = fwd[s]
                extend(node, anchor, mbase, wmul, 0, depth, rm, blanks, anchor)
                placed.clear()
                for code, blank in pre:
                    if not blank:
                        counts[code] += 1


def rack_of(game: Any, player: int | None = None) -> Rack:
    """The rack of ``player`` (default: the player to move) of a crossword game, for the generator."""
    p = game.turn if player is None else player
    return Rack.parse(game.rack_letters(p), game.lexicon.alphabet)


_GENERATORS: dict[tuple[type[CrosswordRules], int, str, int], MoveGenerator] = {}


def generator_for(rules: CrosswordRules) -> MoveGenerator:
    """The move generator of ``rules``, shared by every rules object of the same game, lexicon, premium
    layout and data (a game makes its own rules object; this keeps one generator per kind, not per game)."""
    key = (type(rules), id(rules.lexicon), rules.layout.codes, id(rules.data))
    gen = _GENERATORS.get(key)
    if gen is None:
        # The generator holds the rules, hence the lexicon and data, so these ids stay unique.
        gen = _GENERATORS[key] = MoveGenerator(rules)
    return gen


def legal_moves(game: Any, rack: str | None = None) -> list[Move]:
    """Every legal move of the player to move (or of ``rack``) in a crossword game, best first."""
    gen = generator_for(game.rules)
    r = Rack.parse(rack, game.lexicon.alphabet) if rack is not None else rack_of(game)
    moves = gen.generate(game.board, r)
    moves.sort(key=lambda m: (-m.score, m.tiles))
    return moves
