"""The on-disk cache of one compiled lexicon: a header plus named binary sections, checksummed.

Layout: ``MAGIC``, a 4-byte little-endian header length, the header (UTF-8 JSON: format, fingerprint,
metadata, and each section's offset and length), the sections (each 8-byte aligned), and a 32-byte BLAKE2b
digest of everything before it. A file that is short, has the wrong magic, or fails the digest is corrupt;
:func:`read_cache` raises :class:`CorruptCacheError` and the caller rebuilds it. Files are written to a
temporary name and renamed, so a crash mid-write leaves the old cache or none.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import tempfile
from pathlib import Path
from typing import Any

MAGIC = b"WTLEX\x00\x01\n"
FORMAT = 2
"""Bumped whenever the layout or the meaning of a section changes; part of every fingerprint."""

_DIGEST = 32


class CorruptCacheError(Exception):
    """The cache file is damaged or not a cache file (internal: the loader rebuilds and warns)."""


def write_cache(path: Path, header: dict[str, Any], sections: dict[str, bytes]) -> None:
    """Write ``sections`` with ``header`` atomically to ``path``."""
    table: dict[str, list[int]] = {}
    offset = 0
    for name, blob in sections.items():
        table[name] = [offset, len(blob)]
        offset += len(blob) + (-len(blob) % 8)
    head = dict(header, format=FORMAT, sections=table)
    head_bytes = json.dumps(head, ensure_ascii=False, sort_keys=True).encode("utf-8")
    prefix = MAGIC + struct.pack("<I", len(head_bytes)) + head_bytes
    prefix += b"\x00" * (-len(prefix) % 8)
    digest = hashlib.blake2b(digest_size=_DIGEST)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(prefix)
            digest.update(prefix)
            for blob in sections.values():
                pad = b"\x00" * (-len(blob) % 8)
                f.write(blob)
                f.write(pad)
                digest.update(blob)
                digest.update(pad)
            f.write(digest.digest())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_cache(path: Path) -> tuple[dict[str, Any], dict[str, memoryview]]:
    """Read and verify a cache file: ``(header, sections)``.

    Raises FileNotFoundError when there is none, :class:`CorruptCacheError` when it is damaged.
    """
    data = path.read_bytes()
    if len(data) < len(MAGIC) + 4 + _DIGEST or not data.startswith(MAGIC):
        raise CorruptCacheError(f"{path} is not a wordtable lexicon cache (bad magic or too short)")
    body, digest = data[:-_DIGEST], data[-_DIGEST:]
    if hashlib.blake2b(body, digest_size=_DIGEST).digest() != digest:
        raise CorruptCacheError(f"{path} is damaged (checksum mismatch)")
    (head_len,) = struct.unpack_from("<I", data, len(MAGIC))
    start = len(MAGIC) + 4
    try:
        header = json.loads(data[start : start + head_len].decode("utf-8"))
        table = header["sections"]
    except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError) as exc:
        raise CorruptCacheError(f"{path} has an unreadable header: {exc}") from None
    base = start + head_len
    base += -base % 8
    view = memoryview(body)
    sections: dict[str, memoryview] = {}
    for name, (offset, length) in table.items():
        if base + offset + length > len(body):
            raise CorruptCacheError(f"{path}: section {name} runs past the end")
        sections[name] = view[base + offset : base + offset + length]
    return header, sections
