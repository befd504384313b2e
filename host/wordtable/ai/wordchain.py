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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from random import Random
from typing import Any

from wordtable.games.cards import Card, PlacedCard
from wordtable.games.wordchain import CONSONANT, VOWEL, WordchainGame, WordchainOptions
from wordtable.games.wordchain_scoring import WordScore, score_word

STRENGTHS = ("beginner", "club", "strongest")
"""Bot strengths, weakest first."""

HAND, BLANK, LINK = 0, 1, 2
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
        return {"word": self.word, "cards": [p.face for p in self.placed], "action_cards": self.tokens(),
                "score": self.score.total, "value": round(self.value, 2), "steps": self.score.to_dict()["steps"]}


# -- the DAWG walk --------------------------------------------------------------------------------------


def _walk_words(lexicon: Any, hand: Sequence[Card], link: Card, *, link_anywhere: bool,
                max_hand: int | None, max_cards: int | None) -> Iterator[tuple[bytes, tuple[tuple[int, bytes], ...]]]:
    """Yield (word codes, path) for every word the hand can make with the link card used once; the
    path says for each card whether it came from the hand (with its letters), a Multicard, or the link."""
    alphabet = lexicon.alphabet
    dawg = lexicon.dawg
    masks, starts, targets, labels, terminal = dawg.masks, dawg.starts, dawg.targets, dawg.labels, dawg.terminal
    index = alphabet.index

    def codes_of(letters: str) -> bytes | None:
        try:
            return bytes(index[ch] for ch in letters)
        except KeyError:
            return None

    counts: dict[bytes, int] = {}
    blanks = 0
    for c in hand:
        if c.wild:
            blanks += 1
            continue
        code = codes_of(c.letters)
        if code is not None:
            counts[code] = counts.get(code, 0) + 1
    link_codes = None if link.wild else codes_of(link.letters)
    if not link.wild and link_codes is None:
        return
    singles = {k[0]: k for k in counts if len(k) == 1}
    keys = list(counts)
    hand_cap = max_hand if max_hand is not None else len(hand)
    card_cap = max_cards if max_cards is not None else len(hand) + 1
    path: list[tuple[int, bytes]] = []
    word = bytearray()

    def follow(node: int, codes: bytes) -> int:
        for letter in codes:
            m = masks[node]
            if not (m >> letter) & 1:
                return -1
            node = targets[starts[node] + (m & ((1 << letter) - 1)).bit_count()]
        return node

    def visit(node: int, link_used: bool, from_hand: int) -> Iterator[tuple[bytes, tuple[tuple[int, bytes], ...]]]:
        if link_used and from_hand and terminal[node]:
            yield bytes(word), tuple(path)
        if len(path) >= card_cap:
            return
        if not link_used and (link_anywhere or not path):
            if link_codes is not None:
                nxt = follow(node, link_codes)
                if nxt >= 0:
                    path.append((LINK, link_codes))
                    word.extend(link_codes)
                    yield from visit(nxt, True, from_hand)
                    del word[-len(link_codes):]
                    path.pop()
            else:
                for e in range(starts[node], starts[node + 1]):
                    letter = labels[e]
                    path.append((LINK, bytes((letter,))))
                    word.append(letter)
                    yield from visit(targets[e], True, from_hand)
                    word.pop()
                    path.pop()
        if not link_used and not link_anywhere:
            return
        if from_hand >= hand_cap:
            return
        for key in keys:
            if counts[key] <= 0:
                continue
            nxt = follow(node, key)
            if nxt < 0:
                continue
            counts[key] -= 1
            path.append((HAND, key))
            word.extend(key)
            yield from visit(nxt, link_used, from_hand + 1)
            del word[-len(key):]
            path.pop()
            counts[key] += 1
        nonlocal blanks
        if blanks:
            for e in range(starts[node], starts[node + 1]):
                letter = labels[e]
                single = singles.get(letter)
                if single is not None and counts[single] > 0:
                    continue  # a real card of that letter scores more than a Multicard
                blanks -= 1
                path.append((BLANK, bytes((letter,))))
                word.append(letter)
                yield from visit(targets[e], link_used, from_hand + 1)
                word.pop()
                path.pop()
                blanks += 1

    yield from visit(0, False, 0)


# -- from letters to cards ------------------------------------------------------------------------------


def _assignments(path: tuple[tuple[int, bytes], ...], by_letters: dict[bytes, list[Card]]) -> Iterator[list[Card]]:
    """Ways to pick real cards for the hand positions of ``path`` (best-points first)."""
    slots = [key for kind, key in path if kind == HAND]
    need: dict[bytes, int] = {}
    for key in slots:
        need[key] = need.get(key, 0) + 1
    options_per_slot = [by_letters[key] for key in slots]
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
    for order in orders:
        pools = {key: sorted(cards, key=order) for key, cards in by_letters.items() if key in need}
        taken = {key: 0 for key in pools}
        pick = []
        for key in slots:
            pick.append(pools[key][taken[key]])
            taken[key] += 1
        yield pick


def _placed(path: tuple[tuple[int, bytes], ...], pick: list[Card], wilds: list[Card], link: Card,
            lexicon: Any) -> tuple[list[PlacedCard], int, list[Card]]:
    decode = lexicon.alphabet.decode
    out: list[PlacedCard] = []
    used: list[Card] = []
    hand_i = blank_i = 0
    link_pos = 0
    for i, (kind, key) in enumerate(path):
        if kind == HAND:
            card = pick[hand_i]
            hand_i += 1
            out.append(PlacedCard.of(card))
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
    return 1 + max(options.suited_sequenced_percent, options.coloured_sequenced_percent,
                   options.sequenced_percent, options.suited_percent, options.coloured_percent) / 100


def _upper_bound(path: tuple[tuple[int, bytes], ...], best_points: dict[bytes, list[int]], link_points: int,
                 options: WordchainOptions, hand_size: int, gift: float) -> float:
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


def best_words(hand: Sequence[Card], link: Card, lexicon: Any, options: WordchainOptions | None = None, *,
               top: int = 5, link_anywhere: bool | None = None, max_hand: int | None = None,
               max_cards: int | None = None, gift_weight: float = 0.0, words_used: Sequence[str] = ()) -> list[Candidate]:
    """The ``top`` best words ``hand`` can lay on ``link``, best first, scored with the real chain.

    ``link_anywhere`` defaults to the options (rule L); ``max_hand`` is the dice limit; ``max_cards`` a
    length limit; ``gift_weight`` counts the points the new link card gives the next player against
    the word (its own value and the rule J bonus); ``words_used`` are excluded (the unique-words rule).
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
            for pick in _assignments(path, by_letters):
                placed, pos, used = _placed(path, pick, wilds, link, lexicon)
                s = score_word(placed, pos, options, all_cards_used=len(used) == len(hand))
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

    def collect(elsewhere: bool) -> dict[tuple[bytes, tuple[tuple[int, bytes], ...]], float]:
        found: dict[tuple[bytes, tuple[tuple[int, bytes], ...]], float] = {}
        for codes, path in _walk_words(lexicon, hand, link, link_anywhere=elsewhere, max_hand=max_hand,
                                       max_cards=max_cards):
            if elsewhere and path[0][0] == LINK:
                continue
            if (codes, path) not in found:
                found[(codes, path)] = _upper_bound(path, best_points, link_points, options, len(hand), gift)
        return found

    consider(collect(False))
    if anywhere and (len(results) < top or _elsewhere_bound(hand, link_points, options) > results[0][0]):
        consider(collect(True))
    return [c for _, _, c in sorted(results, key=lambda t: (-t[0], t[1]))]


# -- bots -----------------------------------------------------------------------------------------------


def hint(game: WordchainGame, seat: int | None = None, strength: str = "strongest", top: int = 5) -> list[Candidate]:
    """The best words for ``seat`` (default: whose turn it is) in ``game`` at ``strength``."""
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
    seat = game.current if seat is None else seat
    o = game.options
    hand = game.hands[seat].cards
    doubles = game.is_double
    max_hand = game.hand_limit(1)
    kwargs: dict[str, Any] = {"max_hand": max_hand, "words_used": game.words_played if o.unique_words else ()}
    if o.max_word_cards is not None:
        kwargs["max_cards"] = o.max_word_cards
    if strength == "beginner":
        return best_words(hand, game.link, game.lexicon, o, top=top, link_anywhere=False,
                          **{**kwargs, "max_cards": min(4, kwargs.get("max_cards") or 4)})
    if strength == "club":
        return best_words(hand, game.link, game.lexicon, o, top=top, link_anywhere=False,
                          **{**kwargs, "max_cards": min(7, kwargs.get("max_cards") or 7)})
    del doubles
    return best_words(hand, game.link, game.lexicon, o, top=top, gift_weight=0.5, **kwargs)


def draw_split(game: WordchainGame, seat: int, count: int) -> dict[str, int]:
    """Split a draw of ``count`` cards between the decks so the hand gets back to the dealt balance."""
    o = game.options
    if o.one_deck:
        return {}
    hand = game.hands[seat].cards
    have_v = sum(1 for c in hand if c.group == VOWEL)
    want_v = max(0, min(count, o.hand_vowels - have_v + (count - (o.hand_consonants + o.hand_vowels - len(hand))) // 2))
    avail_c, avail_v = game.available(CONSONANT), game.available(VOWEL)
    total = min(count, avail_c + avail_v)
    v = min(want_v, avail_v, total)
    c = total - v
    if c > avail_c:
        c = avail_c
        v = total - c
    return {"consonants": c, "vowels": v}


def bot_action(game: WordchainGame, strength: str = "club", rng: Random | None = None) -> dict[str, Any]:
    """The action a bot of ``strength`` takes now (a word, its draw, the five-card draw, or a pass)."""
    seat = game.current
    if game.phase == "draw":
        assert game.pending is not None
        seat = game.pending.player
        return {"type": "draw", "player": seat, **draw_split(game, seat, game.pending.used)}
    cands = hint(game, seat, strength, top=5)
    if strength == "beginner" and cands:
        pick = (rng or Random(0)).choice(cands[: max(1, len(cands) // 2 + 1)])
        return {"type": "word", "player": seat, "cards": pick.tokens()}
    if cands and (strength != "strongest" or cands[0].value > 0 or seat in game.five_used):
        return {"type": "word", "player": seat, "cards": cands[0].tokens()}
    if game.options.five_card_draw and seat not in game.five_used and sum(game.available(g) for g in game.piles):
        return {"type": "five_cards", "player": seat, **draw_split(game, seat, game.options.five_card_count)}
    if cands:
        return {"type": "word", "player": seat, "cards": cands[0].tokens()}
    return {"type": "pass", "player": seat}
