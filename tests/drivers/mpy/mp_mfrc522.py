"""The MFRC522 driver against the register-level model of the chip, one reader and one antenna."""

from check import eq
from drivers import matrix_diag as md
from drivers.mfrc522 import MFRC522, crc_a, rx
from standin_bus import FakePin, FakeSPI, VirtualClock
from standin_mfrc522 import MFRC522Model
from standin_tags import HALT, IDLE, READY, Tag, classic_1k, ntag213

UID_A = b"\x04\x11\x22\x33\x44\x55\x66"
UID_B = b"\x04\x11\x22\x33\x44\x55\x77"  # same first level as UID_A
UID_C = b"\x04\x9e\x10\x2f\x01\x02\x03"
# A tile's NDEF record as the host writes it (hardware/tags.md; test_tag_payload.py checks it):
# NDEF TLV, short Text record "wg:103", terminator: pages 4 to 7, one READ.
NDEF = b"\x03\x0d\xd1\x01\x09\x54\x02\x65\x6e\x77\x67\x3a\x31\x30\x33\xfe"
# The driver's return codes (private consts there; tests/drivers/test_constants.py checks them)
NO_ANSWER, ERROR, COLLISION, FAULT = 0, -1, -2, -3


class OneAntenna:
    """One reader whose antenna is always connected: the ``antennas`` side of the chip model."""

    def __init__(self, clock):
        self.clock = clock
        self.tags = []
        self.epoch = 1

    def antennas(self, reader):
        return self.tags

    def field_epoch(self, reader):
        return self.epoch

    def connected_ns(self, reader):
        return 0

    def switch_away_and_back(self):
        self.epoch += 1


def rig():
    clock = VirtualClock()
    table = OneAntenna(clock)
    spi = FakeSPI(clock, 10000000)
    cs = FakePin(clock)
    chip_model = MFRC522Model(clock, 0, table)
    cs.listeners.append(lambda pin, level: chip_model.select(level))
    spi.devices.append(chip_model)
    reader = MFRC522(spi, cs, clock)
    eq(md.init(reader), True, "init")
    clock.sleep_us(5000)  # tags in the field power up
    return reader, chip_model, table, clock


def test_crc_a_matches_iso_14443_3_and_the_hlta_frame():
    eq(crc_a(b"\x00\x00", 2), 0x1EA0, "CRC_A of 00 00 (ISO/IEC 14443-3 annex B)")
    eq(crc_a(b"\x12\x34", 2), 0xCF26, "CRC_A of 12 34 (ISO/IEC 14443-3 annex B)")
    eq(crc_a(b"\x50\x00", 2), 0xCD57, "HLTA is sent as 50 00 57 CD")
    buf = bytearray(b"\x30\x04\x00\x00")
    eq(md.append_crc(buf, 2), 4)
    eq(bytes(buf), b"\x30\x04\x26\xee", "READ page 4 frame")
    eq(crc_a(buf, 4), 0, "over a frame and its CRC_A: 0, the check of an answer")
    for i in range(32):
        buf[i >> 3] ^= 1 << (i & 7)
        if crc_a(buf, 4) == 0:
            raise AssertionError("flipped bit %d passes the check" % i)
        buf[i >> 3] ^= 1 << (i & 7)


def test_init_finds_the_chip_version_and_a_working_crc_coprocessor():
    reader, chip, _table, _clock = rig()
    eq(reader.version, 0x92, "VersionReg of an MFRC522 v2.0")
    eq(md.crc_check(reader), 0xCD57, "CRC coprocessor result for HLTA")
    eq(reader.live, True)
    eq(chip.regs[0x14] & 0x03, 0x03, "both antenna drivers on")
    eq(chip.regs[0x2A] & 0x80, 0x80, "timer starts at the end of each transmission")
    eq(chip.errors, [], "misuse seen by the chip model")


def test_an_empty_antenna_answers_wupa_with_a_timeout_under_half_a_millisecond():
    reader, chip, _table, clock = rig()
    t0 = clock.ns
    eq(reader.wupa(), NO_ANSWER)
    spent = (clock.ns - t0) // 1000
    if not 300 <= spent <= 500:
        raise AssertionError("an empty antenna took %d us of air and bus time" % spent)
    eq(chip.regs[0x04] & 0x01, 0x01, "TimerIRq ended the exchange")


def test_wupa_gets_the_atqa_of_an_ntag213():
    reader, _chip, table, _clock = rig()
    tag = ntag213(UID_A)
    table.tags.append(tag)
    eq(reader.wupa(), 2, "ATQA bytes")
    eq(bytes(rx[:2]), b"\x44\x00", "NTAG213 ATQA 0044h")
    eq(tag.state, READY)


def test_select_reads_a_seven_byte_uid_through_two_cascade_levels():
    reader, _chip, table, _clock = rig()
    table.tags.append(ntag213(UID_A))
    uid = bytearray(10)
    eq(reader.wupa(), 2)
    eq(reader.select(uid), 7, "UID length")
    eq(bytes(uid[:7]), UID_A)
    eq(rx[0], 0x00, "final SAK of an NTAG213")
    eq(reader.collided, False)


def test_select_reads_a_four_byte_uid_in_one_level():
    reader, _chip, table, _clock = rig()
    table.tags.append(classic_1k(b"\xde\xad\xbe\xef"))
    uid = bytearray(10)
    eq(reader.wupa(), 2)
    eq(reader.select(uid), 4)
    eq(bytes(uid[:4]), b"\xde\xad\xbe\xef")
    eq(rx[0], 0x08, "SAK of a MIFARE Classic 1K")


def test_select_reads_a_ten_byte_uid_through_three_levels():
    reader, _chip, table, _clock = rig()
    uid10 = b"\x08\x01\x02\x03\x04\x05\x06\x07\x08\x09"
    table.tags.append(Tag(uid10, sak=0x20))
    uid = bytearray(10)
    eq(reader.wupa(), 2)
    eq(reader.select(uid), 10)
    eq(bytes(uid), uid10)


def test_read_returns_the_ndef_pages_with_a_checked_crc():
    reader, _chip, table, _clock = rig()
    table.tags.append(ntag213(UID_A, NDEF))
    uid = bytearray(10)
    page = bytearray(16)
    reader.wupa()
    reader.select(uid)
    eq(md.read(reader, 4, page), 16)
    eq(bytes(page), NDEF, "pages 4 to 7")
    eq(md.read(reader, 3, page), 16)
    eq(bytes(page[:4]), b"\xe1\x10\x12\x00", "capability container of an NTAG213")


def test_read_past_the_last_page_is_refused_with_an_error():
    reader, _chip, table, _clock = rig()
    table.tags.append(ntag213(UID_A))
    uid = bytearray(10)
    reader.wupa()
    reader.select(uid)
    eq(md.read(reader, 45, bytearray(16)), ERROR, "NTAG213 has pages 0 to 44; page 45 gets a NAK")


def test_a_corrupted_crc_in_the_answer_is_an_error_not_data():
    reader, _chip, table, _clock = rig()
    tag = ntag213(UID_A, NDEF)
    table.tags.append(tag)
    uid = bytearray(10)
    page = bytearray(16)
    reader.wupa()
    reader.select(uid)
    tag.corrupt_crc = 1
    eq(md.read(reader, 4, page), ERROR, "READ with a damaged CRC_A")
    eq(bytes(page), bytes(16), "nothing was copied")
    tag.state = IDLE
    reader.wupa()
    tag.corrupt_crc = 1
    eq(reader.select(uid), ERROR, "SAK with a damaged CRC_A")


def test_noise_on_the_answer_is_reported_as_an_error():
    reader, chip, table, _clock = rig()
    table.tags.append(ntag213(UID_A))
    chip.corrupt_next = 1
    eq(reader.wupa(), ERROR, "ATQA with a parity error")
    eq(reader.wupa(), NO_ANSWER, "the tag went to READY and took that WUPA as unexpected")
    eq(reader.wupa(), 2, "and answers the next")


def test_two_tags_collide_and_the_select_picks_the_same_one_every_time():
    reader, _chip, table, _clock = rig()
    ta = ntag213(UID_A)
    tc = ntag213(UID_C)
    table.tags.extend([ta, tc])
    # The first UID bit in which the two first cascade levels differ decides: 1 wins.
    cl_a, cl_c = ta.levels[0], tc.levels[0]
    bit = 0
    while (cl_a[bit >> 3] >> (bit & 7)) & 1 == (cl_c[bit >> 3] >> (bit & 7)) & 1:
        bit += 1
    winner = UID_A if (cl_a[bit >> 3] >> (bit & 7)) & 1 else UID_C
    uid = bytearray(10)
    for _ in range(3):
        code = reader.wupa()
        eq(code, 2, "ATQAs of two NTAG213 are alike: no collision at ATQA")
        eq(reader.select(uid), 7)
        eq(bytes(uid[:7]), winner, "anticollision winner")
        eq(reader.collided, True)
        reader.halt()
    loser, won = (tc, ta) if winner == UID_A else (ta, tc)
    eq(won.state, HALT, "the selected tag was halted")
    eq(loser.state, IDLE, "the other fell back to IDLE, where WUPA found it, when the winner was selected")


def test_two_tags_alike_in_the_first_level_are_told_apart_in_the_second():
    reader, _chip, table, _clock = rig()
    table.tags.extend([ntag213(UID_A), ntag213(UID_B)])
    uid = bytearray(10)
    eq(reader.wupa(), 2)
    eq(reader.select(uid), 7)
    eq(bytes(uid[:7]), UID_B, "0x77 has the 1 where 0x66 has a 0 (bit 0)")
    eq(reader.collided, True)


def test_a_halted_tag_answers_wupa_but_not_reqa():
    reader, _chip, table, _clock = rig()
    tag = ntag213(UID_A)
    table.tags.append(tag)
    uid = bytearray(10)
    reader.wupa()
    reader.select(uid)
    reader.halt()
    eq(tag.state, HALT)
    eq(md.reqa(reader), NO_ANSWER, "REQA does not wake a halted tag")
    eq(reader.wupa(), 2, "WUPA does")


def test_a_tag_left_in_ready_misses_the_next_wupa_which_is_why_the_driver_halts():
    reader, _chip, table, _clock = rig()
    table.tags.append(ntag213(UID_A))
    eq(reader.wupa(), 2)
    eq(reader.wupa(), NO_ANSWER, "an unexpected WUPA in READY: back to IDLE, silently")
    eq(reader.wupa(), 2)
    reader.halt()
    eq(reader.wupa(), 2, "after HLTA the next WUPA is answered")
    reader.halt()
    eq(reader.wupa(), 2, "and again")


def test_a_tag_leaving_mid_select_gives_no_answer_not_a_wrong_uid():
    reader, _chip, table, _clock = rig()
    tag = ntag213(UID_A)
    table.tags.append(tag)
    uid = bytearray(10)
    eq(reader.wupa(), 2)
    tag.leave_after = 2  # answers the first anticollision and the first select, then is gone
    eq(reader.select(uid), NO_ANSWER, "the second cascade level got no answer")
    eq(tag.gone, True)


def test_write_then_read_back_a_page():
    reader, _chip, table, _clock = rig()
    tag = ntag213(UID_A)
    table.tags.append(tag)
    uid = bytearray(10)
    page = bytearray(16)
    reader.wupa()
    reader.select(uid)
    eq(md.write(reader, 4, b"\x03\x0bwt"), 4, "WRITE acknowledged")
    eq(md.read(reader, 4, page), 16)
    eq(bytes(page[:4]), b"\x03\x0bwt")
    eq(md.write(reader, 1, b"\x00\x00\x00\x00"), ERROR, "UID pages are not writable: NAK")


def test_a_chip_with_miso_stuck_low_is_not_live_and_an_exchange_ends_in_fault():
    reader, chip, _table, clock = rig()
    chip.miso_stuck = 0x00
    eq(md.init(reader), False)
    eq(reader.version, 0x00)
    t0 = clock.ns
    eq(reader.wupa(), FAULT, "no interrupt ever comes")
    spent = (clock.ns - t0) // 1000
    if spent > 3000:
        raise AssertionError("a silent chip held the reader %d us" % spent)


def test_a_chip_with_miso_stuck_high_is_not_live_and_an_exchange_faults_at_once():
    reader, chip, _table, clock = rig()
    chip.miso_stuck = 0xFF
    eq(md.probe(reader), False)
    eq(reader.version, 0xFF)
    t0 = clock.ns
    eq(reader.wupa(), FAULT, "FIFOLevel FFh is impossible")
    if clock.ns - t0 > 1000000:
        raise AssertionError("took %d us" % ((clock.ns - t0) // 1000))


def test_a_different_kind_of_tag_alongside_makes_the_atqa_collide():
    reader, _chip, table, _clock = rig()
    table.tags.extend([ntag213(UID_A), classic_1k(b"\xde\xad\xbe\xef")])
    eq(reader.wupa(), COLLISION, "ATQA 0044h and 0004h differ in bit 6")
    uid = bytearray(10)
    n = reader.select(uid)
    eq(n in (4, 7), True, "one of them is selected")
    eq(reader.collided, True)
