"""The host end of the link to the table board, over pyserial.

``BoardLink`` opens the port (a device such as ``/dev/ttyACM0``, a pseudo-terminal, or a
``socket://`` URL), runs one I/O thread, and keeps the session alive:

* handshake: it asks the board for its HELLO, checks the protocol version, answers HELLO_ACK;
* reliability: ``wtproto.link.Link`` numbers, acknowledges and retransmits frames and drops
  duplicates, in both directions;
* recovery: a silent board is asked again, an unplugged port is reopened, and after every
  handshake the host asks for a SNAPSHOT and reconciles it with what it believed lay on the table
  (``table_mirror.TableMirror``, whose ``cells`` it shows), so no placement is lost across a restart
  of either side;
* a queue of events (``get_event``, the types in ``board_events``) for the session loop;
* the panel: ``show`` sends the DISPLAY payloads that ``display.panel.PanelContent`` works out (only
  what changed), and a board that restarted gets the whole last image again;
* requests answered in parts (diagnostics, tag writes) go through ``board_requests.BoardRequests``;
  the errors a person acts on are in ``board_errors``.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable

import serial
from PIL import Image
from wtproto import PROTOCOL_VERSION
from wtproto import messages as m
from wtproto.frame import encode_frame
from wtproto.link import TICKS_MAX, Link

from .. import VERSION as HOST_VERSION
from ..display import panel
from .board_errors import BoardError, BoardPortError, BoardSilentError, ProtocolVersionError
from .board_events import (
    BoardInfo,
    BoardLinked,
    BoardLog,
    BoardLost,
    ButtonChanged,
    Event,
    LinkFailed,
)
from .board_requests import BoardRequests, TagResult
from .table_mirror import TableMirror

log = logging.getLogger(__name__)

HELLO_INTERVAL_S = 1.0
HEARTBEAT_INTERVAL_S = 1.0
SILENCE_TIMEOUT_S = 3.0
REOPEN_INTERVAL_S = 0.5
READ_TIMEOUT_S = 0.005
BAUDRATE = 115200  # ignored by USB CDC and ptys; a UART bridge would need it


def host_ticks_ms() -> int:
    """Milliseconds on the same wrapping scale as the board's ``time.ticks_ms``."""
    return int(time.monotonic() * 1000) & TICKS_MAX


def open_port(port: str, timeout: float = READ_TIMEOUT_S) -> serial.SerialBase:
    """Open ``port`` for the link, turning pyserial's errors into messages a person can act on."""
    try:
        return serial.serial_for_url(
            port,
            baudrate=BAUDRATE,
            timeout=timeout,
            write_timeout=2.0,
            exclusive=True if "://" not in port else None,
        )
    except serial.SerialException as exc:
        text = str(exc)
        if "No such file" in text or "could not open port" in text and "Errno 2" in text:
            raise BoardPortError(
                f"No board at {port}: that port does not exist. Is the board plugged in? "
                f"Serial ports found: {', '.join(list_ports()) or 'none'}."
            ) from None
        if (
            "busy" in text.lower()
            or "Errno 16" in text
            or "exclusive" in text.lower()
            or "lock" in text.lower()
        ):
            raise BoardPortError(
                f"The port {port} is busy: another program has it open (a serial monitor, mpremote, "
                f"or another wordtable). Close it and try again."
            ) from None
        if "Permission denied" in text or "Errno 13" in text:
            raise BoardPortError(
                f"No permission to open {port}. On Linux add yourself to the 'dialout' group "
                f"(sudo usermod -aG dialout $USER, then log in again)."
            ) from None
        raise BoardPortError(f"Cannot open {port}: {text}") from None


def list_ports() -> list[str]:
    """Serial ports the system knows about (for error messages)."""
    from serial.tools import list_ports as lp

    return sorted(p.device for p in lp.comports())


class BoardLink:
    """The host's connection to one table board.

    Thread-safe: ``send_*``/``show`` may be called from any thread. Events are queued for
    ``get_event``; ``on_event``, if given, is also called on the I/O thread (keep it short).
    """

    def __init__(
        self, port: str, *, on_event: Callable[[Event], None] | None = None, reconnect: bool = True
    ) -> None:
        self.port = port
        self.on_event = on_event
        self.reconnect = reconnect
        self.info: BoardInfo | None = None
        self.mirror = TableMirror()
        self.heartbeat: dict[str, int] | None = None
        self.error: BoardError | None = None
        self.link = Link()
        self._events: queue.Queue[Event] = queue.Queue()
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._linked = threading.Event()
        self._reconciled = threading.Event()
        self._thread: threading.Thread | None = None
        self._ser: serial.SerialBase | None = None
        self._last_boot_id: int | None = None
        self._panel = panel.PanelContent()
        self._last_hello_sent = 0.0
        self._last_heartbeat = 0.0
        self._last_rx = 0.0
        self._opened_at = 0.0
        self._port_error_reported = False
        self.lost_count = 0
        self.link_count = 0
        self.rx_bytes = 0
        self.repeats_dropped = 0
        self._recent_buttons: deque[tuple[int, int, int, int, int]] = deque(maxlen=64)
        self.requests = BoardRequests(port, self.send)

    # -- life cycle ---------------------------------------------------------------------------
    def start(self) -> BoardLink:
        """Open the port (raising BoardPortError if it cannot be opened and ``reconnect`` is off)
        and start the I/O thread."""
        try:
            self._open()
        except BoardPortError:
            if not self.reconnect:
                raise
        self._thread = threading.Thread(target=self._run, name=f"board-link {self.port}", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        with self._lock:
            if self._ser is not None:
                try:
                    self._ser.close()
                except serial.SerialException:
                    pass
                self._ser = None

    def __enter__(self) -> BoardLink:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def linked(self) -> bool:
        return self._linked.is_set()

    def wait_linked(self, timeout: float = 10.0) -> BoardInfo:
        """Block until the handshake is done and the table reconciled; raise what went wrong."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.error is not None:
                raise self.error
            if self._linked.is_set() and self._reconciled.is_set():
                assert self.info is not None
                return self.info
            time.sleep(0.005)
        if self.error is not None:
            raise self.error
        raise self._silence_error(timeout)

    def _silence_error(self, waited: float) -> BoardError:
        if self._ser is None:
            return BoardPortError(
                f"The port {self.port} could not be opened in {waited:g} s; is the board plugged in?"
            )
        if self.link.deframer.frames == 0 and self.rx_bytes > 0:
            return BoardSilentError(
                f"The device at {self.port} sends data, but none of it is wordtable frames "
                f"({self.rx_bytes} bytes in {waited:g} s). Is the wordtable firmware installed? "
                f"Install it with `make deploy PORT={self.port}`."
            )
        return BoardSilentError(
            f"No answer from a board at {self.port} in {waited:g} s. Check the cable, and that the "
            f"wordtable firmware is installed (`make deploy PORT={self.port}`)."
        )

    def get_event(self, timeout: float | None = None) -> Event | None:
        """The next event, or None after ``timeout`` seconds."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    # -- sending --------------------------------------------------------------------------------
    def send(self, mtype: int, payload: bytes = b"", reliable: bool = True) -> bool:
        """Queue one message for the board and write what the link allows at once."""
        with self._lock:
            ok = self.link.send(mtype, payload, reliable)
            self._flush()
        return ok

    @property
    def screen(self) -> Image.Image | None:
        """The image the host last sent to the panel (a copy), None before the first."""
        with self._lock:
            return None if self._panel.image is None else self._panel.image.copy()

    def show(self, image: Image.Image, full: bool = False) -> int:
        """Show ``image`` on the board's panel: only the region that changed since the last image
        is sent (all of it if ``full``), refreshed partially or fully. Returns payload bytes sent.
        The host remembers the image and re-sends it if the board restarts."""
        size = self.info.display_size if self.info else image.size
        with self._lock:
            return self._send_display(self._panel.update(image, size, full))

    def _send_display(self, payloads: list[bytes]) -> int:
        if not payloads:
            return 0
        for payload in payloads:
            self.link.send(m.DISPLAY, payload)
        self._flush()
        return sum(len(p) for p in payloads)

    def led(self, led: int, rgb: tuple[int, int, int], mode: int = m.LED_ON, duration_ms: int = 0) -> None:
        self.send(m.LED, m.pack_led(led, rgb, mode, duration_ms))

    def beep(self, freq_hz: int, duration_ms: int, count: int = 1) -> None:
        self.send(m.BEEP, m.pack_beep(freq_hz, duration_ms, count))

    @property
    def cells(self) -> dict[int, bytes]:
        """What the host believes lies on the table: the tag's UID by cell (``TableMirror``)."""
        return self.mirror.cells

    def request_snapshot(self) -> None:
        """Ask the board for every occupied cell; the answer is reconciled with ``cells``."""
        with self._lock:
            rid = self.mirror.expect_snapshot()
            self._reconciled.clear()
            self.link.send(m.SNAPSHOT_REQ, m.pack_snapshot_req(rid))
            self._flush()

    def request_diag(self, topic: int, timeout: float = 5.0) -> list[dict]:
        """Ask the board for one topic of its diagnostics and wait for every part of the answer
        (``BoardRequests.diag``)."""
        return self.requests.diag(topic, timeout)

    def tag_write(
        self, cell: int, page: int, data: bytes, read_back: int = 0, timeout: float = 5.0
    ) -> TagResult:
        """Have the board write ``data`` into the tag on ``cell`` and read back (``BoardRequests.tag_write``)."""
        return self.requests.tag_write(cell, page, data, read_back, timeout)

    # -- I/O thread -----------------------------------------------------------------------------
    def _open(self) -> None:
        ser = open_port(self.port)
        with self._lock:
            self._ser = ser
            self.link.deframer.reset()
            self._opened_at = time.monotonic()
            self._last_rx = self._opened_at
            self._last_hello_sent = 0.0
            self._port_error_reported = False

    def _emit(self, event: Event) -> None:
        self._events.put(event)
        if self.on_event is not None:
            try:
                self.on_event(event)
            except Exception:  # a consumer's bug must not kill the link
                log.exception("event handler failed for %r", event)

    def _flush(self) -> None:
        """Write what the link has to send (called with the lock held)."""
        ser = self._ser
        if ser is None or not self._linked.is_set():
            return
        data = self.link.poll(host_ticks_ms())
        if data:
            self._write(data)

    def _write(self, data: bytes) -> None:
        ser = self._ser
        if ser is None:
            return
        try:
            ser.write(data)
        except (serial.SerialException, OSError) as exc:
            self._port_lost(f"writing to {self.port} failed: {exc}")

    def _port_lost(self, reason: str) -> None:
        with self._lock:
            if self._ser is not None:
                try:
                    self._ser.close()
                except (serial.SerialException, OSError):
                    pass
            self._ser = None
            was_linked = self._linked.is_set()
            self._linked.clear()
        if was_linked:
            self.lost_count += 1
            self._emit(
                BoardLost(
                    f"The board was disconnected ({reason}). Waiting for it to come back; the game is kept."
                )
            )

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._ser is None:
                if not self.reconnect and self.error is None:
                    self.error = BoardPortError(f"The port {self.port} was closed.")
                try:
                    self._open()
                except BoardPortError as exc:
                    if not self._port_error_reported:
                        log.warning("%s", exc)
                        self._port_error_reported = True
                    self._stop.wait(REOPEN_INTERVAL_S)
                    continue
            try:
                ser = self._ser
                assert ser is not None
                data = ser.read(max(1, ser.in_waiting))
            except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                self._port_lost(f"reading from {self.port} failed: {exc}")
                continue
            now = time.monotonic()
            self.rx_bytes += len(data)
            with self._lock:
                if data:
                    self._receive(data, now)
                self._timers(now)
                self._flush()

    def _receive(self, data: bytes, now: float) -> None:
        ticks = host_ticks_ms()
        # Frame by frame: a HELLO resets the numbering, and frames after it in the same read
        # belong to the new session.
        for frame in self.link.deframer.feed(data):
            if not self.link.accept(frame, ticks):
                continue
            version, mtype, _seq, _ack, payload = frame
            if version != PROTOCOL_VERSION:
                if self.error is None:
                    self.error = ProtocolVersionError(version)
                    self._emit(LinkFailed(self.error))
                continue
            self._last_rx = now
            try:
                self._dispatch(mtype, payload)
            except ValueError as exc:
                name = m.NAMES.get(mtype, hex(mtype))
                log.warning("malformed %s from the board: %s", name, exc)
                self._emit(
                    BoardLog(m.WARNING, m.CODE_BAD_MESSAGE, f"host received a malformed {name}: {exc}")
                )

    def _dispatch(self, mtype: int, payload: bytes) -> None:
        if mtype == m.HELLO:
            self._on_hello(payload)
            return
        if not self._linked.is_set():
            return  # left over from before the handshake; the snapshot will cover it
        if mtype == m.CELL:
            changed = self.mirror.report(*m.unpack_cell(payload))
            if changed is None:
                self.repeats_dropped += 1
            else:
                self._emit(changed)
        elif mtype == m.BUTTON:
            seat, button, action, t_ms = m.unpack_button(payload)
            key = (self.info.boot_id if self.info else 0, seat, button, action, t_ms)
            if key in self._recent_buttons:
                self.repeats_dropped += 1  # the same edge, sent again after a relink
                return
            self._recent_buttons.append(key)
            self._emit(ButtonChanged(seat, button, action == m.PRESSED, t_ms))
        elif mtype == m.SNAPSHOT:
            self._on_snapshot(payload)
        elif mtype == m.HEARTBEAT:
            hb = m.unpack_heartbeat(payload)
            if hb is not None:
                previous = self.heartbeat
                self.heartbeat = hb
                if previous is not None and hb["events_dropped"] > previous["events_dropped"]:
                    self.request_snapshot()
        elif mtype == m.LOG:
            level, code, text = m.unpack_log(payload)
            if code == m.CODE_QUEUE_OVERFLOW:
                self.request_snapshot()
            elif code == m.CODE_UNKNOWN_TYPE:
                self.requests.unknown_to_board(text)
            self._emit(BoardLog(level, code, text))
        elif mtype in (m.DIAG, m.TAG_RESULT):
            self.requests.answered(mtype, payload)
        # Other types (future additions) are for other consumers; ignoring them is safe.

    def _on_hello(self, payload: bytes) -> None:
        info = BoardInfo.from_hello(payload)
        same_session = (
            self._linked.is_set()
            and self.info is not None
            and (info.boot_id, info.epoch) == (self.info.boot_id, self.info.epoch)
        )
        ack = encode_frame(m.HELLO_ACK, 0, 0, m.pack_hello_ack(info.boot_id, info.epoch, HOST_VERSION))
        if same_session:
            self._write(b"\x00" + ack)  # our HELLO_ACK was lost; say it again, change nothing
            return
        restarted = self._last_boot_id is not None and info.boot_id != self._last_boot_id
        # Same boot: pending display updates still apply. New boot: the panel is blank; redraw below.
        self.link.reset(keep_pending=not restarted)
        self._write(b"\x00" + ack)
        self.info = info
        self._last_boot_id = info.boot_id
        self.link_count += 1
        self._linked.set()
        self._emit(BoardLinked(info, restarted))
        self.request_snapshot()
        if restarted:
            self._send_display(self._panel.redraw())

    def _on_snapshot(self, payload: bytes) -> None:
        reconciled = self.mirror.snapshot_part(payload)
        if reconciled is None:
            return
        for c in reconciled.changes:
            self._emit(c)
        self._emit(reconciled)
        self._reconciled.set()

    def _timers(self, now: float) -> None:
        if self._ser is None:
            return
        if self._linked.is_set():
            if now - self._last_rx > SILENCE_TIMEOUT_S:
                self._linked.clear()
                self.lost_count += 1
                self._emit(
                    BoardLost(
                        f"The board at {self.port} stopped answering. Waiting for it; the game is kept."
                    )
                )
            elif now - self._last_heartbeat >= HEARTBEAT_INTERVAL_S:
                self._last_heartbeat = now
                self.link.send(m.HEARTBEAT, b"", reliable=False)
        if not self._linked.is_set() and now - self._last_hello_sent >= HELLO_INTERVAL_S:
            self._last_hello_sent = now
            self._write(b"\x00" + encode_frame(m.HELLO, 0, 0, m.pack_hello_host(HOST_VERSION)))
