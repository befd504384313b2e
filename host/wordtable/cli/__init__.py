"""The ``wordtable`` command.

The only package that parses arguments and prints; the domain packages below it never import it. Each
command group is one module here, listed in ``COMMAND_MODULES``, with a ``register(subparsers)``
function that adds its subcommands, each with ``set_defaults(func=...)``; ``func(args)`` returns the
exit code.
"""

from __future__ import annotations

import argparse
import importlib

from .. import __version__

COMMAND_MODULES: tuple[str, ...] = (
    "wordtable.cli.table",
    "wordtable.cli.lexicon",
    "wordtable.cli.move",
    "wordtable.cli.hint",
    "wordtable.cli.tags",
    "wordtable.cli.display",
    "wordtable.cli.history",
    "wordtable.cli.bot",
    "wordtable.cli.serve",
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
