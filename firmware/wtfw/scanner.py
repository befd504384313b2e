"""Debounced scanning of the cell readers.

A cell's change is reported only when two consecutive good reads agree and differ from what was
last reported: a piece sliding over a cell, or a tag at the edge of an antenna's field, reads
differently from one sweep to the next and so never reaches the host. A read error (the reader
returns -1) neither confirms nor resets the candidate; it is counted.

A reader with ``read_twice`` (the reader matrix) reads a UID it sees for the first time twice,
two independent anticollision-and-select runs a few milliseconds apart, and sets ``confirmed``
when they agree: the scanner then reports that tag on its first read instead of a sweep later.
Both reads still have to agree; what is given up is only the sweep between them (a tile slid
across the table may be reported on a cell it passed, and lifted again a sweep later; the host's
settle time absorbs that). Empty cells still need two empty reads in a row.

State lives in preallocated tables, so a sweep over an unchanged table allocates nothing (the scan
loop may run with the heap locked): the reported state, ``SLOT`` bytes per cell (length byte, then
the UID), and the candidates (a cell's last good read where it differs from the reported state) in
a pool of ``CANDIDATES`` slots, with one byte per cell naming its slot. Most cells read what was
reported; a pool rather than a second table per cell saves 3 KB of heap with a full table. A cell
that changes while every slot is taken gets one on a later sweep: more than ``CANDIDATES`` changes
at once (a table full of tiles at boot) are confirmed over a few more sweeps, none is lost.
"""

import struct

from micropython import const
from wtproto.frame import MAX_PAYLOAD
from wtproto.messages import MAX_UID

SLOT = const(11)  # 1 length byte + up to MAX_UID (10) UID bytes
# A cell whose reader fails this many times in a row is reported once as faulty.
FAULT_READS = const(20)
# SNAPSHOT layout (wtproto.messages): part header <BBBH (request, part, parts, entries), then
# per entry <HB (cell, uid length) and the UID.
_PART_HEAD = const(5)
CANDIDATES = const(32)
_SAME = const(0)  # per-cell candidate byte: the last good read is the reported state
_NONE = const(255)  # the last good read differs, but found no free slot (1..CANDIDATES: its slot)


class Scanner:
    """Reads ``reader.read_uid(cell, buf)`` for every cell, in slices of any size.

    on_change(cell, buf, n): a change is confirmed; the cell now holds the n-byte UID in buf[:n]
    (n = 0: empty). It returns True once the change is on its way; False leaves the reported state
    as it was, so the change is offered again on the next sweep (the send queue is full: a cell
    change is never lost, it waits). on_fault(cell, errors): called once when a cell has failed
    FAULT_READS reads in a row (again only after it has read well in between).
    """

    def __init__(self, reader, on_change, on_fault=None):
        n = reader.ncells
        self.reader = reader
        self.ncells = n
        self.reported = bytearray(n * SLOT)
        self._cand = bytearray(n)  # _SAME, _NONE or 1 + the slot of the cell's candidate
        self._pool = bytearray(CANDIDATES * SLOT)
        self._taken = bytearray(CANDIDATES)  # 1: the slot holds a candidate
        self._fails = bytearray(n)  # consecutive read errors per cell, saturating at 255
        self._buf = bytearray(MAX_UID)
        self._on_change = on_change
        self._on_fault = on_fault
        # A reader that reads a new UID twice itself (drivers.reader_matrix) says so in
        # ``confirmed`` after read_uid: that pair of reads stands for the scanner's two.
        self._twice = getattr(reader, "read_twice", False)
        self._cursor = 0
        self._unsettled = 0
        self.unsettled = 0  # cells whose last good read differs from the reported state (last sweep)
        self.read_errors = 0
        self.deferred = 0  # confirmed changes that on_change could not take yet
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
        cand = self._cand
        pool = self._pool
        taken = self._taken
        fails = self._fails
        cell = self._cursor
        done = False
        for _ in range(count):
            r = reader.read_uid(cell, buf)
            k = cand[cell]
            if r < 0 or r > MAX_UID:
                self.read_errors += 1
                f = fails[cell]
                if f < 255:
                    f += 1
                    fails[cell] = f
                    if f == FAULT_READS and self._on_fault is not None:
                        self._on_fault(cell, f)
                if k != _SAME:
                    self._unsettled += 1
            else:
                fails[cell] = 0
                off = cell * SLOT
                po = (k - 1) * SLOT
                if k != _SAME and k != _NONE and pool[po] == r and _same_buf(pool, po, buf, r):
                    # Two good reads in a row agree, and differ from the reported state.
                    if self._on_change(cell, buf, r):
                        rep[off] = r
                        for i in range(r):
                            rep[off + 1 + i] = buf[i]
                        taken[k - 1] = 0
                        cand[cell] = _SAME
                    else:
                        self.deferred += 1
                elif rep[off] == r and _same_buf(rep, off, buf, r):
                    if k != _SAME and k != _NONE:
                        taken[k - 1] = 0
                    cand[cell] = _SAME
                elif r and self._twice and reader.confirmed and self._on_change(cell, buf, r):
                    rep[off] = r
                    for i in range(r):
                        rep[off + 1 + i] = buf[i]
                    if k != _SAME and k != _NONE:
                        taken[k - 1] = 0
                    cand[cell] = _SAME
                else:
                    # A new candidate: into the cell's slot, or a free one if it has none.
                    if k == _SAME or k == _NONE:
                        k = taken.find(b"\x00") + 1
                        if k:
                            taken[k - 1] = 1
                        else:
                            k = _NONE
                        cand[cell] = k
                    if k != _NONE:
                        po = (k - 1) * SLOT
                        pool[po] = r
                        for i in range(r):
                            pool[po + 1 + i] = buf[i]
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

    def snapshot_count(self, max_payload=MAX_PAYLOAD):
        """How many SNAPSHOT parts of at most ``max_payload`` bytes the reported state makes."""
        rep = self.reported
        parts = 1
        count = 0
        size = _PART_HEAD
        for cell in range(self.ncells):
            n = rep[cell * SLOT]
            if n:
                if size + 3 + n > max_payload and count:
                    parts += 1
                    count = 0
                    size = _PART_HEAD
                size += 3 + n
                count += 1
        return parts

    def snapshot_parts(self, request_id, max_payload=MAX_PAYLOAD):
        """SNAPSHOT payloads of the reported state, one by one (a generator), byte for byte what
        wtproto.messages.pack_snapshot_parts gives. Built straight from the reported table, one
        part at a time: a full table as (cell, uid) tuples, or as all its parts at once, would take
        kilobytes of heap. The reported state must not change until the last part is taken."""
        rep = self.reported
        ncells = self.ncells
        total = self.snapshot_count(max_payload)
        cell = 0
        for i in range(total):
            # This part's cells: up to the first one that would not fit (the last part: all).
            first = cell
            count = 0
            size = _PART_HEAD
            while cell < ncells:
                n = rep[cell * SLOT]
                if n:
                    if size + 3 + n > max_payload and count:
                        break
                    size += 3 + n
                    count += 1
                cell += 1
            p = bytearray(size)
            struct.pack_into("<BBBH", p, 0, request_id & 0xFF, i, total, count)
            off = _PART_HEAD
            for c in range(first, cell):
                so = c * SLOT
                n = rep[so]
                if n:
                    struct.pack_into("<HB", p, off, c, n)
                    p[off + 3 : off + 3 + n] = rep[so + 1 : so + 1 + n]
                    off += 3 + n
            yield p


def _same_buf(slots, off, buf, n):
    for i in range(n):
        if slots[off + 1 + i] != buf[i]:
            return False
    return True
