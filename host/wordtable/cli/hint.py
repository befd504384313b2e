"""The card games' commands: ``wordtable score`` and ``wordtable hint``, JSON out, for scripted checks.

::

    wordtable score --game wordchain --cards "K♠3,N♥7,O♦1,P♣8" --link K
    wordtable hint  --game wordchain --hand "B♥8,E♥3,D♠5,*,..." --link "P♣8" --strength club

Each card game registers a :class:`CardGameCommands` in :data:`GAMES` (WORDCARD and WordSnake add theirs
the same way), and every board game of the game registry has the :data:`BOARD_GAMES` commands:
functions that take the parsed arguments and return a JSON-ready dict, and any extra arguments they
need. Bad input (an unknown card code, a link the cards lack, a bad option) prints one line saying what
is wrong and exits with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..games import registry
from ..games.base import GameError

Handler = Callable[[argparse.Namespace], dict[str, Any]]
Argument = tuple[tuple[str, ...], dict[str, Any]]


@dataclass
class CardGameCommands:
    """What one game contributes: a ``score`` and a ``hint`` handler and their extra arguments."""

    score: Handler | None = None
    hint: Handler | None = None
    score_arguments: list[Argument] = field(default_factory=list)
    hint_arguments: list[Argument] = field(default_factory=list)


GAMES: dict[str, CardGameCommands] = {}
"""Card games by the name ``--game`` takes."""

BOARD_GAMES = CardGameCommands()
"""What every board game of the registry has (wordtable.cli.bot fills it in)."""


def commands(name: str) -> CardGameCommands | None:
    """The commands of the game called ``name``: its own, or the board games' for a board game."""
    if name in GAMES:
        return GAMES[name]
    if name in registry.names(board=True):
        return BOARD_GAMES
    return None


GAME_MODULES: tuple[str, ...] = ("wordtable.cli.wordcard", "wordtable.cli.wordsnake", "wordtable.cli.bot")
"""Modules imported by :func:`register` that add their own entries to :data:`GAMES` (WORDCHAIN's are here)."""


def _options(args: argparse.Namespace, cls: Any) -> Any:
    text = getattr(args, "options", None)
    if not text:
        return cls()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise GameError(
            f'--options is not JSON ({e.msg} at {e.pos}): give e.g. \'{{"scoring": "simple"}}\''
        ) from None
    if not isinstance(data, dict):
        raise GameError("--options must be a JSON object, e.g. '{\"dice\": 2}'")
    return cls.from_dict(data)


# -- WORDCHAIN ------------------------------------------------------------------------------------------


def _wordchain_score(args: argparse.Namespace) -> dict[str, Any]:
    from wordtable import lexicon as lexicon_module

    from ..games.cards import PlacedCard, UnknownCardError, card_from_face, parse_face, parse_faces
    from ..games.wordchain import WordchainOptions
    from ..games.wordchain_scoring import score_word

    options = _options(args, WordchainOptions)
    faces = parse_faces(args.cards)
    if not faces:
        raise UnknownCardError('--cards is empty: give the word\'s cards in order, e.g. "K♠3,N♥7,O♦1,P♣8"')
    placed = [PlacedCard.of(card_from_face(f, f"card{i + 1}"), f) for i, f in enumerate(faces)]
    for f, p in zip(faces, placed, strict=True):
        if not f.wild and (f.letters is None or f.number is None or f.suit is None):
            raise UnknownCardError(
                f"{f.text}: scoring needs each card's letter, suit and number, like K♠3 or K/S/3"
            )
        if f.wild and p.letters == "":
            raise UnknownCardError(f"{f.text}: say which letter the Multicard stands for, like *=E or *=E♥5")
    link_position: int | None = 0
    if args.link:
        link = parse_face(args.link)
        at = [
            i
            for i, p in enumerate(placed)
            if link.matches(p.card)
            or (p.card.wild and link.letters is not None and p.letters == link.letters)
        ]
        if not at:
            raise GameError(f"the word has no card {args.link} for the link: the link card is one of --cards")
        link_position = at[0]
    result = score_word(placed, link_position, options, all_cards_used=args.all_cards)
    out: dict[str, Any] = {"game": "wordchain", **result.to_dict()}
    if not args.no_check:
        lex = lexicon_module.load(args.lexicon or options.lexicon)
        verdict = lex.check(result.word)
        out["is_word"] = verdict.valid
        out["lexicon"] = lex.name
        if not verdict.valid:
            out["why_not"] = verdict.reason
    return out


def _wordchain_hint(args: argparse.Namespace) -> dict[str, Any]:
    from wordtable import lexicon as lexicon_module
    from wordtable.ai.wordchain import STRENGTHS, best_words

    from ..games.cards import UnknownCardError, card_from_face, parse_face, parse_faces
    from ..games.wordchain import WordchainOptions

    options = _options(args, WordchainOptions)
    if args.strength not in STRENGTHS:
        raise GameError(f"--strength must be one of {', '.join(STRENGTHS)}")
    faces = parse_faces(args.hand or "")
    if not faces:
        raise UnknownCardError('--hand is empty: give the cards held, e.g. "B♥8,E♥3,D♠5,*"')
    if not args.link:
        raise GameError('--link is needed: the card lying in the centre, e.g. "P♣8"')
    hand = [card_from_face(f, f"hand{i + 1}") for i, f in enumerate(faces)]
    for f in faces:
        if not f.wild and f.letters is None:
            raise UnknownCardError(f"{f.text}: give each card as K♠3 or K/S/3")
    link = card_from_face(parse_face(args.link), "link")
    lex = lexicon_module.load(args.lexicon or options.lexicon)
    kwargs: dict[str, Any] = {"top": args.top, "max_hand": args.dice}
    if args.strength == "beginner":
        kwargs.update(link_anywhere=False, max_cards=4)
    elif args.strength == "club":
        kwargs.update(link_anywhere=False, max_cards=7)
    else:
        kwargs.update(gift_weight=0.5)
    found = best_words(hand, link, lex, options, **kwargs)
    return {
        "game": "wordchain",
        "link": link.face,
        "hand": [c.face for c in hand],
        "strength": args.strength,
        "lexicon": lex.name,
        "words": [c.to_dict() for c in found],
    }


GAMES["wordchain"] = CardGameCommands(
    score=_wordchain_score,
    hint=_wordchain_hint,
    score_arguments=[
        (
            ("--link",),
            {"help": "which of the cards is the link card (its code or letter; default: the first)"},
        ),
        (
            ("--all-cards",),
            {"action": "store_true", "help": "the word used every card the player held (rules I and M)"},
        ),
        (("--no-check",), {"action": "store_true", "help": "do not look the word up in the lexicon"}),
    ],
    hint_arguments=[
        (("--link",), {"help": "the link card in the centre, e.g. P♣8"}),
        (("--dice",), {"type": int, "help": "dice limit: most cards from the hand"}),
    ],
)


# -- the commands -------------------------------------------------------------------------------------


def _run(kind: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        game = commands(args.game)
        handler = getattr(game, kind, None) if game else None
        if handler is None:
            known = ", ".join(
                sorted(n for n in set(GAMES) | set(registry.names()) if getattr(commands(n), kind, None))
            )
            print(f"wordtable {kind}: no {kind} for game {args.game!r} (games: {known})", file=sys.stderr)
            return 2
        try:
            out = handler(args)
        except (GameError, ValueError) as e:
            print(f"wordtable {kind}: {e}", file=sys.stderr)
            return 2
        json.dump(out, sys.stdout, ensure_ascii=args.ascii, indent=2 if args.pretty else None)
        sys.stdout.write("\n")
        return 0

    return run


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", required=True, help="which game: " + ", ".join(registry.names()))
    p.add_argument("--options", help='house rules as a JSON object, e.g. \'{"scoring": "simple"}\'')
    p.add_argument("--lexicon", help="lexicon name (default: the game's)")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.add_argument(
        "--ascii", action="store_true", help="escape ♠♥♦♣ and other non-ASCII text as \\u in the JSON"
    )


def register(sub: Any) -> None:
    """Add ``score`` and ``hint``; each game's extra arguments are added once (shared flags merge)."""
    for name in GAME_MODULES:
        importlib.import_module(name)
    score = sub.add_parser("score", help="score cards laid as a word, every step as JSON (card games)")
    _common(score)
    score.add_argument(
        "--cards", required=True, help='the cards in order, e.g. "K♠3,N♥7,O♦1,P♣8" (see docs/rules/cards.md)'
    )
    hint = sub.add_parser("hint", help="best plays for a hand or a rack, as JSON (every game)")
    _common(hint)
    hint.add_argument("--hand", help='the cards held, e.g. "B♥8,E♥3,*"')
    hint.add_argument("--strength", default="strongest", help="beginner, club or strongest")
    hint.add_argument("--top", type=int, default=5, help="how many plays to list")
    for parser, attr in ((score, "score_arguments"), (hint, "hint_arguments")):
        added: set[str] = set()
        for game in (*GAMES.values(), BOARD_GAMES):
            for flags, kwargs in getattr(game, attr):
                if flags[0] not in added:
                    added.add(flags[0])
                    parser.add_argument(*flags, **kwargs)
    score.set_defaults(func=_run("score"))
    hint.set_defaults(func=_run("hint"))
