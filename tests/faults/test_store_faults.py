"""The store under real write failures: SQLite's own page limit, a full file system, a read-only
folder, the file deleted or replaced under an open store. Every failed write raises StoreWriteError
with a message a person can act on, and leaves the store exactly as it was; the next write works once
the cause is gone. Game rows that cannot be read are set aside on open; a named file that is not a
store is never touched."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from wordtable.cli import main
from wordtable.games.base import MoveRecord, ScoreBreakdown
from wordtable.store import NotAStoreError, Store, StoreError, StoreWriteError

from .conftest import FAULTS, SmallDisk


def a_game(store: Store) -> int:
    sid = store.start_session()
    return store.start_game(sid, "wordgame", {}, ["Ann", "Bob"], 1, {"turn": 0, "history": []})


def snapshot(path: Path) -> tuple[list[tuple], list[tuple]]:
    conn = sqlite3.connect(path)
    try:
        return (
            conn.execute("SELECT id, state FROM games ORDER BY id").fetchall(),
            conn.execute("SELECT game_id, seq, action FROM moves ORDER BY game_id, seq").fetchall(),
        )
    finally:
        conn.close()


def move(player: int, n: int) -> MoveRecord:
    return MoveRecord(player, {"type": "pass", "n": n}, ScoreBreakdown((), 0))


def test_a_move_past_sqlites_page_limit_is_refused_with_nothing_changed(tmp_path: Path) -> None:
    with Store(tmp_path / "w.db") as s:
        gid = a_game(s)
        s.record_move(gid, move(0, 1), {"turn": 1, "history": [{"action": {"type": "pass", "n": 1}}]})
        before = snapshot(s.path)
        pages = s.conn.execute("PRAGMA page_count").fetchone()[0]
        s.conn.execute(f"PRAGMA max_page_count = {pages}")
        FAULTS["injected"] += 1
        big = {"turn": 0, "history": [], "pad": "x" * 200_000}  # needs pages the file may not grow to
        with pytest.raises(
            StoreWriteError,
            match=r"^The table cannot save: the disk is full\. Free some space "
            r"on the disk that holds .*, then press OK again\.$",
        ):
            s.record_move(gid, move(1, 2), big)
        assert not s.conn.in_transaction
        assert snapshot(s.path) == before
        s.conn.execute("PRAGMA max_page_count = 1073741823")
        assert s.record_move(gid, move(1, 2), big) == 2


def test_a_full_file_system_refuses_the_move_and_the_next_one_is_saved_once_space_is_back(
    small_disk: SmallDisk,
) -> None:
    path = small_disk.path / "w.db"
    with Store(path) as s:
        gid = a_game(s)
        before = snapshot(path)
        small_disk.fill()
        with pytest.raises(StoreWriteError, match="the disk is full"):
            for n in range(50):  # the WAL grows until the file system has no page left for it
                s.record_move(gid, move(n % 2, n), {"turn": n, "history": [], "pad": "y" * 20_000})
                before = snapshot(path)
        assert snapshot(path) == before
        saved = len(before[1])
        small_disk.free()
        assert s.record_move(gid, move(0, 99), {"turn": 99, "history": []}) == saved + 1
    with Store(path) as s:
        assert [m.action["n"] for m in s.moves(gid)][-1] == 99


def test_a_read_only_folder_refuses_the_move_with_a_message(tmp_path: Path, read_only) -> None:
    folder = tmp_path / "data"
    with Store(folder / "w.db") as s:
        gid = a_game(s)
        before = snapshot(s.path)
        read_only(folder)
        with pytest.raises(
            StoreWriteError, match=r"The table cannot save: the folder .*data cannot be written"
        ):
            s.record_move(gid, move(0, 1), {"turn": 1, "history": []})
        read_only(folder, False)
        assert snapshot(s.path) == before
        assert s.record_move(gid, move(0, 1), {"turn": 1, "history": []}) == 1


def test_a_store_in_a_read_only_folder_is_refused_on_open_with_a_message(tmp_path: Path, read_only) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    read_only(folder)
    with pytest.raises(
        StoreError,
        match=r"Cannot use the game store .*w\.db: unable to open database file\. .*"
        r"read-only\? The file was left as it is\.",
    ):
        Store(folder / "w.db")


@pytest.mark.parametrize("how", ["deleted", "replaced by another file"])
def test_a_store_file_deleted_or_replaced_under_an_open_store_refuses_writes(
    tmp_path: Path, how: str
) -> None:
    path = tmp_path / "w.db"
    with Store(path) as s:
        gid = a_game(s)
        FAULTS["injected"] += 1
        path.rename(tmp_path / "moved.db")
        if how != "deleted":
            Store(path).close()
        with pytest.raises(StoreWriteError, match=f"its game store .*w.db was {how} while it was running"):
            s.record_move(gid, move(0, 1), {"turn": 1, "history": []})


def test_a_game_whose_saved_state_is_not_json_is_set_aside_and_the_store_opens(
    tmp_path: Path, capsys
) -> None:
    path = tmp_path / "w.db"
    with Store(path) as s:
        good = a_game(s)
        bad = s.start_game(1, "wordchain", {}, ["A", "B"], 2, {"actions": []})
        listed = s.start_game(1, "wordcard", {}, ["A", "B"], 3, {"actions": []})
        s.record_move(bad, move(0, 1), {"actions": [{"action": {"type": "pass", "n": 1}}]})
        s.conn.execute("UPDATE games SET state = '{\"actions\": [' WHERE id = ?", (bad,))
        s.conn.execute("UPDATE games SET players = '\"A\"' WHERE id = ?", (listed,))
    with Store(path) as s:
        assert [g.id for g in s.history()] == [good]
        assert len(s.notices) == 2
        assert s.notices[0].startswith(f"Game {bad} (wordchain, started ")
        assert (
            "its state is not valid JSON. It was set aside (table games_aside of the same file)"
            in s.notices[0]
        )
        assert "its players has the wrong shape (str)" in s.notices[1]
        kept = s.conn.execute(
            "SELECT game_id, game_row, move_rows FROM games_aside ORDER BY game_id"
        ).fetchall()
        assert [r[0] for r in kept] == [bad, listed]
        assert json.loads(kept[0][1])["state"] == '{"actions": ['
        assert len(json.loads(kept[0][2])) == 1 and s.moves(bad) == []
    assert main(["history", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.split()[0] == str(good) and len(out.strip().splitlines()) == 1


def test_moves_that_disagree_with_their_games_state_are_named_on_open(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    with Store(path) as s:
        gid = a_game(s)
        s.record_move(gid, move(0, 1), {"turn": 1, "history": [{"action": {"type": "pass", "n": 1}}]})
        # a move applied and shown but never stored, then the next one stored with it in its state
        s.record_move(
            gid, move(0, 3), {"turn": 1, "history": [{"action": {"type": "pass", "n": n}} for n in (1, 2, 3)]}
        )
        s.record_move(
            gid,
            move(1, 4),
            {"turn": 1, "history": [{"action": {"type": "pass", "n": n}} for n in (1, 2, 3, 4)]},
        )
    with Store(path) as s:
        assert s.notices == [
            f"Game {gid} (wordgame, started {s.game(gid).started_at}) in {path}: its saved state "
            f"holds 4 moves, which do not end with the 3 moves stored for it. Its scores may not "
            f"add up; finish it or start a new game. (Nothing was changed.)"
        ]
        assert len(s.moves(gid)) == 3


def test_history_on_a_file_that_is_not_a_store_leaves_it_alone(tmp_path: Path, capsys) -> None:
    letter = tmp_path / "letter.txt"
    letter.write_text("Dear Ann,\n" * 300)
    photos = tmp_path / "photos.db"
    conn = sqlite3.connect(photos)
    conn.execute("CREATE TABLE photo (name TEXT)")
    conn.commit()
    conn.close()
    photo_bytes = photos.read_bytes()
    assert main(["history", "--db", str(letter)]) == 2
    err = capsys.readouterr().err
    assert (
        f"{letter} is not a wordtable store, or it is damaged (file is not a database); it was left as it is"
        in err
    )
    assert main(["history", "--db", str(photos)]) == 2
    assert "is an SQLite file of another program, not a wordtable store" in capsys.readouterr().err
    assert letter.read_text() == "Dear Ann,\n" * 300 and photos.read_bytes() == photo_bytes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["letter.txt", "photos.db"]
    with pytest.raises(NotAStoreError):
        Store(tmp_path)
