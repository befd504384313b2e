"""The board's main loop and its side of the session.

One ``step(now)`` reads the serial line, handles the host's messages, scans the cells, reads the
buttons, runs the board's services (the sim's control channel) and the timers, and writes what the
link has to send. ``step`` takes the time as an argument, so tests drive it with a fake clock.

Session, seen from the board:

- UNLINKED: send HELLO (unreliable, written directly) at once and then every second. The link is
  not polled: no reliable frame goes out before the handshake, but events are queued in it.
- A HELLO_ACK naming our (boot_id, epoch) starts the session: link.reset(keep_pending=True),
  LINKED. Other HELLO_ACKs are ignored.
- LINKED: events go out reliably, HEARTBEAT every second. Nothing valid received for
  3 s, or a HELLO from the host (it restarted): epoch += 1, UNLINKED again.
- A frame of another protocol version is answered with LOG(CODE_VERSION) and HELLO, both unreliable.
"""

import gc
import sys
import time

from micropython import const
from wtproto import PROTOCOL_VERSION
from wtproto import messages as m
from wtproto.frame import DELIMITER, MAX_PAYLOAD, encode_frame
from wtproto.link import Link, ticks_add, ticks_diff

from . import FW_VERSION
from .board import cell_count
from .scanner import Scanner

UNLINKED = const(0)
LINKED = const(1)
_HELLO_MS = const(1000)
_HEARTBEAT_MS = const(1000)
_LINK_LOSS_MS = const(3000)
_VERSION_REPLY_MS = const(500)  # at most one protocol-version complaint per this many ms
_EXCEPTION_LOG_MS = const(1000)  # at most one exception LOG per this many ms
_DISPLAY_QUEUE = const(16)  # DISPLAY regions kept while the panel is busy refreshing
_PANEL_TIMEOUT_MS = const(15000)  # a panel busy this long is reported
# SNAPSHOT payloads of at most 256 bytes: a full table (321 cells) is 17 parts, and the link never
# holds more than a few hundred bytes of one in a single heap block (1 KB parts, and the 4 KB that
# link.poll joins them into, do not always find room in a fragmented 128 KB heap).
_SNAPSHOT_PART = const(256)
# Frames the board has in flight. The window is the sender's own choice (the host's receiver takes
# any); 4 rather than the link's 8 halves what one link.poll() builds and joins in the heap, and
# the board sends little (cells, buttons, snapshots) over a line with a round trip of milliseconds.
_BOARD_WINDOW = const(4)
_SNAPSHOT_SMALL_PARTS = const(32)
_SNAPSHOT_AHEAD = const(1)  # SNAPSHOT parts built ahead of the link's acknowledgements
# Cell changes are queued only while fewer messages than this wait in the link: the scanner keeps
# the others (backpressure, nothing is lost), each queued CELL takes some 100 bytes of heap, and the
# rest of the queue (48) stays free for button edges, which cannot wait.
CELL_QUEUE = const(6)
_RX_BUF = const(128)
_RX_READS = const(16)  # at most this many buffers of input per step (2 KB: two full frames)


class App:
    """The firmware on one board. ``board``: a wtfw.board.Board. ``now``: tick ms at boot."""

    def __init__(self, board, now, boot_id=None):
        self.board = board
        self.transport = board.transport
        self.panel = board.panel
        self.link = Link(window=_BOARD_WINDOW)
        if boot_id is None:
            import os

            b = os.urandom(2)
            boot_id = b[0] | (b[1] << 8)
        self.boot_id = boot_id & 0xFFFF
        self.epoch = 1
        self.state = UNLINKED
        self.boot_ms = now
        ncells = cell_count(board.geometry)
        if board.reader.ncells != ncells:
            raise ValueError(
                "the reader has %d cells but the geometry %r needs %d"
                % (board.reader.ncells, board.geometry, ncells)
            )
        self.scanner = Scanner(board.reader, self._on_cell, self._on_reader_fault)
        self._rx = bytearray(_RX_BUF)
        self._hello_due = now  # send HELLO at once
        self._heartbeat_due = now
        self._version_reply_ms = None
        self._exception_ms = None
        self._exceptions_suppressed = 0
        self._display = []
        self._snapshot_rid = None  # a SNAPSHOT_REQ not started yet
        self._snapshot = None  # the parts of the SNAPSHOT under way (a generator)
        self._panel_busy_since = None
        self._panel_reported = False
        self.events_dropped = 0
        self._overflow_unreported = 0
        self.scan_us = 0  # duration of the last complete sweep
        self._sweep_us = 0
        self.exceptions = 0
        self.repl_requested = False  # a REPL message came: main.py ends the loop
        for s in board.services:
            attach = getattr(s, "attach", None)
            if attach is not None:
                attach(self)  # a service that reports the app's state (the sim's stats command)

    # -- the loop step -------------------------------------------------------------------------

    def step(self, now):
        """One turn of the main loop at tick time ``now``. Returns True if something happened that
        deserves another step at once (input, an unsettled cell), False if the loop may wait."""
        busy = False
        for _ in range(_RX_READS):
            n = self.transport.readinto(self._rx)
            if not n:
                break
            busy = True
            # Frame by frame (not link.feed): a HELLO_ACK resets the link, and the frames after it
            # in the same read must be numbered in the new session.
            link = self.link
            for f in link.deframer.feed(self._rx[:n]):
                if link.accept(f, now):
                    self._on_frame(f, now)
            if n < _RX_BUF:
                break
        for s in self.board.services:
            if s.service(now):
                busy = True
        t0 = time.ticks_us()
        swept = self.scanner.scan(self.board.cells_per_step)
        self._sweep_us += time.ticks_diff(time.ticks_us(), t0)
        if swept:
            self.scan_us = self._sweep_us
            self._sweep_us = 0
            if self.scanner.unsettled:
                busy = True
        else:
            busy = True  # the sweep is not finished yet
        edges = self.board.buttons.poll(now)
        for seat, button, action, t in edges:
            self._event(m.BUTTON, m.pack_button(seat, button, action, t))
        if self._display:
            self._drain_display(now)
        self._timers(now)
        if self.state == LINKED:
            out = self.link.poll(now)
            if out:
                self.transport.write(out)
        return busy

    def _timers(self, now):
        if self.state == UNLINKED:
            if ticks_diff(now, self._hello_due) >= 0:
                self._send_hello(now)
            return
        last = self.link.last_rx_ms
        if last is not None and ticks_diff(now, last) >= _LINK_LOSS_MS:
            self.board.debug("link lost: nothing from the host for %d ms" % ticks_diff(now, last))
            self._unlink(now)
            return
        if ticks_diff(now, self._heartbeat_due) >= 0:
            self._heartbeat_due = ticks_add(now, _HEARTBEAT_MS)
            ls = self.link
            ls.send(
                m.HEARTBEAT,
                m.pack_heartbeat(
                    ticks_diff(now, self.boot_ms),
                    gc.mem_free(),
                    self.scan_us // 1000,
                    self.scanner.read_errors,
                    ls.deframer.dropped,
                    self.events_dropped,
                    ls.pending(),
                ),
                False,
            )
        if self._snapshot_rid is not None or self._snapshot is not None:
            self._send_snapshot()
        if self._overflow_unreported:
            text = (
                "%d events were dropped because the send queue was full; ask for a SNAPSHOT"
                % self._overflow_unreported
            )
            if self.link.send(m.LOG, m.pack_log(m.WARNING, m.CODE_QUEUE_OVERFLOW, text)):
                self._overflow_unreported = 0

    # -- session -------------------------------------------------------------------------------

    def _send_now(self, mtype, payload):
        # Unreliable and outside the link: the only frames that go out while unlinked.
        self.transport.write(DELIMITER + encode_frame(mtype, 0, 0, payload))

    def _send_hello(self, now):
        self._send_now(
            m.HELLO,
            m.pack_hello_board(
                FW_VERSION,
                self.boot_id,
                self.epoch,
                self.board.geometry,
                (self.panel.width, self.panel.height),
                self.board.name,
            ),
        )
        self._hello_due = ticks_add(now, _HELLO_MS)

    def _unlink(self, now):
        self.epoch = (self.epoch % 255) + 1
        self.state = UNLINKED
        self._snapshot_rid = None  # the next session's host asks afresh
        self._snapshot = None
        self._send_hello(now)

    def _on_frame(self, f, now):
        # One method for the whole dispatch: in MicroPython every function costs heap of its own.
        version, mtype, _seq, _ack, payload = f
        debug = self.board.debug
        if version != PROTOCOL_VERSION:
            if (
                self._version_reply_ms is not None
                and ticks_diff(now, self._version_reply_ms) < _VERSION_REPLY_MS
            ):
                return
            self._version_reply_ms = now
            text = (
                "the board speaks wordtable protocol %d but received a frame of protocol %d;"
                " update the host or the firmware so both speak the same version"
                % (PROTOCOL_VERSION, version)
            )
            debug(text)
            self._send_now(m.LOG, m.pack_log(m.ERROR, m.CODE_VERSION, text))
            self._send_hello(now)
            return
        if mtype == m.HELLO:
            # The host (re)started and asks who we are. A new session begins: a HELLO_ACK for the
            # old epoch that is still under way must not link us.
            debug("host HELLO")
            if self.state == LINKED:
                self._unlink(now)
            else:
                self._send_hello(now)
            return
        if mtype == m.HELLO_ACK:
            try:
                boot_id, epoch, host_version = m.unpack_hello_ack(payload)
            except ValueError as e:
                debug("malformed %s: %s" % ("HELLO_ACK", e))
                return
            if self.state == LINKED or boot_id != self.boot_id or epoch != self.epoch:
                return
            self.link.reset(True)
            self.link.last_rx_ms = now
            self.state = LINKED
            self._heartbeat_due = ticks_add(now, _HEARTBEAT_MS)
            debug(
                "linked: host %d.%d.%d, boot_id %04x epoch %d"
                % (host_version[0], host_version[1], host_version[2], boot_id, epoch)
            )
            return
        if mtype == m.REPL:
            # `make deploy` asks the firmware to step aside so that mpremote finds the REPL.
            debug("the host asked for the REPL; stopping")
            self.repl_requested = True
            return
        if self.state != LINKED:
            return  # nothing else is meaningful before the handshake
        try:
            if mtype == m.DISPLAY:
                x, y, w, h, flags, data = m.unpack_display(payload)
                pw = self.panel.width
                ph = self.panel.height
                if x + w > pw or y + h > ph:
                    raise ValueError(
                        "region %dx%d at (%d,%d) does not fit the %dx%d panel" % (w, h, x, y, pw, ph)
                    )
                if len(self._display) >= _DISPLAY_QUEUE:
                    self.log(
                        m.WARNING,
                        m.CODE_PANEL,
                        "display region %dx%d at (%d,%d) dropped: %d regions wait for the busy"
                        " panel; send the screen again" % (w, h, x, y, _DISPLAY_QUEUE),
                    )
                    return
                self._display.append((x, y, w, h, flags, data))
                self._drain_display(now)
            elif mtype == m.SNAPSHOT_REQ:
                self._snapshot_rid = m.unpack_snapshot_req(payload)
                self._send_snapshot()
            elif mtype == m.LED:
                led, rgb, mode, duration_ms = m.unpack_led(payload)
                self.board.feedback.led(led, rgb, mode, duration_ms)
            elif mtype == m.BEEP:
                freq, duration_ms, count = m.unpack_beep(payload)
                self.board.feedback.beep(freq, duration_ms, count)
            elif mtype == m.LOG:
                level, _code, text = m.unpack_log(payload)
                debug("host %s: %s" % (m.LEVEL_NAMES[level & 3], text))
            elif mtype == m.DIAG_REQ or mtype == m.TAG_WRITE:
                self._rare("answer", mtype, payload, now)
            elif mtype != m.HEARTBEAT:  # the host's pulse: receiving it kept the link alive
                self.log(
                    m.WARNING, m.CODE_UNKNOWN_TYPE, "message type 0x%02x is not one the board handles" % mtype
                )
        except ValueError as e:
            self.log(m.WARNING, m.CODE_BAD_MESSAGE, "malformed message of type 0x%02x: %s" % (mtype, e))

    # -- events --------------------------------------------------------------------------------

    def _event(self, mtype, payload):
        if not self.link.send(mtype, payload):
            self.events_dropped += 1
            self._overflow_unreported += 1

    def _on_cell(self, cell, buf, n):
        # Backpressure rather than loss: the scanner keeps the change and offers it again on its
        # next sweep. While a SNAPSHOT goes out the reported state must not change.
        if self.link.pending() >= CELL_QUEUE or self._snapshot is not None:
            return False
        self._event(m.CELL, m.pack_cell(cell, buf[:n]))
        return True

    def _on_reader_fault(self, cell, errors):
        self._rare("reader_fault", cell, errors)

    def _rare(self, name, *args):
        # Diagnostics, tag writes and fault reports come seldom: their code (wtfw.diag and
        # wtproto.diagcodec) is imported for the call and dropped after it, as code is heap.
        gc.collect()
        from . import diag

        try:
            getattr(diag, name)(self, *args)
        finally:
            diag.forget()

    def _send_snapshot(self):
        # The parts are built one by one as the link takes them (a full table's 13 parts at once
        # would take 4 KB of heap). Cell reports wait from the first part to the last, so every
        # CELL queued before the SNAPSHOT is part of it and none queued after it is older.
        sc = self.scanner
        link = self.link
        if self._snapshot_rid is not None:
            if sc.sweeps < 2:
                return  # just booted: no cell has been read twice, the reported state is empty
            size = _SNAPSHOT_PART
            if sc.snapshot_count(size) > _SNAPSHOT_SMALL_PARTS:  # a table far larger than ours
                size = MAX_PAYLOAD
            self._snapshot = sc.snapshot_parts(self._snapshot_rid, size)
            self._snapshot_rid = None
        parts = self._snapshot
        while parts is not None and link.pending() < _SNAPSHOT_AHEAD:
            part = next(parts, None)
            if part is None:
                self._snapshot = None
                return
            self._event(m.SNAPSHOT, part)

    def log(self, level, code, text):
        """Send a LOG to the host (reliably; queued until linked) and to the debug output."""
        self.board.debug("%s: %s" % (m.LEVEL_NAMES[level & 3], text))
        self.link.send(m.LOG, m.pack_log(level, code, text))

    # -- display -------------------------------------------------------------------------------

    def _drain_display(self, now):
        panel = self.panel
        q = self._display
        while q:
            if panel.busy():
                if self._panel_busy_since is None:
                    self._panel_busy_since = now
                elif (
                    not self._panel_reported and ticks_diff(now, self._panel_busy_since) >= _PANEL_TIMEOUT_MS
                ):
                    self._panel_reported = True
                    self.log(
                        m.ERROR,
                        m.CODE_PANEL,
                        "the display panel has been busy for %d ms;"
                        " %d regions wait" % (ticks_diff(now, self._panel_busy_since), len(q)),
                    )
                return
            self._panel_busy_since = None
            self._panel_reported = False
            x, y, w, h, flags, data = q.pop(0)
            if w and h:
                panel.write_region(x, y, w, h, data)
            refresh = flags & 3
            if refresh != m.REFRESH_NONE:
                panel.refresh(refresh == m.REFRESH_FULL)

    # -- faults --------------------------------------------------------------------------------

    def report_exception(self, exc, now):
        """The loop caught ``exc``: tell the host (rate-limited) and the debug output."""
        self.exceptions += 1
        import io

        s = io.StringIO()
        sys.print_exception(exc, s)  # type: ignore[attr-defined]  # MicroPython's sys has it
        trace = s.getvalue()
        self.board.debug(trace)
        if exc.__class__ is MemoryError:
            gc.collect()
        if self._exception_ms is not None and ticks_diff(now, self._exception_ms) < _EXCEPTION_LOG_MS:
            self._exceptions_suppressed += 1
            return
        self._exception_ms = now
        where = ""
        for line in trace.split("\n"):
            if line.strip().startswith("File "):
                where = line.strip()
        text = "%s: %s" % (exc.__class__.__name__, exc)
        if where:
            text += " (%s)" % where
        if self._exceptions_suppressed:
            text += "; %d more since the last report" % self._exceptions_suppressed
            self._exceptions_suppressed = 0
        self.log(m.ERROR, m.CODE_EXCEPTION, text)
