"""The firmware's App on the stand-in table, with the host's end of the link: the firmware suites'
``Rig`` (tests/firmware/mpy/rig.py) with the real board (wtfw.boards.pico over a TableBench)
instead of the sim's devices. Time is the bench's virtual clock, which the drivers advance."""

from rig import MemoryLine, Rig
from standin_table import TableBench, pico_board
from wtfw.app import App
from wtproto import messages as m
from wtproto.frame import Deframer
from wtproto.link import Link


class PicoRig(Rig):
    def __init__(self, bench=None, boot_id=0x1234, keep_wire=False):
        self.bench = bench if bench is not None else TableBench()
        self.line = MemoryLine()
        self.debug_lines = []
        _bench, self.board = pico_board(self.bench, self.debug_lines.append, self.line)
        self.reader = self.board.reader
        self.panel = self.board.panel
        self.buttons = self.board.buttons
        self.feedback = self.board.feedback
        self.now = self.bench.clock.ticks_ms()
        self.app = App(self.board, self.now, boot_id)
        self.host = Link()
        self.raw = Deframer()
        self.wire = []
        self.keep_wire = keep_wire
        self.got = []
        self.auto_ack = True
        self._beat = self.now

    def step(self, n=1, dt=0):
        """``n`` loop steps; the drivers move the clock, and ``dt`` ms more pass between steps. The
        host sends its HEARTBEAT every second, as the real one does."""
        for _ in range(n):
            if dt:
                self.bench.clock.sleep_ms(dt)
            self.now = self.bench.clock.ticks_ms()
            if self.now - self._beat >= 1000:
                self._beat = self.now
                self.send_raw(m.HEARTBEAT)
            self.app.step(self.now)
            self.host_turn()

    def run_until(self, done, limit_ms, dt=0):
        """Steps until ``done()`` or ``limit_ms`` of board time; returns the board time it took."""
        t0 = self.bench.clock.ticks_ms()
        while not done():
            if self.bench.clock.ticks_ms() - t0 > limit_ms:
                raise AssertionError("not done within %d ms of board time" % limit_ms)
            self.step(1, dt)
        return self.bench.clock.ticks_ms() - t0
