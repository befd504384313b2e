"""``wordtable display ...``: save any screen as a PNG, list the screens."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..display.fonts import font_source
from ..display.samples import SAMPLES
from ..display.screens import SIZES, parse_size, render


def register(sub: argparse._SubParsersAction) -> None:
    display = sub.add_parser("display", help="the e-ink screens: preview them as PNG")
    dsub = display.add_subparsers(dest="display_command", metavar="ACTION", required=True)
    pv = dsub.add_parser("preview", help="render a sample screen and save it as a PNG")
    pv.add_argument("screen", help="the screen's name (see `wordtable display list`)")
    pv.add_argument("--size", default="296x128", help=f"panel size: {' or '.join(SIZES)} (default 296x128)")
    pv.add_argument("--out", default=None, help="the PNG to write (default: SCREEN-SIZE.png here)")
    pv.add_argument(
        "--zoom", type=int, default=1, help="scale the PNG up by this whole factor (pixels stay sharp)"
    )
    pv.set_defaults(func=cmd_preview)
    ls = dsub.add_parser("list", help="the screens preview knows, and the font in use")
    ls.set_defaults(func=cmd_list)


def cmd_preview(args: argparse.Namespace) -> int:
    if args.screen not in SAMPLES:
        print(f"wordtable: no screen {args.screen!r}; screens: {', '.join(SAMPLES)}", file=sys.stderr)
        return 2
    try:
        size = parse_size(args.size)
    except ValueError as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2
    if args.zoom < 1:
        print("wordtable: --zoom must be 1 or more", file=sys.stderr)
        return 2
    image = render(SAMPLES[args.screen], size)
    if args.zoom > 1:
        image = image.resize((size[0] * args.zoom, size[1] * args.zoom), 0)  # nearest: no grey
    out = Path(args.out or f"{args.screen}-{args.size}.png")
    try:
        image.save(out, format="PNG")
    except OSError as exc:
        print(f"wordtable: cannot write {out}: {exc}", file=sys.stderr)
        return 2
    print(out)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    for name in SAMPLES:
        print(name)
    print(f"font: {font_source()}")
    return 0
