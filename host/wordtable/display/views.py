"""What a screen shows, as plain values: the renderers draw these and compute nothing.

The session loop builds a view from the game (``status_from_game`` reads the game's public state:
names, scores, whose turn, the clocks, the last move's ScoreBreakdown) or from its own situation (a
menu, a tag problem, a lost board). Scores are never computed here, only read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..games.base import (
    Game,
    GameError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    NotYourTurnError,
    ScoreBreakdown,
    ScoreLine,
)


@dataclass(frozen=True)
class PlayerLine:
    """One player as the score screens show them. ``clock_ms``: time left (None: no clock)."""

    name: str
    score: int
    active: bool = False
    clock_ms: int | None = None
    note: str = ""


@dataclass(frozen=True)
class LastMove:
    """The last move: who, what (a word, "passed", "swapped 3 tiles"), and the score's lines."""

    player: str
    summary: str
    total: int | None = None
    lines: tuple[ScoreLine, ...] = ()

    @classmethod
    def of(cls, player: str, summary: str, breakdown: ScoreBreakdown | None) -> LastMove:
        if breakdown is None:
            return cls(player, summary)
        return cls(player, summary, breakdown.total, tuple(breakdown.lines))


@dataclass(frozen=True)
class StatusView:
    """The screen during play: scores, whose turn, clocks, the last move, and a short info line."""

    game: str
    players: tuple[PlayerLine, ...]
    last: LastMove | None = None
    info: str = ""


@dataclass(frozen=True)
class MessageView:
    """A message in plain words: ``kind`` "error" (drawn with a heavy frame) or "info"."""

    title: str
    lines: tuple[str, ...]
    kind: str = "error"
    footer: str = ""


@dataclass(frozen=True)
class MenuView:
    """A list to choose from with the seat buttons; ``buttons`` labels the seat buttons left to right."""

    title: str
    items: tuple[str, ...]
    selected: int = 0
    buttons: tuple[str, ...] = ("up", "down", "OK", "back")
    note: str = ""


@dataclass(frozen=True)
class LetterPickView:
    """Choosing one letter with the seat buttons (what a blank tile stands for): the letters in a grid,
    the selected one inverted."""

    title: str
    letters: str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    selected: int = 0
    buttons: tuple[str, ...] = ("◀", "▶", "OK", "back")
    note: str = ""


@dataclass(frozen=True)
class TagProblemView:
    """A piece that must leave the table: the child-readable message and where it lies."""

    message: str
    where: str = ""


@dataclass(frozen=True)
class BoardLostView:
    """The board stopped answering; the game is kept. The scores stay on the screen."""

    reason: str
    players: tuple[PlayerLine, ...] = ()


@dataclass(frozen=True)
class ResultView:
    """The end of a game: final scores, the winners (indexes), and why it ended."""

    game: str
    players: tuple[PlayerLine, ...]
    winners: tuple[int, ...]
    reason: str = ""
    buttons: tuple[str, ...] = field(default=("again", "", "menu", ""))


View = StatusView | MessageView | MenuView | LetterPickView | TagProblemView | BoardLostView | ResultView


def format_clock(ms: int) -> str:
    """Time left as m:ss (a minus sign once it runs over)."""
    sign = "-" if ms < 0 else ""
    s = abs(ms) // 1000
    return f"{sign}{s // 60}:{s % 60:02d}"


def _summary(action: dict[str, Any]) -> str:
    # a WORDCHAIN turn names its cards (its "words" are card lists after a double); what they spell
    # is in its scores
    scored = [s.get("word") for s in action.get("scores") or () if isinstance(s, dict)]
    if scored and all(scored):
        return " ".join(str(w) for w in scored)
    words = action.get("words")
    if words and all(isinstance(w, str) for w in words):
        return " ".join(words)
    kind = str(action.get("type", ""))
    if kind == "exchange":
        n = len(action.get("tiles", []))
        return f"swapped {n} {'tile' if n == 1 else 'tiles'}"
    return {
        "pass": "passed",
        "challenge": "challenged",
        "withdrawn": "word taken back",
        "close_hand": "hand closed",
        "reveal": "cards shown",
    }.get(kind, kind)


def _player_to_move(game: Game) -> int | None:
    """The player to move: ``game.turn`` where it is a number (the crossword games), else the
    ``current`` of the card games (``game.current`` or ``game.turn.current``); None if there is none."""
    for value in (getattr(game, "turn", None), getattr(game, "current", None)):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        inner = getattr(value, "current", None)
        if isinstance(inner, int) and not isinstance(inner, bool):
            return inner
    return None


def status_from_game(game: Game, title: str, now_ms: int | None = None, info: str = "") -> StatusView:
    """A StatusView read from a game: names and scores, whose turn (see ``_player_to_move``), the
    time left (``game.time_left_ms`` for the player to move, ``game.clock_ms`` for the others), and
    the last move with its breakdown."""
    turn = _player_to_move(game)
    clocks = getattr(game, "clock_ms", None)
    left = None
    if now_ms is not None and hasattr(game, "time_left_ms"):
        left = game.time_left_ms(now_ms)
    players = []
    for i, p in enumerate(game.players):
        clock = None
        if i == turn and left is not None:
            clock = left
        elif clocks is not None:
            clock = clocks[i]
        players.append(PlayerLine(p.name, p.score, i == turn and not game.is_over(), clock))
    last = None
    if game.history:
        rec = game.history[-1]
        # a move of the whole table (WordSnake's close_hand, the centre shown) has no player: -1
        who = game.players[rec.player].name if 0 <= rec.player < len(game.players) else "Table"
        last = LastMove.of(who, _summary(rec.action), rec.score)
    return StatusView(title, tuple(players), last, info)


# Titles for the kinds of game error, most specific first: a few words a child can read at a glance.
_ERROR_TITLES: tuple[tuple[type[GameError], str], ...] = (
    (NotYourTurnError, "Not your turn"),
    (GameOverError, "The game is over"),
    (IllegalMoveError, "Not allowed"),
    (InvalidMoveError, "Cannot read that move"),
    (GameError, "Not allowed"),
)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def error_view(
    error: GameError, player: str = "", advice: str = "Take your pieces back and try again."
) -> MessageView:
    """The error screen for a move the game refused: a short title by the kind of error, the game's
    own message as a sentence, and what to do. The game's message is shown as it is (it names the word
    or the cell); nothing is recomputed."""
    title = next(t for cls, t in _ERROR_TITLES if isinstance(error, cls))
    lines = (_sentence(str(error)),) + ((advice,) if advice else ())
    return MessageView(title, lines, "error", f"{player}'s turn" if player else "")
