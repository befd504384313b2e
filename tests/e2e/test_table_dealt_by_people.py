"""The card games dealt by people (option ``deal: "table"``) on the simulated table: the test's hands
lay real cards the host did NOT deal to that player (and a link card, centre cards, a drawn card the
host did not turn up); the game accepts them, asks for the hands left at the end, and the final scores
are those of a pure game in which the host had dealt exactly these cards."""

from __future__ import annotations

import pytest
from wordtable.games.cards import parse_face
from wordtable.table.adapters.base import MORE, OK

from .table_play import TablePlay, enable, wait_until

pytestmark = pytest.mark.e2e

LINK, CHAIN = 7 * 15, 7 * 15 + 1


def card_id(deck, code: str) -> str:
    return deck.find(parse_face(code))[0].id


def test_wordchain_dealt_by_people_accepts_the_real_link_card_and_cards_dealt_to_another_player(tmp_path):
    from wordtable.games.wordchain import WordchainGame, WordchainOptions

    position = {
        "options": {"target_score": 1, "deal": "table"},
        "hands": [["N♥7", "O♦1", "P♣8"], ["E♥1", "A♠1", "T♦2"]],
        "link": "K♣9",
        "current": 1,
    }
    t = TablePlay(tmp_path, positions={"wordchain": position}, seed=5)
    try:
        t.choose_game("wordchain", 0, [0, 0])
        s = t.session
        deck = s.game.deck
        # people turned up the C♥5 as the link (the host assumed K♣9): no complaint, OK is not refused
        t.lay(LINK, "wordchain", card_id(deck, "C♥5"))
        t.buttons(2, MORE, OK)  # Player 2 passes
        wait_until(lambda: s.moves == 1, what="the pass")
        # Player 1 really holds A♠1 and T♦2 (the host dealt them to Player 2): C A T
        t.lay(CHAIN, "wordchain", card_id(deck, "A♠1"))
        t.lay(CHAIN + 1, "wordchain", card_id(deck, "T♦2"))
        t.press(0, OK)
        wait_until(lambda: s.game.phase == "draw", what="CAT")
        assert s.game.words_played == ["CAT"] and s.game.link.face == "T♦2"
        t.buttons(0, OK, OK)
        wait_until(lambda: s.state == "result", what="the end of the game")
        kinds = [mv.action["type"] for mv in s.store.moves(s.game_id)]
        assert kinds == ["pass", "reveal", "reveal", "word", "draw"]
        # a pure game dealt by the host with exactly these cards scores the same
        pure = WordchainGame(
            ["Player 1", "Player 2"],
            seed=s.game.seed,
            lexicon=enable(),
            options=WordchainOptions(target_score=1),
        )
        pure.set_position([["A♠1", "T♦2", "P♣8"], ["E♥1", "N♥7", "O♦1"]], "C♥5", None, 1)
        pure.apply({"type": "pass", "player": 1})
        pure.apply({"type": "word", "player": 0, "cards": ["@", "A♠1", "T♦2"]})
        assert pure.scores[0] > 0 and s.game.scores == pure.scores
        # and the stored game replays to the same scores
        replay = WordchainGame.from_dict(s.store.game(s.game_id).state, enable())
        assert replay.scores == s.game.scores and replay.is_over()
    finally:
        t.close()


ANN_SNAKE = ["T2", "O2", "P3", "S2", "H3", "E2", "L2", "L2", "O2", "W4", "I2", "N2", "G3"]
BOB_HAND = ["C3", "A2", "T2", "S2", "N2", "A2", "K5", "E2", "N2", "J8", "O2", "Y4", "R2"]
CENTRE = ["W4", "E2", "A2", "U3", "O2", "F4", "I2", "R2", "X8"]
CENTRE_CELLS = [r * 15 + c for r in (6, 7, 8) for c in (6, 7, 8)]


def lane(seat: int, k: int) -> int:
    return 225 + 24 * seat + k


def test_wordsnake_dealt_by_people_takes_snakes_of_the_other_hands_cards_and_scores_the_hands_laid(tmp_path):
    from wordtable.games.wordsnake import WordsnakeGame, WordsnakeOptions

    position = {"options": {"hands": 1, "deal": "table"}, "hands": [ANN_SNAKE, BOB_HAND], "centre": CENTRE}
    t = TablePlay(tmp_path, positions={"wordsnake": position}, seed=7)
    try:
        t.choose_game("wordsnake", 0, [0, 0])
        s = t.session
        assumed = [list(h.cards) for h in s.game.hands]
        real_centre = list(s.game.unused.cards[:9])  # people dealt other centre cards than the host
        for cell, card in zip(CENTRE_CELLS, real_centre, strict=True):
            t.lay(cell, "wordsnake", card.id)
        t.press(2, OK)  # GO!
        wait_until(lambda: s.game.phase == "play", what="GO!")
        assert s.game.centre == real_centre
        # the hands were dealt the other way round: Player 1 holds what the host gave Player 2
        ann, bob = assumed[1], assumed[0]
        for k, card in enumerate(ann[:8]):  # CATSNAKE
            t.lay(lane(0, k), "wordsnake", card.id)
        t.settled()
        for k, card in enumerate(bob):  # TOPSHELLLOWING
            t.lay(lane(2, k), "wordsnake", card.id)
        wait_until(lambda: len(s.game.snakes[1].cards) == 13, what="Player 2's snake")
        t.press(2, OK)  # Player 2: Stop!
        wait_until(lambda: s.game.phase == "verify", what="the Stop!")
        t.press(0, OK)  # Player 1 lets it stand
        wait_until(lambda: s.game.phase == "ended", what="the hand's end")
        # the display asks for the hands; four of Player 1's five cards are not enough
        rest = ann[8:]
        for k, card in enumerate(rest[:4]):
            t.lay(lane(0, 9 + k), "wordsnake", card.id)
        t.press(0, OK)
        assert s.game.phase == "ended" and "lay every card left in the hand" in " ".join(
            s.current_view().lines
        )
        t.lay(lane(0, 13), "wordsnake", rest[4].id)
        t.press(0, OK)
        wait_until(lambda: s.state == "result", what="the end of the game")
        # a pure game in which the host dealt the hands the way people did
        pure = WordsnakeGame(
            ["Player 1", "Player 2"], seed=s.game.seed, options=WordsnakeOptions(hands=1), lexicon=enable()
        )
        pure.set_position(
            [["#" + c.id for c in ann], ["#" + c.id for c in bob]], ["#" + c.id for c in real_centre]
        )
        pure.apply({"type": "go"}, 0)
        pure.apply({"type": "snake", "player": 0, "cards": ["#" + c.id for c in ann[:8]]}, 1000)
        pure.apply({"type": "snake", "player": 1, "cards": ["#" + c.id for c in bob]}, 2000)
        pure.apply({"type": "stop", "player": 1}, 3000)
        pure.apply({"type": "accept"}, 3000)
        pure.apply({"type": "close_hand"}, 3000)
        assert s.game.scores == pure.scores and s.game.scores[1] > 0
        assert sorted(c.id for c in s.game.hands[0]) == sorted(c.id for c in rest)
        replay = WordsnakeGame.from_dict(s.store.game(s.game_id).state, enable())
        assert replay.scores == s.game.scores
    finally:
        t.close()


WORDCARD_OPTIONS = {"game_type": "wordcard", "words_within_words": False, "hand_size": 8, "dealer": 0}
DISCARD = 7 * 15 + 7


def test_wordcard_dealt_by_people_accepts_real_cards_and_scores_the_hand_left_as_laid(tmp_path):
    from wordtable.games.wordcard import WordcardGame, WordcardOptions

    # the host assumes Player 1 holds the E♠2 and Player 2 the T♦1; really it is the other way round
    host_deal = [
        ["E♠2", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"],
        ["T♦1", "A♥2", "O♦2", "U♣2", "R♠2", "T♥2", "L♦2", "S♣2"],
    ]
    position = {"options": dict(WORDCARD_OPTIONS, deal="table"), "hands": host_deal, "stock": ["E♠6"]}
    t = TablePlay(tmp_path, positions={"wordcard": position}, seed=9)
    try:
        t.choose_game("wordcard", 0, [0, 0])
        s = t.session
        deck = s.game.deck
        t.press(0, OK)  # take
        wait_until(lambda: s.game.phase == "play", what="the card taken")
        row = [225 + k for k in range(24)]
        for k, code in enumerate(["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"]):
            t.lay(row[k], "wordcard", card_id(deck, code))
        for k, code in enumerate(["A♥6", "T♣6", "E♠6"]):
            t.lay(row[6 + k], "wordcard", card_id(deck, code))
        t.lay(DISCARD, "wordcard", card_id(deck, "Z♠13"))
        t.press(0, OK)
        wait_until(lambda: s.game.is_over(), what=f"Player 1 going out ({s.current_view()})")
        assert s.state == "play" and "lay the cards left in your hand" in s.adapter.info(s.current_table())
        as_assumed = list(s.game.scores)
        # Player 2 holds the E♠2 and, instead of the S♣2, a card the host left in the deck
        extra = next(c for c in s.game.stock.cards if c.points > 2 and not c.wild)
        bob = ["E♠2", "A♥2", "O♦2", "U♣2", "R♠2", "T♥2", "L♦2", "#" + extra.id]
        for k, code in enumerate(bob):
            t.lay(225 + 48 + k, "wordcard", card_id(deck, code))
        t.press(2, OK)
        wait_until(lambda: s.state == "result", what="the result")
        pure = WordcardGame(
            ["Player 1", "Player 2"],
            seed=s.game.seed,
            options=WordcardOptions(**WORDCARD_OPTIONS),
            lexicon=enable(),
        )
        pure.set_position([["T♦1", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"], bob], stock=["E♠6"])
        pure.apply({"type": "take"})
        pure.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6"]]})
        pure.apply({"type": "discard", "card": "Z♠K"})
        assert pure.is_over() and s.game.scores == pure.scores and s.game.scores != as_assumed
        assert sorted(s.game.hands[1].ids()) == sorted(card_id(deck, c) for c in bob)
        assert [mv.action["type"] for mv in s.store.moves(s.game_id)] == [
            "take",
            "reveal",
            "play",
            "discard",
            "reveal",
        ]
    finally:
        t.close()


def test_wordchain_dealt_by_people_counts_the_cards_each_player_shows_on_the_chain_row_at_the_end(tmp_path):
    from wordtable.games.wordchain import WordchainGame, WordchainOptions

    options = {"target_score": 1, "count_cards_held": True}
    position = {
        "options": dict(options, deal="table"),
        "hands": [["N♥7", "O♦1", "P♣8"], ["E♥1", "A♠1", "T♦2"]],
        "link": "K♣9",
        "current": 0,
    }
    t = TablePlay(tmp_path, positions={"wordchain": position}, seed=5)
    try:
        t.choose_game("wordchain", 0, [0, 0])
        s = t.session
        deck = s.game.deck
        t.lay(LINK, "wordchain", card_id(deck, "K♣9"))
        for i, code in enumerate(["N♥7", "O♦1", "P♣8"]):
            t.lay(CHAIN + i, "wordchain", card_id(deck, code))
        t.press(0, OK)
        wait_until(lambda: s.game.phase == "draw", what="KNOP")
        t.buttons(0, OK, OK)  # draw the suggested split: the target is reached
        wait_until(lambda: s.game.is_over(), what="the end of the game")
        split = s.store.moves(s.game_id)[-1].action
        assert s.state == "play" and s.adapter.hands_to_show() == [0, 1]
        # what Player 1 really drew: cards at the bottom of the decks, of the split she chose
        drawn = (
            s.game.piles["consonant"].cards[: split["consonants"]]
            + s.game.piles["vowel"].cards[: split["vowels"]]
        )
        # Player 2 really holds a consonant the host left in the deck, not the T♦2
        other = s.game.piles["consonant"].cards[split["consonants"]]
        bob = [card_id(deck, "E♥1"), card_id(deck, "A♠1"), other.id]
        for i, card in enumerate(drawn):
            t.lay(CHAIN + 4 + i, "wordchain", card.id)
        t.press(2, OK)
        assert "Player 1 shows her hand first" in " ".join(s.current_view().lines)
        t.press(0, OK)
        wait_until(lambda: s.adapter.hands_to_show() == [1], what="Player 1's hand shown")
        for i in range(len(drawn)):
            t.lift(CHAIN + 4 + i)
        for i, cid in enumerate(bob[:2]):
            t.lay(CHAIN + 4 + i, "wordchain", cid)
        t.press(2, OK)
        assert "holds 3 card(s), but 2 were laid" in " ".join(s.current_view().lines)
        t.lay(CHAIN + 6, "wordchain", bob[2])
        t.press(2, OK)
        wait_until(lambda: s.state == "result", what="the result")
        pure = WordchainGame(
            ["Player 1", "Player 2"], seed=s.game.seed, lexicon=enable(), options=WordchainOptions(**options)
        )
        tops = {
            "consonant": ["#" + c.id for c in drawn if c.group == "consonant"],
            "vowel": ["#" + c.id for c in drawn if c.group == "vowel"],
        }
        pure.set_position([["N♥7", "O♦1", "P♣8"], ["#" + i for i in bob]], "K♣9", tops, 0)
        pure.apply({"type": "word", "player": 0, "cards": ["@", "N♥7", "O♦1", "P♣8"]})
        pure.apply(
            {"type": "draw", "player": 0, "consonants": split["consonants"], "vowels": split["vowels"]}
        )
        assert pure.is_over() and s.game.scores == pure.scores
        assert s.game.players[1].extra["cards_held_points"] == 1 + 1 + other.points
    finally:
        t.close()
