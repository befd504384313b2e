"""House rules are chosen on the display with the seat buttons before a game, and the game plays by them."""

from __future__ import annotations

import json

import pytest

from .table_play import TablePlay

pytestmark = pytest.mark.e2e


def test_house_rules_chosen_with_the_buttons_are_the_games_options(tmp_path):
    t = TablePlay(tmp_path, seed=5)
    try:
        t.choose_game("wordgame", 0, [0, 0], options={"challenge": "double", "turn_limit_ms": 60000})
        game = t.session.game
        assert game.options.challenge == "double" and game.options.turn_limit_ms == 60000
        stored = t.session.store.conn.execute("SELECT options FROM games WHERE id = ?", (t.session.game_id,)).fetchone()
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
