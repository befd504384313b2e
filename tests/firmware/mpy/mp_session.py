"""The board's side of the session (wtfw.app): handshake, epochs, versions, link loss, on MicroPython."""

from check import UID4, UID7, UID10, eq
from rig import Rig, place
from wtfw.app import LINKED, UNLINKED
from wtproto import PROTOCOL_VERSION
from wtproto import messages as m


def test_hello_at_boot_names_versions_geometry_and_display():
    r = Rig(geometry=(5, 4, 3, 6, 2), display=(96, 40), boot_id=0xBEEF, name="bench")
    r.step()
    eq(r.wire_types(), ["HELLO"])
    version, _t, seq, _ack, _p = r.wire[0]
    eq((version, seq), (PROTOCOL_VERSION, 0), "HELLO is unreliable, in our protocol version")
    h = r.hellos()[0]
    eq(h["fw_version"], (0, 1, 0))
    eq((h["boot_id"], h["epoch"]), (0xBEEF, 1))
    eq(h["geometry"], (5, 4, 3, 6, 2))
    eq(h["display_size"], (96, 40))
    eq(h["board_name"], "bench")
    eq(r.app.state, UNLINKED)


def test_hello_repeats_every_second_until_acknowledged():
    r = Rig()
    r.step()
    r.run_for(3000)
    eq(len(r.hellos()), 4, "at boot and after 1, 2 and 3 s")
    r.link_up()
    r.run_for(2500)
    eq(len(r.hellos()), 4, "no HELLO once linked")
    eq(r.app.state, LINKED)


def test_no_reliable_frame_leaves_before_the_handshake_and_queued_events_survive():
    r = Rig()
    r.step()
    place(r, 5, UID4)
    r.buttons.press(1, 0, r.now)
    r.run_for(1500)
    eq(sorted(set(r.wire_types())), ["HELLO"], "only HELLOs before the handshake")
    eq(r.app.link.pending(), 2, "the cell change and the button press wait in the link")
    r.link_up()
    r.step(3)
    eq(r.cells(), [(5, UID4)])
    eq([m.unpack_button(p)[:3] for p in r.take(m.BUTTON)], [(1, 0, m.PRESSED)])


def test_hello_ack_for_another_boot_or_epoch_is_ignored():
    r = Rig(boot_id=0x1234)
    r.step()
    for boot_id, epoch in ((0x9999, 1), (0x1234, 2), (0x1234, 0)):
        r.send_raw(m.HELLO_ACK, m.pack_hello_ack(boot_id, epoch, (0, 1, 0)))
        r.step()
        eq(r.app.state, UNLINKED, "HELLO_ACK %04x/%d" % (boot_id, epoch))
    r.send_raw(m.HELLO_ACK, b"\x34\x12\x01")  # too short
    r.step()
    eq(r.app.state, UNLINKED, "malformed HELLO_ACK")
    r.send_raw(m.HELLO_ACK, m.pack_hello_ack(0x1234, 1, (0, 1, 0)))
    r.step()
    eq(r.app.state, LINKED, "the matching HELLO_ACK links")


def test_repeated_hello_ack_while_linked_does_not_restart_numbering():
    r = Rig().booted_and_linked()
    place(r, 1, UID4)
    r.step(3)
    eq(r.cells(), [(1, UID4)])
    r.send_raw(m.HELLO_ACK, m.pack_hello_ack(0x1234, 1, (0, 1, 0)))
    r.step()
    place(r, 2, UID7)
    r.step(3)
    # Had the board restarted its numbering, this CELL would be seq 1 again: a duplicate to the host.
    eq(r.cells(), [(2, UID7)])
    eq(r.app.epoch, 1)


def test_host_hello_starts_a_new_epoch_and_unacknowledged_events_follow_into_it():
    r = Rig().booted_and_linked()
    r.auto_ack = False
    place(r, 3, UID10)
    r.step(3)
    eq(r.app.link.pending(), 1, "CELL sent but not acknowledged")
    r.got = []
    r.host.reset(False)  # the host restarted: it remembers nothing
    r.send_raw(m.HELLO, m.pack_hello_host((0, 1, 0)))
    r.step()
    eq(r.app.state, UNLINKED)
    eq(r.hellos()[-1]["epoch"], 2, "the board introduces itself at once with the next epoch")
    r.auto_ack = True
    r.link_up()
    r.step(3)
    eq(r.cells(), [(3, UID10)], "the unacknowledged CELL arrives in the new session")


def test_host_hello_while_unlinked_is_answered_at_once_in_the_same_epoch():
    r = Rig()
    r.step()
    r.send_raw(m.HELLO, m.pack_hello_host((0, 1, 0)))
    r.step()
    eq([h["epoch"] for h in r.hellos()], [1, 1], "answered without waiting for the 1 s timer")


def test_frame_of_another_protocol_version_is_answered_with_log_and_hello():
    r = Rig()
    r.step()
    r.wire = []
    r.send_raw(m.HELLO, m.pack_hello_host((0, 2, 0)), version=PROTOCOL_VERSION + 1)
    r.step()
    eq(r.wire_types(), ["LOG", "HELLO"])
    level, code, text = m.unpack_log(r.wire[0][4])
    eq((level, code, r.wire[0][2]), (m.ERROR, m.CODE_VERSION, 0), "unreliable version LOG")
    assert ("protocol %d" % PROTOCOL_VERSION) in text and ("protocol %d" % (PROTOCOL_VERSION + 1)) in text, (
        text
    )
    eq(r.app.state, UNLINKED)


def test_burst_of_foreign_frames_gets_one_answer():
    r = Rig().booted_and_linked()
    r.wire = []
    for _ in range(5):
        r.send_raw(m.HEARTBEAT, b"", version=PROTOCOL_VERSION + 1)
    r.step()
    eq(r.wire_types().count("LOG"), 1)
    eq(r.app.state, LINKED, "a foreign frame does not end the session")


def test_link_loss_after_three_silent_seconds_brings_back_hello_with_next_epoch():
    r = Rig().booted_and_linked()
    r.run_for(2900)
    eq(r.app.state, LINKED, "2.9 s of silence")
    r.run_for(200)
    eq(r.app.state, UNLINKED, "3 s of silence")
    eq(r.hellos()[-1]["epoch"], 2)
    n = len(r.hellos())
    r.run_for(2000)
    eq(len(r.hellos()), n + 2, "HELLO every second again")


def test_host_heartbeats_keep_the_link_and_the_board_beats_every_second():
    r = Rig().booted_and_linked()
    r.reader.misread(4, 3)
    for _ in range(10):
        r.run_for(1000)
        r.send_raw(m.HEARTBEAT)
    eq(r.app.state, LINKED, "10 s with host heartbeats")
    beats = [f for f in r.wire if f[1] == m.HEARTBEAT]
    eq(len(beats), 10)
    hb = m.unpack_heartbeat(beats[-1][4])
    eq(hb["read_errors"], 3)
    eq(hb["events_dropped"], 0)
    eq(hb["pending"], 0)
    assert hb["heap_free"] > 0 and 9000 <= hb["uptime_ms"] <= 10100, hb


def test_frames_right_after_the_hello_ack_in_the_same_read_belong_to_the_new_session():
    r = Rig()
    r.step()
    h = r.hellos()[-1]
    r.host.reset(True)
    r.send_raw(m.HELLO_ACK, m.pack_hello_ack(h["boot_id"], h["epoch"], (0, 1, 0)))
    r.send(m.BEEP, m.pack_beep(440, 50, 1))  # seq 1 of the new session, in the same read
    r.step(3)
    eq((r.app.state, r.feedback.beeps), (LINKED, 1))
    r.send(m.BEEP, m.pack_beep(880, 50, 1))
    r.step(3)
    eq(r.feedback.beeps, 2, "seq 2 follows seq 1: the BEEP was numbered in the new session")
    eq(r.host.pending(), 0, "both acknowledged")
