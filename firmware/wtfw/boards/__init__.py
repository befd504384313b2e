"""Board configurations: each module's ``build(...)`` returns a wtfw.board.Board."""

import sys


def build(argv):
    """The board of this platform: the ``sim`` on the unix port (sys.platform "linux"), built from
    the command-line options ``argv``, else ``pico``. Bad options end the program (status 2)."""
    if sys.platform == "linux":
        from . import sim

        try:
            return sim.build(argv)
        except (sim.UsageError, ValueError, OSError) as e:
            sys.stderr.write("main.py: error: %s\n%s\n" % (e, sim.USAGE))
            sys.exit(2)
    try:
        # a port whose drivers are missing from the image (a bare MicroPython) says so instead of a traceback
        from . import pico
    except ImportError as e:
        sys.stderr.write("no board configuration for platform %s (%s)\n" % (sys.platform, e))
        sys.exit(1)
    return pico.build()
