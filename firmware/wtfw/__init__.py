"""wtfw: the wordtable table-board firmware (MicroPython).

The board knows cells, tags, buttons and pixels, and no game: it reports debounced cell changes and
button edges to the host over the wtproto link, and shows what the host sends. Hardware reaches the
code through constructors (see board.py and firmware/README.md for the interfaces a driver implements).
"""

# The firmware's version, announced in HELLO. The one place it is written down.
FW_VERSION = (0, 1, 0)


def forget(*names):
    """Drop the modules ``names`` (dotted) and their attributes on their packages, so that their
    code can leave the heap: in MicroPython code is heap unless it is frozen into the firmware
    image. For what runs once (a board's configuration) or seldom (diagnostics)."""
    import sys

    for name in names:
        sys.modules.pop(name, None)
        package, _dot, attr = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and attr in parent.__dict__:
            delattr(parent, attr)
