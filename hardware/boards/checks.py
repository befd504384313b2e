"""KiCad's electrical and design rule checks and its fabrication outputs, through kicad-cli."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path


def kicad_cli() -> str:
    path = shutil.which("kicad-cli")
    if path is None:
        raise RuntimeError(
            "kicad-cli (KiCad 9) is not installed: `make hardware` installs it from Debian's "
            "bookworm-backports"
        )
    return path


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([kicad_cli(), *args], capture_output=True, text=True, timeout=300)


def _report(tool: str, check: str, source: Path, suffix: str) -> dict:
    report = source.with_suffix(suffix)
    proc = _run(tool, check, "--format", "json", "--severity-all", "--output", str(report), str(source))
    if not report.exists():
        raise RuntimeError(f"kicad-cli {tool} {check} failed:\n{proc.stdout}\n{proc.stderr}")
    return json.loads(report.read_text())


def erc(schematic: Path) -> dict:
    """KiCad's ERC report as JSON: {"sheets": [{"violations": [...]}], ...}."""
    return _report("sch", "erc", schematic, ".erc.json")


def drc(board: Path) -> dict:
    """KiCad's DRC report as JSON: {"violations": [...], "unconnected_items": [...], ...}."""
    return _report("pcb", "drc", board, ".drc.json")


def erc_violations(report: dict, severity: str) -> list[str]:
    return [
        f"{v['type']}: {v['description']}"
        for sheet in report.get("sheets", [])
        for v in sheet.get("violations", [])
        if v.get("severity") == severity
    ]


def drc_violations(report: dict, severity: str) -> list[str]:
    items = (
        report.get("violations", [])
        + report.get("unconnected_items", [])
        + report.get("schematic_parity", [])
    )
    return [f"{v['type']}: {v['description']}" for v in items if v.get("severity") == severity]


def fabrication(board: Path, out: Path) -> list[Path]:
    """Gerbers of every layer a maker orders with, and the drill file."""
    gerbers = out / "gerbers"
    gerbers.mkdir(parents=True, exist_ok=True)
    layers = "F.Cu,B.Cu,F.Paste,B.Paste,F.SilkS,B.SilkS,F.Mask,B.Mask,Edge.Cuts"
    for args in (
        ("pcb", "export", "gerbers", "--layers", layers, "--output", str(gerbers) + "/", str(board)),
        ("pcb", "export", "drill", "--output", str(gerbers) + "/", str(board)),
    ):
        proc = _run(*args)
        if proc.returncode != 0:
            raise RuntimeError(f"kicad-cli {' '.join(args[:3])} failed:\n{proc.stdout}\n{proc.stderr}")
    return sorted(gerbers.iterdir())
