"""A move on the table while the store's disk is full: the session's rule "written before it is shown".
The real firmware on the simulated board, the real session and its store on a tmpfs that fills up:
OK is refused on the display and on the page with the store's message, nothing changes, and the
same OK saves the move once space is back; a restart finds exactly what was shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from wordtable.table.adapters.base import OK
from wordtable.table.robot import SimRobot
from wordtable.table.sim import SimBoard
from wordtable.web.sessionview import session_snapshot

from tests.e2e.table_play import Host, TablePlay, wait_until
from tests.e2e.test_table_crossword import WORDGAME_END, cell, tiles
from tests.e2e.test_table_recovery import pure_game

from .conftest import FAULTS, SmallDisk

pytestmark = pytest.mark.e2e


class DiskTable(TablePlay):
    """A simulated table whose host keeps its store in ``db`` (the board's files stay in ``tmp``)."""

    def __init__(self, tmp: Path, db: Path, **session_args: object) -> None:
        self.tmp, self.db = tmp, db
        self.sim = SimBoard(tmp / "sim").start()
        self.hands = SimRobot(self.sim)
        self.session_args, self.robot_bots = session_args, False
        self.host = Host(self.sim.port, db, None, **session_args)

    def restart_host(self) -> None:
        self.host.close()
        self.host = Host(self.sim.port, self.db, None, **self.session_args)


def test_ok_on_a_full_disk_is_refused_on_the_display_and_the_page_and_works_once_space_is_back(
        tmp_path: Path, small_disk: SmallDisk) -> None:
    t = DiskTable(tmp_path, small_disk.path / "wordtable.db", positions={"wordgame": WORDGAME_END}, seed=3)
    try:
        t.choose_game("wordgame", 0, [0, 0])
        s = t.session
        pure = pure_game()
        for name, tid in zip(("H8", "H9", "H10", "H11"), tiles(pure, 0, "WORD"), strict=True):
            t.lay(cell(name), "wordgame", str(tid))
        small_disk.fill()
        t.press(0, OK)
        view = s.current_view()
        assert view.title == "Not saved" and view.lines[0].startswith("The table cannot save: the disk is full.")
        page = session_snapshot(s)
        assert page["message_kind"] == "error" and "the disk is full" in page["message"]
        assert s.moves == 0 and s.game.scores == [0, 0] and s.game.board.count == 0
        assert s.store.moves(s.game_id) == [] and s.store.game(s.game_id).state["scores"] == [0, 0]
        wait_until(lambda: "beep=220,150,2" in t.hands.control("feedback"), what="the refusal's low double beep")
        small_disk.free()
        t.press(0, OK)
        wait_until(lambda: s.moves == 1, what="the move saved once space is back")
        assert s.game.scores == [10, 0]
        shown = s.game.to_dict()
        t.restart_host()
        s = t.session
        assert s.game.to_dict() == shown
        stored = s.store.moves(s.game_id)
        assert [mv.score["total"] for mv in stored] == [10]
        FAULTS["moves_lost"] += int(sum(mv.score["total"] for mv in stored) != shown["scores"][0])
        assert FAULTS["moves_lost"] == 0
    finally:
        t.close()
