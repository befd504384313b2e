"""A board configuration: the hardware parts the app drives, gathered in one object.

A board module (``wtfw.boards.sim`` on the unix port, ``wtfw.boards.pico`` on the table board) builds
the drivers from its pins and buses (or, for the simulation, from command-line options) and hands them
over in a ``Board``.
The interfaces each part implements are written down in firmware/README.md.
"""


class Board:
    """The parts of one table board.

    name: short ASCII name announced in HELLO ("sim", "pico").
    geometry: (grid_w, grid_h, seats, seat_cells, buttons_per_seat); cells are numbered row-major
    over the grid, then seat by seat (cell = grid_w * grid_h + seat * seat_cells + k).
    reader, panel, buttons, feedback, transport: the drivers (see firmware/README.md).
    services: extra objects with ``service(now_ms) -> bool`` run once per loop step (the sim's
    control channel); ``wait(timeout_ms)`` blocks until input may be there or the time is up.
    debug: ``debug(text)`` writes a diagnostic line where it cannot disturb the serial line
    (stderr on the unix port; nowhere on a board whose stderr is the USB serial line).
    """

    def __init__(
        self,
        name,
        geometry,
        reader,
        panel,
        buttons,
        feedback,
        transport,
        services=(),
        wait=None,
        debug=None,
        cells_per_step=0,
    ):
        self.name = name
        self.geometry = geometry
        self.reader = reader
        self.panel = panel
        self.buttons = buttons
        self.feedback = feedback
        self.transport = transport
        self.services = services
        self.wait = wait if wait is not None else _sleep_wait
        self.debug = debug if debug is not None else _no_debug
        # Cells read per loop step; 0 = a full sweep every step. A board whose readers are slow
        # (a few ms per cell) scans a slice per step so the link stays responsive.
        self.cells_per_step = cells_per_step


def cell_count(geometry):
    """Number of cells of a table of ``geometry``: the grid plus every seat's cells."""
    gw, gh, seats, seat_cells, _buttons = geometry
    return gw * gh + seats * seat_cells


def _sleep_wait(timeout_ms):
    import time

    time.sleep_ms(timeout_ms)


def _no_debug(text):
    pass
