"""Requests the host makes of the board and waits for: DIAG_REQ (its diagnostics) and TAG_WRITE (write
and read back a tag), each matched with the parts of its answer (DIAG, TAG_RESULT) by a request id.

BoardLink sends the requests and hands the answers over from its I/O thread (``answered``, and
``unknown_to_board`` when older firmware says it does not handle a request's type); the caller's thread
waits here.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from wtproto import hostdiag as hd
from wtproto import messages as m

from .board_errors import BoardSilentError, FirmwareTooOldError


@dataclass
class _Request:
    """A request to the board (DIAG_REQ, TAG_WRITE) waiting for its answer's parts."""

    mtype: int = 0  # what was asked
    parts: dict[int, bytes] = field(default_factory=dict)
    total: int | None = None
    unknown_to_board: bool = False  # the board answered "not a type I handle" (older firmware)
    done: threading.Event = field(default_factory=threading.Event)


@dataclass(frozen=True)
class TagResult:
    """What the board did with a TAG_WRITE: ``status`` (wtproto.diagcodec TAG_*), the pages it
    wrote, the UID of the tag it reached, and the pages it read back."""

    status: int
    pages_written: int
    uid: bytes
    data: bytes


class BoardRequests:
    """The requests waiting for their answers. ``send(mtype, payload)`` queues a message for the board
    (``BoardLink.send``); ``port`` names the board in error messages."""

    def __init__(self, port: str, send: Callable[[int, bytes], object]) -> None:
        self.port = port
        self._send = send
        self._lock = threading.Lock()
        self._waiting: dict[tuple[int, int], _Request] = {}  # (answer type, request id)
        self._request_id = random.randrange(256)

    def diag(self, topic: int, timeout: float = 5.0) -> list[dict]:
        """Ask the board for one topic of its diagnostics (``wtproto.diagcodec`` SUMMARY, READERS,
        CELLS, PROBLEMS) and wait for every part of the answer: the DIAG parts decoded
        (``wtproto.hostdiag.unpack_diag``), in order. BoardError if it does not come in time."""
        parts = self.ask(
            m.DIAG_REQ,
            m.DIAG,
            lambda rid: hd.pack_diag_req(rid, topic),
            timeout,
            f"its diagnostics ({hd.TOPICS[topic]})",
        )
        return [hd.unpack_diag(p) for p in parts]

    def tag_write(
        self, cell: int, page: int, data: bytes, read_back: int = 0, timeout: float = 5.0
    ) -> TagResult:
        """Have the board write ``data`` (whole 4-byte pages) into the tag on ``cell`` from
        ``page`` on, then read back ``read_back`` pages from ``page``; empty ``data`` only reads."""
        (p,) = self.ask(
            m.TAG_WRITE,
            m.TAG_RESULT,
            lambda rid: hd.pack_tag_write(rid, cell, page, data, read_back),
            timeout,
            f"a tag write on cell {cell}",
        )
        _rid, status, written, uid, back = hd.unpack_tag_result(p)
        return TagResult(status, written, uid, back)

    def ask(
        self, mtype: int, answer: int, pack: Callable[[int], bytes], timeout: float, what: str
    ) -> list[bytes]:
        """Send ``mtype`` with the payload ``pack(request id)`` and wait up to ``timeout`` s for every
        part of its ``answer`` type, in order; ``what`` names the request in the error if none comes."""
        with self._lock:
            self._request_id = (self._request_id + 1) & 0xFF
            rid = self._request_id
            key = (answer, rid)
            req = self._waiting[key] = _Request(mtype)
        # Sent outside this lock: BoardLink.send takes the link's lock, under which its I/O thread
        # calls ``answered``. Registered before it is sent, so no answer comes too early.
        self._send(mtype, pack(rid))
        try:
            if req.done.wait(timeout) and req.unknown_to_board:
                raise FirmwareTooOldError(
                    f"The board at {self.port} does not handle {what}: its firmware is older than this "
                    f"host. Update it with `wordtable board deploy --port {self.port}`."
                )
            if not req.done.wait(0):
                raise BoardSilentError(
                    f"The board at {self.port} did not send {what} within {timeout:g} s. If its firmware "
                    f"is older than this host, update it with `wordtable board deploy --port {self.port}`."
                )
        finally:
            with self._lock:
                self._waiting.pop(key, None)
        return [req.parts[i] for i in sorted(req.parts)]

    def unknown_to_board(self, text: str) -> None:
        """The board logged CODE_UNKNOWN_TYPE with ``text``: the requests of the type it names fail."""
        # Firmware older than a request type answers it with LOG CODE_UNKNOWN_TYPE naming the type
        # (by its name in earlier firmware, as 0xNN now): the request fails at once, not at its timeout.
        words = text.split()
        with self._lock:
            waiting = list(self._waiting.values())
        for req in waiting:
            if m.NAMES.get(req.mtype) in words or f"0x{req.mtype:02x}" in words:
                req.unknown_to_board = True
                req.done.set()

    def answered(self, mtype: int, payload: bytes) -> None:
        """A part of an answer (DIAG or TAG_RESULT) arrived."""
        if mtype == m.DIAG:
            d = hd.unpack_diag(payload)
            rid, part, total = d["request_id"], d["part"], d["parts"]
        else:
            rid, part, total = hd.unpack_tag_result(payload)[0], 0, 1
        with self._lock:
            req = self._waiting.get((mtype, rid))
        if req is None:
            return  # an answer to a request that timed out
        req.parts[part] = payload
        req.total = total
        if len(req.parts) >= total:
            req.done.set()
