"""The host's `wordtable tags write` and `wordtable board doctor` against the real firmware on the
real board's drivers: the pico board over the chip stand-ins (MFRC522 readers, NTAG213 tags) in
MicroPython, behind a pseudo-terminal, as a Pico behind /dev/ttyACM0."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from wordtable.cli import main as cli_main
from wordtable.table.sim import VirtualCable

from tests.drivers.mpyharness import RUNNER, TEST_HEAP
from tests.firmware.mpyrun import micropython_binary, micropython_env


@pytest.fixture
def pico(tmp_path: Path, compiled: tuple[Path, ...]) -> Iterator[VirtualCable]:
    cable = VirtualCable(tmp_path / "line")
    log = open(tmp_path / "firmware.log", "wb")
    proc = subprocess.Popen(
        [
            micropython_binary(),
            "-X",
            f"heapsize={TEST_HEAP}",
            str(RUNNER),
            "pico_serial",
            "serve",
            str(tmp_path),
        ],
        stdin=cable.board_fd,
        stdout=cable.board_fd,
        stderr=log,
        env=micropython_env(*compiled),
        start_new_session=True,
    )
    try:
        yield cable
    finally:
        proc.kill()
        proc.wait(timeout=5)
        log.close()
        cable.close()


def test_tags_write_puts_a_tiles_record_on_its_tag_reads_it_back_and_enrolls_it(pico, tmp_path, capsys):
    db = str(tmp_path / "w.db")
    code = cli_main(
        [
            "tags",
            "write",
            "wordgame",
            "103",
            "--port",
            pico.port,
            "--cell",
            "112",
            "--enroll",
            "--db",
            db,
            "--timeout",
            "20",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.splitlines()[0].startswith("wrote wg:103 (")
    assert out.splitlines()[0].endswith(") into tag 045162738495a6 on cell 112; read back and checked")
    assert out.splitlines()[1].startswith("enrolled tag 045162738495a6 as ")
    assert cli_main(["tags", "list", "wordgame", "--db", db]) == 0
    assert capsys.readouterr().out.startswith("045162738495a6       wordgame     103 ")


def test_tags_write_on_an_empty_cell_and_on_a_tag_without_memory_say_what_to_do(pico, tmp_path, capsys):
    db = str(tmp_path / "w.db")
    assert (
        cli_main(
            [
                "tags",
                "write",
                "wordgame",
                "5",
                "--port",
                pico.port,
                "--cell",
                "50",
                "--db",
                db,
                "--timeout",
                "20",
            ]
        )
        == 2
    )
    assert capsys.readouterr().err == (
        "wordtable: no tag answers on cell 50: lay the piece on that cell, tag side down, and try again\n"
    )
    assert (
        cli_main(
            [
                "tags",
                "write",
                "wordgame",
                "5",
                "--port",
                pico.port,
                "--cell",
                "140",
                "--db",
                db,
                "--timeout",
                "20",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith(
        "wordtable: the tag on cell 140 (UID 04112233445566) stopped answering after 0 of 4 pages"
    ), err


def test_doctor_on_the_pico_board_names_its_eight_readers_and_finds_it_healthy(pico, capsys):
    code = cli_main(["board", "doctor", "--port", pico.port, "--timeout", "20"])
    out, err = capsys.readouterr()
    assert code == 0, err + out
    assert out.startswith(f"board pico at {pico.port}: firmware 0.1.0")
    assert "readers: 8 of 8 answering" in out
    assert "  reader 0 (chip select 0): answering, MFRC522 v2.0 (VersionReg 92h)" in out
    assert out.endswith("healthy: no problems found\n")
