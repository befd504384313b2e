"""``wordtable board doctor``: the board's diagnostics (DIAG, docs/protocol.md) in plain words.

``diagnose(link)`` asks the board for every topic; ``Diagnosis.report()`` turns the answers into
lines for a person and the list of problems found (a reader that does not answer, a noisy or
doubly-covered cell, a tag that needs longer than ISO/IEC 14443-3 allows after its antenna switches
on, a panel that failed, exceptions, a heap running out). Asking for the settle topic has the board
measure its tags' times there and then (drivers.matrix_diag.measure; about a second on a full table).

``watch_placement(link, expected, seconds)`` is the test plan's cross-read check (hardware/TEST-PLAN.md,
rows 5 and 6): with tags laid on the cells named, it watches the cell reports the board sends (the
reader's debounced reads: a tag read alike twice) and says which expected tag was read where it lies,
which was read on another cell (a cross-read), which cells lost their tag while nothing moved, and which
tags nobody named. Single stray reads that the debounce swallows need a firmware topic (TEST-PLAN.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from wtproto import diagcodec as dc

from .board_events import CellChanged
from .link import BoardError, BoardLink

# A cell counts as noisy (a problem) from this share of failed reads per sweep on.
NOISY_RATE = 0.01
# Below this much free heap a 1 KB frame or a SNAPSHOT part may not find room.
LOW_HEAP = 4096
# ISO/IEC 14443-3 allows a tag 5 ms after the field switches on before it must answer.
ISO_SETTLE_US = 5000
SLOW_CELLS_SHOWN = 8

CHIPS = {0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0", 0x88: "FM17522 (MFRC522 clone)"}
PANEL_STATES = ("working", "busy refreshing", "FAILED at start")


def version_text(version: int) -> str:
    """What a reader's VersionReg value says about the chip and its wiring."""
    if version in CHIPS:
        return f"{CHIPS[version]} (VersionReg {version:02X}h)"
    if version == 0x00:
        return "VersionReg reads 00h: MISO stuck low, or the chip has no power"
    if version == 0xFF:
        return "VersionReg reads FFh: MISO stuck high, or the chip is not selected"
    return f"VersionReg {version:02X}h: not a chip this firmware knows"


def parse_expect(items: list[str], files: list[str] = ()) -> dict[int, bytes]:
    """``CELL=UID`` pairs (UID in hex, 4 or 7 bytes), from the command line and from files of one
    pair a line (``#`` starts a comment). A cell named twice, or a UID on two cells, is an error."""
    pairs = list(items)
    for name in files:
        for line in Path(name).read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                pairs.append(line)
    expected: dict[int, bytes] = {}
    for pair in pairs:
        cell_text, sep, uid_text = pair.replace(" ", "=", 1).partition("=")
        try:
            cell, uid = int(cell_text), bytes.fromhex(uid_text.strip().replace(":", ""))
        except ValueError:
            raise ValueError(
                f"--expect {pair!r}: write CELL=UID, the UID in hex (e.g. 40=04A1B2C3D4E5F6)"
            ) from None
        if not sep or len(uid) not in (4, 7):
            raise ValueError(f"--expect {pair!r}: write CELL=UID, the UID in hex of 4 or 7 bytes")
        if cell in expected:
            raise ValueError(f"--expect names cell {cell} twice")
        if uid in expected.values():
            raise ValueError(f"--expect names tag {uid.hex().upper()} on two cells")
        expected[cell] = uid
    return expected


@dataclass(frozen=True)
class Placement:
    """What the board reported while tags lay where ``expected`` says: ``start`` the cells read when
    the watch began, ``reports`` each cell report during it, ``end`` the cells read at its end."""

    expected: dict[int, bytes]
    seconds: float
    start: dict[int, bytes]
    reports: list[tuple[int, bytes | None]] = field(default_factory=list)
    end: dict[int, bytes] = field(default_factory=dict)

    def cells_seen(self) -> dict[bytes, set[int]]:
        """Every cell each UID was read on, at the start, during the watch or at the end."""
        seen: dict[bytes, set[int]] = {}
        for cell, uid in [*self.start.items(), *self.reports, *self.end.items()]:
            if uid is not None:
                seen.setdefault(uid, set()).add(cell)
        return seen

    def losses(self) -> dict[int, int]:
        """How many times each cell lost the tag it read (reported empty or another tag) during the
        watch; a tag arriving on an empty cell is not counted (it may have been laid just before)."""
        state = dict(self.start)
        out: dict[int, int] = {}
        for cell, uid in self.reports:
            if state.get(cell) is not None and state[cell] != uid:
                out[cell] = out.get(cell, 0) + 1
            state[cell] = uid
        return out

    def cross_reads(self) -> list[tuple[bytes, int, int]]:
        """(uid, the cell it lies on, a cell that read it) for every read away from its cell."""
        seen = self.cells_seen()
        return [
            (uid, cell, other)
            for cell, uid in sorted(self.expected.items())
            for other in sorted(seen.get(uid, ()))
            if other != cell
        ]

    def problems(self) -> list[str]:
        out = [
            f"cross-read: tag {uid.hex().upper()} lies on cell {cell} and was read on cell {other}; "
            "check the antenna wires to the tile, that antenna's idle short and the tag's offset "
            "(TEST-PLAN rows 5 and 6)."
            for uid, cell, other in self.cross_reads()
        ]
        seen = self.cells_seen()
        for cell, uid in sorted(self.expected.items()):
            if cell not in seen.get(uid, ()):
                out.append(
                    f"cell {cell}: tag {uid.hex().upper()} was never read there; "
                    f"{self._reads(cell)}. Check the tag is centred on the cell and its antenna."
                )
        for cell, n in sorted(self.losses().items()):
            if cell in self.expected:
                out.append(
                    f"cell {cell}: lost its tag {n} time{'s' if n > 1 else ''} in {self.seconds:g} s while "
                    "nothing moved; the read is at the edge (drive, tuning or the tag's height)."
                )
        return out

    def report(self) -> list[str]:
        lines = [
            f"placement: {len(self.expected)} tags expected, watched {self.seconds:g} s, "
            f"{len(self.reports)} cell reports (debounced reads: a tag read alike twice)"
        ]
        seen = self.cells_seen()
        for cell, uid in sorted(self.expected.items()):
            where = sorted(seen.get(uid, ()))
            if where == [cell]:
                state = "read there only"
            elif cell in where:
                state = "read there, and on cell " + ", ".join(str(c) for c in where if c != cell)
            elif where:
                state = "NOT read there; read on cell " + ", ".join(str(c) for c in where)
            else:
                state = f"NOT read anywhere ({self._reads(cell)})"
            lines.append(
                f"  cell {cell}: {uid.hex().upper()} {state}; lost {self.losses().get(cell, 0)} times"
            )
        known = set(self.expected.values())
        stray = sorted((cell, uid) for uid, cells in seen.items() if uid not in known for cell in cells)
        for cell, uid in stray:
            lines.append(f"  cell {cell}: {uid.hex().upper()} read, a tag no --expect names")
        crosses = self.cross_reads()
        lines.append(f"cross-reads: {len(crosses)}")
        return lines

    def _reads(self, cell: int) -> str:
        uid = self.end.get(cell, self.start.get(cell))
        return "the cell reads empty" if uid is None else f"the cell reads {uid.hex().upper()}"


def watch_placement(
    link: BoardLink, expected: dict[int, bytes], seconds: float, clock: Callable[[], float] = time.monotonic
) -> Placement:
    """Watch a linked board's cell reports for ``seconds`` with the tags laid as ``expected`` says,
    then ask for a snapshot to end on what the board holds."""
    start = dict(link.cells)
    reports: list[tuple[int, bytes | None]] = []
    until = clock() + seconds
    while (left := until - clock()) > 0:
        event = link.get_event(timeout=min(left, 0.1))
        if isinstance(event, CellChanged) and event.source == "event":
            reports.append((event.cell, event.uid))
    link.request_snapshot()
    link.wait_linked(timeout=5.0)  # returns once the snapshot is reconciled
    return Placement(dict(expected), seconds, start, reports, dict(link.cells))


@dataclass(frozen=True)
class Diagnosis:
    """The board's answers: the summary, its readers, its noisiest cells and its recent reports."""

    port: str
    summary: dict
    readers: list[dict]
    sweeps: int
    cells: list[dict]
    reports: list[str]
    settle: dict | None = None
    """The SETTLE answer (``least_us``, ``cells_us``, ``waits_us``); None from firmware without it."""
    placement: Placement | None = None
    """The cross-read check, when the doctor was given ``--expect``."""

    @property
    def simulated(self) -> bool:
        return self.summary["board_name"] == "sim"

    def problems(self) -> list[str]:
        """What a person should fix, one sentence each (empty: healthy)."""
        out = []
        for r in self.readers:
            if not r["answering"]:
                out.append(
                    f"reader {r['index']} ({r['name']}) does not answer ({version_text(r['version'])}); "
                    f"its {r['cells']} cells cannot read tags. Check its 3.3 V supply, the SPI wires "
                    f"(SCK, MOSI, MISO) and its chip select line."
                )
        for c in self.cells:
            if c["collisions"]:
                out.append(
                    f"{self._cell(c)}: two tags answered at once {c['collisions']} times; "
                    f"lift the extra piece, or move a stray tag away from the antenna."
                )
            elif self._rate(c) >= NOISY_RATE:
                out.append(
                    f"{self._cell(c)}: {self._errors(c)}; a tag at the edge of the antenna or a "
                    f"loose antenna connection."
                )
        for cell, us in self._slow_cells(ISO_SETTLE_US):
            out.append(
                f"cell {cell}: its tag needs {us / 1000:.2f} ms after the field switches on, more than the "
                f"5 ms ISO/IEC 14443-3 allows; it lies too far from its antenna, or the antenna is detuned: "
                f"check the table top over it and the antenna's tuning."
            )
        s = self.summary
        if s["panel"] == 2:
            out.append(
                "the display panel failed at start; check its ribbon cable and the BUSY and RST wires "
                "(the board's report is below)."
            )
        if s["exceptions"]:
            out.append(
                f"the firmware caught {s['exceptions']} exceptions since it started (each was sent to "
                "the host as a LOG); that is a bug worth reporting."
            )
        if s["heap_free"] < LOW_HEAP:
            out.append(
                f"only {s['heap_free']:,} bytes of heap are free; freeze the firmware into the "
                "MicroPython image (hardware/README.md)."
            )
        if self.placement is not None:
            out.extend(self.placement.problems())
        return out

    def report(self) -> list[str]:
        """The whole diagnosis as lines of text."""
        s = self.summary
        fw = ".".join(map(str, s["fw_version"]))
        up = s["uptime_ms"] // 1000
        heap = s["heap_free"] + s["heap_used"]
        lines = [
            f"board {s['board_name']} at {self.port}: firmware {fw}, up {up // 3600} h {up % 3600 // 60:02d} min "
            f"{up % 60:02d} s",
            f"heap: {s['heap_free']:,} bytes free of {heap:,} ({100 * s['heap_free'] // max(heap, 1)} %)",
            f"scan: the last sweep took {s['sweep_us'] / 1000:.1f} ms; {self.sweeps:,} sweeps, "
            f"{s['read_errors']:,} failed reads since the start",
            f"panel: {PANEL_STATES[min(s['panel'], 2)]}; {s['refreshes_full']} full and "
            f"{s['refreshes_partial']} partial refreshes",
        ]
        lines.extend(self._settle_lines())
        if s["events_dropped"]:
            lines.append(f"events dropped (send queue full): {s['events_dropped']}")
        answering = sum(1 for r in self.readers if r["answering"])
        lines.append(f"readers: {answering} of {len(self.readers)} answering")
        for r in self.readers:
            if self.simulated and r["name"] == "sim":
                lines.append(f"  reader {r['index']}: simulated (no chip), {r['cells']} cells")
                continue
            state = "answering" if r["answering"] else "NOT ANSWERING"
            lines.append(
                f"  reader {r['index']} ({r['name']}): {state}, {version_text(r['version'])}, "
                f"{r['cells']} cells, {r['faults']} chip faults"
            )
        if self.cells:
            lines.append("cells with failed reads, worst first:")
            lines.extend(
                f"  {self._cell(c)}: {self._errors(c)}"
                + (f", {c['collisions']} collisions" if c["collisions"] else "")
                for c in self.cells
            )
        else:
            lines.append("cells with failed reads: none")
        if self.reports:
            lines.append("the board's recent reports:")
            lines.extend(f"  {t}" for t in self.reports)
        if self.placement is not None:
            lines.extend(self.placement.report())
        problems = self.problems()
        if problems:
            lines.append(f"{len(problems)} problem{'s' if len(problems) > 1 else ''} found:")
            lines.extend(f"  - {p}" for p in problems)
        else:
            lines.append("healthy: no problems found")
        return lines

    def _slow_cells(self, over_us: int) -> list[tuple[int, int]]:
        """(cell, us) of the cells whose tags needed more than ``over_us``, slowest first."""
        if not self.settle:
            return []
        slow = [(us, cell) for cell, us in enumerate(self.settle["cells_us"]) if us > over_us]
        return [(cell, us) for us, cell in sorted(slow, reverse=True)]

    def _settle_lines(self) -> list[str]:
        st = self.settle
        if st is None:
            return [
                "settle: not measured (the board's firmware does not measure its tags' times; update it "
                f"with `wordtable board deploy --port {self.port}`)"
            ]
        if not st["waits_us"]:
            return ["settle: the simulated board has no antennas; nothing to measure"]
        least = st["least_us"]
        needs = sorted(us for us in st["cells_us"] if us)
        waits = st["waits_us"]
        longer = sum(1 for w in waits if w > least)
        if needs:
            lines = [
                f"settle: tags measured on {len(needs)} cells need {needs[0] / 1000:.2f} to "
                f"{needs[-1] / 1000:.2f} ms after their antenna switches on (median "
                f"{needs[len(needs) // 2] / 1000:.2f} ms); {least / 1000:.1f} ms assumed, 5 ms allowed by "
                "ISO/IEC 14443-3"
            ]
        else:
            lines = [
                f"settle: no tag on the table to measure; every step waits the {least / 1000:.1f} ms assumed"
            ]
        lines.append(
            f"settle per sweep: {len(waits)} steps wait {sum(waits) / 1000:.1f} ms for the tags in all, "
            f"{longer} of them longer than {least / 1000:.1f} ms ({len(waits) * ISO_SETTLE_US / 1000:.0f} "
            "ms if every step waited 5 ms)"
        )
        slow = self._slow_cells(least)
        if slow:
            lines.append(f"cells whose tags need more than the {least / 1000:.1f} ms assumed, slowest first:")
            lines.extend(f"  cell {cell}: {us / 1000:.2f} ms" for cell, us in slow[:SLOW_CELLS_SHOWN])
            if len(slow) > SLOW_CELLS_SHOWN:
                lines.append(f"  and {len(slow) - SLOW_CELLS_SHOWN} more")
        return lines

    def _rate(self, c: dict) -> float:
        return c["errors"] / max(self.sweeps, 1)

    def _errors(self, c: dict) -> str:
        # The reader matrix counts a cell's errors in a byte: 255 means "255 or more".
        n = f"{c['errors']:,}" + (" or more" if c["errors"] == 255 and not self.simulated else "")
        return f"{n} failed reads in {self.sweeps:,} sweeps ({100 * self._rate(c):.2f} %)"

    @staticmethod
    def _cell(c: dict) -> str:
        if c["reader"] == dc.NO_INDEX:
            return f"cell {c['cell']}"
        return f"cell {c['cell']} (reader {c['reader']}, antenna {c['antenna']})"


def diagnose(
    link: BoardLink, timeout: float = 5.0, expected: dict[int, bytes] | None = None, watch: float = 3.0
) -> Diagnosis:
    """Ask a linked board for all of its diagnostics; with ``expected`` (cell -> UID), watch its cell
    reports for ``watch`` seconds first (``watch_placement``)."""
    placement = watch_placement(link, expected, watch) if expected else None
    (summary,) = link.request_diag(dc.SUMMARY, timeout)
    (readers,) = link.request_diag(dc.READERS, timeout)
    (cells,) = link.request_diag(dc.CELLS, timeout)
    reports = [p["text"] for p in link.request_diag(dc.PROBLEMS, timeout) if p["text"]]
    try:
        (settle,) = link.request_diag(dc.SETTLE, timeout)
    except BoardError:  # firmware from before the measurement takes the topic for a malformed request
        settle = None
    return Diagnosis(
        link.port, summary, readers["readers"], cells["sweeps"], cells["cells"], reports, settle, placement
    )
