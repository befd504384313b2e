"""A register-level model of the NXP MFRC522 behind an SPI select line, for the driver tests.

SPI (datasheet 8.1.2): a frame's first byte is an address, (reg << 1) with bit 7 set to read.
A write frame's further bytes all go to that register; in a read frame every further byte is the
next address (0 to end) and MISO carries the value of the previous one.

Modelled: CommandReg (Idle, CalcCRC, Transceive, SoftReset with its PowerDown start-up), the
64-byte FIFO and FIFOLevelReg flush, ComIrqReg and DivIrqReg with their Set1 write rule,
BitFramingReg (StartSend, TxLastBits, RxAlign), ControlReg RxLastBits, ErrorReg (CollErr, CRCErr,
BufferOvfl), CollReg (CollPos, CollPosNotValid, ValuesAfterColl), TxControlReg (the field),
TxModeReg/RxModeReg CRC enables, the timer (TAuto, prescaler, reload: TimerIRq when nothing
answers, stopped by an answer), the CRC coprocessor, VersionReg (92h for v2.0).

The air: on StartSend the tags on the antenna the switch trees connect to this reader, powered
long enough, get the frame at once; their answers arrive FDT and the frame's air time later
(106 kbit/s), merged bit by bit: where two differ, CollErr and CollPos at the first such bit.
Registers show the outcome only once the virtual clock has passed it.

Faults: ``miso_stuck`` (0x00 or 0xFF: the chip does not answer), ``corrupt_next`` (the next n
answers arrive with a parity error, as noise would cause).
"""

from standin_tags import crc_a

BIT_NS = 9440  # 128 / 13.56 MHz
FDT_NS = 91150  # 1236 / 13.56 MHz

COMMAND = 0x01
COM_IRQ = 0x04
DIV_IRQ = 0x05
ERROR = 0x06
STATUS1 = 0x07
STATUS2 = 0x08
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_MODE = 0x12
RX_MODE = 0x13
TX_CONTROL = 0x14
CRC_RESULT_H = 0x21
CRC_RESULT_L = 0x22
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

IDLE = 0x00
CALC_CRC = 0x03
TRANSMIT = 0x04
TRANSCEIVE = 0x0C
SOFT_RESET = 0x0F

RESET_VALUES = {
    COMMAND: 0x20,
    0x02: 0x80,
    COM_IRQ: 0x14,
    MODE: 0x3F,
    TX_CONTROL: 0x80,
    COLL: 0x80,
    T_MODE: 0x00,
    T_PRESCALER: 0x00,
    T_RELOAD_H: 0x00,
    T_RELOAD_L: 0x00,
    0x18: 0x84,
    0x19: 0x4D,
    0x24: 0x26,
    0x26: 0x48,
    0x27: 0x88,
    0x28: 0x20,
    0x29: 0x20,
}


class MFRC522Model:
    """``antennas(reader) -> list`` gives the tags on the antenna connected to this reader now
    (the table's switch trees); ``field_epoch(reader)`` a number that changes whenever that
    antenna was disconnected; ``connected_ns(reader)`` when it was connected."""

    def __init__(self, clock, index, table, version=0x92):
        self.clock = clock
        self.index = index
        self.table = table
        self.version = version
        self.selected = False
        self.miso_stuck = -1
        self.corrupt_next = 0
        self.regs = bytearray(64)
        self.fifo = bytearray(64)
        self.fifo_n = 0
        self.fifo_rd = 0
        self.frames = 0  # select-line frames (SPI transactions)
        self.exchanges = 0  # frames sent on air
        self.errors = []  # misuse the driver should never cause
        self._pos = 0
        self._addr = 0
        self._read = False
        self._tx = bytearray(64)
        self._rx = bytearray(64)
        self._rx_bits = 0
        self._coll = 0
        self._tx_end = 0
        self._done = 0
        self._pending = 0  # 0 none, 1 answer coming, 2 timer running
        self.field_on_ns = 0
        self.reset()

    def reset(self):
        self.regs[:] = bytes(64)
        for r, v in RESET_VALUES.items():
            self.regs[r] = v
        self.regs[VERSION] = self.version
        self.fifo_n = 0
        self.fifo_rd = 0
        self._pending = 0
        self._ready_ns = self.clock.ns + 40000  # the oscillator starts again

    # -- the select line and the bytes ---------------------------------------------------------

    def select(self, level):
        self.selected = level == 0
        if self.selected:
            self._pos = 0
            self.frames += 1

    def xfer(self, b):
        if self.miso_stuck >= 0:
            return self.miso_stuck
        if self._pos == 0:
            self._pos = 1
            self._read = bool(b & 0x80)
            self._addr = (b >> 1) & 0x3F
            if b & 0x01:
                self.errors.append("address byte %02x has bit 0 set" % b)
            return 0
        self._pos += 1
        if self._read:
            v = self._read_reg(self._addr)
            self._addr = (b >> 1) & 0x3F
            return v
        self._write_reg(self._addr, b)
        return 0

    # -- registers -----------------------------------------------------------------------------

    def _read_reg(self, reg):
        self._update()
        regs = self.regs
        if reg == FIFO_DATA:
            if self.fifo_rd >= self.fifo_n:
                return 0
            v = self.fifo[self.fifo_rd]
            self.fifo_rd += 1
            return v
        if reg == FIFO_LEVEL:
            return self.fifo_n - self.fifo_rd
        if reg == COMMAND:
            v = regs[COMMAND]
            if self.clock.ns < self._ready_ns:
                v |= 0x10
            return v
        if reg == COM_IRQ:
            return regs[COM_IRQ] & 0x7F
        if reg == DIV_IRQ:
            return regs[DIV_IRQ] & 0x7F
        if reg == CONTROL:
            return regs[CONTROL] & 0x07
        if reg == STATUS2:
            return 0x01 if self._pending else 0x00
        return regs[reg]

    def _write_reg(self, reg, v):
        regs = self.regs
        if reg == COMMAND:
            self._command(v)
        elif reg == COM_IRQ or reg == DIV_IRQ:
            if v & 0x80:
                regs[reg] |= v & 0x7F
            else:
                regs[reg] &= ~v & 0x7F
        elif reg == FIFO_DATA:
            if self.fifo_n >= 64:
                regs[ERROR] |= 0x10
            else:
                self.fifo[self.fifo_n] = v
                self.fifo_n += 1
        elif reg == FIFO_LEVEL:
            if v & 0x80:
                self.fifo_n = 0
                self.fifo_rd = 0
                regs[ERROR] &= ~0x10 & 0xFF
        elif reg == BIT_FRAMING:
            regs[BIT_FRAMING] = v & 0x7F
            if v & 0x80:
                if regs[COMMAND] & 0x0F == TRANSCEIVE:
                    self._send()
                else:
                    self.errors.append("StartSend without the Transceive command")
        elif reg == TX_CONTROL:
            if v & 0x03 == 0x03 and regs[TX_CONTROL] & 0x03 != 0x03:
                self.field_on_ns = self.clock.ns
            regs[TX_CONTROL] = v
        elif reg == VERSION or reg == ERROR or reg == STATUS1 or reg == STATUS2:
            self.errors.append("write to read-only register %02x" % reg)
        else:
            regs[reg] = v

    def _command(self, v):
        cmd = v & 0x0F
        if self.clock.ns < self._ready_ns and cmd != SOFT_RESET:
            self.errors.append("command %x before the oscillator was ready" % cmd)
        if cmd == SOFT_RESET:
            self.reset()
            return
        self.regs[COMMAND] = v & 0x3F
        self._pending = 0
        if cmd == CALC_CRC:
            crc = self._crc_of_fifo()
            self.regs[CRC_RESULT_L] = crc & 0xFF
            self.regs[CRC_RESULT_H] = crc >> 8
            self.regs[DIV_IRQ] |= 0x04
        elif cmd == TRANSMIT:
            self._send()

    def _crc_of_fifo(self):
        preset = (0x0000, 0x6363, 0xA671, 0xFFFF)[self.regs[MODE] & 3]
        data = self.fifo
        crc = preset
        for i in range(self.fifo_rd, self.fifo_n):
            b = (data[i] ^ crc) & 0xFF
            b = (b ^ (b << 4)) & 0xFF
            crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
        return crc

    # -- the air -------------------------------------------------------------------------------

    def _timer_ns(self):
        r = self.regs
        prescaler = ((r[T_MODE] & 0x0F) << 8) | r[T_PRESCALER]
        reload = (r[T_RELOAD_H] << 8) | r[T_RELOAD_L]
        return (reload + 1) * (2 * prescaler + 1) * 1000000000 // 13560000

    def _send(self):
        regs = self.regs
        now = self.clock.ns
        n = self.fifo_n - self.fifo_rd
        tx = self._tx
        for i in range(n):
            tx[i] = self.fifo[self.fifo_rd + i]
        self.fifo_n = 0
        self.fifo_rd = 0
        last_bits = regs[BIT_FRAMING] & 7
        if regs[TX_MODE] & 0x80 and n:
            crc = crc_a(tx, n)
            tx[n] = crc & 0xFF
            tx[n + 1] = crc >> 8
            n += 2
        regs[ERROR] &= 0x40 | 0x10
        regs[COLL] &= 0x80
        if n == 1 and last_bits == 7:
            bits = 9
        else:
            bits = 2 + 9 * n - ((9 - last_bits) if last_bits else 0)
        self._tx_end = now + bits * BIT_NS
        self.exchanges += 1
        answered = 0
        first = None
        many = None
        delay = 0
        if regs[TX_CONTROL] & 0x03 == 0x03 and n:
            tags = self.table.antennas(self.index)
            epoch = self.table.field_epoch(self.index)
            powered = max(self.table.connected_ns(self.index), self.field_on_ns)
            for t in tags:
                if t.epoch != epoch:
                    t.power_lost()
                    t.epoch = epoch
                if now - powered < t.power_up_ns:
                    continue
                if t.receive(tx, n, last_bits):
                    if answered == 0:
                        first = t
                    elif many is None:
                        many = [first, t]
                    else:
                        many.append(t)
                    answered += 1
                    if t.delay_ns > delay:
                        delay = t.delay_ns
        if regs[COMMAND] & 0x0F == TRANSMIT:
            self._pending = 4
            self._done = self._tx_end
            return
        timer = self._timer_ns()
        if answered == 0 or delay + FDT_NS > timer and regs[T_MODE] & 0x80:
            if regs[T_MODE] & 0x80:
                self._pending = 2
                self._done = self._tx_end + timer
            else:
                self._pending = 3  # no timer: nothing will ever end this exchange
                self._done = 1 << 60
            return
        self._merge(first, many, (regs[BIT_FRAMING] >> 4) & 7)
        nbits = self._rx_bits
        self._pending = 1
        self._done = self._tx_end + FDT_NS + delay + (2 + nbits + nbits // 8) * BIT_NS

    def _merge(self, first, many, rx_align):
        # The answers, each from bit 0, placed from bit rx_align of the first FIFO byte; where
        # answers differ, the first such bit is the collision (CollPos counts from bit 0 of the
        # first byte, 1-based) and, unless ValuesAfterColl, every bit after it reads 0.
        rx = self._rx
        for i in range(len(rx)):
            rx[i] = 0
        self._coll = 0
        if many is None:
            r = first.resp
            nbits = first.resp_bits
            for k in range(nbits):
                if (r[k >> 3] >> (k & 7)) & 1:
                    p = rx_align + k
                    rx[p >> 3] |= 1 << (p & 7)
            self._rx_bits = nbits
            return
        nbits = max(t.resp_bits for t in many)
        keep = self.regs[COLL] & 0x80
        for k in range(nbits):
            ones = 0
            zeros = 0
            for t in many:
                if k < t.resp_bits:
                    if (t.resp[k >> 3] >> (k & 7)) & 1:
                        ones += 1
                    else:
                        zeros += 1
            p = rx_align + k
            if ones and zeros and not self._coll:
                self._coll = p + 1
                rx[p >> 3] |= 1 << (p & 7)
            elif ones and (not self._coll or keep):
                rx[p >> 3] |= 1 << (p & 7)
        self._rx_bits = nbits

    def _update(self):
        if not self._pending:
            return
        regs = self.regs
        ns = self.clock.ns
        if ns >= self._tx_end:
            regs[COM_IRQ] |= 0x40  # TxIRq
        if ns < self._done:
            return
        if self._pending == 4:  # Transmit: done once the frame is out
            regs[COM_IRQ] |= 0x10
            regs[COMMAND] = (regs[COMMAND] & 0xF0) | IDLE
            self._pending = 0
            return
        if self._pending == 2:
            regs[COM_IRQ] |= 0x01  # TimerIRq
            self._pending = 0
            return
        if self._pending == 3:
            return
        self._pending = 0
        regs[COM_IRQ] |= 0x20  # RxIRq
        rx_align = (regs[BIT_FRAMING] >> 4) & 7
        total = rx_align + self._rx_bits
        n = (total + 7) // 8
        err = 0
        if self._coll:
            err |= 0x08
            p = self._coll
            regs[COLL] = (regs[COLL] & 0x80) | ((p & 0x1F) if p <= 32 else 0x20)
        if self.corrupt_next:
            self.corrupt_next -= 1
            err |= 0x02
        if regs[RX_MODE] & 0x80 and not self._coll:
            if n < 3 or crc_a(self._rx, n - 2) != self._rx[n - 2] | (self._rx[n - 1] << 8):
                err |= 0x04
        if err:
            regs[ERROR] |= err
            regs[COM_IRQ] |= 0x02
        for i in range(n):
            self.fifo[i] = self._rx[i]
        self.fifo_n = n
        self.fifo_rd = 0
        regs[CONTROL] = (regs[CONTROL] & 0xF8) | (total & 7)
