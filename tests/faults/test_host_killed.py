"""The host process killed at random points of play (SIGKILL: no goodbye, as a power cut): after each
restart what the page and the display showed before the kill is exactly what the store holds, and
the restarted page shows the store's game. The real ``wordtable serve`` mirrors the simulated board
(``--port``, ``--control``); the test's hands lay the tiles and press OK on the board itself."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from wordtable.ai import crossword_bots
from wordtable.games.wordgame import Wordgame
from wordtable.store.store import Store
from wordtable.table.layout import load_layout
from wordtable.table.robot import SimRobot
from wordtable.table.sim import SimBoard
from wordtable.table.sim_pieces import enroll_sim_sets, virtual_uid
from wordtable.table.tags import TagRegistry

from tests.e2e.table_play import enable, wait_until

from .conftest import FAULTS

pytestmark = pytest.mark.e2e

BIN = Path(sys.executable).parent
KILLS = 6
SEATS = load_layout("standard").for_game("wordgame", 2).seats


class Serve:
    """``wordtable serve`` on the board's port, with its page's URL."""

    def __init__(self, port: str, db: Path, workdir: Path) -> None:
        self.proc = subprocess.Popen(
            [
                str(BIN / "wordtable"),
                "serve",
                "--port",
                port,
                "--db",
                str(db),
                "--workdir",
                str(workdir),
                "--http-port",
                "0",
                "--control",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=workdir,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert " is at http://127.0.0.1:" in line, line
        self.url = line.split(" is at ", 1)[1].strip()

    def state(self) -> dict[str, Any]:
        with urllib.request.urlopen(self.url + "api/state", timeout=10) as r:
            return json.loads(r.read())

    def snapshot(self) -> dict[str, Any]:
        return self.state()["session"] or {}

    def table_cells(self) -> list[int]:
        """The cells the host has read pieces on (the link's mirror of the board)."""
        return [int(c) for c in self.state()["cells"]]

    def kill(self) -> None:
        FAULTS["injected"] += 1
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)


def stored(db: Path) -> tuple[dict[str, Any], int]:
    """The store's unfinished game: its state and how many moves it holds."""
    with Store(db) as store:
        found = store.restore()
        assert found is not None and found[1] is not None
        return found[1].state, len(store.moves(found[1].id))


def test_a_host_killed_at_random_points_shows_after_each_restart_exactly_what_the_store_holds(
    tmp_path: Path,
) -> None:
    rng = random.Random(14)
    db = tmp_path / "wordtable.db"
    with Store(db) as store:
        enroll_sim_sets(TagRegistry(store.conn), ["wordgame"])
    sim = SimBoard(tmp_path / "sim").start()
    hands = SimRobot(sim)
    host = Serve(sim.port, db, tmp_path)
    try:
        # the menu: wordgame, 2 players, two people, start with the house rules as they are
        for _ in range(5):
            before = host.snapshot().get("menu")
            hands.tap(0, 0)
            wait_until(
                lambda b=before: host.snapshot().get("menu") != b or host.snapshot().get("state") == "play",
                timeout=20,
                what="the menu's next step",
            )
        wait_until(lambda: host.snapshot().get("state") == "play", timeout=20, what="the game")
        for _ in range(KILLS):
            state, count = stored(db)
            game = Wordgame.from_dict(state, enable())
            board = set(game.board.occupied())
            if not any(cell not in board for cell in sim.world()):  # nothing pending: lay the next move
                move = crossword_bots.choose(game, "club").action
                assert move["type"] == "place", move
                for p in game.read_placements(move["placements"], game.turn):
                    hands.lay(p.square, virtual_uid("wordgame", str(p.tile)))
            shown = host.snapshot()
            if rng.random() < 0.8:  # most kills come after OK, at a random moment of the move's way
                hands.tap(SEATS[game.turn], 0)
                deadline = time.monotonic() + rng.uniform(0.0, 1.2)
                while time.monotonic() < deadline:
                    shown = host.snapshot()
            host.kill()
            state, count = stored(db)
            # nothing the page (and the display: the page shows the session's own view) showed is lost
            lost = max(0, len(shown.get("history", [])) - count)
            FAULTS["moves_lost"] += lost
            assert lost == 0, f"the page showed {len(shown['history'])} moves; the store holds {count}"
            host = Serve(sim.port, db, tmp_path)
            wait_until(
                lambda h=host: h.snapshot().get("state") == "play", timeout=20, what="the restarted game"
            )
            after = host.snapshot()
            assert len(after["history"]) == count
            assert [p["score"] for p in after["players"]] == state["scores"]
            if len(shown.get("history", [])) == count:
                assert [p["score"] for p in shown["players"]] == state["scores"]
            # a move laid but not saved is pending on the table; the next OK commits it, and the page shows it
            restored = Wordgame.from_dict(state, enable())
            if any(cell not in set(restored.board.occupied()) for cell in sim.world()):
                # as a person would: once the restarted host shows the pieces on the table, OK; pressed
                # while it was still reading the table, OK says "not yet", and a second press commits
                wait_until(
                    lambda h=host: set(h.table_cells()) == set(sim.world()), timeout=20, what="the table read"
                )
                for _press in range(2):
                    hands.tap(SEATS[restored.turn], 0)
                    try:
                        wait_until(
                            lambda c=count: stored(db)[1] == c + 1,
                            timeout=10,
                            what="the pending move committed",
                        )
                        break
                    except AssertionError:
                        if _press:
                            raise
                wait_until(
                    lambda c=count, h=host: len(h.snapshot()["history"]) == c + 1, what="the page showing it"
                )
        final_state, final_count = stored(db)
        assert final_count >= KILLS // 2
        print(f"host killed {KILLS} times; {final_count} moves stored, none lost")
    finally:
        host.proc.kill()
        host.proc.wait(timeout=5)
        sim.stop()
