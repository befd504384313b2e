"""What the board does seldom: answer the host's DIAG_REQ (``wordtable board doctor``) and
TAG_WRITE (``wordtable tags write``), and report a cell whose reads keep failing.

``App`` imports this module for the call and drops it afterwards (with ``wtproto.diagcodec``): in
MicroPython code is heap, and these run a few times a day. So nothing here may keep state: what
has to outlive a call is kept on the app.

The reader's diagnostics are used where the board has them (a drivers.reader_matrix.MatrixReader:
the functions of drivers.matrix_diag, loaded and dropped with this module, ``read_pages`` and
``write_page`` among them; its ``problems``); the sim's reader has none of the chips' and answers as one reader
named "sim", its per-cell misread counts as the noisy cells, and "not supported" to a tag write
(its tags are UIDs only).
"""

import gc
import struct

from wtproto import diagcodec as dc
from wtproto import messages as m
from wtproto.link import ticks_diff

from . import FW_VERSION


def _matrix(rd):
    # drivers.matrix_diag for a reader matrix (it has chips), None for the sim's reader.
    if not hasattr(rd, "chips"):
        return None
    from drivers import matrix_diag

    return matrix_diag


def answer(app, mtype, payload, now):
    """Answer a DIAG_REQ or a TAG_WRITE; ValueError for a malformed one (the app LOGs it)."""
    if mtype == m.TAG_WRITE:
        _tag_write(app, payload)
        return
    rid, topic = dc.unpack_diag_req(payload)
    send = app.link.send
    rd = app.board.reader
    if topic == dc.SUMMARY:
        readers = _readers(rd)
        up = 0
        for s in readers:
            if s[3]:
                up += 1
        panel = app.panel
        state = 0
        if getattr(panel, "fault", None):
            state = 2
        elif panel.busy():
            state = 1
        sc = app.scanner
        gc.collect()  # free heap as the board can use it, not minus the garbage of the last steps
        send(
            m.DIAG,
            dc.pack_diag_summary(
                rid,
                FW_VERSION,
                ticks_diff(now, app.boot_ms),
                gc.mem_free(),
                gc.mem_alloc(),
                app.scan_us,
                sc.read_errors,
                app.exceptions,
                app.events_dropped,
                len(readers),
                up,
                state,
                getattr(panel, "full", 0),
                getattr(panel, "partial", 0),
                app.board.name,
            ),
        )
    elif topic == dc.READERS:
        readers = _readers(rd)
        p = dc.diag_head(rid, topic, 0, 1) + bytes((len(readers),))
        for index, name, version, answering, faults, cells in readers:
            p += dc.pack_diag_reader(index, name, version, answering, faults, cells)
        send(m.DIAG, p)
    elif topic == dc.CELLS:
        md = _matrix(rd)
        if md is not None:
            cells = md.noisy_cells(rd, dc.NOISY_CELLS)
        else:  # the sim: its misread counts per cell
            errors = getattr(rd, "errors", {})
            worst = []
            for c in errors:
                worst.append((errors[c], c))
            worst.sort(reverse=True)
            cells = []
            for n, c in worst[: dc.NOISY_CELLS]:
                cells.append((c, dc.NO_INDEX, dc.NO_INDEX, n, 0))
        p = dc.diag_head(rid, topic, 0, 1) + struct.pack(dc.CELL_HEAD, app.scanner.sweeps, len(cells))
        for c in cells:
            p += dc.pack_diag_cell(c[0], c[1], c[2], c[3], c[4])
        send(m.DIAG, p)
    elif topic == dc.SETTLE:
        md = _matrix(rd)
        if md is None:  # the sim: no antennas, nothing to measure
            send(m.DIAG, dc.pack_diag_settle(rid, 0, b"", ()))
        else:
            md.measure(rd)
            send(m.DIAG, dc.pack_diag_settle(rid, rd.settle_us, rd.settle, rd.waits))
    else:
        texts = list(getattr(rd, "problems", ()))
        fault = getattr(app.panel, "fault", None)
        if fault:
            texts.insert(0, fault)
        n = len(texts)
        if not n:
            send(m.DIAG, dc.pack_diag_problem(rid, 0, 1, ""))
        for i in range(n):
            send(m.DIAG, dc.pack_diag_problem(rid, i, n, texts[i]))


def _readers(rd):
    md = _matrix(rd)
    if md is None:
        return [(0, "sim", 0, True, 0, rd.ncells)]  # the sim's reader: no chip, no version, answering
    return md.reader_status(rd)


def _tag_write(app, payload):
    rid, cell, page, nread, data = dc.unpack_tag_write(payload)
    rd = app.board.reader
    md = _matrix(rd)
    status = dc.TAG_OK
    written = 0
    back = bytearray()
    uid = b""
    if md is None:
        status = dc.TAG_UNSUPPORTED
    elif cell >= rd.ncells or (data and page < dc.FIRST_USER_PAGE):
        status = dc.TAG_BAD_REQUEST
    else:
        for i in range(0, len(data), 4):
            r = md.write_page(rd, cell, page + written, data[i : i + 4])
            if r != 4:
                status = _tag_status(r)
                break
            written += 1
        buf = bytearray(16)
        k = 0
        while status == dc.TAG_OK and k < nread:
            r = md.read_pages(rd, cell, page + k, buf)  # one READ gives four pages
            if r != 16:
                status = _tag_status(r)
                break
            take = nread - k
            if take > 4:
                take = 4
            back += buf[: 4 * take]
            k += take
        uid = rd.last_uid
    app.link.send(m.TAG_RESULT, dc.pack_tag_result(rid, status, written, uid, back))


def _tag_status(r):
    # drivers.mfrc522: NO_ANSWER 0, ERROR -1, COLLISION -2, FAULT -3
    if r == 0:
        return dc.TAG_NO_TAG
    if r == -3:
        return dc.TAG_READER
    return dc.TAG_ERROR


def reader_fault(app, cell, errors):
    """The scanner saw ``errors`` failed reads in a row on ``cell``. A reader that does not answer
    fails all of its cells: that is one report per reader (and none here when the reader matrix
    reports its problems itself, through ``on_problem``), not one per cell."""
    rd = app.board.reader
    md = _matrix(rd)
    if md is None:
        text = "cell %d: %d read errors in a row; check its reader and antenna" % (cell, errors)
    else:
        r = rd.reader_of[cell]
        s = md.reader_status(rd)[r]
        if not s[3]:
            if rd.on_problem is not None:
                return  # the reader matrix said so when the reader stopped answering
            seen = getattr(app, "_readers_down", None)
            if seen is None:
                seen = app._readers_down = {}
            if seen.get(r) == s[4]:  # its fault count is the same: the same outage
                return
            seen[r] = s[4]
        text = md.cell_fault(rd, cell)
    app.log(m.WARNING, m.CODE_READER, text)


def forget():
    """Drop this module, wtproto.diagcodec and drivers.matrix_diag (App calls it after each use)."""
    from wtfw import forget as drop

    drop("wtfw.diag", "wtproto.diagcodec", "drivers.matrix_diag")
