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
WORDCHAIN_END = {
    "options": {"target_score": 50},
    "hands": [["N♥7", "O♦1", "P♣8"], ["E♥1", "A♠1", "T♦2"]],
    "link": "K♣9",
    "current": 1,
}
LINK, CHAIN = 7 * 15, 7 * 15 + 1  # the standard layout: grid row 8, column 1, and the rest of the row


def test_wordchain_is_played_with_cards_and_buttons_and_ends_at_the_target(tmp_path):
    t = TablePlay(tmp_path, positions={"wordchain": WORDCHAIN_END}, seed=5)
    try:
        t.choose_game("wordchain", 0, [0, 0])
        s = t.session
        pure = WordchainGame(
            ["Player 1", "Player 2"],
            seed=s.game.seed,
            lexicon=enable(),
            options=WordchainOptions(target_score=50),
        )
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
        pure.apply(
            {
                "type": "word",
                "player": 0,
                "cards": ["@", "#" + ids["N♥7"], "#" + ids["O♦1"], "#" + ids["P♣8"]],
            }
        )
        t.buttons(0, OK, OK)
        wait_until(lambda: s.state == "result", what="the end of the game")
        draw = s.store.moves(s.game_id)[-1].action
        assert draw["type"] == "draw"
        pure.apply({k: v for k, v in draw.items()})
        assert pure.is_over() and s.game.scores == pure.scores == [56, 0]
        assert s.store.game(s.game_id).result["winners"] == [0]
    finally:
        t.close()


# WordSnake: one hand (the game option hands=1); Ann's hand makes TOPS SHELL LOWING, Bob has CATS SNAKE
# ENJOY and an R.
ANN_SNAKE = ["T2", "O2", "P3", "S2", "H3", "E2", "L2", "L2", "O2", "W4", "I2", "N2", "G3"]
BOB_HAND = ["C3", "A2", "T2", "S2", "N2", "A2", "K5", "E2", "N2", "J8", "O2", "Y4", "R2"]
CENTRE = ["W4", "E2", "A2", "U3", "O2", "F4", "I2", "R2", "X8"]
WORDSNAKE_ONE_HAND = {"options": {"hands": 1}, "hands": [ANN_SNAKE, BOB_HAND], "centre": CENTRE}
CENTRE_CELLS = [r * 15 + c for r in (6, 7, 8) for c in (6, 7, 8)]


def lane(seat: int, k: int) -> int:
    return 225 + 24 * seat + k


def test_wordsnake_is_played_at_once_with_stop_and_ends_with_the_hand_scores(tmp_path):
    from wordtable.games.wordsnake import WordsnakeGame, WordsnakeOptions

    t = TablePlay(tmp_path, positions={"wordsnake": WORDSNAKE_ONE_HAND}, seed=7)
    try:
        t.choose_game("wordsnake", 0, [0, 0])
        s = t.session
        pure = WordsnakeGame(
            ["Player 1", "Player 2"], seed=s.game.seed, options=WordsnakeOptions(hands=1), lexicon=enable()
        )
        pure.set_position([ANN_SNAKE, BOB_HAND], CENTRE)
        assert [h.faces() for h in s.game.hands] == [h.faces() for h in pure.hands]
        for cell, card in zip(CENTRE_CELLS, pure.centre, strict=True):
            t.lay(cell, "wordsnake", card.id)
        t.press(2, OK)  # GO!
        assert s.game.phase == "play"
        ann, bob = pure.hands[0].cards, pure.hands[1].cards
        for k, card in enumerate(bob[:8]):  # CATSNAKE
            t.lay(lane(2, k), "wordsnake", card.id)
        for k, card in enumerate(ann):
            t.lay(lane(0, k), "wordsnake", card.id)
        t.press(0, OK)  # Ann: Stop!
        wait_until(lambda: s.game.phase == "verify", what="the Stop!")
        t.press(2, OK)  # Bob lets it stand
        wait_until(lambda: s.game.phase == "ended", what="the hand's end")
        t.press(2, OK)  # the scores are final
        wait_until(lambda: s.state == "result", what="the end of the game")
        pure.apply({"type": "go"}, 0)
        pure.apply({"type": "snake", "player": 1, "cards": ["#" + c.id for c in bob[:8]]}, 1000)
        pure.apply({"type": "snake", "player": 0, "cards": ["#" + c.id for c in ann]}, 2000)
        pure.apply({"type": "stop", "player": 0}, 3000)
        pure.apply({"type": "accept"}, 3000)
        pure.apply({"type": "close_hand"}, 3000)
        assert pure.is_over()
        assert s.game.scores == pure.scores
        assert s.game.scores[0] > 0 and s.game.snakes[1].cards == pure.snakes[1].cards
        stop = next(mv for mv in s.store.moves(s.game_id) if mv.action["type"] == "stop")
        snakes = [mv for mv in s.store.moves(s.game_id) if mv.action["type"] == "snake"]
        assert all(mv.now_ms <= stop.now_ms for mv in snakes)  # the board's button time orders the Stop!
    finally:
        t.close()


# WORDCARD (the WORDCARD type of game, one deal): Ann takes the E♠6, lays TOWNS and ATE and goes out by
# discarding the Z♠K.
ANN_CARDS = ["T♦1", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"]
BOB_CARDS = ["E♠2", "A♥2", "O♦2", "U♣2", "R♠2", "T♥2", "L♦2", "S♣2"]
WORDCARD_OPTIONS = {"game_type": "wordcard", "words_within_words": False, "hand_size": 8, "dealer": 0}
WORDCARD_OUT = {"options": WORDCARD_OPTIONS, "hands": [ANN_CARDS, BOB_CARDS], "stock": ["E♠6"]}
DISCARD = 7 * 15 + 7


def test_wordcard_is_played_with_rows_and_the_discard_place_and_ends_with_the_deal_scores(tmp_path):
    from wordtable.games.wordcard import WordcardGame, WordcardOptions

    t = TablePlay(tmp_path, positions={"wordcard": WORDCARD_OUT}, seed=9)
    try:
        t.choose_game("wordcard", 0, [0, 0])
        s = t.session
        pure = WordcardGame(
            ["Player 1", "Player 2"],
            seed=s.game.seed,
            options=WordcardOptions(**WORDCARD_OPTIONS),
            lexicon=enable(),
        )
        pure.set_position([ANN_CARDS, BOB_CARDS], stock=["E♠6"])
        t.press(0, OK)  # take
        wait_until(lambda: s.game.phase == "play", what="the card taken")
        pure.apply({"type": "take"})
        ids = {c.face: c.id for c in pure.hands[0].cards}
        row = [225 + k for k in range(24)]
        for k, face in enumerate(["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"]):
            t.lay(row[k], "wordcard", ids[face])
        for k, face in enumerate(["A♥6", "T♣6", "E♠6"]):
            t.lay(row[6 + k], "wordcard", ids[face])
        t.lay(DISCARD, "wordcard", ids["Z♠13"])  # the king is number 13
        t.press(0, OK)
        wait_until(lambda: s.state == "result", what="the end of the deal")
        pure.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6"]]})
        pure.apply({"type": "discard", "card": "Z♠K"})
        assert pure.is_over()
        assert s.game.scores == pure.scores == [142 + 32, 0]
        assert [mv.action["type"] for mv in s.store.moves(s.game_id)] == ["take", "play", "discard"]
    finally:
        t.close()
