"""Reading a word list file into canonical words, with a report of everything that was not taken.

A word list is plain text, one word a line (or, for ENABLE as shipped, a JSON array of strings). Reading
never drops a line silently: each line ends up as a word, a duplicate, a blank or comment line, or a
rejected line with its reason, and :class:`WordListReport` counts them all. Files that cannot be a word
list at all (missing, empty, binary, no usable word) raise :class:`WordListError` with a message a person
can act on.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .alphabet import Alphabet
from .errors import WordListError

ENCODINGS = ("auto", "utf-8", "latin-1")
"""How to decode a file: ``auto`` reads UTF-8 and falls back to Latin-1 (Windows-1252) line by line."""

JOINERS = " -'’."
"""Characters removed from multi-word entries when joining is asked for (``New York`` -> ``NEWYORK``)."""

_EXAMPLES = 1000  # how many duplicates to keep as examples; the count is always exact


@dataclass(frozen=True)
class Rejected:
    """One line that did not become a word."""

    line: int
    text: str
    kind: str
    reason: str


@dataclass(frozen=True)
class Duplicate:
    """One line whose canonical word was already taken from an earlier line."""

    line: int
    text: str
    word: str
    first_line: int


@dataclass
class WordListReport:
    """What reading one word list produced. ``words`` are canonical, unique, in file order."""

    path: str
    encoding: str = "utf-8"
    lines: int = 0
    words: list[str] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    duplicate_count: int = 0
    duplicates: list[Duplicate] = field(default_factory=list)
    blank_lines: int = 0
    comment_lines: int = 0
    folded: int = 0
    joined: int = 0
    latin1_lines: list[int] = field(default_factory=list)

    @property
    def skipped(self) -> int:
        """Lines that did not become a new word for a reason worth reporting (rejected or duplicate)."""
        return len(self.rejected) + self.duplicate_count

    def rejected_by_kind(self) -> dict[str, int]:
        """Number of rejected lines per kind, most frequent first."""
        return dict(Counter(r.kind for r in self.rejected).most_common())

    def summary(self) -> str:
        """A few lines for a person: what was taken, what was skipped and why."""
        out = [
            f"{self.path}: {self.lines} lines read ({self.encoding}), {len(self.words)} words taken",
        ]
        if self.rejected:
            kinds = ", ".join(f"{n} {k}" for k, n in self.rejected_by_kind().items())
            out.append(f"  rejected {len(self.rejected)} lines: {kinds}")
        if self.duplicate_count:
            out.append(f"  skipped {self.duplicate_count} duplicates (same word after normalising)")
        if self.blank_lines or self.comment_lines:
            out.append(f"  ignored {self.blank_lines} blank lines and {self.comment_lines} comment lines (#)")
        if self.folded:
            out.append(f"  dropped accents outside the alphabet in {self.folded} words (café -> CAFE)")
        if self.joined:
            out.append(f"  joined {self.joined} multi-word entries (New York -> NEWYORK)")
        if self.latin1_lines:
            shown = ", ".join(str(n) for n in self.latin1_lines[:10])
            more = " ..." if len(self.latin1_lines) > 10 else ""
            out.append(
                f"  {len(self.latin1_lines)} lines were not UTF-8 and were read as Latin-1 (Windows-1252): "
                f"lines {shown}{more}"
            )
        return "\n".join(out)

    def details(self, limit: int | None = None) -> str:
        """One line per rejected line and per duplicate (up to ``limit`` of each)."""
        out = []
        for r in self.rejected[:limit]:
            out.append(f"line {r.line}: rejected {r.text!r}: {r.reason}")
        for d in self.duplicates[:limit]:
            out.append(f"line {d.line}: duplicate {d.text!r} = {d.word} (first on line {d.first_line})")
        return "\n".join(out)


def read_word_list(
    path: str | Path,
    alphabet: Alphabet,
    *,
    fmt: str = "lines",
    encoding: str = "auto",
    join: bool = False,
    drop_capitalised: bool = False,
    drop_abbreviations: bool = False,
) -> WordListReport:
    """Read ``path`` and canonicalise each entry in ``alphabet``.

    ``fmt`` is ``lines`` (one word a line; ``#`` starts a comment line) or ``json-array``. ``join`` removes
    spaces, hyphens, apostrophes and full stops inside an entry instead of rejecting it (for themed lists
    of place names). ``drop_capitalised`` rejects entries with any capital letter (proper nouns and
    abbreviations in English and Dutch spelling dictionaries); ``drop_abbreviations`` rejects entries with
    two or more capitals (German, where every noun is capitalised).
    """
    if encoding not in ENCODINGS:
        raise WordListError(f"unknown encoding {encoding!r}; use one of {', '.join(ENCODINGS)}")
    p = Path(path)
    report = WordListReport(path=str(p))
    data = _read_bytes(p)
    if fmt == "json-array":
        entries = _json_entries(p, data)
        report.encoding = "utf-8 (JSON)"
    elif fmt == "lines":
        entries = _text_lines(p, data, encoding, report)
    else:
        raise WordListError(f"unknown word list format {fmt!r}; use lines or json-array")

    first_seen: dict[str, int] = {}
    words = report.words
    for number, raw, problem in entries:
        report.lines += 1
        if problem is not None:
            report.rejected.append(Rejected(number, raw, *problem))
            continue
        text = raw.strip()
        if not text:
            report.blank_lines += 1
            continue
        if fmt == "lines" and text.startswith("#"):
            report.comment_lines += 1
            continue
        capitals = 0 if text.islower() else sum(1 for ch in text if ch.isupper())
        if drop_capitalised and capitals:
            report.rejected.append(
                Rejected(number, text, "capitalised", "capitalised: a proper noun or abbreviation")
            )
            continue
        if drop_abbreviations and capitals > 1:
            report.rejected.append(
                Rejected(number, text, "abbreviation", "two or more capitals: an abbreviation")
            )
            continue
        candidate = text
        if join and any(ch in JOINERS for ch in text):
            candidate = "".join(ch for ch in text if ch not in JOINERS)
        result = alphabet.canonicalise(candidate)
        if result.word is None:
            report.rejected.append(Rejected(number, text, result.kind, result.reason))
            continue
        if candidate is not text:
            report.joined += 1
        if result.folded:
            report.folded += 1
        word = result.word
        first = first_seen.get(word)
        if first is not None:
            report.duplicate_count += 1
            if len(report.duplicates) < _EXAMPLES:
                report.duplicates.append(Duplicate(number, text, word, first))
            continue
        first_seen[word] = number
        words.append(word)

    if not words:
        raise WordListError(
            f"{p} has no usable word: {report.lines} lines, all blank, comments or rejected.\n"
            + report.summary()
            + ("\n" + report.details(limit=10) if report.rejected else "")
        )
    return report


def _read_bytes(p: Path) -> bytes:
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise WordListError(f"no such file: {p}") from None
    except IsADirectoryError:
        raise WordListError(f"{p} is a folder; give the word list file inside it") from None
    except PermissionError:
        raise WordListError(f"cannot read {p}: permission denied") from None
    except OSError as exc:
        raise WordListError(f"cannot read {p}: {exc.strerror or exc}") from None
    if not data:
        raise WordListError(f"{p} is empty; a word list has one word a line")
    return data


# An entry is (line number, text, None) or, for a line that is unreadable as it stands,
# (line number, best-effort text, (kind, reason)).
Entry = tuple[int, str, tuple[str, str] | None]


def _json_entries(p: Path, data: bytes) -> list[Entry]:
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise WordListError(f"{p} is not a JSON array of words: {exc}") from None
    if not isinstance(value, list):
        raise WordListError(f"{p} is JSON but not an array of words")
    return [
        (i + 1, v, None)
        if isinstance(v, str)
        else (i + 1, repr(v), ("not text", "not a string in the JSON array"))
        for i, v in enumerate(value)
    ]


def _text_lines(p: Path, data: bytes, encoding: str, report: WordListReport) -> list[Entry]:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise WordListError(f"{p} starts like UTF-16 but is not valid UTF-16: {exc.reason}") from None
        report.encoding = "utf-16"
        return [(n, line, None) for n, line in enumerate(text.splitlines(), start=1)]
    _refuse_binary(p, data)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the newline at the end of the last line
    out: list[Entry] = []
    non_ascii_utf8 = 0
    for number, raw in enumerate(lines, start=1):
        if encoding == "latin-1":
            out.append((number, _latin1(raw), None))
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            if encoding == "utf-8":
                out.append((number, raw.decode("utf-8", "replace").strip(), ("encoding", "not valid UTF-8")))
                continue
            report.latin1_lines.append(number)
            line = _latin1(raw)
        else:
            if not raw.isascii():
                non_ascii_utf8 += 1
        out.append((number, line, None))
    if encoding == "latin-1":
        report.encoding = "latin-1"
    elif report.latin1_lines and non_ascii_utf8:
        report.encoding = "mixed UTF-8 and Latin-1"
    elif report.latin1_lines:
        report.encoding = "latin-1 (not UTF-8)"
    return out


def _latin1(raw: bytes) -> str:
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _refuse_binary(p: Path, data: bytes) -> None:
    nul = data.find(b"\x00")
    if nul >= 0:
        raise WordListError(
            f"{p} is not a text file (it has a NUL byte at offset {nul}); a word list is plain text, one word a line"
        )
    sample = data[:65536]
    controls = sum(1 for b in sample if b < 32 and b not in (9, 10, 12, 13))
    if controls > max(8, len(sample) // 100):
        raise WordListError(
            f"{p} is not a text file ({controls} control bytes in its first {len(sample)} bytes); "
            "a word list is plain text, one word a line"
        )
