"""Message types and their payload layouts (all little-endian, packed with ``struct``).

Board to host: HELLO, CELL, BUTTON, SNAPSHOT, HEARTBEAT, LOG, DIAG.
Host to board: HELLO (a request for the board's HELLO), HELLO_ACK, SNAPSHOT_REQ, DISPLAY, LED,
BEEP, HEARTBEAT, LOG, DIAG_REQ, REPL (stop the firmware and return to the MicroPython REPL, so that
mpremote can reach the board; unreliable, no payload, sent a few times).
Either way: ACK (a bare acknowledgement; every frame's header also carries one).

Unpack functions raise ValueError on a payload of the wrong shape; the receiver answers that with a
LOG frame and goes on. docs/protocol.md has the tables.
"""

import struct

from .compat import const
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
DISPLAY = const(0x20)
LED = const(0x21)
BEEP = const(0x22)

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
    DISPLAY: "DISPLAY",
    LED: "LED",
    BEEP: "BEEP",
}

# Messages that travel reliably (sequence number, retransmitted until acknowledged, in order).
RELIABLE = (CELL, BUTTON, SNAPSHOT_REQ, SNAPSHOT, DISPLAY, LED, BEEP, LOG, DIAG_REQ, DIAG)

MAX_UID = const(10)  # ISO 14443A UIDs are 4, 7 or 10 bytes

# DISPLAY refresh flags (low two bits of the flags byte).
REFRESH_NONE = const(0)  # write panel RAM only; more regions follow
REFRESH_PARTIAL = const(1)
REFRESH_FULL = const(2)

# BUTTON actions
RELEASED = const(0)
PRESSED = const(1)

# LED modes
LED_OFF = const(0)
LED_ON = const(1)
LED_BLINK = const(2)
LED_ALL = const(0xFF)

# LOG levels and codes
DEBUG = const(0)
INFO = const(1)
WARNING = const(2)
ERROR = const(3)
LEVEL_NAMES = ("debug", "info", "warning", "error")

CODE_NONE = const(0)
CODE_BAD_MESSAGE = const(1)  # a payload that does not fit its type's layout
CODE_UNKNOWN_TYPE = const(2)
CODE_QUEUE_OVERFLOW = const(3)  # events were dropped; the host should ask for a SNAPSHOT
CODE_READER = const(4)  # a reader does not answer
CODE_PANEL = const(5)  # the display panel stayed busy or failed
CODE_EXCEPTION = const(6)  # the firmware caught an exception and carried on
CODE_VERSION = const(7)  # the peer speaks another protocol version
MAX_LOG_TEXT = const(200)

_HELLO_BOARD = "<BBBHBBBBBBHHH"
_HELLO_BOARD_LEN = struct.calcsize(_HELLO_BOARD)
_HELLO_ACK = "<HBBBB"
_CELL = "<HB"
_BUTTON = "<BBBI"
_SNAPSHOT = "<BBBH"
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
    return struct.pack(
        _HELLO_BOARD, fw_version[0], fw_version[1], fw_version[2], boot_id & 0xFFFF, epoch & 0xFF,
        gw, gh, seats, seat_cells, buttons, display_size[0], display_size[1], MAX_PAYLOAD,
    ) + board_name.encode()[:32]


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
    return struct.pack(_HELLO_ACK, boot_id & 0xFFFF, epoch & 0xFF, host_version[0], host_version[1],
                       host_version[2])


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


def unpack_cell(p):
    """(cell, uid) with uid b"" for an empty cell."""
    if len(p) < 3:
        raise ValueError("CELL payload too short")
    cell, n = struct.unpack_from(_CELL, p, 0)
    if n > MAX_UID or len(p) != 3 + n:
        raise ValueError("CELL payload length does not match its UID length %d" % n)
    return cell, bytes(p[3:3 + n])


def pack_button(seat, button, action, t_ms):
    """A seat button was pressed or released; t_ms is the board's tick time of the edge."""
    return struct.pack(_BUTTON, seat, button, action, t_ms & 0xFFFFFFFF)


def unpack_button(p):
    """(seat, button, action, t_ms)."""
    if len(p) != 7:
        raise ValueError("BUTTON payload must be 7 bytes, not %d" % len(p))
    return struct.unpack(_BUTTON, p)


def pack_snapshot_req(request_id):
    return struct.pack("<B", request_id & 0xFF)


def unpack_snapshot_req(p):
    if len(p) != 1:
        raise ValueError("SNAPSHOT_REQ payload must be 1 byte")
    return p[0]


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
        entries.append((cell, bytes(p[off + 3:off + 3 + n])))
        off += 3 + n
    if off != len(p):
        raise ValueError("SNAPSHOT payload has %d bytes after its entries" % (len(p) - off))
    return rid, part, parts, entries


def display_stride(w):
    """Bytes per row of a 1-bit region ``w`` pixels wide."""
    return (w + 7) // 8


def pack_display(x, y, w, h, flags, data):
    """A region of the panel: ``h`` rows of ``display_stride(w)`` bytes, most significant bit
    leftmost, 1 = ink (black). ``x`` must be a multiple of 8 (panel RAM is byte-addressed)."""
    if x % 8:
        raise ValueError("DISPLAY region x=%d is not a multiple of 8" % x)
    if len(data) != display_stride(w) * h:
        raise ValueError("DISPLAY data is %d bytes; a %dx%d region needs %d"
                         % (len(data), w, h, display_stride(w) * h))
    return struct.pack(_DISPLAY, x, y, w, h, flags) + bytes(data)


def unpack_display(p):
    """(x, y, w, h, flags, data) with data a memoryview into ``p``."""
    if len(p) < 9:
        raise ValueError("DISPLAY payload too short")
    x, y, w, h, flags = struct.unpack_from(_DISPLAY, p, 0)
    if x % 8 or len(p) - 9 != display_stride(w) * h:
        raise ValueError("DISPLAY region %dx%d at x=%d does not match its %d data bytes"
                         % (w, h, x, len(p) - 9))
    return x, y, w, h, flags, memoryview(p)[9:]


def pack_led(led, rgb, mode, duration_ms=0):
    """LED ``led`` (LED_ALL for every one) to colour ``rgb`` in ``mode``; 0 ms = until changed."""
    return struct.pack(_LED, led, rgb[0], rgb[1], rgb[2], mode, duration_ms)


def unpack_led(p):
    """(led, (r, g, b), mode, duration_ms)."""
    if len(p) != 7:
        raise ValueError("LED payload must be 7 bytes")
    v = struct.unpack(_LED, p)
    return v[0], (v[1], v[2], v[3]), v[4], v[5]


def pack_beep(freq_hz, duration_ms, count=1):
    return struct.pack(_BEEP, freq_hz, duration_ms, count)


def unpack_beep(p):
    """(freq_hz, duration_ms, count)."""
    if len(p) != 5:
        raise ValueError("BEEP payload must be 5 bytes")
    return struct.unpack(_BEEP, p)


def pack_heartbeat(uptime_ms, heap_free, scan_ms, read_errors, rx_dropped, events_dropped, pending):
    """The board's pulse, about once a second. The host's heartbeat has an empty payload."""
    return struct.pack(_HEARTBEAT, uptime_ms & 0xFFFFFFFF, heap_free, min(scan_ms, 0xFFFF),
                       min(read_errors, 0xFFFF), min(rx_dropped, 0xFFFF),
                       min(events_dropped, 0xFFFF), min(pending, 0xFF))


def unpack_heartbeat(p):
    """A dict, or None for the host's empty heartbeat."""
    if len(p) == 0:
        return None
    if len(p) != struct.calcsize(_HEARTBEAT):
        raise ValueError("HEARTBEAT payload of %d bytes" % len(p))
    v = struct.unpack(_HEARTBEAT, p)
    return {"uptime_ms": v[0], "heap_free": v[1], "scan_ms": v[2], "read_errors": v[3],
            "rx_dropped": v[4], "events_dropped": v[5], "pending": v[6]}


def pack_log(level, code, text):
    return struct.pack("<BB", level, code) + text.encode()[:MAX_LOG_TEXT]


def unpack_log(p):
    """(level, code, text). Text that is not UTF-8 (a torn multi-byte character) is replaced."""
    if len(p) < 2:
        raise ValueError("LOG payload too short")
    raw = bytes(p[2:])
    try:
        text = raw.decode()
    except UnicodeError:
        text = "".join([chr(b) if b < 128 else "?" for b in raw])
    return p[0], p[1], text
