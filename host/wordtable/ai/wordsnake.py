"""WordSnake hints and bots: the highest-scoring snake a hand and the centre cards allow.

A depth-first search over chains of words with a time budget. Each word after the first starts on the last
card of the one before; the words come from :class:`~wordtable.ai.card_words.CardWordFinder` over two pools,
the hand and the centre, with at most one centre card a word (the rules let a player take one centre card
at a time and use it at once, so a bot can lay such a snake word by word). A snake is worth its cards'
points less what the hand cards it leaves out cost, so a hand card gains its points plus its cost and a
centre card its points. Candidates are tried best gain first; a branch stops when even every remaining card
could not beat the best snake found, and a position reached twice (same cards left, same last letter) is
searched once.

Strengths: ``beginner`` (short words, few tries, 50 ms), ``club`` (0.3 s, the best eight words at each
step), ``strongest`` (the whole search, 2 s by default).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordtable.games.cards import Card
from wordtable.games.wordsnake import WordsnakeGame, WordsnakeOptions, hand_penalty

from ..lexicon.protocol import Lexicon
from .card_words import CardWordFinder

STRENGTHS = ("beginner", "club", "strongest")
"""Bot strengths, weakest first."""

SETTINGS: dict[str, dict[str, Any]] = {
    "beginner": {"budget_s": 0.05, "branch": 3, "max_cards": 5},
    "club": {"budget_s": 0.3, "branch": 8, "max_cards": None},
    "strongest": {"budget_s": 2.0, "branch": None, "max_cards": None},
}

HAND, CENTRE = 0, 1


@dataclass
class SnakePlan:
    """A snake: its words, its cards in order with the centre place each centre card came from, its value."""

    words: list[str]
    cards: list[Card]
    centre_slots: list[int | None]
    word_ends: list[int]
    value: int
    hand_left: list[Card]

    @property
    def uses_whole_hand(self) -> bool:
        """True when the snake holds every hand card (its player can call Stop!)."""
        return not self.hand_left

    def actions(self, seat: int) -> list[dict[str, Any]]:
        """The game actions that lay this snake word by word (one centre card at a time), then Stop!
        when the hand is used up."""
        out: list[dict[str, Any]] = []
        for k, end in enumerate(self.word_ends):
            cells = self.cards[: end + 1]
            start = 0 if k == 0 else self.word_ends[k - 1] + 1
            slot = next((s for s in self.centre_slots[start : end + 1] if s is not None), None)
            action: dict[str, Any] = {
                "type": "snake",
                "player": seat,
                "cards": [f"#{c.id}" for c in cells],
                "joints": self.word_ends[:k],
            }
            if slot is not None:
                action["centre"] = slot
            out.append(action)
        if self.uses_whole_hand and self.cards:
            out.append({"type": "stop", "player": seat})
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON form for ``wordtable hint``."""
        return {
            "words": self.words,
            "cards": [c.face for c in self.cards],
            "value": self.value,
            "centre_used": [s for s in self.centre_slots if s is not None],
            "hand_left": [c.face for c in self.hand_left],
            "stop": self.uses_whole_hand,
        }


@dataclass
class SearchResult:
    """The best snake found and when: seconds to the first snake, to the first that uses the whole hand,
    and to the best; positions searched; whether the search space was exhausted."""

    best: SnakePlan | None
    first_s: float | None
    first_whole_hand_s: float | None
    best_s: float | None
    nodes: int
    exhausted: bool
    improvements: list[tuple[float, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "best": None if self.best is None else self.best.to_dict(),
            "first_s": self.first_s,
            "first_whole_hand_s": self.first_whole_hand_s,
            "best_s": self.best_s,
            "nodes": self.nodes,
            "exhausted": self.exhausted,
        }


class _Stop(Exception):
    pass


def best_snake(
    hand: Sequence[Card],
    centre: Sequence[Card | None],
    lexicon: Lexicon,
    options: WordsnakeOptions | None = None,
    *,
    strength: str = "strongest",
    budget_s: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchResult:
    """Search for the best snake of ``hand`` plus the ``centre`` cards (None: a place already empty)."""
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
    o = options or WordsnakeOptions()
    cfg = SETTINGS[strength]
    budget = cfg["budget_s"] if budget_s is None else budget_s
    branch: int | None = cfg["branch"]
    max_cards: int | None = cfg["max_cards"]
    finder = CardWordFinder(lexicon)
    # cards by key and pool, best gain first
    by_key: list[dict[bytes, list[tuple[int, Card, int | None]]]] = [{}, {}]
    for c in hand:
        k = finder.key(c.letters)
        if k is not None:
            by_key[HAND].setdefault(k, []).append((c.points + hand_penalty(c, o), c, None))
    for slot, spot in enumerate(centre):
        if spot is None:
            continue
        k = finder.key(spot.letters)
        if k is not None:
            by_key[CENTRE].setdefault(k, []).append((spot.points, spot, slot))
    for pool in by_key:
        for lst in pool.values():
            lst.sort(key=lambda t: -t[0])
    counts = [{k: len(v) for k, v in pool.items()} for pool in by_key]
    base = -sum(hand_penalty(c, o) for c in hand)
    t0 = clock()
    deadline = t0 + budget
    result = SearchResult(None, None, None, None, 0, False)
    best_value = [None]  # type: list[int | None]
    seen: dict[tuple[Any, ...], int] = {}
    chain: list[tuple[bytes, tuple[tuple[int, bytes], ...]]] = []

    def gain_of(path: tuple[tuple[int, bytes], ...], used: list[dict[bytes, int]]) -> int:
        g = 0
        taken = [dict(u) for u in used]
        for pool, k in path:
            i = taken[pool].get(k, 0)
            g += by_key[pool][k][i][0]
            taken[pool][k] = i + 1
        return g

    def potential(used: list[dict[bytes, int]]) -> int:
        total = 0
        for pool in (HAND, CENTRE):
            for k, lst in by_key[pool].items():
                total += sum(t[0] for t in lst[used[pool].get(k, 0) :])
        return total

    def record(value: int, used: list[dict[bytes, int]]) -> None:
        now = clock() - t0
        if result.first_s is None:
            result.first_s = now
        hand_used = sum(used[HAND].values())
        if hand_used == len(hand) and result.first_whole_hand_s is None:
            result.first_whole_hand_s = now
        if best_value[0] is None or value > best_value[0]:
            best_value[0] = value
            result.best = _plan(chain, by_key, finder, hand, value)
            result.best_s = now
            result.improvements.append((now, value))

    def search(value: int, used: list[dict[bytes, int]], last: bytes | None) -> None:
        result.nodes += 1
        if result.nodes & 63 == 0 and clock() > deadline:
            raise _Stop
        if chain:
            record(value, used)
        if best_value[0] is not None and value + potential(used) <= best_value[0]:
            return
        left = tuple(
            tuple(sorted((k, n - used[p].get(k, 0)) for k, n in counts[p].items())) for p in (HAND, CENTRE)
        )
        key = (left, last)
        if seen.get(key, -(10**9)) >= value:
            return
        seen[key] = value
        pools = [{k: n - used[p].get(k, 0) for k, n in counts[p].items()} for p in (HAND, CENTRE)]
        cands = []
        for word, path in finder.words(
            pools, limits=[None, 1], start=last or b"", min_letters=o.min_word, max_cards=max_cards
        ):
            cands.append((gain_of(path, used), word, path))
        cands.sort(key=lambda t: -t[0])
        if branch is not None:
            cands = cands[:branch]
        for g, word, path in cands:
            nxt = [dict(u) for u in used]
            for pool, k in path:
                nxt[pool][k] = nxt[pool].get(k, 0) + 1
            chain.append((word, path))
            search(value + g, nxt, _last_key(word, path, last, finder))
            chain.pop()

    try:
        search(base, [{}, {}], None)
        result.exhausted = True
    except _Stop:
        pass
    return result


def _last_key(
    word: bytes, path: tuple[tuple[int, bytes], ...], start: bytes | None, finder: CardWordFinder
) -> bytes:
    """The key of a word's last card (the next word starts on it)."""
    return path[-1][1] if path else (start or b"")


def _plan(
    chain: list[tuple[bytes, tuple[tuple[int, bytes], ...]]],
    by_key: list[dict[bytes, list[tuple[int, Card, int | None]]]],
    finder: CardWordFinder,
    hand: Sequence[Card],
    value: int,
) -> SnakePlan:
    taken: list[dict[bytes, int]] = [{}, {}]
    cards: list[Card] = []
    slots: list[int | None] = []
    words: list[str] = []
    ends: list[int] = []
    for word, path in chain:
        words.append(finder.text(word))
        for pool, key in path:
            i = taken[pool].get(key, 0)
            taken[pool][key] = i + 1
            _, card, slot = by_key[pool][key][i]
            cards.append(card)
            slots.append(slot)
        ends.append(len(cards) - 1)
    used = {c.id for c in cards}
    return SnakePlan(words, cards, slots, ends, value, [c for c in hand if c.id not in used])


def best_snake_for(
    game: WordsnakeGame, seat: int, *, strength: str = "strongest", budget_s: float | None = None
) -> SearchResult:
    """The best snake for a player in a game under way: her hand and the cards of her snake (which she
    may rearrange) plus the centre cards still there."""
    own = list(game.snakes[seat].cards) + list(game.hands[seat].cards)
    return best_snake(own, game.centre, game.lexicon, game.options, strength=strength, budget_s=budget_s)
