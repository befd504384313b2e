"""WORDCARD's melds and their points, as pure functions of the cards laid in a row.

A meld is a row of cards (:class:`~.cards.PlacedCard`, a wild card with what it stands for). What it must
be and what it earns depends on the game type (rules 22 to 33): the letters may have to spell a word, the
playing-card part may have to be a combination (a set of two or more cards of one rank, or a sequence of 3
to 8 ranks going up or down, rule 29). Every word read in the row counts, words within words too (rule
24: ADMIRATION gives RATION, RAT, ION ...), each as the sum of its cards' values. WORDCARD doubles (rule
33). Rules 44 and 45 give 50 for a word of 8 letters or more, and for 8 identical cards or a sequence of 8.
docs/rules/wordcard.md gives the readings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .base import IllegalMoveError, InvalidMoveError, ScoreLine
from .cards import PlacedCard

if TYPE_CHECKING:
    from .wordcard_options import WordcardOptions

MIN_WORD = 2
"""Rule 23: a word has at least 2 letters."""
MIN_SET, MIN_SEQUENCE, MAX_SEQUENCE = 2, 3, 8
"""Rule 29: two or more identical cards; a sequence of 3 to 8."""
LOWEST_RANK, HIGHEST_RANK = 1, 13
LONG_WORD, LONG_COMBINATION, LONG_BONUS = 8, 8, 50
"""Rules 44 and 45."""


@dataclass(frozen=True)
class TypeRule:
    """What one game type asks of a meld and what counts in it."""

    name: str
    must_word: bool
    must_combination: bool
    words_count: bool
    combinations_count: bool
    multiplier: int = 1


TYPE_RULES: dict[str, TypeRule] = {
    "wordplay": TypeRule("WORDPLAY", True, False, True, False),
    "cardplay": TypeRule("CARDPLAY", False, True, False, True),
    "wordplay_plus": TypeRule("WORDPLAY PLUS", True, False, True, True),
    "cardplay_plus": TypeRule("CARDPLAY PLUS", False, True, True, True),
    "wordcard": TypeRule("WORDCARD", True, True, True, True, 2),
}
"""The five types a deal is played as (WILD GAME picks one of them, GROUP GAME plays one)."""


def card_value(p: PlacedCard, wild_points: int) -> int:
    """Rule 1: one value for both parts (the rank); rule 3: a wild card is worth 0 or 25 as agreed."""
    return wild_points if p.card.wild else p.card.points


# -- combinations -----------------------------------------------------------------------------------------


def combination_kind(numbers: Sequence[int | None]) -> str | None:
    """``set``, ``sequence up``, ``sequence down`` or None for the ranks of a row in cell order (None:
    a wild card without a nominated rank, which takes whatever the row needs)."""
    known = [(i, n) for i, n in enumerate(numbers) if n is not None]
    size = len(numbers)
    if size >= MIN_SET and len({n for _, n in known}) <= 1:
        return "set"
    if not MIN_SEQUENCE <= size <= MAX_SEQUENCE or len(known) < 2:
        return None
    (i0, n0), (i1, n1) = known[0], known[1]
    step = (n1 - n0) / (i1 - i0)
    if step not in (1, -1):
        return None
    step = int(step)
    start = n0 - step * i0
    ranks = [start + step * i for i in range(size)]
    if (
        any(n is not None and n != ranks[i] for i, n in known)
        or min(ranks) < LOWEST_RANK
        or max(ranks) > HIGHEST_RANK
    ):
        return None
    return "sequence up" if step == 1 else "sequence down"


def fill_wild_ranks(row: Sequence[PlacedCard]) -> list[PlacedCard]:
    """Give wild cards without a nominated rank the rank the combination needs (unchanged if none)."""
    numbers = [p.number for p in row]
    kind = combination_kind(numbers)
    if kind is None or all(n is not None for n in numbers):
        return list(row)
    known = [(i, n) for i, n in enumerate(numbers) if n is not None]
    if kind == "set":
        rank = known[0][1] if known else None
        return [replace(p, number=rank) if p.number is None else p for p in row]
    i0, n0 = known[0]
    step = 1 if kind == "sequence up" else -1
    start = n0 - step * i0
    return [replace(p, number=start + step * i) if p.number is None else p for i, p in enumerate(row)]


# -- words ----------------------------------------------------------------------------------------------


def row_text(row: Sequence[PlacedCard]) -> str:
    """The letters of a row, '?' for a wild card standing for no letter yet."""
    return "".join(p.letters or "?" for p in row)


def word_spans(
    row: Sequence[PlacedCard], is_word: Callable[[str], bool], min_length: int, whole_only: bool = False
) -> list[tuple[int, int, str]]:
    """Every word read in the row as (first card, last card + 1, word), the whole row first, then by start.

    Each place a word is read counts (the cards differ); a span is whole cards.
    """
    n = len(row)
    letters = [p.letters for p in row]
    found: list[tuple[int, int, str]] = []
    whole = "".join(letters)
    if "" not in letters and len(whole) >= MIN_WORD and is_word(whole):
        found.append((0, n, whole))
    if whole_only:
        return found
    for i in range(n):
        text = ""
        for j in range(i, n):
            if not letters[j]:
                break
            text += letters[j]
            if (i, j + 1) != (0, n) and len(text) >= min_length and is_word(text):
                found.append((i, j + 1, text))
    return found


def name_wild_letters(
    row: list[PlacedCard], is_word: Callable[[str], bool], letters: str
) -> list[PlacedCard]:
    """Give a single wild card without a letter the one letter that makes the row a word; raise when
    none does or several do (the player then says which: ``*=E``)."""
    missing = [i for i, p in enumerate(row) if p.card.wild and not p.letters]
    if not missing:
        return row
    if len(missing) > 1:
        raise InvalidMoveError("say which letter each wild card stands for (*=E)")
    i = missing[0]
    choices = [
        ch for ch in letters if is_word("".join(p.letters if k != i else ch for k, p in enumerate(row)))
    ]
    shown = row_text(row)
    if not choices:
        raise IllegalMoveError(f"no letter for the wild card makes {shown} a word")
    if len(choices) > 1:
        raise InvalidMoveError(
            f"say which letter the wild card stands for in {shown}: {', '.join(choices)} all make words"
        )
    out = list(row)
    out[i] = replace(row[i], letters=choices[0])
    return out


# -- one meld ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MeldScore:
    """What one meld (or one tag-on) earned: the lines in order, the points before and after the WORDCARD
    doubling, and the bonuses of rules 44 and 45 (counted apart: they are not doubled)."""

    text: str
    is_word: bool
    combination: str | None
    lines: tuple[ScoreLine, ...]
    points: int
    bonus_lines: tuple[ScoreLine, ...]
    bonus: int
    long_word: bool
    long_combination: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "text": self.text,
            "is_word": self.is_word,
            "combination": self.combination,
            "lines": [ln.__dict__ for ln in self.lines],
            "points": self.points,
            "bonus_lines": [ln.__dict__ for ln in self.bonus_lines],
            "bonus": self.bonus,
        }


def _cards_detail(row: Sequence[PlacedCard], start: int, end: int, wild_points: int) -> str:
    parts = []
    for p in row[start:end]:
        v = card_value(p, wild_points)
        parts.append(f"{p.letters or '?'} {v}" + (" (wild)" if p.card.wild else ""))
    return " + ".join(parts)


def check_meld(
    row: Sequence[PlacedCard], rule: TypeRule, is_word: Callable[[str], bool], *, check_words: bool = True
) -> tuple[bool, str | None]:
    """Raise :class:`IllegalMoveError` when the row is not what the game type asks; else (is a word,
    combination kind)."""
    if len(row) < 2:
        raise IllegalMoveError("a laydown is two or more cards (rule 15)")
    text = row_text(row)
    word_ok = len(text) >= MIN_WORD and "?" not in text and (is_word(text) or not check_words)
    kind = combination_kind([p.number for p in row])
    if rule.must_word and not word_ok:
        raise IllegalMoveError(f"{text} is not a word: in {rule.name} every laydown must be a word")
    if rule.must_combination and kind is None:
        ranks = ",".join("*" if p.number is None else str(p.number) for p in row)
        raise IllegalMoveError(
            f"the cards {ranks} are no combination: in {rule.name} lay two or more of one rank, or 3 to 8 in a row up or down"
        )
    return word_ok, kind


def score_meld(
    row: Sequence[PlacedCard],
    rule: TypeRule,
    options: WordcardOptions,
    is_word: Callable[[str], bool],
    *,
    before: Sequence[PlacedCard] | None = None,
    new: Sequence[int] = (),
    awarded: tuple[bool, bool] = (False, False),
    check_words: bool = True,
) -> MeldScore:
    """Score a row laid now (``before`` None) or a tag-on that turned ``before`` into ``row`` (``new``: the
    cells of the tagged cards). Only words that use a new card count for a tag-on; a combination counts
    what it is worth now less what it was worth before. ``awarded`` says whether this meld already had
    the long-word and long-combination bonuses."""
    word_ok, kind = check_meld(row, rule, is_word, check_words=check_words)
    wp = options.wild_points
    lines: list[ScoreLine] = []
    text = row_text(row)
    if rule.words_count:
        spans = word_spans(
            row, is_word, options.inner_word_min_length, whole_only=not options.words_within_words
        )
        if word_ok and not check_words and not (spans and spans[0][:2] == (0, len(row))):
            spans.insert(0, (0, len(row), text))  # a word let stand until challenged
        new_set = set(new)
        for a, b, w in spans:
            if before is not None and not new_set.intersection(range(a, b)):
                continue
            pts = sum(card_value(p, wp) for p in row[a:b])
            label = f"word {w}" if (a, b) == (0, len(row)) else f"word {w} within {text}"
            lines.append(ScoreLine(label, pts, _cards_detail(row, a, b, wp)))
    if rule.combinations_count and kind is not None:
        pts = sum(card_value(p, wp) for p in row)
        detail = _cards_detail(row, 0, len(row), wp)
        if before is not None:
            old_kind = combination_kind([p.number for p in before])
            if old_kind is not None:
                old = sum(card_value(p, wp) for p in before)
                pts -= old
                detail = "the tagged cards: " + " + ".join(
                    f"{row[i].letters or '?'} {card_value(row[i], wp)}" for i in sorted(new)
                )
        ranks = "-".join(str(p.number) for p in row)
        lines.append(ScoreLine(f"{kind} {ranks}", pts, detail))
    points = sum(ln.points for ln in lines)
    if rule.multiplier != 1 and points:
        lines.append(
            ScoreLine(
                f"{rule.name}: points x{rule.multiplier}",
                points * (rule.multiplier - 1),
                f"{points} x {rule.multiplier} = {points * rule.multiplier} (rule 33)",
            )
        )
        points *= rule.multiplier
    bonus_lines: list[ScoreLine] = []
    long_word = rule.words_count and word_ok and len(text) >= LONG_WORD
    long_comb = rule.combinations_count and kind is not None and len(row) >= LONG_COMBINATION
    if options.bonuses and long_word and not awarded[0]:
        bonus_lines.append(
            ScoreLine(
                "bonus: a word of 8 letters or more", LONG_BONUS, f"{text}, {len(text)} letters (rule 44)"
            )
        )
    if options.bonuses and long_comb and not awarded[1]:
        what = "8 or more identical cards" if kind == "set" else "a sequence of 8 cards"
        bonus_lines.append(ScoreLine(f"bonus: {what}", LONG_BONUS, "rule 45"))
    return MeldScore(
        text,
        word_ok,
        kind,
        tuple(lines),
        points,
        tuple(bonus_lines),
        sum(b.points for b in bonus_lines),
        long_word,
        long_comb,
    )
