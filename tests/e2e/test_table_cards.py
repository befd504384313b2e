"""The card games played on the simulated table, only through tags laid on cells and seat buttons;
final scores are checked against the same actions replayed on a pure game object. Each starts from a
position (docs/table.md, "Positions") so the game ends after a few moves."""

from __future__ import annotations

import pytest
from wordtable.games.wordchain import WordchainGame, WordchainOptions
from wordtable.table.adapters.base import MORE, OK

from .table_play import TablePlay, enable, wait_until

pytestmark = pytest.mark.e2e

# WORDCHAIN: the game ends at 50 points, so KNOP (56 points) on the link K♣9 wins it.
WORDCHAIN_END = {"options": {"target_score": 50}, "hands": [["N♥7", "O♦1", "P♣8"], ["E♥1", "A♠1", "T♦2"]],
                 "link": "K♣9", "current": 1}
LINK, CHAIN = 7 * 15, 7 * 15 + 1  # the standard layout: grid row 8, column 1, and the rest of the row


def test_wordchain_is_played_with_cards_and_buttons_and_ends_at_the_target(tmp_path):
    t = TablePlay(tmp_path, positions={"wordchain": WORDCHAIN_END}, seed=5)
    try:
        t.choose_game(2, 0, [0, 0])
        s = t.session
        pure = WordchainGame(["Player 1", "Player 2"], seed=s.game.seed, lexicon=enable(),
                             options=WordchainOptions(target_score=50))
        pure.set_position(WORDCHAIN_END["hands"], WORDCHAIN_END["link"], None, 1)
        ids = {c.face: c.id for h in pure.hands for c in h.cards}
        # the link card is not on the table yet: the display asks for it, and OK is refused
        t.settled()
        assert s.current_view().lines[0].startswith("The link card K♣9 belongs on the link place")
        t.lay(LINK, "wordchain", pure.link.id)
        # Player 2 (seat 3) passes from the seat menu
        t.buttons(2, MORE, OK)
        wait_until(lambda: s.moves == 1, what="the pass")
        pure.apply({"type": "pass", "player": 1})
        # Player 1 lays N O P after the link: KNOP, OK; then OK again and OK on the suggested draw
        for i, face in enumerate(["N♥7", "O♦1", "P♣8"]):
            t.lay(CHAIN + i, "wordchain", ids[face])
        t.press(0, OK)
        wait_until(lambda: s.moves == 2, what="KNOP")
        pure.apply({"type": "word", "player": 0, "cards": ["@", "#" + ids["N♥7"], "#" + ids["O♦1"], "#" + ids["P♣8"]]})
        t.buttons(0, OK, OK)
        wait_until(lambda: s.state == "result", what="the end of the game")
        draw = s.store.moves(s.game_id)[-1].action
        assert draw["type"] == "draw"
        pure.apply({k: v for k, v in draw.items()})
        assert pure.is_over() and s.game.scores == pure.scores == [56, 0]
        assert s.store.game(s.game_id).result["winners"] == [0]
    finally:
        t.close()
