"""The reliable link: sequence numbers, acknowledgements, retransmission, duplicate suppression.

Go-back-N over the frame layer, the same code on both ends. Reliable messages get sequence numbers
1..255 (wrapping), at most ``window`` are in flight, and the receiver delivers them only in order:
a duplicate or out-of-order frame is dropped and answered with the last in-order number, so the
sender resends everything after it once its retransmission timer runs out.

Pure: ``feed`` takes received bytes, ``poll`` returns bytes to write; the caller owns the port and
the clock (tick milliseconds, ``ticks_diff`` below).
"""

from . import PROTOCOL_VERSION, const
from .frame import DELIMITER, Deframer, encode_frame
from .messages import ACK

# Millisecond ticks wrap like MicroPython's ``time.ticks_ms`` (period 2**30). A table can stay
# switched on for weeks; ticks wrap after about 12 days, so every comparison of times in this
# package goes through ``ticks_diff``. The host feeds the same kind of number (``host_ticks_ms``)
# so both sides run the same code.
TICKS_MAX = const((1 << 30) - 1)  # the period is 2**30
_HALF = const(1 << 29)


def ticks_diff(a, b):
    """Signed difference ``a - b`` of two tick values, correct across one wrap."""
    return ((a - b + _HALF) & TICKS_MAX) - _HALF


def ticks_add(a, delta):
    """Tick value ``delta`` milliseconds after ``a``."""
    return (a + delta) & TICKS_MAX


_WINDOW = const(8)
_RTO_MS = const(120)
MAX_QUEUE = const(48)


def next_seq(s):
    """The sequence number after ``s`` (1..255; 0 means 'unreliable' or 'none yet')."""
    return s % 255 + 1


def seq_dist(a, b):
    """How many steps forward from ``a`` to ``b`` in the 1..255 cycle."""
    return (b - a) % 255


class Link:
    """One end of the reliable link."""

    def __init__(self, window=_WINDOW, rto_ms=_RTO_MS, max_queue=MAX_QUEUE, version=PROTOCOL_VERSION):
        self.deframer = Deframer()
        self.version = version
        self.window = window
        self.rto_ms = rto_ms
        self.max_queue = max_queue
        self._out = []
        self._unacked = []  # [seq, mtype, payload, last_sent_ms], consecutive seqs
        self._queue = []  # (mtype, payload) waiting for a window slot
        self._tx_seq = 1
        self._rx_last = 0
        self._ack_due = False
        self.last_rx_ms = None
        self.sent = 0
        self.retransmits = 0
        self.duplicates = 0
        self.out_of_order = 0
        self.queue_full = 0

    def reset(self, keep_pending=True):
        """Start a new session (after a HELLO exchange): numbering starts again at 1.

        With keep_pending, reliable messages not yet acknowledged are kept, renumbered, and sent
        again in the new session: that is how a button press survives a host restart.
        """
        pending = []
        if keep_pending:
            for e in self._unacked:
                pending.append((e[1], e[2]))
            pending += self._queue
        self._unacked = []
        self._queue = pending
        self._out = []
        self._tx_seq = 1
        self._rx_last = 0
        self._ack_due = False

    def pending(self):
        """Reliable messages not yet acknowledged (in flight or queued)."""
        return len(self._unacked) + len(self._queue)

    def send(self, mtype, payload=b"", reliable=True):
        """Queue a message. Returns False (and counts it) if the reliable queue is full."""
        if not reliable:
            self._out.append(encode_frame(mtype, 0, self._rx_last, payload, self.version))
            self._ack_due = False
            return True
        if len(self._queue) >= self.max_queue:
            self.queue_full += 1
            return False
        self._queue.append((mtype, payload))
        return True

    def feed(self, data, now):
        """Take received bytes; return the messages now deliverable, in order, as
        ``(version, mtype, seq, ack, payload)`` tuples. Frames of another protocol version are
        returned untouched (the session layer reports them) and do not count as link traffic.

        A session layer that may ``reset`` in reaction to a message (a handshake) must not use
        this: frames after the handshake in the same read would be numbered against the old
        session. It takes ``deframer.feed(data)`` and calls ``accept`` frame by frame instead.
        """
        delivered = []
        for f in self.deframer.feed(data):
            if self.accept(f, now):
                delivered.append(f)
        return delivered

    def accept(self, f, now):
        """Process one frame from ``deframer.feed``: take its acknowledgement, and say whether it
        is to be delivered (True) or was a bare ACK, a duplicate or out of order (False)."""
        version, mtype, seq, ack, _payload = f
        if version != self.version:
            return True
        self.last_rx_ms = now
        if ack:
            self._on_ack(ack)
        if seq == 0:
            return mtype != ACK
        self._ack_due = True
        if seq == next_seq(self._rx_last):
            self._rx_last = seq
            return True
        if self._rx_last and seq_dist(seq, self._rx_last) < 128:
            self.duplicates += 1
        else:
            self.out_of_order += 1
        return False

    def _on_ack(self, ack):
        unacked = self._unacked
        if not unacked:
            return
        d = seq_dist(unacked[0][0], ack)
        if d < len(unacked):
            del unacked[: d + 1]

    def poll(self, now):
        """Bytes to write now: retransmissions that are due, new messages the window allows, and a
        bare ACK if something was received that no outgoing frame acknowledges."""
        out = self._out
        self._out = []
        unacked = self._unacked
        rx_last = self._rx_last
        if unacked and ticks_diff(now, unacked[0][3]) >= self.rto_ms:
            for e in unacked:
                out.append(encode_frame(e[1], e[0], rx_last, e[2], self.version))
                e[3] = now
            self.retransmits += len(unacked)
            self._ack_due = False
        queue = self._queue
        while queue and len(unacked) < self.window:
            mtype, payload = queue.pop(0)
            seq = self._tx_seq
            self._tx_seq = next_seq(seq)
            unacked.append([seq, mtype, payload, now])
            out.append(encode_frame(mtype, seq, rx_last, payload, self.version))
            self.sent += 1
            self._ack_due = False
        if self._ack_due:
            out.append(encode_frame(ACK, 0, rx_last, b"", self.version))
            self._ack_due = False
        if not out:
            return b""
        # A leading delimiter cuts off any line noise that came before, so it cannot spoil the frame.
        return DELIMITER + b"".join(out)
