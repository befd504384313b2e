"""Encode a fixed set of messages and print one line per frame: ``name hex``. Then decode every
frame and check each field comes back. Run unchanged by CPython and by MicroPython; the outputs
must be identical and equal golden_vectors.txt (tests/protocol/test_golden.py)."""

import binascii

from wtproto import diagcodec as dc
from wtproto import hostdiag as hd
from wtproto import messages as m
from wtproto.frame import Deframer, encode_frame

UID7 = b"\x04\xa2\x3f\x1a\x5c\x80\x00"
UID4 = b"\xde\xad\xbe\xef"
UID10 = bytes(range(1, 11))
ROW = bytes([0x00, 0xFF, 0x81, 0x42, 0x24, 0x18, 0x00, 0x01])


def vectors():
    return [
        (
            "hello_board",
            m.HELLO,
            0,
            0,
            m.pack_hello_board((0, 1, 0), 0xBEEF, 1, (15, 15, 4, 24, 4), (296, 128), "sim"),
        ),
        ("hello_host", m.HELLO, 0, 0, m.pack_hello_host((0, 1, 0))),
        ("hello_ack", m.HELLO_ACK, 0, 0, m.pack_hello_ack(0xBEEF, 1, (0, 1, 0))),
        ("ack", m.ACK, 0, 7, b""),
        ("cell_tag7", m.CELL, 1, 0, m.pack_cell(112, UID7)),
        ("cell_tag4", m.CELL, 2, 0, m.pack_cell(0, UID4)),
        ("cell_tag10", m.CELL, 3, 0, m.pack_cell(320, UID10)),
        ("cell_empty", m.CELL, 255, 3, m.pack_cell(112, b"")),
        ("button_press", m.BUTTON, 4, 2, m.pack_button(2, 0, m.PRESSED, 123456789)),
        ("snapshot_req", m.SNAPSHOT_REQ, 5, 0, m.pack_snapshot_req(9)),
        ("snapshot", m.SNAPSHOT, 6, 5, m.pack_snapshot_parts(9, [(0, UID4), (112, UID7), (320, UID10)])[0]),
        ("snapshot_empty", m.SNAPSHOT, 7, 5, m.pack_snapshot_parts(10, [])[0]),
        ("display_partial", m.DISPLAY, 8, 6, m.pack_display(16, 8, 64, 1, m.REFRESH_PARTIAL, ROW)),
        ("display_full", m.DISPLAY, 9, 6, m.pack_display(0, 0, 8, 8, m.REFRESH_FULL, ROW)),
        ("led", m.LED, 10, 0, m.pack_led(m.LED_ALL, (0, 255, 0), m.LED_BLINK, 500)),
        ("beep", m.BEEP, 11, 0, m.pack_beep(880, 120, 2)),
        ("heartbeat_board", m.HEARTBEAT, 0, 11, m.pack_heartbeat(3600000, 65536, 12, 3, 1, 0, 2)),
        ("heartbeat_host", m.HEARTBEAT, 0, 4, b""),
        ("log", m.LOG, 12, 0, m.pack_log(m.WARNING, m.CODE_BAD_MESSAGE, "bad DISPLAY: 3 bytes")),
        ("zeros", m.CELL, 13, 0, m.pack_cell(0, b"\x00\x00\x00\x00")),
        ("repl", m.REPL, 0, 0, b""),
        ("diag_req", m.DIAG_REQ, 14, 0, hd.pack_diag_req(21, dc.CELLS)),
        (
            "diag_summary",
            m.DIAG,
            14,
            14,
            dc.pack_diag_summary(
                21, (0, 2, 0), 3600000, 70000, 58000, 138000, 12, 1, 0, 8, 7, 0, 3, 41, "pico"
            ),
        ),
        (
            "diag_readers",
            m.DIAG,
            15,
            14,
            dc.diag_head(22, dc.READERS, 0, 1)
            + bytes((2,))
            + dc.pack_diag_reader(0, "chip select 0", 0x92, True, 0, 41)
            + dc.pack_diag_reader(3, "chip select 3", 0x00, False, 70000, 40),
        ),
        (
            "diag_cells",
            m.DIAG,
            16,
            14,
            dc.diag_head(23, dc.CELLS, 0, 1)
            + dc.struct.pack(dc.CELL_HEAD, 5000, 2)
            + dc.pack_diag_cell(121, 3, 1, 255, 0)
            + dc.pack_diag_cell(7, dc.NO_INDEX, dc.NO_INDEX, 30, 2),
        ),
        (
            "diag_problem",
            m.DIAG,
            17,
            14,
            dc.pack_diag_problem(24, 1, 2, "cell 9 (reader 0, antenna 9): two or more tags on one antenna"),
        ),
        ("diag_no_problem", m.DIAG, 18, 14, dc.pack_diag_problem(25, 0, 1, "")),
        ("diag_settle", m.DIAG, 21, 14, dc.pack_diag_settle(28, 2000, bytes([0, 10, 100, 0, 45]), [0, 5250])),
        (
            "tag_write",
            m.TAG_WRITE,
            15,
            0,
            hd.pack_tag_write(26, 112, 4, b"\x03\x0d\xd1\x01\x09T\x02enwg:103\xfe", 4),
        ),
        (
            "tag_result",
            m.TAG_RESULT,
            19,
            15,
            dc.pack_tag_result(26, dc.TAG_OK, 4, UID7, b"\x03\x0d\xd1\x01\x09T\x02enwg:103\xfe"),
        ),
        ("tag_result_no_tag", m.TAG_RESULT, 20, 15, dc.pack_tag_result(27, dc.TAG_NO_TAG, 0, b"", b"")),
    ]


def unpack(mtype, payload):
    if mtype == m.HELLO:
        return m.unpack_hello_board(payload) if len(payload) > 3 else m.unpack_hello_host(payload)
    table = {
        m.HELLO_ACK: m.unpack_hello_ack,
        m.CELL: m.unpack_cell,
        m.BUTTON: m.unpack_button,
        m.SNAPSHOT_REQ: m.unpack_snapshot_req,
        m.SNAPSHOT: m.unpack_snapshot,
        m.LED: m.unpack_led,
        m.BEEP: m.unpack_beep,
        m.HEARTBEAT: m.unpack_heartbeat,
        m.LOG: m.unpack_log,
        m.DIAG_REQ: dc.unpack_diag_req,
        m.DIAG: hd.unpack_diag,
        m.TAG_WRITE: dc.unpack_tag_write,
        m.TAG_RESULT: hd.unpack_tag_result,
    }
    if mtype == m.DISPLAY:
        x, y, w, h, flags, data = m.unpack_display(payload)
        return (x, y, w, h, flags, bytes(data))
    if mtype in table:
        return table[mtype](payload)
    return None


def canonical(v):
    """repr with dict keys sorted: MicroPython's dicts do not keep insertion order."""
    if isinstance(v, dict):
        return "{" + ", ".join([repr(k) + ": " + canonical(v[k]) for k in sorted(v)]) + "}"
    if isinstance(v, (list, tuple)):
        inner = ", ".join([canonical(x) for x in v])
        return ("[%s]" if isinstance(v, list) else "(%s)") % (
            inner + ("," if len(v) == 1 and isinstance(v, tuple) else "")
        )
    if isinstance(v, (bytes, bytearray, memoryview)):
        return repr(bytes(v))
    return repr(v)


def main():
    d = Deframer()
    stream = b""
    for name, mtype, seq, ack, payload in vectors():
        wire = encode_frame(mtype, seq, ack, payload)
        stream += wire
        print(name, binascii.hexlify(wire).decode())
    frames = d.feed(stream)
    for (name, mtype, seq, ack, payload), f in zip(vectors(), frames):
        assert f[1:4] == (mtype, seq, ack), name
        assert bytes(f[4]) == payload, name
        print(name, "decoded", canonical(unpack(mtype, f[4])))
    print("frames", len(frames), "dropped", d.dropped)


main()
