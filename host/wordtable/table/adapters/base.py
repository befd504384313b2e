"""What every game adapter shares: seat buttons, seat menus, the letter picker, and the comparison of
the table with the committed game.

An adapter turns the settled table (pieces on cells, identified by the tag registry) and seat button
presses into game actions. It never applies them: it returns a :class:`Reply` and the session applies
each action, writes it to the store, and shows it. The four buttons of a seat (docs/table.md):

====  =========  ===========================================================
id    name       meaning
====  =========  ===========================================================
0     OK         "done": commit what you laid; in a menu, choose
1     previous   in a menu or the letter picker: move back
2     next       in a menu or the letter picker: move on
3     more       open the seat's menu (pass, exchange, challenge, hint ...);
                 in a menu: close it
====  =========  ===========================================================

A move is what lies on the table beyond the committed game (``pending``): lifting a piece before OK
simply takes it out of the move. A piece the committed game says is somewhere else, or a piece that
should not be on the table any more, is reported in plain words and the adapter refuses OK until the
table matches (or the players say in the menu that it is right).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...display.views import LetterPickView, MenuView, View
from ...games import registry
from ...games.base import Game, MoveRecord
from ...lexicon.protocol import Lexicon
from ..layout import GameLayout
from ..tags import Piece

OK, PREV, NEXT, MORE = 0, 1, 2, 3
BUTTON_NAMES = ("OK", "previous", "next", "more")

Action = tuple[dict[str, Any], int]
"""A game action and the time it happened (the table's time, in ms)."""


@dataclass(frozen=True)
class Table:
    """The settled table as an adapter sees it: the identified pieces of the game's sets on the
    game's cells (problem tags are left out: the session shows those), and the time."""

    pieces: dict[int, Piece]
    now_ms: int
    changed_ms: int | None = None
    """When the latest settled change happened (WordSnake times a snake by it)."""


@dataclass
class Reply:
    """What an adapter answers to a button or a change of the table: actions to apply in order, a
    screen for a seat (a menu, the letter picker, a hint), or a refusal in plain words."""

    actions: list[Action] = field(default_factory=list)
    view: View | None = None
    error: str = ""
    info: str = ""


class Modal:
    """A seat's screen that takes its buttons until it closes (a menu, the letter picker)."""

    player: int

    def view(self) -> View:
        raise NotImplementedError

    def press(self, button: int, table: Table) -> Reply | None:
        """Handle a button; None keeps the modal open with nothing else to do."""
        raise NotImplementedError


class MenuModal(Modal):
    """A list chosen with previous/next and OK; ``more`` closes it."""

    def __init__(
        self,
        player: int,
        title: str,
        items: list[tuple[str, Any]],
        choose: Callable[[Any, Table], Reply],
        selected: int = 0,
        note: str = "",
    ) -> None:
        self.player, self.title, self.items, self.choose = player, title, items, choose
        self.selected = selected
        self.note = note
        self.closed = False

    def view(self) -> MenuView:
        return MenuView(
            self.title,
            tuple(label for label, _ in self.items),
            self.selected,
            ("OK", "up", "down", "back"),
            self.note,
        )

    def press(self, button: int, table: Table) -> Reply | None:
        if button == PREV:
            self.selected = (self.selected - 1) % len(self.items)
        elif button == NEXT:
            self.selected = (self.selected + 1) % len(self.items)
        elif button == MORE:
            self.closed = True
        elif button == OK:
            self.closed = True
            return self.choose(self.items[self.selected][1], table)
        return None


class LetterModal(Modal):
    """The letter a blank stands for, chosen with previous/next and OK (``more`` cancels)."""

    def __init__(
        self,
        player: int,
        title: str,
        choose: Callable[[str, Table], Reply],
        letters: str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        note: str = "",
    ) -> None:
        self.player, self.title, self.choose, self.letters, self.note = player, title, choose, letters, note
        self.selected = 0
        self.closed = False

    def view(self) -> LetterPickView:
        return LetterPickView(self.title, self.letters, self.selected, ("OK", "◀", "▶", "back"), self.note)

    def press(self, button: int, table: Table) -> Reply | None:
        if button == PREV:
            self.selected = (self.selected - 1) % len(self.letters)
        elif button == NEXT:
            self.selected = (self.selected + 1) % len(self.letters)
        elif button == MORE:
            self.closed = True
        elif button == OK:
            self.closed = True
            return self.choose(self.letters[self.selected], table)
        return None


@dataclass(frozen=True)
class BotStep:
    """What a bot's move needs on the table: pieces to lay (cell, set, piece id), cells to clear, then
    the buttons its seat presses (``picks``: letters for the picker, in order)."""

    lay: tuple[tuple[int, str, str], ...] = ()
    lift: tuple[int, ...] = ()
    buttons: tuple[int, ...] = (OK,)
    words: str = ""


class Adapter(ABC):
    """The table rules of one game. ``game`` is the pure game; ``layout`` its zones for the number of
    players (``layout.seats[player]`` is the player's seat)."""

    game_name: ClassVar[str] = ""
    """The game this adapter plays (its name in the game registry, games/registry.py)."""

    def __init__(self, game: Game, layout: GameLayout, lexicon: Lexicon) -> None:
        self.game = game
        self.layout = layout
        self.lexicon = lexicon
        self.modal: Modal | None = None
        self.accepted: set[str] = set()
        """Problems the players confirmed (menu: "the table is right"), until the table changes."""

    @property
    def sets(self) -> tuple[str, ...]:
        """The piece sets of the game (its registry entry); the first holds the game's own pieces."""
        return registry.get(self.game_name).sets

    # -- who is who ---------------------------------------------------------------------------------
    def player_at(self, seat: int) -> int | None:
        return self.layout.player_at(seat)

    def seat_of(self, player: int) -> int:
        return self.layout.seats[player]

    def name(self, player: int) -> str:
        return self.game.players[player].name

    @abstractmethod
    def to_move(self) -> int | None:
        """The player whose turn it is (None when everybody plays at once or nobody does)."""

    # -- the table ----------------------------------------------------------------------------------
    def where(self, cell: int) -> str:
        """A cell in words (the game's own square names where it has them)."""
        return self.layout.geometry.describe_cell(cell)

    @abstractmethod
    def problems(self, table: Table) -> list[str]:
        """Differences between the table and the committed game, in plain words (empty: it matches)."""

    def open_problems(self, table: Table) -> list[str]:
        """``problems`` less those the players confirmed (menu: "the table is right"); a confirmation
        holds until the table changes."""
        return [p for p in self.problems(table) if p not in self.accepted]

    def table_changed(self) -> None:
        """The settled table changed: confirmations no longer apply."""
        self.accepted.clear()

    def on_table(self, table: Table) -> Reply:
        """The settled table changed; most games wait for OK (WordSnake plays as cards are laid)."""
        return Reply()

    def info(self, table: Table) -> str:
        """A short line for the score screen: what is laid and what to do next."""
        return ""

    def timed(self, now_ms: int) -> list[MoveRecord]:
        """What the clock decided (a turn that ran out); the game applied it, the session stores it."""
        return []

    # -- buttons ------------------------------------------------------------------------------------
    def press(self, player: int, button: int, table: Table, at_ms: int) -> Reply:
        """A seat button (already debounced by the board) of ``player``."""
        if self.modal is not None and self.modal.player == player:
            reply = self.modal.press(button, table)
            if getattr(self.modal, "closed", False):
                self.modal = None
            return reply or Reply()
        if self.modal is not None and button != MORE:
            who = self.name(self.modal.player)
            return Reply(error=f"{who} is choosing on the display; wait a moment.")
        if button == OK:
            return self.ok(player, table, at_ms)
        if button == MORE:
            items = self.menu_items(player, table) + [("the table is right", "_accept"), ("back", "_back")]
            self.modal = MenuModal(
                player,
                f"{self.name(player)}: what now?",
                items,
                lambda key, t: self._menu_choice(player, key, t, at_ms),
            )
            return Reply()
        return self.step(player, button, table, at_ms)

    def _menu_choice(self, player: int, key: Any, table: Table, at_ms: int) -> Reply:
        if key == "_back":
            return Reply()
        if key == "_accept":
            found = self.problems(table)
            self.accepted.update(found)
            return Reply(info="The table is taken as it lies." if found else "The table matches the game.")
        return self.menu(player, key, table, at_ms)

    @abstractmethod
    def ok(self, player: int, table: Table, at_ms: int) -> Reply:
        """The OK button outside menus: commit what the player laid."""

    def step(self, player: int, button: int, table: Table, at_ms: int) -> Reply:
        """previous/next outside menus: nothing by default."""
        return Reply()

    def menu_items(self, player: int, table: Table) -> list[tuple[str, Any]]:
        """The seat menu's game items (label, key); "the table is right" and "back" are added."""
        return []

    def menu(self, player: int, key: Any, table: Table, at_ms: int) -> Reply:
        return Reply()

    # -- after the session applied an action ----------------------------------------------------------
    def committed(self, record: MoveRecord, table: Table) -> None:
        """The game took an action; adapters forget pending choices here."""
        self.modal = None

    # -- cards dealt by people (the card games' option deal: "table") -----------------------------------
    @property
    def dealt_by_people(self) -> bool:
        """True when people shuffled and dealt real cards: the game's deal is only a placeholder, and
        each card a player lays is shown to the game (a ``reveal`` action) before the play."""
        return getattr(getattr(self.game, "options", None), "deal", "host") == "table"

    def hands_to_show(self) -> list[int]:
        """Players who must still lay the cards left in their hand so that the game can score them
        (deal: "table", at the end of a hand); the session keeps the result back until none is left."""
        return []

    # -- the simulated table's helper ----------------------------------------------------------------
    def tidy(self, table: Table) -> BotStep | None:
        """What the helper robot lays or lifts so that the table matches the game (the link card, the
        face-up card, the centre cards at the start), or None. People do this by hand."""
        return None

    # -- bots -----------------------------------------------------------------------------------------
    def bot_step(self, player: int, strength: str, table: Table) -> BotStep | None:
        """What a bot does now on the table, or None when it has nothing to do."""
        return None


def missing_or_wrong(
    expected: dict[int, tuple[str, Callable[[Piece], bool]]], table: Table, where: Callable[[int], str]
) -> list[str]:
    """Problems of cells that must hold a given piece: ``expected[cell] = (name, matches)``."""
    out = []
    for cell, (name, matches) in sorted(expected.items()):
        piece = table.pieces.get(cell)
        if piece is None:
            out.append(f"{name} is missing from {where(cell)}. Please put it back.")
        elif not matches(piece):
            out.append(f"{where(cell)} should hold {name}, not {piece.label}. Please swap them.")
    return out


def unshown_hands(game: Any) -> list[int]:
    """Seats whose hand holds a card the table has not seen in it (the card games' ``table_deal``)."""
    known = game.table_deal.known
    return [seat for seat, hand in enumerate(game.hands) if any(known.get(c.id) != seat for c in hand)]


def hand_for_hint(game: Any, player: int, ids: list[str], where: str) -> Any | str:
    """Dealt by people: a copy of the game in which ``player``'s hand is the cards laid (``ids``), for a
    hint; or what the hint needs, in words. The copy is thrown away: the play shows the cards again."""
    from ...games.base import GameError
    from ...games.table_deal import revealed_cards

    if player not in unshown_hands(game):
        return game
    need = len(game.hands[player])
    if len(ids) != need:
        return f"The table does not know your cards: lay all {need} of them {where}, then choose hint."
    trial = type(game).from_dict(game.to_dict(), game.lexicon)
    try:
        trial.reveal_cards(player, revealed_cards([f"#{i}" for i in ids], trial.deck))
    except GameError as exc:
        return str(exc)
    return trial


def reveal_action(player: int, ids: list[str], at_ms: int) -> Action:
    """The game action showing that ``player`` holds the cards with these ids."""
    return ({"type": "reveal", "player": player, "cards": [f"#{i}" for i in ids]}, at_ms)
