"""The real ``firmware/main.py --board sim`` process on the MicroPython unix port: its control
channel, its world file, its serial line (a pseudo-terminal) and its command line."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest
from mpyrun import FIRMWARE
from simproc import SimFirmware, launch_command, launch_env, read_line
from wtproto import messages as m
from wtproto.frame import encode_frame

BAD_COMMANDS = [
    (
        "dance 3",
        "error: unknown command 'dance'; commands: place, lift, press, release, tap, misread, "
        "flicker, state, panel, feedback, stats, help",
    ),
    ("place 321 04A1B2C3", "error: cell must be a whole number from 0 to 320, not '321'"),
    ("place -1 04A1B2C3", "error: cell must be a whole number from 0 to 320, not '-1'"),
    ("place x 04A1B2C3", "error: cell must be a whole number from 0 to 320, not 'x'"),
    (
        "place 5 04A1B2G3",
        "error: UID '04A1B2G3' is not hexadecimal; give 8, 14 or 20 hex digits (a 4, 7 or 10-byte UID)",
    ),
    (
        "place 5 04A1B2C",
        "error: UID '04A1B2C' has an odd number of hex digits; give 8, 14 or 20 hex "
        "digits (a 4, 7 or 10-byte UID)",
    ),
    (
        "place 5 04A1B2C3D4",
        "error: UID '04A1B2C3D4' has 5 bytes; an ISO 14443A UID has 4, 7 or 10 bytes "
        "(8, 14 or 20 hex digits)",
    ),
    ("place 5", "error: usage: place CELL UIDHEX"),
    ("lift", "error: usage: lift CELL"),
    ("lift 9", "error: cell 9 is empty; nothing to lift"),
    ("press 4 0", "error: seat must be a whole number from 0 to 3, not '4'"),
    ("tap 0 4", "error: button must be a whole number from 0 to 3, not '4'"),
    ("release 0 0", "error: seat 0 button 0 is not pressed"),
    ("misread 5 many", "error: N must be a whole number from 0 to 10000, not 'many'"),
    ("flicker 5 04A1B2C3", "error: usage: flicker CELL UIDHEX N"),
    ("state now", "error: state takes no arguments"),
    ("", "error: empty line; send 'help' for the commands"),
]


def test_control_channel_answers_bad_commands_with_clear_errors_and_changes_nothing(sim: SimFirmware) -> None:
    sim.start()
    assert sim.control("place 7 04A1B2C3") == "ok placed 04A1B2C3 on cell 7"
    for line, reply in BAD_COMMANDS:
        assert sim.control(line) == reply, line
    assert (
        sim.control("place 8 04a1b2c3")
        == "error: tag 04A1B2C3 lies on cell 7; lift it first (a tag is in one place only)"
    )
    assert (
        sim.control("place 7 0411223344556677889900")
        == "error: UID '0411223344556677889900' has 11 bytes; an ISO 14443A UID has 4, 7 or 10 bytes (8, 14 or 20 hex digits)"
    )
    assert sim.control("place 7 04112233") == "error: cell 7 holds tag 04A1B2C3; lift it first"
    assert sim.control("state") == "ok 7:04A1B2C3", "nothing changed"
    assert sim.control("feedback") == "ok leds=0 beeps=0 led=- beep=-"
    assert sim.proc is not None and sim.proc.poll() is None, "the firmware keeps running"


def test_control_channel_serves_several_clients_and_replies_in_order(sim: SimFirmware) -> None:
    sim.start()
    a, b = sim.connect(), sim.connect()
    a.sendall(b"place 0 04112233445566\nplace 320 08010203040506070809\nstate\n")
    assert sim.control("lift 5", b) == "error: cell 5 is empty; nothing to lift"
    assert [read_line(a) for _ in range(3)] == [
        "ok placed 04112233445566 on cell 0",
        "ok placed 08010203040506070809 on cell 320",
        "ok 0:04112233445566 320:08010203040506070809",
    ]
    assert sim.control("tap 3 3", b) == "ok seat 3 button 3 tapped"
    assert sim.control("help", a).startswith("ok commands: place CELL UIDHEX (")


def test_overlong_line_is_refused_once_and_ignored_up_to_its_newline(sim: SimFirmware) -> None:
    sim.start()
    c = sim.connect()
    c.sendall(b"place " + b"1" * 300)
    assert read_line(c) == "error: line longer than 200 characters; it is ignored up to its newline"
    c.sendall(b"1" * 300 + b" 04A1B2C3\nstate\n")
    assert read_line(c) == "ok", "the next line is a command again"
    assert sim.control("place 2 04A1B2C3", c) == "ok placed 04A1B2C3 on cell 2"
    assert sim.control("lift 2" + " " * 240, c) == "error: line of 246 characters; at most 200"
    assert sim.control("state", c) == "ok 2:04A1B2C3"


def test_world_outlives_the_firmware_and_a_restarted_board_reports_it(sim: SimFirmware) -> None:
    sim.start()
    assert sim.control("place 12 04A1B2C3").startswith("ok")
    assert sim.control("place 230 08010203040506070809").startswith("ok")
    assert sim.control("place 13 04112233").startswith("ok")
    assert sim.control("lift 13").startswith("ok")
    sim.stop()
    assert sim.world.read_text().splitlines()[1:] == ["12 04A1B2C3", "230 08010203040506070809"]
    sim.frames = []
    sim.start()
    assert sim.control("state") == "ok 12:04A1B2C3 230:08010203040506070809"
    sim.handshake()
    cells = [m.unpack_cell(p) for p in sim.wait_for(m.CELL, 2)]
    assert cells == [(12, bytes.fromhex("04A1B2C3")), (230, bytes.fromhex("08010203040506070809"))]


def test_corrupt_world_file_is_set_aside_and_the_table_starts_empty(sim: SimFirmware) -> None:
    sim.world.write_text("# wordtable sim world\n3 04A1B2C3\n4 not-a-uid\n")
    sim.start()
    assert sim.control("state") == "ok"
    assert (
        sim.workdir / "world.txt.corrupt"
    ).read_text() == "# wordtable sim world\n3 04A1B2C3\n4 not-a-uid\n"
    assert sim.control("place 1 04A1B2C3") == "ok placed 04A1B2C3 on cell 1"
    err = sim.stop()
    assert (
        f"warning: world file {sim.world} is not a valid world (line 3: UID 'not-a-uid' "
        "has an odd number of hex digits"
    ) in err
    assert sim.world.read_text().splitlines()[1:] == ["1 04A1B2C3"]


def test_serial_line_carries_frames_only_and_the_panel_image_follows_display(sim: SimFirmware) -> None:
    sim.start()
    hello = sim.handshake()
    assert hello["geometry"] == (15, 15, 4, 24, 4) and hello["display_size"] == (296, 128)
    assert hello["board_name"] == "sim"
    assert sim.control("place 17 04112233445566").startswith("ok")
    (cell,) = sim.wait_for(m.CELL)
    assert m.unpack_cell(cell) == (17, bytes.fromhex("04112233445566"))
    # A whole screen in five DISPLAY frames of 27 rows (or fewer), the last one refreshing.
    image = bytes((i * 7 + i // 37) & 0xFF for i in range(37 * 128))
    seq = 0
    for y in range(0, 128, 27):
        h = min(27, 128 - y)
        flags = m.REFRESH_FULL if y + h == 128 else m.REFRESH_NONE
        seq += 1
        sim.write(
            encode_frame(m.DISPLAY, seq, 1, m.pack_display(0, y, 296, h, flags, image[y * 37 : (y + h) * 37]))
        )
    assert sim.control("bogus").startswith("error:")
    deadline = time.monotonic() + 10
    while not sim.control("panel").startswith("ok refreshes=1 ") and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sim.control("panel") == f"ok refreshes=1 full=1 partial=0 path={sim.panel}"
    assert sim.panel.read_bytes() == b"P4\n296 128\n" + image
    assert sim.deframer.garbage_bytes == 0 and sim.deframer.dropped == 0, "nothing but frames on stdout"
    assert all(f[0] == 1 for f in sim.frames)


def test_firmware_stops_when_its_serial_line_is_closed(sim: SimFirmware) -> None:
    sim.start()
    sim.handshake()
    assert sim.proc is not None
    os.close(sim.master)
    sim.master = -1
    assert sim.proc.wait(timeout=10) == 0
    assert "the serial line was closed; stopping" in sim.stop()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--grid", "0x5"), "--grid must be WIDTHxHEIGHT with each from 1 to 255, like 15x15, not '0x5'"),
        (("--seats", "many"), "--seats must be a whole number from 0 to 255, not 'many'"),
        (
            ("--display", "296"),
            "--display must be WIDTHxHEIGHT with each from 1 to 4096, like 15x15, not '296'",
        ),
        (("--colour", "red"), "unknown option '--colour'"),
        (("--buttons",), "option --buttons needs a value"),
    ],
)
def test_bad_command_line_exits_with_usage(tmp_path: Path, options: tuple[str, ...], message: str) -> None:
    cmd = launch_command(tmp_path, tmp_path / "c", tmp_path / "w", tmp_path / "p", *options)
    proc = subprocess.run(
        cmd,
        env=launch_env(),
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines()[0] == f"main.py: error: {message}"
    assert proc.stderr.splitlines()[1].startswith("usage: main.py --board sim --control SOCKPATH")


def test_missing_required_option_is_named(tmp_path: Path) -> None:
    cmd = launch_command(tmp_path, tmp_path / "c", tmp_path / "w", tmp_path / "p")
    cmd = cmd[: cmd.index("--panel")]
    proc = subprocess.run(
        cmd,
        env=launch_env(),
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
    )
    assert (proc.returncode, proc.stderr.splitlines()[0]) == (2, "main.py: error: option --panel is required")
    assert (FIRMWARE / "main.py").exists()


def test_repl_request_stops_the_sim_firmware(sim: SimFirmware) -> None:
    sim.start()
    sim.wait_for(m.HELLO)
    sim.write(b"\x00" + encode_frame(m.REPL, 0, 0))
    assert sim.proc is not None and sim.proc.wait(timeout=10) == 0
    assert "the host asked for the REPL; stopping" in sim.stop()
