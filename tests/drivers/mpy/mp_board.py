"""The whole firmware (App, scanner, link) on the real board's drivers over the stand-in table:
what the host sees when tiles are laid, buttons pressed and the panel asked to show a screen."""

from check import eq
from standin_host import PicoRig
from standin_table import TableBench, pico_board, sweep
from standin_tags import ntag213
from wtfw.boards import pinmaps
from wtproto import messages as m

UID = b"\x04\x51\x62\x73\x84\x95\xa6"
W = 296
H = 128
STRIDE = 37


def linked(bench=None):
    rig = PicoRig(bench)
    rig.step()
    rig.link_up()
    rig.take(m.LOG)
    return rig


def screen(seed):
    return bytearray(((i * 7 + seed * 13) ^ (i >> 5)) & 0xFF for i in range(STRIDE * H))


def send_screen(rig, image, flags=m.REFRESH_FULL, rows=16):
    for y in range(0, H, rows):
        last = y + rows >= H
        rig.send(
            m.DISPLAY,
            m.pack_display(
                0,
                y,
                W,
                rows,
                flags if last else m.REFRESH_NONE,
                bytes(image[y * STRIDE : (y + rows) * STRIDE]),
            ),
        )


def test_the_pico_board_is_wired_as_its_pin_map_says():
    bench, board = pico_board()
    eq(bench.problems, [], "wiring mistakes")
    eq(board.name, "pico")
    eq(board.geometry, (15, 15, 4, 24, 4))
    eq(board.reader.ncells, 321)
    eq((board.panel.width, board.panel.height), (296, 128))
    eq(board.cells_per_step, 40)
    eq(bench.reader_bus.baudrate, 10000000, "MFRC522 SPI clock")
    eq(board.feedback in board.services, True, "blinking and beeping run every loop step")
    import sys

    import wtfw.boards

    eq(
        [n for n in ("wtfw.boards.pinmaps", "drivers.antenna_layout") if n in sys.modules],
        [],
        "boot-only modules dropped once the board is built",
    )
    eq("pinmaps" in wtfw.boards.__dict__, False)


def test_the_esp32s3_board_builds_from_its_pin_map_and_reads_tags():
    bench, board = pico_board(TableBench(pinmaps.ESP32S3))
    eq(bench.problems, [])
    eq(board.name, "esp32s3")
    bench.place(17, ntag213(UID))
    sweep(board.reader)
    eq(sweep(board.reader), {17: UID})


def test_a_tile_laid_on_the_real_readers_reaches_the_host_as_a_cell_event():
    rig = linked()
    rig.bench.place(112, ntag213(UID))
    rig.run_until(lambda: any(t == m.CELL for t, _p in rig.got), 2000)
    eq(rig.cells(), [(112, UID)])
    rig.bench.lift(112)
    rig.run_until(lambda: any(t == m.CELL for t, _p in rig.got), 2000)
    eq(rig.cells(), [(112, b"")])


def test_a_screen_sent_by_the_host_reaches_the_glass_and_a_second_waits_for_the_busy_panel():
    rig = linked()
    first = screen(1)
    send_screen(rig, first)
    rig.step(3)
    eq(rig.panel.busy(), True, "refreshing")
    second = screen(2)
    send_screen(rig, second, m.REFRESH_PARTIAL)
    rig.step(3)
    eq(rig.bench.panel.landscape() == first, True, "the first screen is on the glass")
    rig.run_until(lambda: rig.panel.partial == 1 and not rig.panel.busy(), 10000, 50)
    eq(rig.bench.panel.landscape() == second, True, "then the second")
    eq(rig.bench.panel.errors, [], "nothing was sent to the busy controller")


def test_a_button_press_reaches_the_host():
    rig = linked()
    rig.bench.buttons.press(1 * 4 + 2)
    rig.run_until(lambda: any(t == m.BUTTON for t, _p in rig.got), 1000, 5)
    seat, button, action, _t = m.unpack_button(rig.take(m.BUTTON)[0])
    eq((seat, button, action), (1, 2, m.PRESSED))


def test_led_and_beep_messages_drive_the_leds_and_the_buzzer():
    rig = linked()
    rig.send(m.LED, m.pack_led(3, (10, 20, 30), m.LED_ON))
    rig.send(m.BEEP, m.pack_beep(1000, 50, 1))
    rig.step(2)
    eq(rig.bench.leds.rgb(3), (10, 20, 30))
    eq(rig.bench.buzzer.log[-1][1:], (1000, 32768), "sounding at 1 kHz")
    rig.run_until(lambda: rig.bench.buzzer.log[-1][2] == 0, 1000, 5)


def test_a_silent_reader_is_named_to_the_host_and_the_rest_of_the_table_keeps_reporting():
    bench = TableBench()
    bench.readers[5].miso_stuck = 0xFF
    rig = PicoRig(bench)
    rig.step()
    rig.link_up()
    rig.run_until(lambda: any(t == m.LOG for t, _p in rig.got), 500)
    level, code, text = rig.logs()[0]
    eq((level, code), (m.WARNING, m.CODE_READER))
    eq(text.startswith("reader 5 (chip select 5) does not answer: VersionReg reads FFh"), True, text)
    rig.bench.place(0, ntag213(UID))
    rig.run_until(lambda: any(t == m.CELL for t, _p in rig.got), 2000)
    eq(rig.cells(), [(0, UID)])
    eq(rig.app.scanner.read_errors > 0, True, "the silent reader's cells count as read errors")


def test_a_panel_that_stays_busy_is_reported_and_the_scan_goes_on():
    bench = TableBench()
    bench.panel.stuck_busy = True
    rig = PicoRig(bench)
    rig.step()
    rig.link_up()
    send_screen(rig, screen(3))
    rig.bench.place(5, ntag213(UID))
    panel_logs = []

    def two_panel_logs():
        panel_logs.extend(log for log in rig.logs() if log[1] == m.CODE_PANEL)
        return len(panel_logs) >= 2

    rig.run_until(two_panel_logs, 20000, 100)
    eq([(level, code) for level, code, _t in panel_logs], [(m.ERROR, m.CODE_PANEL)] * 2)
    eq(panel_logs[0][2].startswith("the display panel stays busy after reset"), True, panel_logs[0][2])
    eq(panel_logs[1][2].startswith("the display panel has been busy for"), True, panel_logs[1][2])
    eq((5, UID) in rig.cells(), True, "the tile was reported meanwhile")


def test_two_tags_on_one_cell_are_reported_to_the_host_naming_the_cell():
    rig = linked()
    rig.bench.place(140, ntag213(UID))
    rig.bench.place(140, ntag213(b"\x04\x51\x62\x73\x84\x95\xa7"))
    rig.run_until(lambda: any(t == m.LOG for t, _p in rig.got), 2000)
    level, code, text = rig.logs()[0]
    eq((level, code), (m.WARNING, m.CODE_READER))
    eq(text.startswith("cell 140 (reader 4, antenna 5): two or more tags on one antenna"), True, text)
