"""``wordtable moves`` and ``wordtable bot``: legal moves and bot choices on a board-game position, JSON out.

Exit code 0 on success (also when a rack has no legal move: the list is empty), 2 when the input cannot
be read (no such file, not a position, a rack with letters the game lacks).
"""

from __future__ import annotations

import argparse
import json
import sys
from random import Random
from typing import Any

from wordtable.games import registry
from wordtable.games.base import InvalidMoveError
from wordtable.games.crossword_board import BLANK
from wordtable.games.registry import game_from_position

from ..ai.crossword_bots import STRENGTHS, choose, describe_move, hints
from ..ai.movegen import legal_moves
from .position_file import read_position

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def register(sub: Any) -> None:
    """Add ``moves`` and ``bot`` to the ``wordtable`` parser."""
    p = sub.add_parser(
        "moves",
        help="list the legal moves of a rack on a wordgame or Wordability position, best first (JSON)",
        description="Every legal move of RACK on the position, highest score first, each with its placement "
        "(as `wordtable move --place` takes it), the words formed with the rules' reckoning, the "
        "score and its breakdown. Exit 0, or 2 for input that cannot be read.",
    )
    p.add_argument("--game", required=True, choices=registry.names(board=True), help="the game")
    p.add_argument(
        "--position", required=True, metavar="FILE", help="position file (docs/rules/positions.md)"
    )
    p.add_argument(
        "--rack",
        default=None,
        metavar="LETTERS",
        help="the tiles to play, ? for a blank (default: the rack of the player to move)",
    )
    p.add_argument(
        "--top", type=int, default=10, metavar="N", help="list only the N best (default 10; 0: all)"
    )
    p.add_argument("--lexicon", default=None, help="word list (default: enable)")
    p.add_argument("--profile", default=None, help="lexicon profile (allow/block lists)")
    p.set_defaults(func=cmd_moves)

    b = sub.add_parser(
        "bot",
        help="what a bot would play on a wordgame or Wordability position (JSON)",
        description="The action a bot of the given strength takes for the player to move: a placement (with "
        "its words and score), an exchange or a pass, and why.",
    )
    b.add_argument("--game", required=True, choices=registry.names(board=True), help="the game")
    b.add_argument(
        "--position", required=True, metavar="FILE", help="position file (docs/rules/positions.md)"
    )
    b.add_argument(
        "--strength", default="strongest", choices=STRENGTHS, help="bot strength (default strongest)"
    )
    b.add_argument("--seed", type=int, default=0, help="seed of the beginner's random choice")
    b.add_argument("--lexicon", default=None, help="word list (default: enable)")
    b.add_argument("--profile", default=None, help="lexicon profile (allow/block lists)")
    b.set_defaults(func=cmd_bot)


def _out(result: Any) -> None:
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _load(args: argparse.Namespace, rack: str | None) -> Any:
    """The game of the position file with ``rack`` as the rack of the player to move; InvalidMoveError
    with a message for a person when something cannot be read."""
    from wordtable import lexicon as lexicon_pkg

    position = read_position(args.position)
    if position.get("game", args.game) != args.game:
        raise InvalidMoveError(f"{args.position} is a {position.get('game')} position, not {args.game}")
    position = dict(position, game=args.game)
    if rack is not None:
        racks = position.get("racks")
        turn = position.get("turn", 0)
        if not isinstance(racks, list) or not isinstance(turn, int) or not 0 <= turn < len(racks):
            raise InvalidMoveError("the position needs racks and a turn naming one of them")
        racks = list(racks)
        racks[turn] = rack
        position["racks"] = racks
    try:
        lx = lexicon_pkg.load(args.lexicon, profile=getattr(args, "profile", None))
    except lexicon_pkg.LexiconError as e:
        raise InvalidMoveError(str(e)) from None
    return game_from_position(position, lx)


def _check_rack(rack: str) -> str:
    text = rack.strip()
    if not text:
        raise InvalidMoveError("the rack is empty; give the tiles as letters, ? for a blank")
    bad = sorted({ch for ch in text if ch != BLANK and not ch.isalpha()})
    if bad:
        raise InvalidMoveError(f"the rack may hold letters and ? (a blank) only, not {' '.join(bad)}")
    return "".join(ch if ch == BLANK else ch.upper() for ch in text)


def cmd_moves(args: argparse.Namespace) -> int:
    result: dict[str, Any] = {"game": args.game, "error": None, "rack": None, "count": 0, "moves": []}
    try:
        if args.top < 0:
            raise InvalidMoveError("--top must be 0 (all) or more")
        rack = _check_rack(args.rack) if args.rack is not None else None
        game = _load(args, rack)
        letters = game.rack_letters(game.turn)
        all_moves = legal_moves(game, letters)
        shown = all_moves if args.top == 0 else all_moves[: args.top]
        listed = [describe_move(game, m) for m in shown]
    except (InvalidMoveError, ValueError) as e:
        result["error"] = str(e)
        _out(result)
        return EXIT_BAD_INPUT
    result["rack"] = letters
    result["count"] = len(all_moves)
    result["player"] = game.turn
    result["moves"] = listed
    _out(result)
    return EXIT_OK


def cmd_bot(args: argparse.Namespace) -> int:
    result: dict[str, Any] = {"game": args.game, "error": None, "strength": args.strength}
    try:
        game = _load(args, None)
        choice = choose(game, args.strength, Random(args.seed))
    except (InvalidMoveError, ValueError) as e:
        result["error"] = str(e)
        _out(result)
        return EXIT_BAD_INPUT
    result["player"] = game.turn
    result["rack"] = game.rack_letters(game.turn)
    result["action"] = choice.action
    result["reason"] = choice.reason
    result["equity"] = round(choice.equity, 1)
    result["move"] = describe_move(game, choice.move) if choice.move is not None else None
    _out(result)
    return EXIT_OK


def _board_hint(args: argparse.Namespace) -> dict[str, Any]:
    """``wordtable hint`` for wordgame and Wordability: the best moves of a position, explained."""
    if not getattr(args, "position", None):
        raise InvalidMoveError(
            "a hint for a board game needs --position FILE (docs/rules/positions.md), "
            "and --rack LETTERS unless the position gives the rack"
        )
    rack = _check_rack(args.rack) if getattr(args, "rack", None) else None
    game = _load(args, rack)
    return {
        "game": args.game,
        "player": game.turn,
        "rack": game.rack_letters(game.turn),
        "hints": hints(game, top=args.top),
    }


def _register_hints() -> None:
    """One ``wordtable hint`` for every game: every board game of the registry joins the card games' command."""
    from .hint import BOARD_GAMES

    arguments = [
        (
            ("--position",),
            {"metavar": "FILE", "help": "board games: the position file (docs/rules/positions.md)"},
        ),
        (
            ("--rack",),
            {"metavar": "LETTERS", "help": "board games: the tiles, ? for a blank (default: the position's)"},
        ),
    ]
    BOARD_GAMES.hint = _board_hint
    BOARD_GAMES.hint_arguments = arguments


_register_hints()
