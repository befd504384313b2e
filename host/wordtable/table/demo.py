"""What ``make run`` does until the games reach the table: a live demonstration of the link.

It starts the simulated board (or uses the real one on ``port``), shows a welcome screen, lays the
tiles T-A-B-L-E on the simulated table, prints every event the host receives with its delay, and
draws the tiles it has seen on the display. In a terminal it then takes commands, so a person can
lay and lift tiles and press seat buttons and watch the display follow.
"""

from __future__ import annotations

import shlex
import time
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .board_events import BoardLinked, BoardLog, BoardLost, ButtonChanged, CellChanged, Event, TableReconciled
from .link import BoardLink
from .sim import SimBoard

# Demo tags: 7-byte NTAG-style UIDs whose last byte is the letter. The real tag registry comes with
# the table runtime; this is only so the demo can name what it sees.
DEMO_PREFIX = bytes.fromhex("04a0de0000")


def demo_uid(letter: str, n: int = 0) -> bytes:
    return DEMO_PREFIX + bytes([n & 0xFF, ord(letter.upper())])


def letter_of(uid: bytes | None) -> str:
    if uid and uid[:5] == DEMO_PREFIX and 65 <= uid[-1] <= 90:
        return chr(uid[-1])
    return "?" if uid else ""


def render_screen(size: tuple[int, int], title: str, lines: list[str]) -> Image.Image:
    img = Image.new("1", size, 1)
    draw = ImageDraw.Draw(img)
    big = ImageFont.load_default(size=26)
    small = ImageFont.load_default(size=14)
    draw.text((6, 2), title, font=big, fill=0)
    draw.line((6, 34, size[0] - 6, 34), fill=0, width=2)
    y = 40
    for line in lines:
        draw.text((6, y), line, font=small, fill=0)
        y += 18
    return img


def describe(event: Event) -> str:
    if isinstance(event, CellChanged):
        what = f"tile {letter_of(event.uid)} ({event.uid.hex()}) laid" if event.uid else "lifted"
        return f"cell {event.cell}: {what}" + (" (found on reconnect)" if event.source == "snapshot" else "")
    if isinstance(event, ButtonChanged):
        return f"seat {event.seat} button {event.button} {'pressed' if event.pressed else 'released'}"
    if isinstance(event, BoardLinked):
        i = event.info
        return (f"board linked: {i.board_name} firmware {'.'.join(map(str, i.fw_version))}, "
                f"{i.grid[0]}x{i.grid[1]} grid + {i.seats}x{i.seat_cells} seat cells"
                + (" (it restarted)" if event.restarted else ""))
    if isinstance(event, TableReconciled):
        return f"table reconciled: {len(event.changes)} difference(s)"
    if isinstance(event, BoardLost):
        return event.reason
    if isinstance(event, BoardLog):
        return str(event)
    return repr(event)


class Demo:
    def __init__(self, link: BoardLink, sim: SimBoard | None, workdir: Path) -> None:
        self.link, self.sim, self.workdir = link, sim, workdir

    def redraw(self) -> None:
        info = self.link.info
        assert info is not None
        width = info.grid[0]
        tiles = sorted(self.link.cells.items())
        words = " ".join(letter_of(uid) for _, uid in tiles) or "(none yet)"
        where = ", ".join(f"{c % width},{c // width}" for c, _ in tiles[:6] if c < width * info.grid[1])
        img = render_screen(info.display_size, "wordtable", [
            f"Tiles on the table: {len(tiles)}",
            f"Seen: {words}",
            f"At: {where}" if where else "Lay a tile on the table.",
        ])
        self.link.show(img)
        img.save(self.workdir / "screen.png")

    def drain(self, timeout: float = 0.3) -> None:
        deadline = time.monotonic() + timeout
        changed = False
        while True:
            ev = self.link.get_event(timeout=max(0.0, deadline - time.monotonic()))
            if ev is None:
                break
            print(f"  host <- {describe(ev)}")
            changed |= isinstance(ev, CellChanged)
        if changed:
            self.redraw()

    def scripted(self) -> None:
        info = self.link.info
        assert info is not None and self.sim is not None
        centre_row = info.grid[1] // 2
        start = centre_row * info.grid[0] + (info.grid[0] - 5) // 2
        for i, letter in enumerate("TABLE"):
            t0 = time.perf_counter()
            self.sim.place(start + i, demo_uid(letter, i))
            ev = self.link.get_event(timeout=2.0)
            ms = (time.perf_counter() - t0) * 1000
            print(f"sim: laid {letter} on cell {start + i}; host <- {describe(ev) if ev else 'nothing!'} after {ms:.1f} ms")
            self.redraw()
        self.sim.tap(0, 0)
        self.drain()
        time.sleep(0.3)
        self.sim.panel_image().save(self.workdir / "panel.png")
        print(f"The panel now shows what the host drew: {self.workdir / 'panel.png'} "
              f"(the host's own picture: {self.workdir / 'screen.png'}).")

    def interactive(self) -> None:
        print("\nCommands: place CELL LETTER | lift CELL | press SEAT BUTTON | status | quit")
        while True:
            self.drain(0.2)
            try:
                line = input("> ").strip()
            except EOFError:
                break
            if not line:
                continue
            words = shlex.split(line)
            cmd, rest = words[0].lower(), words[1:]
            try:
                if cmd in ("quit", "exit", "q"):
                    break
                if cmd == "status":
                    print(f"  {len(self.link.cells)} tiles; heartbeat {self.link.heartbeat}")
                elif self.sim is None:
                    print("  with a real board, lay real tiles; only 'status' and 'quit' work here")
                elif cmd == "place" and len(rest) == 2 and rest[1].isalpha() and len(rest[1]) == 1:
                    self.sim.place(int(rest[0]), demo_uid(rest[1], int(rest[0])))
                elif cmd == "lift" and len(rest) == 1:
                    self.sim.lift(int(rest[0]))
                elif cmd == "press" and len(rest) == 2:
                    self.sim.tap(int(rest[0]), int(rest[1]))
                else:
                    print("  not understood; try: place 112 W | lift 112 | press 0 0 | status | quit")
                    continue
            except ValueError:
                print("  cell, seat and button are numbers, e.g. place 112 W")
            except Exception as exc:  # the sim's own message is the useful one
                print(f"  the table says: {exc}")
            time.sleep(0.05)
        if self.sim is not None:
            self.sim.panel_image().save(self.workdir / "panel.png")


def run_demo(port: str | None, workdir: Path, interactive: bool) -> int:
    workdir.mkdir(parents=True, exist_ok=True)
    sim = None
    if port is None:
        print(f"Starting the simulated table board (real firmware on the MicroPython unix port) in {workdir}/ ...")
        sim = SimBoard(workdir / "sim").start()
        port = sim.port
    try:
        with BoardLink(port) as link:
            info = link.wait_linked(timeout=10)
            demo = Demo(link, sim, workdir)
            demo.drain(0.2)
            print(f"Linked over {port}: {info.board_name} board, firmware {'.'.join(map(str, info.fw_version))}.")
            welcome = render_screen(info.display_size, "wordtable", ["Welcome to the table.", "Lay a tile to begin."])
            link.show(welcome, full=True)
            time.sleep(0.3)
            if sim is not None:
                for cell in list(link.cells):
                    sim.lift(cell)  # start from a clear table
                demo.drain(0.3)
                demo.scripted()
            if interactive:
                demo.interactive()
    finally:
        if sim is not None:
            sim.stop()
    return 0
