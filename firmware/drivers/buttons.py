"""Seat buttons on a chain of 74HC165 shift registers, read over SPI, debounced.

A pulse on ``load`` (SH/LD, active low) latches every input; one SPI read then clocks them out,
the first register's input H first (so byte j holds register j, input A in bit 0). Buttons pull
their input to ground against a 10k pull-up: a pressed button reads 0. The registers share the
SPI bus of the panel (their QH on its MISO); while the panel's chip select is high the panel
ignores the clock.

A level must hold for ``debounce_ms`` before it counts; the edge carries the time it began.
"""

import time

from micropython import const

_RELEASED = const(0)  # the actions of wtproto's BUTTON message
_PRESSED = const(1)


class ShiftRegisterButtons:
    """``seats`` x ``per_seat`` buttons; button b of seat s is input s * per_seat + b of the chain
    (register (s * per_seat + b) // 8, input A + the remainder)."""

    def __init__(self, spi, load, seats, per_seat, debounce_ms=20):
        n = seats * per_seat
        self.spi = spi
        self.load = load
        self.seats = seats
        self.per_seat = per_seat
        self.debounce_ms = debounce_ms
        self.count = n
        self._raw = bytearray((n + 7) // 8)
        self._level = bytearray(n)  # last level read, 1 = pressed
        self._since = [0] * n  # when that level began (ms)
        self.down = bytearray(n)  # the debounced state
        self.polls = 0
        load(1)

    def poll(self, now_ms):
        """Edges since the last call as (seat, button, action, t_ms); () when there were none."""
        self.load(0)
        self.load(1)
        self.spi.readinto(self._raw, 0x00)
        self.polls = (self.polls + 1) & 0x3FFFFFFF  # wraps before it would allocate (a big int)
        raw = self._raw
        level = self._level
        since = self._since
        down = self.down
        edges = None
        for i in range(self.count):
            v = 0 if (raw[i >> 3] >> (i & 7)) & 1 else 1
            if v != level[i]:
                level[i] = v
                since[i] = now_ms
            elif v != down[i] and time.ticks_diff(now_ms, since[i]) >= self.debounce_ms:
                down[i] = v
                if edges is None:
                    edges = []
                edges.append((i // self.per_seat, i % self.per_seat, _PRESSED if v else _RELEASED, since[i]))
        return edges if edges is not None else ()

    def is_down(self, seat, button):
        return bool(self.down[seat * self.per_seat + button])
