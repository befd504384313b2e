"""The card games dealt by people (option ``deal: "table"``): a player's real cards are accepted
though the game's seeded deal gave them to someone else, the game's cards stay whole, hands shown at
the end are what is scored, and a saved game restores its reveals."""

from __future__ import annotations

from collections import Counter

import pytest
from wordtable.games.base import IllegalMoveError
from wordtable.games.table_deal import CardKnownElsewhereError
from wordtable.games.wordcard import WordcardGame, WordcardOptions
from wordtable.games.wordchain import WordchainGame, WordchainOptions
from wordtable.games.wordsnake import WordsnakeGame, WordsnakeOptions


def ids(cards):
    return ["#" + c.id for c in cards]


def wordchain(enable, deal="table"):
    g = WordchainGame(["Ann", "Bob"], seed=3, lexicon=enable, options=WordchainOptions(deal=deal, dealer=1))
    g.set_position([["N♥7", "O♦1", "P♣8"], ["E♥1", "A♠1", "T♦2"]], "K♣9", None, 0)
    return g


def wordchain_cards(g):
    return Counter(
        [c.id for h in g.hands for c in h]
        + [c.id for p in g.piles.values() for c in p.cards]
        + [c.id for p in g.discards.values() for c in p.cards]
        + [g.link.id]
    )


def test_wordchain_accepts_a_word_of_cards_the_game_dealt_to_someone_else(enable):
    g = wordchain(enable)
    before = wordchain_cards(g)
    bob = {c.face: c for c in g.hands[1]}
    # Ann really holds the E♥1 (the game thought Bob did), and her N♥7: K E N
    ann_n = next(c for c in g.hands[0] if c.face == "N♥7")
    cards = [bob["E♥1"], ann_n]
    g.apply({"type": "reveal", "player": 0, "cards": ids(cards)})
    assert all(c in g.hands[0] for c in cards) and len(g.hands[0]) == len(g.hands[1]) == 3
    rec = g.apply({"type": "word", "player": 0, "cards": ["@"] + ids(cards)})
    assert rec.note == "KEN" and g.scores[0] > 0
    assert wordchain_cards(g) == before and all(v == 1 for v in before.values())
    # the saved game replays the reveal exactly
    again = WordchainGame.from_dict(g.to_dict(), enable)
    assert [h.ids() for h in again.hands] == [h.ids() for h in g.hands] and again.scores == g.scores


def test_wordchain_refuses_a_card_already_on_the_table_and_a_reveal_when_the_game_deals(enable):
    g = wordchain(enable)
    with pytest.raises(
        CardKnownElsewhereError, match=r"the K♣9 is already the link card: a tag may be duplicated"
    ):
        g.apply({"type": "reveal", "player": 0, "cards": ["#" + g.link.id]})
    host = wordchain(enable, deal="host")
    with pytest.raises(IllegalMoveError, match='deal: "table"'):
        host.apply({"type": "reveal", "player": 0, "cards": ids(host.hands[1].cards[:1])})


def test_wordchain_turns_up_the_link_card_people_laid(enable):
    g = WordchainGame(["Ann", "Bob"], seed=4, lexicon=enable, options=WordchainOptions(deal="table"))
    real = g.piles["consonant"].cards[5]
    old = g.link
    g.apply({"type": "reveal", "link": "#" + real.id})
    assert g.link == real and old in g.piles["consonant"].cards


def test_wordchain_counts_the_cards_shown_at_the_end(enable):
    g = WordchainGame(
        ["Ann", "Bob"],
        seed=3,
        lexicon=enable,
        options=WordchainOptions(deal="table", dealer=1, count_cards_held=True, target_score=1),
    )
    g.set_position([["N♥7", "O♦1", "P♣8"], ["E♥1", "A♠1", "T♦2"]], "K♣9", None, 0)
    hand = {c.face: c for c in g.hands[0]}
    g.apply({"type": "word", "player": 0, "cards": ["@"] + ids([hand["N♥7"], hand["O♦1"], hand["P♣8"]])})
    g.apply({"type": "draw", "player": 0, "consonants": 2, "vowels": 1})
    assert g.is_over()
    assert g.players[1].score == -4  # E1 + A1 + T2 as the game dealt them
    real = [c for c in g.piles["vowel"].cards if c.points == 1][:2] + g.hands[1].cards[2:]
    with pytest.raises(IllegalMoveError, match="holds 3 card"):
        g.apply({"type": "reveal", "player": 1, "cards": ids(real[:2])})
    g.apply({"type": "reveal", "player": 1, "cards": ids(real)})
    assert g.players[1].score == -sum(c.points for c in real) == -4
    assert g.players[1].extra["cards_held_points"] == 4


def test_wordsnake_takes_a_snake_of_cards_dealt_elsewhere_and_scores_the_hand_shown(enable):
    g = WordsnakeGame(["Ann", "Bob"], seed=5, lexicon=enable, options=WordsnakeOptions(hands=1, deal="table"))
    real_centre = g.unused.cards[:9]
    g.apply({"type": "reveal", "centre": ids(real_centre)})
    assert g.centre == real_centre
    g.apply({"type": "go"}, 0)
    # Ann lays C A T from Bob's hand and the unused cards (as the test finds them)
    pool = g.hands[1].cards + g.unused.cards
    cat = [next(c for c in pool if c.letters == x) for x in "CAT"]
    g.apply({"type": "reveal", "player": 0, "cards": ids(cat)}, 10)
    g.apply({"type": "snake", "player": 0, "cards": ids(cat)}, 10)
    with pytest.raises(
        CardKnownElsewhereError, match="the C.* is already in Ann's snake: a tag may be duplicated"
    ):
        g.apply({"type": "reveal", "player": 1, "cards": ids(cat[:1])}, 15)
    g.apply({"type": "pass", "player": 0}, 20)
    g.apply({"type": "pass", "player": 1}, 30)
    assert g.phase == "ended"
    left = g.hands[0].cards
    # Ann really holds other cards than the game thinks: Bob's last ten, which are unknown
    real = g.hands[1].cards[: len(left)]
    with pytest.raises(IllegalMoveError, match="lay every card left in the hand"):
        g.apply({"type": "reveal", "player": 0, "cards": ids(real[:3])}, 40)
    g.apply({"type": "reveal", "player": 0, "cards": ids(real)}, 40)
    assert sorted(g.hands[0].ids()) == sorted(c.id for c in real)
    assert g.sheets[0] == g.hand_sheet(0)
    g.apply({"type": "close_hand"}, 60)
    again = WordsnakeGame.from_dict(g.to_dict(), enable)
    assert again.scores == g.scores and again.is_over()


def test_wordcard_rescores_the_deal_with_the_hand_shown(enable):
    opts = WordcardOptions(
        game_type="wordcard", words_within_words=False, hand_size=8, dealer=0, deal="table"
    )
    g = WordcardGame(["Ann", "Bob"], seed=9, options=opts, lexicon=enable)
    g.set_position(
        [
            ["T♦1", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"],
            ["E♠2", "A♥2", "O♦2", "U♣2", "R♠2", "T♥2", "L♦2", "S♣2"],
        ],
        stock=["E♠6"],
    )
    g.apply({"type": "take"})
    g.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6"]]})
    g.apply({"type": "discard", "card": "Z♠K"})
    assert g.is_over()
    as_dealt = list(g.scores)
    real = g.stock.cards[:8]
    g.apply({"type": "reveal", "player": 1, "cards": ids(real)})
    assert sorted(g.hands[1].ids()) == sorted(c.id for c in real)
    assert len(g.deal_results) == 1
    fresh = WordcardGame.from_dict(g.to_dict(), enable)
    assert fresh.scores == g.scores
    # the same deal with Bob dealt those very cards by the game scores the same
    dealt = WordcardGame(["Ann", "Bob"], seed=9, options=opts, lexicon=enable)
    dealt.set_position([["T♦1", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"], ids(real)], stock=["E♠6"])
    dealt.apply({"type": "take"})
    dealt.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6"]]})
    dealt.apply({"type": "discard", "card": "Z♠K"})

    def points(game):
        return [[ln["points"] for ln in p["lines"]] for p in game.deal_results[0]["players"]]

    assert g.scores == dealt.scores == [260, 0] and points(g) == points(dealt)
    assert sum(c.points for c in real) != 16 and g.scores != as_dealt  # Bob's dealt hand was worth 16


def test_wordcard_turns_up_the_face_up_card_people_laid_only_at_the_deal(enable):
    g = WordcardGame(["Ann", "Bob"], seed=4, lexicon=enable, options=WordcardOptions(deal="table", dealer=0))
    real = g.stock.cards[3]
    old = g.discards.cards[0]
    size = len(g.stock)
    g.apply({"type": "reveal", "discard": "#" + real.id})
    assert g.discards.cards == [real] and g.stock.cards[3] == old and len(g.stock) == size
    g.apply({"type": "take"})
    with pytest.raises(IllegalMoveError, match="turned at the deal"):
        g.apply({"type": "reveal", "discard": "#" + g.stock.cards[0].id})
    with pytest.raises(CardKnownElsewhereError, match="on the discard pile: a tag may be duplicated"):
        g.apply({"type": "reveal", "player": 0, "cards": ["#" + real.id]})
