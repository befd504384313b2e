"""WORDCARD hints and bots: the best laydown a hand allows under the deal's game type, and the best
solution of a GROUP GAME (the solo puzzle's score to beat).

Candidate rows come from two generators: words (the DAWG walk of :mod:`.card_words` over the hand's letters,
wild cards as blanks), each with the card choices that give the best score (a letter held on several ranks
can make the row a sequence or a set too), and card combinations (every set and every run of 3 to 8 ranks,
up and down, with the letter order that reads best). Every candidate is scored by the game's own
:func:`~wordtable.games.wordcard_scoring.score_meld`. Then a depth-first search with a time budget picks rows
that use no card twice and give the most (the opening minimum of rule 14 respected).

Strengths: ``beginner`` (one short row), ``club`` (greedy: the best row, then the best of what is left),
``strongest`` (the search, 1 s by default).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wordtable.games.base import GameError
from wordtable.games.cards import Card, PlacedCard
from wordtable.games.wordcard import Meld, WordcardGame, WordcardOptions
from wordtable.games.wordcard_group import GroupOptions, WordcardGroupGame, score_solution
from wordtable.games.wordcard_scoring import TypeRule, card_value, fill_wild_ranks, score_meld

from ..lexicon.protocol import Lexicon
from .card_words import CardWordFinder

STRENGTHS = ("beginner", "club", "strongest")
"""Bot strengths, weakest first."""

ASSIGN_LIMIT = 64
"""Card choices tried for one word (the letters held on several ranks)."""
ORDER_LIMIT = 120
"""Letter orders tried for one combination (5 cards: all of them)."""


@dataclass(frozen=True)
class Row:
    """A candidate row: its cards as placed, the points it earns now (bonuses included) and its text."""

    cards: tuple[PlacedCard, ...]
    points: int
    text: str
    meld: int | None = None
    """For a tag-on: the row on the table it extends (its cards are among ``cards``)."""
    new: frozenset[str] = frozenset()
    """For a tag-on: the ids of the cards it adds."""

    @property
    def ids(self) -> frozenset[str]:
        """The cards from the hand it uses (a tag-on also claims its row, so a play tags a row once)."""
        if self.meld is not None:
            return self.new | {f"row:{self.meld}"}
        return frozenset(p.card.id for p in self.cards)

    @property
    def hand_cards(self) -> list[PlacedCard]:
        """The cards it takes from the hand."""
        return [p for p in self.cards if self.meld is None or p.card.id in self.new]

    def tokens(self) -> list[str]:
        """The row as an action's cards (``#id``, ``*=E♥5`` for a wild card)."""
        return [p.face if p.card.wild else f"#{p.card.id}" for p in self.cards]

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        out = {
            "text": self.text,
            "cards": [p.face for p in self.cards],
            "points": self.points,
            "action_cards": self.tokens(),
        }
        if self.meld is not None:
            out["tag_on"] = self.meld
        return out


@dataclass
class Laydown:
    """Rows to lay in one play, their points, the cards left."""

    rows: list[Row]
    points: int
    left: list[Card]

    def to_dict(self) -> dict[str, Any]:
        """JSON form for ``wordtable hint``."""
        return {
            "rows": [r.to_dict() for r in self.rows],
            "points": self.points,
            "left": [c.face for c in self.left],
        }

    def action(self, seat: int) -> dict[str, Any]:
        """The ``play`` action that lays it."""
        return {
            "type": "play",
            "player": seat,
            "melds": [r.tokens() for r in self.rows if r.meld is None],
            "tag_ons": [{"meld": r.meld, "cells": r.tokens()} for r in self.rows if r.meld is not None],
        }


def _score(
    row: list[PlacedCard], rule: TypeRule, options: WordcardOptions, is_word: Callable[[str], bool]
) -> Row | None:
    try:
        ms = score_meld(row, rule, options, is_word)
    except GameError:
        return None
    return Row(tuple(row), ms.points + ms.bonus, ms.text)


def _wild_as(card: Card, letter: str, number: int | None) -> PlacedCard:
    return PlacedCard(card, letter, None, number)


def word_rows(
    hand: Sequence[Card],
    rule: TypeRule,
    options: WordcardOptions,
    lexicon: Lexicon,
    max_cards: int | None = None,
    deadline: float | None = None,
) -> list[Row]:
    """The best-scoring card choice for every word the hand spells (words must or may count)."""
    finder = CardWordFinder(lexicon)
    by_letter: dict[str, list[Card]] = {}
    wilds = [c for c in hand if c.wild]
    for c in hand:
        if not c.wild:
            by_letter.setdefault(c.letters, []).append(c)
    pool: dict[bytes, int] = {}
    for letters, cards in by_letter.items():
        k = finder.key(letters)
        if k is not None:
            pool[k] = len(cards)
    out: list[Row] = []
    seen: set[str] = set()
    for n, (word, path) in enumerate(
        finder.words([pool], blanks=len(wilds), min_letters=2, max_cards=max_cards)
    ):
        if deadline is not None and n & 255 == 0 and time.perf_counter() > deadline:
            break
        text = finder.text(word)
        if text in seen:
            continue
        seen.add(text)
        best: Row | None = None
        choices: list[list[Card | None]] = []
        for i, (pool_index, _k) in enumerate(path):
            if pool_index < 0:
                choices.append([None])
            else:
                choices.append(list(by_letter[text[i]]))
        tried = 0
        combos: Any = itertools.product(*choices)
        if not rule.combinations_count:
            # only letters count: the highest cards of each letter are the best choice, in any order
            ranked = {ch: sorted(cs, key=lambda c: -c.points) for ch, cs in by_letter.items()}
            taken: dict[str, int] = {}
            pick: list[Card | None] = []
            for i, (pool_index, _k) in enumerate(path):
                if pool_index < 0:
                    pick.append(None)
                else:
                    n = taken.get(text[i], 0)
                    taken[text[i]] = n + 1
                    pick.append(ranked[text[i]][n])
            combos = [tuple(pick)]
        for combo in combos:
            ids = [c.id for c in combo if c is not None]
            if len(set(ids)) != len(ids):
                continue
            tried += 1
            if tried > ASSIGN_LIMIT:
                break
            row: list[PlacedCard] = []
            w = 0
            for i, c in enumerate(combo):
                if c is None:
                    row.append(_wild_as(wilds[w], text[i], None))
                    w += 1
                else:
                    row.append(PlacedCard.of(c))
            row = fill_wild_ranks(row)
            got = _score(row, rule, options, lexicon.is_word)
            if got is not None and (best is None or got.points > best.points):
                best = got
        if best is not None:
            out.append(best)
    return out


def combination_rows(
    hand: Sequence[Card], rule: TypeRule, options: WordcardOptions, lexicon: Lexicon
) -> list[Row]:
    """Sets and sequences (rule 29) of the hand, each in its best-reading order (wild cards left out)."""
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        if not c.wild and c.number is not None:
            by_rank.setdefault(c.number, []).append(c)
    groups: list[list[list[Card]]] = []
    for cards in by_rank.values():
        for size in range(2, len(cards) + 1):
            for subset in itertools.combinations(cards, size):
                groups.append([list(subset)])
    ranks = sorted(by_rank)
    for start in ranks:
        for length in range(3, 9):
            run = list(range(start, start + length))
            if not all(r in by_rank for r in run):
                break
            for pick in itertools.islice(itertools.product(*(by_rank[r] for r in run)), ASSIGN_LIMIT):
                groups.append([list(pick), list(pick)[::-1]])
    out: list[Row] = []
    for orders in groups:
        best: Row | None = None
        is_set = len({c.number for c in orders[0]}) == 1
        candidates = (
            itertools.islice(itertools.permutations(orders[0]), ORDER_LIMIT)
            if is_set and rule.words_count
            else orders
        )
        for order in candidates:
            got = _score([PlacedCard.of(c) for c in order], rule, options, lexicon.is_word)
            if got is not None and (best is None or got.points > best.points):
                best = got
        if best is not None:
            out.append(best)
    return out


def candidate_rows(
    hand: Sequence[Card],
    options: WordcardOptions,
    lexicon: Lexicon,
    *,
    max_cards: int | None = None,
    deadline: float | None = None,
) -> list[Row]:
    """Every row worth laying from ``hand`` under ``options.game_type``, best first."""
    rule = options.rule
    rows: list[Row] = []
    if rule.must_word or (rule.words_count and not rule.must_combination):
        rows.extend(word_rows(hand, rule, options, lexicon, max_cards, deadline))
    if rule.must_combination:
        rows.extend(combination_rows(hand, rule, options, lexicon))
    unique: dict[tuple[str, ...], Row] = {}
    for r in rows:
        key = tuple(sorted(r.ids)) + (r.text,)
        if key not in unique or unique[key].points < r.points:
            unique[key] = r
    return sorted(unique.values(), key=lambda r: -r.points)


def choose_rows(
    rows: list[Row],
    hand: Sequence[Card],
    objective: Callable[[list[Row]], int],
    allowed: Callable[[list[Row]], bool],
    *,
    strength: str,
    budget_s: float,
) -> list[Row]:
    """Rows that share no card, best by ``objective`` among the selections ``allowed`` accepts."""
    chosen: list[Row] = []
    if strength in ("beginner", "club"):
        # club: the best row, then the best of what is left; beginner: the shortest rows first
        order = sorted(rows, key=lambda r: (len(r.cards), -r.points)) if strength == "beginner" else rows
        used: set[str] = set()
        for r in order:
            if not (r.ids & used):
                trial = [*chosen, r]
                if allowed(trial) or not chosen:
                    chosen = trial
                    used |= r.ids
        return chosen if allowed(chosen) else []
    deadline = time.perf_counter() + budget_s
    best: list[list[Row]] = [[]]
    best_value = [objective([]) if allowed([]) else None]
    count = [0]

    def search(start: int, picked: list[Row], used: frozenset[str]) -> None:
        count[0] += 1
        if count[0] & 127 == 0 and time.perf_counter() > deadline:
            raise TimeoutError
        if picked and allowed(picked):
            v = objective(picked)
            if best_value[0] is None or v > best_value[0]:
                best_value[0] = v
                best[0] = list(picked)
        for i in range(start, len(rows)):
            r = rows[i]
            if r.ids & used:
                continue
            picked.append(r)
            search(i + 1, picked, used | r.ids)
            picked.pop()

    try:
        search(0, [], frozenset())
    except TimeoutError:
        pass
    return best[0]


def tag_on_rows(
    hand: Sequence[Card],
    melds: Sequence[Meld],
    options: WordcardOptions,
    lexicon: Lexicon,
    max_added: int = 3,
) -> list[Row]:
    """Cards of the hand tagged on at the ends of rows on the table: words that grow the row's word (up to
    ``max_added`` letters each end), and cards that lengthen a set or a sequence; each scored as a tag-on."""
    rule = options.rule
    real = [c for c in hand if not c.wild]
    by_letter: dict[str, list[Card]] = {}
    by_rank: dict[int, list[Card]] = {}
    for c in sorted(real, key=lambda c: -c.points):
        by_letter.setdefault(c.letters, []).append(c)
        if c.number is not None:
            by_rank.setdefault(c.number, []).append(c)
    out: list[Row] = []

    def add(meld: Meld, front: list[Card], back: list[Card]) -> None:
        row = [PlacedCard.of(c) for c in front] + list(meld.cards) + [PlacedCard.of(c) for c in back]
        new = list(range(len(front))) + list(range(len(front) + len(meld.cards), len(row)))
        try:
            ms = score_meld(
                row,
                rule,
                options,
                lexicon.is_word,
                before=meld.cards,
                new=new,
                awarded=(meld.long_word, meld.long_combination),
            )
        except GameError:
            return
        out.append(
            Row(tuple(row), ms.points + ms.bonus, ms.text, meld.id, frozenset(c.id for c in front + back))
        )

    def pick(letters: str) -> list[Card] | None:
        taken: dict[str, int] = {}
        got = []
        for ch in letters:
            n = taken.get(ch, 0)
            if n >= len(by_letter.get(ch, [])):
                return None
            taken[ch] = n + 1
            got.append(by_letter[ch][n])
        return got

    for meld in melds:
        text = "".join(p.letters for p in meld.cards)
        if rule.words_count and all(p.letters for p in meld.cards):
            for where in ("back", "front"):
                for word in lexicon.extensions(text, where=where, max_added=max_added):
                    extra = word[len(text) :] if where == "back" else word[: len(word) - len(text)]
                    got = pick(extra)
                    if got is not None:
                        add(meld, [] if where == "back" else got, got if where == "back" else [])
        numbers = [p.number for p in meld.cards]
        if rule.must_combination and None not in numbers:
            if len(set(numbers)) == 1:
                same = by_rank.get(numbers[0] or 0, [])
                for k in range(1, len(same) + 1):
                    add(meld, [], same[:k])
            else:
                step = (numbers[1] or 0) - (numbers[0] or 0)
                for end, sign in (("back", 1), ("front", -1)):
                    chain: list[Card] = []
                    edge = numbers[-1] if end == "back" else numbers[0]
                    for k in range(1, 6):
                        cards = by_rank.get((edge or 0) + sign * step * k, [])
                        if not cards:
                            break
                        chain.append(cards[0])
                        add(meld, [] if end == "back" else chain[::-1], chain if end == "back" else [])
    return out


def best_rows(
    hand: Sequence[Card],
    options: WordcardOptions,
    lexicon: Lexicon,
    *,
    opened: bool,
    strength: str = "strongest",
    budget_s: float = 1.0,
    melds: Sequence[Meld] = (),
) -> Laydown:
    """The best rows to lay from ``hand`` (empty when nothing can be laid, or the opening is not met)."""
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
    o = options
    cards = list(hand)
    deadline = time.perf_counter() + budget_s
    rows = candidate_rows(
        cards, o, lexicon, max_cards=4 if strength == "beginner" else None, deadline=deadline
    )
    if opened and melds and strength != "beginner":
        rows = sorted(rows + tag_on_rows(cards, melds, o, lexicon), key=lambda r: -r.points)
    least = o.formula == "least"

    def laid_value(sel: list[Row]) -> int:
        return sum(card_value(p, o.wild_points) for r in sel for p in r.hand_cards)

    def allowed(sel: list[Row]) -> bool:
        if opened or not sel:
            return True
        n = sum(len(r.cards) for r in sel)
        if len(cards) - n <= 1:
            return True
        return n >= o.opening_cards if o.opening == "cards" else laid_value(sel) >= o.opening_points

    def objective(sel: list[Row]) -> int:
        # playing for the least, every card laid is a penalty avoided
        return laid_value(sel) if least else sum(r.points for r in sel)

    chosen = choose_rows(
        rows, cards, objective, allowed, strength=strength, budget_s=max(0.0, deadline - time.perf_counter())
    )
    used = {i for r in chosen for i in r.ids}
    return Laydown(chosen, sum(r.points for r in chosen), [c for c in cards if c.id not in used])


def best_laydown(
    game: WordcardGame, seat: int, *, strength: str = "strongest", budget_s: float = 1.0
) -> Laydown:
    """The best rows for ``seat`` to lay now in ``game``, tag-ons on the rows on the table included."""
    o = game.deal_options
    melds = [m for m in game.melds if o.tag_on_others or m.owner == seat]
    return best_rows(
        game.hands[seat].cards,
        o,
        game.lexicon,
        opened=game.deposit_turn[seat] is not None,
        strength=strength,
        budget_s=budget_s,
        melds=melds,
    )


def bot_play(
    game: WordcardGame, seat: int, *, strength: str = "club", budget_s: float = 0.5
) -> list[dict[str, Any]]:
    """A whole turn for a bot: take from the deck, lay the best rows, discard the costliest card left."""
    actions: list[dict[str, Any]] = [{"type": "take", "player": seat}]
    game.apply(actions[0])
    if game.phase != "play":
        return actions
    lay = best_laydown(game, seat, strength=strength, budget_s=budget_s)
    if lay.rows:
        action = lay.action(seat)
        try:
            game.apply(action)
            actions.append(action)
        except GameError:
            pass
    if game.phase == "play" and game.hands[seat].cards:
        worst = max(game.hands[seat].cards, key=lambda c: (not c.wild, c.points))
        action = {"type": "discard", "player": seat, "card": f"#{worst.id}"}
        game.apply(action)
        actions.append(action)
    return actions


def best_group_solution(
    game: WordcardGroupGame, *, strength: str = "strongest", budget_s: float = 2.0
) -> tuple[list[Row], int]:
    """The best solution the host finds for a GROUP GAME's cards, and its score (the score to beat)."""
    o: GroupOptions = game.options
    scoring = o.scoring()
    deadline = time.perf_counter() + budget_s
    rows = candidate_rows(game.table, scoring, game.lexicon, deadline=deadline)

    def objective(sel: list[Row]) -> int:
        return score_solution([list(r.cards) for r in sel], game.table, o, game.lexicon.is_word).total

    chosen = choose_rows(
        rows,
        game.table,
        objective,
        lambda sel: True,
        strength=strength,
        budget_s=max(0.0, deadline - time.perf_counter()),
    )
    return chosen, objective(chosen)
