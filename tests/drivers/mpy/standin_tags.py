"""Virtual ISO 14443A tags, as the reader's field meets them: NTAG213 (7-byte UID, 45 pages) and
a MIFARE Classic-like tag with a 4-byte UID, each an ISO/IEC 14443-3 state machine.

States: IDLE (just powered), READY (answered REQA/WUPA; takes anticollision and select frames),
ACTIVE (selected; takes READ, WRITE, HLTA), HALT (halted; only WUPA wakes it). A tag woken from
HALT remembers it ("READY*"): an unexpected frame in READY or ACTIVE sends it back to HALT, or to
IDLE if it came from IDLE, silently. A tag answers by filling ``resp`` (bits from bit 0 of byte 0)
and ``resp_bits``; ``receive`` returns False if it stays silent.

Faults to inject: ``corrupt_crc`` (the next n answers that carry a CRC_A carry a wrong one),
``leave_after`` (the tag answers n more frames, then is gone: lifted mid-read), ``power_up_us``
(time in the field before it can answer), ``keeps_state`` (False: the tag forgets its state when
its antenna is switched away, as an unpowered tag does; True models leakage that keeps it alive).
"""

IDLE = 0
READY = 1
ACTIVE = 2
HALT = 3
STATE_NAMES = ("IDLE", "READY", "ACTIVE", "HALT")

NTAG213_PAGES = 45
NTAG213_ATQA = b"\x44\x00"
CLASSIC_ATQA = b"\x04\x00"


def crc_a(data, n):
    crc = 0x6363
    for i in range(n):
        b = (data[i] ^ crc) & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return crc


def cascade_levels(uid):
    """The 5-byte CLn blocks (UID bytes, BCC) of ``uid``: 4 bytes one level, 7 two, 10 three."""
    uid = bytes(uid)
    if len(uid) == 4:
        parts = [uid]
    elif len(uid) == 7:
        parts = [b"\x88" + uid[:3], uid[3:]]
    elif len(uid) == 10:
        parts = [b"\x88" + uid[:3], b"\x88" + uid[3:6], uid[6:]]
    else:
        raise ValueError("a UID has 4, 7 or 10 bytes, not %d" % len(uid))
    out = []
    for p in parts:
        out.append(p + bytes([p[0] ^ p[1] ^ p[2] ^ p[3]]))
    return out


class Tag:
    """One tag. ``uid``: 4, 7 or 10 bytes; ``atqa``, ``sak``: what it answers; ``pages``: its
    memory in 4-byte pages (None: READ and WRITE are refused with a NAK)."""

    def __init__(self, uid, atqa=NTAG213_ATQA, sak=0x00, pages=None, keeps_state=True, power_up_us=500):
        self.uid = bytes(uid)
        self.levels = cascade_levels(uid)
        self.atqa = atqa
        self.sak = sak
        self.memory = bytearray(4 * pages) if pages else None
        self.keeps_state = keeps_state
        self.power_up_ns = power_up_us * 1000
        self.state = IDLE
        self.star = False
        self.level = 0
        self.resp = bytearray(24)
        self.resp_bits = 0
        self.delay_ns = 0  # extra time before the answer (a WRITE programs its page first)
        self.corrupt_crc = 0
        self.leave_after = -1
        self.gone = False
        self.epoch = -1  # the field connection it last saw (see standin_mfrc522)
        self.frames = 0
        self.answers = 0

    def __repr__(self):
        return "Tag(%s, %s)" % (self.uid.hex(), STATE_NAMES[self.state])

    # -- answers -------------------------------------------------------------------------------

    def _answer_with_crc(self, n):
        # resp[:n] is the answer; CRC_A follows it.
        r = self.resp
        crc = crc_a(r, n)
        if self.corrupt_crc:
            self.corrupt_crc -= 1
            crc ^= 0x0100
        r[n] = crc & 0xFF
        r[n + 1] = crc >> 8
        self.resp_bits = 8 * (n + 2)

    def _nak(self):
        self.resp[0] = 0x0
        self.resp_bits = 4
        self._fall()

    def _fall(self):
        self.state = HALT if self.star else IDLE

    def power_lost(self):
        """The tag was out of the field: it starts again in IDLE (unless it keeps its state)."""
        if not self.keeps_state:
            self.state = IDLE
            self.star = False

    # -- one frame from the reader -------------------------------------------------------------

    def receive(self, data, nbytes, last_bits):
        """The reader's frame: ``nbytes`` of ``data``, the last with ``last_bits`` bits (0: all).
        Returns True with the answer in resp/resp_bits, or False if the tag stays silent."""
        if self.gone:
            return False
        self.frames += 1
        self.delay_ns = 0
        ok = self._receive(data, nbytes, last_bits)
        if ok:
            self.answers += 1
            if self.leave_after > 0:
                self.leave_after -= 1
                if self.leave_after == 0:
                    self.gone = True
        return ok

    def _receive(self, data, nbytes, last_bits):
        st = self.state
        if nbytes == 1 and last_bits == 7:
            cmd = data[0]
            if (cmd == 0x52 and (st == IDLE or st == HALT)) or (cmd == 0x26 and st == IDLE):
                self.star = st == HALT
                self.state = READY
                self.level = 0
                r = self.resp
                r[0] = self.atqa[0]
                r[1] = self.atqa[1]
                self.resp_bits = 16
                return True
            if st == READY or st == ACTIVE:
                self._fall()
            return False
        if st == READY:
            return self._anticollision(data, nbytes, last_bits)
        if st == ACTIVE:
            return self._command(data, nbytes, last_bits)
        return False  # IDLE and HALT ignore standard frames

    def _anticollision(self, data, nbytes, last_bits):
        sel = 0x93 + 2 * self.level
        if nbytes < 2 or data[0] != sel:
            self._fall()
            return False
        nvb = data[1]
        cl = self.levels[self.level]
        if nvb == 0x70:
            if nbytes != 9 or last_bits or crc_a(data, 7) != data[7] | (data[8] << 8):
                self._fall()
                return False
            for i in range(5):
                if data[2 + i] != cl[i]:
                    self._fall()  # another tag is being selected
                    return False
            last = self.level == len(self.levels) - 1
            self.resp[0] = self.sak if last else 0x04
            self._answer_with_crc(1)
            if last:
                self.state = ACTIVE
            else:
                self.level += 1
            return True
        known = ((nvb >> 4) - 2) * 8 + (nvb & 7)
        sent = 8 * (nbytes - 2) - ((8 - last_bits) if last_bits else 0)
        if nvb & 0x0F > 7 or known != sent or known < 0 or known > 32:
            self._fall()
            return False
        for k in range(known):
            if ((data[2 + (k >> 3)] >> (k & 7)) & 1) != ((cl[k >> 3] >> (k & 7)) & 1):
                return False  # the known bits are not ours: silent, still READY
        r = self.resp
        for i in range(5):
            r[i] = 0
        n = 40 - known
        for k in range(n):
            if (cl[(known + k) >> 3] >> ((known + k) & 7)) & 1:
                r[k >> 3] |= 1 << (k & 7)
        self.resp_bits = n
        return True

    def _command(self, data, nbytes, last_bits):
        if nbytes < 3 or last_bits or crc_a(data, nbytes - 2) != data[nbytes - 2] | (data[nbytes - 1] << 8):
            self._fall()
            return False
        cmd = data[0]
        if cmd == 0x50 and nbytes == 4 and data[1] == 0:
            self.state = HALT
            return False
        mem = self.memory
        if cmd == 0x30 and nbytes == 4:
            if mem is None or data[1] >= len(mem) // 4:
                self._nak()
                return True
            size = len(mem)
            start = data[1] * 4
            for i in range(16):
                self.resp[i] = mem[(start + i) % size]
            self._answer_with_crc(16)
            return True
        if cmd == 0xA2 and nbytes == 8:
            page = data[1]
            if mem is None or page < 2 or page >= len(mem) // 4:
                self._nak()
                return True
            for i in range(4):
                if page == 3:
                    mem[12 + i] |= data[2 + i]  # the capability container is one-time programmable
                else:
                    mem[4 * page + i] = data[2 + i]
            self.resp[0] = 0x0A
            self.resp_bits = 4
            self.delay_ns = 4100000
            return True
        self._fall()
        return False


def ntag213(uid, ndef=None, **kw):
    """An NTAG213: pages 0..2 hold the UID and its check bytes, page 3 the capability container
    (NDEF, 144 bytes), ``ndef`` (bytes) from page 4 on."""
    if len(uid) != 7:
        raise ValueError("an NTAG213 has a 7-byte UID")
    t = Tag(uid, NTAG213_ATQA, 0x00, NTAG213_PAGES, **kw)
    m = t.memory
    cl1, cl2 = t.levels
    m[0:4] = bytes([uid[0], uid[1], uid[2], cl1[4]])
    m[4:8] = uid[3:7]
    m[8] = cl2[4]
    m[9] = 0x48
    m[12:16] = b"\xe1\x10\x12\x00"
    if ndef:
        m[16 : 16 + len(ndef)] = ndef
    return t


def classic_1k(uid, **kw):
    """A MIFARE Classic 1K-like tag: 4-byte UID, SAK 08h; READ without authentication is refused."""
    return Tag(uid, CLASSIC_ATQA, 0x08, None, **kw)
