"""The card-game core shared by WORDCHAIN, WORDCARD and WordSnake.

Value types first (the python-chess way): :class:`Suit`, :class:`Card` (one physical card, with the
stable id its tag is registered under), :class:`CardFace` (what a person writes: ``K♠3``, ``K/S/3``,
``*=E♥5``) and :class:`PlacedCard` (a card as it lies in a word, a wild card with the letter, suit and
number its player gave it). Then the containers: :class:`DeckSpec` (a deck as a data file describes it),
:class:`DrawPile` (face-down, shuffled by the game's seeded ``random.Random``), :class:`Hand`, and
:class:`TurnOrder` (seats clockwise, dealer, rounds). :func:`resolve_cards` turns the tokens of a move
into the very cards of a hand, with a specific error for each way a move can be wrong. A deal made by
people is :mod:`.table_deal`; what every card game does alike is :class:`.card_game.CardGame`.

docs/rules/cards.md documents the notation and these concepts for players and for the other games.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from random import Random
from typing import Any

from .base import IllegalMoveError, InvalidMoveError

# -- suits --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Suit:
    """A playing-card suit: ``code`` is the ASCII letter used in files and the ASCII notation."""

    code: str
    name: str
    symbol: str
    colour: str


SUITS: dict[str, Suit] = {
    "S": Suit("S", "spades", "♠", "black"),
    "H": Suit("H", "hearts", "♥", "red"),
    "D": Suit("D", "diamonds", "♦", "red"),
    "C": Suit("C", "clubs", "♣", "black"),
}
"""The four suits by ASCII code."""

_SYMBOL_TO_CODE = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
RANK_NAMES = {"A": 1, "J": 11, "Q": 12, "K": 13}
"""Playing-card rank letters accepted in the number field after a suit (``E♠Q`` is rank 12)."""


def suit_colour(code: str | None) -> str | None:
    """``"red"`` or ``"black"`` for a suit code, None for a card without a suit."""
    return SUITS[code].colour if code else None


# -- cards --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """One physical card.

    ``id`` is stable (the tag registry maps a tag uid to it); ``letters`` is usually one letter, possibly
    more (a ``QU`` card), and empty for a wild card; ``number`` is the printed number or playing-card rank
    that sequences compare (None when the card has none); ``points`` what it scores; ``suit`` a code of
    :data:`SUITS` or None; ``group`` which pile it belongs to (``consonant`` / ``vowel`` in WORDCHAIN).
    """

    id: str
    letters: str
    points: int
    number: int | None = None
    suit: str | None = None
    wild: bool = False
    group: str = ""

    @property
    def colour(self) -> str | None:
        """``red``/``black`` from the suit, None without a suit."""
        return suit_colour(self.suit)

    @property
    def face(self) -> str:
        """The card in the symbol notation, e.g. ``K♠3`` (``*`` for a wild card)."""
        return format_face(self.letters, self.suit, self.number, self.points, self.wild)

    @property
    def ascii_face(self) -> str:
        """The card in the ASCII notation, e.g. ``K/S/3``."""
        return format_face(self.letters, self.suit, self.number, self.points, self.wild, ascii=True)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (also the form of the deck data files)."""
        d: dict[str, Any] = {"id": self.id, "letters": self.letters, "points": self.points}
        if self.number is not None:
            d["number"] = self.number
        if self.suit is not None:
            d["suit"] = self.suit
        if self.wild:
            d["wild"] = True
        if self.group:
            d["group"] = self.group
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Card:
        """Read a card written by :meth:`to_dict`."""
        suit = d.get("suit")
        if suit is not None and suit not in SUITS:
            raise InvalidMoveError(f"card {d.get('id')!r}: unknown suit {suit!r} (use S, H, D or C)")
        return cls(
            id=str(d["id"]),
            letters=str(d.get("letters", "")).upper(),
            points=int(d.get("points", 0)),
            number=d.get("number"),
            suit=suit,
            wild=bool(d.get("wild", False)),
            group=str(d.get("group", "")),
        )

    def __str__(self) -> str:
        return self.face


def format_face(
    letters: str,
    suit: str | None,
    number: int | None,
    points: int | None = None,
    wild: bool = False,
    ascii: bool = False,
) -> str:
    """Write a face in the notation; points are shown (``:P``) only when they differ from the number."""
    if wild and not letters:
        return "*"
    num = "" if number is None else str(number)
    if points is not None and points != (number if number is not None else points):
        num += f":{points}"
    if ascii:
        return f"{letters}/{suit or '-'}/{num}"
    return f"{letters}{SUITS[suit].symbol if suit else ''}{num}"


@dataclass(frozen=True)
class CardFace:
    """A card as a person writes it. Unknown parts are None and match anything.

    ``K♠3`` gives letters K, suit S, number 3; ``*`` a wild card; ``*=E♥5`` a wild card standing for
    E of hearts numbered 5 (``as_*`` fields); ``#wc-c17`` names a card by its id; ``@`` is the table's
    link card (a game that has one says so).
    """

    text: str
    letters: str | None = None
    suit: str | None = None
    number: int | None = None
    points: int | None = None
    wild: bool = False
    card_id: str | None = None
    link: bool = False
    as_letters: str | None = None
    as_suit: str | None = None
    as_number: int | None = None

    def matches(self, card: Card) -> bool:
        """True when ``card`` is a card this face describes."""
        if self.card_id is not None:
            return card.id == self.card_id
        if self.wild:
            return card.wild
        if card.wild:
            return False
        if self.letters is not None and card.letters != self.letters:
            return False
        if self.suit is not None and card.suit != self.suit:
            return False
        if self.number is not None and card.number != self.number:
            return False
        return self.points is None or card.points == self.points

    @property
    def has_nomination(self) -> bool:
        """True when the face says what a wild card stands for."""
        return self.as_letters is not None or self.as_suit is not None or self.as_number is not None


class UnknownCardError(InvalidMoveError):
    """A card code that cannot be read, or a card no deck of the game holds."""


class CardNotInHandError(IllegalMoveError):
    """A move names a card the player does not hold."""


class CardPlayedTwiceError(IllegalMoveError):
    """A move lays the same physical card in two places."""


_LETTERS = r"[^\W\d_]+"
_SYMBOL_FACE = re.compile(
    rf"^(?P<letters>{_LETTERS})(?:(?P<suit>[♠♥♦♣♤♡♢♧])(?P<rank>\d+|[AJQK])?|(?P<num>\d+))?(?::(?P<pts>\d+))?$"
)
_ASCII_FACE = re.compile(
    rf"^(?P<letters>{_LETTERS})/(?P<suit>[SHDC-]?)/(?P<num>\d+|[AJQK])?(?::(?P<pts>\d+))?$", re.IGNORECASE
)
_HELP = "write a card as K♠3 or K/S/3 (letter, suit, number), * for a wild card, *=E♥5 for a wild card played as E♥5, #ID for a card id"


def _number(text: str | None) -> int | None:
    if not text:
        return None
    if text.isdigit():
        return int(text)
    return RANK_NAMES[text.upper()]


def _parse_plain(text: str, original: str) -> tuple[str, str | None, int | None, int | None]:
    m = _SYMBOL_FACE.match(text)
    if m:
        suit = _SYMBOL_TO_CODE[m["suit"]] if m["suit"] else None
        number = _number(m["rank"] or m["num"])
        return m["letters"].upper(), suit, number, _number(m["pts"])
    m = _ASCII_FACE.match(text)
    if m:
        suit = m["suit"].upper() if m["suit"] and m["suit"] != "-" else None
        return m["letters"].upper(), suit, _number(m["num"]), _number(m["pts"])
    raise UnknownCardError(f"unknown card code {original!r}: {_HELP}")


def parse_face(text: str) -> CardFace:
    """Read one card code (see :class:`CardFace`); raise :class:`UnknownCardError` saying how to write it."""
    raw = text.strip()
    if not raw:
        raise UnknownCardError(f"empty card code: {_HELP}")
    if raw in ("@", "link", "LINK"):
        return CardFace(raw, link=True)
    if raw.startswith("@="):
        # a Multicard lying as the link: what the next player nominates it as
        letters, suit, number, _ = _parse_plain(raw[2:].strip(), raw)
        return CardFace(raw, link=True, as_letters=letters, as_suit=suit, as_number=number)
    if raw.startswith("#"):
        if len(raw) == 1:
            raise UnknownCardError(f"card code '#' without an id: {_HELP}")
        if "=" in raw:
            # a wild card named by its id, with what its player nominates it as (the table's form)
            ident, _, rest = raw[1:].partition("=")
            if not ident or not rest.strip():
                raise UnknownCardError(f"unknown card code {raw!r}: a wild card by id is #ID=E or #ID=E♥5")
            letters, suit, number, _ = _parse_plain(rest.strip(), raw)
            return CardFace(raw, card_id=ident, as_letters=letters, as_suit=suit, as_number=number)
        return CardFace(raw, card_id=raw[1:])
    if raw[0] in "*?":
        rest = raw[1:].strip()
        if not rest:
            return CardFace(raw, wild=True)
        if rest[0] != "=" or len(rest) == 1:
            raise UnknownCardError(
                f"unknown card code {raw!r}: a wild card is * or *=E♥5 (what it stands for)"
            )
        letters, suit, number, _ = _parse_plain(rest[1:].strip(), raw)
        return CardFace(raw, wild=True, as_letters=letters, as_suit=suit, as_number=number)
    letters, suit, number, points = _parse_plain(raw, raw)
    return CardFace(raw, letters=letters, suit=suit, number=number, points=points)


def parse_faces(text: str | Sequence[str]) -> list[CardFace]:
    """Read a comma-separated list (or a list) of card codes."""
    items = text.split(",") if isinstance(text, str) else list(text)
    if isinstance(text, str) and not text.strip():
        return []
    return [parse_face(t) for t in items]


def card_from_face(face: CardFace, card_id: str) -> Card:
    """A free-standing card built from a complete face (for scoring cards that no deck holds)."""
    if face.link or face.card_id is not None:
        raise UnknownCardError(f"{face.text!r} names a card on the table, not a card face")
    if face.wild:
        return Card(card_id, "", 0, None, None, wild=True)
    assert face.letters is not None
    points = face.points if face.points is not None else (face.number if face.number is not None else 0)
    return Card(card_id, face.letters, points, face.number, face.suit)


# -- a card as laid -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlacedCard:
    """A card in a row on the table, with the letters, suit and number it counts as.

    For an ordinary card these are its own; a wild card takes what its player nominated (None where
    nothing was said, which a game may fill with the choice best for the player).
    """

    card: Card
    letters: str
    suit: str | None
    number: int | None

    @classmethod
    def of(cls, card: Card, face: CardFace | None = None) -> PlacedCard:
        """Place ``card``; for a wild card use the nomination of ``face`` if any."""
        if card.wild:
            if face is not None and face.has_nomination:
                return cls(card, face.as_letters or "", face.as_suit, face.as_number)
            return cls(card, "", None, None)
        return cls(card, card.letters, card.suit, card.number)

    @property
    def colour(self) -> str | None:
        """Colour of the suit it counts as."""
        return suit_colour(self.suit)

    @property
    def face(self) -> str:
        """Notation of the card as laid (``*=E♥5`` for a nominated wild card)."""
        if not self.card.wild:
            return self.card.face
        if not self.letters and self.suit is None and self.number is None:
            return "*"
        return "*=" + format_face(self.letters, self.suit, self.number)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the card id and what it counts as."""
        return {
            "id": self.card.id,
            "face": self.face,
            "letters": self.letters,
            "suit": self.suit,
            "number": self.number,
        }


# -- decks, piles, hands ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckSpec:
    """A physical card set as a data file in ``wordtable/games/data`` describes it."""

    name: str
    title: str
    cards: tuple[Card, ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def by_id(self) -> dict[str, Card]:
        """Cards by id."""
        return {c.id: c for c in self.cards}

    def group(self, name: str) -> list[Card]:
        """The cards of one group (e.g. ``consonant``), in file order."""
        return [c for c in self.cards if c.group == name]

    def find(self, face: CardFace) -> list[Card]:
        """The cards of this deck that ``face`` describes."""
        return [c for c in self.cards if face.matches(c)]

    def check_face(self, face: CardFace) -> None:
        """Raise :class:`UnknownCardError` when no card of the deck fits ``face``."""
        if face.link:
            return
        if not self.find(face):
            what = f"id {face.card_id!r}" if face.card_id is not None else repr(face.text)
            raise UnknownCardError(f"the {self.title} has no card {what}")


def load_deck(name: str) -> DeckSpec:
    """Read ``wordtable/games/data/<name>.json``: ``{"name", "title", "cards": [card dicts], ...}``."""
    try:
        text = resources.files("wordtable.games").joinpath("data", f"{name}.json").read_text("utf-8")
    except FileNotFoundError:
        raise UnknownCardError(f"no deck file {name}.json in wordtable/games/data") from None
    data = json.loads(text)
    cards = tuple(Card.from_dict(c) for c in data["cards"])
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise UnknownCardError(f"deck {name}: card ids repeat")
    meta = {k: v for k, v in data.items() if k not in ("name", "title", "cards")}
    return DeckSpec(str(data.get("name", name)), str(data.get("title", name)), cards, meta)


class DrawPile:
    """A face-down pile; the top is the end of the list. Shuffles use the game's seeded generator."""

    def __init__(self, cards: Iterable[Card] = (), name: str = "") -> None:
        self.cards: list[Card] = list(cards)
        self.name = name

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def shuffle(self, rng: Random) -> None:
        """Shuffle in place with ``rng`` (so a seed replays the game)."""
        rng.shuffle(self.cards)

    def draw(self, n: int = 1) -> list[Card]:
        """Take ``n`` cards from the top; raise :class:`IllegalMoveError` if the pile holds fewer."""
        if n > len(self.cards):
            raise IllegalMoveError(f"the {self.name or 'draw'} pile holds {len(self.cards)} card(s), not {n}")
        taken = [self.cards.pop() for _ in range(n)]
        return taken

    def peek(self) -> Card | None:
        """The top card, or None."""
        return self.cards[-1] if self.cards else None

    def put_bottom(self, cards: Iterable[Card]) -> None:
        """Slide cards under the pile."""
        self.cards[:0] = list(cards)

    def put_top(self, cards: Iterable[Card]) -> None:
        """Lay cards on top (the last one given ends on top)."""
        self.cards.extend(cards)

    def insert_randomly(self, cards: Iterable[Card], rng: Random) -> None:
        """Insert cards one by one at random places (WORDCHAIN rule 11's alternative to a discard pile)."""
        for c in cards:
            self.cards.insert(rng.randint(0, len(self.cards)), c)

    def ids(self) -> list[str]:
        """Card ids bottom to top."""
        return [c.id for c in self.cards]


class Hand:
    """The cards one player holds, in the order received."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self.cards: list[Card] = list(cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def add(self, cards: Iterable[Card]) -> None:
        """Receive cards."""
        self.cards.extend(cards)

    def remove(self, cards: Iterable[Card]) -> None:
        """Give up cards (each must be held; check with :func:`resolve_cards` first)."""
        for c in cards:
            self.cards.remove(c)

    def faces(self) -> list[str]:
        """The hand in notation."""
        return [c.face for c in self.cards]

    def ids(self) -> list[str]:
        """Card ids in order."""
        return [c.id for c in self.cards]


def resolve_cards(
    faces: Sequence[CardFace],
    hand: Sequence[Card],
    *,
    who: str = "you",
    deck: DeckSpec | None = None,
    where: str | None = None,
) -> list[Card]:
    """The cards of ``hand`` that ``faces`` name, in order, each physical card at most once.

    A face naming an id picks that card; a face code picks a matching card not yet picked (ids given
    explicitly are reserved first, so ``#c1, K♠3`` works whatever order). Raises
    :class:`UnknownCardError` for a code the deck lacks, :class:`CardPlayedTwiceError` when one id is named
    twice, :class:`CardNotInHandError` when the hand lacks the card (or holds fewer copies than named).
    ``where`` names the cards searched in messages (default: "your hand" / "NAME's hand").
    """
    place = where or f"{possessive(who)} hand"
    by_id = {c.id: c for c in hand}
    chosen: list[Card | None] = [None] * len(faces)
    used: set[str] = set()
    for i, f in enumerate(faces):
        if deck is not None:
            deck.check_face(f)
        if f.link:
            raise InvalidMoveError(f"{f.text!r} (the link card) is not a card {who} can hold")
        if f.card_id is not None:
            if f.card_id in used:
                raise CardPlayedTwiceError(
                    f"card #{f.card_id} is laid twice; each card can lie in one place only"
                )
            card = by_id.get(f.card_id)
            if card is None:
                raise CardNotInHandError(f"card #{f.card_id} is not in {place}")
            used.add(card.id)
            chosen[i] = card
    for i, f in enumerate(faces):
        if chosen[i] is not None:
            continue
        free = [c for c in hand if c.id not in used and f.matches(c)]
        if not free:
            held = sum(1 for c in hand if f.matches(c))
            if held:
                raise CardPlayedTwiceError(
                    f"{f.text} is named {sum(1 for g in faces if g.text == f.text)} times but {place} holds {held}"
                )
            raise CardNotInHandError(
                f"{f.text} is not in {place}"
                + ("" if where else f" (holding {', '.join(c.face for c in hand) or 'nothing'})")
            )
        used.add(free[0].id)
        chosen[i] = free[0]
    return [c for c in chosen if c is not None]


def possessive(who: str) -> str:
    """``your`` for ``you``, else ``NAME's`` (for messages that name a hand)."""
    return "your" if who == "you" else f"{who}'s"


# -- seats and turns ----------------------------------------------------------------------------------


@dataclass
class TurnOrder:
    """Seats numbered clockwise; play passes to the left (the next seat number).

    ``dealer`` deals the round; the player to the dealer's left leads. In games where the deal moves on
    each round, :meth:`next_round` moves it to the left.
    """

    players: int
    dealer: int = 0
    current: int = 0
    round: int = 1
    turns_in_round: int = 0

    def __post_init__(self) -> None:
        if self.players < 1:
            raise InvalidMoveError("a game needs at least one player")

    def left_of(self, seat: int) -> int:
        """The seat clockwise from ``seat``."""
        return (seat + 1) % self.players

    def start(self, dealer: int) -> None:
        """Set the dealer; the player to the dealer's left is to play."""
        self.dealer = dealer % self.players
        self.current = self.left_of(self.dealer)
        self.round = 1
        self.turns_in_round = 0

    def advance(self) -> int:
        """End the current turn; move the deal on when every seat has played. Returns the new current seat."""
        self.current = self.left_of(self.current)
        self.turns_in_round += 1
        if self.turns_in_round >= self.players:
            self.next_round()
        return self.current

    def next_round(self) -> None:
        """Start the next round with the deal one seat to the left."""
        self.round += 1
        self.turns_in_round = 0
        self.dealer = self.left_of(self.dealer)

    def to_dict(self) -> dict[str, int]:
        """JSON form."""
        return {
            "players": self.players,
            "dealer": self.dealer,
            "current": self.current,
            "round": self.round,
            "turns_in_round": self.turns_in_round,
        }

    @classmethod
    def from_dict(cls, d: dict[str, int]) -> TurnOrder:
        """Read :meth:`to_dict`."""
        return cls(**d)


def deal(piles: Sequence[DrawPile], hands: Sequence[Hand], per_pile: Sequence[int], first: int = 0) -> None:
    """Deal one card at a time to each hand in turn, starting at seat ``first``: ``per_pile[k]`` cards
    from ``piles[k]`` to every hand, pile after pile. Raises if a pile runs short (nothing dealt then)."""
    n = len(hands)
    for pile, count in zip(piles, per_pile, strict=True):
        if len(pile) < count * n:
            raise IllegalMoveError(
                f"the {pile.name or 'draw'} pile holds {len(pile)} cards, too few to deal {count} to {n} players"
            )
    for pile, count in zip(piles, per_pile, strict=True):
        for _ in range(count):
            for k in range(n):
                hands[(first + k) % n].add(pile.draw(1))


def cards_from_ids(ids: Iterable[str], deck: dict[str, Card]) -> list[Card]:
    """Cards by id from a deck index (restoring a saved game)."""
    try:
        return [deck[i] for i in ids]
    except KeyError as e:
        raise UnknownCardError(f"saved game names card {e.args[0]!r}, which the deck does not hold") from None


def take_cards(codes: Sequence[str], pool: list[Card], deck: DeckSpec) -> list[Card]:
    """Take the cards that ``codes`` name out of ``pool`` (laying out a position: the cards not yet
    placed), in order, with the errors of :func:`resolve_cards`."""
    cards = resolve_cards([parse_face(t) for t in codes], pool, deck=deck, where="the cards not yet placed")
    for c in cards:
        pool.remove(c)
    return cards
