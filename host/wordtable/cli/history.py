"""``wordtable history ...``: the games played, and the export of a finished one."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..store.database import StoreError
from ..store.export import game_gcg, game_json
from ..store.store import Store


def register(sub: argparse._SubParsersAction) -> None:
    hist = sub.add_parser("history", help="games played on this table; export a finished one")
    hist.add_argument(
        "--db", default=None, help="the store file (default: wordtable.db in the wordtable data folder)"
    )
    hist.add_argument("--limit", type=int, default=20, help="how many games to list (default 20)")
    hsub = hist.add_subparsers(dest="history_command", metavar="ACTION")
    ex = hsub.add_parser("export", help="write a finished game as JSON or GCG")
    ex.add_argument("game", type=int, help="the game's number (from `wordtable history`)")
    ex.add_argument("--format", choices=("json", "gcg"), default="json")
    ex.add_argument("--out", default=None, help="the file to write (default: print it)")
    ex.add_argument(
        "--lexicon", default="enable", help="word list to replay a GCG export with (default enable)"
    )
    ex.set_defaults(func=cmd_export)
    hist.set_defaults(func=cmd_history)


def _fail(msg: object) -> int:
    print(f"wordtable: {msg}", file=sys.stderr)
    return 2


def cmd_history(args: argparse.Namespace) -> int:
    try:
        with Store(args.db) as store:
            if store.recovered:
                print(f"wordtable: {store.recovered}", file=sys.stderr)
            rows = store.history(args.limit)
            for g in rows:
                scores = ""
                if g.result and "scores" in g.result:
                    scores = ", ".join(
                        f"{n} {s}" for n, s in zip(g.players, g.result["scores"], strict=False)
                    )
                state = "finished" if g.finished else "in play"
                print(f"{g.id:5}  {g.started_at}  {g.game:12} {state:9} {scores or ', '.join(g.players)}")
            if not rows:
                print("no games yet")
    except StoreError as exc:
        return _fail(exc)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    try:
        with Store(args.db) as store:
            if args.format == "gcg":
                from .. import lexicon as lexicon_pkg

                try:
                    lx = lexicon_pkg.load(args.lexicon)
                except lexicon_pkg.LexiconError as exc:
                    return _fail(exc)
                text = game_gcg(store, args.game, lx)
            else:
                text = json.dumps(game_json(store, args.game), indent=1, ensure_ascii=False) + "\n"
    except StoreError as exc:
        return _fail(exc)
    if args.out:
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as exc:
            return _fail(f"cannot write {args.out}: {exc}")
        print(args.out)
    else:
        sys.stdout.write(text)
    return 0
