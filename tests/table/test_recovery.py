"""Recovery at start (table/recovery.py): the store's latest unfinished game comes back with its
players, bots, house rules and state; a finished game or a game this host does not know does not."""

from __future__ import annotations

from wordtable import lexicon
from wordtable.games.registry import get
from wordtable.store.store import Store
from wordtable.table.recovery import latest_unfinished


def test_the_latest_unfinished_game_comes_back_as_it_was_saved(tmp_path):
    lex = lexicon.load()
    with Store(tmp_path / "w.db") as store:
        assert latest_unfinished(store, lex) is None
        sid = store.start_session(layout="standard")
        assert latest_unfinished(store, lex) == (sid, None)
        game = get("wordchain").new(["Ann", "Bot 2"], lexicon=lex, seed=7, options={"target_score": 250})
        options = {"house_rules": {"target_score": 250}, "bots": [None, "club"], "position": None}
        gid = store.start_game(sid, "wordchain", options, ["Ann", "Bot 2"], 7, game.to_dict())
        found = latest_unfinished(store, lex)
        assert found is not None and found[0] == sid
        saved = found[1]
        assert saved is not None and saved.game_id == gid and saved.entry.name == "wordchain"
        assert saved.seats == [("Ann", None), ("Bot 2", "club")] and saved.house_rules == {
            "target_score": 250
        }
        assert saved.game.to_dict() == game.to_dict() and saved.position is None
        store.finish_game(gid, game.to_dict(), {"scores": [0, 0], "winners": [], "reason": ""})
        assert latest_unfinished(store, lex) == (sid, None)


def test_a_game_this_host_does_not_know_is_left_in_the_store(tmp_path):
    with Store(tmp_path / "w.db") as store:
        sid = store.start_session()
        store.start_game(sid, "chess", {}, ["Ann", "Bob"], 1, {})
        assert latest_unfinished(store, lexicon.load()) == (sid, None)
