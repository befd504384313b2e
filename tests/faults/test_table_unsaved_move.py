"""A move on the table that the store cannot write: the session's rule "written before it is shown".
The real firmware on the simulated board, the real session, and its store on a tmpfs that fills up,
in a folder made immutable, or deleted under it: OK is refused on the display and on the page with the
store's message, nothing changes, and the same OK saves the move once the cause is gone; a restart
finds exactly what was shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass
class Fault:
    """Where the store lives, how the fault is made and undone, and what the display must say."""

    db: Path
    make: Callable[[], None]
    undo: Callable[[], None]
    says: str


@pytest.fixture(params=["disk full", "read-only folder", "store file deleted"])
def fault(request: pytest.FixtureRequest, tmp_path: Path) -> Fault:
    if request.param == "disk full":
        disk: SmallDisk = request.getfixturevalue("small_disk")
        return Fault(
            disk.path / "wordtable.db", disk.fill, disk.free, "The table cannot save: the disk is full."
        )
    data = tmp_path / "data"
    data.mkdir()
    db = data / "wordtable.db"
    if request.param == "read-only folder":
        read_only = request.getfixturevalue("read_only")
        return Fault(
            db,
            lambda: read_only(data),
            lambda: read_only(data, False),
            f"The table cannot save: the folder {data} cannot be written",
        )

    def delete() -> None:
        FAULTS["injected"] += 1
        db.rename(data / "moved.db")

    return Fault(
        db,
        delete,
        lambda: (data / "moved.db").rename(db),
        f"The table cannot save: its game store {db} was deleted while it was running.",
    )


def test_ok_that_cannot_be_saved_is_refused_on_the_display_and_the_page_and_works_once_the_cause_is_gone(
    tmp_path: Path, fault: Fault
) -> None:
    t = DiskTable(tmp_path, fault.db, positions={"wordgame": WORDGAME_END}, seed=3)
    try:
        t.choose_game("wordgame", 0, [0, 0])
        s = t.session
        pure = pure_game()
        for name, tid in zip(("H8", "H9", "H10", "H11"), tiles(pure, 0, "WORD"), strict=True):
            t.lay(cell(name), "wordgame", str(tid))
        fault.make()
        t.press(0, OK)
        view = s.current_view()
        assert view.title == "Not saved" and view.lines[0].startswith(fault.says), view
        page = session_snapshot(s)
        assert page["message_kind"] == "error" and fault.says in page["message"]
        assert s.moves == 0 and s.game.scores == [0, 0] and s.game.board.count == 0
        assert s.store.moves(s.game_id) == [] and s.store.game(s.game_id).state["scores"] == [0, 0]
        wait_until(
            lambda: "beep=220,150,2" in t.hands.control("feedback"), what="the refusal's low double beep"
        )
        fault.undo()
        t.press(0, OK)
        wait_until(lambda: s.moves == 1, what="the move saved once the cause is gone")
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
