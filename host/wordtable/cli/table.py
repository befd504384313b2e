"""``wordtable run`` and ``wordtable board ...``: the table's commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..table.link import BoardError, BoardLink


def register(sub: argparse._SubParsersAction) -> None:
    run = sub.add_parser("run", help="start the table: the simulated board (no --port) or a real one")
    run.add_argument(
        "--port", help="the board's serial port, e.g. /dev/ttyACM0 (default: the simulated board)"
    )
    run.add_argument(
        "--workdir", default="run", help="where the simulated board keeps its files (default: ./run)"
    )
    run.add_argument(
        "--no-input", action="store_true", help="start the table, take no typed commands, and stop"
    )
    run.add_argument("--db", default=None, help="the game store (default: wordtable.db in the data folder)")
    run.set_defaults(func=cmd_run)

    board = sub.add_parser("board", help="the table board: deploy firmware, status")
    bsub = board.add_subparsers(dest="board_command", metavar="ACTION", required=True)
    dep = bsub.add_parser("deploy", help="compile the firmware and copy it to the board with mpremote")
    dep.add_argument("--port", required=True, help="the board's serial port, e.g. /dev/ttyACM0")
    dep.add_argument("--arch", default=None, help="mpy-cross architecture (default armv6m, the Pico's)")
    dep.add_argument("--source", action="store_true", help="copy .py sources instead of .mpy bytecode")
    dep.add_argument(
        "--romfs",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="write the ROMFS image (--romfs) or copy .mpy files (--no-romfs); default: the ROMFS "
        "image where the board's MicroPython has a ROMFS partition",
    )
    dep.add_argument(
        "--resume",
        action="store_true",
        help="no soft reset before copying (for the MicroPython unix port on a pty)",
    )
    dep.set_defaults(func=cmd_deploy)
    img = bsub.add_parser(
        "firmware",
        help="build the board's image: a ROMFS image, the .mpy files, a frozen "
        "build's manifest.py, and their listing (make firmware)",
    )
    img.add_argument("--out", default="build/firmware", help="where to write them (default build/firmware)")
    img.add_argument("--arch", default=None, help="mpy-cross architecture (default armv6m, the Pico's)")
    img.set_defaults(func=cmd_firmware)
    st = bsub.add_parser("status", help="connect to the board and print what it reports")
    st.add_argument("--port", required=True)
    st.set_defaults(func=cmd_status)
    doc = bsub.add_parser(
        "doctor", help="ask the board for its diagnostics: readers, noisy cells, panel, heap"
    )
    doc.add_argument("--port", required=True, help="the board's serial port, e.g. /dev/ttyACM0")
    doc.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for the board (default 10)")
    doc.add_argument(
        "--expect",
        action="append",
        default=[],
        metavar="CELL=UID",
        help="a tag lies on this cell (UID in hex); repeat for each tag. The doctor watches the "
        "cell reports and names any cell that reads it but this one (a cross-read)",
    )
    doc.add_argument(
        "--expect-file",
        action="append",
        default=[],
        metavar="PATH",
        help="CELL=UID pairs, one a line (# starts a comment)",
    )
    doc.add_argument(
        "--watch", type=float, default=3.0, help="seconds to watch the cell reports with --expect (default 3)"
    )
    doc.set_defaults(func=cmd_doctor)


def cmd_run(args: argparse.Namespace) -> int:
    try:
        from .. import lexicon
        from .console import run_session

        # typed (or piped) table commands unless --no-input
        return run_session(
            args.port,
            Path(args.workdir),
            Path(args.db) if args.db else None,
            not args.no_input,
            lexicon.load(),
        )
    except BoardError as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2


def cmd_deploy(args: argparse.Namespace) -> int:
    from ..table.deploy import DEFAULT_ARCH, deploy

    try:
        deploy(
            args.port,
            arch=args.arch or DEFAULT_ARCH,
            source=args.source,
            resume=args.resume,
            romfs=args.romfs,
        )
    except BoardError as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2
    return 0


def cmd_firmware(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..table.firmware_image import DEFAULT_ARCH, FirmwareBuildError, build_image

    try:
        image = build_image(Path(args.out), args.arch or DEFAULT_ARCH)
    except FirmwareBuildError as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2
    for line in image.listing_lines():
        print(line)
    print(f"written to {image.romfs.parent}/")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    import time

    try:
        with BoardLink(args.port, reconnect=False) as link:
            info = link.wait_linked(timeout=5)
            time.sleep(1.2)  # one heartbeat
            print(
                f"board: {info.board_name}, firmware {'.'.join(map(str, info.fw_version))}, boot {info.boot_id:04x}"
            )
            print(
                f"table: {info.grid[0]}x{info.grid[1]} grid + {info.seats} seats x {info.seat_cells} cells, "
                f"{info.buttons_per_seat} buttons a seat, display {info.display_size[0]}x{info.display_size[1]}"
            )
            print(f"pieces on the table: {len(link.cells)}")
            if link.heartbeat:
                hb = link.heartbeat
                print(
                    f"heap free: {hb['heap_free']} bytes, sweep: {hb['scan_ms']} ms, "
                    f"read errors: {hb['read_errors']}, uptime: {hb['uptime_ms'] // 1000} s"
                )
    except BoardError as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    """Exit status 0: healthy; 1: problems found (printed with what to check); 2: no board."""
    from ..table.doctor import diagnose, parse_expect

    try:
        expected = parse_expect(args.expect, args.expect_file)
    except (ValueError, OSError) as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2
    try:
        with BoardLink(args.port, reconnect=False) as link:
            link.wait_linked(timeout=args.timeout)
            diagnosis = diagnose(link, timeout=args.timeout, expected=expected, watch=args.watch)
    except BoardError as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2
    for line in diagnosis.report():
        print(line)
    return 1 if diagnosis.problems() else 0
