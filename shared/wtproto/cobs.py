"""Consistent Overhead Byte Stuffing (Cheshire and Baker, 1999).

``encode`` removes every 0x00 from a frame so that 0x00 can delimit frames on the wire;
``decode`` reverses it and raises ValueError on input that no encoder could have produced.
Runs are found with ``find`` rather than a per-byte loop: that is what keeps MicroPython fast.
"""


def max_encoded_len(n):
    """Longest COBS encoding of ``n`` bytes (without the 0x00 delimiter)."""
    return n + n // 254 + 1


def encode(data):
    """COBS-encode ``data`` (bytes or bytearray); the result contains no 0x00 byte."""
    out = bytearray()
    n = len(data)
    start = 0
    while True:
        z = data.find(b"\x00", start)
        end = n if z < 0 else z
        while end - start >= 254:
            out.append(0xFF)
            out.extend(data[start:start + 254])
            start += 254
        out.append(end - start + 1)
        out.extend(data[start:end])
        if z < 0:
            return bytes(out)
        start = z + 1


def decode(data):
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
        out.extend(data[i + 1:end])
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)
