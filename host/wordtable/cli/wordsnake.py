"""WordSnake's ``wordtable score`` and ``wordtable hint`` (registered in :data:`.hint.GAMES`).

::

    wordtable score --game wordsnake --cards "S2,N2,A2,K5,E2,N2,J8,O2,Y4" --hand "T2,C3"
    wordtable hint  --game wordsnake --hand "13 cards" --centre "9 cards" --strength strongest
"""

from __future__ import annotations

import argparse
from typing import Any

from ..games.base import GameError
from ..games.cards import Card, UnknownCardError, card_from_face, parse_faces
from .hint import GAMES, CardGameCommands, _options


def _cards(text: str | None, what: str, prefix: str, allow_empty: bool = False) -> list[Card]:
    faces = parse_faces(text or "")
    if not faces and not allow_empty:
        raise UnknownCardError(f"{what} is empty: give cards like E2 or E/-/2 (letter and points)")
    cards = []
    for i, f in enumerate(faces):
        if f.wild or f.letters is None or f.number is None:
            raise UnknownCardError(f"{f.text}: a WordSnake card is a letter and its points, like E2 or QU10")
        cards.append(card_from_face(f, f"{prefix}{i + 1}"))
    return cards


def _score(args: argparse.Namespace) -> dict[str, Any]:
    from wordtable import lexicon as lexicon_module

    from ..games.wordsnake import WordsnakeOptions, score_snake, snake_words, word_text

    options = _options(args, WordsnakeOptions)
    lex = lexicon_module.load(args.lexicon or options.lexicon)
    cards = _cards(args.cards, "--cards", "snake")
    hand = _cards(args.hand, "--hand", "hand", allow_empty=True)
    joints = None
    if args.joints:
        try:
            joints = [int(j) for j in args.joints.split(",")]
        except ValueError:
            raise GameError("--joints are cell numbers, e.g. 3,7") from None
    check = lex.is_word if options.check_words == "auto" else None
    spans = snake_words([c.letters for c in cards], check, options.min_word, joints)
    complete = spans[-1][1] + 1 if spans else 0
    back = cards[complete:]
    sheet = score_snake(cards[:complete], spans, [*hand, *back], options)
    return {
        "game": "wordsnake",
        "lexicon": lex.name,
        "words": [word_text(cards, s) for s in spans],
        "complete": complete == len(cards),
        "back_to_hand": [c.face for c in back],
        **sheet.to_dict(),
    }


def _hint(args: argparse.Namespace) -> dict[str, Any]:
    from wordtable import lexicon as lexicon_module
    from wordtable.ai.wordsnake import STRENGTHS, best_snake

    from ..games.wordsnake import WordsnakeOptions

    if args.strength not in STRENGTHS:
        raise GameError(f"--strength must be one of {', '.join(STRENGTHS)}")
    options = _options(args, WordsnakeOptions)
    lex = lexicon_module.load(args.lexicon or options.lexicon)
    hand = _cards(args.hand, "--hand", "hand")
    centre = _cards(args.centre, "--centre", "centre", allow_empty=True)
    result = best_snake(hand, list(centre), lex, options, strength=args.strength, budget_s=args.budget)
    return {
        "game": "wordsnake",
        "strength": args.strength,
        "lexicon": lex.name,
        "hand": [c.face for c in hand],
        "centre": [c.face for c in centre],
        **result.to_dict(),
    }


GAMES["wordsnake"] = CardGameCommands(
    score=_score,
    hint=_hint,
    score_arguments=[
        (("--hand",), {"help": 'WordSnake: the cards left in the hand, e.g. "T2,C3"'}),
        (("--joints",), {"help": "WordSnake: cells where one word ends and the next begins, e.g. 4,8"}),
    ],
    hint_arguments=[
        (("--centre",), {"help": 'WordSnake: the centre cards, e.g. "R2,F4,W4,E2,A2,U3,A2,O2,C3"'}),
        (("--budget",), {"type": float, "help": "seconds the search may take"}),
    ],
)
