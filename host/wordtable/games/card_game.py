"""The card core's game: what WORDCHAIN, WORDCARD and WordSnake do the same way.

:class:`CardGame` owns action dispatch and logging (``apply``), save and replay (``to_dict`` /
``from_dict``: the seed, the options and every action logged, replayed in order), the reveals of a deal
made by people (``reveal`` actions, :class:`.table_deal.TableDeal`), the acting-player check and the cut for
the dealer. A game declares its ``actions`` and ``options_type``, handles each action type ``t`` in a
method ``_t``, and overrides only the hooks where its rules differ (the python-chess way of variants).
:class:`CardOptions` holds the options every card game has: its deck, its lexicon's name and the deal.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..lexicon.protocol import Lexicon
from .base import (
    Game,
    GameOptions,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    MoveRecord,
    NotYourTurnError,
)
from .cards import Card, DrawPile, Hand, load_deck, take_cards
from .table_deal import TableDeal, check_deal_option, revealed_cards


def check_one_of(name: str, value: Any, allowed: Sequence[Any]) -> None:
    """Raise :class:`InvalidMoveError` saying which values an option takes when ``value`` is not one."""
    if value not in allowed:
        said = [repr(a) for a in allowed]
        listing = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"
        raise InvalidMoveError(f"{name} must be {listing}, not {value!r}")


@dataclass(frozen=True)
class CardOptions(GameOptions):
    """What every card game agrees: the deck data file, the dictionary's name and who deals."""

    deck: str = ""
    """Deck data file in wordtable/games/data."""
    lexicon: str = "enable"
    """The agreed dictionary's name; the caller loads it and gives it to the game."""
    deal: str = "host"
    """``host``: the game deals (the simulated table follows it); ``table``: people deal real cards and
    the game learns each hand as it is laid (docs/rules/cards.md, "Dealt by people")."""

    def __post_init__(self) -> None:
        check_deal_option(self.deal)


class CardGame(Game):
    """A card game: ``lexicon`` is the loaded :class:`wordtable.lexicon.Lexicon` (games never open files),
    the deck comes from ``options.deck``."""

    options_type: ClassVar[type[GameOptions]] = CardOptions
    actions: ClassVar[tuple[str, ...]] = ()
    """The action types, in the order an unknown action's error lists them; ``t`` is handled by ``_t``."""

    def __init__(self, players: list[str], *, lexicon: Lexicon, seed: int = 0, options: Any = None) -> None:
        super().__init__(players, seed)
        self.options: Any = options if options is not None else self.options_type()
        self.lexicon = lexicon
        self.deck = load_deck(self.options.deck)
        self.log: list[tuple[dict[str, Any], int | None]] = []
        self.cuts: list[dict[str, Any]] = []
        self.table_deal = TableDeal(seed)
        self.hands: list[Hand] = []
        self.over_reason = ""

    # -- applying -----------------------------------------------------------------------------------

    def apply(self, action: dict[str, Any], now_ms: int | None = None) -> MoveRecord:
        """Check and apply one action (see the game's module docstring); state unchanged on any error."""
        kind = str(action.get("type"))
        self._check_open(kind, now_ms)
        if kind not in self.actions:
            listing = ", ".join(self.actions[:-1]) + f" or {self.actions[-1]}"
            raise InvalidMoveError(f"unknown action {kind!r}: use {listing}")
        record: MoveRecord = getattr(self, f"_{kind}")(action, now_ms)
        self.log.append((copy.deepcopy(action), now_ms))
        self.history.append(record)
        return record

    def _check_open(self, kind: str, now_ms: int | None) -> None:
        """Raise :class:`GameOverError` when no action of ``kind`` may come now; let the clock act first.
        A reveal may come after the end: people show the cards left in their hands to count them."""
        if kind == "reveal":
            return
        if now_ms is not None:
            self.check_time(now_ms)
        if self.is_over():
            raise GameOverError(f"the game is over ({self.over_reason})")

    def check_time(self, now_ms: int) -> bool:
        """What the clock ends by ``now_ms`` (a game with a time rule overrides this); True when it did."""
        return False

    def _log_time(self, now_ms: int | None) -> None:
        """The clock acted: logged so that a replay calls :meth:`check_time` at the same moment."""
        self.log.append(({"type": "time"}, now_ms))

    def _seat(self, action: dict[str, Any], key: str = "player") -> int:
        seat = action.get(key)
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise InvalidMoveError(f"{key} must be a seat from 0 to {len(self.players) - 1}, not {seat!r}")
        return seat

    def _actor(self, action: dict[str, Any]) -> int:
        """The seat acting: ``player`` if given (it must be the seat whose turn it is), else that seat."""
        current: int = self.current  # type: ignore[attr-defined]  # each turn-based game keeps its own
        seat = action.get("player", current)
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise InvalidMoveError(f"player must be a seat from 0 to {len(self.players) - 1}, not {seat!r}")
        if seat != current:
            raise NotYourTurnError(
                f"it is {self.players[current].name}'s turn, not {self.players[seat].name}'s"
            )
        return seat

    def _cut(self, cards: Sequence[Card], key: Callable[[Card], Any], wild_note: str) -> int:
        """Everyone draws a card at random from ``cards``; the lowest ``key`` deals. A wild card is drawn
        again, and the players tied draw again; each draw goes to ``cuts``."""
        contenders = list(range(len(self.players)))
        while True:
            drawn: dict[int, Card] = {}
            for seat in contenders:
                card = cards[self.rng.randrange(len(cards))]
                while card.wild:
                    self.cuts.append({"player": seat, "card": card.face, "note": wild_note})
                    card = cards[self.rng.randrange(len(cards))]
                drawn[seat] = card
                self.cuts.append({"player": seat, "card": card.face})
            best = min(key(drawn[s]) for s in contenders)
            contenders = [s for s in contenders if key(drawn[s]) == best]
            if len(contenders) == 1:
                return contenders[0]

    def _laying_out(self, hands: Sequence[Any]) -> tuple[list[Card], Callable[[list[str]], list[Card]]]:
        """For ``set_position``: the cards not yet placed, and what takes the cards codes name out of them."""
        if len(hands) != len(self.players):
            raise InvalidMoveError(f"give {len(self.players)} hands, not {len(hands)}")
        pool = list(self.deck.cards)
        return pool, lambda codes: take_cards(codes, pool, self.deck)

    # -- a deal made by people ----------------------------------------------------------------------

    def group_of(self, card: Card) -> str:
        """Which face-down pile a card belongs to (a pile gives back a card of its own kind in a reveal)."""
        return ""

    def _face_down(self) -> list[DrawPile]:
        """The face-down piles the host's deal may have put a card in."""
        return []

    def locate(self, card: Card) -> str:
        """Where a card the table has seen lies, in words (for the errors of a reveal)."""
        return "on the table"

    def reveal_cards(self, seat: int, cards: Sequence[Card]) -> list[tuple[Card, Card]]:
        """``deal: "table"``: the player shows she holds ``cards``; the placeholder deal is made to agree
        (each card the game had elsewhere is swapped with one of her unknown cards of the same pile)."""
        return self.table_deal.reveal(
            seat,
            cards,
            self.hands,
            self._face_down(),
            names=[p.name for p in self.players],
            locate=self.locate,
            group=self.group_of,
        )

    def _lay_face_up(self, card: Card, target: list[Card | None], index: int) -> None:
        """``deal: "table"``: a face-up card people laid goes to ``target[index]``."""
        self.table_deal.place(card, target, index, self.hands, self._face_down(), locate=self.locate)

    def _reveal(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        if self.options.deal != "table":
            raise IllegalMoveError('cards are revealed only when people deal them (the option deal: "table")')
        face_up = self._reveal_face_up(action, now_ms)
        if face_up is not None:
            return face_up
        seat = action.get("player")
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise InvalidMoveError(f"a reveal names its player, a seat from 0 to {len(self.players) - 1}")
        counting = self._hands_counted()
        cards = revealed_cards(action.get("cards"), self.deck)
        if counting and len(cards) != len(self.hands[seat]):
            raise IllegalMoveError(self._hand_count_error(seat, len(cards)))
        swaps = self.reveal_cards(seat, cards)
        if counting:
            self._count_again(seat, swaps)
        return MoveRecord(
            seat, copy.deepcopy(action), None, now_ms, note=f"shown {len(cards)}, {len(swaps)} swapped"
        )

    def _reveal_face_up(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord | None:
        """A reveal of face-up cards people laid (the link, the face-up card, the centre), or None when
        the action shows a player's hand."""
        return None

    def _hands_counted(self) -> bool:
        """True when the hands are being counted (the deal is over), so a reveal shows a whole hand;
        raise when no hand may be shown now."""
        return False

    def _hand_count_error(self, seat: int, shown: int) -> str:
        return (
            f"{self.players[seat].name} holds {len(self.hands[seat])} card(s), but {shown} "
            f"were laid: lay every card left in the hand, and only those"
        )

    def _count_again(self, seat: int, swaps: list[tuple[Card, Card]]) -> None:
        """The hands are counted again after ``seat`` showed hers."""

    # -- positions --------------------------------------------------------------------------------

    POSITION_META: ClassVar[tuple[str, ...]] = ("game", "players", "seed", "options")
    """Keys of a position that set up the game rather than lay it out."""

    @classmethod
    def from_position(cls, data: dict[str, Any], *, lexicon: Lexicon, options: Any = None) -> Game:
        """A new game of ``players`` and ``seed``, laid out by ``set_position`` with the position's other
        keys (its parameters: the same keys a saved ``position`` action replays)."""
        game: Any = cls(
            list(data["players"]), lexicon=lexicon, seed=int(data.get("seed", 0)), options=options
        )
        game.set_position(**{k: v for k, v in data.items() if k not in cls.POSITION_META})
        return game

    # -- saving -------------------------------------------------------------------------------------

    def _saved_setup(self) -> dict[str, Any]:
        """What a saved game holds beyond the seed, the options and the actions."""
        return {}

    @classmethod
    def _setup_from(cls, data: dict[str, Any]) -> dict[str, Any]:
        """Constructor arguments that :meth:`_saved_setup` saved."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        """The game as its seed, options and the actions applied (replaying them restores it exactly)."""
        return {
            "game": self.name,
            "players": [p.name for p in self.players],
            "seed": self.seed,
            "options": self.options.to_dict(),
            **self._saved_setup(),
            "actions": [{"action": a, "now_ms": t} for a, t in self.log],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], lexicon: Lexicon) -> Any:
        """Restore a game saved with :meth:`to_dict`: a new game from the seed, every action again."""
        game: Any = cls(
            list(data["players"]),
            lexicon=lexicon,
            seed=int(data["seed"]),
            options=cls.options_type.from_dict(data["options"]),
            **cls._setup_from(data),
        )
        for item in data["actions"]:
            action = item["action"]
            kind = action.get("type")
            if kind == "time":
                game.check_time(int(item["now_ms"]))
            elif kind == "position":
                game.set_position(**{k: v for k, v in action.items() if k != "type"})
            else:
                game.apply(action, item["now_ms"])
        return game
