"""The host's side of the board's diagnostics and tag tools: packers of DIAG_REQ and TAG_WRITE,
unpackers of DIAG and TAG_RESULT (layouts and the board's side in ``diagcodec``).

Not in ``hostcodec``: scripts that stand in for the host on MicroPython (the heap benchmarks, the
firmware tests) load ``hostcodec`` into the board's 128 KB heap, and do not need these.
"""

import struct

from . import diagcodec as dc
from .messages import MAX_UID

TOPICS = ("summary", "readers", "cells", "problems", "settle")  # the names of diagcodec.SUMMARY .. SETTLE
DIAG_REQ_FMT = "<BB"  # request id, topic


def pack_diag_req(request_id, topic):
    """Ask the board for one topic of its diagnostics (diagcodec.SUMMARY, READERS, CELLS, PROBLEMS,
    SETTLE)."""
    return struct.pack(DIAG_REQ_FMT, request_id & 0xFF, topic)


def unpack_diag(p):
    """A DIAG part as a dict: request_id, topic, part, parts, and the topic's fields (SUMMARY: the
    counters and board name; READERS: "readers", a list of dicts; CELLS: "sweeps" and "cells", a
    list of dicts; PROBLEMS: "text", empty when the board has none to tell; SETTLE: "least_us",
    "cells_us", per cell the time its tag needed (0: none measured), "waits_us", per channel what
    its step waits)."""
    if len(p) < 4:
        raise ValueError("DIAG payload too short")
    rid, topic, part, parts = struct.unpack_from(dc.DIAG_HEAD, p, 0)
    if part >= parts:
        raise ValueError("DIAG part %d of %d" % (part, parts))
    out = {"request_id": rid, "topic": topic, "part": part, "parts": parts}
    body = bytes(p[4:])
    if topic == dc.SUMMARY:
        n = struct.calcsize(dc.SUMMARY_FMT)
        if len(body) < n:
            raise ValueError("DIAG summary of %d bytes is too short" % len(body))
        v = struct.unpack_from(dc.SUMMARY_FMT, body, 0)
        keys = (
            "uptime_ms",
            "heap_free",
            "heap_used",
            "sweep_us",
            "read_errors",
            "exceptions",
            "events_dropped",
            "readers",
            "readers_answering",
            "panel",
            "refreshes_full",
            "refreshes_partial",
        )
        out["fw_version"] = (v[0], v[1], v[2])
        for i in range(len(keys)):
            out[keys[i]] = v[3 + i]
        out["board_name"] = body[n:].decode()
    elif topic == dc.READERS:
        if not body:
            raise ValueError("DIAG readers without a count")
        readers = []
        off = 1
        step = struct.calcsize(dc.READER_FMT)
        for _ in range(body[0]):
            if off + step > len(body):
                raise ValueError("DIAG readers end inside an entry")
            index, version, answering, faults, cells, n = struct.unpack_from(dc.READER_FMT, body, off)
            off += step
            if off + n > len(body):
                raise ValueError("DIAG reader name runs past the payload")
            readers.append(
                {
                    "index": index,
                    "version": version,
                    "answering": bool(answering),
                    "faults": faults,
                    "cells": cells,
                    "name": body[off : off + n].decode(),
                }
            )
            off += n
        if off != len(body):
            raise ValueError("DIAG readers have %d bytes after their entries" % (len(body) - off))
        out["readers"] = readers
    elif topic == dc.CELLS:
        head = struct.calcsize(dc.CELL_HEAD)
        step = struct.calcsize(dc.CELL_FMT)
        if len(body) < head:
            raise ValueError("DIAG cells too short")
        sweeps, count = struct.unpack_from(dc.CELL_HEAD, body, 0)
        if len(body) != head + count * step:
            raise ValueError("DIAG cells: %d entries do not fill %d bytes" % (count, len(body)))
        cells = []
        for i in range(count):
            cell, reader, antenna, errors, collisions = struct.unpack_from(dc.CELL_FMT, body, head + i * step)
            cells.append(
                {
                    "cell": cell,
                    "reader": reader,
                    "antenna": antenna,
                    "errors": errors,
                    "collisions": collisions,
                }
            )
        out["sweeps"] = sweeps
        out["cells"] = cells
    elif topic == dc.PROBLEMS:
        out["text"] = body.decode()
    elif topic == dc.SETTLE:
        head = struct.calcsize(dc.SETTLE_HEAD)
        if len(body) < head:
            raise ValueError("DIAG settle too short")
        least, ncells, nch = struct.unpack_from(dc.SETTLE_HEAD, body, 0)
        if len(body) != head + ncells + 2 * nch:
            raise ValueError(
                "DIAG settle: %d cells and %d channels do not fill %d bytes" % (ncells, nch, len(body))
            )
        out["least_us"] = least
        out["cells_us"] = [b * dc.SETTLE_UNIT_US for b in body[head : head + ncells]]
        out["waits_us"] = [w or least for w in struct.unpack_from("<%dH" % nch, body, head + ncells)]
    else:
        raise ValueError("DIAG topic %d is not one of 0..4" % topic)
    return out


def pack_tag_write(request_id, cell, page, data, read_back=0):
    """Write ``data`` (whole 4-byte pages, at most 16) into the tag on ``cell`` from ``page`` on
    (4 or more: pages 0..3 are the UID, lock bits and capability container), then read back
    ``read_back`` pages from ``page``. Empty ``data``: only read."""
    if len(data) % 4 or len(data) > 4 * dc.TAG_PAGES:
        raise ValueError(
            "tag data must be whole 4-byte pages, at most %d bytes, not %d bytes"
            % (4 * dc.TAG_PAGES, len(data))
        )
    if data and page < dc.FIRST_USER_PAGE:
        raise ValueError("page %d is below the tag's user memory (page %d on)" % (page, dc.FIRST_USER_PAGE))
    if not 0 <= read_back <= dc.TAG_PAGES:
        raise ValueError("read back 0..%d pages, not %d" % (dc.TAG_PAGES, read_back))
    return struct.pack(dc.TAG_WRITE_FMT, request_id & 0xFF, cell, page, read_back) + bytes(data)


def unpack_tag_result(p):
    """(request_id, status, pages_written, uid, data_read)."""
    if len(p) < 4:
        raise ValueError("TAG_RESULT payload too short")
    rid, status, written, n = struct.unpack_from(dc.TAG_RESULT_FMT, p, 0)
    if n > MAX_UID or len(p) < 4 + n or (len(p) - 4 - n) % 4:
        raise ValueError("TAG_RESULT with a UID of %d bytes and %d bytes in all" % (n, len(p)))
    return rid, status, written, bytes(p[4 : 4 + n]), bytes(p[4 + n :])
