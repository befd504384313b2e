"""The whole table board on the bench, as stand-ins wired by a pin map (wtfw.boards.pinmaps):
``TableBench(pins).machine`` is a ``machine`` module whose Pin, SPI, PWM and bitstream reach
register-level models of eight MFRC522 readers behind a 74HC138, the antenna switch trees with
tags on the antennas, the SSD1680 panel, a chain of 74HC165 button registers and WS2812 LEDs.
``wtfw.boards.pico.build(machine=bench.machine, pins=..., clock=bench.clock)`` builds the real
board over it.

Tags are laid on cells with ``place(cell, tag)``; which antenna lies under a cell comes from the
pin map's antenna rectangles, as a maker wires them.
"""

from standin_bus import Decoder138, FakePin, FakePWM, FakeSPI, SwitchTrees, VirtualClock, WS2812Strip
from standin_mfrc522 import MFRC522Model
from standin_ssd1680 import SSD1680Model

# RP2040 GPIO functions (datasheet 2.19.2): the pins each SPI block can use.
RP2040_SPI = {
    0: {"miso": (0, 4, 16, 20), "sck": (2, 6, 18, 22), "mosi": (3, 7, 19)},
    1: {"miso": (8, 12, 28), "sck": (10, 14, 26), "mosi": (11, 15, 27)},
}
RP2040_GPIOS = tuple(range(23)) + (26, 27, 28)


class HC165Chain:
    """74HC165 registers in a chain on an SPI bus: SH/LD low latches the inputs; each clock
    shifts, the first register's QH on MISO. ``press(i)``/``release(i)`` move button i (its input
    pulled low while pressed)."""

    def __init__(self, load_pin, chips):
        self.inputs = bytearray(b"\xff" * chips)
        self.shift = bytearray(chips)
        self.selected = True  # no select line: it always drives MISO and sees the clock
        self.loads = 0
        load_pin.listeners.append(self._load)

    def _load(self, pin, level):
        if level == 0:
            self.shift[:] = self.inputs
            self.loads += 1

    def xfer(self, b):
        s = self.shift
        out = s[0]
        for i in range(len(s) - 1):
            s[i] = s[i + 1]
        s[len(s) - 1] = 0  # the last register's serial input is tied low
        return out

    def press(self, i):
        self.inputs[i >> 3] &= ~(1 << (i & 7)) & 0xFF

    def release(self, i):
        self.inputs[i >> 3] |= 1 << (i & 7)


class _PinFactory:
    IN = FakePin.IN
    OUT = FakePin.OUT
    OPEN_DRAIN = FakePin.OPEN_DRAIN
    PULL_UP = FakePin.PULL_UP
    PULL_DOWN = FakePin.PULL_DOWN

    def __init__(self, bench):
        self.bench = bench

    def __call__(self, gpio, mode=-1, pull=-1, value=None):
        p = self.bench.pin(gpio)
        p.init(mode, pull, value)
        return p


class FakeMachine:
    """The parts of ``machine`` that wtfw.boards.pico uses."""

    def __init__(self, bench):
        self.bench = bench
        self.Pin = _PinFactory(bench)

    def SPI(self, bus_id, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None, miso=None, **kw):
        return self.bench.spi(bus_id, baudrate, polarity, phase, sck, mosi, miso)

    def PWM(self, pin, **kw):
        return self.bench.pwm_for(pin)

    def bitstream(self, pin, encoding, timing, buf):
        self.bench.leds.bitstream(pin, encoding, timing, buf)


class TableBench:
    def __init__(self, pins=None, geometry=None, antennas=None, clock=None):
        # Imported here, not kept: the board drops these boot-only modules once it is built, and
        # the heap probe (memory_probe.py) sees them go.
        from drivers.antenna_layout import antenna_layout
        from wtfw.boards import pinmaps

        pins = pins if pins is not None else pinmaps.PICO
        self.pins = pins
        self.geometry = geometry if geometry is not None else pinmaps.GEOMETRY
        self.clock = clock if clock is not None else VirtualClock()
        self.gpio = {}
        self.rp2040 = pins["name"] == "pico"
        self.problems = []  # wiring mistakes seen while the board was built
        clock = self.clock
        nreaders = pins["readers"]
        mux_bits = len(pins["mux"]["address"])
        self.reader_of, self.channel_of, self.nchannels = antenna_layout(
            self.geometry, antennas if antennas is not None else pinmaps.ANTENNAS, 1 << mux_bits
        )
        self._channels = 1 << mux_bits
        self._antennas = {}  # reader * channels + channel -> tags, made when a tag is laid there
        self._none = []

        self.reader_bus = FakeSPI(clock, 1000000, "readers")
        self.readers = [MFRC522Model(clock, i, self) for i in range(nreaders)]
        self.reader_bus.devices.extend(self.readers)
        sel = pins["reader_select"]
        self.decoder = Decoder138(
            [self.pin(p) for p in sel["address"]],
            self.pin(sel["enable"]),
            self.readers + [None] * ((1 << len(sel["address"])) - nreaders),
        )
        mx = pins["mux"]
        self.trees = SwitchTrees(clock, [self.pin(p) for p in mx["address"]], self.pin(mx["enable"]))
        self.reset_pin = self.pin(pins["reader_reset"])
        self.reset_pin.listeners.append(self._reader_reset)

        self.panel_bus = FakeSPI(clock, 1000000, "panel")
        p = pins["panel"]
        self.panel = SSD1680Model(
            clock,
            self.pin(p["cs"]),
            self.pin(p["dc"]),
            self.pin(p["rst"]),
            self.pin(p["busy"]),
            p["height"],
            p["width"],
        )
        nbuttons = self.geometry[2] * self.geometry[4]
        self.buttons = HC165Chain(self.pin(pins["buttons"]["load"]), (nbuttons + 7) // 8)
        self.panel_bus.devices.append(self.panel)
        self.panel_bus.devices.append(self.buttons)
        self.leds = WS2812Strip(self.pin(pins["leds"]["pin"]), pins["leds"]["count"])
        self.buzzer = None
        self.machine = FakeMachine(self)

    # -- wiring --------------------------------------------------------------------------------

    def pin(self, gpio):
        p = self.gpio.get(gpio)
        if p is None:
            if self.rp2040 and gpio not in RP2040_GPIOS:
                self.problems.append("GPIO %r does not exist on an RP2040" % gpio)
            p = FakePin(self.clock, gpio)
            self.gpio[gpio] = p
        return p

    def spi(self, bus_id, baudrate, polarity, phase, sck, mosi, miso):
        if polarity or phase:
            self.problems.append("SPI %d in mode %d; the chips need mode 0" % (bus_id, polarity * 2 + phase))
        if bus_id == self.pins["readers_spi"]["id"]:
            bus = self.reader_bus
            want = self.pins["readers_spi"]
        elif bus_id == self.pins["panel_spi"]["id"]:
            bus = self.panel_bus
            want = self.pins["panel_spi"]
        else:
            raise ValueError("no SPI bus %d on this board" % bus_id)
        for role, pin in (("sck", sck), ("mosi", mosi), ("miso", miso)):
            if pin is not self.gpio.get(want[role]):
                self.problems.append("SPI %d %s is not on GPIO %d" % (bus_id, role, want[role]))
            if self.rp2040 and want[role] not in RP2040_SPI[bus_id][role]:
                self.problems.append("GPIO %d cannot be SPI%d %s" % (want[role], bus_id, role))
        bus.init(baudrate)
        return bus

    def pwm_for(self, pin):
        if pin is not self.gpio.get(self.pins["buzzer"]):
            self.problems.append("the PWM is not on the buzzer's GPIO %d" % self.pins["buzzer"])
        self.buzzer = FakePWM(self.clock, pin)
        return self.buzzer

    def _reader_reset(self, pin, level):
        if level == 0:
            for r in self.readers:
                r.reset()

    # -- the table -----------------------------------------------------------------------------

    def antennas(self, reader):
        ch = self.trees.channel
        if ch < 0:
            return self._none
        return self._antennas.get(reader * self._channels + ch, self._none)

    def field_epoch(self, reader):
        return self.trees.connects

    def connected_ns(self, reader):
        return self.trees.since_ns

    def antenna_of(self, cell):
        return self.reader_of[cell], self.channel_of[cell]

    def _tags(self, cell):
        r, ch = self.antenna_of(cell)
        key = r * self._channels + ch
        lst = self._antennas.get(key)
        if lst is None:
            lst = self._antennas[key] = []
        return lst

    def place(self, cell, tag):
        """Lay ``tag`` on ``cell`` (on top of what is there)."""
        self._tags(cell).append(tag)
        return tag

    def lift(self, cell, tag=None):
        """Take ``tag`` (default: every tag) off ``cell``."""
        lst = self._tags(cell)
        if tag is None:
            del lst[:]
        else:
            lst.remove(tag)

    def tags_on(self, cell):
        return list(self._tags(cell))


class QuietLine:
    """A serial line nobody talks on (for tests that drive the drivers, not the link)."""

    closed = False

    def readinto(self, buf):
        return 0

    def write(self, data):
        pass


def pico_board(bench=None, debug=None, transport=None):
    """(bench, board): wtfw.boards.pico.build over a TableBench; ``debug`` collects its lines."""
    from wtfw.boards import pico

    if bench is None:
        bench = TableBench()
    board = pico.build(
        machine=bench.machine,
        pins=bench.pins,
        transport=transport or QuietLine(),
        clock=bench.clock,
        debug=debug,
    )
    return bench, board


def sweep(reader, buf=None):
    """{cell: uid bytes, or -1 for a read error} of every cell that is not empty, one sweep."""
    buf = buf if buf is not None else bytearray(10)
    out = {}
    for c in range(reader.ncells):
        n = reader.read_uid(c, buf)
        if n > 0:
            out[c] = bytes(buf[:n])
        elif n < 0:
            out[c] = -1
    return out
