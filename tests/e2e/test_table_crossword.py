"""wordgame and Wordability played on the simulated table, only through tags laid on cells and seat
buttons; the final scores are checked against the same actions replayed on a pure game object."""

from __future__ import annotations

import pytest
from wordtable.games.registry import game_from_position
from wordtable.table.adapters.base import MORE, NEXT, OK

from .table_play import TablePlay, enable, wait_until

pytestmark = pytest.mark.e2e

EMPTY = ["." * 15] * 15
# Near the end of a game: the bag is empty, so the second player goes out on her first move.
WORDGAME_END = {"board": EMPTY, "racks": ["WORDS", "TEA?"], "bag": "", "scores": [0, 0], "turn": 0, "seed": 1}
PLAYERS = ["Player 1", "Player 2"]


def cell(name: str) -> int:
    """The table cell of a board square (the standard layout maps the board onto the grid one to one)."""
    col = ord(name[0]) - ord("A")
    return (int(name[1:]) - 1) * 15 + col


def tiles(game, player: int, letters: str) -> list[int]:
    free = list(game.racks[player])
    out = []
    for ch in letters:
        t = next(t for t in free if game.tiles[t].letter == ch)
        free.remove(t)
        out.append(t)
    return out


@pytest.fixture
def wordgame_table(tmp_path):
    t = TablePlay(tmp_path, positions={"wordgame": WORDGAME_END}, seed=3)
    yield t
    t.close()


def test_wordgame_is_played_with_tags_and_buttons_and_ends_with_the_rules_scores(wordgame_table):
    t = wordgame_table
    t.choose_game("wordgame", 0, [0, 0])
    pure = game_from_position(dict(WORDGAME_END, game="wordgame", players=PLAYERS), enable())
    s = t.session
    assert s.game.racks == pure.racks

    # Player 1 (seat 1): WORD down from H8; an S laid and lifted again before OK is not part of the move.
    w, o, r, d, s_tile = tiles(pure, 0, "WORDS")
    for name, tid in zip(["H8", "H9", "H10", "H11", "H12"], [w, o, r, d, s_tile], strict=True):
        t.lay(cell(name), "wordgame", str(tid))
    t.lift(cell("H12"))
    t.press(0, OK)
    wait_until(lambda: s.moves == 1, what="WORD committed")
    wait_until(lambda: "beep=1760,60,1" in t.hands.control("feedback"), what="the valid-move beep")
    assert "led=0,0,255,0,2,300" in t.hands.control("feedback")  # seat 1 blinks green
    pure.apply(
        {
            "type": "place",
            "placements": [
                {"cell": c, "letter": ch} for c, ch in zip(["H8", "H9", "H10", "H11"], "WORD", strict=True)
            ],
        }
    )

    # Player 2 (seat 3): a blank, A, T, E down from G7; the display asks the blank's letter: B (BATE).
    blank, a, t_, e = tiles(pure, 1, "?ATE")
    for name, tid in zip(["G7", "G8", "G9", "G10"], [blank, a, t_, e], strict=True):
        t.lay(cell(name), "wordgame", str(tid))
    t.press(2, OK)
    assert s.adapter.modal is not None and s.current_view().title == "Blank on G7: which letter?"
    t.press(2, NEXT)
    t.press(2, OK)
    wait_until(lambda: s.state == "result", what="the game's end")
    pure.apply(
        {
            "type": "place",
            "placements": [
                {"cell": "G7", "letter": "b"},
                {"cell": "G8", "letter": "A"},
                {"cell": "G9", "letter": "T"},
                {"cell": "G10", "letter": "E"},
            ],
        }
    )
    assert pure.is_over()
    assert s.game.scores == pure.scores == [9, 13]
    assert s.game.history[-3].action["words"] == ["BATE", "AW", "TO", "ER"]
    row = s.store.game(s.game_id)
    assert row.finished and row.result["scores"] == pure.scores
    assert [mv.action["type"] for mv in s.store.moves(s.game_id)][:2] == ["place", "place"]
    assert s.current_view().__class__.__name__ == "ResultView"
    # OK on the result screen plays again with the same players
    t.press(0, MORE)
    wait_until(lambda: s.state == "menu", what="back to the menu")


def test_a_bot_plays_its_move_through_the_robot_on_the_simulated_table(tmp_path):
    from wordtable.ai import crossword_bots

    t = TablePlay(tmp_path, robot_bots=True, positions={"wordgame": WORDGAME_END}, seed=3)
    try:
        t.choose_game("wordgame", 0, [0, 2])  # Player 1 a person, player 2 a club bot
        s = t.session
        pure = game_from_position(
            dict(WORDGAME_END, game="wordgame", players=["Player 1", "Bot 2"]), enable()
        )
        w, o, r, d = tiles(pure, 0, "WORD")
        for name, tid in zip(["H8", "H9", "H10", "H11"], [w, o, r, d], strict=True):
            t.lay(cell(name), "wordgame", str(tid))
        t.press(0, OK)
        pure.apply(
            {
                "type": "place",
                "placements": [
                    {"cell": c, "letter": ch}
                    for c, ch in zip(["H8", "H9", "H10", "H11"], "WORD", strict=True)
                ],
            }
        )
        bot = crossword_bots.choose(pure, "club")
        wait_until(lambda: s.state == "result", timeout=20, what="the bot's move and the end")
        pure.apply(bot.action)
        assert s.game.scores == pure.scores
        laid = {p["cell"] for p in s.game.history[1].action["placements"]}
        assert laid == {p["cell"] for p in bot.action["placements"]}
        # the robot laid the bot's tiles on the simulated table itself
        assert {cell(c) for c in laid} <= set(t.sim.world())
    finally:
        t.close()
