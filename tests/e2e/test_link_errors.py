"""A port that does not exist, is busy, stays silent, carries garbage, or has a board of another
protocol version: each gets a clear message a person can act on, never a traceback."""

from __future__ import annotations

import os
import threading
import time
import tty

import pytest
import serial
from wordtable.cli import main as cli_main
from wordtable.table.link import (
    BoardLink,
    BoardPortError,
    BoardSilentError,
    ProtocolVersionError,
    open_port,
)
from wtproto import messages as m
from wtproto.frame import encode_frame


def pty_pair():
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, os.ttyname(slave), slave


def test_a_missing_port_is_named_with_advice():
    with pytest.raises(BoardPortError) as exc:
        open_port("/dev/ttyWORDTABLE-NOPE")
    assert "does not exist" in str(exc.value) and "plugged in" in str(exc.value)


def test_a_busy_port_says_another_program_has_it():
    master, path, slave = pty_pair()
    first = serial.Serial(path, exclusive=True)
    try:
        with pytest.raises(BoardPortError) as exc:
            open_port(path)
        assert "busy" in str(exc.value)
    finally:
        first.close()
        os.close(master)
        os.close(slave)


def test_a_silent_port_gets_a_clear_message_not_a_hang():
    master, path, slave = pty_pair()
    try:
        with BoardLink(path, reconnect=False) as link:
            with pytest.raises(BoardSilentError) as exc:
                link.wait_linked(timeout=1.5)
        assert "No answer" in str(exc.value) and "make deploy" in str(exc.value)
    finally:
        os.close(master)
        os.close(slave)


def test_a_port_that_sends_only_garbage_is_told_apart_from_silence():
    master, path, slave = pty_pair()
    stop = threading.Event()

    def babble():
        while not stop.is_set():
            os.write(master, b">>> MicroPython v1.29 REPL\r\n")
            time.sleep(0.1)

    t = threading.Thread(target=babble, daemon=True)
    t.start()
    try:
        with BoardLink(path, reconnect=False) as link:
            with pytest.raises(BoardSilentError) as exc:
                link.wait_linked(timeout=1.5)
        assert "none of it is wordtable frames" in str(exc.value)
    finally:
        stop.set()
        t.join()
        os.close(master)
        os.close(slave)


def test_a_board_of_another_protocol_version_is_named_with_both_versions():
    master, path, slave = pty_pair()
    stop = threading.Event()
    hello = m.pack_hello_board((9, 0, 0), 0x1234, 1, (15, 15, 4, 24, 4), (296, 128), "future")

    def future_board():
        while not stop.is_set():
            os.write(master, b"\x00" + encode_frame(m.HELLO, 0, 0, hello, version=2))
            time.sleep(0.1)

    t = threading.Thread(target=future_board, daemon=True)
    t.start()
    try:
        with BoardLink(path, reconnect=False) as link:
            with pytest.raises(ProtocolVersionError) as exc:
                link.wait_linked(timeout=3)
        text = str(exc.value)
        assert "version 2" in text and "version 1" in text and "update the host" in text
    finally:
        stop.set()
        t.join()
        os.close(master)
        os.close(slave)


def test_board_status_on_a_missing_port_prints_a_message_and_exits_2(capsys):
    assert cli_main(["board", "status", "--port", "/dev/ttyWORDTABLE-NOPE"]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "Traceback" not in err
