"""The simulated table's physical world: which tag lies on which cell, and the reader that sees it.

The world models physical pieces, so it outlives the firmware process: it is loaded from a file
at boot (by wtfw.boards.sim.load_world, boot-only code) and rewritten (atomically: temporary file, then rename) on every change. A restarted
firmware finds the tiles where they were.

World file: text, one occupied cell per line, ``CELL UIDHEX``; lines starting with # are comments.
"""

import binascii
import os

from ..scanner import SLOT

UID_LENGTHS = (4, 7, 10)  # ISO 14443A single, double and triple size UIDs


def parse_uid(text):
    """Bytes of the UID written as hex ``text``; ValueError with a message a person can act on."""
    if len(text) % 2:
        raise ValueError(
            "UID %r has an odd number of hex digits; give 8, 14 or 20 hex digits"
            " (a 4, 7 or 10-byte UID)" % text
        )
    try:
        uid = bytes.fromhex(text)
    except ValueError:
        raise ValueError(
            "UID %r is not hexadecimal; give 8, 14 or 20 hex digits (a 4, 7 or 10-byte UID)" % text
        ) from None
    if len(uid) not in UID_LENGTHS:
        raise ValueError(
            "UID %r has %d bytes; an ISO 14443A UID has 4, 7 or 10 bytes"
            " (8, 14 or 20 hex digits)" % (text, len(uid))
        )
    return uid


def parse_number(text, what, end):
    """The whole number written as ``text``, from 0 to ``end`` - 1: a cell, seat or button of this
    table (``what``: "cell", ...); ValueError with a message a person can act on."""
    if end <= 0:
        raise ValueError("this table has no %ss" % what)
    if not text.isdigit() or int(text) >= end:
        raise ValueError("%s must be a whole number from 0 to %d, not %r" % (what, end - 1, text))
    return int(text)


def hex_uid(uid):
    """``uid`` as upper-case hex digits."""
    return binascii.hexlify(uid).decode().upper()


class World:
    """Tags on cells: ``SLOT`` bytes per cell (length, UID), persisted in the file ``path``.

    A full table is 321 cells: nothing here builds a list of them, since a list of (cell, uid)
    tuples alone would take some 20 KB of the 128 KB heap.
    """

    def __init__(self, ncells, path):
        self.ncells = ncells
        self.path = path
        self.slots = bytearray(ncells * SLOT)
        self.changes = 0

    def uid(self, cell):
        """The UID on ``cell`` (b"" if empty)."""
        off = cell * SLOT
        return bytes(self.slots[off + 1 : off + 1 + self.slots[off]])

    def find(self, uid):
        """The cell the tag ``uid`` lies on, or -1."""
        s = self.slots
        n = len(uid)
        for cell in range(self.ncells):
            off = cell * SLOT
            if s[off] == n:
                for i in range(n):
                    if s[off + 1 + i] != uid[i]:
                        break
                else:
                    return cell
        return -1

    def set(self, cell, uid):
        """Put ``uid`` (b"": nothing) on ``cell`` and rewrite the file. If the file cannot be
        written the world stays as it was and OSError says why."""
        old = self.uid(cell)
        self._put(cell, uid)
        try:
            self.save()
        except OSError:
            self._put(cell, old)
            raise
        self.changes += 1

    def _put(self, cell, uid):
        off = cell * SLOT
        self.slots[off] = len(uid)
        self.slots[off + 1 : off + 1 + len(uid)] = uid

    def save(self):
        s = self.slots
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write("# wordtable sim world: one tag per line, CELL UIDHEX\n")
            for cell in range(self.ncells):
                off = cell * SLOT
                if s[off]:
                    f.write("%d %s\n" % (cell, hex_uid(s[off + 1 : off + 1 + s[off]])))
        os.rename(tmp, self.path)


class SimReader:
    """The reader matrix of the sim: reads the world, with faults injected on demand.

    ``misread(cell, n)``: the next n reads of the cell fail (-1). ``flicker(cell, uid, n)``: the
    next n reads alternate between ``uid`` and no tag, starting with the tag; afterwards the cell
    reads the world again (a piece waved over the cell, or wobbling at the antenna's edge).
    """

    def __init__(self, world):
        self.world = world
        self.ncells = world.ncells
        self._misread = {}  # cell -> reads left
        self._flicker = {}  # cell -> [uid, reads left, next read shows the tag]
        self.reads = 0
        self.errors = {}  # cell -> misreads since boot (the noisy cells of a DIAG)

    def misread(self, cell, n):
        if n > 0:
            self._misread[cell] = n
        elif cell in self._misread:
            del self._misread[cell]

    def flicker(self, cell, uid, n):
        if n > 0:
            self._flicker[cell] = [uid, n, True]
        elif cell in self._flicker:
            del self._flicker[cell]

    def read_uid(self, cell, buf):
        self.reads += 1
        if self._misread:
            left = self._misread.get(cell, 0)
            if left:
                if left == 1:
                    del self._misread[cell]
                else:
                    self._misread[cell] = left - 1
                self.errors[cell] = self.errors.get(cell, 0) + 1
                return -1
        if self._flicker:
            f = self._flicker.get(cell)
            if f is not None:
                show = f[2]
                f[2] = not show
                f[1] -= 1
                if not f[1]:
                    del self._flicker[cell]
                if not show:
                    return 0
                uid = f[0]
                n = len(uid)
                for i in range(n):
                    buf[i] = uid[i]
                return n
        s = self.world.slots
        off = cell * SLOT
        n = s[off]
        for i in range(n):
            buf[i] = s[off + 1 + i]
        return n
