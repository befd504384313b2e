"""The few names that differ between MicroPython and CPython, in one place."""

try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):  # type: ignore[no-redef,misc]  # the stubs' const is generic; this one is the identity
        return x


try:
    from typing import TYPE_CHECKING  # noqa: F401
except ImportError:  # MicroPython without typing
    TYPE_CHECKING = False
