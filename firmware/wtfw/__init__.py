"""wtfw: the wordtable table-board firmware (MicroPython).

The board knows cells, tags, buttons and pixels, and no game: it reports debounced cell changes and
button edges to the host over the wtproto link, and shows what the host sends. Hardware reaches the
code through constructors (see board.py and firmware/README.md for the interfaces a driver implements).
"""

# The firmware's version, announced in HELLO. The one place it is written down.
FW_VERSION = (0, 1, 0)
