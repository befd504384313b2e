"""`wordtable board deploy` compiles the firmware and copies it with mpremote: exercised against the
MicroPython unix port's REPL behind a pseudo-terminal, as it would reach a Pico on /dev/ttyACM0.
The unix port has no ROMFS partition (deploy copies .mpy files); with romflash.py it has one (deploy
writes the ROMFS image)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest
from wordtable.cli import main as cli_main
from wordtable.table.deploy import build, romfs_size, stop_firmware
from wordtable.table.firmware_image import romfs_files
from wordtable.table.sim import VirtualCable

from tests.conftest import MICROPYTHON, REPO

pytestmark = pytest.mark.e2e


ROMFLASH = Path(__file__).resolve().parent / "romflash.py"
ROMFS_BYTES = 128 * 1024


def _board(tmp_path, *script: str):
    fs = tmp_path / "board-fs"
    fs.mkdir()
    cable = VirtualCable(tmp_path / "cable")
    proc = subprocess.Popen(
        [MICROPYTHON, "-X", "heapsize=1m", *script],
        stdin=cable.board_fd,
        stdout=cable.board_fd,
        stderr=cable.board_fd,
        cwd=fs,
        start_new_session=True,
        env=dict(os.environ, MICROPYPATH=".frozen"),
    )
    time.sleep(0.3)
    try:
        yield cable, fs
    finally:
        proc.kill()
        proc.wait(timeout=5)
        cable.close()


@pytest.fixture
def unix_board(tmp_path):
    """A bare MicroPython REPL (the unix port) on one end of a virtual cable; its working
    directory stands for the board's filesystem."""
    yield from _board(tmp_path)


@pytest.fixture
def romfs_board(tmp_path):
    """The same with a ROMFS partition of 128 KB (romflash.py), saved to rom0.bin when written."""
    yield from _board(tmp_path, "-i", str(ROMFLASH), str(ROMFS_BYTES))


def test_build_stages_main_py_and_bytecode_for_every_module(tmp_path):
    files = build(tmp_path)
    names = {p.as_posix() for p in files}
    assert "main.py" in names
    assert "wtfw/app.mpy" in names and "wtfw/scanner.mpy" in names
    assert "lib/wtproto/frame.mpy" in names and "lib/wtproto/link.mpy" in names
    assert not any(n.endswith(".py") and n != "main.py" for n in names)
    for p in files:
        assert (tmp_path / p).stat().st_size > 0


def test_deploy_copies_mpy_files_to_a_board_without_romfs(unix_board, capsys):
    cable, fs = unix_board
    assert romfs_size(cable.port, resume=True) == 0
    assert cli_main(["board", "deploy", "--port", cable.port, "--resume"]) == 0
    out = capsys.readouterr().out
    assert "no ROMFS partition: copying .mpy files" in out
    assert "Copied 31 files" in out
    assert (fs / "main.py").read_bytes() == (REPO / "firmware" / "main.py").read_bytes()
    for rel in ("wtfw/app.mpy", "wtfw/scanner.mpy", "lib/wtproto/link.mpy", "lib/wtproto/messages.mpy"):
        assert (fs / rel).exists(), rel
    # What arrived is runnable bytecode for this MicroPython: import it from the board's files.
    check = subprocess.run(
        [
            MICROPYTHON,
            "-c",
            "import sys; sys.path.insert(0, 'lib'); import wtproto.link, wtfw.app; print('imports ok')",
        ],
        cwd=fs,
        capture_output=True,
        text=True,
        timeout=30,
        env=dict(os.environ, MICROPYPATH=".frozen"),
    )
    assert check.stdout.strip() == "imports ok", check.stderr


def test_deploy_writes_the_romfs_image_where_the_board_has_a_partition(romfs_board, capsys):
    cable, fs = romfs_board
    (fs / "wtfw").mkdir()
    (fs / "wtfw" / "app.mpy").write_bytes(b"M\x06 an earlier deploy")  # would shadow the image's
    assert romfs_size(cable.port, resume=True) == ROMFS_BYTES
    assert cli_main(["board", "deploy", "--port", cable.port, "--resume"]) == 0
    out = capsys.readouterr().out
    assert "Wrote the ROMFS image" in out, out
    assert (fs / "main.py").read_bytes() == (REPO / "firmware" / "main.py").read_bytes()
    assert not (fs / "wtfw").exists()
    flash = (fs / "rom0.bin").read_bytes()
    assert len(flash) == ROMFS_BYTES
    files = romfs_files(flash)
    assert {"wtfw/app.mpy", "drivers/reader_matrix.mpy", "lib/wtproto/link.mpy"} <= set(files)
    assert "main.py" not in files


def test_deploy_refuses_romfs_where_the_board_has_no_partition(unix_board, capsys):
    cable, _fs = unix_board
    assert cli_main(["board", "deploy", "--port", cable.port, "--resume", "--romfs"]) == 2
    assert "has no ROMFS partition" in capsys.readouterr().err


def test_running_firmware_steps_aside_for_a_deploy(sim):
    assert sim.proc.poll() is None
    assert stop_firmware(sim.port) is True
    sim.proc.wait(timeout=5)
    assert sim.proc.returncode == 0


def test_deploy_to_a_missing_port_says_so(capsys):
    assert cli_main(["board", "deploy", "--port", "/dev/ttyWORDTABLE-NOPE", "--resume"]) == 2
    assert "does not exist" in capsys.readouterr().err
