"""Message types and their payload layouts (all little-endian, packed with ``struct``).

Board to host: HELLO, CELL, BUTTON, SNAPSHOT, HEARTBEAT, LOG, DIAG, TAG_RESULT.
Host to board: HELLO (a request for the board's HELLO), HELLO_ACK, SNAPSHOT_REQ, DISPLAY, LED,
BEEP, HEARTBEAT, LOG, DIAG_REQ, TAG_WRITE, REPL (stop the firmware and return to the MicroPython REPL, so that
mpremote can reach the board; unreliable, no payload, sent a few times).
Either way: ACK (a bare acknowledgement; every frame's header also carries one).

Unpack functions raise ValueError on a payload of the wrong shape; the receiver answers that with a
LOG frame and goes on. docs/protocol.md has the tables.

This module holds what the board runs. The codecs only the host runs (its packers of host-to-board
payloads, its unpackers of board-to-host ones) are in ``hostcodec``, loaded on first use through
this module (``messages.pack_display`` works on both interpreters): the board never compiles them,
and in MicroPython compiled code lives in the heap. The layouts of DIAG and TAG_WRITE are in
``diagcodec``, which the board loads only while it answers them. So are the constants only the
host uses (the names of the message types, BUTTON actions, LED modes, the levels and codes the
board never sends): every name the board imports is an interned string and a dictionary slot in its
heap. The board's drivers define the values they interpret (drivers/buttons.py, drivers/feedback.py).
"""

import struct

from . import const
from .frame import MAX_PAYLOAD

HELLO = const(0x01)
HELLO_ACK = const(0x02)
ACK = const(0x03)
HEARTBEAT = const(0x04)
LOG = const(0x05)
REPL = const(0x06)  # host asks the firmware to stop and leave the MicroPython REPL (for deploying)
CELL = const(0x10)
BUTTON = const(0x11)
SNAPSHOT_REQ = const(0x12)
SNAPSHOT = const(0x13)
DIAG_REQ = const(0x14)
DIAG = const(0x15)
TAG_WRITE = const(0x16)  # host asks the board to write (and read back) pages of the tag on a cell
TAG_RESULT = const(0x17)
DISPLAY = const(0x20)
LED = const(0x21)
BEEP = const(0x22)

MAX_UID = const(10)  # ISO 14443A UIDs are 4, 7 or 10 bytes

# DISPLAY refresh flags (low two bits of the flags byte); REFRESH_PARTIAL (1) is in hostcodec.
REFRESH_NONE = const(0)  # write panel RAM only; more regions follow
REFRESH_FULL = const(2)

# LOG levels (DEBUG 0 and INFO 1 are in hostcodec) and codes
WARNING = const(2)
ERROR = const(3)
LEVEL_NAMES = ("debug", "info", "warning", "error")

CODE_BAD_MESSAGE = const(1)  # a payload that does not fit its type's layout
CODE_UNKNOWN_TYPE = const(2)
CODE_QUEUE_OVERFLOW = const(3)  # events were dropped; the host should ask for a SNAPSHOT
CODE_READER = const(4)  # a reader does not answer
CODE_PANEL = const(5)  # the display panel stayed busy or failed
CODE_EXCEPTION = const(6)  # the firmware caught an exception and carried on
CODE_VERSION = const(7)  # the peer speaks another protocol version
_MAX_LOG_TEXT = const(200)

_HELLO_BOARD = "<BBBHBBBBBBHHH"
_HELLO_ACK = "<HBBBB"
_CELL = "<HB"
_BUTTON = "<BBBI"
_DISPLAY = "<HHHHB"
_LED = "<BBBBBH"
_BEEP = "<HHB"
_HEARTBEAT = "<IIHHHHB"


def pack_hello_board(fw_version, boot_id, epoch, geometry, display_size, board_name):
    """The board introduces itself.

    fw_version: (major, minor, patch); boot_id: 16-bit random per power-up; epoch: counts link
    (re)starts within one boot; geometry: (grid_w, grid_h, seats, seat_cells, buttons_per_seat);
    display_size: (width, height) in pixels; board_name: short ASCII name ("sim", "pico").
    """
    gw, gh, seats, seat_cells, buttons = geometry
    return (
        struct.pack(
            _HELLO_BOARD,
            fw_version[0],
            fw_version[1],
            fw_version[2],
            boot_id & 0xFFFF,
            epoch & 0xFF,
            gw,
            gh,
            seats,
            seat_cells,
            buttons,
            display_size[0],
            display_size[1],
            MAX_PAYLOAD,
        )
        + board_name.encode()[:32]
    )


def unpack_hello_ack(p):
    """(boot_id, epoch, (major, minor, patch)) of the host."""
    if len(p) != 6:
        raise ValueError("HELLO_ACK payload must be 6 bytes, not %d" % len(p))
    v = struct.unpack(_HELLO_ACK, p)
    return v[0], v[1], (v[2], v[3], v[4])


def pack_cell(cell, uid):
    """A cell changed: ``uid`` is the tag now on it, b"" when it became empty."""
    if len(uid) > MAX_UID:
        raise ValueError("UID of %d bytes is longer than %d" % (len(uid), MAX_UID))
    return struct.pack(_CELL, cell, len(uid)) + bytes(uid)


def pack_button(seat, button, action, t_ms):
    """A seat button was pressed or released; t_ms is the board's tick time of the edge."""
    return struct.pack(_BUTTON, seat, button, action, t_ms & 0xFFFFFFFF)


def unpack_snapshot_req(p):
    if len(p) != 1:
        raise ValueError("SNAPSHOT_REQ payload must be 1 byte")
    return p[0]


def unpack_display(p):
    """(x, y, w, h, flags, data) with data a memoryview into ``p``."""
    if len(p) < 9:
        raise ValueError("DISPLAY payload too short")
    x, y, w, h, flags = struct.unpack_from(_DISPLAY, p, 0)
    if x % 8 or len(p) - 9 != (w + 7) // 8 * h:  # rows of (w + 7) // 8 bytes
        raise ValueError(
            "DISPLAY region %dx%d at x=%d does not match its %d data bytes" % (w, h, x, len(p) - 9)
        )
    return x, y, w, h, flags, memoryview(p)[9:]


def unpack_led(p):
    """(led, (r, g, b), mode, duration_ms)."""
    if len(p) != 7:
        raise ValueError("LED payload must be 7 bytes")
    v = struct.unpack(_LED, p)
    return v[0], (v[1], v[2], v[3]), v[4], v[5]


def unpack_beep(p):
    """(freq_hz, duration_ms, count)."""
    if len(p) != 5:
        raise ValueError("BEEP payload must be 5 bytes")
    return struct.unpack(_BEEP, p)


def pack_heartbeat(uptime_ms, heap_free, scan_ms, read_errors, rx_dropped, events_dropped, pending):
    """The board's pulse, about once a second. The host's heartbeat has an empty payload."""
    return struct.pack(
        _HEARTBEAT,
        uptime_ms & 0xFFFFFFFF,
        heap_free,
        min(scan_ms, 0xFFFF),
        min(read_errors, 0xFFFF),
        min(rx_dropped, 0xFFFF),
        min(events_dropped, 0xFFFF),
        min(pending, 0xFF),
    )


def pack_log(level, code, text):
    return struct.pack("<BB", level, code) + text.encode()[:_MAX_LOG_TEXT]


def unpack_log(p):
    """(level, code, text). Text that is not UTF-8 (a torn multi-byte character) is replaced."""
    if len(p) < 2:
        raise ValueError("LOG payload too short")
    raw = bytearray(p[2:])
    try:
        text = raw.decode()
    except UnicodeError:
        for i in range(len(raw)):
            if raw[i] > 127:
                raw[i] = 63  # "?"
        text = raw.decode()
    return p[0], p[1], text


def __getattr__(name):
    # The host's codecs (PEP 562; MicroPython has module __getattr__ too): imported on first use.
    # A name that is in neither module raises AttributeError naming wtproto.hostcodec.
    from . import hostcodec

    return getattr(hostcodec, name)
