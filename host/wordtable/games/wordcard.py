"""WORDCARD: letter cards that are playing cards too, laid down as words and/or card combinations.

Pure rules on the card core (:mod:`.cards`) and the meld scoring (:mod:`.wordcard_scoring`). One game is
one or more deals (a WILD GAME has one deal per player); a deal ends when a player has no cards left.
Actions are plain dicts; ``player`` (the seat acting) may be given and must be the seat whose turn it is:

``{"type": "take"}``
    Start the turn with the top card of the deck. The dealer's first turn may take the face-up card
    instead, ``{"type": "take", "source": "discard"}``, without having to play it (rule 10).
``{"type": "play", "melds": [["R♣7", "A♦8", ...]], "tag_ons": [{"meld": 0, "cells": [...]}], "replace_wilds": [{"meld": 0, "card": "E♠J"}], "from_discard": 1}``
    Lay down new rows (cards in cell order), tag cards on at either end of a row on the table (``cells`` is
    the whole row as it then lies, the cards already there as ``#id`` or their code), and swap a played
    wild card for the real card (rule 3). ``from_discard`` takes that many face-up cards instead of the
    turn's card from the deck; the deepest one must be played in this very play (rules 11 and 21).
    With rule 17 agreed, ``"crosses": [{"meld": 0, "cells": ["O♣1", "A♥6", "T♣6"]}]`` lays a row across
    row 0 through one of its cards.
``{"type": "discard", "card": "K♠3"}``
    End the turn by laying one card face up.
``{"type": "done"}``
    End the turn with no cards left (needed when words may be challenged, so a challenge can come first).
``{"type": "choose", "game_type": "cardplay", "options": {...}}``
    WILD GAME: the dealer, having seen the cards, says what the deal is (rule 34).
``{"type": "challenge", "players": [1, 2]}``
    When words are checked by challenge: contest the words of the last play (rule 26).
``{"type": "hurry", "player": 2}``
    Give the player to act a minute's notice (rule 20); see :meth:`WordcardGame.check_time`.
``{"type": "next_deal"}``
    Start the next deal when the game has several.
``{"type": "reveal", "player": 0, "cards": ["#wc-017"]}`` / ``{"type": "reveal", "discard": "#wc-003"}``
    Only with ``deal: "table"`` (people dealt real cards): the player shows she holds these cards, or the
    table shows the face-up card people turned at the deal; the game's placeholder deal is made to agree
    (:class:`.table_deal.TableDeal`). After the deal's end a player shows every card left in her hand and the
    deal is scored again with them.

:class:`WordcardGroupGame` is the GROUP GAME (rules 36 to 39): the same cards face up for everyone, each
player's best solution scored, also as a solo puzzle against the best the host finds.
docs/rules/wordcard.md gives the readings of the rules the text leaves open.
"""

from __future__ import annotations

import copy
import dataclasses
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
    CardPlayedTwiceError,
    DrawPile,
    Hand,
    PlacedCard,
    deal,
    parse_face,
    resolve_cards,
)
from .table_deal import revealed_cards
from .wordcard_options import DEAL_TYPES, WILD_CHOICES, WordcardOptions
from .wordcard_play import Meld, Prepared, prepare_play
from .wordcard_scoring import (
    TypeRule,
)


@dataclass
class PlayRecord:
    """What the last play changed, to undo it when a challenge finds a non-word."""

    player: int
    melds: list[Meld]
    points: int
    opened: bool
    laid: list[Card]
    freed: list[Card]
    words: list[str]
    deposit_turn: int | None
    challengeable: bool = True


class WordcardGame(CardGame):
    """One WORDCARD game (one or more deals). ``lexicon`` is the loaded ``options.lexicon``."""

    name: ClassVar[str] = "wordcard"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    options_type: ClassVar[type[WordcardOptions]] = WordcardOptions
    actions: ClassVar[tuple[str, ...]] = (
        "take",
        "play",
        "discard",
        "done",
        "choose",
        "challenge",
        "hurry",
        "next_deal",
        "reveal",
    )
    options: WordcardOptions

    def __init__(
        self, players: list[str], *, lexicon: Lexicon, seed: int = 0, options: WordcardOptions | None = None
    ) -> None:
        super().__init__(players, lexicon=lexicon, seed=seed, options=options)
        n = len(players)
        if any(s >= n for side in self.options.partners or [] for s in side):
            raise InvalidMoveError(f"partners name seats 0 to {n - 1} only")
        if n * self.options.hand_size + 1 > len(self.deck.cards):
            raise InvalidMoveError(
                f"{n} hands of {self.options.hand_size} do not fit in {len(self.deck.cards)} cards"
            )
        self.deals_total = self.options.deals or (n if self.options.game_type == "wild" else 1)
        self.deal_results: list[dict[str, Any]] = []
        self.deal_number = 0
        dealer = self.options.dealer if self.options.dealer is not None else self._cut_for_dealer()
        if not 0 <= dealer < n:
            raise InvalidMoveError(f"dealer must be a seat from 0 to {n - 1}, not {dealer}")
        self.dealer = dealer
        self._start_deal()

    # -- dealing ------------------------------------------------------------------------------------

    def _cut_for_dealer(self) -> int:
        """Rule 7: everyone takes a card; the letter closest to A deals. Wild cards and ties draw again."""
        return self._cut(self.deck.cards, lambda card: card.letters, "wild card: draw again")

    def _start_deal(self) -> None:
        n = len(self.players)
        self.deal_number += 1
        self.deal_options = self.options
        self.stock = DrawPile(self.deck.cards, "deck")
        self.stock.shuffle(self.rng)
        # rule 9: the player on the dealer's right cuts
        cut = self.rng.randrange(1, len(self.stock))
        self.stock.cards = self.stock.cards[cut:] + self.stock.cards[:cut]
        self.hands = [Hand() for _ in range(n)]
        deal([self.stock], self.hands, [self.options.hand_size], (self.dealer + 1) % n)
        self.discards = DrawPile(self.stock.draw(1), "discard")
        self.table_deal.known.clear()  # a new deal: nothing of it has been seen
        self.melds: list[Meld] = []
        self.next_meld = 0
        self.deal_points = [0] * n
        self.deal_lines: list[list[ScoreLine]] = [[] for _ in range(n)]
        self.deposit_turn: list[int | None] = [None] * n
        self.lost_turns = [0] * n
        self.current = self.dealer
        self.turn_number = 1
        self.dealer_exchange = True
        self.last_play: PlayRecord | None = None
        self.hurry_deadline: int | None = None
        self.over_reason = ""
        self.phase = "choose" if self.options.game_type == "wild" else "take"

    def set_position(
        self,
        hands: list[list[str]],
        stock: list[str] | None = None,
        discards: list[str] | None = None,
        current: int | None = None,
    ) -> None:
        """Lay out a deal (a lesson, a puzzle, a physical table to mirror): each hand's cards by code or
        ``#id``, the next cards of the deck (drawn in the order given) and the face-up cards (the last one
        on top). All other cards go, shuffled, under the given ones."""
        pool, take = self._laying_out(hands)
        new_hands = [take(h) for h in hands]
        tops = take(list(reversed(stock or [])))
        face_up = take(list(discards or []))
        self.rng.shuffle(pool)
        self.stock.cards = pool + tops
        self.discards.cards = face_up
        for h, cards in zip(self.hands, new_hands, strict=True):
            h.cards = cards
        if current is not None:
            self.current = current
        self.log.append(
            (
                {
                    "type": "position",
                    "hands": hands,
                    "stock": stock or [],
                    "discards": discards or [],
                    "current": current,
                },
                None,
            )
        )

    @property
    def rule(self) -> TypeRule:
        """The game type of the deal being played."""
        return self.deal_options.rule

    # -- views --------------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def sides(self) -> list[list[int]]:
        """The seats playing together (rule 2): the agreed partners, everyone else alone."""
        given = [list(side) for side in (self.options.partners or [])]
        taken = {s for side in given for s in side}
        return given + [[s] for s in range(len(self.players)) if s not in taken]

    def side_scores(self) -> list[int]:
        """Each side's total, in the order of :meth:`sides`."""
        return [sum(self.players[s].score for s in side) for side in self.sides()]

    def winners(self) -> list[int]:
        """Best total: the highest, or the lowest when playing for the least; with partners, every
        player of the best side."""
        totals = self.side_scores()
        best = (min if self.options.formula == "least" else max)(totals)
        return sorted(s for side, t in zip(self.sides(), totals, strict=True) if t == best for s in side)

    def state(self, viewer: int | None = None) -> dict[str, Any]:
        """What the table shows; hands of ``viewer`` only (all when None)."""
        return {
            "game": self.name,
            "phase": self.phase,
            "over_reason": self.over_reason,
            "game_type": self.deal_options.game_type,
            "formula": self.options.formula,
            "deal": self.deal_number,
            "deals": self.deals_total,
            "dealer": self.dealer,
            "current": self.current,
            "turn": self.turn_number,
            "deck": len(self.stock),
            "discards": [c.face for c in self.discards.cards],
            "melds": [m.to_dict() for m in self.melds],
            "players": [
                {
                    "name": p.name,
                    "score": p.score,
                    "deal_points": self.deal_points[i],
                    "cards": len(self.hands[i]),
                    "opened": self.deposit_turn[i] is not None,
                    "lost_turns": self.lost_turns[i],
                    **({"hand": self.hands[i].faces()} if viewer is None or viewer == i else {}),
                }
                for i, p in enumerate(self.players)
            ],
            "deal_results": self.deal_results,
            "sides": [
                {"seats": side, "score": t} for side, t in zip(self.sides(), self.side_scores(), strict=True)
            ],
        }

    def hand_value(self, seat: int) -> int:
        """What the cards in a hand count: their values, a wild card 50 (rule 18)."""
        return sum(self.options.wild_in_hand if c.wild else c.points for c in self.hands[seat])

    # -- applying -----------------------------------------------------------------------------------

    def check_time(self, now_ms: int) -> bool:
        """Rule 20: when the notice given by ``hurry`` has run out before the player took a card, the turn
        is lost. True when a turn was lost."""
        if self.hurry_deadline is None or now_ms < self.hurry_deadline or self.phase != "take":
            return False
        seat = self.current
        self.hurry_deadline = None
        self._log_time(now_ms)
        self.history.append(MoveRecord(seat, {"type": "time"}, None, now_ms, note="lost the turn (rule 20)"))
        self._advance()
        return True

    def _need(self, *phases: str) -> None:
        if self.phase in phases:
            return
        if self.phase == "choose":
            raise IllegalMoveError(
                f"{self.players[self.dealer].name} (dealing) first chooses the type of game (WILD GAME)"
            )
        if self.phase == "take":
            raise IllegalMoveError(
                f"{self.players[self.current].name} first takes a card (from the deck, or from the discards with a play)"
            )
        if self.phase == "play":
            raise IllegalMoveError(f"{self.players[self.current].name} has taken a card: play, then discard")
        raise IllegalMoveError("the deal is over: start the next deal")

    # -- the turn -----------------------------------------------------------------------------------

    def _refill(self) -> bool:
        """Rule 13: with the deck used up, the face-up cards but the top one become the new deck."""
        if self.stock or len(self.discards) < 2:
            return bool(self.stock)
        top = self.discards.cards.pop()
        self.stock.put_top(self.discards.cards)
        self.discards.cards = [top]
        self.stock.shuffle(self.rng)
        return True

    def _take(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._actor(action)
        self._need("take")
        source = action.get("source", "deck")
        if source == "discard":
            if not (self.dealer_exchange and seat == self.dealer):
                raise IllegalMoveError(
                    "only the dealer at the start may take the face-up card without playing it (rule 11): "
                    'take it with the play that uses it, {"type": "play", "from_discard": 1, ...}'
                )
            card = self.discards.draw(1)
            self.table_deal.show(seat, card)
        elif source == "deck":
            if not self._refill():
                self._end_deal(None, "the deck is used up and cannot be refilled")
                return MoveRecord(seat, copy.deepcopy(action), None, now_ms, note="deck used up: deal over")
            card = self.stock.draw(1)
            self.table_deal.forget(card)
        else:
            raise InvalidMoveError(f"source must be 'deck' or 'discard', not {source!r}")
        self._new_turn_started(seat)
        self.hands[seat].add(card)
        self.phase = "play"
        return MoveRecord(seat, copy.deepcopy(action), None, now_ms, note=f"took from the {source}")

    # -- a deal made by people ---------------------------------------------------------------------

    def locate(self, card: Card) -> str:
        """Where a card the table has seen lies, in words (for the errors of a reveal)."""
        for meld in self.melds:
            if any(p.card == card for p in meld.cards):
                row = "".join(p.letters or "?" for p in meld.cards)
                return f"on the table in the row {row} ({self.players[meld.owner].name})"
        if card in self.discards.cards:
            return "on the discard pile"
        return "on the table"

    def _face_down(self) -> list[DrawPile]:
        return [self.stock]

    def _reveal_face_up(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord | None:
        if "discard" not in action:
            return None
        card = revealed_cards([action["discard"]], self.deck)[0]
        if (
            len(self.discards) != 1
            or self.melds
            or self.turn_number != 1
            or self.phase not in ("take", "choose")
        ):
            raise IllegalMoveError("the face-up card is turned at the deal, before the first card is taken")
        place: list[Card | None] = [self.discards.cards[0]]
        self._lay_face_up(card, place, 0)
        assert place[0] is not None
        self.discards.cards = [place[0]]
        return MoveRecord(-1, copy.deepcopy(action), None, now_ms, note=f"face-up card {card.face}")

    def _hands_counted(self) -> bool:
        return self.phase in ("deal_over", "over")

    def _count_again(self, seat: int, swaps: list[tuple[Card, Card]]) -> None:
        if swaps:
            self._rescore_deal()

    def _rescore_deal(self) -> None:
        """The deal's final scoring again, with the hands as now shown (``deal: "table"``)."""
        last = self.deal_results.pop()
        for player, sheet in zip(self.players, last["players"], strict=True):
            player.score -= sheet["total"]
        self._end_deal(last["out"], last["reason"])

    def _new_turn_started(self, seat: int) -> None:
        self.hurry_deadline = None
        if self.last_play is not None and self.last_play.player != seat:
            self.last_play = None  # a challenge must come before the next player acts

    def _discard(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._actor(action)
        self._need("play")
        token = action.get("card")
        if not isinstance(token, str):
            raise InvalidMoveError('say which card to discard: {"type": "discard", "card": "K♠3"}')
        face = parse_face(token)
        self.deck.check_face(face)
        card = resolve_cards([face], self.hands[seat].cards, who=self.players[seat].name, deck=self.deck)[0]
        self.hands[seat].remove([card])
        self.discards.put_top([card])
        record = MoveRecord(seat, copy.deepcopy(action), None, now_ms, note=f"discarded {card.face}")
        if not self.hands[seat]:
            record.score = self._finish(seat)
        else:
            self._advance()
        return record

    def _done(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._actor(action)
        self._need("play")
        if self.hands[seat]:
            raise IllegalMoveError(
                f"{self.players[seat].name} still holds {len(self.hands[seat])} card(s): discard one to end the turn"
            )
        return MoveRecord(seat, copy.deepcopy(action), self._finish(seat), now_ms, note="out")

    def _advance(self) -> None:
        n = len(self.players)
        self.dealer_exchange = False
        self.turn_number += 1
        seat = self.current
        for _ in range(n * 8):
            seat = (seat + 1) % n
            if self.lost_turns[seat]:
                self.lost_turns[seat] -= 1
                continue
            break
        self.current = seat
        self.phase = "take"

    # -- playing ------------------------------------------------------------------------------------

    def _play(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = self._actor(action)
        prepared = self.prepare_play(seat, action)
        opened_before = self.deposit_turn[seat] is not None
        record_undo = PlayRecord(
            seat,
            copy.deepcopy(self.melds),
            self.deal_points[seat],
            opened_before,
            list(prepared.used),
            [],
            prepared.words,
            self.deposit_turn[seat],
        )
        if prepared.taken:
            self.discards.cards = self.discards.cards[: len(self.discards) - len(prepared.taken)]
            self.hands[seat].add(prepared.taken)
            self.table_deal.show(seat, prepared.taken)
            self._new_turn_started(seat)
            self.phase = "play"
        hand = self.hands[seat]
        hand.remove(prepared.used)
        lines: list[ScoreLine] = []
        least = self.options.formula == "least"
        made: dict[str, Meld] = {}
        for kind, rows in (("new", prepared.new_melds), ("cross", prepared.crosses)):
            for i, cards in enumerate(rows):
                made[f"{kind}:{i}"] = Meld(self.next_meld, seat, cards)
                self.melds.append(made[f"{kind}:{i}"])
                self.next_meld += 1
        by_id = {m.id: m for m in self.melds}
        for meld_id, row, _new in prepared.tag_ons:
            by_id[meld_id].cards = row
        for meld_id, cell, real in prepared.swaps:
            meld = by_id[meld_id]
            wild = meld.cards[cell].card
            for other in self.melds:  # a wild card a row crosses lies in both rows
                other.cards = [PlacedCard.of(real) if p.card.id == wild.id else p for p in other.cards]
            hand.add([wild])
            self.table_deal.show(seat, [wild])
            record_undo.freed.append(wild)
            lines.append(
                ScoreLine(
                    f"wild card in row {meld_id} replaced by {real.face}",
                    0,
                    "the wild card goes to the hand (rule 3)",
                )
            )
        total = 0
        for where, ms in prepared.scores:
            meld = by_id[int(where.split(":")[1])] if where.startswith("tag:") else made[where]
            for ln in ms.lines:
                if least:
                    lines.append(
                        ScoreLine(
                            ln.label,
                            0,
                            (ln.detail + "; " if ln.detail else "")
                            + "playing for the least: laydowns score nothing",
                        )
                    )
                else:
                    lines.append(ln)
            total += 0 if least else ms.points
            for b in ms.bonus_lines:
                pts = -b.points if least else b.points
                lines.append(
                    ScoreLine(
                        b.label, pts, b.detail + ("; deducted from the penalty (rule 4)" if least else "")
                    )
                )
                total += pts
            meld.long_word = meld.long_word or ms.long_word
            meld.long_combination = meld.long_combination or ms.long_combination
        if self.deposit_turn[seat] is None and (prepared.new_melds or prepared.tag_ons or prepared.crosses):
            self.deposit_turn[seat] = self.turn_number
        self.deal_points[seat] += total
        self.deal_lines[seat].extend(lines)
        self.last_play = record_undo if self.options.check_words == "challenge" else None
        record = MoveRecord(
            seat,
            copy.deepcopy(action),
            ScoreBreakdown(tuple(lines), total),
            now_ms,
            note=" ".join(prepared.words),
        )
        if not hand and self.options.check_words == "auto":
            finish = self._finish(seat)
            record.score = (
                ScoreBreakdown(record.score.lines + finish.lines, total + finish.total)
                if record.score
                else finish
            )
        return record

    def prepare_play(self, seat: int, action: dict[str, Any]) -> Prepared:
        """Check a play completely and score it, changing nothing; raise the first fault found."""
        return prepare_play(self, seat, action)

    # -- challenges, hurry, WILD GAME --------------------------------------------------------------

    def _challenge(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if self.options.check_words != "challenge":
            raise IllegalMoveError(
                "words are checked by the dictionary as they are laid: there is nothing to challenge"
            )
        play = self.last_play
        if play is None or not play.words:
            raise IllegalMoveError(
                "there is no word to challenge: a word is contested before the next player acts"
            )
        challengers = action.get("players")
        if (
            not isinstance(challengers, list)
            or not challengers
            or not all(isinstance(c, int) and 0 <= c < len(self.players) for c in challengers)
        ):
            raise InvalidMoveError(
                'a challenge lists the challenging seats: {"type": "challenge", "players": [1]}'
            )
        if play.player in challengers:
            raise IllegalMoveError("a player cannot challenge her or his own word")
        if len(set(challengers)) != len(challengers):
            raise CardPlayedTwiceError("a player is named twice in one challenge")
        wrong = [w for w in play.words if not self.lexicon.is_word(w)]
        seat = play.player
        if wrong:
            self.melds = play.melds
            self.deal_points[seat] = play.points
            self.deposit_turn[seat] = play.deposit_turn
            hand = self.hands[seat]
            for c in play.freed:
                if c in hand:
                    hand.remove([c])
            hand.add(play.laid)
            self.lost_turns[seat] += len(challengers)
            note = f"{', '.join(wrong)} not in {self.lexicon.name}: the cards go back, {self.players[seat].name} loses {len(challengers)} turn(s)"
        else:
            for c in challengers:
                self.lost_turns[c] += 1
            note = f"{' '.join(play.words)} stands: each challenger loses a turn"
        self.last_play = None
        return MoveRecord(challengers[0], copy.deepcopy(action), None, now_ms, note=note)

    def _hurry(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        seat = action.get("player")
        if not isinstance(seat, int) or seat == self.current or not 0 <= seat < len(self.players):
            raise InvalidMoveError("hurry names the seat giving notice (not the player to act)")
        if now_ms is None:
            raise InvalidMoveError("hurry needs the time (now_ms)")
        self._need("take")
        self.hurry_deadline = now_ms + self.options.hurry_ms
        return MoveRecord(
            seat,
            copy.deepcopy(action),
            None,
            now_ms,
            note=f"{self.players[self.current].name} has one minute",
        )

    def _choose(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if self.phase != "choose":
            raise IllegalMoveError("only a WILD GAME deal starts with the dealer's choice")
        seat = action.get("player", self.dealer)
        if seat != self.dealer:
            raise NotYourTurnError(f"{self.players[self.dealer].name} deals and chooses (rule 34)")
        kind = action.get("game_type")
        if kind == "group":
            raise IllegalMoveError("the GROUP GAME cannot be chosen in a WILD GAME (rule 35)")
        if kind not in DEAL_TYPES:
            raise InvalidMoveError(f"game_type must be one of {', '.join(DEAL_TYPES)}, not {kind!r}")
        extra = action.get("options", {}) or {}
        bad = set(extra) - set(WILD_CHOICES)
        if bad:
            raise InvalidMoveError(
                f"the dealer may set {', '.join(WILD_CHOICES)}; not {', '.join(sorted(bad))}"
            )
        self.deal_options = dataclasses.replace(self.options, game_type=kind, **extra)
        self.phase = "take"
        return MoveRecord(seat, copy.deepcopy(action), None, now_ms, note=f"deal played as {self.rule.name}")

    # -- the end ------------------------------------------------------------------------------------

    def _finish(self, seat: int) -> ScoreBreakdown:
        """Rules 40 to 43: the player is out; the bonus, then the deal's final scoring."""
        lines: list[ScoreLine] = []
        if self.options.bonuses:
            least = self.options.formula == "least"
            first = self.deposit_turn[seat]
            if first is not None and first < self.turn_number:
                ln = ScoreLine("bonus: out after an earlier laydown", self.options.finish_bonus, "rule 42")
            else:
                ln = ScoreLine(
                    "bonus: out with all cards in one turn", self.options.immediate_bonus, "rule 43"
                )
            if least:
                ln = ScoreLine(ln.label, -ln.points, ln.detail + "; deducted from the penalty (rule 4)")
            lines.append(ln)
            self.deal_points[seat] += ln.points
            self.deal_lines[seat].append(ln)
        self._end_deal(seat, f"{self.players[seat].name} has laid down the last card")
        return ScoreBreakdown(tuple(lines), sum(ln.points for ln in lines))

    def _end_deal(self, out: int | None, reason: str) -> None:
        """Cards left in hands, then rule 47 (least) or rule 48 (most)."""
        o = self.options
        n = len(self.players)
        mult = self.rule.multiplier
        raw: list[int] = []
        sheets: list[list[ScoreLine]] = []
        for seat in range(n):
            lines = [ScoreLine("laydowns, tag-ons and bonuses this deal", self.deal_points[seat])]
            value = self.hand_value(seat)
            if value:
                detail = " + ".join(
                    ("* 50 (wild, rule 18)" if c.wild else f"{c.face} {c.points}") for c in self.hands[seat]
                )
                if mult != 1:
                    detail += f", x{mult} in WORDCARD (rule 33)"
                sign = -1 if o.formula == "most" else 1
                lines.append(ScoreLine("cards left in the hand", sign * value * mult, detail))
            raw.append(sum(ln.points for ln in lines))
            sheets.append(lines)
        if o.formula == "least":
            best = min(raw)
            winner = raw.index(best)
            for seat in range(n):
                if seat == winner:
                    sheets[seat].append(
                        ScoreLine("the winner's score is brought to nought", -best, "rule 47")
                    )
                else:
                    sheets[seat].append(
                        ScoreLine(
                            f"plus what brought {self.players[winner].name} to nought", -best, "rule 47"
                        )
                    )
        else:
            worst = min(raw)
            loser = raw.index(worst)
            for seat in range(n):
                what = (
                    "the loser's own points"
                    if seat == loser
                    else f"minus {self.players[loser].name}'s points (the loser)"
                )
                sheets[seat].append(ScoreLine(what, -worst, "rule 48"))
        result = []
        for seat in range(n):
            total = sum(ln.points for ln in sheets[seat])
            self.players[seat].score += total
            result.append(ScoreBreakdown(tuple(sheets[seat]), total).to_dict())
        self.deal_results.append({"deal": self.deal_number, "out": out, "reason": reason, "players": result})
        self.over_reason = reason
        self.last_play = None
        self.phase = "over" if self.deal_number >= self.deals_total else "deal_over"

    def _next_deal(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if self.phase != "deal_over":
            raise IllegalMoveError("the deal is still being played")
        self.dealer = (self.dealer + 1) % len(self.players)  # rule 8: the deal passes clockwise
        self._start_deal()
        return MoveRecord(self.dealer, copy.deepcopy(action), None, now_ms, note=f"deal {self.deal_number}")
