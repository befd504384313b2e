"""The real ``wordtable run`` process against the simulated board: killed with SIGKILL in the middle of
a move and started again, it resumes the game from its store and commits the tiles that were laid
before the kill, which it finds on the table."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from wordtable.ai import crossword_bots
from wordtable.games.wordgame import Wordgame
from wordtable.store.store import Store
from wordtable.table.robot import SimRobot
from wordtable.table.sim import SimBoard
from wordtable.table.sim_pieces import enroll_sim_sets, virtual_uid
from wordtable.table.tags import TagRegistry

from .table_play import enable, wait_until

pytestmark = pytest.mark.e2e


def start_host(port: str, db, home) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "wordtable.cli", "run", "--port", port, "--db", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=home,
    )


def store_row(db):
    with Store(db) as store:
        found = store.restore()
        return None if found is None or found[1] is None else (found[1], len(store.moves(found[1].id)))


def test_a_killed_host_process_resumes_the_game_and_commits_the_tiles_laid_before_the_kill(tmp_path):
    db = tmp_path / "wordtable.db"
    with Store(db) as store:
        enroll_sim_sets(TagRegistry(store.conn), ["wordgame"])
    sim = SimBoard(tmp_path / "sim").start()
    hands = SimRobot(sim)
    host = start_host(sim.port, db, tmp_path)
    try:
        time.sleep(0.5)
        # the menu: wordgame, 2 players, two people, start with the house rules as they are (seat 1's
        # OK five times, once the host shows it)
        wait_until(lambda: sim.panel_refreshes() > 0, timeout=20, what="the host's first screen")
        for _ in range(5):
            hands.tap(0, 0)
            time.sleep(0.4)
        wait_until(lambda: store_row(db) is not None, timeout=10, what="the game in the store")
        row, _ = store_row(db)
        game = Wordgame.from_dict(row.state, enable())
        move = crossword_bots.choose(game, "club").action
        assert move["type"] == "place"
        placements = game.read_placements(move["placements"], 0)
        for p in placements:
            hands.lay(p.square, virtual_uid("wordgame", str(p.tile)))
        time.sleep(0.8)  # the host has seen them settle; OK is not pressed
        os.kill(host.pid, signal.SIGKILL)
        host.wait(timeout=5)
        assert store_row(db)[1] == 0

        shown = sim.panel_refreshes()
        host = start_host(sim.port, db, tmp_path)
        wait_until(lambda: sim.panel_refreshes() > shown, timeout=20, what="the restarted host's screen")
        time.sleep(1.0)  # the snapshot's cells settle
        hands.tap(0, 0)
        wait_until(lambda: store_row(db)[1] == 1, timeout=10, what="the move after the restart")
        row, _ = store_row(db)
        game.apply(move)
        assert row.state["scores"] == game.scores and game.scores[0] > 0
    finally:
        host.kill()
        host.wait(timeout=5)
        sim.stop()


def test_wordtable_run_takes_typed_table_commands_on_the_simulated_board(tmp_path):
    commands = "press 1 1\npress 1 1\npress 1 1\npress 1 1\npress 1 1\nlay H8 blank\nshow\nquit\n"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordtable.cli",
            "run",
            "--workdir",
            str(tmp_path / "run"),
            "--db",
            str(tmp_path / "w.db"),
        ],
        input=commands,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    assert "display: StatusView(game='wordgame'" in out.stdout
    assert "? the wordgame tiles have no piece 'blank'" in out.stdout
    assert (tmp_path / "run" / "panel.png").exists()
