"""What the readers run seldom, as functions of a drivers.mfrc522.MFRC522 (``chip``) or of a
drivers.reader_matrix.MatrixReader (``m``) rather than methods, in a module of their own, because
code is heap: starting the readers (at boot), probing them when one stops answering and until it
answers again, measuring how long each cell's tag needs after its antenna switches on (at boot,
when a tag shows in a long look, for the doctor), the diagnostics of ``wordtable board doctor`` and
the tag pages of ``wordtable tags write``. The firmware imports this module for the call
(wtfw.boards.pico at boot, the reader matrix when a reader is lost, due for a re-probe or a channel
to measure, wtfw.diag for a DIAG_REQ, a TAG_WRITE or a failing cell) and drops it afterwards.
"""

import time

from micropython import const

from .mfrc522 import crc_a, rx, tx

_MULTI = const(1)  # reader_matrix's flag of a cell where two tags answered (private there: folded)
_NONE = const(0xFFFF)  # reader_matrix's "no cell" on a reader's channel

# The field settle's measurement (``measure``): waits in steps of 250 us up to 6 ms (ISO/IEC
# 14443-3's 5 ms and a margin), a channel's field off 5 ms between two tries (ISO/IEC 14443-3's RF
# reset), results in 50 us steps (a byte per cell).
_SETTLE_STEP_US = const(250)
_SETTLE_STEPS = const(24)
_FIELD_OFF_US = const(5000)
_UNIT_US = const(50)

# The readers' return codes, as drivers.mfrc522 has them (private there: folded)
_ERROR = const(-1)
_COLLISION = const(-2)
_FAULT = const(-3)

# ISO/IEC 14443-3 type A and NTAG21x commands
_REQA = const(0x26)  # 7-bit short frame: wakes IDLE tags only
_HLTA = const(0x50)
_READ = const(0x30)  # NTAG21x READ: four pages (16 bytes) from a page
_WRITE = const(0xA2)  # NTAG21x WRITE: one page (4 bytes)
_ACK = const(0x0A)  # the 4-bit acknowledgement of a WRITE

# MFRC522 registers (datasheet, section 9), commands and bits
_COMMAND = const(0x01)
_DIV_IRQ = const(0x05)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
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
_IDLE = const(0x00)
_CALC_CRC = const(0x03)
_SOFT_RESET = const(0x0F)
_POWER_DOWN = const(0x10)
_CRC_IRQ = const(0x04)

# The timer ticks at 13.56 MHz / (2 * 67 + 1) = 100 kHz (9.96 us) and starts at the end of every
# transmission (TAuto); 31 ticks (309 us) tell an empty antenna (see drivers.mfrc522). A WRITE needs
# the tag's 4.1 ms programming time, so it gets 600 ticks: (600 + 1) * 135 / 13.56 MHz = 5984 us.
_PRESCALER = const(67)
_TIMEOUT_TICKS = const(30)
_WRITE_TICKS = const(600)

# Air times, as in drivers.mfrc522 (tests/drivers/test_constants.py derives them again)
_WUPA_US = const(394)  # a short frame (REQA, WUPA) and the timeout
_HALT_US = const(359)  # HLTA, not answered
_READ_US = const(1999)  # frame_us(4) + FDT + frame_us(18): READ page CRC_A sent; 16 bytes + CRC_A back
_WRITE_US = const(6683)  # frame_us(8) + 5984 us: WRITE page, 4 bytes, CRC_A sent; the 600-tick timeout


# -- one reader ---------------------------------------------------------------------------------


def append_crc(buf, n):
    """Write the CRC_A of ``buf[:n]`` at ``buf[n]`` and ``buf[n + 1]``; returns n + 2."""
    crc = crc_a(buf, n)
    buf[n] = crc & 0xFF
    buf[n + 1] = crc >> 8
    return n + 2


def init(chip):
    """Soft-reset and configure the chip and switch its antenna drivers on. Returns True if the
    chip answers like an MFRC522 (see ``probe``)."""
    clock = chip.clock
    chip._wreg(_COMMAND, _SOFT_RESET)
    t0 = clock.ticks_ms()
    while chip._rreg(_COMMAND) & _POWER_DOWN:  # the oscillator restarts after a soft reset
        if time.ticks_diff(clock.ticks_ms(), t0) > 50:
            break
        clock.sleep_us(100)
    chip._wreg(_T_MODE, 0x80)  # TAuto, prescaler bits 11..8 = 0
    chip._wreg(_T_PRESCALER, _PRESCALER)
    chip._wreg(_T_RELOAD_H, 0)
    chip._wreg(_T_RELOAD_L, _TIMEOUT_TICKS)
    chip._wreg(_TX_ASK, 0x40)  # Force100ASK: type A modulation
    chip._wreg(_MODE, 0x3D)  # CRC preset 6363h, as CRC_A
    chip._wreg(_COLL, 0x00)  # ValuesAfterColl = 0: bits after a collision read as 0
    chip._wreg(_TX_CONTROL, 0x83)  # Tx1RFEn, Tx2RFEn: the field is on
    return probe(chip)


def probe(chip):
    """Check that the chip answers: VersionReg is neither 00h nor FFh (MISO stuck), a register
    written by ``init`` reads back, and the CRC coprocessor gives the CRC_A of a known frame. Sets
    and returns ``live``; ``version`` keeps what was read (91h and 92h for an NXP MFRC522 v1.0 and
    v2.0, 88h for the FM17522 clone found on many RC522 modules)."""
    v = chip.version = chip._rreg(_VERSION)
    ok = v not in (0x00, 0xFF) and chip._rreg(_T_PRESCALER) == _PRESCALER and crc_check(chip) == 0xCD57
    chip.live = ok
    chip.faults = 0
    return ok


def crc_check(chip):
    """What the chip's CRC coprocessor makes of HLTA (50 00): 0xCD57, its CRC_A, on a chip that
    works; -1 if the coprocessor does not finish."""
    chip._wreg(_COMMAND, _IDLE)
    chip._wreg(_DIV_IRQ, _CRC_IRQ)  # Set1 = 0: clear CRCIRq
    chip._wreg(_FIFO_LEVEL, 0x80)
    chip._wreg(_FIFO_DATA, _HLTA)
    chip._wreg(_FIFO_DATA, 0)
    chip._wreg(_COMMAND, _CALC_CRC)
    done = False
    for _ in range(10):
        if chip._rreg(_DIV_IRQ) & _CRC_IRQ:
            done = True
            break
        chip.clock.sleep_us(20)
    chip._wreg(_COMMAND, _IDLE)
    if not done:
        return -1
    return chip._rreg(_CRC_RESULT_L) | (chip._rreg(_CRC_RESULT_H) << 8)


def antenna(chip, on):
    """Switch the field on or off (TxControlReg Tx1RFEn, Tx2RFEn)."""
    chip._wreg(_TX_CONTROL, 0x83 if on else 0x80)


def reqa(chip):
    """Send REQA, which only tags in IDLE answer (a halted tag stays silent; WUPA wakes both)."""
    tx[0] = _REQA
    return chip.transceive(1, 7, 0, _WUPA_US)


def read(chip, page, buf):
    """READ (NTAG21x): four pages from ``page`` of the selected tag into ``buf[:16]``. Returns
    16, NO_ANSWER, ERROR (a NAK, a damaged frame, a CRC_A that does not match) or FAULT."""
    tx[0] = _READ
    tx[1] = page
    append_crc(tx, 2)
    r = chip.transceive(4, 0, 0, _READ_US)
    if r <= 0:
        return r
    if r != 18 or chip.rx_bits or crc_a(rx, 18):
        return _ERROR
    for i in range(16):
        buf[i] = rx[i]
    return 16


def write(chip, page, data):
    """WRITE (NTAG21x): the four bytes ``data[:4]`` into ``page`` of the selected tag. Returns 4
    when the tag acknowledged, else NO_ANSWER, ERROR (a NAK) or FAULT."""
    tx[0] = _WRITE
    tx[1] = page
    for i in range(4):
        tx[2 + i] = data[i]
    append_crc(tx, 6)
    chip._wreg(_T_RELOAD_H, _WRITE_TICKS >> 8)
    chip._wreg(_T_RELOAD_L, _WRITE_TICKS & 0xFF)
    r = chip.transceive(8, 0, 0, _WRITE_US)
    chip._wreg(_T_RELOAD_H, 0)
    chip._wreg(_T_RELOAD_L, _TIMEOUT_TICKS)
    if r <= 0:
        return r
    if r == 1 and chip.rx_bits == 4 and rx[0] & 0x0F == _ACK:
        return 4
    return _ERROR


# -- the reader matrix: start and re-probe ------------------------------------------------------


def start(m, reset=None):
    """Reset the readers (``reset``: their shared NRSTPD pin, or None) and start every one. Returns
    how many answer; the others are reported (``m.on_problem``)."""
    clock = m.clock
    if reset is not None:
        reset(0)
        clock.sleep_us(1000)
        reset(1)
        clock.sleep_us(5000)  # the oscillator starts
    m._dead = 0
    for r in range(len(m.chips)):
        if not init(m.chips[r]):
            m._dead += 1
            m._problem(_not_answering(m, r))
    m._probe_ms = clock.ticks_ms()
    return len(m.chips) - m._dead


def lost(m, r):
    """Reader ``r`` faulted three exchanges in a row: if a probe finds it not answering, its cells
    read as errors (without touching the bus) until ``reprobe`` finds it again; it is reported."""
    if not probe(m.chips[r]):
        m._dead += 1
        m._problem(_not_answering(m, r))


def reprobe(m):
    """Probe the readers that do not answer (every ``m.reprobe_ms``); report those that do again."""
    m._probe_ms = m.clock.ticks_ms()
    for r in range(len(m.chips)):
        chip = m.chips[r]
        if chip.live:
            continue
        probe(chip)  # cheap: a reader still missing reads 00h or FFh and stops there
        if chip.version not in (0x00, 0xFF) and (chip.live or init(chip)):
            m._dead -= 1
            m._problem("reader %d (%s) answers again (VersionReg %02Xh)" % (r, chip.name, chip.version))


def _not_answering(m, r):
    chip = m.chips[r]
    v = chip.version
    if v == 0x00:
        why = "VersionReg reads 00h (MISO stuck low or no power)"
    elif v == 0xFF:
        why = "VersionReg reads FFh (MISO stuck high, or the chip is not selected)"
    elif chip.fault_total and chip.faults:
        why = "it stopped completing exchanges (VersionReg %02Xh)" % v
    else:
        why = "it does not behave like an MFRC522 (VersionReg %02Xh)" % v
    return (
        "reader %d (%s) does not answer: %s; its %d cells read as errors until it does;"
        " check its power, SPI wires and chip select" % (r, chip.name, why, _cells_of(m, r))
    )


def _cells_of(m, r):
    n = 0
    for c in range(m.ncells):
        if m.reader_of[c] == r:
            n += 1
    return n


# -- the field settle: how long each cell's tag needs after its antenna switches on -------------


def measure(m, ch=-1):
    """Measure, channel by channel (``ch``: one channel; -1: all), how long after its antenna
    switches on each cell's tag needs before it answers WUPA, and set what the steps wait.

    All readers of a channel try at once: the channel on, WUPA after a wait. The first try waits
    6 ms (ISO/IEC 14443-3's 5 ms and a margin): which cells have a tag. Then each tag's time is
    bisected to 250 us, the channels taking turns, so that a channel's tags have been out of the
    field 5 ms (an RF reset) before it tries again. A cell's ``m.settle`` is the wait its tag
    answered after (50 us steps); a cell without a tag keeps what was measured there before (the
    antenna is the same), or 0. Each channel's step then waits the longest of its cells plus one
    step (250 us), and never less than ``m.settle_us``. Returns how many tags were measured."""
    nch = m.nchannels
    chans = range(nch) if ch < 0 else (ch,)
    lo = bytearray(m.ncells)  # per cell, in 250 us steps: its tag was silent after lo ...
    hi = bytearray(m.ncells)  # ... and answered after hi (0: no tag)
    off = [0] * nch  # when each channel's antennas were last switched away (ticks_us)
    found = 0
    for c in chans:
        found += _try(m, c, _SETTLE_STEPS, lo, hi, off)
    busy = found
    while busy:
        busy = 0
        for c in chans:
            k = 0
            for r in range(len(m.chips)):
                cell = m._cell_at[r * nch + c]
                if cell != _NONE and hi[cell] - lo[cell] > 1 and hi[cell] - lo[cell] > k:
                    k = hi[cell] - lo[cell]
                    mid = (hi[cell] + lo[cell]) // 2
            if k:
                busy = 1
                _try(m, c, mid, lo, hi, off)
    for c in chans:
        for r in range(len(m.chips)):
            cell = m._cell_at[r * nch + c]
            if cell != _NONE and hi[cell]:
                m.settle[cell] = hi[cell] * _SETTLE_STEP_US // _UNIT_US
        _retune(m, c)
    return found


def _try(m, ch, k, lo, hi, off):
    # One try of channel ``ch``: WUPA k steps of 250 us after its antennas switch on, by every
    # reader whose cell there has a tag (by all on the first try, the longest). A tag that answers
    # lowers its cell's hi to k, one that does not raises lo to k. Returns how many answered.
    clock = m.clock
    chips = m.chips
    nch = m.nchannels
    wait = _FIELD_OFF_US - time.ticks_diff(clock.ticks_us(), off[ch])
    if wait > 0:
        clock.sleep_us(wait)
    m.mux.select(ch)
    t_on = clock.ticks_us()
    sent = []
    for r in range(len(chips)):
        cell = m._cell_at[r * nch + ch]
        if cell == _NONE or not chips[r].live or (k < _SETTLE_STEPS and not hi[cell]):
            continue
        chips[r].prepare_wupa()
        sent.append(r)
    wait = k * _SETTLE_STEP_US - time.ticks_diff(clock.ticks_us(), t_on)
    if wait > 0:
        clock.sleep_us(wait)
    for r in sent:
        chips[r].send(7)
    clock.sleep_us(_WUPA_US)
    n = 0
    for r in sent:
        cell = m._cell_at[r * nch + ch]
        code = chips[r].finish(0)
        if code == 2 or code == _COLLISION:
            n += 1
            if not hi[cell] or k < hi[cell]:
                hi[cell] = k
            chips[r].start_halt()
        elif hi[cell] and k > lo[cell]:
            lo[cell] = k
            if lo[cell] >= hi[cell]:  # silent after a wait it answered after once: take the longer
                hi[cell] = k + 1
    if n:
        clock.sleep_us(_HALT_US)
    m.mux.enable(0)
    off[ch] = clock.ticks_us()
    return n


def _retune(m, ch):
    # What channel ch's step waits: the longest need of its cells and a margin, at least settle_us.
    nch = m.nchannels
    w = m.settle_us
    for r in range(len(m.chips)):
        cell = m._cell_at[r * nch + ch]
        if cell != _NONE and m.settle[cell]:
            w = max(w, m.settle[cell] * _UNIT_US + _SETTLE_STEP_US)
    m.waits[ch] = w


# -- diagnostics (wordtable board doctor) -------------------------------------------------------


def reader_status(m):
    """One (index, name, version, answering, faults, cells) per reader: VersionReg as last read
    (91h or 92h for an NXP MFRC522, 88h for the FM17522 clone), faults since boot, cells it serves."""
    out = []
    for r in range(len(m.chips)):
        c = m.chips[r]
        out.append((r, c.name, c.version, c.live, c.fault_total, _cells_of(m, r)))
    return out


def noisy_cells(m, limit=8):
    """Up to ``limit`` cells with read errors or collisions, worst first, as (cell, reader,
    antenna, errors, collisions)."""
    worst = []
    for c in range(m.ncells):
        if m.errors[c] or m.collisions[c]:
            worst.append((m.errors[c] + m.collisions[c], c))
    worst.sort(reverse=True)
    out = []
    for _n, c in worst[:limit]:
        out.append((c, m.reader_of[c], m.channel_of[c], m.errors[c], m.collisions[c]))
    return out


def cell_fault(m, cell):
    """Why ``cell`` fails to read, in a sentence for a person."""
    r = m.reader_of[cell]
    chip = m.chips[r]
    where = "cell %d (reader %d, antenna %d)" % (cell, r, m.channel_of[cell])
    if not chip.live:
        return (
            "%s: the reader does not answer (VersionReg %02Xh); check its power, SPI wires and"
            " chip select" % (where, chip.version)
        )
    if m._flags[cell] & _MULTI:
        return "%s: two or more tags lie on it; lift the extra piece" % where
    return "%s: %d read errors; a tag at the edge of the antenna, or a loose antenna connection" % (
        where,
        m.errors[cell],
    )


def stats(m):
    """Counters as (name, value) pairs."""
    return [
        ("readers", len(m.chips)),
        ("readers_answering", len(m.chips) - m._dead),
        ("channels", m.nchannels),
        ("settle_us", m.settle_us),
        ("sweeps", m.sweeps),
        ("sweep_us", m.sweep_us),
        ("step_us_max", m.step_us_max),
        ("presence_checks", m.presence_checks),
        ("full_reads", m.full_reads),
        ("retries", m.retries),
        ("read_errors", sum(m.errors)),
        ("collisions", sum(m.collisions)),
    ]


# -- tag pages (wordtable tags write) -----------------------------------------------------------


def _select_tag(m, cell):
    # Wakes and selects the tag on ``cell``; its UID goes to m.last_uid (b"" if none was read).
    chip = m.chips[m.reader_of[cell]]
    m.last_uid = b""
    if not chip.live:
        return chip, _FAULT
    m.mux.select(m.channel_of[cell])
    m.clock.sleep_us(m.settle_us)
    code = chip.wupa()
    if code != 2 and code != _COLLISION:
        return chip, code
    n = chip.select(m._uid)
    if n > 0:
        m.last_uid = bytes(m._uid[:n])
    return chip, n


def read_pages(m, cell, page, buf):
    """READ four pages from ``page`` of the tag on ``cell`` into ``buf[:16]``; its UID goes to
    ``m.last_uid``. Returns 16, or NO_ANSWER (no tag), ERROR, FAULT (see drivers.mfrc522)."""
    chip, n = _select_tag(m, cell)
    if n <= 0:
        return n
    r = read(chip, page, buf)
    chip.halt()
    return r


def write_page(m, cell, page, data):
    """WRITE ``data[:4]`` into ``page`` of the tag on ``cell``; 4 when acknowledged."""
    chip, n = _select_tag(m, cell)
    if n <= 0:
        return n
    r = write(chip, page, data)
    chip.halt()
    return r
