"""The real table board: a Raspberry Pi Pico (or an ESP32-S3) with MFRC522 readers behind antenna
switch trees, an SSD1680 e-ink panel, seat buttons on 74HC165 shift registers, WS2812 LEDs and a
buzzer, the serial line on USB.

    board = pico.build()      # what wtfw.boards.build (main.py) does on a board

Every pin comes from the pin map of the platform (wtfw/boards/pinmaps.py; hardware/wiring.md).
``build`` takes the ``machine`` module, the pin map, the serial line and the clock as arguments,
so the tests build this very board over register-level stand-ins of the chips.
"""

import sys
import time

from drivers.buttons import ShiftRegisterButtons
from drivers.feedback import Feedback
from drivers.mfrc522 import MFRC522
from drivers.reader_matrix import AntennaMux, MatrixReader, ProblemLog, SelectDecoder
from drivers.ssd1680 import SSD1680

from .. import forget
from ..board import Board

# Modules only ``build`` needs. On a board, code lives in the heap (unless frozen into the
# firmware image): once the board is built, they are dropped so the collector can have them
# (main.py drops this module and the rest of wtfw.boards; nothing the board keeps is defined here).
# drivers.matrix_diag starts the readers; the reader matrix loads it again when it needs it.
_BOOT_ONLY = ("wtfw.boards.pinmaps", "drivers.antenna_layout", "drivers.matrix_diag")


def _machine():
    import machine

    return machine


def _spi(machine, bus):
    Pin = machine.Pin
    return machine.SPI(
        bus["id"],
        baudrate=bus["baudrate"],
        polarity=0,
        phase=0,
        sck=Pin(bus["sck"]),
        mosi=Pin(bus["mosi"]),
        miso=Pin(bus["miso"]),
    )


def build(machine=None, pins=None, transport=None, clock=time, debug=None):
    """The Board of this platform. ``machine``: the machine module (default: the real one);
    ``pins``: a pin map (default: pinmaps.BY_PLATFORM[sys.platform]); ``transport``: the serial
    line (default: USB stdio); ``clock``: ticks and sleeps (default: the time module)."""
    from drivers import matrix_diag
    from drivers.antenna_layout import antenna_layout

    from . import pinmaps

    if machine is None:
        machine = _machine()
    if pins is None:
        pins = pinmaps.BY_PLATFORM.get(sys.platform)
        if pins is None:
            raise ValueError("no pin map for platform %r; add one to wtfw/boards/pinmaps.py" % sys.platform)
    Pin = machine.Pin

    def out(n, level):
        return Pin(n, Pin.OUT, value=level)

    # The panel's 4.7 KB picture first, while the heap still has room in one piece.
    panel_spi = _spi(machine, pins["panel_spi"])
    p = pins["panel"]
    panel = SSD1680(
        panel_spi,
        out(p["cs"], 1),
        out(p["dc"], 1),
        out(p["rst"], 1),
        Pin(p["busy"], Pin.IN),
        p["width"],
        p["height"],
        p["rotation"],
        clock,
    )
    if not panel.init() and debug is not None:
        debug(panel.fault)
    geometry = pinmaps.GEOMETRY
    b = pins["buttons"]
    buttons = ShiftRegisterButtons(panel_spi, out(b["load"], 1), geometry[2], geometry[4], b["debounce_ms"])
    spi = _spi(machine, pins["readers_spi"])
    sel = pins["reader_select"]
    decoder = SelectDecoder([out(n, 0) for n in sel["address"]], out(sel["enable"], 1))
    chips = [MFRC522(spi, decoder.line(i), clock, "chip select %d" % i) for i in range(pins["readers"])]
    mx = pins["mux"]
    mux = AntennaMux([out(n, 0) for n in mx["address"]], out(mx["enable"], 0))
    reader_of, channel_of, nchannels = antenna_layout(geometry, pinmaps.ANTENNAS, mux.channels)
    if nchannels > mux.channels:
        raise ValueError("the layout uses %d channels; the switch trees have %d" % (nchannels, mux.channels))
    for c in range(len(reader_of)):
        if reader_of[c] >= len(chips):
            raise ValueError(
                "cell %d is on reader %d, but there are %d readers" % (c, reader_of[c], len(chips))
            )
    reader = MatrixReader(
        chips, mux, reader_of, channel_of, nchannels, settle_us=pins["field_settle_us"], clock=clock
    )
    reader.on_problem = debug
    matrix_diag.start(reader, out(pins["reader_reset"], 1))
    matrix_diag.measure(reader)  # how long the tags on the table need: the steps wait no longer

    leds = pins["leds"]
    feedback = Feedback(
        out(leds["pin"], 0), leds["count"], machine.bitstream, machine.PWM(Pin(pins["buzzer"])), clock
    )
    if transport is None:
        from ..stdio import StdioTransport

        transport = StdioTransport()
    board = Board(
        pins["name"],
        geometry,
        reader,
        panel,
        buttons,
        feedback,
        transport,
        services=(feedback, ProblemLog()),
        debug=debug,
        cells_per_step=pins["cells_per_step"],
    )
    forget(*_BOOT_ONLY)
    return board
