"""The layouts of the board's diagnostics and tag tools: DIAG_REQ / DIAG (``wordtable board
doctor``) and TAG_WRITE / TAG_RESULT (``wordtable tags write``); docs/protocol.md has the tables.

Here: what the board runs (the requests' unpackers, the answers' packers). The host's side (the
requests' packers, the answers' unpackers, the names of the topics) is in ``hostdiag``. The firmware imports this module
only when the host asks (wtfw.diag) and drops it afterwards: in MicroPython code is heap, and a
board answers a diagnosis a few times a day.
"""

import struct

# DIAG_REQ topics
SUMMARY = 0  # firmware, uptime, heap, sweep time, error totals, readers answering, panel
READERS = 1  # one entry per reader chip: version, answering, faults, cells
CELLS = 2  # the noisiest cells: read errors and collisions, against the sweeps read
PROBLEMS = 3  # the drivers' recent problem sentences, one per part
SETTLE = 4  # how long each cell's tag needs after its antenna switches on, measured when asked

NOISY_CELLS = 16  # entries in a CELLS answer at most
NO_INDEX = 255  # reader or antenna of a cell on a board that has none (the sim)

# TAG_RESULT status
TAG_OK = 0
TAG_NO_TAG = 1  # nothing answered on the cell
TAG_ERROR = 2  # a tag answered, then NAKed, left, or sent a damaged frame
TAG_READER = 3  # the cell's reader does not answer
TAG_UNSUPPORTED = 4  # this board cannot write tags (the sim's tags are UIDs only)
TAG_BAD_REQUEST = 5  # a cell outside the table, a page below 4, data not whole pages
TAG_PAGES = 16  # pages written or read back in one request at most (64 bytes)
FIRST_USER_PAGE = 4  # pages 0..3 hold the UID, lock bits and capability container: never written

DIAG_HEAD = "<BBBB"  # request id, topic, part, parts
SUMMARY_FMT = "<BBBIIIIHHHBBBHH"
READER_FMT = "<BBBHHB"  # index, VersionReg, answering, faults, cells, name length; then the name
CELL_HEAD = "<IB"  # sweeps, entries
CELL_FMT = "<HBBHH"  # cell, reader, antenna, read errors, collisions
SETTLE_HEAD = "<HHB"  # the least a step waits (us), cells, channels; then a byte per cell, "<H" per channel
SETTLE_UNIT_US = 50  # what one in a cell's byte of a SETTLE answer counts
TAG_WRITE_FMT = "<BHBB"  # request id, cell, first page, pages to read back; then the data
TAG_RESULT_FMT = "<BBBB"  # request id, status, pages written, UID length; then UID, pages read


def _u16(v):
    return v if v < 0xFFFF else 0xFFFF


def unpack_diag_req(p):
    """(request id, topic)."""
    if len(p) != 2 or p[1] > SETTLE:
        raise ValueError("DIAG_REQ must be 2 bytes, a request id and a topic 0..4")
    return p[0], p[1]


def diag_head(rid, topic, part, parts):
    return struct.pack(DIAG_HEAD, rid & 0xFF, topic, part, parts)


def pack_diag_summary(
    rid,
    fw,
    uptime_ms,
    heap_free,
    heap_used,
    sweep_us,
    read_errors,
    exceptions,
    events_dropped,
    readers,
    answering,
    panel,
    full,
    partial,
    name,
):
    """The SUMMARY answer. ``panel``: 0 working, 1 busy refreshing, 2 failed at start."""
    return (
        diag_head(rid, SUMMARY, 0, 1)
        + struct.pack(
            SUMMARY_FMT,
            fw[0],
            fw[1],
            fw[2],
            uptime_ms & 0xFFFFFFFF,
            heap_free,
            heap_used,
            sweep_us & 0xFFFFFFFF,
            _u16(read_errors),
            _u16(exceptions),
            _u16(events_dropped),
            readers,
            answering,
            panel,
            _u16(full),
            _u16(partial),
        )
        + name.encode()[:32]
    )


def pack_diag_reader(index, name, version, answering, faults, cells):
    """One entry of a READERS answer."""
    n = name.encode()[:32]
    return struct.pack(READER_FMT, index, version, 1 if answering else 0, _u16(faults), cells, len(n)) + n


def pack_diag_cell(cell, reader, antenna, errors, collisions):
    """One entry of a CELLS answer."""
    return struct.pack(CELL_FMT, cell, reader, antenna, _u16(errors), _u16(collisions))


def pack_diag_problem(rid, part, parts, text):
    """Part ``part`` of a PROBLEMS answer: one sentence (UTF-8, at most 1000 bytes); an empty
    sentence in the only part: no problems."""
    return diag_head(rid, PROBLEMS, part, parts) + text.encode()[:1000]


def pack_diag_settle(rid, least_us, cells, waits):
    """The SETTLE answer: ``cells``, per cell the time its tag needed in SETTLE_UNIT_US (0: no tag
    measured there yet); ``waits``, per channel what its step waits (us; 0: ``least_us``)."""
    return (
        diag_head(rid, SETTLE, 0, 1)
        + struct.pack(SETTLE_HEAD, least_us, len(cells), len(waits))
        + bytes(cells)
        + struct.pack("<%dH" % len(waits), *waits)
    )


def unpack_tag_write(p):
    """(request id, cell, first page, pages to read back, data to write)."""
    if len(p) < 5:
        raise ValueError("TAG_WRITE payload too short")
    rid, cell, page, nread = struct.unpack_from(TAG_WRITE_FMT, p, 0)
    data = p[5:]
    if len(data) % 4 or len(data) > 4 * TAG_PAGES or nread > TAG_PAGES:
        raise ValueError(
            "TAG_WRITE data of %d bytes, %d pages to read: whole pages, at most %d"
            % (len(data), nread, TAG_PAGES)
        )
    return rid, cell, page, nread, data


def pack_tag_result(rid, status, written, uid, data):
    """What became of a TAG_WRITE: status, pages written, the tag's UID and the pages read back."""
    return struct.pack(TAG_RESULT_FMT, rid & 0xFF, status, written, len(uid)) + bytes(uid) + bytes(data)
