"""Solomon Systech SSD1680 e-ink controller on SPI, as the board's panel (firmware/README.md):
``width``, ``height``, ``write_region(x, y, w, h, data)``, ``refresh(full)``, ``busy()``.

The 2.9" panels it drives (Good Display GDEY029T94, Waveshare 2.9" e-Paper V2) are 128 sources by
296 gates, portrait; the table shows them landscape, 296 x 128. The driver keeps the picture in a
``framebuf`` of the landscape size in MONO_VLSB, whose bytes are eight pixels of a column: exactly
the controller's RAM bytes once the panel is turned, so no bit is shuffled in Python (rotation 90;
rotation 270 reverses each byte). Text and lines can be drawn on it like on any framebuf.

Partial refresh (display mode 2) drives only the pixels whose new value (RAM 24h) differs from
the previous one (RAM 26h); so after each refresh the window just shown is copied into RAM 26h,
before anything new is written. The first refresh after power-up is always full: RAM 26h does not
know what the panel shows yet.

Nothing here waits for the panel except ``init`` (bounded): ``refresh`` starts the update and
returns, and the app asks ``busy()`` before it writes again.
"""

import time

import framebuf
from micropython import const

_DRIVER_OUTPUT = const(0x01)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
_MASTER_ACTIVATION = const(0x20)
_UPDATE_CONTROL_1 = const(0x21)
_UPDATE_CONTROL_2 = const(0x22)
_WRITE_BW = const(0x24)
_WRITE_PREVIOUS = const(0x26)
_BORDER = const(0x3C)
_RAM_X_WINDOW = const(0x44)
_RAM_Y_WINDOW = const(0x45)
_RAM_X_COUNTER = const(0x4E)
_RAM_Y_COUNTER = const(0x4F)

# Display Update Control 2: clock and analog on, load temperature and waveform, display, analog
# and clock off again; bit 3 chooses display mode 2 (partial).
_FULL_UPDATE = const(0xF7)
_PARTIAL_UPDATE = const(0xFF)
_RESET_MS = const(200)
_CHUNK = const(256)


def _reversed_bits():
    t = bytearray(256)
    for i in range(256):
        r = 0
        for b in range(8):
            if i & (1 << b):
                r |= 0x80 >> b
        t[i] = r
    return bytes(t)


class SSD1680(framebuf.FrameBuffer):
    """``spi`` (mode 0, up to 20 MHz), pins ``cs``, ``dc`` (0 command, 1 data), ``rst`` (active
    low) and ``busy`` (input, high while the controller works). ``width`` x ``height``: the
    landscape picture; the panel's short side (``height``) must be a multiple of 8. ``clock``:
    ``ticks_ms`` and ``sleep_ms`` (the ``time`` module, or a test's virtual clock)."""

    def __init__(self, spi, cs, dc, rst, busy, width=296, height=128, rotation=90, clock=time):
        if rotation not in (90, 270):
            raise ValueError("rotation must be 90 or 270 (the panel turned to landscape), not %r" % rotation)
        if height % 8:
            raise ValueError("the panel's short side is %d pixels; it must be a multiple of 8" % height)
        self.width = width
        self.height = height
        self.rotation = rotation
        self._xbytes = height // 8  # RAM bytes per gate line
        self.buffer = bytearray(width * self._xbytes)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.busy_pin = busy
        self.clock = clock
        self._rev = _reversed_bits() if rotation == 270 else b""
        self._one = bytearray(1)
        self._win = bytearray(4)
        self._chunk = bytearray(_CHUNK)
        self._dirty = [-1, 0, 0, 0]  # gate from, gate to, RAM byte from, RAM byte to; -1: none
        self._sync = [-1, 0, 0, 0]  # the window to copy into RAM 26h once the refresh is over
        self._shown = False
        self.fault = None
        self.refreshes = 0
        self.full = 0
        self.partial = 0
        self.bytes_sent = 0
        cs(1)
        dc(1)
        rst(1)

    # -- bus -----------------------------------------------------------------------------------

    def _command(self, c, data=None):
        self._one[0] = c
        self.dc(0)
        self.cs(0)
        self.spi.write(self._one)
        self.cs(1)
        if data is not None:
            self.dc(1)
            self.cs(0)
            self.spi.write(data)
            self.cs(1)
            self.bytes_sent += len(data)
        self.bytes_sent += 1

    def _byte(self, c, value):
        w = self._win
        w[0] = value
        self._command(c, memoryview(w)[:1])

    def _wait(self, ms):
        clock = self.clock
        t0 = clock.ticks_ms()
        while self.busy_pin.value():
            if time.ticks_diff(clock.ticks_ms(), t0) >= ms:
                return False
            clock.sleep_ms(1)
        return True

    # -- start ---------------------------------------------------------------------------------

    def init(self):
        """Reset and configure the controller and clear both RAMs to white; the panel keeps its
        picture until the first refresh. False, with ``fault`` saying why, if it stays busy."""
        clock = self.clock
        self.rst(0)
        clock.sleep_ms(10)
        self.rst(1)
        clock.sleep_ms(10)
        self.fault = None
        if self._wait(_RESET_MS):
            self._command(_SW_RESET)
            if self._wait(_RESET_MS):
                gates = self.width - 1
                self._command(_DRIVER_OUTPUT, bytes((gates & 0xFF, gates >> 8, 0x00)))
                self._byte(_DATA_ENTRY, 0x03)  # X then Y, both increasing
                self._byte(_BORDER, 0x05)  # border follows the white waveform
                self._command(_UPDATE_CONTROL_1, b"\x00\x80")  # RAM as is; sources S8..S167
                self._byte(_TEMP_SENSOR, 0x80)  # the built-in temperature sensor
                self.fill(0)
                self._send(_WRITE_BW, 0, self.width - 1, 0, self._xbytes - 1)
                self._send(_WRITE_PREVIOUS, 0, self.width - 1, 0, self._xbytes - 1)
                self._shown = False
                return True
        self.fault = (
            "the display panel stays busy after reset (BUSY high for %d ms); check its power"
            " and its BUSY and RST wires" % _RESET_MS
        )
        return False

    # -- the panel interface -------------------------------------------------------------------

    def busy(self):
        """True while the controller is busy (a refresh takes about 3 s full, 0.5 s partial)."""
        return self.busy_pin.value() == 1

    def write_region(self, x, y, w, h, data):
        """Copy ``h`` rows of (w+7)//8 bytes (MSB leftmost, 1 = ink) into the picture at (x, y)
        and into the controller's RAM; like the sim's panel, the padding bits of a row's last
        byte are written too (clipped at the panel's edge). Call only while not ``busy()``."""
        s = (w + 7) // 8
        if x % 8 or x < 0 or y < 0 or w < 0 or h < 0 or x + w > self.width or y + h > self.height:
            raise ValueError(
                "region %dx%d at (%d,%d) does not fit the %dx%d panel" % (w, h, x, y, self.width, self.height)
            )
        if len(data) != s * h:
            raise ValueError("region %dx%d needs %d bytes, not %d" % (w, h, s * h, len(data)))
        if not w or not h:
            return
        self._flush_sync()
        if not isinstance(data, bytearray):
            data = bytearray(data)
        self.blit(framebuf.FrameBuffer(data, s * 8, h, framebuf.MONO_HLSB), x, y)
        x1 = min(x + s * 8, self.width) - 1
        if self.rotation == 90:
            g0, g1 = x, x1
            b0, b1 = (self.height - y - h) // 8, (self.height - 1 - y) // 8
        else:
            g0, g1 = self.width - 1 - x1, self.width - 1 - x
            b0, b1 = y // 8, (y + h - 1) // 8
        self._send(_WRITE_BW, g0, g1, b0, b1)
        d = self._dirty
        if d[0] < 0:
            d[0], d[1], d[2], d[3] = g0, g1, b0, b1
        else:
            d[0], d[1], d[2], d[3] = min(d[0], g0), max(d[1], g1), min(d[2], b0), max(d[3], b1)

    def refresh(self, full):
        """Start showing the RAM: a full refresh (every pixel driven, about 3 s, no ghosting) or a
        partial one (only changed pixels). Returns at once; ``busy()`` says when it is over."""
        self._flush_sync()
        if not self._shown:
            full = True
        self._byte(_UPDATE_CONTROL_2, _FULL_UPDATE if full else _PARTIAL_UPDATE)
        self._command(_MASTER_ACTIVATION)
        s = self._sync
        d = self._dirty
        if full:
            s[0], s[1], s[2], s[3] = 0, self.width - 1, 0, self._xbytes - 1
            self.full += 1
        else:
            s[0], s[1], s[2], s[3] = d[0], d[1], d[2], d[3]
            self.partial += 1
        d[0] = -1
        self._shown = True
        self.refreshes += 1

    def show(self, full=True):
        """Send the whole picture drawn with the framebuf methods and refresh."""
        self._flush_sync()
        self._send(_WRITE_BW, 0, self.width - 1, 0, self._xbytes - 1)
        self.refresh(full)

    # -- RAM -----------------------------------------------------------------------------------

    def _flush_sync(self):
        # The window shown by the last refresh becomes the "previous" picture of the next one.
        s = self._sync
        if s[0] >= 0:
            self._send(_WRITE_PREVIOUS, s[0], s[1], s[2], s[3])
            s[0] = -1

    def _send(self, ram, g0, g1, b0, b1):
        # Window and address counters, then the RAM bytes gate line by gate line.
        w = self._win
        w[0] = b0
        w[1] = b1
        self._command(_RAM_X_WINDOW, memoryview(w)[:2])
        w[0] = g0 & 0xFF
        w[1] = g0 >> 8
        w[2] = g1 & 0xFF
        w[3] = g1 >> 8
        self._command(_RAM_Y_WINDOW, w)
        self._byte(_RAM_X_COUNTER, b0)
        w[0] = g0 & 0xFF
        w[1] = g0 >> 8
        self._command(_RAM_Y_COUNTER, memoryview(w)[:2])
        self._command(ram)
        buf = self.buffer
        width = self.width
        top = self._xbytes - 1
        rev = self._rev
        chunk = self._chunk
        spi = self.spi
        n = 0
        total = 0
        self.dc(1)
        self.cs(0)
        for g in range(g0, g1 + 1):
            for b in range(b0, b1 + 1):
                if rev:
                    v = rev[buf[b * width + width - 1 - g]]
                else:
                    v = buf[(top - b) * width + g]
                chunk[n] = v ^ 0xFF  # the controller's RAM has 1 for white
                n += 1
                if n == _CHUNK:
                    spi.write(chunk)
                    total += n
                    n = 0
        if n:
            spi.write(memoryview(chunk)[:n])
            total += n
        self.cs(1)
        self.bytes_sent += total
