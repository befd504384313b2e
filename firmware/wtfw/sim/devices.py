"""The sim's seat buttons and feedback (LEDs, buzzer): state that the control channel sets and reads;
and where the sim's diagnostics go."""

import sys

from micropython import const

_RELEASED = const(0)  # the actions of wtproto's BUTTON message
_PRESSED = const(1)


def debug(text):
    # stdout is the serial line: diagnostics go to stderr only.
    sys.stderr.write("wtfw: %s\n" % text)


class SimButtons:
    """``seats`` x ``per_seat`` buttons pressed and released through the control channel."""

    def __init__(self, seats, per_seat):
        self.seats = seats
        self.per_seat = per_seat
        self.down = bytearray(seats * per_seat)
        self._edges = []

    def poll(self, now_ms):
        """Edges since the last call as (seat, button, action, t_ms); () when there were none."""
        if not self._edges:
            return ()
        edges = self._edges
        self._edges = []
        return edges

    def press(self, seat, button, now_ms):
        i = seat * self.per_seat + button
        if self.down[i]:
            raise ValueError("seat %d button %d is already pressed; release it first" % (seat, button))
        self.down[i] = 1
        self._edges.append((seat, button, _PRESSED, now_ms))

    def release(self, seat, button, now_ms):
        i = seat * self.per_seat + button
        if not self.down[i]:
            raise ValueError("seat %d button %d is not pressed" % (seat, button))
        self.down[i] = 0
        self._edges.append((seat, button, _RELEASED, now_ms))


class SimFeedback:
    """Remembers the last LED and beep command the host sent, and how many there were."""

    def __init__(self):
        self.last_led = None
        self.last_beep = None
        self.leds = 0
        self.beeps = 0

    def led(self, led, rgb, mode, duration_ms):
        self.last_led = (led, rgb[0], rgb[1], rgb[2], mode, duration_ms)
        self.leds += 1

    def beep(self, freq_hz, duration_ms, count):
        self.last_beep = (freq_hz, duration_ms, count)
        self.beeps += 1
