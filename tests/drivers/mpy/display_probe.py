"""Figures for bench/hardware_display.py: ``run.py display_probe run TMP`` prints ``NAME VALUE``.

The real SSD1680 driver (wtfw.boards.pico, SPI at 4 MHz) against the model of the controller:
bytes and SPI calls of a full-screen update and of partial ones, each including the copy of the
shown window into RAM 26h that precedes the next update, and the unix port's CPU time to take a
full screen in (the host sends it as 8 regions of 16 rows).
"""

import time

from standin_table import pico_board

W = 296
H = 128
STRIDE = 37


def _wait(bench, panel):
    bench.clock.sleep_ms(3100)
    if panel.busy():
        raise AssertionError("the panel is still busy")


def _update(bench, panel, regions, full):
    bus = bench.panel_bus
    b0, c0 = bus.bytes, bus.calls
    for x, y, w, h, data in regions:
        panel.write_region(x, y, w, h, data)
    panel.refresh(full)
    _wait(bench, panel)
    panel._flush_sync()  # what the next update sends first: the shown window into RAM 26h
    return bus.bytes - b0, bus.calls - c0


def run():
    bench, board = pico_board()
    panel = board.panel
    screen = bytes((i * 7) & 0xFF for i in range(STRIDE * H))
    stripes = [(0, y, W, 16, screen[y * STRIDE : (y + 16) * STRIDE]) for y in range(0, H, 16)]
    _update(bench, panel, stripes, True)  # the first refresh after power-up is full anyway
    for name, regions, full in (
        ("full_screen", stripes, True),
        ("partial_score_box_96x24", [(192, 8, 96, 24, bytes(12 * 24))], False),
        ("partial_text_line_296x16", [(0, 56, W, 16, bytes(STRIDE * 16))], False),
        ("partial_whole_screen", stripes, False),
    ):
        nbytes, calls = _update(bench, panel, regions, full)
        print("%s_bytes %d" % (name, nbytes))
        print("%s_calls %d" % (name, calls))
    times = []
    for _ in range(5):
        t0 = time.ticks_us()
        for x, y, w, h, data in stripes:
            panel.write_region(x, y, w, h, data)
        times.append(time.ticks_diff(time.ticks_us(), t0))
    times.sort()
    print("unix_full_screen_write_us %d" % times[2])
    print("panel_errors %d" % len(bench.panel.errors))
