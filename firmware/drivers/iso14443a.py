"""ISO/IEC 14443 type A as the reader (PCD) sees it: command codes, CRC_A and air times.

Air times are what the reader's antenna spends on a frame at 106 kbit/s (one bit is 128 carrier
cycles of 13.56 MHz, 9.44 us); the driver sleeps them instead of polling the chip over SPI, and
the hardware notes (hardware/README.md) add them up into the sweep time of the table.
"""

from micropython import const

REQA = const(0x26)  # 7-bit short frame: wakes IDLE tags only
WUPA = const(0x52)  # 7-bit short frame: wakes IDLE and HALT tags
SEL_CL1 = const(0x93)
SEL_CL2 = const(0x95)
SEL_CL3 = const(0x97)
NVB_SELECT = const(0x70)  # seven whole bytes: SEL, NVB, four UID bytes, BCC
CASCADE_TAG = const(0x88)  # first byte of a cascade level that is not the last
SAK_CASCADE = const(0x04)  # SAK bit: the UID is not complete yet
HLTA = const(0x50)
READ = const(0x30)  # NTAG21x READ: four pages (16 bytes) from a page
WRITE = const(0xA2)  # NTAG21x WRITE: one page (4 bytes)
ACK = const(0x0A)  # the 4-bit acknowledgement of a WRITE

BIT_NS = const(9440)  # 128 / 13.56 MHz
FDT_US = const(91)  # frame delay time PCD -> PICC, 1236 / 13.56 MHz, rounded up
SHORT_FRAME_US = const(85)  # start bit, 7 data bits, end of frame: 9 bit times


def crc_a(buf, n):
    """CRC_A (ISO/IEC 14443-3 annex B) of the first ``n`` bytes of ``buf``; sent low byte first."""
    crc = 0x6363
    for i in range(n):
        ch = (buf[i] ^ crc) & 0xFF
        ch = (ch ^ (ch << 4)) & 0xFF
        crc = (crc >> 8) ^ (ch << 8) ^ (ch << 3) ^ (ch >> 4)
    return crc


def append_crc(buf, n):
    """Write the CRC_A of ``buf[:n]`` at ``buf[n]`` and ``buf[n + 1]``; returns n + 2."""
    crc = crc_a(buf, n)
    buf[n] = crc & 0xFF
    buf[n + 1] = crc >> 8
    return n + 2


def check_crc(buf, n):
    """True if the last two of the ``n`` bytes of ``buf`` are the CRC_A of the bytes before them."""
    if n < 3:
        return False
    crc = crc_a(buf, n - 2)
    return buf[n - 2] == (crc & 0xFF) and buf[n - 1] == (crc >> 8)


def frame_us(nbytes, last_bits=0):
    """Air time of a standard frame of ``nbytes`` (the last one holding ``last_bits`` bits if
    nonzero): start bit, 8 data bits and a parity bit per whole byte, end of frame."""
    bits = 2 + 9 * nbytes
    if last_bits:
        bits += last_bits - 9
    return (bits * BIT_NS + 999) // 1000
