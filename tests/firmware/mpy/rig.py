"""A board on a bench, for firmware tests on the MicroPython unix port.

``Rig`` wires the real App to the sim's devices, an in-memory serial line and a host end made of
the real wtproto Link, and drives them with a fake clock. Runs under MicroPython only.
"""

import check
from wtfw.app import LINKED, App
from wtfw.board import Board, cell_count
from wtfw.sim.devices import SimButtons, SimFeedback
from wtfw.sim.panel import SimPanel
from wtfw.sim.world import SimReader, World
from wtproto import messages as m
from wtproto.frame import Deframer, encode_frame
from wtproto.link import Link


class MemoryLine:
    """The serial line as two byte buffers: ``to_board`` (the board reads) and ``from_board``."""

    closed = False

    def __init__(self):
        self.to_board = bytearray()
        self.from_board = bytearray()

    def readinto(self, buf):
        n = min(len(buf), len(self.to_board))
        buf[:n] = self.to_board[:n]
        self.to_board = self.to_board[n:]
        return n

    def write(self, data):
        self.from_board.extend(data)


class Rig:
    """App + sim devices + memory line + host link. ``now`` is the fake clock (ms)."""

    def __init__(
        self,
        geometry=(4, 4, 2, 3, 2),
        display=(64, 32),
        boot_id=0x1234,
        panel=None,
        reader=None,
        name="rig",
        keep_wire=True,
    ):
        self.now = 1000
        self.world = World(cell_count(geometry), check.TMP + "/world.txt")
        self.reader = reader if reader is not None else SimReader(self.world)
        self.panel = (
            panel if panel is not None else SimPanel(display[0], display[1], check.TMP + "/panel.pbm")
        )
        self.buttons = SimButtons(geometry[2], geometry[4])
        self.feedback = SimFeedback()
        self.line = MemoryLine()
        self.debug_lines = []
        self.board = Board(
            name,
            geometry,
            self.reader,
            self.panel,
            self.buttons,
            self.feedback,
            self.line,
            debug=self.debug_lines.append,
        )
        self.app = App(self.board, self.now, boot_id)
        self.host = Link()
        self.raw = Deframer()  # everything the board wrote, frame by frame, as the wire carries it
        self.wire = []  # (version, mtype, seq, ack, payload) of every frame the board wrote
        self.keep_wire = keep_wire  # False: only HELLOs and HEARTBEATs (a full table's frames fill the heap)
        self.got = []  # (mtype, payload) delivered by the host link (in order, no duplicates)
        self.auto_ack = True

    # -- clock and loop ------------------------------------------------------------------------

    def step(self, n=1, dt=1):
        """Run ``n`` loop steps, ``dt`` ms apart, the host answering after each."""
        for _ in range(n):
            self.now += dt
            self.app.step(self.now)
            self.host_turn()

    def run_for(self, ms, dt=10):
        self.step(ms // dt, dt)

    def host_turn(self):
        data = bytes(self.line.from_board)
        self.line.from_board = bytearray()
        if data:
            for f in self.raw.feed(data):
                if self.keep_wire or f[1] in (m.HELLO, m.HEARTBEAT):
                    self.wire.append(f)
            for _v, mtype, _seq, _ack, payload in self.host.feed(data, self.now):
                if mtype != m.ACK:
                    self.got.append((mtype, bytes(payload)))
        if self.auto_ack:
            self.line.to_board.extend(self.host.poll(self.now))

    # -- host actions --------------------------------------------------------------------------

    def send_raw(self, mtype, payload=b"", version=None, seq=0):
        if version is None:
            self.line.to_board.extend(encode_frame(mtype, seq, 0, payload))
        else:
            self.line.to_board.extend(encode_frame(mtype, seq, 0, payload, version))

    def send(self, mtype, payload=b""):
        """A reliable message from the host."""
        self.host.send(mtype, payload)
        self.line.to_board.extend(self.host.poll(self.now))

    def hellos(self):
        return [m.unpack_hello_board(f[4]) for f in self.wire if f[1] == m.HELLO]

    def link_up(self):
        """Answer the board's last HELLO with its HELLO_ACK, as the host does."""
        h = self.hellos()[-1]
        self.host.reset(True)
        self.send_raw(m.HELLO_ACK, m.pack_hello_ack(h["boot_id"], h["epoch"], (0, 1, 0)))
        self.step()
        assert self.app.state == LINKED, "the board did not link"

    def booted_and_linked(self):
        self.step()
        self.link_up()
        return self

    # -- what the host received ----------------------------------------------------------------

    def take(self, mtype):
        """Payloads of type ``mtype`` delivered to the host since the last take of that type."""
        out = [p for t, p in self.got if t == mtype]
        self.got = [(t, p) for t, p in self.got if t != mtype]
        return out

    def cells(self):
        return [m.unpack_cell(p) for p in self.take(m.CELL)]

    def logs(self):
        return [m.unpack_log(p) for p in self.take(m.LOG)]

    def wire_types(self):
        return [m.NAMES.get(f[1], f[1]) for f in self.wire]


def place(rig, cell, uid):
    rig.world._put(cell, uid)


def lift(rig, cell):
    rig.world._put(cell, b"")
