"""The SSD1680 panel driver against the model of the controller: what reaches the glass."""

import random

from check import eq
from standin_table import TableBench, pico_board

W = 296
H = 128
STRIDE = (W + 7) // 8


def picture(seed, w=W, h=H):
    """Rows of (w+7)//8 random bytes, MSB leftmost, 1 = ink."""
    random.seed(seed)
    return bytearray(random.getrandbits(8) for _ in range(((w + 7) // 8) * h))


def paste(image, x, y, w, h, data):
    # What the host expects: the region's bytes (padding bits included) over the picture.
    s = (w + 7) // 8
    for row in range(h):
        for i in range(s):
            if x // 8 + i < STRIDE:
                image[(y + row) * STRIDE + x // 8 + i] = data[row * s + i]


def send_in_stripes(panel, data, rows=8):
    # The host sends a screen as regions of a few rows (one DISPLAY frame each).
    for y in range(0, H, rows):
        panel.write_region(0, y, W, rows, data[y * STRIDE : (y + rows) * STRIDE])


def wait(bench, panel):
    bench.clock.sleep_ms(3100)
    eq(panel.busy(), False, "the refresh is over")


def board(rotation=90):
    bench = TableBench()
    if rotation != 90:
        pins = dict(bench.pins)
        pins["panel"] = dict(pins["panel"], rotation=rotation)
        bench = TableBench(pins)
    return pico_board(bench)


def test_init_sets_296_gates_and_clears_both_rams_to_white_without_a_refresh():
    bench, b = board()
    model = bench.panel
    eq(model.mux_gates, 296)
    eq(model.entry, 0x03, "data entry: X then Y, increasing")
    eq(set(model.bw), {0xFF}, "RAM 24h white")
    eq(set(model.red), {0xFF}, "RAM 26h white")
    eq(model.refreshes, [], "the panel keeps its old picture until the first refresh")
    eq(model.errors, [])


def test_a_full_refresh_shows_the_picture_sent_in_either_rotation():
    for rotation in (90, 270):
        bench, b = board(rotation)
        panel = b.panel
        eq((panel.width, panel.height), (W, H))
        image = picture(rotation)
        send_in_stripes(panel, image)
        panel.refresh(True)
        eq(panel.busy(), True, "BUSY while refreshing")
        wait(bench, panel)
        eq(bench.panel.refreshes[-1][0], 0xF7, "full update sequence")
        eq(
            bench.panel.landscape(rotation) == image,
            True,
            "the glass shows the picture (rotation %d)" % rotation,
        )
        eq(bench.panel.errors, [])


def test_a_partial_refresh_changes_a_window_and_leaves_the_rest():
    bench, b = board()
    panel = b.panel
    image = picture(1)
    send_in_stripes(panel, image)
    panel.refresh(True)
    wait(bench, panel)
    x, y, w, h = 64, 37, 72, 30  # y and y + h do not fall on the controller's 8-pixel bytes
    region = picture(2, w, h)
    panel.write_region(x, y, w, h, region)
    panel.refresh(False)
    wait(bench, panel)
    paste(image, x, y, w, h, region)
    eq(bench.panel.refreshes[-1][0], 0xFF, "partial update sequence (display mode 2)")
    eq(bench.panel.landscape() == image, True, "window changed, the rest as it was")
    eq(bench.panel.errors, [])


def test_partial_refreshes_one_after_another_leave_no_stale_pixels():
    bench, b = board()
    panel = b.panel
    image = picture(3)
    send_in_stripes(panel, image)
    panel.refresh(True)
    wait(bench, panel)
    random.seed(4)
    for i in range(6):
        w = 8 * random.randint(1, 12)
        h = random.randint(1, 40)
        x = 8 * random.randint(0, (W - w) // 8)
        y = random.randint(0, H - h)
        region = picture(10 + i, w, h)
        panel.write_region(x, y, w, h, region)
        if i % 2:  # sometimes two regions before one refresh
            panel.write_region(0, 0, 16, 2, picture(20 + i, 16, 2))
            paste(image, 0, 0, 16, 2, picture(20 + i, 16, 2))
        panel.refresh(False)
        wait(bench, panel)
        paste(image, x, y, w, h, region)
        eq(bench.panel.landscape() == image, True, "after partial refresh %d" % i)


def test_the_first_refresh_after_power_up_is_full_even_when_partial_is_asked():
    bench, b = board()
    panel = b.panel
    panel.write_region(0, 0, 8, 8, bytes(8))
    panel.refresh(False)
    eq(bench.panel.refreshes[-1][0], 0xF7, "RAM 26h does not know the old picture yet")
    eq((panel.full, panel.partial), (1, 0))


def test_regions_that_do_not_fit_are_refused_with_the_reason():
    _bench, b = board()
    for args, words in (
        ((3, 0, 8, 1, b"\x00"), "region 8x1 at (3,0) does not fit the 296x128 panel"),
        ((0, 120, 8, 9, bytes(9)), "region 8x9 at (0,120) does not fit"),
        ((0, 0, 16, 2, bytes(3)), "region 16x2 needs 4 bytes, not 3"),
    ):
        try:
            b.panel.write_region(*args)
        except ValueError as e:
            eq(str(e).startswith(words), True, str(e))
        else:
            raise AssertionError("accepted %r" % (args,))


def test_a_panel_stuck_busy_fails_its_start_with_a_fault_and_never_blocks():
    ok = TableBench()
    t0 = ok.clock.ns
    pico_board(ok)
    ok_ms = (ok.clock.ns - t0) // 1000000  # the readers' start and settle measurement, the panel's start
    bench = TableBench()
    bench.panel.stuck_busy = True
    lines = []
    t0 = bench.clock.ns
    bench, b = pico_board(bench, lines.append)
    spent_ms = (bench.clock.ns - t0) // 1000000 - ok_ms
    eq(b.panel.fault is not None, True)
    eq(b.panel.fault in lines, True, "the fault went to the board's debug output: %r" % lines)
    eq(b.panel.fault.startswith("the display panel stays busy after reset"), True, b.panel.fault)
    eq(b.panel.busy(), True)
    eq(bench.panel.commands, [], "nothing was sent to a busy controller")
    if spent_ms > 500:
        raise AssertionError("a stuck panel made building the board %d ms longer" % spent_ms)


def test_a_partial_update_moves_far_fewer_bytes_than_a_full_screen():
    bench, b = board()
    panel = b.panel
    send_in_stripes(panel, picture(5))
    panel.refresh(True)
    wait(bench, panel)
    # Each update ends with the next refresh, before which the window just shown is copied into
    # RAM 26h: that copy belongs to the update.
    start = bench.panel_bus.bytes
    send_in_stripes(panel, picture(6))
    panel.refresh(True)
    wait(bench, panel)
    panel.refresh(False)
    full = bench.panel_bus.bytes - start
    wait(bench, panel)
    start = bench.panel_bus.bytes
    panel.write_region(128, 16, 64, 16, picture(7, 64, 16))
    panel.refresh(False)
    wait(bench, panel)
    panel.refresh(False)
    partial = bench.panel_bus.bytes - start
    eq(full > 2 * 4736, True, "a full screen is written twice (RAM 24h, then 26h): %d bytes" % full)
    eq(partial * 20 < full, True, "partial %d bytes, full %d" % (partial, full))


def test_framebuf_drawing_reaches_the_glass():
    bench, b = board()
    panel = b.panel
    panel.fill(0)
    panel.fill_rect(10, 20, 30, 5, 1)
    panel.text("WT", 100, 60, 1)
    panel.show()
    wait(bench, panel)
    glass = bench.panel.landscape()

    def ink(x, y):
        return (glass[y * STRIDE + x // 8] >> (7 - x % 8)) & 1

    eq(
        [ink(10, 20), ink(39, 24), ink(10, 19), ink(40, 20)],
        [1, 1, 0, 0],
        "the rectangle's corners and outside",
    )
    drawn = [(x, y) for y in range(60, 68) for x in range(100, 116) if panel.pixel(x, y)]
    eq(len(drawn) > 10, True, "the text has ink")
    eq([ink(x, y) for x, y in drawn], [1] * len(drawn), "every pixel of the text")
