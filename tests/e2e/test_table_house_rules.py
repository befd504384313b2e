"""House rules are chosen on the display with the seat buttons before a game, and the game plays by them."""

from __future__ import annotations

import json

import pytest

from .table_play import TablePlay, wait_until

pytestmark = pytest.mark.e2e


def test_house_rules_chosen_with_the_buttons_are_the_games_options(tmp_path):
    t = TablePlay(tmp_path, seed=5)
    try:
        t.choose_game("wordgame", 0, [0, 0], options={"challenge": "double", "turn_limit_ms": 60000})
        game = t.session.game
        assert game.options.challenge == "double" and game.options.turn_limit_ms == 60000
        stored = t.session.store.conn.execute(
            "SELECT options FROM games WHERE id = ?", (t.session.game_id,)
        ).fetchone()
        assert json.loads(stored[0])["game_options"]["challenge"] == "double"  # saved with the game
    finally:
        t.close()


def test_a_card_game_on_the_simulated_table_defaults_to_the_table_naming_the_cards(tmp_path):
    t = TablePlay(tmp_path, seed=5)
    try:
        t.choose_game("wordchain", 0, [0, 0], options={"target_score": 100, "scoring": "simple"})
        opts = t.session.game.options
        assert (opts.target_score, opts.scoring, opts.deal) == (100, "simple", "host")
    finally:
        t.close()


def test_a_rematch_keeps_the_players_and_the_house_rules(tmp_path):
    from wordtable.display.views import MenuView
    from wordtable.table.adapters.base import MORE, NEXT, OK

    t = TablePlay(tmp_path, seed=5)
    try:
        t.choose_game("wordgame", 0, [0, 0], options={"challenge": "five-point"})
        first = t.session.game_id
        t.press(0, MORE)  # the seat menu
        view = t.session.view
        assert isinstance(view, MenuView)
        target = next(i for i, item in enumerate(view.items) if item.startswith("end the game"))
        for _ in range(target):
            t.press(0, NEXT)
        t.press(0, OK)
        wait_until(lambda: t.session.state == "result", what="the result screen")
        t.press(0, OK)  # play again
        wait_until(lambda: t.session.state == "play" and t.session.game_id != first, what="the rematch")
        assert t.session.game.options.challenge == "five-point"
        assert [s.name for s in t.session.seats] == ["Player 1", "Player 2"]
    finally:
        t.close()
