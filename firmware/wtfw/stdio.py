"""The serial line on stdin/stdout: the USB CDC port of a Pico, the pseudo-terminal of the sim.

Reads never block. On a terminal in raw mode with VMIN=0 and VTIME=0 (the sim's pty, set up by
wtfw.boards.sim) one read returns whatever has arrived. Elsewhere (a Pico's USB stdio, a pipe) a
read of n bytes would wait for all n, so bytes are taken one at a time while select.poll says one
is there.
"""

import select
import sys


class StdioTransport:
    """``readinto(buf) -> n`` (0 when nothing arrived), ``write(data)``, ``closed`` (the line hung
    up: the sim's host end went away; never set on a board). ``tty``: stdin is a terminal in raw
    mode with non-blocking reads."""

    def __init__(self, stdin=None, stdout=None, tty=False):
        self._stdin = stdin if stdin is not None else sys.stdin
        self._in = self._stdin.buffer
        self._out = (stdout if stdout is not None else sys.stdout).buffer
        self._poll = select.poll()
        self._poll.register(self._stdin, select.POLLIN)
        self._one = bytearray(1)
        self.closed = False
        self.tty = tty
        try:
            import micropython

            # A 0x03 byte inside a frame must not raise KeyboardInterrupt.
            micropython.kbd_intr(-1)
        except (ImportError, AttributeError):
            pass

    def readinto(self, buf):
        if self.closed:
            return 0
        if self.tty:
            try:
                n = self._in.readinto(buf)
            except OSError:  # EIO: the other end of the pty is gone
                self.closed = True
                return 0
            if n:
                return n
            for _obj, ev in self._poll.ipoll(0):
                if ev & (select.POLLHUP | select.POLLERR):
                    self.closed = True
            return 0
        n = 0
        size = len(buf)
        one = self._one
        while n < size:
            ready = False
            for _obj, ev in self._poll.ipoll(0):
                if ev & select.POLLIN:
                    ready = True
                elif ev & (select.POLLHUP | select.POLLERR):
                    self.closed = True
            if not ready:
                break
            if not self._in.readinto(one):
                self.closed = True  # end of file
                break
            buf[n] = one[0]
            n += 1
        return n

    def write(self, data):
        if self.closed:
            return
        try:
            self._out.write(data)
        except OSError:
            self.closed = True
