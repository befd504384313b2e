"""What can go wrong with the board or its port, each error with a message a person can act on."""

from __future__ import annotations

from wtproto import PROTOCOL_VERSION


class BoardError(Exception):
    """Something about the board or its port that a person has to act on."""


class BoardPortError(BoardError):
    """The port cannot be opened: missing, busy, or not permitted."""


class ProtocolVersionError(BoardError):
    """The board speaks another protocol version."""

    def __init__(self, board_version: int, host_version: int = PROTOCOL_VERSION) -> None:
        self.board_version = board_version
        self.host_version = host_version
        newer = "board" if board_version > host_version else "host"
        super().__init__(
            f"The board speaks protocol version {board_version}, this host speaks version {host_version}. "
            f"The {newer} is newer: "
            + (
                "update the host software (git pull, make setup)."
                if newer == "board"
                else "update the board's firmware with `make deploy PORT=...`."
            )
        )


class BoardSilentError(BoardError):
    """Nothing that looks like the wordtable firmware answers on the port."""


class FirmwareTooOldError(BoardError):
    """The board's firmware says it does not handle a request this host makes (DIAG_REQ, TAG_WRITE)."""
