"""Sample views of every screen, for ``wordtable display preview`` and the reference-image tests.

Every screen of a game is read from a real game: a seeded game of that game, played move by move
through its own rules module, and shown with the same ``status_from_game`` and ``error_view`` the
session uses. The moves are written here; the scores, breakdowns, refusals and endings are the
game's. A sample can therefore never show a rule the game does not have: a move the rules refuse
or score differently changes the sample or stops it from being built, and the reference-image
tests say so. The screens that are no game's state (menus, tag problems, a lost board) are worded
as the session words them.

The games need the word list, so a sample is built when it is first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from .. import lexicon
from ..games.base import Game, GameError
from ..games.crossword import CrosswordOptions
from ..games.registry import all_games
from ..games.wordability import Wordability
from ..games.wordchain import WordchainGame, WordchainOptions
from ..games.wordgame import Wordgame
from .views import (
    BoardLostView,
    LetterPickView,
    MenuView,
    MessageView,
    PlayerLine,
    ResultView,
    TagProblemView,
    View,
    error_view,
    status_from_game,
)

SEAT_BUTTONS = ("OK", "up", "down", "back")
"""The seat buttons in the order the table has them (OK, previous, next, more), as a menu labels them."""


@cache
def _enable() -> lexicon.Lexicon:
    return lexicon.load("enable")


def _place(cells: str) -> dict[str, Any]:
    """``"H8:P,H9:R"`` -> a place action by letters, as a script writes a move."""
    return {
        "type": "place",
        "placements": [
            {"cell": cell, "letter": letter}
            for cell, letter in (part.split(":") for part in cells.split(","))
        ],
    }


def _scores(game: Game) -> tuple[PlayerLine, ...]:
    return tuple(PlayerLine(p.name, p.score) for p in game.players)


# -- wordgame: Ann opens with PRESS over the centre, Bob answers with FAXES --------------------------------


def _wordgame_after_press() -> Wordgame:
    game = Wordgame(["Ann", "Bob"], lexicon=_enable(), seed=3)
    game.apply(_place("H8:P,H9:R,H10:E,H11:S,H12:S"))
    return game


def _status() -> View:
    return status_from_game(_wordgame_after_press(), "wordgame", info="Bob: lay your tiles, then OK")


def _refusal(move: str) -> View:
    """What Bob's move on the table after PRESS makes the game say."""
    try:
        _wordgame_after_press().apply(_place(move))
    except GameError as exc:
        return error_view(exc, "Bob")
    raise AssertionError(f"wordgame accepted {move}; the sample wants a refused move")


def _board_lost() -> View:
    game = _wordgame_after_press()
    game.apply(_place("D12:F,E12:A,F12:X,G12:E"))
    return BoardLostView(
        "The board at /dev/ttyACM0 stopped answering. Waiting for it; the game is kept.", _scores(game)
    )


# -- Wordability: four players, two minutes a turn; Zoe lays all seven tiles ------------------------------

_WORDABILITY_ROUND = (  # (the table's time in ms when OK was pressed, the move)
    (31_000, "D4:R,E5:E,F6:N,G7:O,H8:Z"),
    (72_000, "H2:H,H3:O,H4:N,H5:E,H6:Y"),
    (150_000, "D6:B,D7:M,D8:A,D9:J"),
    (236_000, "I2:S,J3:H,K4:G,L5:I,M6:E,N7:L,O8:S"),
)


def _status_clock() -> View:
    game = Wordability(
        ["Mia", "Leo", "Sam", "Zoe"],
        lexicon=_enable(),
        seed=10,
        options=CrosswordOptions(turn_limit_ms=120_000),
    )
    game.start_clock(0)
    for at, move in _WORDABILITY_ROUND:
        game.apply(_place(move), at)
    return status_from_game(
        game, "Wordability", now_ms=_WORDABILITY_ROUND[-1][0] + 37_000, info="Mia: lay your tiles, then OK"
    )


# -- WORDCHAIN, played to 100 points: Ava's coloured WOMANLY on the link card takes her over -------------

_WORDCHAIN_WORDS = (  # each player's word (the cards in order, @ the link card) and the draw after it
    ["@", "A♣2", "U♠6", "N♥7", "T♦6", "E♠2", "D♣4"],
    ["@", "E♦2", "I♠2", "F♣8", "O♠1", "R♥6", "M♣7"],
    ["@", "I♦3", "S♠2", "T♦2", "B♥8", "O♥2", "W♥9"],
    ["@", "O♥2", "M♥5", "A♦1", "N♦6", "L♦5", "Y♦6"],
)


def _wordchain(draw_last: bool) -> WordchainGame:
    game = WordchainGame(
        ["Ava", "Ben", "Cy"], lexicon=_enable(), seed=43, options=WordchainOptions(target_score=100)
    )
    for i, cards in enumerate(_WORDCHAIN_WORDS):
        game.apply({"type": "word", "cards": cards})
        if draw_last or i < len(_WORDCHAIN_WORDS) - 1:
            game.apply({"type": "draw", "consonants": 3, "vowels": 3})
    return game


def _status_wordchain() -> View:
    game = _wordchain(draw_last=False)
    assert game.pending is not None
    who = game.players[game.pending.player].name
    return status_from_game(game, "WORDCHAIN", info=f"{who}: OK to draw {game.pending.used}")


def _result() -> View:
    game = _wordchain(draw_last=True)
    return ResultView(
        "WORDCHAIN", _scores(game), tuple(game.winners()), game.over_reason, ("again", "", "", "menu")
    )


# -- the session's own screens ----------------------------------------------------------------------


def _menu() -> View:
    return MenuView("Choose a game", tuple(g.title for g in all_games()), 1, SEAT_BUTTONS)


def _menu_options() -> View:
    return MenuView(
        "Wordability: house rules",
        ("Start the game", "Time a turn: 2 minutes", "Challenges: the table checks words"),
        1,
        SEAT_BUTTONS,
    )


_BUILDERS: dict[str, Callable[[], View]] = {
    "status": _status,
    "status-clock": _status_clock,
    "status-wordchain": _status_wordchain,
    "error": lambda: _refusal("E12:Q,F12:A,G12:X"),
    "error-long": lambda: _refusal("I9:E,J11:X"),
    "menu": _menu,
    "menu-options": _menu_options,
    "letter-pick": lambda: LetterPickView(
        "Blank on H8: which letter?", selected=4, buttons=("OK", "◀", "▶", "back")
    ),
    "tag-problem": lambda: TagProblemView(
        "This is P/C/8 from the WORDCHAIN cards. This game uses the wordgame tiles. Please put it back "
        "in its box.",
        "H8",
    ),
    "tag-unknown": lambda: TagProblemView(
        "This piece is not known. Please take it off the table.", "seat 2's row, place 3"
    ),
    "tag-duplicate": lambda: TagProblemView(
        "Two pieces say they are E 5 of 13. Please take one of them away.", "H8 and seat 1's row, place 4"
    ),
    "board-lost": _board_lost,
    "result": _result,
    "message": lambda: MessageView(
        "Enroll: wordgame tiles",
        ("Lay A 1 of 8 on grid row 1, column 1 (104 pieces left in this round).",),
        kind="info",
        footer="0 enrolled, 104 to go",
    ),
}


class _Samples(Mapping[str, View]):
    """The samples by name; each is built when first read, then kept."""

    def __init__(self, builders: dict[str, Callable[[], View]]) -> None:
        self._builders = builders
        self._built: dict[str, View] = {}

    def __getitem__(self, name: str) -> View:
        if name not in self._built:
            self._built[name] = self._builders[name]()
        return self._built[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)


SAMPLES: Mapping[str, View] = _Samples(_BUILDERS)
"""Every screen, by the name ``wordtable display preview`` takes."""
