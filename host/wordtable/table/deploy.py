"""Putting the firmware on a board: compile with mpy-cross, copy with mpremote.

The board gets ``main.py`` (MicroPython runs it at boot) and the firmware packages with the
protocol package (wordtable.table.firmware_image): where its MicroPython has a ROMFS partition
(asked with ``vfs.rom_ioctl``, as ``mpremote romfs query`` does), as the ROMFS image, whose
bytecode runs in place from flash; otherwise as ``.mpy`` files in its filesystem, ``wtproto`` in
``lib/``. A board that is running our firmware has Ctrl-C switched off (the serial line carries
binary frames), so the firmware is first asked to step aside with a REPL message; mpremote then
finds the ordinary MicroPython REPL.
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from wtproto import messages as m
from wtproto.frame import DELIMITER, Deframer, encode_frame

from .firmware_image import (
    BOOT_FILE,
    DEFAULT_ARCH,
    FirmwareBuildError,
    FirmwareImage,
    build,
    build_image,
    module_name,
    tool,
)
from .link import BoardError, open_port

__all__ = ["DEFAULT_ARCH", "DeployError", "build", "deploy", "module_name", "stop_firmware"]


class DeployError(BoardError):
    """The firmware could not be built or copied."""


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


# Asked of the board's MicroPython (as mpremote's ``romfs query`` does): the size of its first ROMFS
# partition, 0 where it has none (no vfs.rom_ioctl: a build without ROMFS; no segment: no partition).
ROMFS_QUERY = """import vfs
n = 0
if hasattr(vfs, 'rom_ioctl') and vfs.rom_ioctl(1) > 0:
    d = vfs.rom_ioctl(2, 0)
    if isinstance(d, int):
        n = 0
    elif hasattr(d, 'ioctl'):
        n = d.ioctl(4, 0) * d.ioctl(5, 0)
    else:
        n = len(d)
print('wordtable-romfs', n)
"""

# Run on the board after a ROMFS deploy: the .mpy files an earlier deploy left on its filesystem
# would otherwise be imported instead of the image's wherever the filesystem comes first on sys.path.
REMOVE_FILES = """import os
def rm(p):
    try:
        st = os.stat(p)
    except OSError:
        return
    if st[0] & 0x4000:
        for n in os.listdir(p):
            rm(p + '/' + n)
        os.rmdir(p)
    else:
        os.remove(p)
for p in ('wtfw', 'drivers', 'lib/wtproto'):
    rm(p)
"""


def _mpremote(port: str, resume: bool) -> list[str]:
    return [tool("mpremote"), "connect", port] + (["resume"] if resume else [])


def _run(cmd: list[str], port: str, what: str, timeout: float = 300) -> str:
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise DeployError(f"mpremote could not {what} on {port}:\n{(result.stderr or result.stdout).strip()}")
    return result.stdout


def romfs_size(port: str, resume: bool = False) -> int:
    """Bytes in the ROMFS partition of the board on ``port``: 0 where its MicroPython has none."""
    out = _run(_mpremote(port, resume) + ["exec", ROMFS_QUERY], port, "ask the board for ROMFS", 60)
    for line in out.splitlines():
        if line.startswith("wordtable-romfs "):
            return max(int(line.split()[1]), 0)
    raise DeployError(f"the board on {port} did not answer the ROMFS question:\n{out.strip()}")


def deploy(
    port: str,
    arch: str = DEFAULT_ARCH,
    source: bool = False,
    resume: bool = False,
    reset: bool = True,
    romfs: bool | None = None,
    echo=print,
) -> list[Path]:
    """Build the firmware and put it on the board on ``port``; returns the files it got (the ROMFS
    image's name and main.py, or every file copied).

    ``romfs``: None asks the board and writes the ROMFS image where its MicroPython has a partition
    it fits in, else copies the .mpy files; True insists on ROMFS, False copies files. ``source``:
    .py files instead of bytecode (never in an image). ``resume``: pass mpremote's ``resume`` (no
    soft reset before copying); needed for the MicroPython unix port, whose REPL a soft reset would end.
    """
    with tempfile.TemporaryDirectory(prefix="wordtable-deploy-") as tmp:
        stage = Path(tmp)
        if stop_firmware(port):
            echo("The wordtable firmware was running; it stepped aside for the update.")
        size = 0
        if not source and romfs is not False:
            size = romfs_size(port, resume)
            if not size:
                if romfs:
                    raise DeployError(
                        f"the board on {port} has no ROMFS partition (its MicroPython was built "
                        "without one); deploy without --romfs to copy .mpy files"
                    )
                echo("The board's MicroPython has no ROMFS partition: copying .mpy files.")
        try:
            if size:
                image = build_image(stage / "image", arch)
                echo(
                    f"Built the ROMFS image for {arch}: {image.image_bytes:,} bytes, {len(image.files)} files."
                )
                if image.image_bytes <= size:
                    files = _deploy_romfs(port, resume, image, echo)
                    _restart(port, resume, reset, echo)
                    return files
                if romfs:
                    raise DeployError(
                        f"the ROMFS image ({image.image_bytes:,} bytes) does not fit the board's "
                        f"ROMFS partition ({size:,} bytes)"
                    )
                echo(
                    f"The image does not fit the board's ROMFS partition ({size:,} bytes): copying .mpy files."
                )
            files = build(stage / "files", arch, source)
        except FirmwareBuildError as exc:
            raise DeployError(str(exc)) from exc
        echo(f"Built {len(files)} files for {arch}{' (source)' if source else ''}.")
        dirs = sorted(
            {d.as_posix() for p in files for d in p.parents if d != Path(".")},
            key=lambda d: (d.count("/"), d),
        )
        # `fs mkdir` fails on an existing folder; this makes the folders and ignores that.
        mk = f"import os\nfor d in {dirs!r}:\n  try: os.mkdir(d)\n  except OSError: pass\n"
        cmd = _mpremote(port, resume) + ["exec", mk]
        for rel in files:
            cmd += ["+", "fs", "cp", str(stage / "files" / rel), f":{rel.as_posix()}"]
        _run(cmd, port, "copy the firmware")
        echo(f"Copied {len(files)} files to the board at {port}.")
        _restart(port, resume, reset, echo)
        return files


def _deploy_romfs(port: str, resume: bool, image: FirmwareImage, echo) -> list[Path]:
    cmd = _mpremote(port, resume) + [
        "romfs",
        "deploy",
        str(image.romfs),
        "+",
        "exec",
        REMOVE_FILES,
        "+",
        "fs",
        "cp",
        str(image.tree / BOOT_FILE),
        f":{BOOT_FILE}",
    ]
    _run(cmd, port, "write the ROMFS image")
    echo(
        f"Wrote the ROMFS image to the board at {port} and copied {BOOT_FILE}; "
        "the .mpy files of an earlier deploy were removed from its filesystem."
    )
    return [Path(image.romfs.name), Path(BOOT_FILE)]


def _restart(port: str, resume: bool, reset: bool, echo) -> None:
    if reset and not resume:
        subprocess.run(_mpremote(port, resume) + ["reset"], capture_output=True, text=True, timeout=30)
        echo("The board restarted with the new firmware.")
