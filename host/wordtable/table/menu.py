"""The game menu on the display, driven by any seat's buttons (previous/next move, OK chooses, more goes
back): the game, the number of players, each player a person or a bot of a strength, then the house
rules and "Start the game".

``GameMenu`` only keeps the choice so far; the session shows its view and starts the game it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..display.views import MenuView
from ..games.registry import GameSpec, get
from .adapters.base import MORE, NEXT, OK, PREV
from .games_catalogue import START_ITEM, menu_options, playable
from .layout import TableLayout
from .seats import Seat

STRENGTHS = ("beginner", "club", "strongest")


@dataclass(frozen=True)
class Chosen:
    """What the menu starts: a game by name, its players, and its house rules."""

    game: str
    seats: list[Seat]
    options: dict[str, Any]


class GameMenu:
    """The menu's steps: "game", "players", "seats" (one choice a player), "options" (house rules)."""

    def __init__(
        self, layout: TableLayout, positions: dict[str, dict[str, Any]], simulated: Callable[[], bool]
    ) -> None:
        self.layout = layout
        self.positions = positions
        """The session's set positions by game (their house rules are the menu's first choices)."""
        self.simulated = simulated
        self.step = "game"
        self.sel = 0
        self.choice: dict[str, Any] = {}

    def reset(self) -> None:
        """Back to the first step (the choice of the game)."""
        self.step, self.sel = "game", 0

    def view(self) -> MenuView:
        title, items = self.items()
        return MenuView(title, tuple(items), self.sel, ("OK", "up", "down", "back"))

    def items(self) -> tuple[str, list[str]]:
        """The title and the lines of the current step."""
        if self.step == "game":
            return "Choose a game", [g.title for g in playable()]
        entry = get(self.choice["game"])
        if self.step == "players":
            lo, hi = self.player_range(entry)
            return f"{entry.title}: players", [f"{n} players" for n in range(lo, hi + 1)]
        if self.step == "options":
            chosen = self.choice["options"]
            return f"{entry.title}: house rules", [START_ITEM] + [
                f"{o.label}: {o.words(chosen[o.field])}" for o in menu_options(entry.name)
            ]
        i = len(self.choice["seats"])
        seat = self.layout.for_game(entry.layout_name, self.choice["players"]).seats[i]
        return f"Player {i + 1} (seat {seat + 1})", ["a person"] + [f"a bot ({s})" for s in STRENGTHS]

    def default_options(self, game: str) -> dict[str, Any]:
        """The first choice of each house rule, or what the game's position sets; who deals follows
        the board (the simulated table names the cards, a real one lets people deal)."""
        sim = self.simulated()
        preset = (self.positions.get(game) or {}).get("options") or {}
        return {
            o.field: preset[o.field]
            if o.field in preset
            else ("host" if sim else "table")
            if o.field == "deal"
            else o.choices[0][0]
            for o in menu_options(game)
        }

    def player_range(self, entry: GameSpec) -> tuple[int, int]:
        """The player counts both the rules and the table layout's zones allow."""
        lo, hi = self.layout.game_players[entry.layout_name]
        fewest, most = entry.player_range
        return max(lo, fewest), min(hi, most)

    def press(self, button: int) -> Chosen | None:
        """A seat button; the game to start once OK is pressed on "Start the game"."""
        _, items = self.items()
        if button == PREV:
            self.sel = (self.sel - 1) % len(items)
        elif button == NEXT:
            self.sel = (self.sel + 1) % len(items)
        elif button == MORE:
            if self.step == "options":
                self.step = "seats"
                self.choice["seats"].pop()
            elif self.step == "seats" and self.choice["seats"]:
                self.choice["seats"].pop()
            elif self.step == "seats":
                self.step = "players"
            elif self.step == "players":
                self.step = "game"
            self.sel = 0
        elif button == OK:
            return self.choose(self.sel)
        return None

    def choose(self, index: int) -> Chosen | None:
        """Choose item ``index`` of the current step (what OK does); the game to start at the end."""
        if self.step == "game":
            self.choice = {"game": playable()[index].name, "seats": []}
            self.step = "players"
        elif self.step == "players":
            lo, _ = self.player_range(get(self.choice["game"]))
            self.choice["players"] = lo + index
            self.step = "seats"
        elif self.step == "seats":
            self.choice["seats"].append(None if index == 0 else STRENGTHS[index - 1])
            if len(self.choice["seats"]) == self.choice["players"]:
                self.step = "options"
                self.choice["options"] = self.default_options(self.choice["game"])
        elif index == 0:  # "Start the game"
            bots = self.choice["seats"]
            names = [f"Player {i + 1}" if b is None else f"Bot {i + 1}" for i, b in enumerate(bots)]
            self.reset()
            return Chosen(
                self.choice["game"],
                [Seat(n, b) for n, b in zip(names, bots, strict=True)],
                self.choice["options"],
            )
        else:  # a house rule: OK moves it on to its next choice, and the cursor stays on it
            option = menu_options(self.choice["game"])[index - 1]
            self.choice["options"][option.field] = option.next_value(self.choice["options"][option.field])
            return None
        self.sel = 0
        return None
