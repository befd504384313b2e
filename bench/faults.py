"""The fault suite's counts: faults injected under the store and the host (a full file system, a
read-only folder, the store file deleted, SQLite's page limit, the host process killed with SIGKILL
at random points of play) and moves lost (shown on the page or the display but not in the store after
a restart): must be 0. Runs ``tests/faults`` in one process (it needs root: a tmpfs is mounted and
``chattr +i`` used) and reads the line its conftest prints."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run() -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/faults", "-q", "-n", "0", "-p", "no:cacheprovider"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=900,
    )
    found = re.search(r"faults: (\d+) injected, (\d+) moves lost", done.stdout)
    passed = re.search(r"(\d+) passed", done.stdout)
    if done.returncode != 0 or found is None or passed is None:
        raise RuntimeError(f"the fault suite failed:\n{done.stdout[-3000:]}\n{done.stderr[-2000:]}")
    injected, lost = int(found.group(1)), int(found.group(2))
    note = f"{passed.group(1)} tests in tests/faults; full tmpfs, chattr +i folder, store deleted/replaced, SIGKILL"
    return [
        {"benchmark": "fault suite: faults injected", "value": injected, "unit": "faults", "note": note},
        {
            "benchmark": "fault suite: moves lost (shown but not stored after a restart)",
            "value": lost,
            "unit": "moves",
            "target": "0",
            "ok": lost == 0,
        },
    ]
