"""``wordtable serve``: the virtual table in a browser (the simulated board, or a real one mirrored)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from ..web.access import AccessError, check_bind
from ..web.server import DEFAULT_PORT, WebOptions


def add_web_arguments(parser: argparse.ArgumentParser) -> None:
    """The web page's options (shared with ``wordtable run``)."""
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; another needs --lan and --pin)",
    )
    parser.add_argument(
        "--http-port", type=int, default=DEFAULT_PORT, help=f"web port (default {DEFAULT_PORT})"
    )
    parser.add_argument("--lan", action="store_true", help="allow listening on a LAN address (needs --pin)")
    parser.add_argument(
        "--lan-name",
        action="append",
        default=[],
        metavar="NAME",
        help="a name the page is opened by on the LAN (e.g. table.local); others are refused",
    )
    parser.add_argument(
        "--pin",
        default=os.environ.get("WORDTABLE_PIN"),
        help="PIN a browser on the LAN must give (or WORDTABLE_PIN)",
    )
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="kiosk mode: full screen, attract screen and reset to the menu when idle, settings locked",
    )
    parser.add_argument(
        "--kiosk-pin",
        default=os.environ.get("WORDTABLE_KIOSK_PIN"),
        help="PIN that opens the settings in kiosk mode (or WORDTABLE_KIOSK_PIN; none: locked)",
    )
    parser.add_argument(
        "--idle-reset",
        type=float,
        default=180.0,
        metavar="SECONDS",
        help="kiosk: seconds without activity before the reset (default 180)",
    )
    parser.add_argument(
        "--control",
        action="store_true",
        help="with a real board: let the page press the seat buttons (default: read-only mirror)",
    )


def web_options(args: argparse.Namespace) -> WebOptions:
    return WebOptions(
        host=args.host,
        port=args.http_port,
        lan=args.lan,
        pin=args.pin,
        kiosk=args.kiosk,
        kiosk_pin=args.kiosk_pin,
        idle_reset_s=args.idle_reset,
        allow_control=args.control,
        names=tuple(args.lan_name),
    )


def register(sub: argparse._SubParsersAction) -> None:
    serve = sub.add_parser(
        "serve", help="the virtual table in a browser: the simulated board, or a real one mirrored"
    )
    serve.add_argument("--port", help="a real board's serial port (default: start the simulated board)")
    serve.add_argument(
        "--workdir", default="run", help="where the simulated board keeps its files (default: ./run)"
    )
    serve.add_argument("--layout", default="standard", help="table layout (hardware/layouts/NAME.json)")
    serve.add_argument(
        "--db",
        default=None,
        help="the store (default: WORKDIR/wordtable.db for the simulated table, else your own)",
    )
    add_web_arguments(serve)
    serve.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    from ..store.database import StoreError
    from ..table.layout import LayoutError
    from ..table.link import BoardError
    from ..table.sim import SimError
    from ..web.launch import VirtualTable

    try:
        options = web_options(args)
        check_bind(options.host, options.lan, options.pin)
        table = VirtualTable(Path(args.workdir), options, port=args.port, layout=args.layout, db=args.db)
        table.start()
        if table.store is not None and table.store.recovered:
            print(f"wordtable: {table.store.recovered}", file=sys.stderr, flush=True)
    except (AccessError, LayoutError, BoardError, SimError, StoreError) as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2
    try:
        where = "the simulated table" if args.port is None else f"the table board on {args.port}"
        print(f"wordtable: {where} is at {table.url}", flush=True)
        if options.kiosk:
            print(f"  kiosk: open it full screen, e.g. chromium --kiosk {table.url}", flush=True)
        print("  Ctrl-C stops.", flush=True)
        while True:
            time.sleep(1)
    finally:
        table.stop()
