"""What the table's display shows, and sending it.

``SessionViews`` is the part of ``table.session.Session`` that picks the one view for the session's
state (the board lost, the menu, a tag problem, the result, a seat's menu, a note, a bot's instructions,
the table to check, or the game's status), renders it, and sends it through the refresh policy and
BoardLink, which sends only what changed on the panel.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..display.refresh import RefreshPolicy
from ..display.screens import render
from ..display.views import (
    BoardLostView,
    MessageView,
    PlayerLine,
    ResultView,
    TagProblemView,
    View,
    status_from_game,
)
from ..games.base import Game
from ..games.registry import GameSpec
from .adapters.base import Adapter, Table
from .tags import TagProblem

if TYPE_CHECKING:
    from .bots import BotTurns
    from .link import BoardLink
    from .menu import GameMenu
    from .seats import Seat


class SessionViews:
    """The display of a session (a part of ``Session``)."""

    link: BoardLink
    menu: GameMenu
    bots: BotTurns
    policy: RefreshPolicy
    state: str
    lost: str | None
    entry: GameSpec | None
    game: Game | None
    adapter: Adapter | None
    seats: list[Seat]
    problems: list[TagProblem]
    note: View | None
    view: View | None
    frames: list[int]
    last_frame_at: float
    # Annotations only: Session sets the clock and defines current_table.
    clock: Callable[[], int]
    current_table: Callable[[], Table]

    def current_view(self) -> View:
        """What the display should show now."""
        if self.lost is not None:
            return BoardLostView(self.lost, self._player_lines())
        if self.state == "menu":
            return self.menu.view()
        assert self.game is not None and self.adapter is not None and self.entry is not None
        if self.problems:
            p = self.problems[0]
            where = " and ".join(self.adapter.where(c) for c in p.cells)
            return TagProblemView(p.message, where)
        if self.state == "result":
            reason = str(getattr(self.game, "end_reason", "") or getattr(self.game, "over_reason", ""))
            return ResultView(
                self.entry.title,
                self._player_lines(),
                tuple(self.game.winners()),
                reason,
                ("again", "", "", "menu"),
            )
        if self.adapter.modal is not None:
            return self.adapter.modal.view()
        if self.note is not None:
            return self.note
        instructions = self.bots.instructions(self.adapter, self.seats)
        if instructions is not None:
            return instructions
        table = self.current_table()
        problems = self.adapter.open_problems(table)
        if problems:
            return MessageView(
                "Check the table",
                tuple(problems[:3]),
                "error",
                "more: the table is right" if len(problems) else "",
            )
        return status_from_game(self.game, self.entry.title, self.clock(), self.adapter.info(table))

    def _player_lines(self) -> tuple[PlayerLine, ...]:
        if self.game is None:
            return ()
        return tuple(PlayerLine(p.name, p.score) for p in self.game.players)

    def refresh(self) -> None:
        """Render the current view and send what changed."""
        view = self.current_view()
        if view == self.view or self.link.info is None:
            return
        self.view = view
        image = render(view, self.link.info.display_size)
        sent = self.policy.show(self.link, image)
        if sent:
            self.frames.append(sent)
            self.last_frame_at = time.perf_counter()
