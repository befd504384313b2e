"""``wordtable board doctor``: the board's diagnostics (DIAG, docs/protocol.md) in plain words.

``diagnose(link)`` asks the board for every topic; ``Diagnosis.report()`` turns the answers into
lines for a person and the list of problems found (a reader that does not answer, a noisy or
doubly-covered cell, a tag that needs longer than ISO/IEC 14443-3 allows after its antenna switches
on, a panel that failed, exceptions, a heap running out). Asking for the settle topic has the board
measure its tags' times there and then (drivers.matrix_diag.measure; about a second on a full table).
"""

from __future__ import annotations

from dataclasses import dataclass

from wtproto import diagcodec as dc

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


def diagnose(link: BoardLink, timeout: float = 5.0) -> Diagnosis:
    """Ask a linked board for all of its diagnostics."""
    (summary,) = link.request_diag(dc.SUMMARY, timeout)
    (readers,) = link.request_diag(dc.READERS, timeout)
    (cells,) = link.request_diag(dc.CELLS, timeout)
    reports = [p["text"] for p in link.request_diag(dc.PROBLEMS, timeout) if p["text"]]
    try:
        (settle,) = link.request_diag(dc.SETTLE, timeout)
    except BoardError:  # firmware from before the measurement takes the topic for a malformed request
        settle = None
    return Diagnosis(link.port, summary, readers["readers"], cells["sweeps"], cells["cells"], reports, settle)
