"""Debounced scanning of the cell readers.

A cell's change is reported only when two consecutive good reads agree and differ from what was
last reported: a piece sliding over a cell, or a tag at the edge of an antenna's field, reads
differently from one sweep to the next and so never reaches the host. A read error (the reader
returns -1) neither confirms nor resets the candidate; it is counted.

State lives in two preallocated tables of ``SLOT`` bytes per cell (length byte, then the UID), so a
sweep over an unchanged table allocates nothing: the scan loop may run with the heap locked.
"""

from micropython import const
from wtproto.messages import MAX_UID

SLOT = const(11)  # 1 length byte + up to MAX_UID (10) UID bytes
# A cell whose reader fails this many times in a row is reported once as faulty.
FAULT_READS = const(20)


class Scanner:
    """Reads ``reader.read_uid(cell, buf)`` for every cell, in slices of any size.

    on_change(cell, uid): called with the new UID (bytes, b"" for an empty cell) once a change is
    confirmed. on_fault(cell, errors): called once when a cell has failed FAULT_READS reads in a
    row (again only after it has read well in between).
    """

    def __init__(self, reader, on_change, on_fault=None):
        n = reader.ncells
        self.reader = reader
        self.ncells = n
        self.reported = bytearray(n * SLOT)
        self.candidate = bytearray(n * SLOT)
        self._fails = bytearray(n)  # consecutive read errors per cell, saturating at 255
        self._buf = bytearray(MAX_UID)
        self._on_change = on_change
        self._on_fault = on_fault
        self._cursor = 0
        self._unsettled = 0
        self.unsettled = 0  # cells whose last good read differs from the reported state (last sweep)
        self.read_errors = 0
        self.sweeps = 0

    def scan(self, count=0):
        """Read ``count`` cells (0: all) from where the last call stopped. Returns True when this
        call completed a sweep of the whole table."""
        n = self.ncells
        if count <= 0 or count > n:
            count = n
        reader = self.reader
        buf = self._buf
        rep = self.reported
        cand = self.candidate
        fails = self._fails
        cell = self._cursor
        done = False
        for _ in range(count):
            r = reader.read_uid(cell, buf)
            off = cell * SLOT
            if r < 0 or r > MAX_UID:
                self.read_errors += 1
                f = fails[cell]
                if f < 255:
                    f += 1
                    fails[cell] = f
                    if f == FAULT_READS and self._on_fault is not None:
                        self._on_fault(cell, f)
                if cand[off] != rep[off] or not _same(cand, off, rep, off, cand[off]):
                    self._unsettled += 1
            else:
                fails[cell] = 0
                if cand[off] == r and _same_buf(cand, off, buf, r):
                    if rep[off] != r or not _same_buf(rep, off, buf, r):
                        rep[off] = r
                        for i in range(r):
                            rep[off + 1 + i] = buf[i]
                        self._on_change(cell, bytes(buf[:r]))
                else:
                    cand[off] = r
                    for i in range(r):
                        cand[off + 1 + i] = buf[i]
                    if rep[off] != r or not _same_buf(rep, off, buf, r):
                        self._unsettled += 1
            cell += 1
            if cell == n:
                cell = 0
                self.sweeps += 1
                self.unsettled = self._unsettled
                self._unsettled = 0
                done = True
        self._cursor = cell
        return done

    def uid(self, cell):
        """The reported UID of ``cell`` (b"" if empty)."""
        off = cell * SLOT
        return bytes(self.reported[off + 1:off + 1 + self.reported[off]])

    def entries(self):
        """Every occupied cell as (cell, uid), in cell order: the content of a SNAPSHOT."""
        rep = self.reported
        out = []
        for cell in range(self.ncells):
            off = cell * SLOT
            n = rep[off]
            if n:
                out.append((cell, bytes(rep[off + 1:off + 1 + n])))
        return out


def _same(a, aoff, b, boff, n):
    # Slot-to-slot comparison of n UID bytes, without slicing (a slice would allocate).
    for i in range(1, n + 1):
        if a[aoff + i] != b[boff + i]:
            return False
    return True


def _same_buf(slots, off, buf, n):
    for i in range(n):
        if slots[off + 1 + i] != buf[i]:
            return False
    return True
