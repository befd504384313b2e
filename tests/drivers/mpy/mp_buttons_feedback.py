"""Seat buttons on the 74HC165 chain (sharing the panel's SPI bus), the WS2812 LEDs and the buzzer."""

from check import eq
from standin_table import pico_board

PRESSED = 1
RELEASED = 0


def test_a_press_is_reported_once_after_the_debounce_time_with_its_start_time():
    bench, b = pico_board()
    buttons = b.buttons
    eq(buttons.poll(1000), ())
    bench.buttons.press(2 * 4 + 3)  # seat 2, button 3
    eq(buttons.poll(1005), (), "not stable for 20 ms yet")
    eq(buttons.poll(1015), ())
    eq(buttons.poll(1025), [(2, 3, PRESSED, 1005)], "press, timed when it began")
    eq(buttons.poll(1045), (), "reported once")
    bench.buttons.release(11)
    buttons.poll(1050)
    eq(buttons.poll(1071), [(2, 3, RELEASED, 1050)])


def test_contact_bounce_shorter_than_the_debounce_time_makes_no_edge():
    bench, b = pico_board()
    buttons = b.buttons
    t = 1000
    for i in range(6):  # 6 ms of bouncing, one poll per millisecond
        if i % 2:
            bench.buttons.release(0)
        else:
            bench.buttons.press(0)
        eq(buttons.poll(t), (), "bounce at %d ms" % t)
        t += 1
    bench.buttons.release(0)
    eq(buttons.poll(t + 30), ())
    eq(buttons.poll(t + 60), (), "it ended released: nothing happened")
    eq(buttons.is_down(0, 0), False)


def test_every_button_of_every_seat_reaches_its_seat_and_number():
    bench, b = pico_board()
    buttons = b.buttons
    buttons.poll(0)
    for i in range(16):
        bench.buttons.press(i)
    buttons.poll(10)
    edges = buttons.poll(40)
    eq(sorted((s, k) for s, k, action, _t in edges), [(s, k) for s in range(4) for k in range(4)])
    eq({e[2] for e in edges}, {PRESSED})


def test_panel_traffic_between_polls_does_not_disturb_the_buttons():
    bench, b = pico_board()
    buttons = b.buttons
    bench.buttons.press(5)
    buttons.poll(0)
    b.panel.write_region(0, 0, 296, 8, bytes(37 * 8))  # clocks the shift registers too
    eq(buttons.poll(30), [(1, 1, PRESSED, 0)])
    eq(bench.buttons.loads, 2, "one latch per poll")


def test_an_led_is_lit_with_ws2812_timing_in_grb_order():
    bench, b = pico_board()
    fb = b.feedback
    fb.led(2, (255, 16, 1), 1, 0)
    eq(bench.leds.bad, [], "bitstream calls not shaped like WS2812 data")
    eq([bench.leds.rgb(i) for i in range(4)], [(0, 0, 0), (0, 0, 0), (255, 16, 1), (0, 0, 0)])
    eq(bytes(bench.leds.grb[6:9]), b"\x10\xff\x01", "green, red, blue on the wire")
    frames = bench.leds.frames
    fb.service(bench.clock.ticks_ms())
    eq(bench.leds.frames, frames, "no new frame when nothing changed")


def test_all_leds_blink_and_a_timed_led_goes_off():
    bench, b = pico_board()
    fb = b.feedback
    t0 = bench.clock.ticks_ms()
    fb.led(255, (0, 255, 0), 2, 1000)
    seen = []
    for dt in (0, 100, 300, 600, 800, 1100):
        fb.service(t0 + dt)
        seen.append(bench.leds.rgb(3))
    eq(
        seen,
        [(0, 255, 0), (0, 255, 0), (0, 0, 0), (0, 255, 0), (0, 0, 0), (0, 0, 0)],
        "on 250 ms, off 250 ms, off for good after 1000 ms",
    )


def test_a_beep_sounds_count_times_for_its_duration():
    bench, b = pico_board()
    fb = b.feedback
    pwm = bench.buzzer
    t0 = bench.clock.ticks_ms() + 1
    bench.clock.ns = t0 * 1000000
    fb.beep(880, 100, 2)
    for dt in range(0, 500, 10):
        bench.clock.ns = (t0 + dt) * 1000000
        fb.service(t0 + dt)
    ons = [(t, f) for t, f, d in pwm.log if d]
    offs = [t for t, f, d in pwm.log if not d]
    eq(len(ons), 2, "two beeps: %r" % pwm.log)
    eq({f for _t, f in ons}, {880})
    eq([(offs[-2] - ons[0][0]) // 1000, (offs[-1] - ons[1][0]) // 1000], [100, 100], "each 100 ms long")
    eq((ons[1][0] - offs[-2]) // 1000, 100, "a 100 ms gap")


def test_an_led_the_board_does_not_have_is_refused():
    _bench, b = pico_board()
    try:
        b.feedback.led(4, (1, 2, 3), 1, 0)
    except ValueError as e:
        eq(str(e), "LED 4 does not exist; the board has LEDs 0 to 3")
    else:
        raise AssertionError("LED 4 accepted")
