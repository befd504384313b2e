"""WordSnake: everyone at once builds a chain of words, each word starting on the last card of the one before.

Pure rules on the card core (:mod:`.cards`). There is no turn order: every action names its ``player`` and
carries the time it happened (``now_ms``, from the table), and the game orders what matters by those times
(a card laid just before a Stop! that reaches the host just after it still counts). Actions:

``{"type": "go"}``
    The dealer's "1, 2, 3, GO!": the hand starts.
``{"type": "snake", "player": 0, "cards": ["S2", "N2", "A2", "K5", "E2", "N2", "J8", "O2", "Y4"]}``
    The player's whole snake as it now lies, cell by cell (adding, rearranging, or picking cards up: any
    card of the hand or the snake may go anywhere; cards left out go back to the hand). ``"joints": [4]``
    may say where one word ends and the next begins (the cell shared by both); without it the dictionary
    finds the words. ``"centre": 3`` takes centre card 3 into this snake; it must be in a complete word at
    once, and only one centre card is taken at a time.
``{"type": "pass", "player": 1}``
    Stop playing this hand; the cards in hand are put face down. With the timer variant, the first pass
    turns the sand timer.
``{"type": "stop", "player": 2}``
    "Stop!": the player has used every card of her hand in a complete snake.
``{"type": "challenge", "player": 1, "target": 2, "word": 0}``
    Contest a word (by its number in the target's snake) of the Stop! caller before the hand ends, or of
    anyone's snake after it.
``{"type": "accept"}``
    Nobody (else) challenges the Stop!: the hand ends.
``{"type": "close_hand"}``
    The hand's scores are final; the next hand is dealt (after the fifth, the game is over).
``{"type": "reveal", "player": 0, "cards": ["#ws-017"]}`` / ``{"type": "reveal", "centre": ["#ws-003", ...]}``
    Only with ``deal: "table"`` (people dealt the cards): the player shows she holds these cards (laid in
    her lane), or the centre cards as laid, place by place; the game's placeholder deal is made to agree
    (:class:`.table_deal.TableDeal`). Once the hand has ended, the hand's scores are worked out again.

docs/rules/wordsnake.md gives the readings of the rules the text leaves open.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..lexicon.protocol import Lexicon
from .base import (
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    MoveRecord,
    ScoreBreakdown,
    ScoreLine,
)
from .card_game import CardGame, CardOptions, check_one_of
from .cards import (
    Card,
    DrawPile,
    Hand,
    deal,
    parse_face,
    resolve_cards,
)
from .table_deal import revealed_cards


@dataclass(frozen=True)
class WordsnakeOptions(CardOptions):
    """What the players agree before a game. Defaults: the text's game."""

    deck: str = "wordsnake_deck"
    hand_size: int = 13
    centre_cards: int = 9
    hands: int = 5
    """The game is played for this many hands."""
    min_word: int = 3
    """Words of at least three letters."""
    vowel_hand_points: int = 1
    """A vowel card left in the hand costs this (cards with a U on them included)."""
    check_words: str = "auto"
    """``auto``: the dictionary checks a Stop! at once; ``challenge``: words stand until challenged."""
    timer_ms: int | None = None
    """Timer variant: after the first pass the others have this long (the text: a 60 to 90 s sand timer)."""
    dealer: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        check_one_of("check_words", self.check_words, ("auto", "challenge"))
        if self.timer_ms is not None and self.timer_ms <= 0:
            raise InvalidMoveError("timer_ms is the sand timer's time in milliseconds, e.g. 75000")
        if self.min_word < 2:
            raise InvalidMoveError("min_word must be at least 2")


def is_vowel_card(card: Card) -> bool:
    """A vowel card: a vowel, or a card with a U on it (the QU card)."""
    return bool(card.letters) and (card.letters in "AEIOU" or "U" in card.letters)


def hand_penalty(card: Card, options: WordsnakeOptions) -> int:
    """What a card left in the hand costs: its points, a vowel card only ``vowel_hand_points``."""
    return options.vowel_hand_points if is_vowel_card(card) else card.points


Span = tuple[int, int]
"""A word of a snake: first and last cell (inclusive); the last cell is the next word's first."""


def snake_words(
    letters: Sequence[str],
    is_word: Callable[[str], bool] | None,
    min_word: int,
    joints: Sequence[int] | None = None,
) -> list[Span]:
    """The complete words from the head of a snake, in order, as far as they go.

    With ``joints`` the words are the stretches between them (and the snake's end); otherwise the
    dictionary finds the chain that reaches furthest. A word is complete when it has ``min_word`` letters
    and (when ``is_word`` is given) is a word; the chain stops at the first incomplete one.
    """
    n = len(letters)

    def ok(a: int, b: int) -> bool:
        text = "".join(letters[a : b + 1])
        return len(text) >= min_word and (is_word is None or is_word(text))

    if joints is not None:
        bounds = [0, *joints, n - 1]
        out: list[Span] = []
        for a, b in zip(bounds, bounds[1:], strict=False):
            if b <= a or not ok(a, b):
                break
            out.append((a, b))
        return out
    if n == 0:
        return []
    came: dict[int, int] = {}  # last cell of a word -> its first cell
    frontier = [0]
    seen = {0}
    while frontier:
        nxt = []
        for a in frontier:
            for b in range(a + 1, n):
                if b not in came and ok(a, b):
                    came[b] = a
                    if b not in seen:
                        seen.add(b)
                        nxt.append(b)
        frontier = nxt
    if not came:
        return []
    end = max(came)
    spans = []
    while True:
        a = came[end]
        spans.append((a, end))
        if a == 0:
            break
        end = a
    return spans[::-1]


def word_text(cards: Sequence[Card], span: Span) -> str:
    """The letters of one word of a snake."""
    return "".join(c.letters for c in cards[span[0] : span[1] + 1])


def word_value(cards: Sequence[Card], span: Span) -> int:
    """The points of a word's cards (both joint cards included: what a failed challenge costs)."""
    return sum(c.points for c in cards[span[0] : span[1] + 1])


def score_snake(
    cards: Sequence[Card],
    spans: Sequence[Span],
    hand: Sequence[Card],
    options: WordsnakeOptions,
    extra: Sequence[ScoreLine] = (),
) -> ScoreBreakdown:
    """A snake's points added up from its head (a shared card counted once), less the cards in the hand
    (a vowel card 1 point), plus ``extra`` lines (a failed challenge)."""
    lines: list[ScoreLine] = []
    for i, (a, b) in enumerate(spans):
        first = a if i == 0 else a + 1
        part = cards[first : b + 1]
        detail = " + ".join(f"{c.letters} {c.points}" for c in part)
        if i:
            detail = f"{cards[a].letters} already counted; " + detail
        lines.append(ScoreLine(f"word {word_text(cards, (a, b))}", sum(c.points for c in part), detail))
    for c in hand:
        cost = hand_penalty(c, options)
        why = "a vowel card costs only 1" if is_vowel_card(c) else "its points"
        lines.append(ScoreLine(f"{c.letters} left in the hand", -cost, why))
    lines.extend(extra)
    return ScoreBreakdown(tuple(lines), sum(ln.points for ln in lines))


@dataclass
class SnakeState:
    """One player's snake in the hand being played."""

    cards: list[Card]
    joints: list[int] | None = None
    passed_ms: int | None = None
    out: bool = False
    changed_ms: int | None = None


class WordsnakeGame(CardGame):
    """A game of WordSnake: five hands (by default), scores added up."""

    name: ClassVar[str] = "wordsnake"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    options_type: ClassVar[type[WordsnakeOptions]] = WordsnakeOptions
    actions: ClassVar[tuple[str, ...]] = (
        "go",
        "snake",
        "pass",
        "stop",
        "challenge",
        "accept",
        "close_hand",
        "reveal",
    )
    options: WordsnakeOptions

    def __init__(
        self, players: list[str], *, lexicon: Lexicon, seed: int = 0, options: WordsnakeOptions | None = None
    ) -> None:
        super().__init__(players, lexicon=lexicon, seed=seed, options=options)
        need = len(players) * self.options.hand_size + self.options.centre_cards
        if need > len(self.deck.cards):
            raise InvalidMoveError(
                f"{len(players)} hands of {self.options.hand_size} and {self.options.centre_cards} centre cards need {need} cards; the deck has {len(self.deck.cards)}"
            )
        self.hand_number = 0
        self.dealer = self.options.dealer % len(players)
        self.hand_results: list[dict[str, Any]] = []
        self._deal_hand()

    # -- dealing ------------------------------------------------------------------------------------

    def _deal_hand(self) -> None:
        n = len(self.players)
        self.hand_number += 1
        pile = DrawPile(self.deck.cards, "deck")
        pile.shuffle(self.rng)
        self.hands = [Hand() for _ in range(n)]
        deal([pile], self.hands, [self.options.hand_size], (self.dealer + 1) % n)
        self.centre: list[Card | None] = list(pile.draw(self.options.centre_cards))
        self.aside = len(pile)  # the rest is not used this hand
        self.unused = pile
        self.table_deal.known.clear()  # a new deal: nothing of it has been seen
        self.snakes = [SnakeState([]) for _ in range(n)]
        self.penalties: list[list[ScoreLine]] = [[] for _ in range(n)]
        self.phase = "deal"
        self.start_ms: int | None = None
        self.stop: tuple[int, int] | None = None
        self.timer_end: int | None = None
        self.end_reason = ""
        self.sheets: list[ScoreBreakdown] = []

    def set_position(self, hands: list[list[str]], centre: list[str | None]) -> None:
        """Lay out a hand before GO! (a lesson, a puzzle, a physical table to mirror): each player's cards
        and the centre cards by code or ``#id`` (None: an empty place)."""
        if self.phase != "deal":
            raise IllegalMoveError("a position is laid out before GO!")
        pool, take = self._laying_out(hands)
        new_hands = [take(h) for h in hands]
        placed = take([t for t in centre if t is not None])
        it = iter(placed)
        self.centre = [None if t is None else next(it) for t in centre]
        for h, cards in zip(self.hands, new_hands, strict=True):
            h.cards = cards
        self.unused = DrawPile(pool, "deck")
        self.log.append(({"type": "position", "hands": hands, "centre": centre}, None))

    # -- views --------------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def words(self, seat: int) -> list[Span]:
        """The complete words of a player's snake from its head."""
        s = self.snakes[seat]
        check = self.lexicon.is_word if self.options.check_words == "auto" else None
        return snake_words([c.letters for c in s.cards], check, self.options.min_word, s.joints)

    def state(self, viewer: int | None = None) -> dict[str, Any]:
        """What the table shows; the hand of ``viewer`` once play has started (all hands when None)."""
        out: dict[str, Any] = {
            "game": self.name,
            "phase": self.phase,
            "hand": self.hand_number,
            "hands": self.options.hands,
            "dealer": self.dealer,
            "centre": [None if c is None else c.face for c in self.centre],
            "stop": None if self.stop is None else {"player": self.stop[0], "now_ms": self.stop[1]},
            "timer_end": self.timer_end,
            "end_reason": self.end_reason,
            "players": [],
            "hand_results": self.hand_results,
        }
        for i, p in enumerate(self.players):
            s = self.snakes[i]
            spans = self.words(i)
            out["players"].append(
                {
                    "name": p.name,
                    "score": p.score,
                    "passed": s.passed_ms is not None,
                    "out": s.out,
                    "snake": [c.face for c in s.cards],
                    "words": [word_text(s.cards, w) for w in spans],
                    "cards": len(self.hands[i]),
                    # the cards are dealt face down: nobody looks before GO!
                    **(
                        {"hand": self.hands[i].faces()}
                        if viewer is None or (viewer == i and self.phase != "deal")
                        else {}
                    ),
                }
            )
        if self.sheets:
            out["sheets"] = [s.to_dict() for s in self.sheets]
        return out

    # -- applying -----------------------------------------------------------------------------------

    def _check_open(self, kind: str, now_ms: int | None) -> None:
        """Playing actions carry the time they happened, which may run out the sand timer first."""
        if self.phase == "over":
            raise GameOverError("the game is over: five hands have been played")
        if kind in ("snake", "pass", "stop"):
            if now_ms is None:
                raise InvalidMoveError(f"a {kind} needs the time it happened (now_ms)")
            self.check_time(now_ms)

    def check_time(self, now_ms: int) -> bool:
        """Timer variant: end the hand when the sand timer has run out. True when it (now) has."""
        if self.phase == "play" and self.timer_end is not None and now_ms >= self.timer_end:
            self._log_time(now_ms)
            self._end_hand("the sand timer ran out", self.timer_end)
            return True
        return False

    def _go(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if self.phase != "deal":
            raise IllegalMoveError("the hand has started already")
        self.phase = "play"
        self.start_ms = now_ms
        return MoveRecord(self.dealer, copy.deepcopy(action), None, now_ms, note="GO!")

    def _may_play(self, seat: int, now_ms: int, what: str) -> None:
        name = self.players[seat].name
        if self.phase == "deal":
            raise IllegalMoveError(f"wait for GO!: nobody may {what} before the hand starts")
        if self.phase == "verify":
            assert self.stop is not None
            if now_ms >= self.stop[1] or seat == self.stop[0]:
                raise IllegalMoveError(
                    f"{self.players[self.stop[0]].name} called Stop! at {self.stop[1]} ms: everyone puts the cards down"
                )
        elif self.phase != "play":
            raise IllegalMoveError(f"the hand is over ({self.end_reason}): no more {what}")
        s = self.snakes[seat]
        if s.out:
            raise IllegalMoveError(f"{name}'s Stop! failed a challenge: the hand goes on without {name}")
        if s.passed_ms is not None:
            raise IllegalMoveError(f"{name} has passed and may not touch the cards any more")
        if self.start_ms is not None and now_ms < self.start_ms:
            raise IllegalMoveError(f"{now_ms} ms is before GO! ({self.start_ms} ms)")

    def _snake(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._seat(action)
        assert now_ms is not None
        self._may_play(seat, now_ms, "lay cards")
        tokens = action.get("cards")
        if isinstance(tokens, str):
            tokens = [t for t in tokens.split(",") if t.strip()]
        if not isinstance(tokens, list):
            raise InvalidMoveError(
                'a snake is its cards in order: {"type": "snake", "player": 0, "cards": ["C3", "A2", "T2"]}'
            )
        snake = self.snakes[seat]
        pool = list(snake.cards) + list(self.hands[seat].cards)
        centre_card: Card | None = None
        slot = action.get("centre")
        if slot is not None:
            if not isinstance(slot, int) or not 0 <= slot < len(self.centre):
                raise InvalidMoveError(
                    f"centre is a centre place from 0 to {len(self.centre) - 1}, not {slot!r}"
                )
            centre_card = self.centre[slot]
            if centre_card is None:
                raise IllegalMoveError(f"centre place {slot} is empty: that card has been taken")
            pool.append(centre_card)
        faces = [parse_face(str(t)) for t in tokens]
        cards = resolve_cards(faces, pool, who=self.players[seat].name, deck=self.deck)
        if centre_card is not None and centre_card not in cards:
            # a code naming a card both in the hand and in the centre picks the held one first
            raise IllegalMoveError(
                f"the centre card {centre_card.face} must be laid in the snake at once (name it #{centre_card.id})"
            )
        joints = action.get("joints")
        if joints is not None:
            if (
                not isinstance(joints, list)
                or not all(isinstance(j, int) for j in joints)
                or sorted(set(joints)) != joints
                or any(not 0 < j < len(cards) - 1 for j in joints)
            ):
                raise InvalidMoveError(
                    "joints are the cells shared by two words, increasing, inside the snake"
                )
        check = self.lexicon.is_word if self.options.check_words == "auto" else None
        spans = snake_words([c.letters for c in cards], check, self.options.min_word, joints)
        complete = spans[-1][1] + 1 if spans else 0
        if centre_card is not None and cards.index(centre_card) >= complete:
            shown = "".join(c.letters for c in cards)
            raise IllegalMoveError(
                f"the centre card {centre_card.face} must be used in a word at once: {shown} has no complete word with it"
            )
        kept = [c for c in pool if c not in cards and c is not centre_card]
        self.hands[seat].cards = kept
        snake.cards = cards
        snake.joints = joints
        snake.changed_ms = now_ms
        if slot is not None:
            self.centre[slot] = None
        words = [word_text(cards, w) for w in spans]
        return MoveRecord(
            seat,
            copy.deepcopy(action),
            None,
            now_ms,
            note=" ".join(words) + ("" if complete == len(cards) else " + a word in progress"),
        )

    def _pass(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._seat(action)
        assert now_ms is not None
        self._may_play(seat, now_ms, "pass")
        self.snakes[seat].passed_ms = now_ms
        if self.options.timer_ms is not None and self.timer_end is None:
            self.timer_end = now_ms + self.options.timer_ms
        record = MoveRecord(seat, copy.deepcopy(action), None, now_ms, note="pass")
        if all(s.passed_ms is not None or s.out for s in self.snakes):
            self._end_hand("every player has passed", now_ms)
        return record

    def _stop(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._seat(action)
        assert now_ms is not None
        if (
            self.phase == "verify"
            and self.stop is not None
            and now_ms < self.stop[1]
            and seat != self.stop[0]
        ):
            # an earlier Stop! that reached the host later comes first
            if self.snakes[seat].passed_ms is not None or self.snakes[seat].out:
                raise IllegalMoveError(f"{self.players[seat].name} is no longer playing this hand")
        else:
            self._may_play(seat, now_ms, "call Stop!")
        name = self.players[seat].name
        s = self.snakes[seat]
        if self.hands[seat]:
            raise IllegalMoveError(
                f"{name} still holds {', '.join(self.hands[seat].faces())}: Stop! needs every card in the snake"
            )
        spans = self.words(seat)
        if not s.cards or not spans or spans[-1][1] != len(s.cards) - 1:
            done = [word_text(s.cards, w) for w in spans]
            raise IllegalMoveError(
                f"{name}'s snake is not complete ({' '.join(done) or 'no complete word'}; the rest is not a word): no Stop! yet"
            )
        self.stop = (seat, now_ms)
        self.phase = "verify"
        return MoveRecord(seat, copy.deepcopy(action), None, now_ms, note="Stop!")

    def _accept(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if self.phase != "verify" or self.stop is None:
            raise IllegalMoveError("there is no Stop! waiting to be accepted")
        seat, at = self.stop
        self._end_hand(f"{self.players[seat].name} called Stop!", at)
        return MoveRecord(seat, copy.deepcopy(action), None, now_ms, note="Stop! stands")

    # -- challenges ---------------------------------------------------------------------------------

    def _challenge(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        challenger = self._seat(action)
        target = self._seat(action, "target")
        if challenger == target:
            raise IllegalMoveError("a player cannot challenge her or his own word")
        if self.phase == "verify":
            assert self.stop is not None
            if target != self.stop[0]:
                raise IllegalMoveError(
                    f"before the hand ends only the Stop! caller's words ({self.players[self.stop[0]].name}) can be challenged"
                )
        elif self.phase != "ended":
            raise IllegalMoveError("words are challenged after a Stop! or once the hand is over")
        spans = self.words(target)
        k = action.get("word")
        if not isinstance(k, int) or not 0 <= k < len(spans):
            raise InvalidMoveError(
                f"word is the number of a word in {self.players[target].name}'s snake, 0 to {len(spans) - 1}"
            )
        cards = self.snakes[target].cards
        text = word_text(cards, spans[k])
        if self.lexicon.is_word(text):
            value = word_value(cards, spans[k])
            self.penalties[challenger].append(
                ScoreLine(f"challenged {text}, a good word", -value, "the challenger loses the word's points")
            )
            if self.phase == "ended":
                self._score_hand()
            return MoveRecord(
                challenger,
                copy.deepcopy(action),
                ScoreBreakdown((self.penalties[challenger][-1],), -value),
                now_ms,
                note=f"{text} stands",
            )
        self._cut_snake(target, spans[k][0])
        if self.phase == "verify":
            self.snakes[target].out = True
            self.stop = None
            self.phase = "play"
            if all(s.passed_ms is not None or s.out for s in self.snakes):
                self._end_hand("every other player has passed", now_ms or 0)
            note = f"{text} is not a word: the hand resumes without {self.players[target].name}"
        else:
            self._score_hand()
            note = f"{text} is not a word: it and the words after it leave the snake"
        return MoveRecord(challenger, copy.deepcopy(action), None, now_ms, note=note)

    def _cut_snake(self, seat: int, cell: int) -> None:
        """Keep the snake up to ``cell`` (the first card of the removed word stays as the end of the word
        before it); the rest goes back to the hand."""
        s = self.snakes[seat]
        keep = cell + 1 if cell > 0 else 0
        self.hands[seat].add(s.cards[keep:])
        s.cards = s.cards[:keep]
        if s.joints is not None:
            s.joints = [j for j in s.joints if j < keep - 1]
        if s.cards and not self.words(seat):
            self.hands[seat].add(s.cards)
            s.cards = []

    # -- a deal made by people -----------------------------------------------------------------------

    def locate(self, card: Card) -> str:
        """Where a card the table has seen lies, in words (for the errors of a reveal)."""
        for seat, s in enumerate(self.snakes):
            if card in s.cards:
                return f"in {self.players[seat].name}'s snake"
        if card in self.centre:
            return f"in the centre (place {self.centre.index(card) + 1})"
        return "on the table"

    def _face_down(self) -> list[DrawPile]:
        return [self.unused]

    def reveal_cards(self, seat: int, cards: Sequence[Card]) -> list[tuple[Card, Card]]:
        """``deal: "table"``: the player shows she holds ``cards`` (those of her snake are hers already)."""
        own = set(self.snakes[seat].cards)
        return super().reveal_cards(seat, [c for c in cards if c not in own])

    def reveal_centre(self, cards: Sequence[Card | None]) -> None:
        """``deal: "table"``, before GO!: the centre cards as people laid them, place by place."""
        if len(cards) != len(self.centre):
            raise InvalidMoveError(f"the centre has {len(self.centre)} places, not {len(cards)}")
        saved = ([list(h.cards) for h in self.hands], list(self.unused.cards), list(self.centre))
        try:
            for slot, card in enumerate(cards):
                if card is not None:
                    self._lay_face_up(card, self.centre, slot)
        except IllegalMoveError:
            for h, kept in zip(self.hands, saved[0], strict=True):
                h.cards = kept
            self.unused.cards, self.centre = saved[1], saved[2]
            raise

    def _reveal_face_up(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord | None:
        if "centre" not in action:
            return None
        if self.phase != "deal":
            raise IllegalMoveError("the centre cards are shown before GO!")
        tokens = action["centre"]
        if not isinstance(tokens, list):
            raise InvalidMoveError("centre is a list of cards by id, one for each centre place (null: empty)")
        named = revealed_cards([t for t in tokens if t is not None], self.deck)
        it = iter(named)
        self.reveal_centre([None if t is None else next(it) for t in tokens])
        return MoveRecord(-1, copy.deepcopy(action), None, now_ms, note="centre cards shown")

    def _hands_counted(self) -> bool:
        if self.phase not in ("play", "verify", "ended"):
            raise IllegalMoveError("a hand is shown once the hand has started (after GO!)")
        return self.phase == "ended"

    def _count_again(self, seat: int, swaps: list[tuple[Card, Card]]) -> None:
        self._score_hand()

    def _hand_count_error(self, seat: int, shown: int) -> str:
        return (
            f"{self.players[seat].name} holds {len(self.hands[seat])} card(s) after the snake, "
            f"but {shown} lie after it: lay every card left in the hand, and only those"
        )

    # -- end of a hand ------------------------------------------------------------------------------

    def _end_hand(self, reason: str, at_ms: int) -> None:
        """The cards of a word in progress, and every word after it, go back to the hand."""
        for seat in range(len(self.players)):
            spans = self.words(seat)
            s = self.snakes[seat]
            complete = spans[-1][1] + 1 if spans else 0
            if complete < len(s.cards):
                self.hands[seat].add(s.cards[complete:])
                s.cards = s.cards[:complete]
        self.phase = "ended"
        self.end_reason = reason
        self.stop = self.stop if self.stop is not None and self.stop[1] == at_ms else None
        self._score_hand()

    def _score_hand(self) -> None:
        self.sheets = [self.hand_sheet(seat) for seat in range(len(self.players))]

    def hand_sheet(self, seat: int) -> ScoreBreakdown:
        """The hand's score for a player: the snake's words from the head, the hand subtracted."""
        return score_snake(
            self.snakes[seat].cards,
            self.words(seat),
            self.hands[seat].cards,
            self.options,
            self.penalties[seat],
        )

    def _close_hand(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if self.phase != "ended":
            raise IllegalMoveError("the hand is still being played")
        for seat, sheet in enumerate(self.sheets):
            self.players[seat].score += sheet.total
        self.hand_results.append(
            {
                "hand": self.hand_number,
                "reason": self.end_reason,
                "players": [s.to_dict() for s in self.sheets],
            }
        )
        if self.hand_number >= self.options.hands:
            self.phase = "over"
            note = "game over"
        else:
            self.dealer = (self.dealer + 1) % len(self.players)
            self._deal_hand()
            note = f"hand {self.hand_number} dealt"
        return MoveRecord(-1, copy.deepcopy(action), None, now_ms, note=note)
