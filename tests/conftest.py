"""Shared paths, and one lexicon cache for the whole run. Running MicroPython: tests/firmware/mpyrun.py.

The compiled lexicon caches (ENABLE, its classroom profile, German, Dutch) are built once, by the
controlling process before any xdist worker starts, into ``.venv/test-cache`` (``WORDTABLE_CACHE``),
and reused by every suite and by later runs: a cache records the checksum of its source, so a
changed source rebuilds it. Tests about building, damaging or locating caches use a private home.
"""

from __future__ import annotations

import os
import tempfile
import warnings
from pathlib import Path

import pytest
from wordtable.table.sim import micropython_binary

REPO = Path(__file__).resolve().parents[1]
MICROPYTHON = micropython_binary()
TEST_CACHE = REPO / ".venv" / "test-cache"
PREBUILT = (("enable", None), ("enable", "classroom"), ("de", None), ("de-ss", None), ("nl", None))


def pytest_configure(config: pytest.Config) -> None:
    TEST_CACHE.mkdir(parents=True, exist_ok=True)
    os.environ["WORDTABLE_CACHE"] = str(TEST_CACHE)
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the controller has built the caches already
    from wordtable import lexicon

    with tempfile.TemporaryDirectory(prefix="wordtable-prebuild-") as home:
        old = os.environ.get("WORDTABLE_HOME")
        os.environ["WORDTABLE_HOME"] = home
        try:
            for name, profile in PREBUILT:
                try:
                    lexicon.load(name, profile=profile)
                except lexicon.LexiconError as exc:  # the tests that need it say what to do
                    warnings.warn(f"lexicon {name} not prebuilt: {exc}", stacklevel=1)
        finally:
            if old is None:
                del os.environ["WORDTABLE_HOME"]
            else:
                os.environ["WORDTABLE_HOME"] = old
