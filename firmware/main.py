"""Entry point of the table-board firmware.

On the MicroPython unix port (sys.platform "linux") it runs the ``sim`` board built from the
command line; on a board it runs that board's configuration. Exceptions in the loop are reported to
the host (LOG with CODE_EXCEPTION) and the loop starts again: the board never stops on its own.
It stops when the host sends REPL (``make deploy``: a board then shows the MicroPython REPL), and
the sim also when its serial line (stdin) is closed.
"""

import gc

# Compiling the modules leaves garbage between their code; collecting as we import keeps free
# memory in large blocks, which the cell tables, the panel RAM and 1 KB frames need.
gc.threshold(4096)

import sys  # noqa: E402
import time  # noqa: E402

from micropython import const  # noqa: E402
from wtfw.app import App  # noqa: E402

_IDLE_WAIT_MS = const(5)  # longest wait for input when there is nothing to do
_FAULT_PAUSE_MS = const(100)  # after an exception, so a lasting fault does not spin the CPU


def build_board(argv):
    """The board of this platform, built from ``argv`` (the sim's options; a board has none)."""
    from wtfw import boards

    board = boards.build(argv)
    drop_configuration()
    return board


def drop_configuration():
    """The configuration runs once: forget its modules so that their code leaves the heap (what the
    board built stays; a function it handed over would keep its module's globals alive)."""
    from wtfw import forget

    forget(*[name for name in sys.modules if name.startswith("wtfw.boards.")])
    forget("wtfw.boards")


def run(board, app):
    """The loop, until the serial line closes (sim) or the host asks for the REPL."""
    transport = board.transport
    while not transport.closed and not app.repl_requested:
        try:
            while not transport.closed and not app.repl_requested:
                if not app.step(time.ticks_ms()):
                    board.wait(_IDLE_WAIT_MS)
        except Exception as e:  # the board must outlive any bug: report and go on
            app.report_exception(e, time.ticks_ms())
            board.wait(_FAULT_PAUSE_MS)
    if transport.closed:
        board.debug("the serial line was closed; stopping")


def main():
    board = build_board(sys.argv[1:])
    app = App(board, time.ticks_ms())
    gc.threshold(-1)
    gc.collect()
    board.debug(
        "firmware up: board %s, %d cells, boot_id %04x" % (board.name, board.reader.ncells, app.boot_id)
    )
    run(board, app)
    try:
        import micropython

        micropython.kbd_intr(3)  # Ctrl-C works again in the REPL that follows
    except (ImportError, AttributeError):
        pass


if __name__ == "__main__":
    main()
