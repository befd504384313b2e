"""How the linked board handles host messages and its own events (wtfw.app), on MicroPython."""

import struct

import check
from check import UID4, UID7, eq
from rig import Rig, place
from wtfw.app import LINKED
from wtfw.sim.panel import SimPanel
from wtproto import messages as m
from wtproto.link import MAX_QUEUE


def test_snapshot_of_an_empty_table_is_one_empty_part():
    r = Rig().booted_and_linked()
    r.send(m.SNAPSHOT_REQ, m.pack_snapshot_req(1))
    r.step(3)
    eq([m.unpack_snapshot(p) for p in r.take(m.SNAPSHOT)], [(1, 0, 1, [])])


def test_display_regions_reach_panel_ram_and_refresh_as_flagged():
    r = Rig(display=(64, 32)).booted_and_linked()
    data = bytes([0xF0, 0x0F, 0xAA, 0x55, 0xFF, 0x81])  # 16 x 3 pixels
    r.send(m.DISPLAY, m.pack_display(8, 2, 16, 3, m.REFRESH_NONE, data))
    r.step(2)
    p = r.panel
    eq(
        [bytes(p.buffer[row * 8 + 1 : row * 8 + 3]) for row in (2, 3, 4)],
        [data[0:2], data[2:4], data[4:6]],
        "rows in panel RAM",
    )
    eq(p.buffer[2 * 8], 0, "left of the region untouched")
    eq((p.refreshes, p.pixel(8, 2), p.pixel(12, 2)), (0, 1, 0), "written, not shown yet")
    r.send(m.DISPLAY, m.pack_display(0, 0, 8, 1, m.REFRESH_PARTIAL, b"\x80"))
    r.step(2)
    eq((p.refreshes, p.partial, p.full), (1, 1, 0))
    r.send(m.DISPLAY, m.pack_display(0, 0, 0, 0, m.REFRESH_FULL, b""))
    r.step(2)
    eq((p.refreshes, p.partial, p.full), (2, 1, 1), "an empty region with a refresh flag refreshes")
    with open(p.path, "rb") as f:
        eq(f.read(), b"P4\n64 32\n" + bytes(p.buffer), "the PBM image is the panel RAM")
    eq(r.logs(), [])


def test_display_region_outside_the_panel_is_refused_with_a_log():
    r = Rig(display=(64, 32)).booted_and_linked()
    r.send(m.DISPLAY, m.pack_display(56, 0, 16, 1, m.REFRESH_FULL, b"\xff\xff"))
    r.step(3)
    logs = r.logs()
    eq([(lv, code) for lv, code, _t in logs], [(m.WARNING, m.CODE_BAD_MESSAGE)])
    assert "does not fit the 64x32 panel" in logs[0][2], logs[0][2]
    eq((r.panel.refreshes, bytes(r.panel.buffer)), (0, bytes(len(r.panel.buffer))), "panel untouched")


def test_malformed_display_is_answered_with_log_and_the_board_carries_on():
    r = Rig().booted_and_linked()
    bad = struct.pack("<HHHHB", 0, 0, 16, 2, m.REFRESH_FULL) + b"\x01\x02\x03"  # needs 4 bytes
    r.send(m.DISPLAY, bad)
    r.step(3)
    logs = r.logs()
    eq([(lv, code) for lv, code, _t in logs], [(m.WARNING, m.CODE_BAD_MESSAGE)])
    assert logs[0][2].startswith("malformed message of type 0x20: "), logs[0][2]
    place(r, 0, UID7)
    r.step(3)
    eq(r.cells(), [(0, UID7)], "still scanning and reporting")
    eq(r.app.state, LINKED)


def test_unknown_and_misdirected_message_types_are_answered_with_log():
    r = Rig().booted_and_linked()
    r.send(0x7E, b"\x01")
    r.send(m.CELL, m.pack_cell(1, UID4))
    r.step(3)
    logs = r.logs()
    eq([(lv, code) for lv, code, _t in logs], [(m.WARNING, m.CODE_UNKNOWN_TYPE)] * 2)
    assert "0x7e" in logs[0][2] and "0x10" in logs[1][2], logs


def test_led_and_beep_commands_reach_the_feedback_devices():
    r = Rig().booted_and_linked()
    r.send(m.LED, m.pack_led(m.LED_ALL, (0, 255, 0), m.LED_BLINK, 500))
    r.send(m.BEEP, m.pack_beep(880, 120, 2))
    r.step(3)
    f = r.feedback
    eq((f.last_led, f.last_beep, f.leds, f.beeps), ((255, 0, 255, 0, 2, 500), (880, 120, 2), 1, 1))


def test_malformed_led_is_answered_with_log_and_leaves_the_leds_alone():
    r = Rig().booted_and_linked()
    r.send(m.LED, b"\x01\x02")
    r.step(3)
    eq([code for _lv, code, _t in r.logs()], [m.CODE_BAD_MESSAGE])
    eq(r.feedback.leds, 0)


def test_button_edges_go_out_reliably_with_their_board_time():
    r = Rig().booted_and_linked()
    r.auto_ack = False
    t = r.now
    r.buttons.press(1, 1, t)
    r.buttons.release(1, 1, t + 40)
    r.step(1)
    r.run_for(300)  # unacknowledged: retransmitted
    eq(
        [m.unpack_button(p) for p in r.take(m.BUTTON)],
        [(1, 1, m.PRESSED, t), (1, 1, m.RELEASED, t + 40)],
        "each delivered once, in order",
    )
    assert r.app.link.retransmits >= 2, r.app.link.retransmits
    r.auto_ack = True
    r.step(2)
    eq(r.app.link.pending(), 0)


def test_events_beyond_the_queue_are_counted_and_reported_once_linked():
    r = Rig()
    r.step()
    n = MAX_QUEUE + 12
    for _ in range(n // 2):
        r.buttons.press(0, 0, r.now)
        r.buttons.release(0, 0, r.now)
        r.step()
    eq(r.app.events_dropped, 12)
    r.link_up()
    r.run_for(2000)
    eq(len(r.take(m.BUTTON)), MAX_QUEUE, "the queued events arrive")
    logs = r.logs()
    eq([(lv, code) for lv, code, _t in logs], [(m.WARNING, m.CODE_QUEUE_OVERFLOW)])
    assert logs[0][2].startswith("12 events were dropped"), logs[0][2]
    hb = m.unpack_heartbeat([f for f in r.wire if f[1] == m.HEARTBEAT][-1][4])
    eq(hb["events_dropped"], 12)


class SlowPanel(SimPanel):
    """A panel that stays busy for ``busy_steps`` calls of busy() after each refresh, as e-ink does."""

    def __init__(self, width, height, path, busy_steps):
        super().__init__(width, height, path)
        self.busy_steps = busy_steps
        self._left = 0
        self.log = []

    def write_region(self, x, y, w, h, data):
        assert not self._left, "panel RAM written while the panel was busy"
        self.log.append(("write", x, y))
        super().write_region(x, y, w, h, data)

    def refresh(self, full):
        self.log.append(("refresh", full))
        super().refresh(full)
        self._left = self.busy_steps

    def busy(self):
        if self._left:
            self._left -= 1
            return True
        return False


def test_display_regions_wait_while_the_panel_is_busy_refreshing():
    panel = SlowPanel(64, 32, check.TMP + "/slow.pbm", 5)
    r = Rig(panel=panel).booted_and_linked()
    r.send(m.DISPLAY, m.pack_display(0, 0, 8, 1, m.REFRESH_PARTIAL, b"\x01"))
    r.send(m.DISPLAY, m.pack_display(8, 0, 8, 1, m.REFRESH_NONE, b"\x02"))
    r.send(m.DISPLAY, m.pack_display(16, 0, 8, 1, m.REFRESH_FULL, b"\x03"))
    r.step(2)
    eq(panel.log, [("write", 0, 0), ("refresh", False)], "the rest waits for the panel")
    r.step(10)
    eq(panel.log, [("write", 0, 0), ("refresh", False), ("write", 8, 0), ("write", 16, 0), ("refresh", True)])
    eq(r.logs(), [])


def test_panel_busy_for_too_long_is_reported_once():
    panel = SlowPanel(64, 32, check.TMP + "/slow.pbm", 100000)
    r = Rig(panel=panel).booted_and_linked()
    r.send(m.DISPLAY, m.pack_display(0, 0, 8, 1, m.REFRESH_FULL, b"\x01"))
    r.send(m.DISPLAY, m.pack_display(0, 0, 8, 1, m.REFRESH_FULL, b"\x02"))
    for _ in range(20):
        r.run_for(1000)
        r.send_raw(m.HEARTBEAT)
    logs = r.logs()
    eq([(lv, code) for lv, code, _t in logs], [(m.ERROR, m.CODE_PANEL)])
    assert "busy" in logs[0][2], logs[0][2]


def test_exception_reports_are_logged_and_rate_limited():
    r = Rig().booted_and_linked()
    r.app.report_exception(ValueError("boom"), r.now)
    r.app.report_exception(KeyError("again"), r.now + 10)
    r.step(3)
    logs = r.logs()
    eq([(lv, code) for lv, code, _t in logs], [(m.ERROR, m.CODE_EXCEPTION)])
    assert logs[0][2].startswith("ValueError: boom"), logs[0][2]
    r.run_for(1100)
    r.app.report_exception(OSError(5), r.now)
    r.step(3)
    text = r.logs()[0][2]
    assert text.startswith("OSError") and "1 more since the last report" in text, text
    eq(r.app.exceptions, 3)
