"""Shared fixtures and paths. Running MicroPython: tests/firmware/mpyrun.py."""

from __future__ import annotations

from pathlib import Path

from wordtable.table.sim import micropython_binary

REPO = Path(__file__).resolve().parents[1]
MICROPYTHON = micropython_binary()
