"""The reliable link: every reliable message arrives exactly once and in order, whatever the
line drops or garbles, across sequence-number wrap and session resets."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from wtproto import messages as m
from wtproto.link import TICKS_MAX, Link, next_seq, seq_dist, ticks_add, ticks_diff


def test_sequence_numbers_cycle_through_1_to_255():
    assert next_seq(0) == 1
    assert next_seq(254) == 255
    assert next_seq(255) == 1
    assert seq_dist(250, 3) == 8


def test_ticks_diff_is_right_across_the_wrap():
    a = TICKS_MAX - 5
    b = ticks_add(a, 10)
    assert b == 4
    assert ticks_diff(b, a) == 10
    assert ticks_diff(a, b) == -10


def run_pair(n_messages, loss=0.0, garble=0.0, seed=0, steps=20000):
    """Send n CELL messages a->b over a lossy line; return what b delivered and a's link."""
    rng = random.Random(seed)
    a, b = Link(), Link()
    delivered = []
    sent = 0
    now = 0

    def line(data):
        if not data:
            return b""
        if rng.random() < loss:
            return b""
        out = bytearray(data)
        for i in range(len(out)):
            if rng.random() < garble:
                out[i] = rng.randrange(256)
        return bytes(out)

    for _ in range(steps):
        now += 10
        while sent < n_messages and a.pending() < 20:
            assert a.send(m.CELL, m.pack_cell(sent % 321, sent.to_bytes(4, "little")))
            sent += 1
        for f in b.feed(line(a.poll(now)), now):
            delivered.append(int.from_bytes(m.unpack_cell(f[4])[1], "little"))
        a.feed(line(b.poll(now)), now)
        if sent == n_messages and a.pending() == 0:
            break
    return delivered, a, b


def test_clean_line_delivers_everything_in_order_without_retransmits():
    delivered, a, _ = run_pair(600)
    assert delivered == list(range(600))
    assert a.retransmits == 0


@settings(max_examples=25, deadline=None)
@given(st.floats(0.0, 0.4), st.floats(0.0, 0.01), st.integers(0, 10_000))
def test_lossy_garbled_line_delivers_each_message_exactly_once_in_order(loss, garble, seed):
    delivered, a, _ = run_pair(300, loss=loss, garble=garble, seed=seed)
    assert delivered == list(range(300))
    assert a.pending() == 0


def test_replayed_frame_is_delivered_once_and_counted_as_duplicate():
    a, b = Link(), Link()
    a.send(m.BUTTON, m.pack_button(0, 0, m.PRESSED, 1))
    wire = a.poll(0)
    assert len(b.feed(wire, 0)) == 1
    assert b.feed(wire, 1) == []
    assert b.duplicates == 1


def test_unacknowledged_frames_are_resent_after_the_timeout():
    a = Link(rto_ms=100)
    a.send(m.CELL, m.pack_cell(1, b"\x01\x02\x03\x04"))
    assert a.poll(0)
    assert a.poll(50) == b""
    assert a.poll(100) != b""
    assert a.retransmits == 1


def test_reset_keeps_pending_messages_and_renumbers_them_from_one():
    a, b = Link(), Link()
    for i in range(3):
        a.send(m.CELL, m.pack_cell(i, b"\x01\x02\x03\x04"))
    a.poll(0)  # sent, never acknowledged (the peer restarted)
    a.reset(keep_pending=True)
    b.reset()
    got = b.feed(a.poll(10), 10)
    assert [f[2] for f in got] == [1, 2, 3]
    assert [m.unpack_cell(f[4])[0] for f in got] == [0, 1, 2]


def test_full_queue_refuses_and_counts():
    a = Link(max_queue=4)
    assert all(a.send(m.CELL, b"x") for _ in range(4))
    assert a.send(m.CELL, b"x") is False
    assert a.queue_full == 1


def test_frames_of_another_protocol_version_are_passed_up_untouched():
    a, b = Link(version=2), Link(version=1)
    a.send(m.HELLO, b"", reliable=False)
    got = b.feed(a.poll(0), 0)
    assert got and got[0][0] == 2
    assert b.last_rx_ms is None


def test_a_reset_between_frames_of_one_read_numbers_the_next_frame_in_the_new_session():
    """HELLO_ACK and the first message of the new session often arrive in one read: accepting
    frame by frame lets the session reset in between, so the message is delivered and acknowledged
    at once instead of being resent after a timeout."""
    host, board = Link(), Link()
    board_old = Link()
    board_old.send(m.CELL, b"old")
    host.feed(board_old.poll(0), 0)  # the host had a session with this board before
    host.reset(keep_pending=False)
    host.send(m.HELLO_ACK, b"ack", reliable=False)
    host.send(m.SNAPSHOT_REQ, m.pack_snapshot_req(1))
    wire = host.poll(0)
    delivered = []
    for f in board.deframer.feed(wire):
        if board.accept(f, 0):
            delivered.append(f[1])
            if f[1] == m.HELLO_ACK:
                board.reset()
    assert delivered == [m.HELLO_ACK, m.SNAPSHOT_REQ]
    host.feed(board.poll(1), 1)
    assert host.pending() == 0
    assert host.poll(500) == b""  # nothing to resend
