"""Frames on the wire.

    0x00 | COBS( header | payload | crc16 ) | 0x00

header ``<BBBBH``: protocol version, message type, sequence number (0 for unreliable frames),
acknowledgement (last in-order sequence number received, 0 for none), payload length.
crc16: CRC-16/CCITT-FALSE over header and payload, little-endian.

The two codes the layer is built of are here too, each in a few lines: COBS (Cheshire and Baker,
1999), which removes every 0x00 from a frame so that 0x00 can delimit frames on the wire, and
CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor; check value 0x29B1).
One module rather than three: on a board every module costs heap of its own (firmware/README.md).
"""

import struct
from array import array

from . import PROTOCOL_VERSION, const

# -- COBS --------------------------------------------------------------------------------------


def max_encoded_len(n):
    """Longest COBS encoding of ``n`` bytes (without the 0x00 delimiter)."""
    return n + n // 254 + 1


def cobs_encode(data):
    """COBS-encode ``data`` (bytes or bytearray); the result contains no 0x00 byte. Runs are found
    with ``find`` rather than a per-byte loop: that is what keeps MicroPython fast."""
    out = bytearray()
    n = len(data)
    start = 0
    while True:
        z = data.find(b"\x00", start)
        end = n if z < 0 else z
        while end - start >= 254:
            out.append(0xFF)
            out.extend(data[start : start + 254])
            start += 254
        out.append(end - start + 1)
        out.extend(data[start:end])
        if z < 0:
            return bytes(out)
        start = z + 1


def cobs_decode(data):
    """Decode one COBS-encoded frame (no 0x00 in it). Raises ValueError if it is malformed."""
    out = bytearray()
    n = len(data)
    i = 0
    while i < n:
        code = data[i]
        if code == 0:
            raise ValueError("zero byte inside a COBS frame")
        end = i + code
        if end > n:
            raise ValueError("COBS block runs past the end of the frame")
        out.extend(data[i + 1 : end])
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


# -- CRC-16/CCITT-FALSE ------------------------------------------------------------------------

_crc_table = None


def _make_crc_table():
    # An array of 16-bit values: 512 bytes, where a list of 256 ints takes 2 KB of a 64-bit heap.
    t = array("H", bytes(512))
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else (c << 1)
        t[i] = c & 0xFFFF
    return t


def crc16(data, crc=0xFFFF):
    """Return the CRC-16/CCITT-FALSE of ``data`` (bytes-like), continuing from ``crc``."""
    global _crc_table
    t = _crc_table
    if t is None:
        t = _crc_table = _make_crc_table()
    for b in data:
        crc = ((crc << 8) & 0xFF00) ^ t[(crc >> 8) ^ b]
    return crc


# -- frames ------------------------------------------------------------------------------------

_HEADER = const("<BBBBH")
HEADER_LEN = const(6)
_CRC_LEN = const(2)
MAX_PAYLOAD = const(1024)
_MAX_FRAME = const(HEADER_LEN + MAX_PAYLOAD + _CRC_LEN)
MAX_ENCODED = max_encoded_len(_MAX_FRAME)
DELIMITER = b"\x00"


def encode_frame(mtype, seq, ack, payload=b"", version=PROTOCOL_VERSION):
    """Return the wire bytes of one frame, ending with its 0x00 delimiter."""
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes exceeds the %d-byte limit" % (n, MAX_PAYLOAD))
    raw = bytearray(HEADER_LEN + n + _CRC_LEN)
    struct.pack_into(_HEADER, raw, 0, version, mtype, seq, ack, n)
    raw[HEADER_LEN : HEADER_LEN + n] = payload
    struct.pack_into("<H", raw, HEADER_LEN + n, crc16(memoryview(raw)[: HEADER_LEN + n]))
    return cobs_encode(raw) + DELIMITER


class Deframer:
    """Turns a byte stream into frames. Bounded and total: no input makes it grow past one
    maximal frame or raise; whatever it drops is counted in ``dropped`` and by reason.

    ``feed`` returns a list of ``(version, mtype, seq, ack, payload)`` tuples.
    """

    def __init__(self, max_encoded=MAX_ENCODED):
        self._buf = bytearray()
        self._max = max_encoded
        self._discarding = False
        self.frames = 0
        self.dropped = 0
        self.bad_cobs = 0
        self.bad_crc = 0
        self.bad_length = 0
        self.too_short = 0
        self.too_long = 0
        self.garbage_bytes = 0

    def reset(self):
        """Forget a partly received frame (the counters stay)."""
        self._buf = bytearray()
        self._discarding = False

    def feed(self, data):
        if not isinstance(data, (bytes, bytearray)):
            data = bytes(data)
        frames = []
        buf = self._buf
        n = len(data)
        start = 0
        while start < n:
            z = data.find(DELIMITER, start)
            end = n if z < 0 else z
            if end > start:
                if self._discarding:
                    self.garbage_bytes += end - start
                elif len(buf) + end - start > self._max:
                    # Longer than any valid frame: drop it and everything up to the next delimiter.
                    self.too_long += 1
                    self.dropped += 1
                    self.garbage_bytes += len(buf) + end - start
                    buf = self._buf = bytearray()
                    self._discarding = True
                else:
                    buf.extend(data[start:end])
            if z < 0:
                break
            if self._discarding:
                self._discarding = False
            elif buf:
                f = self._parse(buf)
                buf = self._buf = bytearray()
                if f is not None:
                    frames.append(f)
            start = z + 1
        return frames

    def _drop(self, nbytes):
        self.dropped += 1
        self.garbage_bytes += nbytes

    def _parse(self, enc):
        try:
            raw = cobs_decode(enc)
        except ValueError:
            self.bad_cobs += 1
            self._drop(len(enc))
            return None
        n = len(raw)
        if n < HEADER_LEN + _CRC_LEN:
            self.too_short += 1
            self._drop(len(enc))
            return None
        version, mtype, seq, ack, length = struct.unpack_from(_HEADER, raw, 0)
        if length != n - HEADER_LEN - _CRC_LEN:
            self.bad_length += 1
            self._drop(len(enc))
            return None
        (crc,) = struct.unpack_from("<H", raw, n - _CRC_LEN)
        if crc16(memoryview(raw)[: n - _CRC_LEN]) != crc:
            self.bad_crc += 1
            self._drop(len(enc))
            return None
        self.frames += 1
        return (version, mtype, seq, ack, raw[HEADER_LEN : n - _CRC_LEN])
