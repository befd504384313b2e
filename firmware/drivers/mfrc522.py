"""NXP MFRC522 13.56 MHz reader on SPI, and the ISO/IEC 14443A exchange with tags through it.

    reader = MFRC522(spi, cs)       # spi: mode 0, up to 10 MHz; cs: a Pin or a decoded select
    reader.init()                   # True if the chip answers; reader.version is its VersionReg
    if reader.wupa() > 0:           # a tag answered (its ATQA is in reader.rx)
        n = reader.select(uid)      # anticollision and select through the cascade levels
        reader.read(4, page_buf)    # NTAG213 pages 4..7: the NDEF record (hardware/tags.md)
        reader.halt()

Every exchange returns the number of bytes received (> 0), or NO_ANSWER, ERROR (a damaged frame,
a NAK), COLLISION (two tags answered at once; the select resolves those itself) or FAULT (the chip
does not behave like an MFRC522: unplugged, unpowered, MISO stuck). Nothing waits longer than the
air time of the exchange plus _GRACE_US, so a reader that does not answer never hangs the scan.

CRC_A is computed by the CPU (iso14443a.crc_a) rather than by the chip's coprocessor: that keeps
an exchange at six register writes and two reads; the coprocessor is used once, by ``probe``, as
a check that the chip computes what it should.
"""

import time

from micropython import const

from .iso14443a import (
    ACK,
    CASCADE_TAG,
    FDT_US,
    HLTA,
    NVB_SELECT,
    READ,
    REQA,
    SAK_CASCADE,
    SEL_CL1,
    SHORT_FRAME_US,
    WRITE,
    WUPA,
    append_crc,
    check_crc,
    crc_a,
    frame_us,
)

# Registers (MFRC522 datasheet, section 9)
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_DIV_IRQ = const(0x05)
_ERROR = const(0x06)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BIT_FRAMING = const(0x0D)
_COLL = const(0x0E)
_MODE = const(0x11)
_TX_CONTROL = const(0x14)
_TX_ASK = const(0x15)
_CRC_RESULT_H = const(0x21)
_CRC_RESULT_L = const(0x22)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_T_RELOAD_H = const(0x2C)
_T_RELOAD_L = const(0x2D)
_VERSION = const(0x37)

# Commands (CommandReg bits 3..0)
_IDLE = const(0x00)
_CALC_CRC = const(0x03)
_TRANSCEIVE = const(0x0C)
_SOFT_RESET = const(0x0F)
_POWER_DOWN = const(0x10)

# ComIrqReg, DivIrqReg, ErrorReg, CollReg bits
_RX_IRQ = const(0x20)
_ERR_IRQ = const(0x02)
_TIMER_IRQ = const(0x01)
_CRC_IRQ = const(0x04)
_WR_ERR = const(0x80)
_TEMP_ERR = const(0x40)
_BUFFER_OVFL = const(0x10)
_COLL_ERR = const(0x08)
_CRC_ERR = const(0x04)
_PARITY_ERR = const(0x02)
_PROTOCOL_ERR = const(0x01)
_COLL_POS_NOT_VALID = const(0x20)

# The timer ticks at 13.56 MHz / (2 * 67 + 1) = 100 kHz (9.96 us) and starts at the end of every
# transmission (TAuto). A tag answers 91 us after the frame and the timer stops at the fifth bit
# of its answer, so 31 ticks (309 us) tell an empty antenna; a WRITE needs the tag's 4.1 ms
# programming time, so it gets 600 ticks.
_PRESCALER = const(67)
_TIMEOUT_TICKS = const(30)
_WRITE_TICKS = const(600)
TIMEOUT_US = const((_TIMEOUT_TICKS + 1) * (2 * _PRESCALER + 1) * 1000 // 13560 + 1)
_WRITE_TIMEOUT_US = const((_WRITE_TICKS + 1) * (2 * _PRESCALER + 1) * 1000 // 13560 + 1)
_GRACE_US = const(2000)  # beyond the expected air time: a chip this late is at fault
_POLL_US = const(40)

# How long each exchange keeps the antenna busy before its answer (or its timeout) is there.
WUPA_US = SHORT_FRAME_US + TIMEOUT_US  # ATQA (280 us) or timeout (309 us), whichever
_ANTICOLL_US = frame_us(2) + FDT_US + frame_us(5)  # SEL NVB sent; CL1 + BCC back
_SELECT_US = frame_us(9) + FDT_US + frame_us(3)  # SEL NVB CL1 BCC CRC_A sent; SAK + CRC_A back
_READ_US = frame_us(4) + FDT_US + frame_us(18)  # READ page CRC_A sent; 16 bytes + CRC_A back
HALT_US = frame_us(4)  # HLTA is sent and not answered

_TX_MAX = const(9)  # SELECT: SEL, NVB, 4 UID bytes, BCC, CRC_A
_RX_MAX = const(18)  # READ: 16 bytes and CRC_A

NO_ANSWER = const(0)
ERROR = const(-1)
COLLISION = const(-2)
FAULT = const(-3)
BUSY = const(-4)

# VersionReg values of chips known to work: NXP MFRC522 v1.0 and v2.0, and the FM17522 clone
# found on many RC522 modules.
KNOWN_VERSIONS = (0x91, 0x92, 0x88)


class _Frames:
    # The SPI frames of an exchange. Readers work one after the other on one bus, so they share
    # one set (a set is 3 KB of small objects on a board with eight readers).
    def __init__(self):
        self.w = bytearray(2)
        self.r = bytearray(2)
        self.st_req = bytes((0x80 | (_COM_IRQ << 1), 0x80 | (_ERROR << 1),
                             0x80 | (_FIFO_LEVEL << 1), 0x80 | (_CONTROL << 1), 0))
        self.st = bytearray(5)
        tx = bytearray(1 + _TX_MAX)
        tx[0] = _FIFO_DATA << 1
        tv = memoryview(tx)
        self.txv = [tv[:n + 1] for n in range(_TX_MAX + 1)]  # the address byte and n frame bytes
        self.tx = tv[1:]
        rv = memoryview(bytearray(1 + _RX_MAX))
        self.rxv = [rv[:n + 1] for n in range(_RX_MAX + 1)]
        self.rxreq = [bytes([0x80 | (_FIFO_DATA << 1)] * n + [0]) for n in range(_RX_MAX + 1)]
        self.rx = rv[1:]
        self.cl = bytearray(5)


_shared = []  # type: list[_Frames]


def _frames():
    if not _shared:
        _shared.append(_Frames())
    return _shared[0]


class MFRC522:
    """One MFRC522 on ``spi`` selected by ``cs`` (called with 0 to select, 1 to release).

    ``clock``: where ``ticks_us``, ``sleep_us`` and ``ticks_ms`` come from (the ``time`` module;
    tests pass the virtual clock of the chip stand-in). After each exchange ``rx`` holds the bytes
    received, ``rx_bits`` the valid bits of the last one (0: all eight); ``faults`` counts chip
    faults in a row. All readers share ``tx`` and ``rx``: take what an answer holds before the next
    exchange on any reader.
    """

    def __init__(self, spi, cs, clock=time, name="reader"):
        self.spi = spi
        self.cs = cs
        self.clock = clock
        self.name = name
        cs(1)
        f = _frames()
        self._w = f.w
        self._r = f.r
        self._st_req = f.st_req
        self._st = f.st
        self._txv = f.txv
        self.tx = f.tx
        self._rxv = f.rxv
        self._rxreq = f.rxreq
        self.rx = f.rx
        self._cl = f.cl
        self.rx_bits = 0
        self.coll_pos = 0
        self.collided = False
        self.sak = 0
        self.version = 0
        self.crc_check = 0
        self.live = False
        self.faults = 0
        self.fault_total = 0

    # -- registers -----------------------------------------------------------------------------

    def _wreg(self, reg, val):
        w = self._w
        w[0] = reg << 1
        w[1] = val
        self.cs(0)
        self.spi.write(w)
        self.cs(1)

    def _rreg(self, reg):
        w = self._w
        w[0] = 0x80 | (reg << 1)
        w[1] = 0
        self.cs(0)
        self.spi.write_readinto(w, self._r)
        self.cs(1)
        return self._r[1]

    def init(self):
        """Soft-reset and configure the chip and switch its antenna drivers on. Returns True if
        the chip answers like an MFRC522 (see ``probe``)."""
        clock = self.clock
        self._wreg(_COMMAND, _SOFT_RESET)
        t0 = clock.ticks_ms()
        while self._rreg(_COMMAND) & _POWER_DOWN:  # the oscillator restarts after a soft reset
            if time.ticks_diff(clock.ticks_ms(), t0) > 50:
                break
            clock.sleep_us(100)
        self._wreg(_T_MODE, 0x80)  # TAuto, prescaler bits 11..8 = 0
        self._wreg(_T_PRESCALER, _PRESCALER)
        self._wreg(_T_RELOAD_H, 0)
        self._wreg(_T_RELOAD_L, _TIMEOUT_TICKS)
        self._wreg(_TX_ASK, 0x40)  # Force100ASK: type A modulation
        self._wreg(_MODE, 0x3D)  # CRC preset 6363h, as CRC_A
        self._wreg(_COLL, 0x00)  # ValuesAfterColl = 0: bits after a collision read as 0
        self._wreg(_TX_CONTROL, 0x83)  # Tx1RFEn, Tx2RFEn: the field is on
        return self.probe()

    def probe(self):
        """Check that the chip answers: VersionReg is neither 00h nor FFh (MISO stuck), a
        register written by ``init`` reads back, and the CRC coprocessor gives the CRC_A of a
        known frame. Sets and returns ``live``; ``version`` and ``crc_check`` keep what was read."""
        self.version = self._rreg(_VERSION)
        ok = self.version not in (0x00, 0xFF) and self._rreg(_T_PRESCALER) == _PRESCALER
        if ok:
            ok = self._crc_selftest()
        self.live = ok
        self.faults = 0
        return ok

    def _crc_selftest(self):
        self._wreg(_COMMAND, _IDLE)
        self._wreg(_DIV_IRQ, _CRC_IRQ)  # Set1 = 0: clear CRCIRq
        self._wreg(_FIFO_LEVEL, 0x80)
        tx = self.tx
        tx[0] = HLTA
        tx[1] = 0
        self._write_fifo(2)
        self._wreg(_COMMAND, _CALC_CRC)
        done = False
        for _ in range(10):
            if self._rreg(_DIV_IRQ) & _CRC_IRQ:
                done = True
                break
            self.clock.sleep_us(20)
        self._wreg(_COMMAND, _IDLE)
        if not done:
            return False
        self.crc_check = self._rreg(_CRC_RESULT_L) | (self._rreg(_CRC_RESULT_H) << 8)
        return self.crc_check == crc_a(tx, 2)

    def antenna(self, on):
        """Switch the field on or off (TxControlReg Tx1RFEn, Tx2RFEn)."""
        self._wreg(_TX_CONTROL, 0x83 if on else 0x80)

    # -- one exchange --------------------------------------------------------------------------

    def _write_fifo(self, n):
        self.cs(0)
        self.spi.write(self._txv[n])
        self.cs(1)

    def prepare(self, n):
        """Load the first ``n`` bytes of ``tx`` into the FIFO and arm Transceive; nothing goes on
        air until ``send``. (The reader matrix prepares while the tags power up.)"""
        self._wreg(_COMMAND, _IDLE)
        self._wreg(_COM_IRQ, 0x7F)  # Set1 = 0: clear every interrupt request
        self._wreg(_FIFO_LEVEL, 0x80)  # flush
        self._write_fifo(n)
        self._wreg(_COMMAND, _TRANSCEIVE)

    def send(self, last_bits=0, rx_align=0):
        """StartSend: the prepared frame goes out (its last byte only ``last_bits`` bits if
        nonzero) and the answer is stored from bit ``rx_align`` of the first FIFO byte on."""
        self._wreg(_BIT_FRAMING, 0x80 | (rx_align << 4) | last_bits)

    def start(self, n, last_bits=0, rx_align=0):
        self.prepare(n)
        self.send(last_bits, rx_align)

    def poll(self):
        """Where the exchange is: BUSY, NO_ANSWER (the timer ran out), COLLISION (``coll_pos``:
        1-based bit of the first collision, counted from bit 0 of the first byte received; 0 if
        the chip could not tell), ERROR, FAULT, or the number of bytes received into ``rx``."""
        st = self._st
        self.cs(0)
        self.spi.write_readinto(self._st_req, st)
        self.cs(1)
        irq = st[1]
        err = st[2]
        level = st[3]
        if level > 64 or err & (_WR_ERR | _TEMP_ERR):
            return FAULT
        if not irq & (_RX_IRQ | _ERR_IRQ):
            return NO_ANSWER if irq & _TIMER_IRQ else BUSY
        if level > _RX_MAX:
            return ERROR
        if err & _COLL_ERR:
            c = self._rreg(_COLL)
            self.coll_pos = 0 if c & _COLL_POS_NOT_VALID else ((c & 0x1F) or 32)
            self._read_fifo(level)
            return COLLISION
        if err & (_BUFFER_OVFL | _CRC_ERR | _PARITY_ERR | _PROTOCOL_ERR) or not level:
            return ERROR
        self.rx_bits = st[4] & 7
        self._read_fifo(level)
        return level

    def _read_fifo(self, n):
        self.cs(0)
        self.spi.write_readinto(self._rxreq[n], self._rxv[n])
        self.cs(1)

    def finish(self, wait_us):
        """Sleep the ``wait_us`` the exchange needs on air, then poll until it is done."""
        clock = self.clock
        if wait_us > 0:
            clock.sleep_us(wait_us)
        t0 = clock.ticks_us()
        while True:
            r = self.poll()
            if r != BUSY:
                break
            if time.ticks_diff(clock.ticks_us(), t0) > _GRACE_US:
                r = FAULT
                break
            clock.sleep_us(_POLL_US)
        if r == FAULT:
            self.faults += 1
            self.fault_total += 1
        else:
            self.faults = 0
        return r

    def transceive(self, n, last_bits, rx_align, wait_us):
        self.start(n, last_bits, rx_align)
        return self.finish(wait_us)

    # -- ISO 14443A ----------------------------------------------------------------------------

    def prepare_wupa(self):
        """Prepare WUPA (it wakes tags in IDLE and in HALT); ``send(7)`` sends it, and
        ``finish(WUPA_US)`` gives 2 if a tag answered (its ATQA in ``rx``)."""
        self.tx[0] = WUPA
        self.prepare(1)

    def wupa(self):
        self.prepare_wupa()
        self.send(7)
        return self.finish(WUPA_US)

    def reqa(self):
        """Send REQA, which only tags in IDLE answer (a halted tag stays silent)."""
        self.tx[0] = REQA
        self.start(1, 7, 0)
        return self.finish(WUPA_US)

    def start_halt(self):
        """Send HLTA: the selected tag goes to HALT; a tag in READY, to which HLTA is an unexpected
        frame, goes back to IDLE or HALT. Either way the next WUPA wakes it. Not answered: the
        antenna is free again HALT_US later."""
        tx = self.tx
        tx[0] = HLTA
        tx[1] = 0
        append_crc(tx, 2)
        self.start(4, 0, 0)

    def halt(self):
        self.start_halt()
        self.clock.sleep_us(HALT_US)

    def select(self, uid):
        """Anticollision and select, cascade level by level, of the tag that answered the last
        WUPA or REQA. Writes its UID into ``uid`` and returns its length (4, 7 or 10), or
        NO_ANSWER (the tag left), ERROR or FAULT. If tags collide, the one with a 1 at the first
        differing bit is chosen, every time the same one, and ``collided`` is set."""
        self.collided = False
        cl = self._cl
        tx = self.tx
        rx = self.rx
        n = 0
        sel = SEL_CL1
        for _level in range(3):
            r = self._anticollision(sel)
            if r <= 0:
                return r
            tx[0] = sel
            tx[1] = NVB_SELECT
            for i in range(5):
                tx[2 + i] = cl[i]
            append_crc(tx, 7)
            r = self.transceive(9, 0, 0, _SELECT_US)
            if r <= 0:
                return r
            if r != 3 or self.rx_bits or not check_crc(rx, 3):
                return ERROR
            sak = rx[0]
            if sak & SAK_CASCADE:
                if cl[0] != CASCADE_TAG:
                    return ERROR
                for i in range(3):
                    uid[n + i] = cl[1 + i]
                n += 3
                sel += 2
            else:
                for i in range(4):
                    uid[n + i] = cl[i]
                self.sak = sak
                return n + 4
        return ERROR

    def _anticollision(self, sel):
        # Learns the four UID bytes and BCC of one cascade level into _cl. Each collision fixes
        # one more bit (to 1) and asks again with the bits known so far, so at most 32 rounds.
        cl = self._cl
        tx = self.tx
        for i in range(5):
            cl[i] = 0
        known = 0
        for _round in range(33):
            nb = known >> 3
            lb = known & 7
            nt = nb + (1 if lb else 0)
            tx[0] = sel
            tx[1] = ((2 + nb) << 4) | lb
            for i in range(nt):
                tx[2 + i] = cl[i]
            r = self.transceive(2 + nt, lb, lb, _ANTICOLL_US)
            if r == COLLISION:
                if not self.coll_pos:
                    return ERROR
                bit = (nb << 3) + self.coll_pos  # bits now known, the collided one included
                if bit <= known or bit > 32:
                    return ERROR
                self._merge(nb, lb, 5 - nb)
                k = (bit - 1) >> 3
                b = (bit - 1) & 7
                cl[k] = (cl[k] & ((1 << b) - 1)) | (1 << b)
                for i in range(k + 1, 5):
                    cl[i] = 0
                known = bit
                self.collided = True
                continue
            if r <= 0:
                return r
            if r != 5 - nb:
                return ERROR
            self._merge(nb, lb, r)
            if cl[0] ^ cl[1] ^ cl[2] ^ cl[3] != cl[4]:
                return ERROR
            return 1
        return ERROR

    def _merge(self, nb, lb, count):
        # The answer's first byte shares its low ``lb`` bits with what we sent.
        cl = self._cl
        rx = self.rx
        low = (1 << lb) - 1
        cl[nb] = (cl[nb] & low) | (rx[0] & ~low & 0xFF)
        for i in range(1, count):
            if nb + i < 5:
                cl[nb + i] = rx[i]

    def read(self, page, buf):
        """READ (NTAG21x): four pages from ``page`` of the selected tag into ``buf[:16]``.
        Returns 16, NO_ANSWER, ERROR (a NAK, a damaged frame, a CRC_A that does not match) or
        FAULT."""
        tx = self.tx
        rx = self.rx
        tx[0] = READ
        tx[1] = page
        append_crc(tx, 2)
        r = self.transceive(4, 0, 0, _READ_US)
        if r <= 0:
            return r
        if r != 18 or self.rx_bits or not check_crc(rx, 18):
            return ERROR
        for i in range(16):
            buf[i] = rx[i]
        return 16

    def write(self, page, data):
        """WRITE (NTAG21x): the four bytes ``data[:4]`` into ``page`` of the selected tag.
        Returns 4 when the tag acknowledged, else NO_ANSWER, ERROR (a NAK) or FAULT."""
        tx = self.tx
        tx[0] = WRITE
        tx[1] = page
        for i in range(4):
            tx[2 + i] = data[i]
        append_crc(tx, 6)
        self._wreg(_T_RELOAD_H, _WRITE_TICKS >> 8)
        self._wreg(_T_RELOAD_L, _WRITE_TICKS & 0xFF)
        r = self.transceive(8, 0, 0, frame_us(8) + _WRITE_TIMEOUT_US)
        self._wreg(_T_RELOAD_H, 0)
        self._wreg(_T_RELOAD_L, _TIMEOUT_TICKS)
        if r <= 0:
            return r
        if r == 1 and self.rx_bits == 4 and self.rx[0] & 0x0F == ACK:
            return 4
        return ERROR
