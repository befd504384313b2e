"""CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor (check value 0x29B1)."""

from array import array

_table = None


def _make_table():
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
    global _table
    t = _table
    if t is None:
        t = _table = _make_table()
    for b in data:
        crc = ((crc << 8) & 0xFF00) ^ t[(crc >> 8) ^ b]
    return crc
