"""Millisecond tick arithmetic that wraps like MicroPython's ``time.ticks_ms`` (period 2**30).

A table can stay switched on for weeks; ticks wrap after about 12 days, so every comparison of
times in this package goes through ``ticks_diff``. The host feeds the same kind of number
(``host_ticks_ms``) so both sides run the same code.
"""

TICKS_PERIOD = 1 << 30
TICKS_MAX = TICKS_PERIOD - 1
_HALF = TICKS_PERIOD // 2


def ticks_diff(a, b):
    """Signed difference ``a - b`` of two tick values, correct across one wrap."""
    return ((a - b + _HALF) & TICKS_MAX) - _HALF


def ticks_add(a, delta):
    """Tick value ``delta`` milliseconds after ``a``."""
    return (a + delta) & TICKS_MAX
