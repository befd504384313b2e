"""The ``sim`` board: the firmware on the MicroPython unix port, with simulated readers, panel,
buttons and feedback, the serial line on stdin/stdout and a control channel on a Unix socket.

    micropython -X heapsize=128k firmware/main.py --board sim --control SOCKPATH --world WORLDFILE
        --panel PBMFILE [--grid 15x15] [--seats 4] [--seat-cells 24] [--buttons 4] [--display 296x128]
"""

import os
import select
import socket
import struct
import sys

from micropython import const

from ..board import Board, cell_count
from ..sim.control import MAX_CLIENTS, Control
from ..sim.devices import SimButtons, SimFeedback, debug
from ..sim.panel import SimPanel
from ..sim.world import SimReader, World, parse_number, parse_uid
from ..stdio import StdioTransport

_SUN_PATH = const(108)  # sizeof(sockaddr_un.sun_path) on Linux
_VTIME = const(5)  # indices into termios' control-character list (Linux)
_VMIN = const(6)

USAGE = (
    "usage: main.py --board sim --control SOCKPATH --world WORLDFILE --panel PBMFILE"
    " [--grid WxH] [--seats N] [--seat-cells N] [--buttons N] [--display WxH]"
)

# option: (default, kind); kind "path", "size" (WxH, each 1..limit) or an int limit (0..limit)
OPTIONS = {
    "--board": ("sim", "path"),
    "--control": (None, "path"),
    "--world": (None, "path"),
    "--panel": (None, "path"),
    "--grid": ("15x15", 255),
    "--seats": ("4", 255),
    "--seat-cells": ("24", 255),
    "--buttons": ("4", 255),
    "--display": ("296x128", 4096),
}
_SIZES = ("--grid", "--display")


class UsageError(Exception):
    """Bad command-line options; the message says which and what is accepted."""


def parse_args(argv):
    """Options as a dict keyed by name without dashes ("seat_cells"); UsageError if wrong."""
    given = {}
    i = 0
    while i < len(argv):
        opt = argv[i]
        if opt not in OPTIONS:
            raise UsageError("unknown option %r" % opt)
        if i + 1 >= len(argv):
            raise UsageError("option %s needs a value" % opt)
        given[opt] = argv[i + 1]
        i += 2
    out = {}
    for opt, (default, kind) in OPTIONS.items():
        text = given.get(opt, default)
        if text is None:
            raise UsageError("option %s is required" % opt)
        key = opt[2:].replace("-", "_")
        if kind == "path":
            out[key] = text
        elif opt in _SIZES:
            out[key] = _size(opt, text, kind)
        else:
            out[key] = _number(opt, text, 0, kind)
    if out["board"] != "sim":
        raise UsageError("board %r cannot run on the unix port; use --board sim" % out["board"])
    return out


def _number(opt, text, lo, hi):
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise UsageError("%s must be a whole number from %d to %d, not %r" % (opt, lo, hi, text))
    return int(text)


def _size(opt, text, hi):
    parts = text.lower().split("x")
    if (
        len(parts) != 2
        or not parts[0].isdigit()
        or not parts[1].isdigit()
        or not 1 <= int(parts[0]) <= hi
        or not 1 <= int(parts[1]) <= hi
    ):
        raise UsageError(
            "%s must be WIDTHxHEIGHT with each from 1 to %d, like 15x15, not %r" % (opt, hi, text)
        )
    return int(parts[0]), int(parts[1])


def build(argv):
    """The sim Board from command-line arguments (without the script name)."""
    o = parse_args(argv)
    gw, gh = o["grid"]
    geometry = (gw, gh, o["seats"], o["seat_cells"], o["buttons"])
    ncells = cell_count(geometry)
    if ncells > 0xFFFF:
        raise UsageError("%d cells; the protocol numbers at most 65535" % ncells)
    world = World(ncells, o["world"])
    warning = load_world(world)
    if warning:
        debug("warning: " + warning)
    transport = StdioTransport(tty=make_raw(sys.stdin))
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)  # bytes on the serial line wake the loop
    reader = SimReader(world)
    panel = SimPanel(o["display"][0], o["display"][1], o["panel"])
    buttons = SimButtons(o["seats"], o["buttons"])
    feedback = SimFeedback()
    control = Control(listen(o["control"]), world, reader, buttons, panel, feedback, wake=poller)
    # Nothing the board keeps refers to this module's globals, so main.py can drop its code.
    return Board(
        "sim",
        geometry,
        reader,
        panel,
        buttons,
        feedback,
        transport,
        services=(control,),
        wait=poller.poll,
        debug=debug,
    )


def load_world(world):
    """Read ``world``'s file (wtfw.sim.world) if there is one. Returns None, or a warning for a
    person: a file that does not parse is set aside as PATH.corrupt and the table starts empty.
    Here rather than in World because only the boot reads the file: main.py then drops this
    module's code from the heap."""
    try:
        f = open(world.path)
    except OSError:
        return None  # no file yet: an empty table
    problem = None
    with f:
        lineno = 0
        for line in f:
            lineno += 1
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            try:
                if len(parts) != 2:
                    raise ValueError("expected 'CELL UIDHEX', found %r" % line)
                world._put(parse_number(parts[0], "cell", world.ncells), parse_uid(parts[1]))
            except ValueError as e:
                problem = "line %d: %s" % (lineno, e)
                break
    if problem is None:
        return None
    for i in range(len(world.slots)):
        world.slots[i] = 0
    bad = world.path + ".corrupt"
    try:
        os.rename(world.path, bad)
        kept = "the file was moved to %s" % bad
    except OSError as e:
        kept = "it could not be moved aside (%s)" % e
    return "world file %s is not a valid world (%s); starting with an empty table; %s" % (
        world.path,
        problem,
        kept,
    )


def listen(path):
    """A non-blocking Unix stream socket listening at ``path`` (the control channel's)."""
    # MicroPython's socket.bind takes the raw sockaddr: sockaddr_un is (sa_family, sun_path[108]).
    p = path.encode()
    if len(p) >= _SUN_PATH:
        raise ValueError(
            "control socket path %r is %d bytes long; Unix sockets allow at most %d"
            % (path, len(p), _SUN_PATH - 1)
        )
    try:
        os.remove(path)  # a stale socket left by an earlier run
    except OSError:
        pass
    af_unix = socket.AF_UNIX  # type: ignore[attr-defined]  # unix port only; the rp2 stubs lack it
    s = socket.socket(af_unix, socket.SOCK_STREAM)
    try:
        s.bind(struct.pack("H%ds" % _SUN_PATH, af_unix, p))
        s.listen(MAX_CLIENTS)
    except OSError as e:
        s.close()
        raise OSError("cannot listen on the control socket %s (%s)" % (path, e)) from None
    s.setblocking(False)
    return s


def make_raw(stream):
    """True if ``stream`` is a terminal, now in raw mode with non-blocking reads."""
    try:
        import termios  # type: ignore[import-not-found]  # unix port only; the rp2 stubs lack it
    except ImportError:
        return False
    try:
        fd = stream.fileno()
        termios.setraw(fd)  # type: ignore[attr-defined]  # in MicroPython's unix termios
        attrs = termios.tcgetattr(fd)
        cc = attrs[6]
        cc[_VMIN] = 0
        cc[_VTIME] = 0
        termios.tcsetattr(fd, termios.TCSANOW, attrs)
    except (OSError, AttributeError):
        return False
    return True
