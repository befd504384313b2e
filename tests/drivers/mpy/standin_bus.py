"""The board's wires, as stand-ins on the MicroPython unix port: a virtual clock, GPIO pins, SPI
buses that route bytes to the chip models whose select line is low, a 74HC138 decoder, the
antenna switch trees, a PWM and the WS2812 bitstream.

Time is virtual and charged by what the drivers do on the wires: each SPI byte costs 8 bits at
the bus's baud rate, and optionally each SPI call and pin write costs a fixed overhead (the
MicroPython call cost on a real board, which the unix port does not have); sleeps advance it.
Chip models read the clock to know what has happened on air. Nothing here allocates on the path
of a register access, so the drivers' scan loop can run with the heap locked.
"""

import time

_MASK = time.ticks_add(0, -1)  # the port's ticks period minus one (2**30 - 1 on a board)


class VirtualClock:
    """Drop-in for the ``time`` functions the drivers use: ticks_us/ms, sleep_us/ms."""

    def __init__(self, start_ms=1000):
        self.ns = start_ms * 1000000
        self.pin_ns = 0  # overhead of one pin write
        self.call_ns = 0  # overhead of one SPI call (write, readinto, write_readinto)
        self.slept_ns = 0
        self.timing = False  # True: add the real time spent in the chip models to model_us
        self.model_us = 0

    def ticks_us(self):
        return (self.ns // 1000) & _MASK

    def ticks_ms(self):
        return (self.ns // 1000000) & _MASK

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def ticks_add(self, a, b):
        return time.ticks_add(a, b)

    def sleep_us(self, us):
        self.ns += us * 1000
        self.slept_ns += us * 1000

    def sleep_ms(self, ms):
        self.ns += ms * 1000000
        self.slept_ns += ms * 1000000

    def us(self):
        return self.ns // 1000


class FakePin:
    """A GPIO: ``pin(v)`` / ``pin.value(v)`` drive it, ``pin()`` / ``pin.value()`` read it.
    ``source``: a callable giving the level when a chip drives the pin (an input). ``listeners``:
    called with (pin, level) when a written level changes."""

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, clock, gpio=-1):
        self.clock = clock
        self.gpio = gpio
        self.mode = -1
        self.level = 0
        self.source = None
        self.listeners = []
        self.writes = 0

    def __call__(self, v=None):
        if v is None:
            return self.value()
        self.value(v)

    def value(self, v=None):
        if v is None:
            if self.source is not None:
                return self.source()
            return self.level
        self.writes += 1
        self.clock.ns += self.clock.pin_ns
        v = 1 if v else 0
        if v != self.level:
            self.level = v
            if self.clock.timing:
                t0 = time.ticks_us()
                for f in self.listeners:
                    f(self, v)
                self.clock.model_us += time.ticks_diff(time.ticks_us(), t0)
            else:
                for f in self.listeners:
                    f(self, v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if value is not None:
            self.value(value)


class FakeSPI:
    """An SPI bus. ``devices``: chip models with ``selected`` (bool) and ``xfer(byte) -> byte``
    (the MISO byte, or -1 if the chip does not drive MISO). ``idle_miso``: the level read when no
    chip drives MISO. Counts bytes and calls; ``conflicts``: bytes during which two chips drove MISO."""

    def __init__(self, clock, baudrate=1000000, name="spi"):
        self.clock = clock
        self.name = name
        self.devices = []
        self.idle_miso = 0x00
        self.bytes = 0
        self.calls = 0
        self.conflicts = 0
        self.init(baudrate)

    def init(self, baudrate=None, **kw):
        if baudrate is not None:
            self.baudrate = baudrate
            self.byte_ns = 8000000000 // baudrate

    def _charge(self, n):
        c = self.clock
        c.ns += c.call_ns + n * self.byte_ns
        self.calls += 1
        self.bytes += n

    def _xfer(self, b):
        miso = -1
        for d in self.devices:
            if d.selected:
                r = d.xfer(b)
                if r >= 0:
                    if miso >= 0:
                        self.conflicts += 1
                    miso = r
        return self.idle_miso if miso < 0 else miso

    def write(self, buf):
        t0 = time.ticks_us() if self.clock.timing else 0
        self._charge(len(buf))
        for b in buf:
            self._xfer(b)
        if self.clock.timing:
            self.clock.model_us += time.ticks_diff(time.ticks_us(), t0)

    def readinto(self, buf, write=0):
        t0 = time.ticks_us() if self.clock.timing else 0
        self._charge(len(buf))
        for i in range(len(buf)):
            buf[i] = self._xfer(write)
        if self.clock.timing:
            self.clock.model_us += time.ticks_diff(time.ticks_us(), t0)

    def write_readinto(self, out, into):
        t0 = time.ticks_us() if self.clock.timing else 0
        self._charge(len(out))
        for i in range(len(out)):
            into[i] = self._xfer(out[i])
        if self.clock.timing:
            self.clock.model_us += time.ticks_diff(time.ticks_us(), t0)

    def read(self, n, write=0):
        buf = bytearray(n)
        self.readinto(buf, write)
        return bytes(buf)


class Decoder138:
    """74HC138: output n is low while the enable pin (/G2A) is low and the address pins read n.
    ``outputs[n]``: a callable a chip model is told about when its line changes (``select(level)``)."""

    def __init__(self, address_pins, enable_pin, chips):
        self.address = address_pins
        self.enable = enable_pin
        self.chips = chips  # chip model per output, or None
        self.low = -1
        self.glitches = 0  # an address change while enabled: another chip saw its select move
        for p in address_pins:
            p.listeners.append(self._changed)
        enable_pin.listeners.append(self._changed)

    def _changed(self, pin, level):
        if pin is not self.enable and self.enable.level == 0:
            self.glitches += 1
        n = -1
        if self.enable.level == 0:
            n = 0
            for i in range(len(self.address)):
                n |= self.address[i].level << i
        if n != self.low:
            if self.low >= 0 and self.chips[self.low] is not None:
                self.chips[self.low].select(1)
            self.low = n
            if n >= 0 and self.chips[n] is not None:
                self.chips[n].select(0)


class SwitchTrees:
    """The antenna switch trees of all readers (one address bus, one enable): ``channel`` is the
    connected antenna (-1 while disabled); ``since_ns`` when it was connected; ``connects`` counts
    connections; ``overlaps``: address changes while enabled (make-before-break)."""

    def __init__(self, clock, address_pins, enable_pin):
        self.clock = clock
        self.address = address_pins
        self.enable = enable_pin
        self.channel = -1
        self.since_ns = 0
        self.connects = 0
        self.overlaps = 0
        for p in address_pins:
            p.listeners.append(self._changed)
        enable_pin.listeners.append(self._changed)

    def _changed(self, pin, level):
        if pin is not self.enable and self.enable.level:
            self.overlaps += 1
        ch = -1
        if self.enable.level:
            ch = 0
            for i in range(len(self.address)):
                ch |= self.address[i].level << i
        if ch != self.channel:
            self.channel = ch
            self.since_ns = self.clock.ns
            if ch >= 0:
                self.connects += 1


class FakePWM:
    """machine.PWM: records (time us, freq, duty) at every change."""

    def __init__(self, clock, pin):
        self.clock = clock
        self.pin = pin
        self._freq = 0
        self._duty = 0
        self.log = []

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        self.log.append((self.clock.us(), self._freq, self._duty))

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        self.log.append((self.clock.us(), self._freq, self._duty))


class WS2812Strip:
    """machine.bitstream as WS2812 LEDs see it: each call with the WS2812 timing latches GRB bytes
    into the LEDs. ``rgb(i)``: what LED i shows; ``frames``: bitstream calls."""

    def __init__(self, pin, count):
        self.pin = pin
        self.count = count
        self.grb = bytearray(3 * count)
        self.frames = 0
        self.bad = []

    def bitstream(self, pin, encoding, timing, buf):
        if (
            pin is not self.pin
            or encoding != 0
            or tuple(timing) != (400, 850, 800, 450)
            or len(buf) != 3 * self.count
        ):
            self.bad.append((getattr(pin, "gpio", pin), encoding, tuple(timing), len(buf)))
            return
        self.grb[:] = buf
        self.frames += 1

    def rgb(self, i):
        g = self.grb
        return g[3 * i + 1], g[3 * i], g[3 * i + 2]
