"""The SQLite store: real games saved move by move and restored after a restart, history and export,
schema versions, and a corrupt file kept aside with a message instead of lost."""

from __future__ import annotations

import json
import sqlite3

import pytest
from wordtable.cli import main
from wordtable.games.gcg import export_gcg
from wordtable.games.wordchain import WordchainGame
from wordtable.games.wordgame import Wordgame
from wordtable.store import SCHEMA_VERSION, Store, StoreError
from wordtable.store.export import game_gcg, game_json

OPENING = [
    {"cell": "H8", "letter": "P"},
    {"cell": "H9", "letter": "R"},
    {"cell": "H10", "letter": "E"},
    {"cell": "H11", "letter": "S"},
    {"cell": "H12", "letter": "S"},
]


def new_wordgame(enable) -> Wordgame:
    game = Wordgame(["Ann", "Bob"], lexicon=enable, seed=3)
    assert game.rack_letters(0) == "ERPDJSNS"  # the opening below needs this rack
    return game


def play(store: Store, gid: int, game, action: dict) -> int:
    record = game.apply(action)
    return store.record_move(gid, record, game.to_dict())


def test_a_new_store_uses_wal_and_the_current_schema(tmp_path):
    with Store(tmp_path / "w.db") as s:
        assert s.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert s.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {r[0] for r in s.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables >= {"sessions", "games", "moves", "tags"}
        assert s.recovered is None


def test_default_location_is_the_wordtable_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDTABLE_HOME", str(tmp_path / "home"))
    with Store() as s:
        assert s.path == tmp_path / "home" / "wordtable.db" and s.path.exists()


def test_a_game_saved_move_by_move_is_restored_exactly_after_a_restart(tmp_path, enable):
    path = tmp_path / "w.db"
    game = new_wordgame(enable)
    with Store(path) as s:
        sid = s.start_session(layout="standard")
        gid = s.start_game(sid, game.name, game.options.to_dict(), ["Ann", "Bob"], game.seed, game.to_dict())
        assert play(s, gid, game, {"type": "place", "placements": OPENING}) == 1
        assert play(s, gid, game, {"type": "pass"}) == 2
    # the host restarts
    with Store(path) as s:
        session, row = s.restore()
        assert session.id == sid and session.layout == "standard" and row.id == gid
        restored = Wordgame.from_dict(row.state, enable)
        assert restored.to_dict() == game.to_dict()
        assert restored.scores == [16, 0] and restored.turn == 0
        moves = s.moves(gid)
        assert [(m.seq, m.player, m.action["type"]) for m in moves] == [(1, 0, "place"), (2, 1, "pass")]
        assert moves[0].score["total"] == 16 and moves[0].action["words"] == ["PRESS"]
        assert moves[1].score == {"lines": [], "total": 0}


def test_restore_skips_ended_sessions_and_finished_games(tmp_path):
    with Store(tmp_path / "w.db") as s:
        assert s.restore() is None
        old = s.start_session()
        s.end_session(old)
        assert s.restore() is None
        sid = s.start_session()
        assert s.restore() == (s.session(sid), None)
        gid = s.start_game(sid, "wordgame", {}, ["A", "B"], 1, {"turn": 0})
        s.finish_game(gid, {"turn": 0}, {"scores": [1, 2]})
        assert s.restore() == (s.session(sid), None)


def test_a_move_that_fails_to_save_leaves_nothing_half_written(tmp_path):
    with Store(tmp_path / "w.db") as s:
        sid = s.start_session()
        gid = s.start_game(sid, "wordgame", {}, ["A", "B"], 1, {"turn": 0})
        from wordtable.games.base import MoveRecord

        with pytest.raises(TypeError):
            s.record_move(gid, MoveRecord(0, {"type": "pass"}), {"bad": object()})
        assert s.moves(gid) == [] and s.game(gid).state == {"turn": 0}
        s.record_move(gid, MoveRecord(0, {"type": "pass"}), {"turn": 1})
        s.finish_game(gid, {"turn": 1}, {"scores": [0, 0]})
        with pytest.raises(StoreError, match=r"game 1 finished at .*; it cannot change any more"):
            s.record_move(gid, MoveRecord(1, {"type": "pass"}), {"turn": 0})
        assert len(s.moves(gid)) == 1
        with pytest.raises(StoreError, match=r"there is no game 99 in .*w.db"):
            s.game(99)


def test_a_corrupt_file_is_kept_aside_and_a_fresh_store_started(tmp_path):
    path = tmp_path / "w.db"
    garbage = b"this is not a database, it is a shopping list\n" * 200
    path.write_bytes(garbage)
    with Store(path, own=True) as s:
        assert s.recovered is not None
        aside = list(tmp_path.glob("w.db.corrupt-*"))
        assert len(aside) == 1 and aside[0].read_bytes() == garbage
        assert str(path) in s.recovered and str(aside[0]) in s.recovered
        assert "kept as" in s.recovered and "new, empty store" in s.recovered
        assert s.start_session() == 1


def test_a_damaged_page_is_detected_and_the_file_kept_aside(tmp_path):
    path = tmp_path / "w.db"
    with Store(path) as s:
        sid = s.start_session()
        for i in range(200):
            s.start_game(sid, "wordgame", {}, ["A", "B"], i, {"pad": "x" * 500})
        s.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    data[4096 * 3 : 4096 * 3 + 64] = b"\xff" * 64  # scribble over an interior page
    path.write_bytes(bytes(data))
    with Store(path, own=True) as s:
        assert s.recovered is not None and "could not be read" in s.recovered
        assert s.history() == []
    assert len(list(tmp_path.glob("w.db.corrupt-*"))) == 1


def test_a_store_from_a_newer_wordtable_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "w.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(
        StoreError,
        match=rf"written by a newer wordtable \(schema version {SCHEMA_VERSION + 1}; "
        rf"this one knows up to {SCHEMA_VERSION}\)",
    ):
        Store(path)
    assert path.read_bytes() == before and not list(tmp_path.glob("*.corrupt-*"))


def test_history_lists_the_newest_games_first(tmp_path):
    with Store(tmp_path / "w.db") as s:
        sid = s.start_session()
        ids = [s.start_game(sid, g, {}, ["A", "B"], 0, {}) for g in ("wordgame", "wordchain", "wordability")]
        s.finish_game(ids[1], {}, {"scores": [5, 7]})
        assert [g.id for g in s.history()] == ids[::-1]
        assert [g.id for g in s.history(finished_only=True)] == [ids[1]]
        assert [g.game for g in s.games(sid)] == ["wordgame", "wordchain", "wordability"]


def finished_wordgame(store: Store, enable) -> tuple[int, Wordgame]:
    game = new_wordgame(enable)
    sid = store.start_session()
    gid = store.start_game(sid, game.name, game.options.to_dict(), ["Ann", "Bob"], game.seed, game.to_dict())
    play(store, gid, game, {"type": "place", "placements": OPENING})
    record = game.apply({"type": "agree_end"})
    store.record_move(gid, record, game.to_dict())
    assert game.is_over()
    store.finish_game(gid, game.to_dict(), {"scores": game.scores, "winners": game.winners()})
    return gid, game


def test_a_finished_game_exports_as_json_and_gcg(tmp_path, enable):
    with Store(tmp_path / "w.db") as s:
        gid, game = finished_wordgame(s, enable)
        doc = game_json(s, gid)
        assert doc["format"] == "wordtable-game" and doc["game"] == "wordgame"
        assert doc["players"] == ["Ann", "Bob"] and doc["result"]["scores"] == game.scores
        assert [m["action"]["type"] for m in doc["moves"]] == ["place", "agree_end"]
        assert Wordgame.from_dict(doc["state"], enable).to_dict() == game.to_dict()
        json.dumps(doc)  # plain JSON
        gcg = game_gcg(s, gid, enable)
        assert gcg == export_gcg(game)
        assert ">Ann: " in gcg and "PRESS +16 16" in gcg


def test_unfinished_and_non_crossword_games_are_not_exported_as_gcg(tmp_path, enable):
    with Store(tmp_path / "w.db") as s:
        sid = s.start_session()
        chain = WordchainGame(["Ann", "Bob"], seed=1, lexicon=enable)
        gid = s.start_game(sid, "wordchain", {}, ["Ann", "Bob"], 1, chain.to_dict())
        with pytest.raises(StoreError, match=r"game 1 \(wordchain\) is not finished yet"):
            game_json(s, gid)
        s.finish_game(gid, chain.to_dict(), {"scores": chain.scores})
        with pytest.raises(
            StoreError, match=r"GCG records crossword games \(wordability, wordgame\); game 1 is wordchain"
        ):
            game_gcg(s, gid, enable)
        assert game_json(s, gid)["game"] == "wordchain"


def test_history_and_export_commands(tmp_path, enable, capsys):
    db = tmp_path / "w.db"
    with Store(db) as s:
        gid, game = finished_wordgame(s, enable)
    assert main(["history", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.split()[0] == str(gid)
    assert out.split()[2:4] == ["wordgame", "finished"]
    assert f"Ann {game.scores[0]}, Bob {game.scores[1]}" in out
    target = tmp_path / "game.json"
    assert main(["history", "--db", str(db), "export", str(gid), "--out", str(target)]) == 0
    assert json.loads(target.read_text())["result"]["scores"] == game.scores
    capsys.readouterr()
    assert main(["history", "--db", str(db), "export", "7"]) == 2
    assert "there is no game 7" in capsys.readouterr().err


def test_a_store_locked_by_another_writer_is_reported_not_corrupted(tmp_path):
    path = tmp_path / "w.db"
    with Store(path) as s:
        s.conn.execute("PRAGMA busy_timeout = 50")
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(
                StoreError, match=r"Cannot write to the game store .*w.db: database is locked"
            ):
                s.start_session()
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert s.start_session() == 1
    assert not list(tmp_path.glob("*.corrupt-*"))
