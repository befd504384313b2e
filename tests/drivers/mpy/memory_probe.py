"""The heap of the firmware on the real board's drivers: ``run.py memory_probe run TMP``.

The firmware (compiled to .mpy, as ``make deploy`` puts it on a board) is loaded first and its
code measured; then the stand-ins (their code, the chips' models, the host's end of the link) are
made and measured, so that they can be taken off the totals; then the board is built and runs:
a tag on each of the 321 cells from the start, handshake, every CELL report through, a SNAPSHOT, a
full-screen DISPLAY with a full refresh, a partial one, LED, BEEP, a button, heartbeats. After
every loop step the heap is collected and the live bytes counted.

Prints ``mem NAME BYTES`` lines: code_at_boot (the firmware's modules while it starts), code
(what stays once the boot-only pin map and layout are dropped), boot (code and data after boot),
peak (the most live at any step boundary), standins (what is taken off), phase (where the peak
was). Everything the interpreter had allocated before the firmware was loaded counts as firmware.
"""

import gc

_phase = "boot"
_peak = 0
_peak_phase = ""


def _live(standins):
    gc.collect()
    return gc.mem_alloc() - standins


def _note(rig, standins):
    global _peak, _peak_phase
    rig.got = []  # the host reads what arrives: do not let it pile up in the heap
    live = _live(standins)
    if live > _peak:
        _peak = live
        _peak_phase = _phase


def _run(rig, standins, steps, dt=0):
    for _ in range(steps):
        rig.step(1, dt)
        _note(rig, standins)


def _until(rig, standins, done, limit, dt=0):
    for _ in range(limit):
        if done():
            return
        rig.step(1, dt)
        _note(rig, standins)
    raise AssertionError("%s did not finish in %d steps" % (_phase, limit))


def _boot_only_size():
    # What the pin map and the layout code take, measured by loading them again.
    import sys

    gc.collect()
    a = gc.mem_alloc()
    import drivers.antenna_layout  # noqa: F401
    import wtfw.boards.pinmaps  # noqa: F401

    gc.collect()
    size = gc.mem_alloc() - a
    for name in ("drivers.antenna_layout", "wtfw.boards.pinmaps"):
        sys.modules.pop(name)
    del sys.modules["wtfw.boards"].pinmaps
    del sys.modules["drivers"].antenna_layout
    gc.collect()
    return size


def run():
    global _phase
    gc.collect()
    import sys

    import drivers.antenna_layout  # noqa: F401
    import wtfw.app  # noqa: F401
    import wtfw.boards.pico  # noqa: F401
    import wtfw.boards.pinmaps  # noqa: F401
    import wtfw.stdio  # noqa: F401  (a board's serial line; the probe uses a memory line)

    # Held until the board is built (it drops them then), so the stand-ins do not count them.
    boot_only = [sys.modules["drivers.antenna_layout"], sys.modules["wtfw.boards.pinmaps"]]

    gc.collect()
    code_at_boot = gc.mem_alloc()

    import standin_host
    import standin_table
    import standin_tags
    from wtproto import messages as m

    bench = standin_table.TableBench()
    # One tag object per reader, laid on all of its antennas: the firmware holds a UID per cell
    # whatever the UIDs are, and 321 tag models would crowd the heap the firmware is measured in.
    tags = [standin_tags.Tag(bytes([4, r, 0x10, 0x20, 0x30, 0x40, 0x50])) for r in range(8)]
    for cell in range(len(bench.reader_of)):
        bench.place(cell, tags[bench.reader_of[cell]])
    gc.collect()
    standins = gc.mem_alloc() - code_at_boot
    rig = standin_host.PicoRig(bench)  # the board drops the boot-only modules once built
    del boot_only[:]
    boot = _live(standins)
    code = code_at_boot - _boot_only_size()
    _run(rig, standins, 2)
    rig.link_up()

    _phase = "reporting_321_cells"
    reported = [0]

    def count_cells():
        reported[0] += len([1 for t, _p in rig.got if t == m.CELL])
        return reported[0] >= 321

    for _ in range(400):
        rig.step(1)
        if count_cells():
            break
        _note(rig, standins)
    else:
        raise AssertionError("only %d of 321 cells were reported" % reported[0])

    _phase = "snapshot"
    rig.send(m.SNAPSHOT_REQ, m.pack_snapshot_req(7))
    _run(rig, standins, 20)

    _phase = "full_screen_display"
    stride = 37
    image = bytes(((i * 7) ^ (i >> 4)) & 0xFF for i in range(stride * 128))
    for y in range(0, 128, 16):
        flags = m.REFRESH_FULL if y == 112 else m.REFRESH_NONE
        rig.send(m.DISPLAY, m.pack_display(0, y, 296, 16, flags, image[y * stride:(y + 16) * stride]))
        _run(rig, standins, 1)
    image = None
    _until(rig, standins, lambda: rig.panel.full == 1 and not rig.panel.busy(), 200, 50)

    _phase = "partial_display_led_beep_button"
    rig.send(m.DISPLAY, m.pack_display(64, 40, 96, 24, m.REFRESH_PARTIAL, bytes(12 * 24)))
    rig.send(m.LED, m.pack_led(255, (0, 64, 0), m.LED_BLINK, 1000))
    rig.send(m.BEEP, m.pack_beep(880, 80, 2))
    bench.buttons.press(3)
    _run(rig, standins, 60, 20)

    _phase = "idle_with_heartbeats"
    _run(rig, standins, 40, 100)

    print("mem code_at_boot", code_at_boot)
    print("mem code", code)
    print("mem boot", boot)
    print("mem peak", _peak)
    print("mem standins", standins)
    print("mem phase", _peak_phase)
