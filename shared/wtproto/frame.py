"""Frames on the wire.

    0x00 | COBS( header | payload | crc16 ) | 0x00

header ``<BBBBH``: protocol version, message type, sequence number (0 for unreliable frames),
acknowledgement (last in-order sequence number received, 0 for none), payload length.
crc16: CRC-16/CCITT-FALSE over header and payload, little-endian.
"""

import struct

from . import PROTOCOL_VERSION, cobs
from .compat import const
from .crc import crc16

HEADER_FORMAT = "<BBBBH"
HEADER_LEN = const(6)
CRC_LEN = const(2)
MAX_PAYLOAD = const(1024)
MAX_FRAME = HEADER_LEN + MAX_PAYLOAD + CRC_LEN
MAX_ENCODED = cobs.max_encoded_len(MAX_FRAME)
DELIMITER = b"\x00"


def encode_frame(mtype, seq, ack, payload=b"", version=PROTOCOL_VERSION):
    """Return the wire bytes of one frame, ending with its 0x00 delimiter."""
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes exceeds the %d-byte limit" % (n, MAX_PAYLOAD))
    raw = bytearray(HEADER_LEN + n + CRC_LEN)
    struct.pack_into(HEADER_FORMAT, raw, 0, version, mtype, seq, ack, n)
    raw[HEADER_LEN:HEADER_LEN + n] = payload
    struct.pack_into("<H", raw, HEADER_LEN + n, crc16(memoryview(raw)[:HEADER_LEN + n]))
    return cobs.encode(raw) + DELIMITER


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

    def stats(self):
        """Counters of what was delivered and what was dropped, by reason."""
        return {
            "frames": self.frames,
            "dropped": self.dropped,
            "bad_cobs": self.bad_cobs,
            "bad_crc": self.bad_crc,
            "bad_length": self.bad_length,
            "too_short": self.too_short,
            "too_long": self.too_long,
            "garbage_bytes": self.garbage_bytes,
        }

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
            raw = cobs.decode(enc)
        except ValueError:
            self.bad_cobs += 1
            self._drop(len(enc))
            return None
        n = len(raw)
        if n < HEADER_LEN + CRC_LEN:
            self.too_short += 1
            self._drop(len(enc))
            return None
        version, mtype, seq, ack, length = struct.unpack_from(HEADER_FORMAT, raw, 0)
        if length != n - HEADER_LEN - CRC_LEN:
            self.bad_length += 1
            self._drop(len(enc))
            return None
        (crc,) = struct.unpack_from("<H", raw, n - CRC_LEN)
        if crc16(memoryview(raw)[:n - CRC_LEN]) != crc:
            self.bad_crc += 1
            self._drop(len(enc))
            return None
        self.frames += 1
        return (version, mtype, seq, ack, raw[HEADER_LEN:n - CRC_LEN])
