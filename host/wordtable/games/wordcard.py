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
    (:class:`.cards.TableDeal`). After the deal's end a player shows every card left in her hand and the
    deal is scored again with them.

:class:`WordcardGroupGame` is the GROUP GAME (rules 36 to 39): the same cards face up for everyone, each
player's best solution scored, also as a solo puzzle against the best the host finds.
docs/rules/wordcard.md gives the readings of the rules the text leaves open.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

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
    CardFace,
    CardPlayedTwiceError,
    DrawPile,
    Hand,
    PlacedCard,
    deal,
    parse_face,
    resolve_cards,
    revealed_cards,
    take_cards,
)
from .wordcard_options import ALPHABET, DEAL_TYPES, WILD_CHOICES, WordcardOptions
from .wordcard_scoring import (
    MeldScore,
    TypeRule,
    card_value,
    fill_wild_ranks,
    name_wild_letters,
    score_meld,
)


@dataclass
class Meld:
    """A row on the table: its cards in cell order and which long bonuses it has had."""

    id: int
    owner: int
    cards: list[PlacedCard]
    long_word: bool = False
    long_combination: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"id": self.id, "owner": self.owner, "cards": [p.face for p in self.cards],
                "ids": [p.card.id for p in self.cards], "text": "".join(p.letters or "?" for p in self.cards)}


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


@dataclass
class Prepared:
    """A play checked and scored, not yet applied."""

    taken: list[Card]
    used: list[Card]
    new_melds: list[list[PlacedCard]]
    tag_ons: list[tuple[int, list[PlacedCard], list[int]]]
    swaps: list[tuple[int, int, Card]]
    scores: list[tuple[str, MeldScore]]
    words: list[str] = field(default_factory=list)
    crosses: list[list[PlacedCard]] = field(default_factory=list)


class WordcardGame(CardGame):
    """One WORDCARD game (one or more deals). ``lexicon`` is the loaded ``options.lexicon``."""

    name: ClassVar[str] = "wordcard"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    options_type: ClassVar[type[WordcardOptions]] = WordcardOptions
    actions: ClassVar[tuple[str, ...]] = ("take", "play", "discard", "done", "choose", "challenge", "hurry",
                                          "next_deal", "reveal")
    options: WordcardOptions

    def __init__(self, players: list[str], *, lexicon: Any, seed: int = 0,
                 options: WordcardOptions | None = None) -> None:
        super().__init__(players, lexicon=lexicon, seed=seed, options=options)
        n = len(players)
        if any(s >= n for side in self.options.partners or [] for s in side):
            raise InvalidMoveError(f"partners name seats 0 to {n - 1} only")
        if n * self.options.hand_size + 1 > len(self.deck.cards):
            raise InvalidMoveError(f"{n} hands of {self.options.hand_size} do not fit in {len(self.deck.cards)} cards")
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

    def set_position(self, hands: list[list[str]], stock: list[str] | None = None,
                     discards: list[str] | None = None, current: int | None = None) -> None:
        """Lay out a deal (a lesson, a puzzle, a physical table to mirror): each hand's cards by code or
        ``#id``, the next cards of the deck (drawn in the order given) and the face-up cards (the last one
        on top). All other cards go, shuffled, under the given ones."""
        if len(hands) != len(self.players):
            raise InvalidMoveError(f"give {len(self.players)} hands, not {len(hands)}")
        pool = list(self.deck.cards)

        def take(codes: list[str]) -> list[Card]:
            return take_cards(codes, pool, self.deck)

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
        self.log.append(({"type": "position", "hands": hands, "stock": stock or [], "discards": discards or [],
                          "current": current}, None))

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
            "game": self.name, "phase": self.phase, "over_reason": self.over_reason,
            "game_type": self.deal_options.game_type, "formula": self.options.formula,
            "deal": self.deal_number, "deals": self.deals_total, "dealer": self.dealer,
            "current": self.current, "turn": self.turn_number,
            "deck": len(self.stock), "discards": [c.face for c in self.discards.cards],
            "melds": [m.to_dict() for m in self.melds],
            "players": [{"name": p.name, "score": p.score, "deal_points": self.deal_points[i],
                         "cards": len(self.hands[i]), "opened": self.deposit_turn[i] is not None,
                         "lost_turns": self.lost_turns[i],
                         **({"hand": self.hands[i].faces()} if viewer is None or viewer == i else {})}
                        for i, p in enumerate(self.players)],
            "deal_results": self.deal_results,
            "sides": [{"seats": side, "score": t} for side, t in zip(self.sides(), self.side_scores(), strict=True)],
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
            raise IllegalMoveError(f"{self.players[self.dealer].name} (dealing) first chooses the type of game (WILD GAME)")
        if self.phase == "take":
            raise IllegalMoveError(f"{self.players[self.current].name} first takes a card (from the deck, or from the discards with a play)")
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
                    "take it with the play that uses it, {\"type\": \"play\", \"from_discard\": 1, ...}")
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
        if len(self.discards) != 1 or self.melds or self.turn_number != 1 or self.phase not in ("take", "choose"):
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
            raise InvalidMoveError("say which card to discard: {\"type\": \"discard\", \"card\": \"K♠3\"}")
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
            raise IllegalMoveError(f"{self.players[seat].name} still holds {len(self.hands[seat])} card(s): discard one to end the turn")
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
        record_undo = PlayRecord(seat, copy.deepcopy(self.melds), self.deal_points[seat], opened_before,
                                 list(prepared.used), [], prepared.words, self.deposit_turn[seat])
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
            lines.append(ScoreLine(f"wild card in row {meld_id} replaced by {real.face}", 0, "the wild card goes to the hand (rule 3)"))
        total = 0
        for where, ms in prepared.scores:
            meld = by_id[int(where.split(":")[1])] if where.startswith("tag:") else made[where]
            for ln in ms.lines:
                if least:
                    lines.append(ScoreLine(ln.label, 0, (ln.detail + "; " if ln.detail else "") + "playing for the least: laydowns score nothing"))
                else:
                    lines.append(ln)
            total += 0 if least else ms.points
            for b in ms.bonus_lines:
                pts = -b.points if least else b.points
                lines.append(ScoreLine(b.label, pts, b.detail + ("; deducted from the penalty (rule 4)" if least else "")))
                total += pts
            meld.long_word = meld.long_word or ms.long_word
            meld.long_combination = meld.long_combination or ms.long_combination
        if self.deposit_turn[seat] is None and (prepared.new_melds or prepared.tag_ons or prepared.crosses):
            self.deposit_turn[seat] = self.turn_number
        self.deal_points[seat] += total
        self.deal_lines[seat].extend(lines)
        self.last_play = record_undo if self.options.check_words == "challenge" else None
        record = MoveRecord(seat, copy.deepcopy(action), ScoreBreakdown(tuple(lines), total), now_ms,
                            note=" ".join(prepared.words))
        if not hand and self.options.check_words == "auto":
            finish = self._finish(seat)
            record.score = ScoreBreakdown(record.score.lines + finish.lines, total + finish.total) if record.score else finish
        return record

    def _match_existing(self, token: str, placed: PlacedCard) -> bool:
        face = parse_face(token)
        if face.card_id is not None:
            return face.card_id == placed.card.id
        if face.wild:
            return placed.card.wild
        return face.matches(placed.card)

    @staticmethod
    def _row_named(item: Any, key: str, by_id: dict[int, Meld], how: str) -> Meld:
        """The row an item of a play names, with the error for a malformed item or a row not there."""
        if not isinstance(item, dict) or "meld" not in item or key not in item:
            raise InvalidMoveError(how)
        meld = by_id.get(item["meld"])
        if meld is None:
            raise IllegalMoveError(f"there is no row {item['meld']!r} on the table (rows: {sorted(by_id)})")
        return meld

    def _names_meld_card(self, token: str, meld: Meld) -> bool:
        face = parse_face(token)
        if face.card_id is not None:
            return any(p.card.id == face.card_id for p in meld.cards)
        return not face.wild and any(face.matches(p.card) for p in meld.cards)

    def _meld_card(self, token: str, meld: Meld) -> PlacedCard:
        return next(p for p in meld.cards if self._names_meld_card(token, Meld(-1, -1, [p])))

    def _split_tag_on(self, meld: Meld, cells: list[str]) -> tuple[list[str], list[str]]:
        m = len(meld.cards)
        if len(cells) <= m:
            raise IllegalMoveError(f"a tag-on on row {meld.id} adds at least one card: give the whole row as it then lies")
        for s in range(len(cells) - m + 1):
            if all(self._match_existing(cells[s + k], meld.cards[k]) for k in range(m)):
                return cells[:s], cells[s + m:]
        shown = ", ".join(p.face for p in meld.cards)
        raise IllegalMoveError(
            f"row {meld.id} ({shown}) must lie unchanged inside the new row: tag cards on at its ends (rule 19)")

    def _placed(self, card: Card, face: CardFace) -> PlacedCard:
        return PlacedCard.of(card, face)

    def _complete(self, row: list[PlacedCard]) -> list[PlacedCard]:
        """Fill what unnominated wild cards stand for: the rank the combination needs, the one letter
        that makes the row a word (when words must be laid)."""
        row = fill_wild_ranks(row)
        if any(p.card.wild and not p.letters for p in row) and self.rule.must_word:
            row = name_wild_letters(row, self.lexicon.is_word, ALPHABET)
        return row

    def prepare_play(self, seat: int, action: dict[str, Any]) -> Prepared:
        """Check a play completely and score it, changing nothing; raise the first fault found."""
        o = self.deal_options
        rule = self.rule
        take = action.get("from_discard")
        if take is not None:
            self._need("take")
            if not isinstance(take, int) or take < 1:
                raise InvalidMoveError("from_discard is how many face-up cards to take: 1 for the top one")
            if take > 1 and not o.discard_pickup:
                raise IllegalMoveError("only the top face-up card may be taken (rule 21's pickup is not agreed)")
            if take > len(self.discards):
                raise IllegalMoveError(f"there are only {len(self.discards)} face-up card(s)")
            taken = self.discards.cards[len(self.discards) - take:][::-1]
        else:
            self._need("play")
            taken = []
        melds_in = action.get("melds", [])
        tags_in = action.get("tag_ons", [])
        swaps_in = action.get("replace_wilds", [])
        crosses_in = action.get("crosses", [])
        if not all(isinstance(x, list) for x in (melds_in, tags_in, swaps_in, crosses_in)):
            raise InvalidMoveError("melds, tag_ons, crosses and replace_wilds are lists")
        if crosses_in and not o.cross_rows:
            raise IllegalMoveError("rows across rows (rule 17) are not played in this game (house rule)")
        if not (melds_in or tags_in or swaps_in or crosses_in):
            raise InvalidMoveError("a play lays down, tags on or replaces at least one card")
        holding = list(self.hands[seat].cards) + taken
        # every card named from the hand, in one go: a card named twice anywhere is caught
        tokens: list[str] = []
        meld_rows: list[list[str]] = []
        for row in melds_in:
            if isinstance(row, str):
                row = row.split(",")
            if not isinstance(row, list):
                raise InvalidMoveError("each laydown is a list of cards in cell order")
            meld_rows.append([str(t) for t in row])
            tokens.extend(str(t) for t in row)
        by_id = {m.id: m for m in self.melds}
        tag_parts: list[tuple[Meld, list[str], list[str]]] = []
        for tag in tags_in:
            meld = self._row_named(tag, "cells", by_id, "a tag-on is {\"meld\": row number, \"cells\": [the whole row as it then lies]}")
            if meld.owner != seat and not o.tag_on_others:
                raise IllegalMoveError(f"row {meld.id} is {self.players[meld.owner].name}'s: tag on only to your own rows (house rule)")
            front, back = self._split_tag_on(meld, [str(t) for t in tag["cells"]])
            tag_parts.append((meld, front, back))
            tokens.extend(front + back)
        cross_parts: list[tuple[list[str], int, PlacedCard]] = []
        for cross in crosses_in:
            meld = self._row_named(cross, "cells", by_id, "a row across is {\"meld\": row number, \"cells\": [the new row, one cell the row's card]}")
            cells = [str(t) for t in cross["cells"]]
            through = [i for i, t in enumerate(cells) if self._names_meld_card(t, meld)]
            if len(through) != 1:
                raise IllegalMoveError(f"a row across row {meld.id} goes through exactly one of its cards, not {len(through)}")
            shared = self._meld_card(cells[through[0]], meld)
            if sum(1 for m in self.melds for p in m.cards if p.card.id == shared.card.id) > 1:
                raise IllegalMoveError(f"{shared.face} already lies in two rows: no third row through it")
            cross_parts.append((cells[:through[0]] + cells[through[0] + 1:], through[0], shared))
            tokens.extend(cells[:through[0]] + cells[through[0] + 1:])
        swap_parts: list[tuple[Meld, str]] = []
        for sw in swaps_in:
            meld = self._row_named(sw, "card", by_id, "a wild card swap is {\"meld\": row number, \"card\": the real card}")
            swap_parts.append((meld, str(sw["card"])))
            tokens.append(str(sw["card"]))
        faces = [parse_face(t) for t in tokens]
        cards = resolve_cards(faces, holding, who=self.players[seat].name, deck=self.deck)
        k = 0
        new_melds: list[list[PlacedCard]] = []
        scores: list[tuple[str, MeldScore]] = []
        words: list[str] = []
        check = o.check_words == "auto"
        for i, row_tokens in enumerate(meld_rows):
            row = [self._placed(cards[k + j], faces[k + j]) for j in range(len(row_tokens))]
            k += len(row_tokens)
            row = self._complete(row)
            ms = score_meld(row, rule, o, self.lexicon.is_word, check_words=check)
            new_melds.append(row)
            scores.append((f"new:{i}", ms))
            if rule.must_word or ms.is_word:
                words.append(ms.text)
        tag_ons: list[tuple[int, list[PlacedCard], list[int]]] = []
        seen_melds: set[int] = set()
        for meld, front, back in tag_parts:
            if meld.id in seen_melds:
                raise IllegalMoveError(f"row {meld.id} is tagged twice in one play: give its whole new row once")
            seen_melds.add(meld.id)
            f_cards = [self._placed(cards[k + j], faces[k + j]) for j in range(len(front))]
            k += len(front)
            b_cards = [self._placed(cards[k + j], faces[k + j]) for j in range(len(back))]
            k += len(back)
            row = self._complete(f_cards + meld.cards + b_cards)
            new = list(range(len(front))) + list(range(len(front) + len(meld.cards), len(row)))
            ms = score_meld(row, rule, o, self.lexicon.is_word, before=meld.cards, new=new,
                            awarded=(meld.long_word, meld.long_combination), check_words=check)
            tag_ons.append((meld.id, row, new))
            scores.append((f"tag:{meld.id}", ms))
            if rule.must_word:
                words.append(ms.text)
        crosses: list[list[PlacedCard]] = []
        for i, (own, at, shared) in enumerate(cross_parts):
            placed = [self._placed(cards[k + j], faces[k + j]) for j in range(len(own))]
            k += len(own)
            row = self._complete(placed[:at] + [shared] + placed[at:])
            ms = score_meld(row, rule, o, self.lexicon.is_word, check_words=check)
            crosses.append(row)
            scores.append((f"cross:{i}", ms))
            if rule.must_word or ms.is_word:
                words.append(ms.text)
        swaps: list[tuple[int, int, Card]] = []
        for meld, _tok in swap_parts:
            real = cards[k]
            k += 1
            swaps.append((meld.id, self._wild_cell(meld, real, rule, swaps), real))
        used = list(cards)  # the face-up cards taken join the hand first, so every laid card leaves it
        laid_ids = {c.id for c in cards}
        if taken and taken[-1].id not in laid_ids:
            raise IllegalMoveError(
                f"{taken[-1].face}, taken from the face-up cards, must be played at once (rules 11 and 21)")
        left = len(holding) - len(cards)
        opened = self.deposit_turn[seat] is not None
        if not opened:
            if not new_melds:
                raise IllegalMoveError(f"{self.players[seat].name} has not opened yet: lay down first (rule 15)")
            laid = sum(len(r) for r in new_melds)
            value = sum(card_value(p, o.wild_points) for r in new_melds for p in r)
            if left > 1:  # rule 14: no minimum for whoever can place all the cards at once
                if o.opening == "cards" and laid < o.opening_cards:
                    raise IllegalMoveError(f"to open, lay down at least {o.opening_cards} cards at once, not {laid} (rule 14)")
                if o.opening == "points" and value < o.opening_points:
                    raise IllegalMoveError(f"to open, lay down at least {o.opening_points} points at once, not {value} (rule 14)")
        return Prepared(taken, used, new_melds, tag_ons, swaps, scores, words, crosses)

    def _wild_cell(self, meld: Meld, real: Card, rule: TypeRule, taken: list[tuple[int, int, Card]]) -> int:
        """The cell of a wild card in ``meld`` that ``real`` is the real card for: the same letter where
        words count, the same rank where combinations count, the same suit if one was named."""
        busy = {cell for mid, cell, _ in taken if mid == meld.id}
        for cell, p in enumerate(meld.cards):
            if not p.card.wild or cell in busy:
                continue
            if (rule.must_word or rule.words_count) and p.letters != real.letters:
                continue
            if (rule.must_combination or rule.combinations_count) and p.number != real.number:
                continue
            if p.suit is not None and p.suit != real.suit:
                continue
            return cell
        stood = ", ".join(p.face for p in meld.cards if p.card.wild) or "none"
        raise IllegalMoveError(f"{real.face} is not the real card of a wild card in row {meld.id} (wild cards there: {stood})")

    # -- challenges, hurry, WILD GAME --------------------------------------------------------------

    def _challenge(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if self.options.check_words != "challenge":
            raise IllegalMoveError("words are checked by the dictionary as they are laid: there is nothing to challenge")
        play = self.last_play
        if play is None or not play.words:
            raise IllegalMoveError("there is no word to challenge: a word is contested before the next player acts")
        challengers = action.get("players")
        if not isinstance(challengers, list) or not challengers or not all(
                isinstance(c, int) and 0 <= c < len(self.players) for c in challengers):
            raise InvalidMoveError("a challenge lists the challenging seats: {\"type\": \"challenge\", \"players\": [1]}")
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
        return MoveRecord(seat, copy.deepcopy(action), None, now_ms, note=f"{self.players[self.current].name} has one minute")

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
            raise InvalidMoveError(f"the dealer may set {', '.join(WILD_CHOICES)}; not {', '.join(sorted(bad))}")
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
                ln = ScoreLine("bonus: out with all cards in one turn", self.options.immediate_bonus, "rule 43")
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
                detail = " + ".join(("* 50 (wild, rule 18)" if c.wild else f"{c.face} {c.points}") for c in self.hands[seat])
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
                    sheets[seat].append(ScoreLine("the winner's score is brought to nought", -best, "rule 47"))
                else:
                    sheets[seat].append(ScoreLine(f"plus what brought {self.players[winner].name} to nought", -best, "rule 47"))
        else:
            worst = min(raw)
            loser = raw.index(worst)
            for seat in range(n):
                what = "the loser's own points" if seat == loser else f"minus {self.players[loser].name}'s points (the loser)"
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
