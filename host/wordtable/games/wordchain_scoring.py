"""WORDCHAIN's scoring chain, rules A to N, as one pure function of the cards laid.

The order is the text's (rule N): card points (B, C), then one of the colour / suit / sequence bonuses
(D to H, which exclude each other: the best that applies), the all-cards bonus (I), the link-word bonus
(J), the link-elsewhere penalty (L), the long all-remaining bonus (M); the running total is rounded up
to a whole number after every step. Rule A (simple scoring) is one point a card and nothing else. Rule K
(challenges) moves whole word scores between players and lives in the game, not here.
docs/rules/wordchain.md gives the reading of every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil
from typing import TYPE_CHECKING, Any

from .base import ScoreBreakdown, ScoreLine
from .cards import SUITS, PlacedCard

if TYPE_CHECKING:
    from .wordchain_options import WordchainOptions

WILD_NUMBER_RANGE = (0, 99)
"""Numbers a Multicard may be nominated as (rule C says "any number"; whole numbers in this range)."""

MIN_SEQUENCE = 3
"""A sequenced word has at least this many cards (two cards in order are not yet a sequence)."""

PATTERNS = ("suited_sequenced", "coloured_sequenced", "sequenced", "suited", "coloured")
"""The rule D to H categories, best first."""

PATTERN_RULES = {
    "coloured": "D",
    "suited": "E",
    "sequenced": "F",
    "coloured_sequenced": "G",
    "suited_sequenced": "H",
}
PATTERN_NAMES = {
    "coloured": "coloured word",
    "suited": "suited word",
    "sequenced": "sequenced word",
    "coloured_sequenced": "coloured and sequenced word",
    "suited_sequenced": "suited and sequenced word",
}


@dataclass(frozen=True)
class Step:
    """One step of the chain: the rule letter, what it says, the points it added and the total after."""

    rule: str
    label: str
    points: int
    total: int
    detail: str

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "rule": self.rule,
            "label": self.label,
            "points": self.points,
            "total": self.total,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class WordScore:
    """The score of one word: the cards as counted (Multicards with what they stood for), the pattern
    (``suited_sequenced`` ... ``coloured`` or None), the steps and the total."""

    word: str
    placed: tuple[PlacedCard, ...]
    link_position: int | None
    pattern: str | None
    steps: tuple[Step, ...]
    total: int

    @property
    def breakdown(self) -> ScoreBreakdown:
        """The steps as the shared score breakdown."""
        return ScoreBreakdown(
            tuple(ScoreLine(f"{s.rule}: {s.label}", s.points, s.detail) for s in self.steps), self.total
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what ``wordtable score`` prints)."""
        return {
            "word": self.word,
            "cards": [p.face for p in self.placed],
            "link_position": self.link_position,
            "pattern": self.pattern,
            "steps": [s.to_dict() for s in self.steps],
            "total": self.total,
        }


# -- patterns -------------------------------------------------------------------------------------------


def pattern_allowed(pattern: str | None, required: str) -> bool:
    """True when a word of ``pattern`` counts as ``coloured``, ``suited`` or ``sequenced`` (a suited word
    is also coloured; a suited and sequenced word is all three)."""
    if pattern is None:
        return False
    if required == "sequenced":
        return pattern.endswith("sequenced")
    if required == "suited":
        return pattern.startswith("suited")
    return pattern != "sequenced"


def _monotone_fill(values: Sequence[int | None], direction: int, lo: int, hi: int) -> list[int] | None:
    """Fill the None entries so that the whole list is strictly monotone in ``direction`` (+1 up, -1 down)
    within [lo, hi]; None when impossible. Greedy from the left, keeping each free value as close to the
    last as allowed, which succeeds whenever any filling does."""
    seq = list(values) if direction > 0 else [None if v is None else -v for v in values]
    lo_, hi_ = (lo, hi) if direction > 0 else (-hi, -lo)
    out: list[int] = []
    prev: int | None = None
    for i, v in enumerate(seq):
        if v is None:
            want = lo_ if prev is None else prev + 1
            # leave room for the free cards before the next fixed value
            nxt = next(((j, w) for j, w in enumerate(seq[i + 1 :], i + 1) if w is not None), None)
            if nxt is not None and want > nxt[1] - (nxt[0] - i):
                return None
            if want > hi_:
                return None
            out.append(want)
            prev = want
        else:
            if (prev is not None and v <= prev) or not lo_ <= v <= hi_:
                return None
            out.append(v)
            prev = v
    return out if direction > 0 else [-v for v in out]


def sequence_direction(placed: Sequence[PlacedCard]) -> tuple[int, list[int]] | None:
    """(+1 or -1, the numbers) when the cards are in sequence both by letter and by number in one
    direction (gaps allowed, no repeats), filling unnominated Multicard numbers if that makes it; else None."""
    if len(placed) < MIN_SEQUENCE:
        return None
    letters = [p.letters for p in placed]
    if any(not x for x in letters):
        return None
    numbers = [p.number for p in placed]
    if any(n is None for n, p in zip(numbers, placed, strict=True) if not p.card.wild):
        return None
    lo, hi = WILD_NUMBER_RANGE
    for direction in (1, -1):
        if all((b > a) if direction > 0 else (b < a) for a, b in zip(letters, letters[1:], strict=False)):
            filled = _monotone_fill(numbers, direction, lo, hi)
            if filled is not None:
                return direction, filled
    return None


def _common_suit(placed: Sequence[PlacedCard]) -> str | None:
    """The one suit all cards share (free Multicards join any), None if none; "S" when all are free."""
    suits = {p.suit for p in placed if not (p.card.wild and p.suit is None)}
    if None in suits or len(suits) > 1:
        return None
    return next(iter(suits)) if suits else "S"


def _common_colour(placed: Sequence[PlacedCard]) -> str | None:
    colours = {p.colour for p in placed if not (p.card.wild and p.suit is None)}
    if None in colours or len(colours) > 1:
        return None
    return next(iter(colours)) if colours else "black"


def best_pattern(placed: Sequence[PlacedCard]) -> tuple[str | None, list[PlacedCard]]:
    """The best rule D to H category the cards make, and the cards with free Multicards filled in so
    that they make it (a free suit takes the common suit or a suit of the common colour; a free number
    the value that keeps the sequence)."""
    cards = list(placed)
    seq = sequence_direction(cards)
    suit = _common_suit(cards)
    colour = _common_colour(cards) if suit is None else SUITS[suit].colour
    pattern: str | None
    if seq is not None:
        pattern = "suited_sequenced" if suit else "coloured_sequenced" if colour else "sequenced"
    else:
        pattern = "suited" if suit else "coloured" if colour else None
    # a free Multicard is given a suit or number only where the pattern needs one
    fill_suit = suit or (next(s for s in SUITS.values() if s.colour == colour).code if colour else None)
    numbers = seq[1] if seq is not None else None
    out = []
    for i, p in enumerate(cards):
        if p.card.wild:
            p = replace(
                p,
                suit=p.suit or fill_suit,
                number=p.number if p.number is not None else (numbers[i] if numbers else None),
            )
        out.append(p)
    return pattern, out


# -- the chain ------------------------------------------------------------------------------------------


def _percent_step(total: int, pct: Fraction) -> tuple[int, str]:
    exact = total * (1 + pct)
    new = ceil(exact)
    shown = f"{float(exact):.2f}".rstrip("0").rstrip(".")
    return new, f"{total} × {float((1 + pct) * 100):g}% = {shown}" + (
        "" if exact == new else f", rounded up to {new}"
    )


def score_word(
    placed: Sequence[PlacedCard],
    link_position: int | None,
    options: WordchainOptions,
    *,
    all_cards_used: bool = False,
    link_points: int | None = None,
) -> WordScore:
    """Score one word laid as ``placed`` (in order) with the link card at ``link_position`` (None: no link,
    which only a test or a hint of a free word asks for).

    ``all_cards_used``: the word used every card the player held (rules I and M). ``link_points``:
    the link card's points when they are not its own (for a house rule that lets a nominated Multicard
    link score). Multicards without a nominated suit or number get the ones best for the player.
    """
    word = "".join(p.letters for p in placed)
    steps: list[Step] = []
    if options.scoring == "simple":
        total = len(placed)
        steps.append(Step("A", "one point a card", total, total, f"{len(placed)} cards × 1"))
        return WordScore(word, tuple(placed), link_position, None, tuple(steps), total)

    pattern, cards = best_pattern(placed)
    points = []
    for i, p in enumerate(cards):
        pts = p.card.points
        if i == link_position and link_points is not None:
            pts = link_points
        points.append(pts)
    total = sum(points)
    detail = " + ".join(
        f"{p.face} ({pts})" if p.card.wild else p.face for p, pts in zip(cards, points, strict=True)
    )
    steps.append(Step("B", "card points", total, total, f"{detail} = {total}"))
    if pattern is not None:
        pct = Fraction(getattr(options, f"{pattern}_percent"), 100)
        new, how = _percent_step(total, pct)
        steps.append(
            Step(PATTERN_RULES[pattern], f"{PATTERN_NAMES[pattern]} +{pct * 100}%", new - total, new, how)
        )
        total = new
    if all_cards_used:
        pct = Fraction(options.all_cards_percent, 100)
        new, how = _percent_step(total, pct)
        steps.append(Step("I", f"all cards held used +{pct * 100}%", new - total, new, how))
        total = new
    if link_position == 0 and options.link_word_multiplier:
        lp = link_points if link_points is not None else cards[0].card.points
        bonus = options.link_word_multiplier * lp
        if bonus:
            steps.append(
                Step(
                    "J",
                    "word on the link card",
                    bonus,
                    total + bonus,
                    f"{options.link_word_multiplier} × {lp} (the link card {cards[0].face})",
                )
            )
        total += bonus
    if link_position is not None and link_position > 0:
        frac = Fraction(options.link_penalty)
        exact = total * (1 - frac)
        new = ceil(exact)
        shown = f"{float(exact):.2f}".rstrip("0").rstrip(".")
        steps.append(
            Step(
                "L",
                f"link card not first −{options.link_penalty}",
                new - total,
                new,
                f"{total} − {options.link_penalty} of {total} = {shown}"
                + ("" if exact == new else f", rounded up to {new}"),
            )
        )
        total = new
    if all_cards_used and len(cards) >= options.long_word_cards:
        pct = Fraction(options.long_word_percent, 100)
        new, how = _percent_step(total, pct)
        steps.append(
            Step(
                "M",
                f"all remaining cards in a word of {options.long_word_cards}+ cards +{pct * 100}%",
                new - total,
                new,
                how,
            )
        )
        total = new
    return WordScore(word, tuple(cards), link_position, pattern, tuple(steps), total)
