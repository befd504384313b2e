"""``wordtable run``: the session on the simulated board (or a real one with ``--port``), with a
terminal for a person's hands on the simulated table.

Commands (one a line): ``lay CELL PIECE`` (CELL a board square like H8 or a cell number; PIECE a
letter, a piece id, or SET:ID), ``lift CELL``, ``press SEAT BUTTON`` (seats and buttons counted
from 1: OK 1, previous 2, next 3, more 4), ``show`` (the table and the panel as text; the panel is
also saved as panel.png in the work folder), ``quit``. The session itself knows no terminal: this
module only lays pieces and presses buttons through the simulated board, as hands would.
"""

from __future__ import annotations

import shlex
import sys
import threading
import time
from pathlib import Path
from typing import Any

from ..lexicon.protocol import Lexicon
from ..store.store import Store
from ..table.link import BoardLink
from ..table.robot import SimRobot
from ..table.session import Session
from ..table.sim import SimBoard, SimError
from ..table.sim_pieces import enroll_sim_sets, virtual_uid
from ..table.tags import TagError, TagRegistry, load_set

HELP = (
    "lay CELL PIECE | lift CELL | press SEAT BUTTON | show | quit   "
    "(CELL: H8 or a number; PIECE: a letter, a piece id or SET:ID; buttons 1 OK, 2 previous, 3 next, 4 more)"
)


def parse_cell(text: str) -> int:
    if text.isdigit():
        return int(text)
    col = ord(text[0].upper()) - ord("A")
    row = int(text[1:]) - 1
    if not (0 <= col < 15 and 0 <= row < 15):
        raise ValueError(f"{text!r} is not a square of the grid (A1 to O15)")
    return row * 15 + col


def run_session(port: str | None, workdir: Path, db: Path | None, interactive: bool, lexicon: Lexicon) -> int:
    """Start the board (the simulated one unless ``port``), the store and the session; read commands."""
    workdir.mkdir(parents=True, exist_ok=True)
    sim = SimBoard(workdir / "sim").start() if port is None else None
    store = Store(db)
    registry = TagRegistry(store.conn)
    if sim is not None:
        enroll_sim_sets(registry)
    robot = SimRobot(sim) if sim is not None else None
    link = BoardLink(sim.port if sim else str(port)).start()
    try:
        link.wait_linked(10)
        session = Session(link, store, lexicon=lexicon, robot=robot)
        stop = threading.Event()
        thread = threading.Thread(target=session.run, args=(stop,), daemon=True)
        thread.start()
        print(
            f"wordtable: the table is running ({'simulated board in ' + str(workdir) if sim else port}); "
            f"the store is {store.path}."
        )
        if not interactive or robot is None:
            if robot is None and interactive:
                print("Play on the table; press Ctrl-C to stop.")
                try:
                    thread.join()
                except KeyboardInterrupt:
                    pass
            stop.set()
            thread.join(timeout=2)
            return 0
        print(HELP)
        for line in sys.stdin:
            words = shlex.split(line)
            if not words:
                continue
            try:
                if words[0] == "quit":
                    break
                if not console_command(words, session, robot, registry, workdir):
                    print(HELP)
            except (ValueError, IndexError, KeyError, TagError, SimError) as exc:
                print(f"? {exc}")
        stop.set()
        thread.join(timeout=2)
        return 0
    finally:
        link.close()
        store.close()
        if sim is not None:
            sim.stop()


def console_command(
    words: list[str], session: Session, robot: SimRobot, registry: TagRegistry, workdir: Path
) -> bool:
    """Carry out one typed command; False when it is not one."""
    cmd = words[0]
    if cmd == "lay" and len(words) == 3:
        cell, piece = parse_cell(words[1]), words[2]
        robot.lay(cell, piece_uid(session, piece))
    elif cmd == "lift" and len(words) == 2:
        robot.lift(parse_cell(words[1]))
    elif cmd == "press" and len(words) == 3:
        before = session.presses_handled
        robot.tap(int(words[1]) - 1, int(words[2]) - 1)
        deadline = time.monotonic() + 2
        while session.presses_handled == before and time.monotonic() < deadline:
            time.sleep(0.01)  # typed fast (or piped): let the session see the press before the next line
    elif cmd == "show":
        view = session.current_view()
        print(f"display: {view}")
        print(
            "table:",
            ", ".join(f"{c}={uid.hex()}" for c, uid in sorted(session.table.settled.items())) or "empty",
        )
        if robot.sim is not None:
            path = workdir / "panel.png"
            robot.sim.panel_image().save(path)
            print(f"panel saved as {path}")
    else:
        return False
    return True


def piece_uid(session: Session, text: str) -> bytes:
    """The simulated tag of a piece named by SET:ID, by id in the game's set, or (tiles) by letter:
    the first tile of that letter on the rack of the player to move."""
    if ":" in text:
        set_name, pid = text.split(":", 1)
        return virtual_uid(set_name, pid)
    if session.adapter is None:
        raise ValueError("start a game first (menu: press 1 1 to choose, 1 3 for the next item)")
    set_name = session.adapter.sets[0]
    pieces = load_set(set_name)
    game: Any = session.game
    if len(text) == 1 and hasattr(game, "racks"):
        rack = game.racks[game.turn]
        want = "?" if text == "?" else text.upper()
        tid = next((t for t in rack if game.tiles[t].letter == want), None)
        if tid is None:
            raise ValueError(f"no {want} on the rack of the player to move")
        return virtual_uid(set_name, str(tid))
    pieces.piece(text)
    return virtual_uid(set_name, text)
