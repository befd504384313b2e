"""WORDCHAIN: a chain of words, each starting on the last card of the one before (the link card).

Pure rules on the card core (:mod:`.cards`) and the scoring chain (:mod:`.wordchain_scoring`). Actions
are plain dicts; ``player`` (the seat that acts) may be given with any of them and must be the seat whose
turn it is (a challenge names the challenger):

``{"type": "word", "cards": ["@", "N♥7", "O♦1", "P♣8"]}``
    Lay one word, the cards in order; ``@`` (or the link card's own code or ``#id``) is the link card.
    ``"cells": {"0": "@", "1": "#wc-c17", ...}`` says the same by cell. After a double with the dice,
    ``"words": [[...], [...]]`` lays two words, both on the link card.
``{"type": "draw", "consonants": 2, "vowels": 1}``
    After a word, take as many cards as the word used, split between the decks as the player likes
    (rule 12); with one deck, ``{"type": "draw"}``.
``{"type": "five_cards", "consonants": 3, "vowels": 2}``
    Instead of a turn, once a game, be dealt five cards (rule 13).
``{"type": "pass"}``
    Play no word this turn; when every player passes in a row, nobody can play and the game ends.
``{"type": "challenge", "player": 2}``
    Challenge the word just laid, before its player draws (rule 17).
``{"type": "reveal", "player": 0, "cards": ["#wc-c17"]}`` / ``{"type": "reveal", "link": "#wc-c3"}``
    Only with ``deal: "table"`` (people dealt real cards): the player shows she holds these cards, or the
    table shows the link card people turned up; the game's placeholder deal is made to agree
    (:class:`.table_deal.TableDeal`). After the game's end (with ``count_cards_held``) a player shows every card
    left in her hand and the cards held are counted again.

Every action is checked completely before anything changes; a rejected one raises a specific
:class:`~.base.GameError` and leaves the game as it was. docs/rules/wordchain.md gives the readings
of the rules the text leaves open.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar

from ..lexicon.protocol import Lexicon
from .base import (
    IllegalMoveError,
    InvalidMoveError,
    MoveRecord,
    NotYourTurnError,
    ScoreBreakdown,
    ScoreLine,
)
from .card_game import CardGame
from .cards import (
    Card,
    DrawPile,
    Hand,
    PlacedCard,
    TurnOrder,
    deal,
)
from .table_deal import revealed_cards
from .wordchain_options import WordchainOptions
from .wordchain_scoring import WordScore, score_word
from .wordchain_word import prepare_word, word_tokens

CONSONANT, VOWEL, ALL = "consonant", "vowel", "all"
CUT_SENIORITY = ("H", "D", "C", "S")
"""Suit seniority for the cut when agreed: hearts, diamonds, clubs, spades (a Multicard is recut)."""


@dataclass
class PendingWord:
    """The word(s) of the turn in progress, open to a challenge until its player draws."""

    player: int
    words: list[str]
    total: int
    used: int
    snapshot: dict[str, Any]
    challenged: bool = False


class WordchainGame(CardGame):
    """One game of WORDCHAIN. ``lexicon`` is the :class:`wordtable.lexicon.Lexicon` of ``options.lexicon``;
    ``now_ms`` the start time when a time limit is agreed."""

    name: ClassVar[str] = "wordchain"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options_type: ClassVar[type[WordchainOptions]] = WordchainOptions
    actions: ClassVar[tuple[str, ...]] = ("word", "draw", "five_cards", "pass", "challenge", "reveal")
    options: WordchainOptions

    def __init__(
        self,
        players: list[str],
        *,
        lexicon: Lexicon,
        seed: int = 0,
        options: WordchainOptions | None = None,
        now_ms: int | None = None,
    ) -> None:
        super().__init__(players, lexicon=lexicon, seed=seed, options=options)
        teams = self.options.teams
        if teams is not None:
            seats = sorted(x for t in teams for x in t)
            if seats != list(range(len(players))) or any(not t for t in teams):
                raise InvalidMoveError(
                    f"teams must share out the seats 0 to {len(players) - 1}, each seat once, not {teams}"
                )
        self.cards_by_id = self.deck.by_id()
        self.start_ms = now_ms
        self.phase = "play"
        self.pending: PendingWord | None = None
        self.five_used: set[int] = set()
        self.passes = 0
        self.dice: tuple[int, ...] = ()
        self.words_played: list[str] = []
        self._setup()

    # -- setting up --------------------------------------------------------------------------------

    def _groups(self) -> tuple[str, ...]:
        return (ALL,) if self.options.one_deck else (CONSONANT, VOWEL)

    def group_of(self, card: Card) -> str:
        """Which deck a card belongs to in this game (``consonant``, ``vowel``, or ``all``)."""
        return ALL if self.options.one_deck else card.group

    def _setup(self) -> None:
        o = self.options
        n = len(self.players)
        if o.one_deck:
            self.piles = {ALL: DrawPile(self.deck.cards, "deck")}
        else:
            self.piles = {
                CONSONANT: DrawPile(self.deck.group(CONSONANT), "consonants"),
                VOWEL: DrawPile(self.deck.group(VOWEL), "vowels"),
            }
        self.discards = {g: DrawPile((), f"{p.name} discard") for g, p in self.piles.items()}
        for pile in self.piles.values():
            pile.shuffle(self.rng)
        dealt = n * (o.hand_consonants + o.hand_vowels)
        remaining = len(self.deck.cards) - dealt - 1
        if remaining < o.min_remaining:
            raise InvalidMoveError(
                f"dealing {o.hand_consonants + o.hand_vowels} cards to {n} players leaves {remaining} in the decks; "
                f"at least {o.min_remaining} must remain (rule 4): deal fewer cards"
            )
        dealer = o.dealer if o.dealer is not None else self._cut_for_dealer()
        if not 0 <= dealer < n:
            raise InvalidMoveError(f"dealer must be a seat from 0 to {n - 1}, not {dealer}")
        self.turn = TurnOrder(n)
        self.turn.start(dealer)
        self.hands = [Hand() for _ in range(n)]
        first = self.turn.current
        if o.one_deck:
            deal([self.piles[ALL]], self.hands, [o.hand_consonants + o.hand_vowels], first)
        else:
            deal(
                [self.piles[CONSONANT], self.piles[VOWEL]],
                self.hands,
                [o.hand_consonants, o.hand_vowels],
                first,
            )
        link_pile = self.piles[ALL if o.one_deck else CONSONANT]
        self.link: Card = link_pile.draw(1)[0]
        self._roll()

    def _cut_for_dealer(self) -> int:
        """Rule 3: each player cuts the consonant deck; the card closest to A deals. Multicards and ties
        (unless suit seniority is agreed) are cut again by the players concerned."""
        pile = self.piles[ALL if self.options.one_deck else CONSONANT].cards

        def key(card: Card) -> tuple[str, int]:
            seniority = (
                CUT_SENIORITY.index(card.suit) if (self.options.cut_suit_seniority and card.suit) else 0
            )
            return card.letters, seniority

        return self._cut(pile, key, "Multicard: cut again")

    def set_position(
        self,
        hands: list[list[str]],
        link: str,
        tops: dict[str, list[str]] | None = None,
        current: int | None = None,
    ) -> None:
        """Lay out a position (a puzzle, a lesson, a physical table to mirror): each hand's cards and the
        link card by code or ``#id``, and optionally the next cards of each deck (``tops[group]``, drawn
        in the order given). All other cards go, shuffled, under them; discards are empty."""
        pool, take = self._laying_out(hands)
        new_hands = [take(h) for h in hands]
        new_link = take([link])[0]
        top_cards = {g: take(list(reversed(codes))) for g, codes in (tops or {}).items()}
        for g in top_cards:
            if g not in self.piles:
                raise InvalidMoveError(f"no deck {g!r} in this game (decks: {', '.join(self.piles)})")
        for g, pile in self.piles.items():
            rest = [c for c in pool if self.group_of(c) == g]
            self.rng.shuffle(rest)
            pile.cards = rest + top_cards.get(g, [])
            self.discards[g].cards = []
        for h, cards in zip(self.hands, new_hands, strict=True):
            h.cards = cards
        self.link = new_link
        if current is not None:
            self.turn.current = current
        self.phase, self.pending, self.passes = "play", None, 0
        self.log.append(
            ({"type": "position", "hands": hands, "link": link, "tops": tops or {}, "current": current}, None)
        )

    def _roll(self) -> None:
        self.dice = tuple(self.rng.randint(1, 6) for _ in range(self.options.dice))

    # -- views -------------------------------------------------------------------------------------

    @property
    def current(self) -> int:
        """Seat whose turn it is."""
        return self.turn.current

    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def is_double(self) -> bool:
        """True when two dice show the same number (two words may be laid on the link)."""
        return len(self.dice) == 2 and self.dice[0] == self.dice[1]

    def hand_limit(self, words: int = 1) -> int | None:
        """Most cards from the hand one word may take under the dice (None without dice)."""
        if not self.dice:
            return None
        return self.dice[0] if words == 2 else sum(self.dice)

    def available(self, group: str) -> int:
        """Cards that can still be drawn from a deck (its discards too when reshuffling is agreed)."""
        n = len(self.piles[group])
        if self.options.reshuffle_discards:
            n += len(self.discards[group])
        return n

    def state(self, viewer: int | None = None) -> dict[str, Any]:
        """What the table shows: link card, decks, scores, dice, whose turn; hands of ``viewer`` (all
        hands when None)."""
        return {
            "game": self.name,
            "phase": self.phase,
            "over_reason": self.over_reason,
            "current": self.current,
            "dealer": self.turn.dealer,
            "round": self.turn.round,
            "link": self.link.face,
            "link_id": self.link.id,
            "dice": list(self.dice),
            "decks": {g: len(p) for g, p in self.piles.items()},
            "discards": {g: len(p) for g, p in self.discards.items()},
            "players": [
                {
                    "name": p.name,
                    "score": p.score,
                    "cards": len(self.hands[i]),
                    "five_card_draw_used": i in self.five_used,
                    **({"hand": self.hands[i].faces()} if viewer is None or viewer == i else {}),
                }
                for i, p in enumerate(self.players)
            ],
            "teams": None
            if self.options.teams is None
            else [
                {"seats": list(team), "name": self.team_name(t), "score": self.team_scores()[t]}
                for t, team in enumerate(self.options.teams)
            ],
            "pending_word": None
            if self.pending is None
            else {
                "player": self.pending.player,
                "words": self.pending.words,
                "score": self.pending.total,
                "draw": self.pending.used,
                "challenged": self.pending.challenged,
            },
        }

    # -- applying ----------------------------------------------------------------------------------

    def check_time(self, now_ms: int | None) -> bool:
        """End the game if the agreed time is up; True when the game is (now) over."""
        if self.phase != "over" and self._time_up(now_ms):
            limit = self.options.time_limit_ms or 0
            self._end(f"the agreed time of {limit // 60000} min {limit // 1000 % 60} s is up")
            self._log_time(now_ms)
        return self.phase == "over"

    def _time_up(self, now_ms: int | None) -> bool:
        limit = self.options.time_limit_ms
        return (
            limit is not None
            and now_ms is not None
            and self.start_ms is not None
            and now_ms - self.start_ms >= limit
        )

    def _need_phase(self, phase: str, what: str) -> None:
        if self.phase != phase:
            if self.phase == "draw":
                assert self.pending is not None
                raise IllegalMoveError(
                    f"{self.players[self.pending.player].name} must first draw {self.pending.used} card(s) "
                    f"for the word just laid, before {what}"
                )
            raise IllegalMoveError(f"no word is waiting for its draw, so no {what} now")

    # -- a word --------------------------------------------------------------------------------------

    def prepare_word(
        self, seat: int, tokens: list[list[str]]
    ) -> tuple[list[list[PlacedCard]], list[int], list[Card]]:
        """Check the cards of one turn's word(s) for ``seat`` without changing anything (see
        :func:`.wordchain_word.prepare_word`)."""
        return prepare_word(self, seat, tokens)

    def score_turn(
        self, seat: int, words: list[list[PlacedCard]], link_positions: list[int], used: list[Card]
    ) -> list[WordScore]:
        """Score the word(s) of a turn (rule I and M need the whole hand in one word)."""
        whole_hand = len(words) == 1 and len(used) == len(self.hands[seat])
        return [
            score_word(placed, pos, self.options, all_cards_used=whole_hand)
            for placed, pos in zip(words, link_positions, strict=True)
        ]

    def _word(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._actor(action)
        self._need_phase("play", "new word")
        tokens = word_tokens(action)
        words, positions, used = self.prepare_word(seat, tokens)
        scores = self.score_turn(seat, words, positions, used)
        snapshot = self._snapshot()
        total = sum(s.total for s in scores)
        hand = self.hands[seat]
        hand.remove(used)
        laid: list[Card] = []
        for placed in words:
            laid.extend(p.card for p in placed)
        new_link = words[-1][-1].card
        seen: set[str] = set()
        for c in laid:
            if c.id != new_link.id and c.id not in seen:
                seen.add(c.id)
                self._discard(c)
        self.link = new_link
        self.players[seat].score += total
        texts = [s.word for s in scores]
        self.words_played.extend(texts)
        self.pending = PendingWord(seat, texts, total, len(used), snapshot)
        self.phase = "draw"
        self.passes = 0
        lines: list[ScoreLine] = []
        for s in scores:
            lines.extend(s.breakdown.lines)
        record = MoveRecord(
            seat, copy.deepcopy(action), ScoreBreakdown(tuple(lines), total), now_ms, note=" + ".join(texts)
        )
        record.action["scores"] = [s.to_dict() for s in scores]
        return record

    def _discard(self, card: Card) -> None:
        group = self.group_of(card)
        if self.options.discards_into_decks:
            self.piles[group].insert_randomly([card], self.rng)
        else:
            self.discards[group].put_top([card])

    # -- drawing -----------------------------------------------------------------------------------

    def _refill(self, group: str) -> None:
        if self.options.reshuffle_discards and not self.piles[group] and self.discards[group]:
            pile = self.discards[group]
            cards = pile.cards
            pile.cards = []
            self.piles[group].put_top(cards)
            self.piles[group].shuffle(self.rng)

    def _split(self, action: dict[str, Any], count: int) -> dict[str, int]:
        """How many cards from each deck: checked against what the decks hold."""
        if self.options.one_deck:
            return {ALL: min(count, self.available(ALL))}
        want = {}
        for g, key in ((CONSONANT, "consonants"), (VOWEL, "vowels")):
            v = action.get(key, 0)
            if not isinstance(v, int) or v < 0:
                raise InvalidMoveError(f"{key} must be a whole number of cards, not {v!r}")
            want[g] = v
        can = min(count, self.available(CONSONANT) + self.available(VOWEL))
        if sum(want.values()) != can:
            raise IllegalMoveError(
                f"take {can} card(s) in all (consonants + vowels), not {sum(want.values())}"
                + ("" if can == count else f": the decks hold only {can}")
            )
        for g, key in ((CONSONANT, "consonants"), (VOWEL, "vowels")):
            if want[g] > self.available(g):
                raise IllegalMoveError(f"the {key} deck holds {self.available(g)} card(s), not {want[g]}")
        return want

    def _take(self, seat: int, split: dict[str, int]) -> list[Card]:
        got: list[Card] = []
        for g, n in split.items():
            if n and len(self.piles[g]) < n:
                self._refill(g)
            if n > len(self.piles[g]):  # part from the pile, the rest after reshuffling the discards
                first = self.piles[g].draw(len(self.piles[g]))
                self._refill(g)
                got.extend(first + self.piles[g].draw(n - len(first)))
            else:
                got.extend(self.piles[g].draw(n))
        self.hands[seat].add(got)
        self.table_deal.forget(got)
        return got

    def _draw(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        self._need_phase("draw", "draw")
        assert self.pending is not None
        seat = self.pending.player
        if action.get("player", seat) != seat:
            raise NotYourTurnError(f"only {self.players[seat].name} draws for the word just laid")
        split = self._split(action, self.pending.used)
        got = self._take(seat, split)
        self.pending = None
        record = MoveRecord(seat, copy.deepcopy(action), None, now_ms, note=f"drew {len(got)}")
        self._end_turn(seat)
        return record

    def _five_cards(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._actor(action)
        self._need_phase("play", "five-card draw")
        if not self.options.five_card_draw:
            raise IllegalMoveError("the five-card draw is not played in this game (house rule)")
        if seat in self.five_used:
            raise IllegalMoveError(
                f"{self.players[seat].name} has had the five-card draw already; it is once a game"
            )
        split = self._split(action, self.options.five_card_count)
        if sum(split.values()) == 0:
            raise IllegalMoveError("the decks are empty: there is nothing to draw")
        got = self._take(seat, split)
        self.five_used.add(seat)
        self.passes = 0
        record = MoveRecord(
            seat, copy.deepcopy(action), None, now_ms, note=f"five-card draw: {len(got)} cards"
        )
        self._end_turn(seat)
        return record

    def _pass(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._actor(action)
        self._need_phase("play", "pass")
        self.passes += 1
        record = MoveRecord(seat, copy.deepcopy(action), None, now_ms, note="pass")
        if self.passes >= len(self.players):
            self._end("no player can form another word")
        else:
            self._end_turn(seat)
        return record

    # -- challenges --------------------------------------------------------------------------------

    def _challenge(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if not self.options.challenges:
            raise IllegalMoveError("challenges are not played in this game (house rule)")
        if self.phase != "draw" or self.pending is None:
            raise IllegalMoveError(
                "there is no word to challenge: a word can be challenged until its player draws"
            )
        pending = self.pending
        challenger = action.get("player")
        if not isinstance(challenger, int) or not 0 <= challenger < len(self.players):
            raise InvalidMoveError(
                f"a challenge names the challenging player (a seat from 0 to {len(self.players) - 1})"
            )
        if challenger == pending.player:
            raise IllegalMoveError("a player cannot challenge her or his own word")
        if pending.challenged:
            raise IllegalMoveError("the word has been challenged already; only the first challenge counts")
        invalid = [w for w in pending.words if not self.lexicon.is_word(w)]
        amount = pending.total if self.options.scoring == "standard" else 0
        former = self.players[pending.player]
        lines: list[ScoreLine]
        if invalid:
            self._restore(pending.snapshot)
            self.players[challenger].score += amount
            lines = [
                ScoreLine(
                    "K: challenge upheld",
                    amount,
                    f"{', '.join(invalid)} is not a word: {self.players[challenger].name} gets its {pending.total}",
                )
            ]
            note = f"challenge upheld: {', '.join(invalid)} not in {self.lexicon.name}"
            self.pending = None
            self.phase = "play"
            self._end_turn(pending.player)
        else:
            self.players[challenger].score -= amount
            former.score += amount
            pending.challenged = True
            lines = [
                ScoreLine(
                    "K: challenge failed",
                    -amount,
                    f"{' and '.join(pending.words)} stands: {self.players[challenger].name} loses {amount} "
                    f"and {former.name} gets {amount} more",
                )
            ]
            note = "challenge failed"
            self._check_target()
        return MoveRecord(
            challenger,
            copy.deepcopy(action),
            ScoreBreakdown(tuple(lines), amount if invalid else -amount),
            now_ms,
            note=note,
        )

    # -- a deal made by people ---------------------------------------------------------------------

    def locate(self, card: Card) -> str:
        """Where a card the table has seen lies, in words (for the errors of a reveal)."""
        if card == self.link:
            return "the link card"
        if any(card in pile.cards for pile in self.discards.values()):
            return "on the discard pile"
        return "on the table"

    def _face_down(self) -> list[DrawPile]:
        return list(self.piles.values())

    def _reveal_face_up(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord | None:
        if "link" not in action:
            return None
        card = revealed_cards([action["link"]], self.deck)[0]
        if self.words_played or self.phase != "play":
            raise IllegalMoveError(
                "the link card is turned up once, at the start; after that it is the last word's card"
            )
        place: list[Card | None] = [self.link]
        self._lay_face_up(card, place, 0)
        assert place[0] is not None
        self.link = place[0]
        return MoveRecord(-1, copy.deepcopy(action), None, now_ms, note=f"link card {card.face}")

    def _hands_counted(self) -> bool:
        return self.phase == "over" and self.options.count_cards_held

    def _count_again(self, seat: int, swaps: list[tuple[Card, Card]]) -> None:
        player = self.players[seat]
        held = sum(c.points for c in self.hands[seat])
        player.score += int(player.extra.get("cards_held_points", 0)) - held
        player.extra["cards_held_points"] = held

    def _snapshot(self) -> dict[str, Any]:
        return {
            "hands": [list(h.cards) for h in self.hands],
            "link": self.link,
            "piles": {g: list(p.cards) for g, p in self.piles.items()},
            "discards": {g: list(p.cards) for g, p in self.discards.items()},
            "scores": [p.score for p in self.players],
            "words_played": list(self.words_played),
        }

    def _restore(self, snap: dict[str, Any]) -> None:
        for h, cards in zip(self.hands, snap["hands"], strict=True):
            h.cards = list(cards)
        self.link = snap["link"]
        for g, cards in snap["piles"].items():
            self.piles[g].cards = list(cards)
        for g, cards in snap["discards"].items():
            self.discards[g].cards = list(cards)
        for p, s in zip(self.players, snap["scores"], strict=True):
            p.score = s
        self.words_played = list(snap["words_played"])

    # -- turns and the end -------------------------------------------------------------------------

    def _end(self, reason: str) -> None:
        self.phase = "over"
        self.over_reason = reason
        self.pending = None
        if self.options.count_cards_held:
            for player, hand in zip(self.players, self.hands, strict=True):
                held = sum(c.points for c in hand)
                player.score -= held
                player.extra["cards_held_points"] = held

    def team_scores(self) -> list[int]:
        """Each team's total (one entry per player when there are no teams)."""
        if self.options.teams is None:
            return self.scores
        return [sum(self.players[i].score for i in team) for team in self.options.teams]

    def team_name(self, index: int) -> str:
        """A team's members' names ("Ann & Cy"), or the player's name without teams."""
        if self.options.teams is None:
            return self.players[index].name
        return " & ".join(self.players[i].name for i in self.options.teams[index])

    def winners(self) -> list[int]:
        """Seats of the winners: the best score, or every member of the best team."""
        if self.options.teams is None:
            return super().winners()
        totals = self.team_scores()
        best = max(totals)
        return sorted(i for t, team in enumerate(self.options.teams) if totals[t] == best for i in team)

    def _check_target(self) -> bool:
        target = self.options.target_score
        totals = self.team_scores()
        if target is not None and max(totals) >= target:
            best = max(range(len(totals)), key=lambda i: totals[i])
            self._end(f"{self.team_name(best)} reached the target score of {target}")
            return True
        return False

    def _end_turn(self, seat: int) -> None:
        self.phase = "play"
        if self._check_target():
            return
        if self.options.end_when_out_of_cards and not self.hands[seat]:
            refill = sum(self.available(g) for g in self.piles)
            if refill == 0:
                self._end(f"{self.players[seat].name} has used all her/his cards and the decks are empty")
                return
        self.turn.advance()
        self._roll()

    # -- saving ------------------------------------------------------------------------------------

    def _saved_setup(self) -> dict[str, Any]:
        return {"start_ms": self.start_ms}

    @classmethod
    def _setup_from(cls, data: dict[str, Any]) -> dict[str, Any]:
        return {"now_ms": data.get("start_ms")}
