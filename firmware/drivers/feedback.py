"""Feedback for the players: WS2812 LEDs (one per seat) and a buzzer on PWM.

The interface the app calls (firmware/README.md): ``led(led, rgb, mode, duration_ms)`` and
``beep(freq_hz, duration_ms, count)``; both return at once. Blinking, the end of a timed LED and
the beats of a beep run in ``service(now_ms)``, which the board runs every loop step.

The LEDs are written with ``machine.bitstream`` at WS2812 timing, as micropython's neopixel module
does, but only when their colours change; a 5 V WS2812 needs its data line lifted from 3.3 V by a
74AHCT125 (hardware/wiring.md).
"""

import time

from micropython import const

_LED_OFF = const(0)  # the modes of wtproto's LED message
_LED_ON = const(1)
_LED_BLINK = const(2)
_LED_ALL = const(0xFF)
_BLINK_MS = const(250)  # on, then off, as long
_WS2812_TIMING = const((400, 850, 800, 450))  # ns: 0 high, 0 low, 1 high, 1 low
_GAP_MIN_MS = const(60)


class Feedback:
    """``pin``: the LEDs' data pin, ``count`` LEDs; ``bitstream``: machine.bitstream;
    ``pwm``: a machine.PWM on the buzzer pin; ``clock``: ``ticks_ms`` (the time module)."""

    def __init__(self, pin, count, bitstream, pwm, clock=time):
        self.pin = pin
        self.count = count
        self.bitstream = bitstream
        self.pwm = pwm
        self.clock = clock
        self._rgb = bytearray(3 * count)
        self._mode = bytearray(count)
        self._until = [None] * count  # ms tick when the LED goes off; None: until changed
        self._grb = bytearray(3 * count)
        self._sent = bytearray(3 * count)
        self._blink_from = 0
        self.frames = 0  # bitstream writes
        self._beeps = 0  # beeps still to sound, the current one included
        self._beep_ms = 0
        self._beep_on = False
        self._beep_next = 0
        self.beeps = 0
        pwm.duty_u16(0)
        self._write()

    def led(self, led, rgb, mode, duration_ms):
        """LED ``led`` (255: every one) to ``rgb`` in ``mode`` (off, on, blink) for
        ``duration_ms`` (0: until changed). ValueError for an LED the board does not have."""
        if led != _LED_ALL and not 0 <= led < self.count:
            raise ValueError("LED %d does not exist; the board has LEDs 0 to %d" % (led, self.count - 1))
        if mode not in (_LED_OFF, _LED_ON, _LED_BLINK):
            raise ValueError("LED mode %d is not off (0), on (1) or blink (2)" % mode)
        now = self.clock.ticks_ms()
        until = time.ticks_add(now, duration_ms) if duration_ms and mode != _LED_OFF else None
        for i in range(self.count):
            if led == _LED_ALL or i == led:
                self._rgb[3 * i] = rgb[0]
                self._rgb[3 * i + 1] = rgb[1]
                self._rgb[3 * i + 2] = rgb[2]
                self._mode[i] = mode
                self._until[i] = until
        if mode == _LED_BLINK:
            self._blink_from = now
        self.service(now)

    def beep(self, freq_hz, duration_ms, count):
        """``count`` beeps of ``freq_hz`` for ``duration_ms`` each, with gaps as long (at least
        60 ms); count 0, or a frequency or duration of 0, silences the buzzer."""
        now = self.clock.ticks_ms()
        if not count or not freq_hz or not duration_ms:
            self._beeps = 0
            self._silence()
            return
        self.pwm.freq(freq_hz)
        self._beeps = count
        self._beep_ms = duration_ms
        self._sound(now)

    def _sound(self, now):
        self.pwm.duty_u16(32768)
        self._beep_on = True
        self._beep_next = time.ticks_add(now, self._beep_ms)
        self.beeps += 1

    def _silence(self):
        self.pwm.duty_u16(0)
        self._beep_on = False

    def service(self, now_ms):
        """Advance blinking, timed LEDs and beeps to ``now_ms``; returns False (it never needs
        another loop step at once)."""
        if self._beeps and time.ticks_diff(now_ms, self._beep_next) >= 0:
            if self._beep_on:
                self._silence()
                self._beeps -= 1
                self._beep_next = time.ticks_add(now_ms, max(self._beep_ms, _GAP_MIN_MS))
            else:
                self._sound(now_ms)
        phase = (time.ticks_diff(now_ms, self._blink_from) // _BLINK_MS) & 1
        grb = self._grb
        rgb = self._rgb
        for i in range(self.count):
            until = self._until[i]
            if until is not None and time.ticks_diff(now_ms, until) >= 0:
                self._mode[i] = _LED_OFF
                self._until[i] = None
            m = self._mode[i]
            lit = m == _LED_ON or (m == _LED_BLINK and not phase)
            grb[3 * i] = rgb[3 * i + 1] if lit else 0
            grb[3 * i + 1] = rgb[3 * i] if lit else 0
            grb[3 * i + 2] = rgb[3 * i + 2] if lit else 0
        if grb != self._sent:
            self._write()
        return False

    def _write(self):
        self.bitstream(self.pin, 0, _WS2812_TIMING, self._grb)
        self._sent[:] = self._grb
        self.frames += 1

    def colour(self, i):
        """(r, g, b) LED ``i`` shows now."""
        g = self._sent
        return g[3 * i + 1], g[3 * i], g[3 * i + 2]
