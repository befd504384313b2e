"""The ``wordtable`` command.

Each area of the host contributes its own subcommands: a module listed in ``COMMAND_MODULES`` has a
``register(subparsers)`` function that adds them, each with ``set_defaults(func=...)``; ``func(args)``
returns the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from . import __version__

COMMAND_MODULES: tuple[str, ...] = (
    "wordtable.table.commands",
    "wordtable.lexicon.commands",
    "wordtable.games.board_commands",
    "wordtable.games.card_commands",
    "wordtable.table.tag_commands",
    "wordtable.display.commands",
    "wordtable.store.commands",
    "wordtable.ai.commands",
    "wordtable.web.commands",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wordtable", description="The wordtable smart word-game table.")
    parser.add_argument("--version", action="version", version=f"wordtable {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
