"""The serial line and the host's end of the heap probes (bench/mpy/heap_probe.py for the sim,
tests/drivers/mpy/memory_steps.py for the real drivers), on MicroPython.

The line stands for a pseudo-terminal: what the host sends waits in a buffer made before the probe
takes its base (a pty's buffers are in the kernel, not in the board's heap), and what the board
writes is handed to the host after each step. The host numbers its frames as the real one does,
takes what the board wrote, counts it by type and acknowledges it. Nothing here imports wtproto:
the probe loads it, as the board's code, after its base; it hands ``Host.start`` what it needs.
"""


class MemoryLine:
    """The serial line in memory. ``to_board``: a bytearray (the kernel's buffer); what waits for
    the board is ``to_board[head:tail]``; ``from_board``: what the board wrote since the host took."""

    closed = False

    def __init__(self, to_board):
        self.to_board = to_board
        self.head = 0
        self.tail = 0
        self.from_board = []

    def put(self, frame):
        if self.head == self.tail:
            self.head = self.tail = 0
        n = len(frame)
        if self.tail + n > len(self.to_board):
            raise AssertionError("the line's buffer toward the board is full")
        self.to_board[self.tail : self.tail + n] = frame
        self.tail += n

    def readinto(self, buf):
        n = min(len(buf), self.tail - self.head)
        h = self.head
        src = self.to_board
        for i in range(n):
            buf[i] = src[h + i]
        self.head = h + n
        return n

    def write(self, data):
        self.from_board.append(data)


class Host:
    """The host's end of ``line``. ``counts``: frames received by type (a dict sized before the
    base, so that its growth is not the board's); ``hello``: the payload of the board's last HELLO."""

    def __init__(self, line, counts):
        self.line = line
        self.counts = counts
        self.seq = 0
        self.board_seq = 0
        self.hello = None
        self.deframer = None
        self.encode_frame = None
        self.ack = 0
        self.hello_type = 0

    def start(self, deframer, encode_frame, ack_type, hello_type):
        """Once the probe has loaded wtproto: the host's deframer, wtproto.frame.encode_frame and
        the ACK and HELLO message types."""
        self.deframer = deframer
        self.encode_frame = encode_frame
        self.ack = ack_type
        self.hello_type = hello_type

    def send(self, mtype, payload=b"", reliable=True):
        seq = 0
        if reliable:
            self.seq = self.seq % 255 + 1
            seq = self.seq
        self.line.put(self.encode_frame(mtype, seq, self.board_seq, payload))

    def take(self):
        # Call it from a function of its own: the host's frames must not stay behind in the slots
        # of a live frame when the heap is measured.
        out = self.line.from_board
        self.line.from_board = []
        acked = False
        for chunk in out:
            for f in self.deframer.feed(chunk):
                self.counts[f[1]] = self.counts.get(f[1], 0) + 1
                if f[1] == self.hello_type:
                    self.hello = bytes(f[4])
                if f[2]:
                    self.board_seq = f[2]
                    acked = True
        if acked:
            self.line.put(self.encode_frame(self.ack, 0, self.board_seq))


def wipe(depth=40):
    """Overwrite the C stack as deep as a loop step goes. The collector scans it conservatively,
    including the slots of its own frames that still hold pointers left by the deeper calls of the
    step just run (a 1 KB DISPLAY payload, say): only live data should count."""
    return wipe(depth - 1) if depth else 0
