"""The scenario of tests/drivers/mpy/memory_probe.py (which see), imported once the firmware's
code is loaded and measured: compiled with the stand-ins, so its names and code are not the board's.
"""

import gc
import sys

from probe_line import Host, MemoryLine, wipe

TO_BOARD = bytearray(8192)  # stands for the kernel's buffer toward the board
BASE = CODE = CODE_BOOT = STANDINS = BOOT = 0
now = peak = rid = 0
phase = "boot"
peak_phase = ""
got = {1: 0, 3: 0, 4: 0, 5: 0, 0x10: 0, 0x11: 0, 0x13: 0, 0x15: 0, 0x17: 0}  # frames by type, sized now
line = MemoryLine(TO_BOARD)
host = Host(line, got)
bench = board = app = m = hc = hd = None


def live():
    wipe()
    gc.collect()
    return gc.mem_alloc() - BASE


def quiet():
    # The stand-ins' records grow as the firmware works: what the chips were told. Not the board's.
    del bench.panel.commands[:]
    del bench.panel.refreshes[:]
    if bench.buzzer is not None:
        del bench.buzzer.log[:]
    assert not bench.panel.errors, bench.panel.errors


def step(n=1, dt=5):
    global now, peak, peak_phase
    for _ in range(n):
        bench.clock.sleep_ms(dt)
        now = bench.clock.ticks_ms()
        app.step(now)
        host.take()
        quiet()
        used = live()
        if used > peak:
            peak = used
            peak_phase = phase


def step_until(done, what, limit=600, dt=5):
    for _ in range(limit):
        if done():
            return
        step(1, dt)
    raise AssertionError("%s did not happen within %d steps" % (what, limit))


def send_screen():
    # A full screen as the host sends it (wordtable.display.panel.region_payloads): rows of 37
    # bytes, 27 rows to a frame, five frames at once (the host's window is 8), the last asking for
    # the full refresh.
    for y in range(0, 128, 27):
        h = min(27, 128 - y)
        flags = m.REFRESH_FULL if y + h == 128 else m.REFRESH_NONE
        host.send(m.DISPLAY, hc.pack_display(0, y, 296, h, flags, bytes([y | 1]) * (37 * h)))


def send_partial():
    host.send(m.DISPLAY, hc.pack_display(64, 40, 96, 24, hc.REFRESH_PARTIAL, bytes(12 * 24)))
    host.send(m.LED, hc.pack_led(255, (0, 64, 0), hc.LED_BLINK, 1000))
    host.send(m.BEEP, hc.pack_beep(880, 80, 2))


def ask_diag(topic):
    global rid
    rid += 1
    host.send(m.DIAG_REQ, hd.pack_diag_req(rid, topic))


def ask_tag_write(cell):
    global rid
    rid += 1
    host.send(m.TAG_WRITE, hd.pack_tag_write(rid, cell, 4, b"\x03\x07\xd1\x01", 1))


def run(base, code_boot, code, before):
    """``base``: the heap before the firmware was loaded; ``code_boot``, ``code``: its code while
    booting and once the configuration is dropped; ``before``: the heap before this module."""
    global BASE, CODE, CODE_BOOT, STANDINS, BOOT, bench, board, app, m, hc, hd, peak, peak_phase, phase
    BASE, CODE_BOOT, CODE = base, code_boot, code
    main = sys.modules["main"]
    import standin_table  # noqa: E402
    import standin_tags  # noqa: E402
    from wtproto import frame, hostcodec, hostdiag  # noqa: E402
    from wtproto import messages as m  # noqa: E402, F811

    hc = hostcodec
    hd = hostdiag
    host.start(frame.Deframer(), frame.encode_frame, m.ACK, m.HELLO)
    bench = standin_table.TableBench()
    # One tag object per reader, laid on all of its antennas: the firmware holds a UID per cell whatever
    # the UIDs are, and 321 tag models would crowd the heap. A tag on cell 0 alone, for TAG_WRITE.
    tags = [standin_tags.Tag(bytes([4, r, 0x10, 0x20, 0x30, 0x40, 0x50])) for r in range(8)]
    for cell in range(1, len(bench.reader_of)):
        bench.place(cell, tags[bench.reader_of[cell]])
    bench.place(0, standin_tags.Tag(bytes([4, 0xEE, 0x10, 0x20, 0x30, 0x40, 0x51])))
    tags = None
    pico_board = standin_table.pico_board
    gc.collect()
    STANDINS = gc.mem_alloc() - before
    BASE += STANDINS

    _bench, board = pico_board(bench, None, line)
    main.drop_configuration()
    from wtfw.app import App  # noqa: E402

    app = App(board, bench.clock.ticks_ms(), 0x4242)
    App = pico_board = None
    gc.threshold(-1)
    quiet()
    BOOT = live()
    peak = BOOT
    peak_phase = phase

    step(3)
    phase = "handshake_and_321_CELL_reports"
    assert got[m.HELLO], "the board sent no HELLO"
    h = hc.unpack_hello_board(host.hello)
    host.send(m.HELLO_ACK, hc.pack_hello_ack(h["boot_id"], h["epoch"], (0, 1, 0)), False)
    h = None
    step_until(lambda: got[m.CELL] >= 321 and not app.link.pending(), "321 CELL reports")
    assert got[m.CELL] == 321, got

    phase = "SNAPSHOT"
    host.send(m.SNAPSHOT_REQ, hc.pack_snapshot_req(1))
    step_until(
        lambda: got[m.SNAPSHOT] >= 1 and not app.link.pending() and app._snapshot is None, "a SNAPSHOT"
    )

    phase = "full_screen_DISPLAY"
    send_screen()
    step_until(lambda: board.panel.full == 1 and not board.panel.busy(), "a full refresh", 2000, 5)

    phase = "partial_DISPLAY_LED_BEEP_button"
    send_partial()
    bench.buttons.press(3)
    step(40, 20)
    bench.buttons.release(3)
    step(20, 20)
    assert got[m.BUTTON] == 2, got

    phase = "DIAG_and_TAG_WRITE"
    for topic in range(5):  # summary, readers, cells, problems, settle (measured when asked)
        ask_diag(topic)
        step(4)
    ask_tag_write(0)
    step(4)
    assert got[m.DIAG] >= 5 and got[m.TAG_RESULT] == 1, got
    assert "wtfw.diag" not in sys.modules, "the diagnostics' code stayed in the heap"

    phase = "idle_with_heartbeats"
    for _ in range(5):
        host.send(m.HEARTBEAT, b"", False)
        step(20, 50)
    assert got[m.HEARTBEAT] >= 4, got
    assert app.state == 1 and app.events_dropped == 0 and app.exceptions == 0

    print("mem code", CODE)
    print("mem code_boot", CODE_BOOT)
    print("mem boot", BOOT)
    print("mem peak", peak)
    print("mem phase", peak_phase)
    print("mem standins", STANDINS)
    print("PASS")
