"""``wordtable tags ...``: piece sets, the tag registry, and enrollment over the board."""

from __future__ import annotations

import argparse
import sys

from ..store import Store, StoreError
from ..table.layout import LayoutError, load_layout
from ..table.link import BoardError, BoardLink
from ..table.tags import TagError, TagRegistry, available_sets, load_set


def register(sub: argparse._SubParsersAction) -> None:
    tags = sub.add_parser("tags", help="piece sets and their tags: enroll, write, list")
    tsub = tags.add_subparsers(dest="tags_command", metavar="ACTION", required=True)

    def store_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--db", default=None, help="the store file (default: wordtable.db in the wordtable data folder)"
        )

    sets = tsub.add_parser("sets", help="the piece sets, their sizes and how many pieces are enrolled")
    store_arg(sets)
    sets.set_defaults(func=cmd_sets)

    ls = tsub.add_parser("list", help="enrolled tags (all, or of one set)")
    ls.add_argument("set", nargs="?", help="only this set")
    store_arg(ls)
    ls.set_defaults(func=cmd_list)

    en = tsub.add_parser("enroll", help="lay each piece of a set on its marked cell to enroll its tag")
    en.add_argument("set", help="the piece set (see `wordtable tags sets`)")
    en.add_argument("--port", required=True, help="the board's serial port, e.g. /dev/ttyACM0")
    en.add_argument("--layout", default="standard", help="the table layout (hardware/layouts/NAME.json)")
    en.add_argument(
        "--replace", action="store_true", help="give tags to pieces that already have one (a lost tag)"
    )
    en.add_argument("--missing", action="store_true", help="only the pieces that have no tag yet")
    en.add_argument(
        "--timeout", type=float, default=600.0, help="stop after this many idle seconds (default 600)"
    )
    store_arg(en)
    en.set_defaults(func=cmd_enroll)

    wr = tsub.add_parser("write", help="write a piece's NDEF record into the tag on a cell, and check it")
    wr.add_argument("set", help="the piece set (see `wordtable tags sets`)")
    wr.add_argument("piece", help="the piece id in that set (as `wordtable tags list` prints it)")
    wr.add_argument("--port", required=True, help="the board's serial port, e.g. /dev/ttyACM0")
    wr.add_argument("--cell", type=int, required=True, help="the cell the piece lies on")
    wr.add_argument("--enroll", action="store_true", help="also enroll the tag as this piece in the registry")
    wr.add_argument(
        "--replace", action="store_true", help="with --enroll: even if the piece or tag is enrolled"
    )
    wr.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for the board (default 10)")
    store_arg(wr)
    wr.set_defaults(func=cmd_write)

    fg = tsub.add_parser("forget", help="remove one tag from the registry")
    fg.add_argument("uid", help="the tag's UID in hex, as `wordtable tags list` prints it")
    store_arg(fg)
    fg.set_defaults(func=cmd_forget)


def _fail(msg: object) -> int:
    print(f"wordtable: {msg}", file=sys.stderr)
    return 2


def _open(args: argparse.Namespace) -> Store:
    store = Store(args.db)
    if store.recovered:
        print(f"wordtable: {store.recovered}", file=sys.stderr)
    return store


def cmd_sets(args: argparse.Namespace) -> int:
    try:
        with _open(args) as store:
            counts = TagRegistry(store.conn).counts()
            for name in available_sets():
                try:
                    s = load_set(name)
                except TagError as exc:
                    print(f"{name:12} (cannot be read: {exc})")
                    continue
                print(
                    f"{name:12} {s.title:22} {len(s):4} pieces, {counts.get(name, 0):4} enrolled  (code {s.code})"
                )
    except StoreError as exc:
        return _fail(exc)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    try:
        with _open(args) as store:
            rows = TagRegistry(store.conn).enrolled(args.set)
            for e in rows:
                try:
                    label = load_set(e.set).piece(e.piece).label
                except TagError:
                    label = "(no longer in the set)"
                print(f"{e.uid.hex():20} {e.set:12} {e.piece:8} {label:16} {e.enrolled_at}")
            print(f"{len(rows)} tags")
    except StoreError as exc:
        return _fail(exc)
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    try:
        uid = bytes.fromhex(args.uid)
    except ValueError:
        return _fail(f"{args.uid!r} is not a UID in hex (like 04a1b2c3d4e5f6)")
    try:
        with _open(args) as store:
            if not TagRegistry(store.conn).forget(uid):
                return _fail(f"no tag {uid.hex()} is enrolled")
    except StoreError as exc:
        return _fail(exc)
    print(f"forgot tag {uid.hex()}")
    return 0


def cmd_enroll(args: argparse.Namespace) -> int:
    from ..display.refresh import RefreshPolicy
    from ..display.screens import render
    from ..display.views import MessageView
    from ..table.enroll import Enrollment, run_enrollment

    try:
        pieces = load_set(args.set)
        layout = load_layout(args.layout)
        with _open(args) as store, BoardLink(args.port, reconnect=True) as link:
            info = link.wait_linked(timeout=10)
            layout.check_board(info.grid, info.seats, info.seat_cells)
            walk = Enrollment(
                pieces,
                TagRegistry(store.conn),
                layout.enroll_cells(),
                layout.geometry,
                replace=args.replace,
                missing_only=args.missing,
            )
            policy = RefreshPolicy()

            def say(text: str) -> None:
                print(text, flush=True)
                left = sum(1 for _ in walk.waiting())
                view = MessageView(
                    f"Enroll: {pieces.title}",
                    (walk.prompt(),),
                    kind="info",
                    footer=f"{len(walk.enrolled)} enrolled, {left} to go",
                )
                policy.show(link, render(view, info.display_size))

            ok = run_enrollment(link, walk, say, idle_timeout_s=args.timeout)
            print(
                f"{len(walk.enrolled)} pieces of the {pieces.title} enrolled"
                + ("" if ok else " (stopped early)")
            )
            return 0 if ok else 1
    except (TagError, LayoutError, BoardError, StoreError) as exc:
        return _fail(exc)


def cmd_write(args: argparse.Namespace) -> int:
    from ..table.tag_writer import write_piece

    try:
        pieces = load_set(args.set)
        piece = pieces.piece(args.piece)
        with BoardLink(args.port, reconnect=False) as link:
            link.wait_linked(timeout=args.timeout)
            uid = write_piece(link, args.cell, pieces, piece.id, timeout=args.timeout)
        print(
            f"wrote {pieces.code}:{piece.id} ({piece.describe()}) into tag {uid.hex()} on cell {args.cell}; "
            "read back and checked"
        )
        if args.enroll:
            with _open(args) as store:
                TagRegistry(store.conn).enroll(uid, piece, replace=args.replace)
            print(f"enrolled tag {uid.hex()} as {piece.describe()}")
    except (TagError, BoardError, StoreError) as exc:
        return _fail(exc)
    return 0
