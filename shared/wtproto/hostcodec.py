"""The payload codecs only the host runs: packers of host-to-board payloads, unpackers of
board-to-host ones, and the SNAPSHOT splitter (the board builds its SNAPSHOT parts straight from its
cell table, see firmware/wtfw/scanner.py).

Reach them through ``wtproto.messages`` (``m.pack_display``), which imports this module on first
use: the board, which never calls them, does not pay the heap that compiled code takes in MicroPython.
"""

import struct

from .frame import MAX_PAYLOAD
from .messages import (
    _BEEP,
    _BUTTON,
    _CELL,
    _DISPLAY,
    _HEARTBEAT,
    _HELLO_ACK,
    _HELLO_BOARD,
    _LED,
    ACK,
    BEEP,
    BUTTON,
    CELL,
    DIAG,
    DIAG_REQ,
    DISPLAY,
    HEARTBEAT,
    HELLO,
    HELLO_ACK,
    LED,
    LOG,
    MAX_UID,
    REPL,
    SNAPSHOT,
    SNAPSHOT_REQ,
    TAG_RESULT,
    TAG_WRITE,
    pack_cell,
)

# Protocol constants only the host uses (messages.py has what the board uses; docs/protocol.md all).
REFRESH_PARTIAL = 1  # DISPLAY flags: refresh only what changed
RELEASED = 0  # BUTTON actions
PRESSED = 1
LED_OFF = 0  # LED modes
LED_ON = 1
LED_BLINK = 2
LED_ALL = 0xFF  # the LED number that means every LED
DEBUG = 0  # LOG levels below messages.WARNING
INFO = 1
CODE_NONE = 0  # LOG code of a message that is none of messages.CODE_*

NAMES = {
    HELLO: "HELLO",
    HELLO_ACK: "HELLO_ACK",
    ACK: "ACK",
    HEARTBEAT: "HEARTBEAT",
    LOG: "LOG",
    REPL: "REPL",
    CELL: "CELL",
    BUTTON: "BUTTON",
    SNAPSHOT_REQ: "SNAPSHOT_REQ",
    SNAPSHOT: "SNAPSHOT",
    DIAG_REQ: "DIAG_REQ",
    DIAG: "DIAG",
    TAG_WRITE: "TAG_WRITE",
    TAG_RESULT: "TAG_RESULT",
    DISPLAY: "DISPLAY",
    LED: "LED",
    BEEP: "BEEP",
}

_HELLO_BOARD_LEN = struct.calcsize(_HELLO_BOARD)
_SNAPSHOT = "<BBBH"

# Messages that travel reliably (sequence number, retransmitted until acknowledged, in order).
RELIABLE = (
    CELL,
    BUTTON,
    SNAPSHOT_REQ,
    SNAPSHOT,
    DISPLAY,
    LED,
    BEEP,
    LOG,
    DIAG_REQ,
    DIAG,
    TAG_WRITE,
    TAG_RESULT,
)


def display_stride(w):
    """Bytes per row of a 1-bit region ``w`` pixels wide."""
    return (w + 7) // 8


def unpack_hello_board(p):
    """Inverse of pack_hello_board: a dict with the same names."""
    if len(p) < _HELLO_BOARD_LEN:
        raise ValueError("HELLO payload of %d bytes is too short" % len(p))
    v = struct.unpack_from(_HELLO_BOARD, p, 0)
    return {
        "fw_version": (v[0], v[1], v[2]),
        "boot_id": v[3],
        "epoch": v[4],
        "geometry": (v[5], v[6], v[7], v[8], v[9]),
        "display_size": (v[10], v[11]),
        "max_payload": v[12],
        "board_name": bytes(p[_HELLO_BOARD_LEN:]).decode(),
    }


def pack_hello_host(host_version):
    """The host asks the board to introduce itself (it answers with its HELLO)."""
    return struct.pack("<BBB", host_version[0], host_version[1], host_version[2])


def unpack_hello_host(p):
    if len(p) != 3:
        raise ValueError("host HELLO payload must be 3 bytes, not %d" % len(p))
    return struct.unpack("<BBB", p)


def pack_hello_ack(boot_id, epoch, host_version):
    return struct.pack(
        _HELLO_ACK, boot_id & 0xFFFF, epoch & 0xFF, host_version[0], host_version[1], host_version[2]
    )


def unpack_cell(p):
    """(cell, uid) with uid b"" for an empty cell."""
    if len(p) < 3:
        raise ValueError("CELL payload too short")
    cell, n = struct.unpack_from(_CELL, p, 0)
    if n > MAX_UID or len(p) != 3 + n:
        raise ValueError("CELL payload length does not match its UID length %d" % n)
    return cell, bytes(p[3 : 3 + n])


def unpack_button(p):
    """(seat, button, action, t_ms)."""
    if len(p) != 7:
        raise ValueError("BUTTON payload must be 7 bytes, not %d" % len(p))
    return struct.unpack(_BUTTON, p)


def pack_snapshot_req(request_id):
    return struct.pack("<B", request_id & 0xFF)


def pack_snapshot_parts(request_id, entries, max_payload=MAX_PAYLOAD):
    """Split a full table snapshot into SNAPSHOT payloads.

    entries: list of (cell, uid) for every occupied cell. An empty table still gives one part, so
    the host always learns that the snapshot is complete.
    """
    chunks = []
    cur = []  # type: list
    size = 5
    for cell, uid in entries:
        n = 3 + len(uid)
        if size + n > max_payload and cur:
            chunks.append(cur)
            cur = []
            size = 5
        cur.append((cell, uid))
        size += n
    chunks.append(cur)
    parts = []
    total = len(chunks)
    for i in range(total):
        body = b"".join([pack_cell(c, u) for c, u in chunks[i]])
        parts.append(struct.pack(_SNAPSHOT, request_id & 0xFF, i, total, len(chunks[i])) + body)
    return parts


def unpack_snapshot(p):
    """(request_id, part, parts, [(cell, uid), ...])."""
    if len(p) < 5:
        raise ValueError("SNAPSHOT payload too short")
    rid, part, parts, count = struct.unpack_from(_SNAPSHOT, p, 0)
    if part >= parts:
        raise ValueError("SNAPSHOT part %d of %d" % (part, parts))
    entries = []
    off = 5
    for _ in range(count):
        if off + 3 > len(p):
            raise ValueError("SNAPSHOT payload ends inside an entry")
        cell, n = struct.unpack_from(_CELL, p, off)
        if n > MAX_UID or off + 3 + n > len(p):
            raise ValueError("SNAPSHOT entry with a bad UID length")
        entries.append((cell, bytes(p[off + 3 : off + 3 + n])))
        off += 3 + n
    if off != len(p):
        raise ValueError("SNAPSHOT payload has %d bytes after its entries" % (len(p) - off))
    return rid, part, parts, entries


def pack_display(x, y, w, h, flags, data):
    """A region of the panel: ``h`` rows of ``display_stride(w)`` bytes, most significant bit
    leftmost, 1 = ink (black). ``x`` must be a multiple of 8 (panel RAM is byte-addressed)."""
    if x % 8:
        raise ValueError("DISPLAY region x=%d is not a multiple of 8" % x)
    if len(data) != display_stride(w) * h:
        raise ValueError(
            "DISPLAY data is %d bytes; a %dx%d region needs %d" % (len(data), w, h, display_stride(w) * h)
        )
    return struct.pack(_DISPLAY, x, y, w, h, flags) + bytes(data)


def pack_led(led, rgb, mode, duration_ms=0):
    """LED ``led`` (LED_ALL for every one) to colour ``rgb`` in ``mode``; 0 ms = until changed."""
    return struct.pack(_LED, led, rgb[0], rgb[1], rgb[2], mode, duration_ms)


def pack_beep(freq_hz, duration_ms, count=1):
    return struct.pack(_BEEP, freq_hz, duration_ms, count)


def unpack_heartbeat(p):
    """A dict, or None for the host's empty heartbeat."""
    if len(p) == 0:
        return None
    if len(p) != struct.calcsize(_HEARTBEAT):
        raise ValueError("HEARTBEAT payload of %d bytes" % len(p))
    v = struct.unpack(_HEARTBEAT, p)
    return {
        "uptime_ms": v[0],
        "heap_free": v[1],
        "scan_ms": v[2],
        "read_errors": v[3],
        "rx_dropped": v[4],
        "events_dropped": v[5],
        "pending": v[6],
    }
