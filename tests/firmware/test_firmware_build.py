"""Build checks of the board code: every file of firmware/ and shared/ compiles with mpy-cross for
the Pico's Cortex-M0+ (armv6m), and the whole passes the board type check of `make lint`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from mpyrun import FIRMWARE, REPO, SHARED, compile_mpy

BOARD_SOURCES = sorted([*FIRMWARE.rglob("*.py"), *SHARED.rglob("*.py")])


def test_board_sources_are_found() -> None:
    names = {p.relative_to(REPO).as_posix() for p in BOARD_SOURCES}
    assert {
        "firmware/main.py",
        "firmware/wtfw/app.py",
        "firmware/wtfw/scanner.py",
        "shared/wtproto/link.py",
    } <= names


@pytest.mark.parametrize("source", BOARD_SOURCES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_compiles_with_mpy_cross_for_the_pico(source: Path, tmp_path: Path) -> None:
    try:
        compile_mpy([source], tmp_path, march="armv6m")
    except subprocess.CalledProcessError as e:
        pytest.fail(f"mpy-cross rejects {source.relative_to(REPO)}:\n{e.stderr}")
    mpy = (tmp_path / (source.stem + ".mpy")).read_bytes()
    assert mpy[:1] == b"M" and len(mpy) > 4


def test_board_code_passes_the_rp2_type_check() -> None:
    venv_bin = Path(sys.executable).parent
    stubs = venv_bin.parent / "mpstubs"
    cmd = [
        str(venv_bin / "mypy"),
        "--config-file",
        str(REPO / "mypy-board.ini"),
        "--custom-typeshed-dir",
        str(stubs),
        "--cache-dir",
        "/dev/null",
        "firmware",
        "shared",
    ]
    proc = subprocess.run(
        cmd,
        cwd=REPO,
        env={"MYPYPATH": str(stubs), "PATH": str(venv_bin)},
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("Success: no issues found")


def test_make_firmware_writes_a_romfs_image_of_the_board_files_a_manifest_and_a_listing(
    tmp_path: Path,
) -> None:
    from wordtable.cli import main as cli_main
    from wordtable.table.firmware_image import romfs_files

    out = tmp_path / "firmware"
    assert cli_main(["board", "firmware", "--out", str(out)]) == 0
    files = romfs_files((out / "wordtable-firmware.romfs").read_bytes())
    # Everything a board runs but main.py, which stays on the board's filesystem (MicroPython runs it at boot).
    assert {
        "wtfw/app.mpy",
        "wtfw/scanner.mpy",
        "drivers/reader_matrix.mpy",
        "drivers/matrix_diag.mpy",
        "lib/wtproto/link.mpy",
        "lib/wtproto/frame.mpy",
    } <= set(files)
    assert not any(name.endswith(".py") for name in files)
    assert files["wtfw/app.mpy"] == (out / "board" / "wtfw" / "app.mpy").read_bytes()
    assert files["wtfw/app.mpy"][:2] == b"M\x06"  # .mpy version 6: bytecode that runs in place
    assert (out / "board" / "main.py").read_bytes() == (FIRMWARE / "main.py").read_bytes()
    listing = (out / "listing.txt").read_text().splitlines()
    assert listing[0].startswith(
        f"wordtable-firmware.romfs: {(out / 'wordtable-firmware.romfs').stat().st_size:,} bytes"
    )
    assert any(line.split() == [f"{len(files['wtfw/app.mpy']):,}", "wtfw/app.mpy"] for line in listing)


def test_the_frozen_build_manifest_names_the_packages_relative_to_itself(tmp_path: Path) -> None:
    from wordtable.table.firmware_image import manifest_text

    text = manifest_text(tmp_path)
    packages = re.findall(r'package\("(\w+)", base_path="([^"]+)"\)', text)
    assert [p for p, _ in packages] == ["wtfw", "drivers", "wtproto"]
    for package, base in packages:
        assert (tmp_path / base / package / "__init__.py").is_file(), (package, base)
    assert 'include("$(PORT_DIR)/boards/manifest.py")' in text
