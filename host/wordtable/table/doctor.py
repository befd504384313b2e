"""``wordtable board doctor``: the board's diagnostics (DIAG, docs/protocol.md) in plain words.

``diagnose(link)`` asks the board for every topic; ``Diagnosis.report()`` turns the answers into
lines for a person and the list of problems found (a reader that does not answer, a noisy or
doubly-covered cell, a panel that failed, exceptions, a heap running out).
"""

from __future__ import annotations

from dataclasses import dataclass

from wtproto import diagcodec as dc

from .link import BoardLink

# A cell counts as noisy (a problem) from this share of failed reads per sweep on.
NOISY_RATE = 0.01
# Below this much free heap a 1 KB frame or a SNAPSHOT part may not find room.
LOW_HEAP = 4096

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


@dataclass(frozen=True)
class Diagnosis:
    """The board's answers: the summary, its readers, its noisiest cells and its recent reports."""

    port: str
    summary: dict
    readers: list[dict]
    sweeps: int
    cells: list[dict]
    reports: list[str]

    @property
    def simulated(self) -> bool:
        return self.summary["board_name"] == "sim"

    def problems(self) -> list[str]:
        """What a person should fix, one sentence each (empty: healthy)."""
        out = []
        for r in self.readers:
            if not r["answering"]:
                out.append(f"reader {r['index']} ({r['name']}) does not answer ({version_text(r['version'])}); "
                           f"its {r['cells']} cells cannot read tags. Check its 3.3 V supply, the SPI wires "
                           f"(SCK, MOSI, MISO) and its chip select line.")
        for c in self.cells:
            if c["collisions"]:
                out.append(f"{self._cell(c)}: two tags answered at once {c['collisions']} times; "
                           f"lift the extra piece, or move a stray tag away from the antenna.")
            elif self._rate(c) >= NOISY_RATE:
                out.append(f"{self._cell(c)}: {self._errors(c)}; a tag at the edge of the antenna or a "
                           f"loose antenna connection.")
        s = self.summary
        if s["panel"] == 2:
            out.append("the display panel failed at start; check its ribbon cable and the BUSY and RST wires "
                       "(the board's report is below).")
        if s["exceptions"]:
            out.append(f"the firmware caught {s['exceptions']} exceptions since it started (each was sent to "
                       "the host as a LOG); that is a bug worth reporting.")
        if s["heap_free"] < LOW_HEAP:
            out.append(f"only {s['heap_free']:,} bytes of heap are free; freeze the firmware into the "
                       "MicroPython image (hardware/README.md).")
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
        if s["events_dropped"]:
            lines.append(f"events dropped (send queue full): {s['events_dropped']}")
        answering = sum(1 for r in self.readers if r["answering"])
        lines.append(f"readers: {answering} of {len(self.readers)} answering")
        for r in self.readers:
            if self.simulated and r["name"] == "sim":
                lines.append(f"  reader {r['index']}: simulated (no chip), {r['cells']} cells")
                continue
            state = "answering" if r["answering"] else "NOT ANSWERING"
            lines.append(f"  reader {r['index']} ({r['name']}): {state}, {version_text(r['version'])}, "
                         f"{r['cells']} cells, {r['faults']} chip faults")
        if self.cells:
            lines.append("cells with failed reads, worst first:")
            lines.extend(f"  {self._cell(c)}: {self._errors(c)}"
                         + (f", {c['collisions']} collisions" if c["collisions"] else "") for c in self.cells)
        else:
            lines.append("cells with failed reads: none")
        if self.reports:
            lines.append("the board's recent reports:")
            lines.extend(f"  {t}" for t in self.reports)
        problems = self.problems()
        if problems:
            lines.append(f"{len(problems)} problem{'s' if len(problems) > 1 else ''} found:")
            lines.extend(f"  - {p}" for p in problems)
        else:
            lines.append("healthy: no problems found")
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


def diagnose(link: BoardLink, timeout: float = 5.0) -> Diagnosis:
    """Ask a linked board for all of its diagnostics."""
    (summary,) = link.request_diag(dc.SUMMARY, timeout)
    (readers,) = link.request_diag(dc.READERS, timeout)
    (cells,) = link.request_diag(dc.CELLS, timeout)
    reports = [p["text"] for p in link.request_diag(dc.PROBLEMS, timeout) if p["text"]]
    return Diagnosis(link.port, summary, readers["readers"], cells["sweeps"], cells["cells"], reports)
