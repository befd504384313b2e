"""WORDCHAIN hints and bots: the best word a hand can lay on the link card, under the game's scoring.

The generator walks the lexicon's DAWG with the hand as a multiset of card letters, the Multicards as
blanks and the link card as one letter that must be used exactly once (first, or anywhere when the house
allows it for the rule L penalty). Every word found is turned into real cards and scored with the real
scoring chain (:func:`wordtable.games.wordchain_scoring.score_word`). Words are scored in order of an upper
bound on their score, so the search stops as soon as no unscored word can beat the best found.

Strengths: ``beginner`` (short words, link first, a fair but not the best choice), ``club`` (the best
score now, link first, up to seven cards), ``strongest`` (the best score anywhere, minus what the new link
card gives the next player).
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from random import Random
from typing import Any

from wordtable.games.cards import Card, PlacedCard
from wordtable.games.wordchain import CONSONANT, VOWEL, WordchainGame, WordchainOptions
from wordtable.games.wordchain_scoring import WordScore, pattern_allowed, score_word

from ..lexicon.protocol import Lexicon

STRENGTHS = ("beginner", "club", "strongest")
"""Bot strengths, weakest first."""

HAND, BLANK, LINK = 0, 1, 2
MAX_BLANKS = 2
"""The walk lets at most this many Multicards stand for letters missing from the hand in one word: each
is worth 0 points, and every one more multiplies the search by the alphabet. (A further Multicard can
still stand in for a letter the hand has, in the card choice.)"""

SUBSET_LIMIT = 400
"""Words with the link card elsewhere are looked up as exact anagrams of the hand's richest card sets
when there are at most this many such sets; otherwise the DAWG walk finds them."""

ENUMERATE_LIMIT = 8
"""Card assignments tried exhaustively up to this many combinations; beyond, the points-first and
suit/colour-first assignments are tried."""


@dataclass(frozen=True)
class Candidate:
    """One word a hand can lay: the cards as placed, the hand cards used, its score and the bot's value."""

    placed: tuple[PlacedCard, ...]
    link_position: int
    used: tuple[Card, ...]
    score: WordScore
    value: float

    @property
    def word(self) -> str:
        """The word spelt."""
        return self.score.word

    def tokens(self) -> list[str]:
        """The cards as an action's ``cards`` list: ``@`` for the link, ``#id`` or ``*=E`` for the rest."""
        out = []
        for i, p in enumerate(self.placed):
            if i == self.link_position:
                out.append("@" if not p.card.wild else f"@={p.letters}")
            elif p.card.wild:
                out.append(f"*={p.letters}")
            else:
                out.append(f"#{p.card.id}")
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON form for ``wordtable hint``."""
        return {
            "word": self.word,
            "cards": [p.face for p in self.placed],
            "action_cards": self.tokens(),
            "score": self.score.total,
            "value": round(self.value, 2),
            "steps": self.score.to_dict()["steps"],
        }


# -- the DAWG walk --------------------------------------------------------------------------------------


_DEPTHS: dict[int, tuple[Any, bytearray]] = {}


def _max_depths(dawg: Any) -> bytearray:
    """For each DAWG node, the most letters any word can still add from it (computed once per DAWG)."""
    cached = _DEPTHS.get(id(dawg))
    if cached is not None and cached[0] is dawg:
        return cached[1]
    n, starts, targets = dawg.node_count, dawg.starts, dawg.targets
    depth = bytearray(n)
    seen = bytearray(n)
    seen[0] = 1
    stack = [(0, starts[0])]
    while stack:
        node, e = stack[-1]
        if e < starts[node + 1]:
            stack[-1] = (node, e + 1)
            child = targets[e]
            if not seen[child]:
                seen[child] = 1
                stack.append((child, starts[child]))
        else:
            stack.pop()
            best = 0
            for k in range(starts[node], starts[node + 1]):
                v = depth[targets[k]] + 1
                if v > best:
                    best = v
            depth[node] = min(best, 255)
    _DEPTHS[id(dawg)] = (dawg, depth)
    return depth


@dataclass(frozen=True)
class _Bound:
    """What the walk needs to skip branches that cannot beat ``threshold`` (link elsewhere: no rule J,
    the rule L penalty)."""

    threshold: float
    top_points: tuple[int, ...]  # prefix sums of the hand's points, highest first
    all_points: int  # hand and link together
    pattern_factor: float
    keep: float  # 1 - the rule L penalty
    all_factor: float
    long_factor: float
    long_cards: int
    whole_elsewhere: bool = True  # False when words of every card are found another way


def _walk_words(
    lexicon: Lexicon,
    hand: Sequence[Card],
    link: Card,
    *,
    link_anywhere: bool,
    max_hand: int | None,
    max_cards: int | None,
    bound: _Bound | None = None,
) -> Iterator[tuple[bytes, tuple[tuple[int, bytes], ...]]]:
    """Yield (word codes, path) for every word the hand can make with the link card used once; the
    path says for each card whether it came from the hand (with its letters), a Multicard, or the link.

    With ``bound``, branches whose every word would score no more than ``bound.threshold`` are skipped:
    what a branch can still add is limited by the longest word the DAWG allows from its node.
    """
    alphabet = lexicon.alphabet
    dawg = lexicon.dawg
    masks, starts, targets, labels, terminal = (
        dawg.masks,
        dawg.starts,
        dawg.targets,
        dawg.labels,
        dawg.terminal,
    )
    index = alphabet.index
    depths = _max_depths(dawg) if bound is not None else None

    def codes_of(letters: str) -> bytes | None:
        try:
            return bytes(index[ch] for ch in letters)
        except KeyError:
            return None

    counts: dict[bytes, int] = {}
    points: dict[bytes, list[int]] = {}
    blanks = 0
    for c in hand:
        if c.wild:
            blanks += 1
            continue
        code = codes_of(c.letters)
        if code is not None:
            counts[code] = counts.get(code, 0) + 1
            points.setdefault(code, []).append(c.points)
    for v in points.values():
        v.sort(reverse=True)
    full = dict(counts)
    link_codes = None if link.wild else codes_of(link.letters)
    if not link.wild and link_codes is None:
        return
    link_points = 0 if link.wild else link.points
    singles = {k[0]: k for k in counts if len(k) == 1}
    keys = list(counts)
    hand_cap = max_hand if max_hand is not None else len(hand)
    card_cap = max_cards if max_cards is not None else len(hand) + 1
    path: list[tuple[int, bytes]] = []
    word = bytearray()
    blanks_used = 0

    def follow(node: int, codes: bytes) -> int:
        for letter in codes:
            m = masks[node]
            if not (m >> letter) & 1:
                return -1
            node = targets[starts[node] + (m & ((1 << letter) - 1)).bit_count()]
        return node

    if bound is not None:
        # the raw points a word with the link elsewhere needs to score more than the threshold
        raw_needed = ((bound.threshold - 1) / bound.keep - 1) / bound.pattern_factor
        whole_value = ((bound.all_points * bound.pattern_factor + 1) * bound.all_factor + 1) * bound.keep + 1
        if len(hand) + 1 >= bound.long_cards:
            whole_value = whole_value * bound.long_factor + 1
        whole_hopeless = whole_value <= bound.threshold or not bound.whole_elsewhere
        top = bound.top_points

    def hopeless(node: int, link_used: bool, from_hand: int, pts: int) -> bool:
        """True when no word through ``node`` can beat the threshold: too few letters can follow to
        reach the points needed (or, for a word of every card, the points are not there at all)."""
        room = depths[node]  # type: ignore[index]
        left = len(hand) - from_hand + (0 if link_used else 1)
        if room >= left and not whole_hopeless:
            return False
        missing = raw_needed - pts - (0 if link_used else link_points)
        if missing < 0:
            return False
        cards = bisect_right(top, missing)  # fewest more hand cards whose points could cover it
        if cards >= len(top):
            return True
        return room < cards + (0 if link_used else 1)

    def visit(
        node: int, link_used: bool, from_hand: int, pts: int
    ) -> Iterator[tuple[bytes, tuple[tuple[int, bytes], ...]]]:
        if link_used and from_hand and terminal[node]:
            yield bytes(word), tuple(path)
        if len(path) >= card_cap:
            return
        if bound is not None and hopeless(node, link_used, from_hand, pts):
            return
        if not link_used and (link_anywhere or not path):
            if link_codes is not None:
                nxt = follow(node, link_codes)
                if nxt >= 0:
                    path.append((LINK, link_codes))
                    word.extend(link_codes)
                    yield from visit(nxt, True, from_hand, pts + link_points)
                    del word[-len(link_codes) :]
                    path.pop()
            else:
                for e in range(starts[node], starts[node + 1]):
                    letter = labels[e]
                    path.append((LINK, bytes((letter,))))
                    word.append(letter)
                    yield from visit(targets[e], True, from_hand, pts)
                    word.pop()
                    path.pop()
        if not link_used and not link_anywhere:
            return
        if from_hand >= hand_cap:
            return
        for key in keys:
            left = counts[key]
            if left <= 0:
                continue
            nxt = follow(node, key)
            if nxt < 0:
                continue
            gain = points[key][full[key] - left]
            counts[key] = left - 1
            path.append((HAND, key))
            word.extend(key)
            yield from visit(nxt, link_used, from_hand + 1, pts + gain)
            del word[-len(key) :]
            path.pop()
            counts[key] = left
        nonlocal blanks, blanks_used
        if blanks and blanks_used < MAX_BLANKS:
            for e in range(starts[node], starts[node + 1]):
                letter = labels[e]
                single = singles.get(letter)
                if single is not None and counts[single] > 0:
                    # the real card takes this place in the walk; the assignment step still tries the
                    # Multicard in its stead (it can make a sequence a real card breaks)
                    continue
                blanks -= 1
                blanks_used += 1
                path.append((BLANK, bytes((letter,))))
                word.append(letter)
                yield from visit(targets[e], link_used, from_hand + 1, pts)
                word.pop()
                path.pop()
                blanks += 1
                blanks_used -= 1

    yield from visit(0, False, 0, 0)


# -- from letters to cards ------------------------------------------------------------------------------


def _assignments(
    path: tuple[tuple[int, bytes], ...], by_letters: dict[bytes, list[Card]], spare: Sequence[Card] = ()
) -> Iterator[list[Card]]:
    """Ways to pick cards for the hand positions of ``path``: real cards of the letters, and a spare
    Multicard (one the path does not use as a blank) standing in for one of them."""
    slots = [key for kind, key in path if kind == HAND]
    need: dict[bytes, int] = {}
    for key in slots:
        need[key] = need.get(key, 0) + 1
    stand_in = list(spare[:1])
    options_per_slot = [by_letters[key] + (stand_in if len(key) == 1 else []) for key in slots]
    combos = 1
    for opts in options_per_slot:
        combos *= len(opts)
    if combos <= ENUMERATE_LIMIT:
        for pick in product(*options_per_slot):
            if len({c.id for c in pick}) == len(pick):
                yield list(pick)
        return
    orders: list[Any] = [lambda c: -c.points]
    for suit in ("S", "H", "D", "C"):
        orders.append(lambda c, s=suit: (c.suit != s, -c.points))
    for colour in ("red", "black"):
        orders.append(lambda c, col=colour: (c.colour != col, -c.points))
    first: list[Card] = []
    for order in orders:
        pools = {key: sorted(cards, key=order) for key, cards in by_letters.items() if key in need}
        taken = {key: 0 for key in pools}
        chosen: list[Card] = []
        for key in slots:
            chosen.append(pools[key][taken[key]])
            taken[key] += 1
        first = first or chosen
        yield chosen
    for wild in stand_in:
        for i, key in enumerate(slots):
            if len(key) == 1:
                yield first[:i] + [wild] + first[i + 1 :]


def _placed(
    path: tuple[tuple[int, bytes], ...], pick: list[Card], wilds: list[Card], link: Card, lexicon: Lexicon
) -> tuple[list[PlacedCard], int, list[Card]]:
    decode = lexicon.alphabet.decode
    out: list[PlacedCard] = []
    used: list[Card] = []
    hand_i = blank_i = 0
    link_pos = 0
    for i, (kind, key) in enumerate(path):
        if kind == HAND:
            card = pick[hand_i]
            hand_i += 1
            out.append(PlacedCard(card, decode(key), None, None) if card.wild else PlacedCard.of(card))
            used.append(card)
        elif kind == BLANK:
            card = wilds[blank_i]
            blank_i += 1
            out.append(PlacedCard(card, decode(key), None, None))
            used.append(card)
        else:
            link_pos = i
            out.append(PlacedCard(link, decode(key), None, None) if link.wild else PlacedCard.of(link))
    return out, link_pos, used


def _pattern_factor(options: WordchainOptions) -> float:
    return (
        1
        + max(
            options.suited_sequenced_percent,
            options.coloured_sequenced_percent,
            options.sequenced_percent,
            options.suited_percent,
            options.coloured_percent,
        )
        / 100
    )


def _upper_bound(
    path: tuple[tuple[int, bytes], ...],
    best_points: dict[bytes, list[int]],
    link_points: int,
    options: WordchainOptions,
    hand_size: int,
    gift: float,
) -> float:
    """No assignment of cards to ``path`` can be worth more than this (rounding allowed for)."""
    if options.scoring == "simple":
        return len(path)
    pts = link_points
    seen: dict[bytes, int] = {}
    hand_cards = 0
    link_first = path[0][0] == LINK
    for kind, key in path:
        if kind == HAND:
            k = seen.get(key, 0)
            pts += best_points[key][k]
            seen[key] = k + 1
            hand_cards += 1
        elif kind == BLANK:
            hand_cards += 1
    total = pts * _pattern_factor(options) + 1
    whole = hand_cards == hand_size
    if whole:
        total = total * (1 + options.all_cards_percent / 100) + 1
    if link_first:
        total += options.link_word_multiplier * link_points
    else:
        total = total * (1 - float(Fraction(options.link_penalty))) + 1
    if whole and len(path) >= options.long_word_cards:
        total = total * (1 + options.long_word_percent / 100) + 1
    last_kind, last_key = path[-1]
    if last_kind == HAND and gift:
        total -= gift * best_points[last_key][-1]
    return total


def _elsewhere_bound(hand: Sequence[Card], link_points: int, options: WordchainOptions) -> float:
    """No word with the link card elsewhere than first can score more than this."""
    pts = sorted((c.points for c in hand), reverse=True)
    pf = _pattern_factor(options)
    keep = 1 - float(Fraction(options.link_penalty))
    part = ((link_points + sum(pts[:-1])) * pf + 1) * keep + 1
    whole = (((link_points + sum(pts)) * pf + 1) * (1 + options.all_cards_percent / 100) + 1) * keep + 1
    if len(hand) + 1 >= options.long_word_cards:
        whole = whole * (1 + options.long_word_percent / 100) + 1
    return max(part, whole)


def best_words(
    hand: Sequence[Card],
    link: Card,
    lexicon: Lexicon,
    options: WordchainOptions | None = None,
    *,
    top: int = 5,
    link_anywhere: bool | None = None,
    max_hand: int | None = None,
    max_cards: int | None = None,
    gift_weight: float = 0.0,
    words_used: Sequence[str] = (),
    whole_hand_bonus: bool = True,
) -> list[Candidate]:
    """The ``top`` best words ``hand`` can lay on ``link``, best first, scored with the real chain.

    ``link_anywhere`` defaults to the options (rule L); ``max_hand`` is the dice limit; ``max_cards`` a
    length limit; ``gift_weight`` counts the points the new link card gives the next player against
    the word (its own value and the rule J bonus); ``words_used`` are excluded (the unique-words rule);
    ``whole_hand_bonus`` False when rules I and M cannot apply (the second word of a double).
    Words with the link card first are searched first; words with it elsewhere (a third off, no link
    bonus) only when their best possible score could still make the list.
    """
    options = options or WordchainOptions()
    anywhere = options.link_anywhere if link_anywhere is None else link_anywhere
    wilds = [c for c in hand if c.wild]
    alphabet = lexicon.alphabet
    by_letters: dict[bytes, list[Card]] = {}
    for c in hand:
        if not c.wild:
            try:
                key = bytes(alphabet.index[ch] for ch in c.letters)
            except KeyError:
                continue
            by_letters.setdefault(key, []).append(c)
    best_points = {k: sorted((c.points for c in v), reverse=True) for k, v in by_letters.items()}
    link_points = 0 if link.wild else link.points
    excluded = set(words_used)
    decode = alphabet.decode
    gift = gift_weight * (1 + options.link_word_multiplier)
    results: list[tuple[float, int, Candidate]] = []
    seen_words: set[tuple[str, int]] = set()
    counter = 0

    def consider(paths: dict[tuple[bytes, tuple[tuple[int, bytes], ...]], float]) -> None:
        nonlocal counter
        for (codes, path), bound in sorted(paths.items(), key=lambda kv: -kv[1]):
            if len(results) >= top and bound <= results[0][0]:
                break
            text = decode(codes)
            if text in excluded:
                continue
            best: Candidate | None = None
            spare = wilds[sum(1 for kind, _ in path if kind == BLANK) :]
            for pick in _assignments(path, by_letters, spare):
                placed, pos, used = _placed(path, pick, wilds, link, lexicon)
                s = score_word(
                    placed, pos, options, all_cards_used=whole_hand_bonus and len(used) == len(hand)
                )
                if options.only_pattern is not None and not pattern_allowed(s.pattern, options.only_pattern):
                    continue
                last = s.placed[-1]
                value = s.total - (0.0 if last.card.wild else gift * last.card.points)
                if best is None or value > best.value:
                    best = Candidate(tuple(s.placed), pos, tuple(used), s, value)
            if best is None or (text, best.link_position) in seen_words:
                continue
            seen_words.add((text, best.link_position))
            counter += 1
            item = (best.value, counter, best)
            if len(results) < top:
                heapq.heappush(results, item)
            elif item[0] > results[0][0]:
                heapq.heapreplace(results, item)

    def collect(
        elsewhere: bool, bound: _Bound | None = None
    ) -> dict[tuple[bytes, tuple[tuple[int, bytes], ...]], float]:
        found: dict[tuple[bytes, tuple[tuple[int, bytes], ...]], float] = {}
        for codes, path in _walk_words(
            lexicon, hand, link, link_anywhere=elsewhere, max_hand=max_hand, max_cards=max_cards, bound=bound
        ):
            if elsewhere and path[0][0] == LINK:
                continue
            if (codes, path) not in found:
                found[(codes, path)] = _upper_bound(path, best_points, link_points, options, len(hand), gift)
        return found

    def by_anagram(
        cards: Sequence[Card],
        first: bool,
        elsewhere: bool,
        found: dict[tuple[bytes, tuple[tuple[int, bytes], ...]], float],
    ) -> None:
        """Words of exactly ``cards`` and the link card, from the anagram index (one look-up, blanks
        and all), with the link card first and/or elsewhere."""
        letters = "".join(c.letters for c in cards if not c.wild)
        n_wild = sum(1 for c in cards if c.wild)
        rack = letters + ("?" if link.wild else link.letters) + "?" * n_wild
        for text in lexicon.anagrams(rack, exact=True, min_length=len(cards) + 1):
            codes = bytes(alphabet.index[ch] for ch in text)
            for pos, ch in enumerate(text):
                if not ((first and pos == 0) or (elsewhere and pos > 0)) or not (
                    link.wild or ch == link.letters
                ):
                    continue
                counts: dict[bytes, int] = {}
                for c in cards:
                    if not c.wild:
                        key = bytes((alphabet.index[c.letters],))
                        counts[key] = counts.get(key, 0) + 1
                path = []
                for i, code in enumerate(codes):
                    key = bytes((code,))
                    if i == pos:
                        path.append((LINK, key))
                    elif counts.get(key, 0) > 0:
                        counts[key] -= 1
                        path.append((HAND, key))
                    else:
                        path.append((BLANK, key))
                if sum(1 for kind, _ in path if kind == BLANK) == n_wild:
                    t = tuple(path)
                    found[(codes, t)] = _upper_bound(t, best_points, link_points, options, len(hand), gift)

    def rich_subsets(need: float, limit: int) -> list[list[Card]] | None:
        """The hand's sub-multisets (not the whole hand) whose points exceed ``need``, or None when
        there are more than ``limit`` of them (the walk is then the quicker way)."""
        cards = sorted(hand, key=lambda c: -c.points)
        suffix = [0] * (len(cards) + 1)
        for i in range(len(cards) - 1, -1, -1):
            suffix[i] = suffix[i + 1] + cards[i].points
        cap = len(cards) if max_hand is None else min(len(cards), max_hand)
        if max_cards is not None:
            cap = min(cap, max_cards - 1)
        out: dict[str, list[Card]] = {}
        chosen: list[Card] = []

        def grow(i: int, pts: int) -> bool:
            if pts + suffix[i] <= need or len(chosen) > cap:
                return True
            if i == len(cards):
                if 0 < len(chosen) < len(cards):
                    key = "".join(sorted(c.letters or "?" for c in chosen))
                    out.setdefault(key, list(chosen))
                    if len(out) > limit:
                        return False
                return True
            chosen.append(cards[i])
            ok = grow(i + 1, pts + cards[i].points)
            chosen.pop()
            return ok and grow(i + 1, pts)

        return list(out.values()) if grow(0, 0) else None

    simple_letters = all(
        len(c.letters) == 1 and c.letters in alphabet.index for c in hand if not c.wild
    ) and (link.wild or link.letters in alphabet.index)
    whole_by_anagram = (
        simple_letters
        and (max_hand is None or len(hand) <= max_hand)
        and (max_cards is None or len(hand) + 1 <= max_cards)
        and bool(hand)
    )
    if whole_by_anagram:
        whole: dict[tuple[bytes, tuple[tuple[int, bytes], ...]], float] = {}
        by_anagram(hand, True, anywhere, whole)
        consider(whole)
    consider(collect(False))
    if anywhere and (len(results) < top or _elsewhere_bound(hand, link_points, options) > results[0][0]):
        bound = None
        if len(results) >= top and options.scoring == "standard":
            pts = sorted((c.points for c in hand), reverse=True)
            prefix = [0]
            for p in pts:
                prefix.append(prefix[-1] + p)
            bound = _Bound(
                results[0][0],
                tuple(prefix),
                link_points + prefix[-1],
                _pattern_factor(options),
                1 - float(Fraction(options.link_penalty)),
                1 + options.all_cards_percent / 100,
                1 + options.long_word_percent / 100,
                options.long_word_cards,
                whole_elsewhere=not whole_by_anagram,
            )
        subsets = None
        cap = len(hand) if max_hand is None else min(len(hand), max_hand)
        if bound is not None and simple_letters and (whole_by_anagram or cap < len(hand)):
            raw_needed = ((bound.threshold - 1) / bound.keep - 1) / bound.pattern_factor
            subsets = rich_subsets(raw_needed - link_points, SUBSET_LIMIT)
        if subsets is not None:
            elsewhere_found: dict[tuple[bytes, tuple[tuple[int, bytes], ...]], float] = {}
            for cards in subsets:
                by_anagram(cards, False, True, elsewhere_found)
            consider(elsewhere_found)
        else:
            consider(collect(True, bound))
    return [c for _, _, c in sorted(results, key=lambda t: (-t[0], t[1]))]


# -- bots -----------------------------------------------------------------------------------------------


def hint(
    game: WordchainGame, seat: int | None = None, strength: str = "strongest", top: int = 5
) -> list[Candidate]:
    """The best words for ``seat`` (default: whose turn it is) in ``game`` at ``strength``."""
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
    seat = game.current if seat is None else seat
    o = game.options
    hand = game.hands[seat].cards
    max_hand = game.hand_limit(1)  # after a double, one word up to the total throw
    kwargs: dict[str, Any] = {"max_hand": max_hand, "words_used": game.words_played if o.unique_words else ()}
    if o.max_word_cards is not None:
        kwargs["max_cards"] = o.max_word_cards
    if strength == "beginner":
        return best_words(
            hand,
            game.link,
            game.lexicon,
            o,
            top=top,
            link_anywhere=False,
            **{**kwargs, "max_cards": min(4, kwargs.get("max_cards") or 4)},
        )
    if strength == "club":
        return best_words(
            hand,
            game.link,
            game.lexicon,
            o,
            top=top,
            link_anywhere=False,
            **{**kwargs, "max_cards": min(7, kwargs.get("max_cards") or 7)},
        )
    return best_words(hand, game.link, game.lexicon, o, top=top, gift_weight=0.5, **kwargs)


def draw_split(game: WordchainGame, seat: int, count: int) -> dict[str, int]:
    """Split a draw of ``count`` cards between the decks so the hand gets back to the dealt balance."""
    o = game.options
    if o.one_deck:
        return {}
    hand = game.hands[seat].cards
    have_v = sum(1 for c in hand if c.group == VOWEL)
    want_v = max(
        0, min(count, o.hand_vowels - have_v + (count - (o.hand_consonants + o.hand_vowels - len(hand))) // 2)
    )
    avail_c, avail_v = game.available(CONSONANT), game.available(VOWEL)
    total = min(count, avail_c + avail_v)
    v = min(want_v, avail_v, total)
    c = total - v
    if c > avail_c:
        c = avail_c
        v = total - c
    return {"consonants": c, "vowels": v}


def best_double(
    game: WordchainGame, seat: int | None = None, first_choices: int = 12
) -> tuple[Candidate, Candidate] | None:
    """After a double: the best two words on the link card, each of at most one die's cards from the
    hand (rule 10), the second from what the first leaves; None when no two words fit. Scored as the game
    scores them (never rule I: that needs one word); the second word's last card is the new link."""
    if not game.is_double:
        return None
    seat = game.current if seat is None else seat
    o = game.options
    hand = game.hands[seat].cards
    die = game.dice[0]
    used_words = list(game.words_played) if o.unique_words else []
    firsts = best_words(
        hand,
        game.link,
        game.lexicon,
        o,
        top=first_choices,
        max_hand=die,
        max_cards=o.max_word_cards,
        words_used=used_words,
        whole_hand_bonus=False,
    )
    best: tuple[float, Candidate, Candidate] | None = None
    for first in firsts:
        rest = [c for c in hand if c not in first.used]
        if best is not None and first.score.total + _second_ceiling(rest, game, die) <= best[0]:
            continue
        seconds = best_words(
            rest,
            game.link,
            game.lexicon,
            o,
            top=1,
            max_hand=die,
            max_cards=o.max_word_cards,
            gift_weight=0.5,
            words_used=used_words + ([first.word] if o.unique_words else []),
            whole_hand_bonus=False,
        )
        if seconds and (best is None or first.value + seconds[0].value > best[0]):
            best = (first.value + seconds[0].value, first, seconds[0])
    return None if best is None else (best[1], best[2])


def _second_ceiling(rest: Sequence[Card], game: WordchainGame, die: int) -> float:
    """No second word from ``rest`` can be worth more than this."""
    o = game.options
    pts = sorted((c.points for c in rest), reverse=True)[:die]
    return (sum(pts) + game.link.points) * _pattern_factor(o) + 1 + o.link_word_multiplier * game.link.points


def bot_action(game: WordchainGame, strength: str = "club", rng: Random | None = None) -> dict[str, Any]:
    """The action a bot of ``strength`` takes now (a word, its draw, the five-card draw, or a pass)."""
    seat = game.current
    if game.phase == "draw":
        assert game.pending is not None
        seat = game.pending.player
        return {"type": "draw", "player": seat, **draw_split(game, seat, game.pending.used)}
    cands = hint(game, seat, strength, top=5)
    if strength == "strongest" and game.is_double:
        pair = best_double(game, seat)
        if pair is not None and (not cands or pair[0].value + pair[1].value > cands[0].value):
            return {"type": "word", "player": seat, "words": [pair[0].tokens(), pair[1].tokens()]}
    if strength == "beginner" and cands:
        pick = (rng or Random(0)).choice(cands[: max(1, len(cands) // 2 + 1)])
        return {"type": "word", "player": seat, "cards": pick.tokens()}
    if cands and (strength != "strongest" or cands[0].value > 0 or seat in game.five_used):
        return {"type": "word", "player": seat, "cards": cands[0].tokens()}
    if (
        game.options.five_card_draw
        and seat not in game.five_used
        and sum(game.available(g) for g in game.piles) > 0
    ):
        return {"type": "five_cards", "player": seat, **draw_split(game, seat, game.options.five_card_count)}
    if cands:
        return {"type": "word", "player": seat, "cards": cands[0].tokens()}
    return {"type": "pass", "player": seat}
