"""`wordtable board deploy` compiles the firmware and copies it with mpremote: exercised against the
MicroPython unix port's REPL behind a pseudo-terminal, as it would reach a Pico on /dev/ttyACM0."""

from __future__ import annotations

import os
import subprocess
import time

import pytest
from wordtable.cli import main as cli_main
from wordtable.table.deploy import build, stop_firmware
from wordtable.table.sim import VirtualCable

from tests.conftest import MICROPYTHON, REPO

pytestmark = pytest.mark.e2e


@pytest.fixture
def unix_board(tmp_path):
    """A bare MicroPython REPL (the unix port) on one end of a virtual cable; its working
    directory stands for the board's filesystem."""
    fs = tmp_path / "board-fs"
    fs.mkdir()
    cable = VirtualCable(tmp_path / "cable")
    proc = subprocess.Popen([MICROPYTHON, "-X", "heapsize=256k"], stdin=cable.board_fd, stdout=cable.board_fd,
                            stderr=cable.board_fd, cwd=fs, start_new_session=True)
    time.sleep(0.3)
    try:
        yield cable, fs
    finally:
        proc.kill()
        proc.wait(timeout=5)
        cable.close()


def test_build_stages_main_py_and_bytecode_for_every_module(tmp_path):
    files = build(tmp_path)
    names = {p.as_posix() for p in files}
    assert "main.py" in names
    assert "wtfw/app.mpy" in names and "wtfw/scanner.mpy" in names
    assert "lib/wtproto/frame.mpy" in names and "lib/wtproto/link.mpy" in names
    assert not any(n.endswith(".py") and n != "main.py" for n in names)
    for p in files:
        assert (tmp_path / p).stat().st_size > 0


def test_deploy_copies_the_firmware_to_the_board_with_mpremote(unix_board, capsys):
    cable, fs = unix_board
    assert cli_main(["board", "deploy", "--port", cable.port, "--resume"]) == 0
    out = capsys.readouterr().out
    assert "Copied" in out
    assert (fs / "main.py").read_bytes() == (REPO / "firmware" / "main.py").read_bytes()
    for rel in ("wtfw/app.mpy", "wtfw/scanner.mpy", "lib/wtproto/link.mpy", "lib/wtproto/messages.mpy"):
        assert (fs / rel).exists(), rel
    # What arrived is runnable bytecode for this MicroPython: import it from the board's files.
    check = subprocess.run([MICROPYTHON, "-c", "import sys; sys.path.insert(0, 'lib'); "
                            "import wtproto.link, wtfw.app; print('imports ok')"],
                           cwd=fs, capture_output=True, text=True, timeout=30,
                           env=dict(os.environ, MICROPYPATH=".frozen"))
    assert check.stdout.strip() == "imports ok", check.stderr


def test_running_firmware_steps_aside_for_a_deploy(sim):
    assert sim.proc.poll() is None
    assert stop_firmware(sim.port) is True
    sim.proc.wait(timeout=5)
    assert sim.proc.returncode == 0


def test_deploy_to_a_missing_port_says_so(capsys):
    assert cli_main(["board", "deploy", "--port", "/dev/ttyWORDTABLE-NOPE", "--resume"]) == 2
    assert "does not exist" in capsys.readouterr().err
