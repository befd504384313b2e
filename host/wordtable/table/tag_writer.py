"""Writing a piece's NDEF record (hardware/tags.md) into its tag through the board's reader, and
reading it back to check it (``wordtable tags write``)."""

from __future__ import annotations

from wtproto import diagcodec as dc

from .link import BoardLink
from .tags import PieceSet, TagError, decode_ndef, encode_ndef

NDEF_PAGE = 4  # NTAG213 user memory starts at page 4 (pages 0..3: UID, lock bits, capability container)


def write_piece(link: BoardLink, cell: int, pieces: PieceSet, piece_id: str, timeout: float = 10.0) -> bytes:
    """Write the record of piece ``piece_id`` of ``pieces`` into the tag lying on ``cell``, read it
    back and check it. Returns the tag's UID; TagError says what went wrong and what to do."""
    piece = pieces.piece(piece_id)
    data = encode_ndef(pieces.code, piece.id)
    if len(data) > 4 * dc.TAG_PAGES:
        raise TagError(
            f"the record of {piece.describe()} takes {len(data)} bytes; one write holds at most "
            f"{4 * dc.TAG_PAGES}"
        )
    info = link.info
    if info is not None and not 0 <= cell < info.ncells:
        raise TagError(f"cell {cell} is not on this table; its cells are 0 to {info.ncells - 1}")
    pages = len(data) // 4
    res = link.tag_write(cell, NDEF_PAGE, data, read_back=pages, timeout=timeout)
    board = info.board_name if info is not None else "this board"
    if res.status == dc.TAG_UNSUPPORTED:
        raise TagError(
            f"the {board} board cannot write tags: its tags are UIDs without memory. "
            "Write them on the real table board."
        )
    if res.status == dc.TAG_NO_TAG:
        raise TagError(
            f"no tag answers on cell {cell}: lay the piece on that cell, tag side down, and try again"
        )
    if res.status == dc.TAG_READER:
        raise TagError(
            f"the reader of cell {cell} does not answer; "
            f"`wordtable board doctor --port {link.port}` says which one and what to check"
        )
    if res.status == dc.TAG_BAD_REQUEST:
        raise TagError(f"the board refused to write cell {cell} from page {NDEF_PAGE}")
    if res.status != dc.TAG_OK:
        raise TagError(
            f"the tag on cell {cell} (UID {res.uid.hex() or 'unknown'}) stopped answering after "
            f"{res.pages_written} of {pages} pages: hold the piece still on the cell and try again; "
            "a tag whose pages are locked cannot be written"
        )
    if res.data != data:
        raise TagError(
            f"the tag on cell {cell} (UID {res.uid.hex()}) reads back {res.data.hex()} instead of "
            f"{data.hex()}: write it again; if it keeps failing, the tag is faulty or locked"
        )
    if decode_ndef(res.data) != (pieces.code, piece.id):  # the record as a phone would read it
        raise TagError(f"the record read back from cell {cell} does not name {piece.describe()}")
    return res.uid
