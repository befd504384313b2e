"""Frames, COBS and CRC: known values, and a deframer that survives anything (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from wtproto import messages as m
from wtproto.frame import (
    MAX_ENCODED,
    MAX_PAYLOAD,
    Deframer,
    cobs_decode,
    cobs_encode,
    crc16,
    encode_frame,
    max_encoded_len,
)


def test_crc16_ccitt_false_check_value():
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF


def test_cobs_known_encodings():
    # Examples from Cheshire and Baker's paper and the usual test tables.
    assert cobs_encode(b"\x00") == b"\x01\x01"
    assert cobs_encode(b"\x00\x00") == b"\x01\x01\x01"
    assert cobs_encode(b"\x11\x22\x00\x33") == b"\x03\x11\x22\x02\x33"
    assert cobs_encode(b"\x11\x22\x33\x44") == b"\x05\x11\x22\x33\x44"
    assert cobs_encode(bytes(range(1, 255))) == b"\xff" + bytes(range(1, 255)) + b"\x01"


@given(st.binary(max_size=2000))
def test_cobs_round_trips_and_never_emits_zero(data):
    enc = cobs_encode(data)
    assert b"\x00" not in enc
    assert len(enc) <= max_encoded_len(len(data)) + 1
    assert cobs_decode(enc) == data


def test_cobs_rejects_a_block_that_runs_past_the_end():
    try:
        cobs_decode(b"\x05\x11\x22")
    except ValueError as exc:
        assert "past the end" in str(exc)
    else:
        raise AssertionError("accepted a truncated block")


def good_frames():
    return [
        encode_frame(m.CELL, 1, 0, m.pack_cell(5, b"\x04\x01\x02\x03\x04\x05\x06")),
        encode_frame(m.BUTTON, 2, 0, m.pack_button(1, 0, m.PRESSED, 99)),
        encode_frame(m.DISPLAY, 3, 1, m.pack_display(0, 0, 296, 27, m.REFRESH_PARTIAL, bytes(37 * 27))),
    ]


@settings(max_examples=300)
@given(st.binary(max_size=4000))
def test_deframer_never_raises_on_garbage_and_stays_bounded(garbage):
    d = Deframer()
    d.feed(garbage)
    assert len(d._buf) <= MAX_ENCODED


@settings(max_examples=200)
@given(st.binary(max_size=3000), st.integers(min_value=0, max_value=2))
def test_good_frames_after_garbage_are_delivered(garbage, which):
    d = Deframer()
    frame = good_frames()[which]
    # The sender's leading delimiter is what ends the garbage.
    got = d.feed(garbage) + d.feed(b"\x00" + frame)
    assert len(got) >= 1
    assert got[-1][4] == cobs_decode(frame[:-1])[6:-2]


@settings(max_examples=200)
@given(st.data())
def test_frames_split_at_any_boundaries_are_all_delivered(data):
    stream = b"".join(good_frames())
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=40)))
    d = Deframer()
    got = []
    prev = 0
    for c in cuts + [len(stream)]:
        got += d.feed(stream[prev:c])
        prev = c
    assert [f[1] for f in got] == [m.CELL, m.BUTTON, m.DISPLAY]
    assert d.dropped == 0


def test_frames_split_at_every_single_byte_boundary():
    stream = b"".join(good_frames())
    for cut in range(len(stream) + 1):
        d = Deframer()
        got = d.feed(stream[:cut]) + d.feed(stream[cut:])
        assert [f[1] for f in got] == [m.CELL, m.BUTTON, m.DISPLAY], cut


def test_bad_crc_is_dropped_and_counted():
    frame = bytearray(encode_frame(m.CELL, 1, 0, m.pack_cell(5, b"\x01\x02\x03\x04")))
    frame[3] ^= 0x40  # a flipped bit inside the payload, not a zero
    d = Deframer()
    assert d.feed(bytes(frame) + good_frames()[1]) and d.bad_crc + d.bad_cobs + d.bad_length == 1
    assert d.dropped == 1


def test_oversized_input_is_cut_and_counted_then_the_next_frame_arrives():
    d = Deframer()
    assert d.feed(b"\x01" * (MAX_ENCODED * 3)) == []
    assert len(d._buf) == 0
    got = d.feed(b"\x00" + good_frames()[0])
    assert [f[1] for f in got] == [m.CELL]
    assert d.too_long == 1 and d.garbage_bytes >= MAX_ENCODED * 3


def test_header_length_that_lies_is_dropped():
    from wtproto.frame import HEADER_LEN

    raw = bytearray(encode_frame(m.LOG, 1, 0, m.pack_log(m.INFO, 0, "hi")))
    decoded = bytearray(cobs_decode(bytes(raw[:-1])))
    decoded[HEADER_LEN - 2] = 200  # claims 200 payload bytes
    crc = crc16(decoded[:-2])
    decoded[-2:] = crc.to_bytes(2, "little")
    d = Deframer()
    assert d.feed(cobs_encode(bytes(decoded)) + b"\x00") == []
    assert d.bad_length == 1


def test_payload_over_the_limit_is_refused_when_encoding():
    try:
        encode_frame(m.DISPLAY, 1, 0, bytes(MAX_PAYLOAD + 1))
    except ValueError as exc:
        assert "exceeds" in str(exc)
    else:
        raise AssertionError("encoded an oversized payload")


def test_random_bit_flips_in_a_long_stream_never_deliver_a_corrupted_frame():
    rng = random.Random(7)
    frames = [
        encode_frame(m.CELL, (i % 255) + 1, 0, m.pack_cell(i % 321, bytes([4, i % 256, 1, 2, 3, 4, 5])))
        for i in range(400)
    ]
    stream = bytearray(b"".join(frames))
    for _ in range(300):
        stream[rng.randrange(len(stream))] ^= 1 << rng.randrange(8)
    d = Deframer()
    got = d.feed(bytes(stream))
    originals = {bytes(cobs_decode(f[:-1])[6:-2]) for f in frames}
    assert got, "some frames should survive"
    assert all(bytes(f[4]) in originals for f in got)
    assert d.dropped > 0
