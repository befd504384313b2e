"""The table's cell reader: several MFRC522 readers, their antenna switch trees and the layout of
the antennas under the cells, read as one ``read_uid(cell, buf)`` (the interface the app's scanner
uses, firmware/README.md). With it, in this module (a module costs heap of its own): the readers'
chip selects (``SelectDecoder``), the switch trees (``AntennaMux``) and the board service that
tells the host what went wrong (``ProblemLog``).

Steps. A step connects channel k of every switch tree (antenna k of each reader), loads WUPA into
every reader while the tags there power up, and then sends it from all readers at once: their air
times overlap, so a step costs one settle and one WUPA however many readers there are. Where a
tag answers and its UID is confirmed (read alike twice in a row), the reader only halts it again.
Where presence changed, or the UID is not confirmed yet, or the cell is due for its periodic
re-check (one sweep in ``recheck_sweeps``: catches a tile swapped for another between two looks),
the reader runs the anticollision and select to read the UID. ``read_uid(cell)`` answers from the
step's results and runs the step of the cell's channel when that result has been used already:
the scanner, reading cells one by one, drives one step per channel per sweep.

Settle. How long a tag needs after its antenna switches on depends on the cell (the antenna's
tuning, the table top over it): ISO/IEC 14443-3 allows 5 ms, ``settle_us`` (2 ms) is assumed. So
the time is measured, per cell, at start and by ``wordtable board doctor`` (drivers.matrix_diag's
``measure``): ``settle`` holds what each cell's tag needed (0: none measured yet), and a step
waits the longest of its cells, never less than ``settle_us``. Cells whose tags need more slow
only their own channels. Once a sweep, one channel in turn waits the long look (5.5 ms): a tag that
needs more than its cell's time shows there, and its channel is measured again at once.

Halting. A tag that answered WUPA is in READY. Left there, it would take the next WUPA as an
unexpected frame and drop silently to IDLE, and its cell would read empty every other sweep. So
every tag that answered is sent HLTA (it then rests in HALT or IDLE) and presence is always asked
with WUPA, which wakes both; REQA would not wake a halted tag. A cell that had a tag and is silent
is asked once more before it is called empty.

Faults. A reader that does not answer is reported once (``on_problem``), its cells read as errors
(-1) without touching the bus, and it is probed again every ``reprobe_ms``.

What runs seldom (starting the readers, probing one that stopped answering, the diagnostics and
the tag pages) is in drivers.matrix_diag, loaded only while it runs: in MicroPython code is heap.

Chip selects. Eight readers on four pins: a 74HC138 decodes a binary address. The address pins
drive A, B, C; ``enable`` drives /G2A (G1 tied high, /G2B tied low), so output Yn is low, selecting
chip n, only while ``enable`` is low. The address changes only while the decoder is disabled, so
no other chip sees a glitch of its select line.

    dec = SelectDecoder((Pin(20, Pin.OUT), Pin(21, Pin.OUT), Pin(22, Pin.OUT)), Pin(17, Pin.OUT))
    reader = MFRC522(spi, dec.line(3))

Switch trees. Each reader's antennas hang off a tree of differential 8:1 analog switches
(hardware/README.md); one address bus and one enable line are shared by every reader's tree, so
channel ``k`` connects antenna ``k`` of every reader at once. The layout puts those antennas far
apart, so no two neighbours are ever on at the same time. Switching is break-before-make: the trees
are disabled while the address changes.
"""

import sys
import time
from array import array

from micropython import const

# drivers.mfrc522's return codes and air times (private there: folded; tests/drivers/test_constants.py
# checks that the two modules agree)
_NO_ANSWER = const(0)
_COLLISION = const(-2)
_FAULT = const(-3)
_WUPA_US = const(394)
_HALT_US = const(359)

_MAX_UID = const(10)
_SLOT = const(11)  # per cell: UID length, then the UID
_NONE = const(0xFFFF)

# what is known of a cell
_ABSENT = const(0)
_SEEN = const(1)  # a tag answered; its UID was read once, or its last read failed
_CONFIRMED = const(2)  # the same UID read twice in a row: only presence is checked now

# a step's result for a cell; _FRESH until read_uid has passed it on
_R_EMPTY = const(0)
_R_TAG = const(1)
_R_ERROR = const(2)
_FRESH = const(0x80)

_LONG_US = const(5500)  # the long look: ISO/IEC 14443-3's 5 ms and a margin

_MULTI = const(1)  # flags: two or more tags were seen on the cell (reported once)
_TWICE = const(2)  # flags: this step read the UID twice alike; read_uid sets ``confirmed`` once


class MatrixReader:
    """``chips``: MFRC522 objects, reader 0 first; ``mux``: the AntennaMux; ``reader_of``,
    ``channel_of``, ``nchannels``: from drivers.antenna_layout (wtfw.boards.pico checks that they
    fit the readers and the switch trees). ``matrix_diag.start(reader, reset)`` starts the readers.
    Diagnostics for ``wordtable board doctor``: ``errors`` and ``collisions`` per cell,
    ``problems``, and the functions of drivers.matrix_diag (loaded only when asked)."""

    def __init__(
        self,
        chips,
        mux,
        reader_of,
        channel_of,
        nchannels,
        settle_us=2000,
        clock=time,
        recheck_sweeps=80,
        reprobe_ms=2000,
        read_twice=True,
    ):
        n = len(reader_of)
        nr = len(chips)
        self.chips = chips
        self.mux = mux
        self.ncells = n
        self.nchannels = nchannels
        self.reader_of = reader_of
        self.channel_of = channel_of
        self.settle_us = settle_us
        self.clock = clock
        self.recheck_sweeps = recheck_sweeps
        self.reprobe_ms = reprobe_ms
        cell_at = array("H", [_NONE] * (nr * nchannels))
        for c in range(n):
            cell_at[reader_of[c] * nchannels + channel_of[c]] = c
        self._cell_at = cell_at
        self._state = bytearray(n)
        self._result = bytearray(n)
        self._flags = bytearray(n)
        self._uids = bytearray(n * _SLOT)
        self._uid = bytearray(_MAX_UID)
        self._todo = bytearray(nr)
        # What each cell's tag needed after its antenna switched on (50 us steps; 0: not measured),
        # and what each channel's step waits (us; 0: settle_us): drivers.matrix_diag.measure sets them.
        self.settle = bytearray(n)
        self.waits = array("H", [0] * nchannels)
        self.errors = bytearray(n)  # per cell, saturating at 255
        self.collisions = bytearray(n)
        self.on_problem = None
        self.problems = []
        self._dead = 0
        self._probe_ms = 0
        self.sweeps = 0
        self.sweep_us = 0
        self.step_us_max = 0
        self._sweep_acc = 0
        self._steps_in_sweep = 0
        self.presence_checks = 0
        self.full_reads = 0
        self.retries = 0
        self.last_uid = b""  # the UID matrix_diag's tag page access read last
        # A UID seen for the first time is read again at once (WUPA, anticollision, select: an
        # independent read) and, if both agree, confirmed in this step: read_uid then sets
        # ``confirmed`` and the scanner reports the tag without waiting a sweep for its second read.
        self.read_twice = read_twice
        self.confirmed = 0

    def _problem(self, text):
        self.problems.append(text)
        if len(self.problems) > 8:
            self.problems.pop(0)
        if self.on_problem is not None:
            self.on_problem(text)

    # -- the cell interface --------------------------------------------------------------------

    def read_uid(self, cell, buf):
        """The UID of the tag on ``cell`` into ``buf``: its length, 0 for no tag, -1 for a read
        error (a reader that does not answer, a tag that left mid-read, a damaged frame)."""
        res = self._result[cell]
        if not res & _FRESH:
            self._step(self.channel_of[cell])
            res = self._result[cell]
        res &= 0x7F
        self._result[cell] = res
        if res == _R_TAG:
            f = self._flags[cell]
            self.confirmed = f & _TWICE
            if f & _TWICE:
                self._flags[cell] = f & ~_TWICE & 0xFF
            u = self._uids
            off = cell * _SLOT
            n = u[off]
            for i in range(n):
                buf[i] = u[off + 1 + i]
            return n
        if res == _R_EMPTY:
            return 0
        return -1

    # -- one step ------------------------------------------------------------------------------

    def _step(self, ch):
        clock = self.clock
        t0 = clock.ticks_us()
        if self._dead and time.ticks_diff(clock.ticks_ms(), self._probe_ms) >= self.reprobe_ms:
            self._seldom(-1)
        chips = self.chips
        nr = len(chips)
        nch = self.nchannels
        cell_at = self._cell_at
        todo = self._todo
        state = self._state
        result = self._result
        wait = self.waits[ch] or self.settle_us
        look = 0
        if ch == self.sweeps % nch and wait < _LONG_US:
            look = wait = _LONG_US
        self.mux.select(ch)
        t_on = clock.ticks_us()
        # WUPA goes into every reader's FIFO while the tags power up; then all are sent at once.
        started = 0
        for r in range(nr):
            todo[r] = 0
            cell = cell_at[r * nch + ch]
            if cell == _NONE:
                continue
            if not chips[r].live:
                result[cell] = _FRESH | _R_ERROR
                continue
            chips[r].prepare_wupa()
            todo[r] = 1
            started += 1
        wait -= time.ticks_diff(clock.ticks_us(), t_on)
        if wait > 0:
            clock.sleep_us(wait)
        if started:
            for r in range(nr):
                if todo[r]:
                    chips[r].send(7)
            # Wrapped at 2**30, a Pico's largest small int (past it every count would allocate):
            # at some 2,000 checks a second that is reached in about six days.
            self.presence_checks = (self.presence_checks + started) & 0x3FFFFFFF
            clock.sleep_us(_WUPA_US)
        halts = 0
        for r in range(nr):
            if not todo[r]:
                continue
            chip = chips[r]
            cell = cell_at[r * nch + ch]
            code = chip.finish(0)
            if code == _NO_ANSWER and state[cell] != _ABSENT:
                self.retries += 1
                code = chip.wupa()
            if code == 2 or code == _COLLISION:
                if look and state[cell] == _ABSENT:
                    look = -1  # a tag seen in the long look: it may need more than its cell's time
                if state[cell] == _CONFIRMED and (cell + self.sweeps) % self.recheck_sweeps:
                    chip.start_halt()
                    halts += 1
                    result[cell] = _FRESH | _R_TAG
                    todo[r] = 0
                else:
                    todo[r] = 2  # read its UID once the halts are sent
            elif code == _NO_ANSWER:
                state[cell] = _ABSENT
                self._uids[cell * _SLOT] = 0
                result[cell] = _FRESH | _R_EMPTY
                todo[r] = 0
            else:
                self._failed(r, cell, code)
                todo[r] = 0
        if halts:
            clock.sleep_us(_HALT_US)
        for r in range(nr):
            if todo[r] == 2:
                self._read_cell(r, cell_at[r * nch + ch])
        if look < 0:
            self._seldom(-2 - ch)
        dt = time.ticks_diff(clock.ticks_us(), t0)
        if dt > self.step_us_max:
            self.step_us_max = dt
        self._sweep_acc += dt
        self._steps_in_sweep += 1
        if self._steps_in_sweep >= nch:
            self.sweeps += 1
            self.sweep_us = self._sweep_acc
            self._sweep_acc = 0
            self._steps_in_sweep = 0

    def _read_cell(self, r, cell):
        chip = self.chips[r]
        uid = self._uid
        self.full_reads += 1
        n = chip.select(uid)
        chip.halt()  # the selected tag to HALT; one left in READY by a failed select to IDLE
        if chip.collided:
            if self.collisions[cell] < 255:
                self.collisions[cell] += 1
            if not self._flags[cell] & _MULTI:
                self._flags[cell] |= _MULTI
                self._problem(
                    "cell %d (reader %d, antenna %d): two or more tags on one antenna; the"
                    " cell reports the one that wins anticollision; lift the extra piece"
                    % (cell, r, self.channel_of[cell])
                )
        elif n > 0:
            self._flags[cell] &= ~_MULTI & 0xFF
        if n <= 0:
            self._failed(r, cell, n)
            return
        off = cell * _SLOT
        if self._known(off, n):
            self._state[cell] = _CONFIRMED
        else:
            u = self._uids
            u[off] = n
            for i in range(n):
                u[off + 1 + i] = uid[i]
            self._state[cell] = _SEEN
            if self.read_twice:
                # The second of two independent reads: the halted tag is woken and selected afresh.
                code = chip.wupa()
                if code == 2 or code == _COLLISION:
                    self.full_reads += 1
                    n = chip.select(uid)
                    chip.halt()
                    if self._known(off, n):
                        self._state[cell] = _CONFIRMED
                        self._flags[cell] |= _TWICE
        self._result[cell] = _FRESH | _R_TAG

    def _known(self, off, n):
        # True if the UID just read (``_uid[:n]``) is the one kept at ``off`` in _uids.
        u = self._uids
        if u[off] != n:
            return False
        uid = self._uid
        for i in range(n):
            if u[off + 1 + i] != uid[i]:
                return False
        return True

    def _failed(self, r, cell, code):
        # A tag answered and then the exchange failed (it left, a damaged frame) or the chip did
        # not answer. The cell reads as an error: neither empty nor a tag until it reads well.
        self._result[cell] = _FRESH | _R_ERROR
        if self.errors[cell] < 255:
            self.errors[cell] += 1
        if self._state[cell] == _CONFIRMED:
            self._state[cell] = _SEEN
        if code == _FAULT and self.chips[r].faults >= 3:
            self._seldom(r)

    def _seldom(self, r):
        # Reader r faulted three exchanges in a row (r >= 0), the readers that do not answer are
        # due for a probe (-1), or channel -2 - r is to be measured again (a tag showed in its long
        # look): that code runs seldom, so it is in drivers.matrix_diag, imported for the call and
        # forgotten after it, as wtfw.forget does (code is heap).
        from . import matrix_diag

        if r < -1:
            matrix_diag.measure(self, -2 - r)
        elif r < 0:
            matrix_diag.reprobe(self)
        else:
            matrix_diag.lost(self, r)
        sys.modules.pop("drivers.matrix_diag")
        del sys.modules["drivers"].matrix_diag


class SelectDecoder:
    """A 74HC138 on ``address`` (pins, least significant first) and ``enable`` (its /G2A)."""

    def __init__(self, address, enable):
        self.address = address
        self.enable = enable
        enable(1)
        self._current = -1

    def line(self, index):
        """The select line of output ``index``, called as a Pin is: 0 selects, 1 releases."""
        lines = 1 << len(self.address)
        if not 0 <= index < lines:
            raise ValueError("a %d-line decoder has no output %d" % (lines, index))
        return _Line(self, index)

    def select(self, index):
        if index != self._current:
            self.enable(1)
            bit = 0
            for pin in self.address:
                pin((index >> bit) & 1)
                bit += 1
            self._current = index
        self.enable(0)


class _Line:
    def __init__(self, decoder, index):
        self.decoder = decoder
        self.index = index

    def __call__(self, v):
        if v:
            self.decoder.enable(1)
        else:
            self.decoder.select(self.index)


class AntennaMux:
    """The switch trees: ``address``, pins, least significant first; ``enable``: 1 connects the
    addressed antennas."""

    def __init__(self, address, enable):
        self.address = address
        self.enable = enable
        self.channels = 1 << len(address)
        enable(0)
        for pin in address:
            pin(0)
        self._bits = 0

    def select(self, channel):
        """Connect antenna ``channel`` of every reader (only the address bits that change move)."""
        self.enable(0)
        changed = self._bits ^ channel
        bit = 0
        for pin in self.address:
            if changed & (1 << bit):
                pin((channel >> bit) & 1)
            bit += 1
        self._bits = channel
        self.enable(1)


class ProblemLog:
    """A board service that tells the host what the drivers found wrong: a reader that does not
    answer or answers again, two tags on one cell (LOG warning, CODE_READER), a panel that stayed
    busy at start (LOG error, CODE_PANEL). The app attaches itself when it starts; what was found
    during boot goes out then, the rest as it happens. LOGs are queued until the link is up.

    It lives here, not in the board module, because the board module is dropped after boot
    (main.py) and anything defined there that the board keeps would keep all of its code in the heap.
    """

    def attach(self, app):
        from wtproto import messages as m

        board = app.board
        for text in board.reader.problems:
            app.log(m.WARNING, m.CODE_READER, text)
        if board.panel.fault:
            app.log(m.ERROR, m.CODE_PANEL, board.panel.fault)
        board.reader.on_problem = lambda text: app.log(m.WARNING, m.CODE_READER, text)

    def service(self, now_ms):
        return False
