"""WORDCARD played: deals staged with set_position, turns (take, play, discard), opening, tag-ons, wild
cards, the face-up pickup, going out with the bonuses of rules 42 and 43, the final scoring of rules 47 and
48, WORDCARD doubling, challenges, WILD GAME, the minute's notice, saving, the GROUP GAME and its solo
puzzle, and every bad move leaving the game as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest
from wordtable.ai.wordcard import best_group_solution, best_laydown, bot_play
from wordtable.games.base import GameOverError, IllegalMoveError, InvalidMoveError, NotYourTurnError
from wordtable.games.cards import CardNotInHandError, CardPlayedTwiceError, UnknownCardError
from wordtable.games.wordcard import WordcardGame, WordcardOptions
from wordtable.games.wordcard_group import GroupOptions, WordcardGroupGame

ANN = ["B♣7", "R♣7", "E♠7", "A♥6", "D♣9", "S♣1", "O♣1", "N♥1"]
BOB = ["H♦7", "A♥J", "T♠J", "E♠Q", "N♠8", "L♠10", "I♥9", "P♣8"]
BREAD = ["B♣7", "R♣7", "E♠7", "A♥6", "D♣9"]
PLANET = ["P♣8", "L♠10", "A♥J", "N♥1", "E♠Q", "T♠J"]


def new(enable: Any, players: int = 2, **options: Any) -> WordcardGame:
    options.setdefault("dealer", 0)
    options.setdefault("hand_size", 8)
    return WordcardGame(
        ["Ann", "Bob", "Cy"][:players], seed=1, options=WordcardOptions(**options), lexicon=enable
    )


def staged(enable: Any, **options: Any) -> WordcardGame:
    options.setdefault("words_within_words", False)
    game = new(enable, **options)
    game.set_position([list(ANN), list(BOB)], stock=["T♣6", "E♠1"], discards=["U♦9"])
    return game


def frozen(game: WordcardGame) -> str:
    return json.dumps(
        [game.state(), game.to_dict(), game.phase, game.current, game.lost_turns],
        sort_keys=True,
        ensure_ascii=False,
    )


def ids(game: WordcardGame, meld: int) -> list[str]:
    return [f"#{p.card.id}" for p in game.melds[meld].cards]


def play_script(game: WordcardGame) -> None:
    game.apply({"type": "take", "player": 0})
    game.apply({"type": "play", "player": 0, "melds": [BREAD]})
    game.apply({"type": "discard", "player": 0, "card": "N♥1"})
    game.apply({"type": "play", "player": 1, "from_discard": 1, "melds": [PLANET]})
    game.apply({"type": "discard", "player": 1, "card": "H♦7"})
    game.apply({"type": "take", "player": 0})
    game.apply(
        {
            "type": "play",
            "player": 0,
            "tag_ons": [{"meld": 0, "cells": ids(game, 0) + ["S♣1"]}],
            "melds": [["T♣6", "O♣1", "E♠1"]],
        }
    )


# -- the deal -------------------------------------------------------------------------------------------


def test_the_deal_gives_each_player_the_agreed_hand_and_turns_one_card_up(enable: Any) -> None:
    game = new(enable, players=3, hand_size=13)
    assert [len(h) for h in game.hands] == [13, 13, 13]
    assert len(game.discards) == 1 and len(game.stock) == 108 - 39 - 1
    assert game.current == game.dealer == 0  # the dealer leads (rule 10)
    with pytest.raises(InvalidMoveError, match=r"hand_size must be 8 to 13 cards \(rule 2\), not 14"):
        WordcardOptions(hand_size=14)


def test_without_an_agreed_dealer_the_card_closest_to_a_deals(enable: Any) -> None:
    game = WordcardGame(["Ann", "Bob", "Cy"], seed=4, options=WordcardOptions(), lexicon=enable)
    drawn = {c["player"]: c["card"] for c in game.cuts if "note" not in c}
    assert drawn[game.dealer][0] == min(card[0] for card in drawn.values())


# -- a whole deal -----------------------------------------------------------------------------------------


def test_a_scripted_deal_for_the_most_points_ends_with_rule_42_and_rule_48(enable: Any) -> None:
    game = staged(enable)
    play_script(game)
    assert game.is_over()
    sheet = game.deal_results[0]["players"]
    # Ann: BREAD 7+7+7+6+9 = 36, BREADS tag-on 37, TOE 6+1+1 = 8, out after an earlier laydown 25 = 106
    assert game.history[1].score.total == 36
    assert [(ln.label, ln.points) for ln in game.history[-1].score.lines] == [
        ("word TOE", 8),
        ("word BREADS", 37),
        ("bonus: out after an earlier laydown", 25),
    ]
    # Bob: PLANET 8+10+11+1+12+11 = 53, less N 8 and I 9 in hand = 36; the loser, so 36 comes off Ann
    assert sheet[1]["lines"][1] == {
        "label": "cards left in the hand",
        "points": -17,
        "detail": "N♠8 8 + I♥9 9",
    }
    assert game.scores == [106 - 36, 0]
    assert sheet[0]["lines"][-1]["detail"] == "rule 48"
    assert game.winners() == [0]
    with pytest.raises(GameOverError):
        game.apply({"type": "take", "player": 1})


def test_the_same_deal_for_the_least_points_brings_the_winner_to_nought_rule_47(enable: Any) -> None:
    game = staged(enable, formula="least")
    play_script(game)
    # Ann: laydowns score nothing, the rule 42 bonus is deducted: -25; Bob: 8 + 9 = 17 penalty points.
    # Ann is brought to nought (+25) and the same 25 is added to Bob: 42.
    assert game.scores == [0, 42]
    assert game.winners() == [0]
    assert game.history[1].score.total == 0


def test_wordcard_doubles_rows_and_the_hand_and_going_out_in_one_turn_earns_fifty(enable: Any) -> None:
    game = new(enable, game_type="wordcard", words_within_words=False)
    game.set_position(
        [
            ["T♦1", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"],
            ["E♠2", "A♥2", "O♦2", "U♣2", "R♠2", "T♥2", "L♦2", "S♣2"],
        ],
        stock=["E♠6"],
    )
    game.apply({"type": "take"})
    rec = game.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6"]]})
    # TOWNS: word 5 + set of aces 5 = 10, x2 = 20; ATE: word 18 + set of sixes 18 = 36, x2 = 72
    assert rec.score.total == 92
    out = game.apply({"type": "discard", "card": "Z♠K"})
    assert [(ln.label, ln.points) for ln in out.score.lines] == [
        ("bonus: out with all cards in one turn", 50)
    ]
    bob = game.deal_results[0]["players"][1]["lines"][1]
    assert bob["points"] == -32 and bob["detail"].endswith("x2 in WORDCARD (rule 33)")
    assert game.scores == [142 + 32, 0]


def test_a_wild_card_left_in_the_hand_costs_fifty(enable: Any) -> None:
    game = new(enable, game_type="wordcard", words_within_words=False)
    game.set_position(
        [
            ["T♦1", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"],
            ["*", "A♥2", "O♦2", "U♣2", "R♠2", "T♥2", "L♦2", "S♣2"],
        ],
        stock=["E♠6"],
    )
    game.apply({"type": "take"})
    game.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6"]]})
    game.apply({"type": "discard", "card": "Z♠K"})
    bob = game.deal_results[0]["players"][1]["lines"][1]
    assert bob["points"] == -(50 + 14) * 2 and bob["detail"].startswith("* 50 (wild, rule 18)")


# -- the turn and its errors ----------------------------------------------------------------------------


def test_opening_needs_five_cards_at_once_or_the_agreed_points(enable: Any) -> None:
    game = staged(enable)
    game.apply({"type": "take"})
    before = frozen(game)
    with pytest.raises(
        IllegalMoveError, match=r"to open, lay down at least 5 cards at once, not 3 \(rule 14\)"
    ):
        game.apply({"type": "play", "melds": [["B♣7", "R♣7", "A♥6"]]})  # BRA
    assert frozen(game) == before
    pts = staged(enable, opening="points", opening_points=40)
    pts.apply({"type": "take"})
    with pytest.raises(IllegalMoveError, match=r"at least 40 points at once, not 36"):
        pts.apply({"type": "play", "melds": [BREAD]})


def test_every_bad_play_is_refused_with_its_reason_and_changes_nothing(enable: Any) -> None:
    game = staged(enable)
    before = frozen(game)
    with pytest.raises(NotYourTurnError, match="it is Ann's turn, not Bob's"):
        game.apply({"type": "take", "player": 1})
    with pytest.raises(IllegalMoveError, match="Ann first takes a card"):
        game.apply({"type": "discard", "card": "N♥1"})
    assert frozen(game) == before
    game.apply({"type": "take"})
    before = frozen(game)
    bad = [
        ({"melds": [["B♣7", "R♣7", "E♠7", "A♥6", "Z♠K"]]}, CardNotInHandError, "Z♠K is not in Ann's hand"),
        (
            {"melds": [BREAD, ["B♣7", "O♣1"]]},
            CardPlayedTwiceError,
            "B♣7 is named 2 times but Ann's hand holds 1",
        ),
        ({"melds": [["B♣x", "R♣7"]]}, UnknownCardError, "unknown card code 'B♣x'"),
        ({"melds": [["B♣1", "R♣7"]]}, UnknownCardError, "the WORDCARD deck has no card 'B♣1'"),
        ({"melds": [["B♣7", "R♣7", "A♥6", "E♠7", "D♣9"]]}, IllegalMoveError, "BRAED is not a word"),
        ({"tag_ons": [{"meld": 0, "cells": ["S♣1"]}]}, IllegalMoveError, "no row 0 on the table"),
        ({}, InvalidMoveError, "lays down, tags on or replaces at least one card"),
    ]
    for extra, error, message in bad:
        with pytest.raises(error, match=message):
            game.apply({"type": "play", **extra})
        assert frozen(game) == before
    with pytest.raises(NotYourTurnError):
        game.apply({"type": "play", "player": 1, "melds": [PLANET]})
    assert frozen(game) == before


def test_tagging_on_needs_an_opened_game_and_cards_at_the_ends(enable: Any) -> None:
    game = staged(enable)
    game.apply({"type": "take"})
    game.apply({"type": "play", "melds": [BREAD]})
    game.apply({"type": "discard", "card": "N♥1"})
    game.apply({"type": "take", "player": 1})
    with pytest.raises(IllegalMoveError, match="Bob has not opened yet: lay down first"):
        game.apply(
            {"type": "play", "player": 1, "tag_ons": [{"meld": 0, "cells": ids(game, 0) + ["T♠J", "H♦7"]}]}
        )
    game.apply({"type": "discard", "player": 1, "card": "H♦7"})
    game.apply({"type": "take"})
    row = ids(game, 0)
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match=r"row 0 \(B♣7, R♣7, E♠7, A♥6, D♣9\) must lie unchanged"):
        game.apply({"type": "play", "tag_ons": [{"meld": 0, "cells": row[:2] + ["O♣1"] + row[2:]}]})
    assert frozen(game) == before
    rec = game.apply({"type": "play", "tag_ons": [{"meld": 0, "cells": row + ["S♣1"]}]})
    assert rec.score.total == 37 and game.melds[0].to_dict()["text"] == "BREADS"


def test_tag_ons_count_only_the_words_that_use_a_new_card(enable: Any) -> None:
    game = new(enable, opening_cards=3)
    game.set_position(
        [
            ["R♣7", "A♠8", "I♥9", "D♣10", "S♣1", "E♠1", "O♣1", "N♥1"],
            ["H♦7", "A♥J", "T♠J", "E♠Q", "N♠8", "L♠10", "I♦3", "P♣8"],
        ],
        stock=["T♦1", "W♠1"],
    )
    game.apply({"type": "take"})
    first = game.apply({"type": "play", "melds": [["R♣7", "A♠8", "I♥9", "D♣10"]]})
    # RAID 34, AI 17, AID 27, ID 19
    assert first.score.total == 97
    tag = game.apply({"type": "play", "tag_ons": [{"meld": 0, "cells": ids(game, 0) + ["S♣1"]}]})
    # RAIDS 35, AIDS 8+9+10+1 = 28 and IDS 9+10+1 = 20 use the S; RAID, AI, AID and ID were counted already
    assert [(ln.label, ln.points) for ln in tag.score.lines] == [
        ("word RAIDS", 35),
        ("word AIDS within RAIDS", 28),
        ("word IDS within RAIDS", 20),
    ]


def test_a_face_up_card_taken_must_be_played_at_once(enable: Any) -> None:
    game = staged(enable)
    game.apply({"type": "take"})
    game.apply({"type": "play", "melds": [BREAD]})
    game.apply({"type": "discard", "card": "N♥1"})
    with pytest.raises(
        IllegalMoveError,
        match=r"only the dealer at the start may take the face-up card without playing it \(rule 11\)",
    ):
        game.apply({"type": "take", "player": 1, "source": "discard"})
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match=r"N♥1, taken from the face-up cards, must be played at once"):
        game.apply(
            {"type": "play", "player": 1, "from_discard": 1, "melds": [["P♣8", "L♠10", "A♥J", "T♠J", "E♠Q"]]}
        )
    with pytest.raises(
        IllegalMoveError, match=r"only the top face-up card may be taken \(rule 21's pickup is not agreed\)"
    ):
        game.apply({"type": "play", "player": 1, "from_discard": 2, "melds": [PLANET]})
    assert frozen(game) == before
    game.apply({"type": "play", "player": 1, "from_discard": 1, "melds": [PLANET]})
    assert [c.face for c in game.discards.cards] == ["U♦9"]


def test_the_dealer_may_exchange_a_card_for_the_face_up_one_without_playing_it(enable: Any) -> None:
    game = staged(enable)
    game.apply({"type": "take", "source": "discard"})
    assert "U♦9" in game.hands[0].faces() and len(game.discards) == 0
    game.apply({"type": "discard", "card": "N♥1"})
    assert game.current == 1 and game.discards.cards[-1].face == "N♥1"


def test_rule_21_takes_a_face_up_card_with_all_the_cards_on_it(enable: Any) -> None:
    game = new(enable, discard_pickup=True, words_within_words=False)
    game.set_position([list(ANN), list(BOB)], stock=["T♣6", "E♠1"], discards=["S♥7", "U♦9", "Z♠K"])
    game.apply({"type": "take"})
    game.apply({"type": "play", "melds": [BREAD]})
    game.apply({"type": "discard", "card": "N♥1"})
    # Bob takes U♦9 and the two cards on it (Z♠K, N♥1); U♦9 is the one to play at once
    with pytest.raises(IllegalMoveError, match="U♦9, taken from the face-up cards, must be played at once"):
        game.apply({"type": "play", "player": 1, "from_discard": 3, "melds": [PLANET]})
    game.apply(
        {"type": "play", "player": 1, "from_discard": 3, "melds": [["U♦9", "N♥1", "L♠10", "I♥9", "T♠J"]]}
    )
    assert [c.face for c in game.discards.cards] == ["S♥7"]
    assert sorted(game.hands[1].faces()) == sorted(["H♦7", "A♥11", "E♠12", "N♠8", "P♣8", "Z♠13"])
    with pytest.raises(InvalidMoveError, match="only for the most points"):
        WordcardOptions(discard_pickup=True, formula="least")


def test_a_played_wild_card_can_be_swapped_for_the_real_card(enable: Any) -> None:
    game = new(enable, opening_cards=3, words_within_words=False)
    game.set_position(
        [
            ["C♦6", "*", "T♣6", "S♣1", "O♣1", "N♥1", "E♠1", "W♠1"],
            ["A♥1", "D♣9", "O♦10", "G♥8", "P♣8", "L♠10", "I♥9", "H♦7"],
        ],
        stock=["E♠2", "U♣2"],
    )
    game.apply({"type": "take"})
    rec = game.apply({"type": "play", "melds": [["C♦6", "*=A", "T♣6"]]})
    assert rec.score.total == 6 + 25 + 6
    game.apply({"type": "discard", "card": "W♠1"})
    game.apply({"type": "take", "player": 1})
    before = frozen(game)
    with pytest.raises(
        IllegalMoveError,
        match=r"I♥9 is not the real card of a wild card in row 0 \(wild cards there: \*=A6\)",
    ):
        game.apply(
            {
                "type": "play",
                "player": 1,
                "melds": [["G♥8", "O♦10", "L♠10", "D♣9"]],
                "replace_wilds": [{"meld": 0, "card": "I♥9"}],
            }
        )
    assert frozen(game) == before
    game.apply(
        {
            "type": "play",
            "player": 1,
            "melds": [["G♥8", "O♦10", "L♠10", "D♣9"]],
            "replace_wilds": [{"meld": 0, "card": "A♥1"}],
        }
    )
    assert game.melds[0].to_dict()["cards"] == ["C♦6", "A♥1", "T♣6"]
    assert "*" in game.hands[1].faces()


def test_with_challenges_a_non_word_goes_back_and_its_player_loses_a_turn(enable: Any) -> None:
    game = staged(enable, check_words="challenge", opening_cards=3)
    game.apply({"type": "take"})
    game.apply({"type": "play", "melds": [["D♣9", "A♥6", "B♣7", "R♣7"]]})  # DABR: no word
    assert game.deal_points[0] == 29
    game.apply({"type": "challenge", "players": [1]})
    assert game.deal_points[0] == 0 and not game.melds and len(game.hands[0]) == 9
    assert game.lost_turns == [1, 0]
    game.apply({"type": "discard", "card": "N♥1"})
    game.apply({"type": "take", "player": 1})
    game.apply({"type": "discard", "player": 1, "card": "H♦7"})
    assert game.current == 1  # Ann's turn is lost


def test_with_challenges_a_good_word_costs_each_challenger_a_turn(enable: Any) -> None:
    game = staged(enable, check_words="challenge", players=2)
    game.apply({"type": "take"})
    game.apply({"type": "play", "melds": [BREAD]})
    with pytest.raises(IllegalMoveError, match="cannot challenge her or his own word"):
        game.apply({"type": "challenge", "players": [0]})
    game.apply({"type": "challenge", "players": [1]})
    assert game.lost_turns == [0, 1] and len(game.melds) == 1
    game.apply({"type": "discard", "card": "N♥1"})
    assert game.current == 0  # Bob's turn is lost
    plain = staged(enable)
    with pytest.raises(IllegalMoveError, match="nothing to challenge"):
        plain.apply({"type": "challenge", "players": [1]})


def test_in_a_wild_game_the_dealer_chooses_each_deal_and_everyone_deals_once(enable: Any) -> None:
    game = new(enable, game_type="wild")
    assert game.deals_total == 2 and game.phase == "choose"
    with pytest.raises(NotYourTurnError):
        game.apply({"type": "choose", "player": 1, "game_type": "cardplay"})
    with pytest.raises(IllegalMoveError, match=r"cannot be chosen in a WILD GAME \(rule 35\)"):
        game.apply({"type": "choose", "game_type": "group"})
    with pytest.raises(IllegalMoveError, match="first chooses the type of game"):
        game.apply({"type": "take"})
    game.apply({"type": "choose", "game_type": "cardplay", "options": {"opening_cards": 3}})
    assert game.rule.name == "CARDPLAY" and game.deal_options.opening_cards == 3 and game.phase == "take"


def test_a_player_given_a_minutes_notice_who_does_not_act_loses_the_turn(enable: Any) -> None:
    game = staged(enable)
    game.apply({"type": "hurry", "player": 1}, now_ms=1_000)
    with pytest.raises(NotYourTurnError, match="it is Bob's turn"):
        game.apply({"type": "take", "player": 0}, now_ms=61_000)
    assert game.current == 1 and game.history[-1].note == "lost the turn (rule 20)"


def test_a_saved_game_replays_to_the_same_position(enable: Any) -> None:
    game = staged(enable)
    play_script(game)
    again = WordcardGame.from_dict(json.loads(json.dumps(game.to_dict())), enable)
    assert again.state() == game.state() and again.scores == game.scores


def test_bots_of_every_strength_play_a_deal_to_its_end(enable: Any) -> None:
    game = new(enable, players=2, hand_size=10, opening_cards=3)
    for turn in range(200):
        if game.phase != "take":
            break
        bot_play(game, game.current, strength=("beginner", "club")[turn % 2], budget_s=0.2)
    assert game.phase == "over" and len(game.deal_results) == 1
    assert (
        sum(1 for p in game.deal_results[0]["players"] if p["total"] == 0) >= 1
    )  # rule 48: the loser at nought


def test_the_best_laydown_is_a_legal_play_worth_what_it_says(enable: Any) -> None:
    game = staged(enable, words_within_words=True)
    game.apply({"type": "take"})
    lay = best_laydown(game, 0, strength="strongest", budget_s=0.5)
    assert lay.rows and sum(len(r.cards) for r in lay.rows) >= 5
    rec = game.apply({"type": "play", "melds": [r.tokens() for r in lay.rows]})
    assert rec.score.total == lay.points
    club = staged(enable, words_within_words=True)
    club.apply({"type": "take"})
    assert best_laydown(club, 0, strength="club").points <= lay.points


# -- the GROUP GAME -------------------------------------------------------------------------------------


TABLE = ["R♣7", "A♠8", "I♥9", "D♣10", "E♠J", "R♣Q", "T♦1", "O♣1"]


def test_group_game_solutions_are_scored_and_unused_cards_cost_their_value(enable: Any) -> None:
    game = WordcardGroupGame(
        ["Ann", "Bob"],
        options=GroupOptions(game_type="wordcard", words_within_words=False),
        lexicon=enable,
        table=TABLE,
    )
    whole = game.apply({"type": "solution", "player": 0, "melds": [TABLE[:6], ["T♦1", "O♣1"]]})
    # RAIDER word 57 + sequence 57 = 114, x2 = 228; TO word 2 + set 2 = 4, x2 = 8; every card used: 50
    assert whole.score.total == 228 + 8 + 50
    part = game.apply({"type": "solution", "player": 1, "melds": [TABLE[:6]], "score": 228}, now_ms=None)
    # T and O unused: (1 + 1) x 2 = 4; Bob wrote 228 and the check says 224
    assert part.score.total == 228 - 4
    assert part.note.endswith("written 228, checked 224") and game.state()["solutions"]["1"]["written"] == 228
    assert game.winners() == [0]
    with pytest.raises(CardNotInHandError, match="Z♠K is not in the table's hand"):
        game.apply({"type": "solution", "player": 1, "melds": [["Z♠K", "A♠8"]]})


def test_the_solo_group_puzzle_has_a_score_to_beat_from_the_host(enable: Any) -> None:
    game = WordcardGroupGame(
        ["Solo"],
        options=GroupOptions(game_type="wordplay", time_ms=60_000),
        lexicon=enable,
        table=TABLE,
        now_ms=0,
    )
    rows, best = best_group_solution(game, strength="strongest", budget_s=1.0)
    game.set_target(
        [r.tokens() for r in rows],
        game.apply({"type": "solution", "melds": [r.tokens() for r in rows]}, 1).score,
    )
    assert game.state()["to_beat"]["score"] == best == game.scores[0]
    mine = game.apply({"type": "solution", "melds": [TABLE[:6], ["T♦1", "O♣1"]]}, now_ms=2)
    assert mine.score.total <= best
    with pytest.raises(IllegalMoveError, match="the playing time of 60 s is over"):
        game.apply({"type": "solution", "melds": [TABLE[:6]]}, now_ms=60_001)
    with pytest.raises(InvalidMoveError, match=r"8 to 13 cards \(rule 37\)"):
        GroupOptions(cards=7)


def test_no_opening_minimum_for_a_player_who_places_every_card_at_once(enable: Any) -> None:
    game = new(enable, game_type="wordcard", words_within_words=False, opening="points", opening_points=200)
    game.set_position([["T♦1", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"], list(BOB)], stock=["E♠6"])
    game.apply({"type": "take"})
    # 23 points is far below the agreed 200, but only Z♠K is left to discard
    game.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6"]]})
    assert len(game.hands[0]) == 1


def test_a_game_of_two_deals_passes_the_deal_and_adds_up_the_deals(enable: Any) -> None:
    game = staged(enable, deals=2)
    play_script(game)
    assert game.phase == "deal_over" and game.scores == [70, 0]
    with pytest.raises(IllegalMoveError, match="the deal is over: start the next deal"):
        game.apply({"type": "take"})
    game.apply({"type": "next_deal"})
    assert game.deal_number == 2 and game.dealer == 1 and game.current == 1
    assert [len(h) for h in game.hands] == [8, 8] and not game.melds and game.scores == [70, 0]


def test_a_used_up_deck_is_made_again_from_the_face_up_cards_but_the_top_one(enable: Any) -> None:
    game = staged(enable)
    game.stock.cards = []
    game.discards.cards = [c for c in game.deck.cards if c.face in ("K♣11", "W♦11", "H♣11")]
    top = game.discards.cards[-1]
    game.apply({"type": "take"})
    assert game.discards.cards == [top] and len(game.stock) == 1 and len(game.hands[0]) == 9
    game.stock.cards = []
    game.apply({"type": "discard", "card": "N♥1"})
    game.discards.cards = game.discards.cards[-1:]
    game.apply({"type": "take", "player": 1})
    assert game.is_over() and game.deal_results[0]["out"] is None
    assert game.over_reason == "the deck is used up and cannot be refilled"


def test_with_challenges_a_player_out_of_cards_ends_the_turn_with_done(enable: Any) -> None:
    game = new(enable, check_words="challenge", words_within_words=False, game_type="wordplay")
    game.set_position([["T♦1", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"], list(BOB)], stock=["E♠6"])
    game.apply({"type": "take"})
    with pytest.raises(IllegalMoveError, match="still holds 9 card"):
        game.apply({"type": "done"})
    game.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6", "Z♠K"]]})
    assert game.phase == "play" and not game.hands[0]  # out, but open to a challenge until the turn ends
    game.apply({"type": "challenge", "players": [1]})  # ATEZ: no word
    assert len(game.hands[0]) == 9 and game.lost_turns == [1, 0]
    game.apply({"type": "play", "melds": [["T♦1", "O♣1", "W♠1", "N♥1", "S♣1"], ["A♥6", "T♣6", "E♠6"]]})
    game.apply({"type": "discard", "card": "Z♠K"})
    assert game.is_over() and game.deal_results[0]["out"] == 0


def test_with_rule_17_a_row_may_cross_a_row_through_one_of_its_cards(enable: Any) -> None:
    game = staged(enable, cross_rows=True)
    game.apply({"type": "take"})
    game.apply({"type": "play", "melds": [BREAD]})
    game.apply({"type": "discard", "card": "N♥1"})
    game.apply({"type": "play", "player": 1, "from_discard": 1, "melds": [PLANET]})
    game.apply({"type": "discard", "player": 1, "card": "H♦7"})
    game.apply({"type": "take"})
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match="goes through exactly one of its cards, not 0"):
        game.apply({"type": "play", "crosses": [{"meld": 0, "cells": ["O♣1", "T♣6"]}]})
    assert frozen(game) == before
    # OAT down through the A of BREAD: the A counts again (the same letter in two words, rule 24)
    rec = game.apply({"type": "play", "crosses": [{"meld": 0, "cells": ["O♣1", "A♥6", "T♣6"]}]})
    assert rec.score.total == 1 + 6 + 6
    assert game.melds[2].to_dict()["text"] == "OAT" and game.melds[0].to_dict()["text"] == "BREAD"
    with pytest.raises(IllegalMoveError, match="A♥6 already lies in two rows"):
        game.apply({"type": "play", "crosses": [{"meld": 2, "cells": ["A♥6", "S♣1"]}]})
    plain = staged(enable)
    plain.apply({"type": "take"})
    with pytest.raises(IllegalMoveError, match=r"rows across rows \(rule 17\) are not played"):
        plain.apply({"type": "play", "crosses": [{"meld": 0, "cells": ["O♣1", "A♥6"]}]})


def test_partners_win_together_on_their_summed_score(enable: Any) -> None:
    game = WordcardGame(
        ["Ann", "Bob", "Cy"],
        seed=1,
        lexicon=enable,
        options=WordcardOptions(dealer=0, hand_size=8, partners=[[1, 2]]),
    )
    for seat, score in enumerate([50, 30, 25]):
        game.players[seat].score = score
    assert game.sides() == [[1, 2], [0]] and game.side_scores() == [55, 50]
    assert game.winners() == [1, 2]
    with pytest.raises(InvalidMoveError, match="partners are sides of distinct seats"):
        WordcardOptions(partners=[[0, 1], [1, 2]])
    with pytest.raises(InvalidMoveError, match="partners name seats 0 to 1 only"):
        new(enable, partners=[[0, 2]])


def test_the_best_laydown_tags_on_to_any_row_when_that_pays_more(enable: Any) -> None:
    game = staged(enable)
    game.apply({"type": "take"})
    game.apply({"type": "play", "melds": [BREAD]})
    game.apply({"type": "discard", "card": "N♥1"})
    game.apply({"type": "play", "player": 1, "from_discard": 1, "melds": [PLANET]})
    game.apply({"type": "discard", "player": 1, "card": "H♦7"})
    game.apply({"type": "take"})
    lay = best_laydown(game, 0, strength="strongest", budget_s=0.5)
    # PLANETS on Bob's row: 53 + S 1 = 54 beats BREADS (37); TOE 8
    assert [(r.text, r.points, r.meld) for r in lay.rows] == [("PLANETS", 54, 1), ("TOE", 8, None)]
    rec = game.apply(lay.action(0))
    assert rec.score.total == 54 + 8 + 25 and game.is_over()
