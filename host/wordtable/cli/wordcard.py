"""WORDCARD's ``wordtable score`` and ``wordtable hint`` (registered in :data:`.hint.GAMES`).

::

    wordtable score --game wordcard --cards "R♣7,A♠8,I♥9,D♣10,E♠J,R♣Q" --options '{"game_type": "wordcard"}'
    wordtable score --game wordcard --cards "T♦1,O♣1;R♣7,A♠8,I♥9,D♣10,E♠J,R♣Q"   # two rows
    wordtable hint  --game wordcard --hand "R♣7,A♠8,...,*" --options '{"game_type": "wordplay"}'
    wordtable hint  --game wordcard --group --hand "8 to 13 face-up cards"       # GROUP GAME: the score to beat
"""

from __future__ import annotations

import argparse
from typing import Any

from ..games.base import GameError
from ..games.cards import Card, PlacedCard, UnknownCardError, card_from_face, parse_faces
from .hint import GAMES, CardGameCommands, _options


def _cards(text: str, what: str) -> tuple[list[Card], list[Any]]:
    faces = parse_faces(text)
    if not faces:
        raise UnknownCardError(f"{what} is empty: give cards like R♣7 or R/C/7, * for a wild card")
    for f in faces:
        if not f.wild and (f.letters is None or f.number is None):
            raise UnknownCardError(
                f"{f.text}: a WORDCARD card needs its letter and rank, like R♣7, R/C/7 or E♠J"
            )
    return [card_from_face(f, f"card{i + 1}") for i, f in enumerate(faces)], faces


def _score(args: argparse.Namespace) -> dict[str, Any]:
    from wordtable import lexicon as lexicon_module

    from ..games.wordcard import WordcardOptions
    from ..games.wordcard_scoring import fill_wild_ranks, name_wild_letters, score_meld

    options = _options(args, WordcardOptions)
    if options.game_type == "wild":
        raise GameError(
            "say which type the deal is played as: wordplay, cardplay, wordplay_plus, cardplay_plus or wordcard"
        )
    lex = lexicon_module.load(args.lexicon or options.lexicon)
    rows_out = []
    total = 0
    for k, part in enumerate(args.cards.split(";")):
        cards, faces = _cards(part, f"row {k + 1} of --cards")
        row = fill_wild_ranks([PlacedCard.of(c, f) for c, f in zip(cards, faces, strict=True)])
        if options.rule.must_word and any(p.card.wild and not p.letters for p in row):
            row = name_wild_letters(row, lex.is_word, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        ms = score_meld(row, options.rule, options, lex.is_word)
        rows_out.append({"cards": [p.face for p in row], **ms.to_dict(), "total": ms.points + ms.bonus})
        total += ms.points + ms.bonus
    return {
        "game": "wordcard",
        "game_type": options.game_type,
        "lexicon": lex.name,
        "rows": rows_out,
        "total": total,
    }


def _hint(args: argparse.Namespace) -> dict[str, Any]:
    from wordtable import lexicon as lexicon_module
    from wordtable.ai.wordcard import STRENGTHS, best_group_solution, best_rows

    from ..games.wordcard import WordcardOptions
    from ..games.wordcard_group import GroupOptions, WordcardGroupGame

    if args.strength not in STRENGTHS:
        raise GameError(f"--strength must be one of {', '.join(STRENGTHS)}")
    if not args.hand:
        raise UnknownCardError("--hand is needed: the cards held (or, with --group, the cards face up)")
    budget = args.budget if args.budget is not None else (2.0 if args.group else 1.0)
    if args.group:
        options = _options(args, GroupOptions)
        lex = lexicon_module.load(args.lexicon or options.lexicon)
        game = WordcardGroupGame(
            ["solo"], options=options, lexicon=lex, table=[t.strip() for t in args.hand.split(",")]
        )
        rows, score = best_group_solution(game, strength=args.strength, budget_s=budget)
        return {
            "game": "wordcard",
            "group": True,
            "table": [c.face for c in game.table],
            "strength": args.strength,
            "rows": [r.to_dict() for r in rows],
            "to_beat": score,
        }
    options = _options(args, WordcardOptions)
    if options.game_type == "wild":
        raise GameError(
            "say which type the deal is played as: wordplay, cardplay, wordplay_plus, cardplay_plus or wordcard"
        )
    lex = lexicon_module.load(args.lexicon or options.lexicon)
    hand, _faces = _cards(args.hand, "--hand")
    lay = best_rows(hand, options, lex, opened=args.opened, strength=args.strength, budget_s=budget)
    return {
        "game": "wordcard",
        "game_type": options.game_type,
        "strength": args.strength,
        "lexicon": lex.name,
        "hand": [c.face for c in hand],
        **lay.to_dict(),
    }


GAMES["wordcard"] = CardGameCommands(
    score=_score,
    hint=_hint,
    hint_arguments=[
        (
            ("--group",),
            {
                "action": "store_true",
                "help": "WORDCARD: --hand is a GROUP GAME's face-up cards; give the score to beat",
            },
        ),
        (
            ("--opened",),
            {"action": "store_true", "help": "WORDCARD: the player has opened already (no opening minimum)"},
        ),
        (("--budget",), {"type": float, "help": "seconds the search may take"}),
    ],
)
