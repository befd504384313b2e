"""NXP MFRC522 13.56 MHz reader on SPI, and the ISO/IEC 14443A exchange with tags through it.

    reader = MFRC522(spi, cs)       # spi: mode 0, up to 10 MHz; cs: a Pin or a decoded select
    matrix_diag.init(reader)        # True if the chip answers; reader.version is its VersionReg
    if reader.wupa() > 0:           # a tag answered (its ATQA is in rx)
        n = reader.select(uid)      # anticollision and select through the cascade levels
        matrix_diag.read(reader, 4, page_buf)  # NTAG213 pages 4..7: the NDEF record (hardware/tags.md)
        reader.halt()

Every exchange returns the number of bytes received (> 0), or NO_ANSWER (0), ERROR (-1: a damaged
frame, a NAK), COLLISION (-2: two tags answered at once; the select resolves those itself) or FAULT
(-3: the chip does not behave like an MFRC522: unplugged, unpowered, MISO stuck). Nothing waits
longer than the air time of the exchange plus _GRACE_US, so a reader that does not answer never
hangs the scan.

This module holds what the scan runs. What runs seldom (the chip's start: soft reset,
configuration, probe and CRC self-test; REQA; the field switch; the NTAG READ and WRITE of a tag
write) is in drivers/matrix_diag.py, as functions of the reader, loaded only while it runs: in
MicroPython code is heap.

CRC_A is computed by the CPU (``crc_a``) rather than by the chip's coprocessor: that keeps an
exchange at six register writes and two reads; the coprocessor is used once, by the probe, as a
check that the chip computes what it should.

Air times are what the reader's antenna spends on a frame at 106 kbit/s (one bit is 128 carrier
cycles of 13.56 MHz, 9.44 us; a standard frame of n bytes is a start bit, 8 data bits and a parity
bit per byte and an end: 2 + 9 n bits); the driver sleeps them instead of polling the chip over SPI,
and the hardware notes (hardware/README.md) add them up into the sweep time of the table. They are
written out as numbers (a name computed at import would cost heap); tests/drivers/test_constants.py
derives each one again.
"""

import time

from micropython import const

# ISO/IEC 14443-3 type A: commands (the PCD's) and what tags answer
_WUPA = const(0x52)  # 7-bit short frame: wakes IDLE and HALT tags (REQA, 26h, wakes IDLE only)
_SEL_CL1 = const(0x93)  # SEL of cascade level 1; levels 2 and 3 are 95h and 97h
_NVB_SELECT = const(0x70)  # seven whole bytes: SEL, NVB, four UID bytes, BCC
_CASCADE_TAG = const(0x88)  # first byte of a cascade level that is not the last
_SAK_CASCADE = const(0x04)  # SAK bit: the UID is not complete yet
_HLTA = const(0x50)  # sent as 50 00 and its CRC_A, 57 CD

# Registers (MFRC522 datasheet, section 9)
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_ERROR_REG = const(0x06)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BIT_FRAMING = const(0x0D)
_COLL = const(0x0E)

# Commands (CommandReg bits 3..0)
_IDLE = const(0x00)
_TRANSCEIVE = const(0x0C)

# ComIrqReg, ErrorReg, CollReg bits
_RX_IRQ = const(0x20)
_ERR_IRQ = const(0x02)
_TIMER_IRQ = const(0x01)
_WR_ERR = const(0x80)
_TEMP_ERR = const(0x40)
_BUFFER_OVFL = const(0x10)
_COLL_ERR = const(0x08)
_CRC_ERR = const(0x04)
_PARITY_ERR = const(0x02)
_PROTOCOL_ERR = const(0x01)
_COLL_POS_NOT_VALID = const(0x20)

# The timer (set up by matrix_diag.init) ticks at 13.56 MHz / (2 * 67 + 1) = 100 kHz (9.96 us) and
# starts at the end of every transmission (TAuto). A tag answers 91 us (FDT: 1236 / 13.56 MHz,
# rounded up) after the frame and the timer stops at the fifth bit of its answer, so 31 ticks tell
# an empty antenna: (30 + 1) * 135 / 13.56 MHz = 309 us.
_GRACE_US = const(2000)  # beyond the expected air time: a chip this late is at fault
_POLL_US = const(40)

# How long each exchange keeps the antenna busy before its answer (or its timeout) is there;
# frame_us(n) is the air time of a frame of n bytes (see above), FDT 91 us.
_WUPA_US = const(394)  # short frame (9 bits: 85 us) + timeout 309 us; the ATQA (91 + 189 us) is sooner
_ANTICOLL_US = const(724)  # frame_us(2) + FDT + frame_us(5): SEL NVB sent; CL1 + BCC back
_SELECT_US = const(1149)  # frame_us(9) + FDT + frame_us(3): SEL NVB CL1 BCC CRC_A sent; SAK + CRC_A back
_HALT_US = const(359)  # frame_us(4): HLTA is sent and not answered

_TX_MAX = const(9)  # SELECT: SEL, NVB, 4 UID bytes, BCC, CRC_A
_RX_MAX = const(18)  # READ: 16 bytes and CRC_A

_NO_ANSWER = const(0)
_ERROR = const(-1)
_COLLISION = const(-2)
_FAULT = const(-3)
_BUSY = const(-4)  # poll: the exchange is still under way

# The SPI frames of an exchange, made once, at import. Readers work one after the other on one bus,
# so they all share these (about 2 KB of small objects on the 64-bit port), as module globals (an
# attribute per buffer would cost every reader heap): ``tx`` the frame to send, ``rx`` the answer;
# take what an answer holds before the next exchange on any reader. The lists hold a view of each
# length, so that no exchange allocates one.
_W = bytearray(2)  # a register write, or the address of a register read
_R = bytearray(2)  # what a register read clocks back
_ST_REQ = bytes(
    (0x80 | (_COM_IRQ << 1), 0x80 | (_ERROR_REG << 1), 0x80 | (_FIFO_LEVEL << 1), 0x80 | (_CONTROL << 1), 0)
)  # poll reads these four registers in one go
_ST = bytearray(5)
tx = memoryview(bytearray(1 + _TX_MAX))
tx[0] = _FIFO_DATA << 1
_TXV = [tx[: n + 1] for n in range(_TX_MAX + 1)]  # the FIFO's address byte and n frame bytes
tx = tx[1:]
rx = memoryview(bytearray(1 + _RX_MAX))
_RXV = [rx[: n + 1] for n in range(_RX_MAX + 1)]  # what reading n FIFO bytes clocks back
rx = rx[1:]
# n FIFO reads, then 00h to end: the last n + 1 bytes of one request
_RXREQ = [
    req[_RX_MAX - n :]
    for req in [memoryview(bytes([0x80 | (_FIFO_DATA << 1)] * _RX_MAX + [0]))]
    for n in range(_RX_MAX + 1)
]


def crc_a(buf, n):
    """CRC_A (ISO/IEC 14443-3 annex B) of the first ``n`` bytes of ``buf``; sent low byte first.
    Over a frame and its own CRC_A it is 0: that is how an answer's CRC_A is checked."""
    crc = 0x6363
    for i in range(n):
        ch = (buf[i] ^ crc) & 0xFF
        ch = (ch ^ (ch << 4)) & 0xFF
        crc = (crc >> 8) ^ (ch << 8) ^ (ch << 3) ^ (ch >> 4)
    return crc


class MFRC522:
    """One MFRC522 on ``spi`` selected by ``cs`` (called with 0 to select, 1 to release).

    ``clock``: where ``ticks_us``, ``sleep_us`` and ``ticks_ms`` come from (the ``time`` module;
    tests pass the virtual clock of the chip stand-in). After each exchange the module's ``rx``
    holds the bytes received and ``rx_bits`` the valid bits of the last one (0: all eight); after a
    select, ``rx[0]`` is the tag's SAK. ``live`` is what the last probe found, ``version`` the
    VersionReg it read; ``faults`` counts chip faults in a row, ``fault_total`` all of them.
    """

    def __init__(self, spi, cs, clock=time, name="reader"):
        self.spi = spi
        self.cs = cs
        self.clock = clock
        self.name = name
        cs(1)
        self.rx_bits = 0
        self.collided = False
        self.version = 0
        self.live = False
        self.faults = 0
        self.fault_total = 0

    # -- registers -----------------------------------------------------------------------------

    def _wreg(self, reg, val):
        w = _W
        w[0] = reg << 1
        w[1] = val
        self.cs(0)
        self.spi.write(w)
        self.cs(1)

    def _rreg(self, reg):
        w = _W
        w[0] = 0x80 | (reg << 1)
        w[1] = 0
        self.cs(0)
        self.spi.write_readinto(w, _R)
        self.cs(1)
        return _R[1]

    # -- one exchange --------------------------------------------------------------------------

    def prepare(self, n):
        """Load the first ``n`` bytes of ``tx`` into the FIFO and arm Transceive; nothing goes on
        air until ``send``. (The reader matrix prepares while the tags power up.)"""
        self._wreg(_COMMAND, _IDLE)
        self._wreg(_COM_IRQ, 0x7F)  # Set1 = 0: clear every interrupt request
        self._wreg(_FIFO_LEVEL, 0x80)  # flush
        self.cs(0)
        self.spi.write(_TXV[n])
        self.cs(1)
        self._wreg(_COMMAND, _TRANSCEIVE)

    def send(self, last_bits=0, rx_align=0):
        """StartSend: the prepared frame goes out (its last byte only ``last_bits`` bits if
        nonzero) and the answer is stored from bit ``rx_align`` of the first FIFO byte on."""
        self._wreg(_BIT_FRAMING, 0x80 | (rx_align << 4) | last_bits)

    def poll(self):
        """Where the exchange is: BUSY (-4), NO_ANSWER (the timer ran out), COLLISION (CollReg
        tells where), ERROR, FAULT, or the number of bytes received into ``rx``."""
        st = _ST
        self.cs(0)
        self.spi.write_readinto(_ST_REQ, st)
        self.cs(1)
        irq = st[1]
        err = st[2]
        level = st[3]
        if level > 64 or err & (_WR_ERR | _TEMP_ERR):
            return _FAULT
        if not irq & (_RX_IRQ | _ERR_IRQ):
            return _NO_ANSWER if irq & _TIMER_IRQ else _BUSY
        if level > _RX_MAX:
            return _ERROR
        if err & _COLL_ERR:
            r = _COLLISION
        elif err & (_BUFFER_OVFL | _CRC_ERR | _PARITY_ERR | _PROTOCOL_ERR) or not level:
            return _ERROR
        else:
            self.rx_bits = st[4] & 7
            r = level
        self.cs(0)
        self.spi.write_readinto(_RXREQ[level], _RXV[level])
        self.cs(1)
        return r

    def finish(self, wait_us):
        """Sleep the ``wait_us`` the exchange needs on air, then poll until it is done."""
        clock = self.clock
        if wait_us > 0:
            clock.sleep_us(wait_us)
        t0 = clock.ticks_us()
        while True:
            r = self.poll()
            if r != _BUSY:
                break
            if time.ticks_diff(clock.ticks_us(), t0) > _GRACE_US:
                r = _FAULT
                break
            clock.sleep_us(_POLL_US)
        if r == _FAULT:
            self.faults += 1
            self.fault_total += 1
        else:
            self.faults = 0
        return r

    def transceive(self, n, last_bits, rx_align, wait_us):
        self.prepare(n)
        self.send(last_bits, rx_align)
        return self.finish(wait_us)

    # -- ISO 14443A ----------------------------------------------------------------------------

    def prepare_wupa(self):
        """Prepare WUPA (it wakes tags in IDLE and in HALT); ``send(7)`` sends it, and
        ``finish(394)`` (its air time and timeout) gives 2 if a tag answered (its ATQA in ``rx``)."""
        tx[0] = _WUPA
        self.prepare(1)

    def wupa(self):
        self.prepare_wupa()
        self.send(7)
        return self.finish(_WUPA_US)

    def start_halt(self):
        """Send HLTA: the selected tag goes to HALT; a tag in READY, to which HLTA is an unexpected
        frame, goes back to IDLE or HALT. Either way the next WUPA wakes it. Not answered: the
        antenna is free again 359 us later."""
        tx[0] = _HLTA
        tx[1] = 0
        tx[2] = 0x57  # its CRC_A
        tx[3] = 0xCD
        self.prepare(4)
        self.send()

    def halt(self):
        self.start_halt()
        self.clock.sleep_us(_HALT_US)

    def select(self, uid):
        """Anticollision and select, cascade level by level, of the tag that answered the last
        WUPA or REQA. Writes its UID into ``uid`` and returns its length (4, 7 or 10), or
        NO_ANSWER (the tag left), ERROR or FAULT. If tags collide, the one with a 1 at the first
        differing bit is chosen, every time the same one, and ``collided`` is set. A cascade level
        (four UID bytes and BCC) is learnt in place, in ``tx[2:7]``, where the select sends it."""
        self.collided = False
        n = 0
        sel = _SEL_CL1
        for _level in range(3):
            r = self._anticollision(sel)
            if r <= 0:
                return r
            tx[0] = sel
            tx[1] = _NVB_SELECT
            crc = crc_a(tx, 7)
            tx[7] = crc & 0xFF
            tx[8] = crc >> 8
            r = self.transceive(9, 0, 0, _SELECT_US)
            if r <= 0:
                return r
            if r != 3 or self.rx_bits or crc_a(rx, 3):
                return _ERROR
            if rx[0] & _SAK_CASCADE:
                if tx[2] != _CASCADE_TAG:
                    return _ERROR
                for i in range(3):
                    uid[n + i] = tx[3 + i]
                n += 3
                sel += 2
            else:
                for i in range(4):
                    uid[n + i] = tx[2 + i]
                return n + 4
        return _ERROR

    def _anticollision(self, sel):
        # Learns the four UID bytes and BCC of one cascade level into tx[2:7]. Each collision fixes
        # one more bit (to 1) and asks again with the bits known so far, so at most 32 rounds.
        for i in range(2, 7):
            tx[i] = 0
        known = 0
        for _round in range(33):
            nb = known >> 3
            lb = known & 7
            tx[0] = sel
            tx[1] = ((2 + nb) << 4) | lb
            r = self.transceive(2 + nb + (1 if lb else 0), lb, lb, _ANTICOLL_US)
            if r == _COLLISION:
                c = self._rreg(_COLL)
                if c & _COLL_POS_NOT_VALID:
                    return _ERROR
                # CollPos: the 1-based bit of the first collision, counted from bit 0 of the first
                # byte received; with the bits known so far, the collided one included:
                bit = (nb << 3) + ((c & 0x1F) or 32)
                if bit <= known or bit > 32:
                    return _ERROR
            elif r <= 0:
                return r
            elif r != 5 - nb:
                return _ERROR
            # The answer's first byte shares its low ``lb`` bits with what we sent.
            low = (1 << lb) - 1
            tx[2 + nb] = (tx[2 + nb] & low) | (rx[0] & ~low & 0xFF)
            for i in range(1, 5 - nb):
                tx[2 + nb + i] = rx[i]
            if r != _COLLISION:
                if tx[2] ^ tx[3] ^ tx[4] ^ tx[5] != tx[6]:
                    return _ERROR
                return 1
            k = 2 + ((bit - 1) >> 3)
            b = (bit - 1) & 7
            tx[k] = (tx[k] & ((1 << b) - 1)) | (1 << b)
            for i in range(k + 1, 7):
                tx[i] = 0
            known = bit
            self.collided = True
        return _ERROR
