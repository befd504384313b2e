"""A deal made by people (``deal: "table"``): what the table has seen, and the host's deal made to agree.

:class:`TableDeal` keeps which cards the table has seen and where; :func:`revealed_cards` reads the cards
a ``reveal`` action names; :func:`check_deal_option` checks the ``deal`` option of a card game.
docs/rules/cards.md ("Dealt by people") explains the reveals to players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from random import Random
from typing import Any

from .base import IllegalMoveError, InvalidMoveError
from .cards import (
    Card,
    CardNotInHandError,
    CardPlayedTwiceError,
    DeckSpec,
    DrawPile,
    Hand,
    UnknownCardError,
    parse_face,
    possessive,
)


class CardKnownElsewhereError(IllegalMoveError):
    """A card laid that the table has already seen somewhere else (on the table, in another hand, on a
    discard pile): two tags may claim the same card."""


class TableDeal:
    """The host's deal as a placeholder, for cards that people shuffled and dealt (``deal: "table"``).

    The game deals from its seeded generator as always, but on a real table that deal is only an
    assumption: which hand (or pile) holds a card the table has not seen is unknown. A card is *known*
    once the table has seen it: laid in a move, or shown in a hand (``known[card id]`` is the seat that
    showed it). Cards in face-down piles are never known. :meth:`reveal` makes the assumption agree with
    what a player lays: each card it had elsewhere is swapped with one of the player's unknown cards (of
    the same ``group`` when it comes from a pile, so a pile keeps its kind of cards), so every card stays in exactly one place
    and no hand changes size. The swaps use their own generator seeded from the game's seed (the
    game's own shuffles are untouched), and games replay a reveal as a logged action, so a saved game
    restores them exactly.
    """

    def __init__(self, seed: int) -> None:
        self.known: dict[str, int] = {}
        self.rng = Random(f"table-deal:{seed}")

    def forget(self, cards: Iterable[Card]) -> None:
        """Cards went face down again (drawn from a pile, dealt anew): the table no longer knows them."""
        for c in cards:
            self.known.pop(c.id, None)

    def show(self, seat: int, cards: Iterable[Card]) -> None:
        """Cards everybody saw go into ``seat``'s hand (a face-up card taken)."""
        for c in cards:
            self.known[c.id] = seat

    def reveal(
        self,
        seat: int,
        cards: Sequence[Card],
        hands: Sequence[Hand],
        piles: Sequence[DrawPile],
        *,
        names: Sequence[str],
        locate: Callable[[Card], str],
        group: Callable[[Card], str] = lambda c: "",
    ) -> list[tuple[Card, Card]]:
        """``seat`` shows it holds ``cards``: after this, ``hands[seat]`` holds them, and they are known.

        ``hands`` are every seat's hand and ``piles`` the face-down piles the host's deal may have put a
        card in; a card in none of them is on the table (``locate`` says where, in words). Returns the
        swaps made, (card shown, card it displaced). Raises :class:`CardKnownElsewhereError` for a card
        known elsewhere, :class:`CardPlayedTwiceError` for a card shown twice, and
        :class:`CardNotInHandError` when the hand has no unknown card left to give for it; on any error
        nothing changes.
        """
        ids = [c.id for c in cards]
        if len(set(ids)) != len(ids):
            twice = next(c for c in cards if ids.count(c.id) > 1)
            raise CardPlayedTwiceError(f"the {twice.face} is laid twice; each card can lie in one place only")
        lists = [list(h.cards) for h in hands] + [list(p.cards) for p in piles]
        known = dict(self.known)
        state = self.rng.getstate()
        showing = set(ids)
        swaps: list[tuple[Card, Card]] = []
        try:
            for card in cards:
                own = lists[seat]
                if any(c.id == card.id for c in own):
                    known[card.id] = seat
                    continue
                where = next(
                    ((k, i) for k, lst in enumerate(lists) for i, c in enumerate(lst) if c.id == card.id),
                    None,
                )
                if where is None:
                    raise CardKnownElsewhereError(
                        f"the {card.face} is already {locate(card)}: a tag may be duplicated"
                    )
                k, i = where
                if k < len(hands) and known.get(card.id) == k:
                    raise CardKnownElsewhereError(
                        f"the {card.face} is already known to be in {possessive(names[k])} hand: a tag may be duplicated"
                    )
                free = [j for j, c in enumerate(own) if known.get(c.id) != seat and c.id not in showing]
                if k >= len(hands):  # from a pile: give back a card of that pile's kind
                    free = [j for j in free if group(own[j]) == group(card)]
                if not free:
                    kind = f" of the {group(card)} kind" if group(card) and k >= len(hands) else ""
                    raise CardNotInHandError(
                        f"{names[seat]} cannot hold the {card.face} too: {possessive(names[seat])} hand has no card"
                        f"{kind} left that the table has not seen"
                    )
                j = self.rng.choice(free)
                other = own[j]
                own[j], lists[k][i] = card, other
                known[card.id] = seat
                swaps.append((card, other))
        except IllegalMoveError:
            self.rng.setstate(state)
            raise
        for h, lst in zip(hands, lists, strict=False):
            h.cards = lst
        for p, lst in zip(piles, lists[len(hands) :], strict=True):
            p.cards = lst
        self.known = known
        return swaps

    def place(
        self,
        card: Card,
        target: list[Card | None],
        index: int,
        hands: Sequence[Hand],
        piles: Sequence[DrawPile],
        *,
        locate: Callable[[Card], str],
    ) -> Card | None:
        """A face-up card people laid in a place of the game (the link card, a centre place): ``card``
        goes to ``target[index]``, and the card assumed there takes its place in a hand or a pile.
        Returns the displaced card (None when it was there already). The card must not be known."""
        current = target[index]
        if current is not None and current.id == card.id:
            return None
        if current is None:
            raise CardKnownElsewhereError(
                f"that place of the table is empty in the game; the {card.face} cannot be laid there"
            )
        lists: list[list[Card]] = [h.cards for h in hands] + [p.cards for p in piles]
        for k, lst in enumerate(lists):
            for i, c in enumerate(lst):
                if c.id == card.id:
                    if k < len(hands) and self.known.get(card.id) == k:
                        raise CardKnownElsewhereError(
                            f"the {card.face} is already known to be in a hand: a tag may be duplicated"
                        )
                    lst[i], target[index] = current, card
                    return current
        for i, there in enumerate(target):
            if there is not None and there.id == card.id:  # moved from another place of the same kind
                target[i], target[index] = current, card
                return current
        raise CardKnownElsewhereError(f"the {card.face} is already {locate(card)}: a tag may be duplicated")


def revealed_cards(tokens: Any, deck: DeckSpec) -> list[Card]:
    """The cards a ``reveal`` action names: a list of ``#id`` (the table reports every card by its id)."""
    if isinstance(tokens, str):
        tokens = [t for t in tokens.split(",") if t.strip()]
    if not isinstance(tokens, list):
        raise InvalidMoveError(
            'a reveal names cards by id: {"type": "reveal", "player": 0, "cards": ["#ws-017"]}'
        )
    by_id = deck.by_id()
    out = []
    for t in tokens:
        face = parse_face(str(t))
        if face.card_id is None:
            raise InvalidMoveError(f"a reveal names each card by its id (#...), not {t!r}")
        card = by_id.get(face.card_id)
        if card is None:
            raise UnknownCardError(f"the {deck.title} has no card id {face.card_id!r}")
        out.append(card)
    return out


def check_deal_option(deal_mode: str) -> None:
    """The ``deal`` option of a card game: ``host`` (the game deals; the simulated table follows it) or
    ``table`` (people deal real cards; the game's deal is a placeholder, see :class:`TableDeal`)."""
    if deal_mode not in ("host", "table"):
        raise InvalidMoveError(
            f"deal must be 'host' (the game deals) or 'table' (people deal), not {deal_mode!r}"
        )
