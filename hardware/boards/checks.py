"""KiCad's electrical and design rule checks and its fabrication outputs, through kicad-cli."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path


def kicad_cli() -> str:
    path = shutil.which("kicad-cli")
    if path is None:
        raise RuntimeError("kicad-cli (KiCad 9) is not installed: `make hardware` installs it from Debian's "
                           "bookworm-backports")
    return path


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([kicad_cli(), *args], capture_output=True, text=True, timeout=300)


def erc(schematic: Path) -> dict:
    """KiCad's ERC report as JSON: {"sheets": [{"violations": [...]}], ...}."""
    report = schematic.with_suffix(".erc.json")
    proc = _run("sch", "erc", "--format", "json", "--severity-all", "--output", str(report), str(schematic))
    if not report.exists():
        raise RuntimeError(f"kicad-cli sch erc failed:\n{proc.stdout}\n{proc.stderr}")
    return json.loads(report.read_text())


def drc(board: Path) -> dict:
    """KiCad's DRC report as JSON: {"violations": [...], "unconnected_items": [...], ...}."""
    report = board.with_suffix(".drc.json")
    proc = _run("pcb", "drc", "--format", "json", "--severity-all", "--output", str(report), str(board))
    if not report.exists():
        raise RuntimeError(f"kicad-cli pcb drc failed:\n{proc.stdout}\n{proc.stderr}")
    return json.loads(report.read_text())


def erc_violations(report: dict, severity: str) -> list[str]:
    return [f"{v['type']}: {v['description']}" for sheet in report.get("sheets", [])
            for v in sheet.get("violations", []) if v.get("severity") == severity]


def drc_violations(report: dict, severity: str) -> list[str]:
    items = report.get("violations", []) + report.get("unconnected_items", []) + report.get("schematic_parity", [])
    return [f"{v['type']}: {v['description']}" for v in items if v.get("severity") == severity]


def fabrication(board: Path, out: Path) -> list[Path]:
    """Gerbers of every layer a maker orders with, and the drill file."""
    gerbers = out / "gerbers"
    gerbers.mkdir(parents=True, exist_ok=True)
    layers = "F.Cu,B.Cu,F.Paste,B.Paste,F.SilkS,B.SilkS,F.Mask,B.Mask,Edge.Cuts"
    for args in (("pcb", "export", "gerbers", "--layers", layers, "--output", str(gerbers) + "/", str(board)),
                 ("pcb", "export", "drill", "--output", str(gerbers) + "/", str(board))):
        proc = _run(*args)
        if proc.returncode != 0:
            raise RuntimeError(f"kicad-cli {' '.join(args[:3])} failed:\n{proc.stdout}\n{proc.stderr}")
    return sorted(gerbers.iterdir())
