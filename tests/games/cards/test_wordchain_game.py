"""WORDCHAIN played: the deal, words on the link card, draws, the five-card draw, dice, challenges,
the ends of the game, saving, and every bad move leaving the game as it was."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from wordtable import lexicon
from wordtable.games.base import GameOverError, IllegalMoveError, InvalidMoveError, NotYourTurnError
from wordtable.games.cards import CardNotInHandError, CardPlayedTwiceError, UnknownCardError
from wordtable.games.wordchain import WordchainGame, WordchainOptions

from .conftest import frozen

ANN = ["N♥7", "O♦1", "P♣8", "E♥1", "A♠1", "T♦2", "S♠2", "R♥2", "M♥5", "E♦1", "D♦3", "*"]
BOB = ["Y♣8", "R♦3", "E♦3", "X♥11", "I♦1", "A♥1", "B♠7", "O♣2", "S♥3", "H♥4", "L♠3", "U♥3"]
TOPS = {"consonant": ["C♥5", "G♠5", "F♣8", "W♠8"], "vowel": ["E♣2", "I♠2", "O♠1", "U♦4"]}
KNOP = ["@", "N♥7", "O♦1", "P♣8"]
PYREXIA = ["@", "Y♣8", "R♦3", "E♦3", "X♥11", "I♦1", "A♥1"]

Maker = Callable[..., WordchainGame]


def staged(new_game: Maker, **options: Any) -> WordchainGame:
    """Ann (seat 0, to play) and Bob with the hands above, link K♣9, known cards on top of the decks."""
    game = new_game(**options)
    game.set_position([list(ANN), list(BOB)], "K♣9", {k: list(v) for k, v in TOPS.items()}, current=0)
    return game


def hand(game: WordchainGame, seat: int) -> list[str]:
    return game.hands[seat].faces()


# -- the deal -----------------------------------------------------------------------------------------------


def test_each_player_is_dealt_six_consonants_and_six_vowels_and_a_consonant_is_the_link(
    new_game: Maker,
) -> None:
    game = new_game(players=4, seed=3)
    for h in game.hands:
        assert Counter(c.group for c in h) == {"consonant": 6, "vowel": 6}
    assert game.link.group == "consonant"
    assert game.state()["decks"] == {"consonant": 56 - 24 - 1, "vowel": 48 - 24}


def test_the_same_seed_deals_the_same_cards(new_game: Maker) -> None:
    assert hand(new_game(seed=5), 0) == hand(new_game(seed=5), 0)
    assert hand(new_game(seed=5), 0) != hand(new_game(seed=6), 0)


def test_a_deal_leaving_fewer_than_twenty_cards_is_refused(new_game: Maker) -> None:
    with pytest.raises(InvalidMoveError, match=r"leaves 19 in the decks; at least 20 must remain \(rule 4\)"):
        new_game(players=6, hand_consonants=7, hand_vowels=7)
    assert len(new_game(players=6).hands) == 6


def test_one_deck_deals_twelve_from_the_mixed_deck(new_game: Maker) -> None:
    game = new_game(one_deck=True, seed=2)
    assert [len(h) for h in game.hands] == [12, 12]
    assert game.state()["decks"] == {"all": 104 - 24 - 1}


def test_the_cut_makes_the_player_closest_to_a_the_dealer(enable: lexicon.Lexicon) -> None:
    for seed in range(6):
        game = WordchainGame(["Ann", "Bob", "Cy"], seed=seed, lexicon=enable)
        final = {}
        for cut in game.cuts:
            if "note" not in cut:
                final[cut["player"]] = cut["card"]
        winner = final[game.turn.dealer][0]
        assert all(card[0] >= winner for card in final.values())
        assert game.current == (game.turn.dealer + 1) % 3


def test_suit_seniority_breaks_a_tie_in_the_cut(enable: lexicon.Lexicon) -> None:
    order = "♥♦♣♠"
    for seed in range(20):
        game = WordchainGame(
            ["Ann", "Bob"], seed=seed, lexicon=enable, options=WordchainOptions(cut_suit_seniority=True)
        )
        cards = [c["card"] for c in game.cuts if "note" not in c]
        assert len(cards) == 2  # never a recut: equal letters are split by suit
        dealer_card = cards[game.turn.dealer]
        other = cards[1 - game.turn.dealer]
        assert (dealer_card[0], order.index(dealer_card[1])) <= (other[0], order.index(other[1]))


# -- words ----------------------------------------------------------------------------------------------------


def test_a_word_on_the_link_scores_and_its_last_card_becomes_the_link(new_game: Maker) -> None:
    game = staged(new_game)
    record = game.apply({"type": "word", "cards": KNOP})
    # 9 + 7 + 1 + 8 = 25, K♣ black and N♥ red: no pattern; J 2 x 9 = 18 -> 43
    assert record.score is not None and record.score.total == 43
    assert game.scores == [43, 0]
    assert game.link.face == "P♣8"
    assert hand(game, 0) == ["E♥1", "A♠1", "T♦2", "S♠2", "R♥2", "M♥5", "E♦1", "D♦3", "*"]
    assert game.state()["discards"] == {"consonant": 2, "vowel": 1}  # K♣9 N♥7 | O♦1
    assert game.phase == "draw" and game.current == 0


def test_after_a_word_the_player_draws_as_many_cards_in_the_chosen_proportion(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "word", "cards": KNOP})
    game.apply({"type": "draw", "consonants": 1, "vowels": 2})
    assert hand(game, 0)[-3:] == ["C♥5", "E♣2", "I♠2"]
    assert game.current == 1 and game.phase == "play"


def test_the_draw_must_match_the_cards_used_and_what_the_decks_hold(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "word", "cards": KNOP})
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match=r"take 3 card\(s\) in all \(consonants \+ vowels\), not 2"):
        game.apply({"type": "draw", "consonants": 1, "vowels": 1})
    with pytest.raises(InvalidMoveError, match="vowels must be a whole number"):
        game.apply({"type": "draw", "consonants": 1, "vowels": "two"})
    with pytest.raises(NotYourTurnError, match="only Ann draws"):
        game.apply({"type": "draw", "player": 1, "consonants": 3})
    with pytest.raises(IllegalMoveError, match="must first draw 3 card"):
        game.apply({"type": "pass"})
    assert frozen(game) == before


def test_cells_say_the_same_as_an_ordered_list(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "word", "cells": {"2": "O♦1", "0": "@", "3": "P♣8", "1": "N♥7"}})
    assert game.scores == [43, 0]


def test_cards_may_be_named_by_their_ids(new_game: Maker) -> None:
    game = staged(new_game)
    ids = {c.face: c.id for c in game.hands[0]}
    game.apply({"type": "word", "cards": [f"#{game.link.id}", f"#{ids['N♥7']}", f"#{ids['O♦1']}", "P/C/8"]})
    assert game.scores == [43, 0]


def test_link_card_elsewhere_costs_a_third(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "word", "cards": ["A♠1", "S♠2", "@"]})
    # ASK: 1 + 2 + 9 = 12, all black: 12.6 -> 13; L: 13 x 2/3 = 8.67 -> 9
    assert game.scores == [9, 0]
    assert game.link.face == "K♣9"  # the link stays the link: it is the last card of ASK


def test_house_rule_link_first_only_rejects_it_elsewhere(new_game: Maker) -> None:
    game = staged(new_game, link_anywhere=False)
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match="must be the first card"):
        game.apply({"type": "word", "cards": ["A♠1", "S♠2", "@"]})
    assert frozen(game) == before


def test_a_multicard_takes_the_letter_named(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "word", "cards": ["@", "*=I", "N♥7"]})
    # KIN: 9 + 0 + 7 = 16; J +18 -> 34
    assert game.scores == [34, 0]
    assert game.words_played == ["KIN"]


def test_a_multicard_letter_is_found_when_only_one_makes_a_word(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "word", "cards": ["@", "*", "M♥5", "P♣8"]})
    assert game.words_played == ["KEMP"]


def test_a_multicard_letter_must_be_said_when_several_make_words(new_game: Maker) -> None:
    game = staged(new_game)
    before = frozen(game)
    with pytest.raises(
        InvalidMoveError,
        match=r"say which letter the Multicard \(\*=E\) stands for in K\?N: E, I all make words",
    ):
        game.apply({"type": "word", "cards": ["@", "*", "N♥7"]})
    assert frozen(game) == before


def test_a_multicard_link_is_nominated_by_the_next_player(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "word", "cards": ["@", "E♥1", "N♥7", "*=S"]})  # KENS ends on the Multicard
    game.apply({"type": "draw", "consonants": 1, "vowels": 2})
    assert game.link.wild
    before = frozen(game)
    with pytest.raises(
        InvalidMoveError, match=r"say which letter the link Multicard \(@=E\) stands for in \?X: A, E, O"
    ):
        game.apply({"type": "word", "player": 1, "cards": ["@", "X♥11"]})
    assert frozen(game) == before
    record = game.apply({"type": "word", "player": 1, "cards": ["@=O", "X♥11"]})
    # OX: 0 + 11; the free Multicard joins the X's hearts: suited, 12.1 -> 13; J 2 x 0 adds nothing
    assert record.score is not None and record.score.total == 13
    assert [line.label[0] for line in record.score.lines] == ["B", "E"]
    assert game.words_played[-1] == "OX"


def test_two_dice_limit_the_cards_from_the_hand(new_game: Maker) -> None:
    seed = next(s for s in range(200) if _first_roll(new_game, s, 2) == "plain")
    game = staged(new_game, seed=seed, dice=2)
    limit = sum(game.dice)
    assert game.hand_limit() == limit and not game.is_double
    long_word = ["@", "N♥7", "O♦1", "P♣8"]
    if limit < 3:
        with pytest.raises(IllegalMoveError, match=f"the dice allow at most {limit} card"):
            game.apply({"type": "word", "cards": long_word})
    else:
        game.apply({"type": "word", "cards": long_word})
        assert game.scores[0] == 43


def test_a_double_allows_two_words_on_the_link(new_game: Maker) -> None:
    seed = next(s for s in range(500) if _first_roll(new_game, s, 2) == "double")
    game = staged(new_game, seed=seed, dice=2)
    assert game.is_double and game.dice[0] >= 2
    game.apply({"type": "word", "words": [["@", "E♥1", "N♥7"], ["@", "O♦1", "P♣8"]]})
    # KEN: 9 + 1 + 7 = 17, J 18 -> 35; KOP: 9 + 1 + 8 = 18, J 18 -> 36; the link is KOP's last card
    assert game.scores == [35 + 36, 0]
    assert game.words_played == ["KEN", "KOP"]
    assert game.link.face == "P♣8"
    assert game.pending is not None and game.pending.used == 4


def test_two_words_need_a_double(new_game: Maker) -> None:
    game = staged(new_game)
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match="two words in one turn need a double"):
        game.apply({"type": "word", "words": [["@", "E♥1", "N♥7"], ["@", "O♦1", "P♣8"]]})
    assert frozen(game) == before


def _first_roll(new_game: Maker, seed: int, dice: int) -> str:
    game = new_game(seed=seed, dice=dice)
    if game.dice[0] == game.dice[1]:
        return "double" if game.dice[0] >= 2 else "low double"
    return "plain"


# -- bad moves: a specific error and nothing changed --------------------------------------------------------


@pytest.mark.parametrize(
    "action,error,message",
    [
        ({"type": "word", "player": 1, "cards": PYREXIA}, NotYourTurnError, "it is Ann's turn, not Bob's"),
        ({"type": "word", "cards": ["@", "Z♦12"]}, CardNotInHandError, "Z♦12 is not in Ann's hand"),
        ({"type": "word", "cards": ["@", "Q♠99"]}, UnknownCardError, "WORDCHAIN deck has no card 'Q♠99'"),
        ({"type": "word", "cards": ["@", "N♥x"]}, UnknownCardError, "unknown card code 'N♥x'"),
        ({"type": "word", "cards": ["@", "N♥7", "N♥7"]}, CardPlayedTwiceError, "N♥7 is named 2 times"),
        ({"type": "word", "cards": ["@", "@", "N♥7"]}, CardPlayedTwiceError, "link card is laid twice"),
        (
            {"type": "word", "cards": ["N♥7", "O♦1"]},
            IllegalMoveError,
            "must start with the link card K♣9 (or contain it",
        ),
        (
            {"type": "word", "cards": ["@", "T♦2", "P♣8"]},
            IllegalMoveError,
            "KTP is not a word (not in enable)",
        ),
        ({"type": "word", "cards": ["@"]}, IllegalMoveError, "at least one card from the hand"),
        ({"type": "word", "cards": []}, InvalidMoveError, "a word needs its cards"),
        ({"type": "word", "cells": {"0": "@", "2": "N♥7"}}, InvalidMoveError, "cells 0 to 1 without gaps"),
        ({"type": "draw", "consonants": 1}, IllegalMoveError, "no word is waiting for its draw"),
        ({"type": "challenge", "player": 1}, IllegalMoveError, "there is no word to challenge"),
        ({"type": "five_cards", "consonants": 2, "vowels": 2}, IllegalMoveError, r"take 5 card\(s\) in all"),
        ({"type": "shuffle"}, InvalidMoveError, "unknown action 'shuffle'"),
        ({"type": "pass", "player": 7}, InvalidMoveError, "player must be a seat from 0 to 1"),
    ],
)
def test_bad_moves_raise_a_specific_error_and_change_nothing(
    new_game: Maker, action: dict[str, Any], error: type[Exception], message: str
) -> None:
    game = staged(new_game)
    before = frozen(game)
    with pytest.raises(
        error, match=message.replace("(", r"\(").replace(")", r"\)") if "\\" not in message else message
    ):
        game.apply(action)
    assert frozen(game) == before


def test_a_card_of_the_other_hand_is_not_in_yours(new_game: Maker) -> None:
    game = staged(new_game)
    with pytest.raises(CardNotInHandError, match="Y♣8 is not in Ann's hand"):
        game.apply({"type": "word", "cards": ["@", "Y♣8"]})


def test_agreed_word_length_limits(new_game: Maker) -> None:
    game = staged(new_game, max_word_cards=3, min_word_cards=3)
    with pytest.raises(IllegalMoveError, match="at most 3 cards"):
        game.apply({"type": "word", "cards": KNOP})
    game2 = staged(new_game, min_word_cards=3)
    game2.set_position([["A♠1", "X♥11", "E♥1"], ["Y♣8"]], "A♥1", current=0)
    with pytest.raises(IllegalMoveError, match="at least 3 cards"):
        game2.apply({"type": "word", "cards": ["@", "X♥11"]})


def test_each_word_once_as_a_house_rule(new_game: Maker) -> None:
    game = staged(new_game, unique_words=True, target_score=None)
    game.apply({"type": "word", "cards": ["@", "E♥1", "N♥7"]})  # KEN, link N♥7
    game.apply({"type": "draw", "consonants": 2})
    game.set_position([list(ANN), list(BOB)], "K♣9", current=0)
    with pytest.raises(IllegalMoveError, match="KEN has been played already"):
        game.apply({"type": "word", "cards": ["@", "E♥1", "N♥7"]})


# -- five-card draw and passing -----------------------------------------------------------------------------


def test_the_five_card_draw_replaces_a_turn_once_a_game(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "five_cards", "consonants": 3, "vowels": 2})
    assert hand(game, 0)[-5:] == ["C♥5", "G♠5", "F♣8", "E♣2", "I♠2"]
    assert game.current == 1 and game.state()["players"][0]["five_card_draw_used"]
    game.apply({"type": "pass"})
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match="Ann has had the five-card draw already; it is once a game"):
        game.apply({"type": "five_cards", "consonants": 5})
    assert frozen(game) == before


def test_five_card_draw_can_be_left_out(new_game: Maker) -> None:
    game = staged(new_game, five_card_draw=False)
    with pytest.raises(IllegalMoveError, match="not played in this game"):
        game.apply({"type": "five_cards", "consonants": 5})


def test_when_every_player_passes_in_a_row_nobody_can_play_and_the_game_ends(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "pass"})
    assert not game.is_over()
    game.apply({"type": "pass"})
    assert game.is_over() and game.over_reason == "no player can form another word"
    with pytest.raises(GameOverError, match="the game is over"):
        game.apply({"type": "pass"})


# -- challenges (rule 17) -----------------------------------------------------------------------------------


def test_upheld_challenge_gives_the_challenger_the_word_score_and_takes_the_word_back(
    new_game: Maker,
) -> None:
    game = staged(new_game, check_words="challenge")
    game.apply({"type": "word", "cards": ["@", "T♦2", "P♣8"]})  # KTP: 9 + 2 + 8 = 19, J +18 -> 37
    assert game.scores == [37, 0]
    record = game.apply({"type": "challenge", "player": 1})
    assert game.scores == [0, 37]
    assert hand(game, 0) == ANN and game.link.face == "K♣9"
    assert game.state()["discards"] == {"consonant": 0, "vowel": 0}
    assert game.current == 1 and game.phase == "play"
    assert record.score is not None and record.score.lines[0].label == "K: challenge upheld"


def test_failed_challenge_moves_the_word_score_from_challenger_to_player(new_game: Maker) -> None:
    game = staged(new_game, check_words="challenge")
    game.apply({"type": "word", "cards": KNOP})
    game.apply({"type": "challenge", "player": 1})
    assert game.scores == [43 + 43, -43]
    with pytest.raises(IllegalMoveError, match="only the first challenge counts"):
        game.apply({"type": "challenge", "player": 1})
    game.apply({"type": "draw", "consonants": 3})
    assert game.current == 1


def test_challenges_cost_nothing_in_simple_scoring(new_game: Maker) -> None:
    game = staged(new_game, check_words="challenge", scoring="simple")
    game.apply({"type": "word", "cards": KNOP})
    assert game.scores == [4, 0]
    game.apply({"type": "challenge", "player": 1})
    assert game.scores == [4, 0]


def test_a_player_cannot_challenge_her_own_word_and_challenges_can_be_left_out(new_game: Maker) -> None:
    game = staged(new_game, check_words="challenge")
    game.apply({"type": "word", "cards": KNOP})
    with pytest.raises(IllegalMoveError, match="cannot challenge her or his own word"):
        game.apply({"type": "challenge", "player": 0})
    with pytest.raises(InvalidMoveError, match="names the challenging player"):
        game.apply({"type": "challenge"})
    quiet = staged(new_game, challenges=False)
    quiet.apply({"type": "word", "cards": KNOP})
    with pytest.raises(IllegalMoveError, match="challenges are not played"):
        quiet.apply({"type": "challenge", "player": 1})


def test_in_challenge_mode_a_multicard_letter_must_be_said(new_game: Maker) -> None:
    game = staged(new_game, check_words="challenge")
    with pytest.raises(InvalidMoveError, match=r"say which letter the Multicard \(\*=E\) stands for"):
        game.apply({"type": "word", "cards": ["@", "*", "M♥5", "P♣8"]})


# -- the end of the game ------------------------------------------------------------------------------------


def test_a_scripted_game_is_played_to_the_target_score(new_game: Maker) -> None:
    game = staged(new_game, target_score=55)
    game.apply({"type": "word", "cards": KNOP})  # Ann 43
    game.apply({"type": "draw", "consonants": 2, "vowels": 1})  # C♥5 G♠5 E♣2
    game.apply({"type": "word", "player": 1, "cards": PYREXIA})
    # PYREXIA: 8 + 8 + 3 + 3 + 11 + 1 + 1 = 35, no pattern; J on P♣8 +16 -> 51
    assert game.scores == [43, 51]
    game.apply({"type": "draw", "player": 1, "consonants": 2, "vowels": 4})
    game.apply({"type": "word", "cards": ["@", "R♥2", "M♥5", "E♥1", "D♦3"]})
    # ARMED on A♥1: 1 + 2 + 5 + 1 + 3 = 12, all red: 12.6 -> 13; J 2 x 1 -> 15; Ann 58
    assert game.scores == [58, 51] and not game.is_over()
    game.apply({"type": "draw", "consonants": 3, "vowels": 1})
    assert game.is_over() and game.over_reason == "Ann reached the target score of 55"
    assert game.winners() == [0]
    assert [r.note for r in game.history if r.score] == ["KNOP", "PYREXIA", "ARMED"]


def test_the_game_ends_when_a_player_is_out_of_cards_and_the_decks_are_empty(new_game: Maker) -> None:
    game = new_game()
    everything_else = [f"#{c.id}" for c in game.deck.cards if c.face not in ("N♥7", "O♦1", "P♣8", "K♣9")]
    game.set_position([["N♥7", "O♦1", "P♣8"], everything_else], "K♣9", current=0)
    assert game.state()["decks"] == {"consonant": 0, "vowel": 0}
    game.apply({"type": "word", "cards": KNOP})
    # all three cards held: 25 -> I 37.5 -> 38; J +18 -> 56
    assert game.scores == [56, 0]
    game.apply({"type": "draw", "consonants": 0, "vowels": 0})
    assert game.is_over()
    assert game.over_reason == "Ann has used all her/his cards and the decks are empty"


def test_the_game_ends_when_the_agreed_time_is_up(new_game: Maker) -> None:
    game = staged(new_game, now_ms=1_000, time_limit_ms=3_600_000)
    game.apply({"type": "word", "cards": KNOP}, now_ms=60_000)
    assert not game.check_time(3_600_999)
    with pytest.raises(GameOverError, match="the agreed time of 60 min 0 s is up"):
        game.apply({"type": "draw", "consonants": 3}, now_ms=3_601_000)
    assert game.is_over() and game.scores == [43, 0]
    copy = WordchainGame.from_dict(json.loads(json.dumps(game.to_dict())), game.lexicon)
    assert copy.is_over() and copy.over_reason == game.over_reason


def test_empty_decks_are_refilled_from_the_discards_when_agreed(new_game: Maker) -> None:
    game = new_game(reshuffle_discards=True)
    kept = {c.id for c in game.deck.cards if c.face in ("N♥7", "O♦1", "P♣8", "K♣9", "A♠1")}
    rest = [f"#{c.id}" for c in game.deck.cards if c.id not in kept]
    game.set_position([["N♥7", "O♦1", "P♣8"], rest], "K♣9", current=0)
    # A♠1 alone is left in the vowel deck
    assert game.state()["decks"] == {"consonant": 0, "vowel": 1}
    game.apply({"type": "word", "cards": KNOP})  # discards K♣9 N♥7 | O♦1
    assert game.available("consonant") == 2 and game.available("vowel") == 2
    game.apply({"type": "draw", "consonants": 2, "vowels": 1})
    assert sorted(hand(game, 0)) == ["A♠1", "K♣9", "N♥7"]
    assert game.state()["discards"] == {"consonant": 0, "vowel": 1}
    assert not game.is_over()


def test_used_cards_can_go_back_into_the_decks_at_random(new_game: Maker) -> None:
    game = staged(new_game, discards_into_decks=True)
    decks = game.state()["decks"]
    game.apply({"type": "word", "cards": KNOP})
    assert game.state()["discards"] == {"consonant": 0, "vowel": 0}
    assert game.state()["decks"] == {"consonant": decks["consonant"] + 2, "vowel": decks["vowel"] + 1}


def test_the_deal_moves_left_each_round(new_game: Maker) -> None:
    game = new_game(players=3, dealer=2)
    assert (game.turn.dealer, game.current, game.turn.round) == (2, 0, 1)
    for _ in range(3):
        game.apply({"type": "five_cards", "consonants": 3, "vowels": 2})
    assert (game.turn.dealer, game.current, game.turn.round) == (0, 0, 2)


# -- saving -------------------------------------------------------------------------------------------------


def test_a_saved_game_restores_exactly(new_game: Maker, enable: lexicon.Lexicon) -> None:
    game = staged(new_game, check_words="challenge", dice=1)
    limit = game.hand_limit()
    assert limit is not None
    game.apply(
        {"type": "word", "cards": ["@", "E♥1", "N♥7"][: 1 + min(limit, 2)]}
        if limit >= 2
        else {"type": "pass"}
    )
    copy = WordchainGame.from_dict(game.to_dict(), enable)
    assert frozen(copy) == frozen(game)
    assert copy.rng.random() == game.rng.random()


def test_unknown_options_are_refused_by_name() -> None:
    with pytest.raises(InvalidMoveError, match="unknown option.*dicee"):
        WordchainOptions.from_dict({"dicee": 2})
    with pytest.raises(InvalidMoveError, match="dice must be 0, 1 or 2"):
        WordchainOptions(dice=3)
    with pytest.raises(InvalidMoveError, match="link_penalty must be a fraction"):
        WordchainOptions(link_penalty="a third")


# -- a themed dictionary ------------------------------------------------------------------------------------


def test_a_themed_game_plays_on_an_imported_list_of_place_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, enable: lexicon.Lexicon
) -> None:
    from wordtable.lexicon.importer import import_word_list

    monkeypatch.setenv("WORDTABLE_HOME", str(tmp_path / "home"))
    places = tmp_path / "places.txt"
    places.write_text("KENT\nKANO\nPERTH\nOSLO\nROME\n", encoding="utf-8")
    imported = import_word_list(places, "places", title="A few places").lexicon
    options = WordchainOptions(lexicon="places", dealer=1)
    game = WordchainGame(["Ann", "Bob"], options=options, lexicon=imported)
    game.set_position([list(ANN), list(BOB)], "K♣9", current=0)
    with pytest.raises(IllegalMoveError, match="KNOP is not a word"):
        game.apply({"type": "word", "cards": KNOP})
    game.apply({"type": "word", "cards": ["@", "E♥1", "N♥7", "T♦2"]})
    assert game.words_played == ["KENT"]


# -- rule 18 and rule 19 house rules -------------------------------------------------------------------------


def test_only_suited_words_as_a_house_rule(new_game: Maker) -> None:
    game = staged(new_game, only_pattern="suited")
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match="KNOP is not a suited word"):
        game.apply({"type": "word", "cards": KNOP})
    assert frozen(game) == before
    game.set_position([["E♣1", "N♣3", "O♥2"], ["Y♣8"]], "K♣9", current=0)
    game.apply({"type": "word", "cards": ["@", "E♣1", "N♣3"]})  # KEN, all clubs: 13 -> 14.3 -> 15, J +18
    assert game.scores == [33, 0]


def test_only_sequenced_words_and_hints_that_respect_it(new_game: Maker) -> None:
    from wordtable.ai.wordchain import best_words

    game = staged(new_game, only_pattern="sequenced")
    found = best_words(game.hands[0].cards, game.link, game.lexicon, game.options, top=3)
    assert found and all(c.score.pattern and c.score.pattern.endswith("sequenced") for c in found)
    game.apply({"type": "word", "cards": found[0].tokens()})
    assert game.scores[0] == found[0].score.total


def test_cards_held_at_the_end_count_against_when_agreed(new_game: Maker) -> None:
    game = staged(new_game, count_cards_held=True)
    game.apply({"type": "pass"})
    game.apply({"type": "pass"})
    # Ann holds 7+1+8+1+1+2+2+2+5+1+3+0 = 33, Bob 8+3+3+11+1+1+7+2+3+4+3+3 = 49
    assert game.is_over() and game.scores == [-33, -49]
    assert game.players[0].extra["cards_held_points"] == 33


def test_cards_held_at_the_end_do_not_count_by_default(new_game: Maker) -> None:
    game = staged(new_game)
    game.apply({"type": "pass"})
    game.apply({"type": "pass"})
    assert game.scores == [0, 0]


# -- partners (rule O) ---------------------------------------------------------------------------------------


def test_partners_play_their_own_cards_and_score_together(new_game: Maker) -> None:
    game = new_game(players=4, dealer=3, teams=[[0, 2], [1, 3]], target_score=60)
    cy = ["O♥2", "S♣5", "H♥4", "E♣1"]
    game.set_position([list(ANN), ["Y♣8"], cy, ["U♥3"]], "K♣9", current=0)
    with pytest.raises(CardNotInHandError, match="O♥2 is not in Ann's hand"):
        game.apply({"type": "word", "cards": ["@", "O♥2"]})
    game.apply({"type": "word", "cards": KNOP})  # Ann 43
    game.apply({"type": "draw", "consonants": 3})
    game.apply({"type": "pass", "player": 1})
    game.apply({"type": "word", "player": 2, "cards": ["@", "O♥2", "S♣5", "H♥4"]})
    # POSH on P♣8: 8 + 2 + 5 + 4 = 19, J +16 = 35; the team has 43 + 35 = 78
    assert game.team_scores() == [78, 0]
    game.apply({"type": "draw", "player": 2, "vowels": 3})
    assert game.is_over() and game.over_reason == "Ann & Cy reached the target score of 60"
    assert game.winners() == [0, 2]
    assert game.state()["teams"][0] == {"seats": [0, 2], "name": "Ann & Cy", "score": 78}


def test_teams_must_share_out_every_seat_once(new_game: Maker) -> None:
    with pytest.raises(InvalidMoveError, match="teams must share out the seats 0 to 3"):
        new_game(players=4, teams=[[0, 1], [1, 2]])
    options = WordchainOptions.from_dict(WordchainOptions(teams=((0, 2), (1, 3))).to_dict())
    assert options.teams == ((0, 2), (1, 3))
