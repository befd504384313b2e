"""``wordtable move``: validate and score one move of a board game on a position file, JSON out.

Exit code 0 when the move is valid, 1 when it breaks a rule (the JSON says which and where), 2 when
the input cannot be read (no such file, not a position, a placement that is not CELL:LETTER).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..games import registry
from ..games.base import IllegalMoveError, InvalidMoveError
from ..games.crossword import placements_from_text
from ..games.registry import game_from_position
from ..lexicon.protocol import Lexicon
from .position_file import read_position

EXIT_VALID, EXIT_INVALID, EXIT_BAD_INPUT = 0, 1, 2


def register(sub: Any) -> None:
    """Add the board-game subcommands to the ``wordtable`` parser."""
    p = sub.add_parser(
        "move",
        help="validate and score one move of a board game (wordgame, Wordability) (JSON out)",
        description="Validate and score one move on a position file. Prints JSON: valid, error, the words "
        "formed with their scores and reckoning, total. Exit 0 valid, 1 invalid, 2 bad input.",
    )
    p.add_argument("--game", required=True, choices=registry.names(board=True), help="the game")
    p.add_argument(
        "--position", required=True, metavar="FILE", help="position file (docs/rules/positions.md)"
    )
    p.add_argument(
        "--place",
        required=True,
        metavar="CELLS",
        help='placements like "H8:W,H9:O" (lower-case letter: a blank standing for it)',
    )
    p.add_argument("--lexicon", default=None, help="word list (default: enable)")
    p.add_argument("--profile", default=None, help="lexicon profile (allow/block lists)")
    p.set_defaults(func=cmd_move)


def _out(result: dict[str, Any]) -> None:
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def check_move(
    game_name: str, position: dict[str, Any], place: str, lexicon: Lexicon
) -> tuple[int, dict[str, Any]]:
    """Validate and score a move given as ``CELL:LETTER,...`` on a position: (exit code, JSON result).
    Nothing is changed; a player to move without a known rack is given the move's letters."""
    result: dict[str, Any] = {
        "game": game_name,
        "valid": False,
        "error": None,
        "words": [],
        "bonus": 0,
        "total": 0,
    }
    try:
        items = placements_from_text(place)
        if position.get("game", game_name) != game_name:
            raise InvalidMoveError(f"the position is a {position.get('game')} position, not {game_name}")
        position = dict(position, game=game_name)
        turn = position.get("turn", 0)
        racks = position.get("racks")
        if (
            isinstance(racks, list)
            and isinstance(turn, int)
            and 0 <= turn < len(racks)
            and racks[turn] is None
        ):
            racks = list(racks)
            racks[turn] = "".join("?" if it["letter"].islower() else it["letter"].upper() for it in items)
            position["racks"] = racks
        game = game_from_position(position, lexicon)
        placements = game.read_placements(items, game.turn)
        result["player"] = game.turn
        ev = game.evaluate(placements)
    except IllegalMoveError as e:
        result["error"] = str(e)
        return EXIT_INVALID, result
    except InvalidMoveError as e:
        result["error"] = str(e)
        return EXIT_BAD_INPUT, result
    g = game.rules.geometry
    for w, pts, line in zip(ev.words, ev.word_points, ev.breakdown.lines, strict=False):
        result["words"].append(dict(w.to_dict(g), points=pts, detail=line.detail, main=w.main))
    result["bonus"] = ev.bonus
    result["total"] = ev.total
    result["breakdown"] = ev.breakdown.to_dict()
    if ev.invalid:
        result["error"] = game.rules.invalid_words_message(ev.invalid)
        return EXIT_INVALID, result
    result["valid"] = True
    return EXIT_VALID, result


def cmd_move(args: argparse.Namespace) -> int:
    from wordtable import lexicon as lexicon_pkg

    try:
        position = read_position(args.position)
    except InvalidMoveError as e:
        _out({"game": args.game, "valid": False, "error": str(e), "words": [], "bonus": 0, "total": 0})
        return EXIT_BAD_INPUT
    try:
        lx = lexicon_pkg.load(args.lexicon, profile=args.profile)
    except lexicon_pkg.LexiconError as e:
        _out({"game": args.game, "valid": False, "error": str(e), "words": [], "bonus": 0, "total": 0})
        return EXIT_BAD_INPUT
    code, result = check_move(args.game, position, args.place, lx)
    _out(result)
    return code
