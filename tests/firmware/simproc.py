"""The real ``firmware/main.py --board sim`` process, for firmware tests from CPython.

The serial line is a pseudo-terminal (raw mode, as the host's launcher gives it); the test holds the
master end and speaks wtproto frames on it. The control channel is a Unix socket in a short
directory of its own (socket paths are limited to 107 bytes).
"""

from __future__ import annotations

import os
import select
import shutil
import socket
import subprocess
import tempfile
import time
import tty
from pathlib import Path

from mpyrun import HEAP, micropython_binary
from wordtable.table.sim import SIM_MICROPYPATH, SIM_SCRIPT, link_sources
from wtproto import messages as m
from wtproto.frame import Deframer, encode_frame


def launch_command(folder: Path, control: Path, world: Path, panel: Path, *options: str) -> list[str]:
    """The command line of the sim firmware, to run in ``folder`` with ``launch_env()``: the
    firmware's sources are linked there, as the host's SimBoard links them."""
    link_sources(folder)
    return [
        micropython_binary(),
        "-X",
        f"heapsize={HEAP}",
        SIM_SCRIPT,
        "--board",
        "sim",
        "--control",
        str(control),
        "--world",
        str(world),
        "--panel",
        str(panel),
        *options,
    ]


def launch_env() -> dict[str, str]:
    return dict(os.environ, MICROPYPATH=SIM_MICROPYPATH)


class SimFirmware:
    """One run of the sim firmware. ``workdir`` keeps the world and panel files across runs."""

    def __init__(self, workdir: Path, *options: str) -> None:
        self.workdir = workdir
        self.sockdir = Path(tempfile.mkdtemp(prefix="wtfw", dir="/tmp"))
        self.control_path = self.sockdir / "ctl"
        self.world = workdir / "world.txt"
        self.panel = workdir / "panel.pbm"
        self.options = options
        self.proc: subprocess.Popen[bytes] | None = None
        self.master = -1
        self.deframer = Deframer()
        self.frames: list[tuple[int, int, int, int, bytes]] = []
        self._clients: list[socket.socket] = []

    def start(self) -> SimFirmware:
        master, slave = os.openpty()
        tty.setraw(slave)
        self.master = master
        self.proc = subprocess.Popen(
            launch_command(self.sockdir, self.control_path, self.world, self.panel, *self.options),
            stdin=slave,
            stdout=slave,
            stderr=subprocess.PIPE,
            env=launch_env(),
            cwd=self.sockdir,
        )
        os.close(slave)
        return self

    def stop(self) -> str:
        """Stop the firmware; returns what it wrote to stderr."""
        for c in self._clients:
            c.close()
        self._clients = []
        err = ""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.terminate()
            _out, err_b = self.proc.communicate(timeout=10)
            err = err_b.decode(errors="replace")
            self.proc = None
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
        return err

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.sockdir, ignore_errors=True)

    # -- control channel -----------------------------------------------------------------------

    def connect(self, timeout: float = 10.0) -> socket.socket:
        deadline = time.monotonic() + timeout
        while True:
            c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                c.connect(str(self.control_path))
                break
            except (FileNotFoundError, ConnectionRefusedError):
                c.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)
        c.settimeout(timeout)
        self._clients.append(c)
        return c

    def control(self, line: str, client: socket.socket | None = None) -> str:
        """Send one command line; return its reply line."""
        c = client if client is not None else (self._clients[0] if self._clients else self.connect())
        c.sendall(line.encode() + b"\n")
        return read_line(c)

    # -- serial line ---------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def read_frames(self, until, timeout: float = 10.0) -> list[tuple[int, int, int, int, bytes]]:
        """Read frames from the serial line until ``until(frames)`` is true; returns them all."""
        deadline = time.monotonic() + timeout
        while not until(self.frames):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(
                    f"no such frames within {timeout} s; got {[m.NAMES.get(f[1], f[1]) for f in self.frames]}"
                )
            r, _, _ = select.select([self.master], [], [], min(left, 0.1))
            if r:
                for f in self.deframer.feed(os.read(self.master, 65536)):
                    self.frames.append((f[0], f[1], f[2], f[3], bytes(f[4])))
        return self.frames

    def wait_for(self, mtype: int, count: int = 1, timeout: float = 10.0) -> list[bytes]:
        """Payloads of the first ``count`` frames of ``mtype`` (waiting for them)."""
        self.read_frames(lambda fs: sum(1 for f in fs if f[1] == mtype) >= count, timeout)
        return [f[4] for f in self.frames if f[1] == mtype][:count]

    def handshake(self) -> dict:
        """Answer the board's first HELLO; returns it unpacked."""
        hello = m.unpack_hello_board(self.wait_for(m.HELLO)[0])
        self.write(
            encode_frame(m.HELLO_ACK, 0, 0, m.pack_hello_ack(hello["boot_id"], hello["epoch"], (0, 1, 0)))
        )
        return hello

    def ack(self, seq: int) -> None:
        self.write(encode_frame(m.ACK, 0, seq))


def read_line(c: socket.socket) -> str:
    """One reply line (byte by byte, so that the next line stays in the socket)."""
    buf = b""
    while not buf.endswith(b"\n"):
        chunk = c.recv(1)
        if not chunk:
            raise ConnectionError(f"control channel closed; got {buf!r}")
        buf += chunk
    return buf.decode().rstrip("\n")
