"""wtproto: the wordtable board protocol, shared unchanged by the firmware (MicroPython) and the host
(CPython).

Pure code only: no I/O, no clock reads (times are passed in as millisecond ticks), no typing,
dataclasses or enum at run time. See docs/protocol.md for the wire format.
"""

PROTOCOL_VERSION = 1

try:
    from micropython import const  # noqa: F401  # folds constants at compile time on the board
except ImportError:  # CPython

    def const(x):  # type: ignore[misc]  # the stubs' const is generic; this one is the identity
        return x
