"""The firmware's outer loop (main.run): an exception is reported and the loop goes on."""

import time

import main
from check import UID7, eq, reported_uid
from rig import MemoryLine, Rig, place
from wtfw.sim.world import SimReader
from wtproto import messages as m


class FlakyReader(SimReader):
    """Raises once, on its ``fail_at``-th read, as a driver with a bug might."""

    def __init__(self, world, fail_at):
        super().__init__(world)
        self.fail_at = fail_at

    def read_uid(self, cell, buf):
        if self.reads + 1 == self.fail_at:
            self.reads += 1
            raise RuntimeError("reader bus stuck")
        return super().read_uid(cell, buf)


class ClosingLine(MemoryLine):
    """A serial line that hangs up after ``steps`` reads (the sim's host went away)."""

    def __init__(self, steps):
        super().__init__()
        self.steps = steps

    def readinto(self, buf):
        self.steps -= 1
        if self.steps <= 0:
            self.closed = True
        return super().readinto(buf)


def test_exception_in_a_step_is_reported_and_the_loop_goes_on():
    r = Rig()
    line = ClosingLine(40)
    r.line = r.board.transport = r.app.transport = line
    r.reader = r.board.reader = r.app.scanner.reader = FlakyReader(r.world, 30)
    place(r, 4, UID7)
    main.run(r.board, r.app)
    eq(line.closed, True, "run() returns when the line closes")
    eq(r.app.exceptions, 1)
    eq(reported_uid(r.app.scanner, 4), UID7, "scanning went on after the exception")
    # Link up on the real clock and see what the host is told.
    r.now = time.ticks_ms()
    line.closed = False
    line.steps = 1000
    r.step()
    r.link_up()
    r.step(3)
    logs = r.logs()
    eq([(lv, code) for lv, code, _t in logs], [(m.ERROR, m.CODE_EXCEPTION)])
    assert logs[0][2].startswith("RuntimeError: reader bus stuck"), logs[0][2]
    eq(r.cells(), [(4, UID7)])


def test_repl_message_ends_the_loop_linked_or_not():
    for linked in (False, True):
        r = Rig()
        if linked:
            r.booted_and_linked()
        r.send_raw(m.REPL)
        main.run(r.board, r.app)  # returns instead of looping forever
        eq((r.app.repl_requested, r.line.closed), (True, False), "linked=%r" % linked)
        assert "the host asked for the REPL; stopping" in r.debug_lines, r.debug_lines
