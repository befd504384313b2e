"""A move of the whole table (no player: WordSnake's close_hand) is shown as the table's, not as the
last player's."""

from __future__ import annotations

from wordtable.display.views import status_from_game
from wordtable.games.wordsnake import WordsnakeGame, WordsnakeOptions


def test_closing_a_wordsnake_hand_is_shown_as_the_tables_move_not_the_last_players(enable):
    g = WordsnakeGame(["Ann", "Bob", "Cy"], seed=2, lexicon=enable, options=WordsnakeOptions(hands=2))
    g.apply({"type": "go"}, 0)
    for seat in range(3):
        g.apply({"type": "pass", "player": seat}, 10 + seat)
    g.apply({"type": "close_hand"}, 20)
    view = status_from_game(g, "WordSnake")
    assert view.last is not None and view.last.player == "Table" and view.last.summary == "hand closed"
