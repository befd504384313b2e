"""Real faults under the store: a small file system that fills up, a folder made read-only.

Both are made with the kernel, not imitated: a tmpfs of a few megabytes mounted for the test (a full
disk is ENOSPC from the kernel, which SQLite reports as "database or disk is full"), and the
immutable attribute (``chattr +i``) for a read-only folder, which refuses writes even to root (the
tests run as root, who ignores file permissions). Both need root, as the suite runs in CI; without it
the test fails and says so.
"""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

FAULTS: dict[str, int] = {"injected": 0, "moves_lost": 0}
"""Counts for the summary line (faults injected, moves shown but not stored after a restart)."""


def _run(*cmd: str) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(
            f"`{' '.join(cmd)}` failed ({done.stderr.strip()}); the fault tests need root (they mount a "
            f"small tmpfs and use chattr)."
        )


class SmallDisk:
    """A tmpfs of ``size`` at ``path``; :meth:`fill` takes all its free space, :meth:`free` gives it back."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.filler = path / "filler"

    def fill(self) -> None:
        FAULTS["injected"] += 1
        with open(self.filler, "ab", buffering=0) as f:
            for size in (65536, 4096, 1):
                try:
                    while True:
                        f.write(b"\0" * size)
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC, exc

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[SmallDisk]:
    where = tmp_path / "disk"
    where.mkdir()
    _run("mount", "-t", "tmpfs", "-o", "size=2m", "wordtable-fault", str(where))
    try:
        yield SmallDisk(where)
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def set_read_only(path: Path, on: bool) -> None:
    """Make ``path`` and the files in it immutable (or writable again). SQLite's ``-shm`` file stays
    writable: it is mapped into memory, and a mapped page that becomes immutable kills the process with
    SIGBUS at its next write, which no read-only folder does (the kernel refuses to remount a file
    system read-only while a file on it is open for writing). Writes to the database and its WAL fail."""
    if on:
        FAULTS["injected"] += 1
    targets = (
        [path, *sorted(p for p in path.iterdir() if not p.name.endswith("-shm"))] if path.is_dir() else [path]
    )
    for t in targets if on else reversed(targets):
        _run("chattr", "+i" if on else "-i", str(t))


@pytest.fixture
def read_only() -> Iterator[object]:
    made: list[Path] = []

    def make(path: Path, on: bool = True) -> None:
        set_read_only(path, on)
        if on:
            made.append(path)
        elif path in made:
            made.remove(path)

    yield make
    for path in made:  # so pytest can delete its temporary folders
        set_read_only(path, False)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if FAULTS["injected"]:
        terminalreporter.write_line(
            f"faults: {FAULTS['injected']} injected, {FAULTS['moves_lost']} moves lost (this process)"
        )
