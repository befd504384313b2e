"""A model of the SSD1680 e-ink controller that interprets the command stream into its RAMs and
the picture on the glass, for the panel driver tests.

Bytes arrive on SPI while CS is low; DC low makes a byte a command, DC high data for the last
command. Modelled: SW reset (12h), driver output control (01h: gate count), data entry mode (11h:
X/Y increment or decrement, X or Y first), RAM X/Y windows (44h/45h) and address counters
(4Eh/4Fh), write RAM 24h (black/white) and 26h (the previous picture a partial update compares
with), display update control 1 and 2 (21h, 22h), master activation (20h), border, temperature
sensor. RAM holds 1 for white, as the chip's does.

Master activation with display mode 1 (22h bit 3 clear) shows RAM 24h; with display mode 2 only
the pixels where 24h differs from 26h change: if 26h does not hold what the glass shows, the glass
keeps stale pixels, which a test sees. BUSY is high during reset and refresh (``full_ms``,
``partial_ms`` of virtual time), or always with ``stuck_busy``. Commands sent while BUSY is high,
unknown commands and RAM writes outside the panel land in ``errors``.
"""

DATA_LENGTHS = {
    0x01: 3,
    0x10: 1,
    0x11: 1,
    0x18: 1,
    0x21: 2,
    0x22: 1,
    0x3C: 1,
    0x44: 2,
    0x45: 4,
    0x4E: 1,
    0x4F: 2,
    0x12: 0,
    0x20: 0,
    0x24: -1,
    0x26: -1,
}


class SSD1680Model:
    def __init__(self, clock, cs, dc, rst, busy, sources=128, gates=296):
        self.clock = clock
        self.cs = cs
        self.dc = dc
        self.sources = sources
        self.gates = gates
        self.xbytes = sources // 8
        size = self.xbytes * gates
        self.bw = bytearray(b"\xff" * size)
        self.red = bytearray(b"\xff" * size)
        self.glass = bytearray(b"\xff" * size)  # what the panel shows
        self.selected = False
        self.stuck_busy = False
        self.full_ms = 3000
        self.partial_ms = 500
        self._busy_until = 0
        self.errors = []
        self.commands = []  # every command byte, in order
        self.refreshes = []  # (mode byte, time us)
        self.data_bytes = 0
        self._cmd = -1
        self._data = bytearray(8)
        self._n = 0
        self.reset_registers()
        busy.source = self.busy_level
        cs.listeners.append(self._cs)
        rst.listeners.append(self._rst)

    def reset_registers(self):
        self.entry = 0x03
        self.x0, self.x1 = 0, self.xbytes - 1
        self.y0, self.y1 = 0, self.gates - 1
        self.xc = 0
        self.yc = 0
        self.update_mode = 0xFF
        self.mux_gates = self.gates

    def busy_level(self):
        return 1 if self.stuck_busy or self.clock.ns < self._busy_until else 0

    def _busy_for(self, ms):
        self._busy_until = self.clock.ns + ms * 1000000

    def _cs(self, pin, level):
        self.selected = level == 0

    def _rst(self, pin, level):
        if level == 0:
            self.reset_registers()
            self._busy_for(2)

    # -- bytes ---------------------------------------------------------------------------------

    def xfer(self, b):
        if self.dc.level == 0:
            self._command(b)
        else:
            self._byte(b)
        return -1  # write-only: MISO is not driven

    def _command(self, c):
        self.commands.append(c)
        if self.busy_level():
            self.errors.append("command %02xh while BUSY" % c)
        if c not in DATA_LENGTHS:
            self.errors.append("unknown command %02xh" % c)
        self._cmd = c
        self._n = 0
        if c == 0x12:
            self.reset_registers()
            self._busy_for(2)
        elif c == 0x20:
            self._activate()
        elif c == 0x24 or c == 0x26:
            self.xc_start = self.xc

    def _byte(self, b):
        c = self._cmd
        if c == 0x24 or c == 0x26:
            self._ram_write(self.bw if c == 0x24 else self.red, b)
            return
        want = DATA_LENGTHS.get(c, 0)
        if self._n >= want:
            self.errors.append("extra data byte %02xh after command %02xh" % (b, c))
            return
        self._data[self._n] = b
        self._n += 1
        if self._n == want:
            self._apply(c, self._data)

    def _apply(self, c, d):
        if c == 0x01:
            self.mux_gates = (d[0] | (d[1] << 8)) + 1
            if self.mux_gates != self.gates:
                self.errors.append(
                    "driver output control sets %d gates; the panel has %d" % (self.mux_gates, self.gates)
                )
        elif c == 0x11:
            self.entry = d[0] & 0x07
        elif c == 0x22:
            self.update_mode = d[0]
        elif c == 0x44:
            self.x0, self.x1 = d[0] & 0x3F, d[1] & 0x3F
        elif c == 0x45:
            self.y0, self.y1 = d[0] | ((d[1] & 1) << 8), d[2] | ((d[3] & 1) << 8)
        elif c == 0x4E:
            self.xc = d[0] & 0x3F
        elif c == 0x4F:
            self.yc = d[0] | ((d[1] & 1) << 8)

    def _ram_write(self, ram, b):
        self.data_bytes += 1
        if self.busy_level():
            self.errors.append("RAM write while BUSY")
        if not (0 <= self.xc < self.xbytes and 0 <= self.yc < self.gates):
            self.errors.append("RAM write at x byte %d, gate %d: outside the panel" % (self.xc, self.yc))
        else:
            ram[self.yc * self.xbytes + self.xc] = b
        xinc = self.entry & 1
        yinc = self.entry & 2
        if self.entry & 4:  # Y first
            self.yc, wrapped = _step(self.yc, self.y0, self.y1, yinc)
            if wrapped:
                self.xc, _ = _step(self.xc, self.x0, self.x1, xinc)
        else:
            self.xc, wrapped = _step(self.xc, self.x0, self.x1, xinc)
            if wrapped:
                self.yc, _ = _step(self.yc, self.y0, self.y1, yinc)

    def _activate(self):
        mode = self.update_mode
        self.refreshes.append((mode, self.clock.us()))
        if not mode & 0x04:
            return  # no display step in this sequence
        g = self.glass
        if mode & 0x08:  # display mode 2: only the pixels that differ from the previous RAM
            for i in range(len(g)):
                diff = self.bw[i] ^ self.red[i]
                g[i] = (g[i] & ~diff & 0xFF) | (self.bw[i] & diff)
            self._busy_for(self.partial_ms)
        else:
            g[:] = self.bw
            self._busy_for(self.full_ms)

    # -- the picture ---------------------------------------------------------------------------

    def ink(self, source, gate):
        """1 if the glass shows black at (source, gate) of the portrait panel."""
        byte = self.glass[gate * self.xbytes + (source >> 3)]
        return 0 if (byte >> (7 - (source & 7))) & 1 else 1

    def landscape(self, rotation=90):
        """The glass turned to landscape (gates across, sources down) as rows of bytes, MSB
        leftmost, 1 = ink: the layout the host's DISPLAY data has. Rotation 90: host pixel (x, y)
        is gate x, source sources-1-y; rotation 270: gate gates-1-x, source y."""
        w, h = self.gates, self.sources
        stride = (w + 7) // 8
        out = bytearray(stride * h)
        for y in range(h):
            for x in range(w):
                if rotation == 90:
                    v = self.ink(h - 1 - y, x)
                else:
                    v = self.ink(y, w - 1 - x)
                if v:
                    out[y * stride + (x >> 3)] |= 0x80 >> (x & 7)
        return out


def _step(v, lo, hi, inc):
    if inc:
        if v >= hi:
            return lo, True
        return v + 1, False
    if v <= lo:
        return hi, True
    return v - 1, False
