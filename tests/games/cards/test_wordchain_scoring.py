"""WORDCHAIN's scoring chain, rules A to N, each with values worked out by hand in the comments."""

from __future__ import annotations

from dataclasses import replace

import pytest
from wordtable.games.cards import PlacedCard, card_from_face, parse_faces
from wordtable.games.wordchain import WordchainOptions
from wordtable.games.wordchain_scoring import WordScore, score_word

STANDARD = WordchainOptions()


def laid(codes: str) -> list[PlacedCard]:
    return [PlacedCard.of(card_from_face(f, f"c{i}"), f) for i, f in enumerate(parse_faces(codes))]


def score(
    codes: str, link: int | None = 0, options: WordchainOptions = STANDARD, all_cards: bool = False
) -> WordScore:
    return score_word(laid(codes), link, options, all_cards_used=all_cards)


def steps(result: WordScore) -> list[tuple[str, int, int]]:
    return [(s.rule, s.points, s.total) for s in result.steps]


def test_knop_scores_its_card_points_and_the_link_word_bonus() -> None:
    # B: 3 + 7 + 1 + 8 = 19; no colour (black and red), no sequence (3, 7, 1, 8);
    # J: the word starts on the link K♠3: 2 x 3 = 6; total 25
    result = score("K♠3,N♥7,O♦1,P♣8")
    assert result.word == "KNOP"
    assert steps(result) == [("B", 19, 19), ("J", 6, 25)]
    assert result.total == 25


def test_the_link_p_left_by_knop_gives_the_next_word_sixteen() -> None:
    # The text: "KNOP gave the next player 16 points": the next word starts on P♣8, so rule J adds 2 x 8.
    # POSH: 8 + 2 + 5 + 4 = 19 (P♣8 O♥2 S♣5 H♥4: mixed colours), J +16 = 35
    result = score("P♣8,O♥2,S♣5,H♥4")
    assert steps(result) == [("B", 19, 19), ("J", 16, 35)]


def test_pyrexia_leaves_a_link_worth_two_to_the_next_word() -> None:
    # PYREXIA: 8+8+2+1+11+1+1 = 32, J on P♣8 +16 = 48; it ends on A♠1, so the next word's J is 2 x 1 = 2
    result = score("P♣8,Y♣8,R♥2,E♦1,X♥11,I♦1,A♠1")
    assert result.total == 48
    assert steps(score("A♠1,T♥5"))[-1] == ("J", 2, 8)


def test_simple_scoring_is_a_point_a_card_including_the_link() -> None:
    # Rule A: 4 cards, nothing else (no bonus although the word starts on the link)
    simple = replace(STANDARD, scoring="simple")
    result = score("K♠3,N♥7,O♦1,P♣8", options=simple)
    assert steps(result) == [("A", 4, 4)]
    result = score("A♥1,D♥2,S♥3", options=simple, all_cards=True)
    assert result.total == 3


def test_multicards_score_nothing() -> None:
    # Rule C: B = 8 + 0 + 5 = 13; the Multicard stands for O and adds nothing (P♣ black, S♥ red: no pattern)
    result = score("P♣8,*=O,S♥5")
    assert steps(result)[0] == ("B", 13, 13)
    assert result.word == "POS"


def test_coloured_word_gets_five_percent_rounded_up() -> None:
    # Rule D: B♠7 O♣2 S♠2 all black: 11 x 1.05 = 11.55 -> 12; J 2 x 7 = 14 -> 26
    result = score("B♠7,O♣2,S♠2")
    assert result.pattern == "coloured"
    assert steps(result) == [("B", 11, 11), ("D", 1, 12), ("J", 14, 26)]


def test_suited_word_gets_ten_percent_not_also_the_colour_bonus() -> None:
    # Rule E: D♥6 E♥1 N♥7 all hearts: 14 x 1.10 = 15.4 -> 16; J 2 x 6 = 12 -> 28
    result = score("D♥6,E♥1,N♥7")
    assert result.pattern == "suited"
    assert steps(result) == [("B", 14, 14), ("E", 2, 16), ("J", 12, 28)]


def test_sequenced_word_of_mixed_suits_gets_fifteen_percent() -> None:
    # Rule F: A♥2 D♠6 S♦9: letters A<D<S and numbers 2<6<9, red and black:
    # 17 x 1.15 = 19.55 -> 20; J 2 x 2 = 4 -> 24
    result = score("A♥2,D♠6,S♦9")
    assert result.pattern == "sequenced"
    assert steps(result) == [("B", 17, 17), ("F", 3, 20), ("J", 4, 24)]


def test_coloured_and_sequenced_word_gets_twenty_percent() -> None:
    # Rule G: A♥2 D♦6 S♥9: 17 x 1.20 = 20.4 -> 21; J +4 -> 25
    result = score("A♥2,D♦6,S♥9")
    assert result.pattern == "coloured_sequenced"
    assert steps(result) == [("B", 17, 17), ("G", 4, 21), ("J", 4, 25)]


def test_suited_and_sequenced_word_gets_twenty_five_percent() -> None:
    # Rule H: A♥2 D♥6 S♥9: 17 x 1.25 = 21.25 -> 22; J +4 -> 26
    result = score("A♥2,D♥6,S♥9")
    assert result.pattern == "suited_sequenced"
    assert steps(result) == [("B", 17, 17), ("H", 5, 22), ("J", 4, 26)]


def test_descending_sequences_count_too() -> None:
    # S♠9 O♥5 D♣2: S>O>D and 9>5>2: 16 x 1.15 = 18.4 -> 19; J 2 x 9 = 18 -> 37
    result = score("S♠9,O♥5,D♣2")
    assert result.pattern == "sequenced"
    assert result.total == 37


def test_letters_and_numbers_must_run_the_same_way_and_without_repeats() -> None:
    assert score("A♥9,D♠6,S♦2").pattern is None  # letters up, numbers down
    assert score("A♥2,D♠2,S♦9").pattern is None  # a repeated number is no sequence
    assert score("B♥2,O♠3,O♦4,K♣5").pattern is None  # BOOK: a repeated letter is no sequence


def test_two_cards_are_not_yet_a_sequence() -> None:
    # A♠1 X♣11 are in order both ways but a sequence needs three cards: only coloured (black):
    # 12 x 1.05 = 12.6 -> 13; J 2 x 1 -> 15
    result = score("A♠1,X♣11")
    assert result.pattern == "coloured"
    assert result.total == 15


def test_a_multicard_fills_a_gap_in_a_sequence_and_joins_the_suit() -> None:
    # A♠1 *=D S♠3: the Multicard takes number 2 and spades: suited and sequenced:
    # 4 x 1.25 = 5; J 2 x 1 = 2 -> 7
    result = score("A♠1,*=D,S♠3")
    assert result.pattern == "suited_sequenced"
    assert [p.face for p in result.placed] == ["A♠1", "*=D♠2", "S♠3"]
    assert result.total == 7


def test_a_multicard_nominated_by_its_player_keeps_that_suit_and_number() -> None:
    # *=D♥2 is red among black cards: sequenced only; 4 x 1.15 = 4.6 -> 5; +2 -> 7
    result = score("A♠1,*=D♥2,S♠3")
    assert result.pattern == "sequenced"
    assert steps(result) == [("B", 4, 4), ("F", 1, 5), ("J", 2, 7)]


def test_a_multicard_cannot_fill_a_gap_with_no_whole_number_left() -> None:
    # A♠1 *=D B♠2: no letters order (A<D>B) anyway; A♠1 *=B C♠2: no whole number between 1 and 2
    assert score("A♠1,*=B,C♠2").pattern == "suited"


def test_all_cards_bonus_is_half_the_value_after_the_pattern_bonus() -> None:
    # Rule I: P♣8 O♣2 S♣5 T♦6: 21, no pattern; 21 x 1.5 = 31.5 -> 32; J 2 x 8 = 16 -> 48
    result = score("P♣8,O♣2,S♣5,T♦6", all_cards=True)
    assert steps(result) == [("B", 21, 21), ("I", 11, 32), ("J", 16, 48)]


def test_rounding_up_after_every_step_not_once_at_the_end() -> None:
    # Rule N: D♥6 E♥1 N♥4, all hearts, all cards: 11 x 1.1 = 12.1 -> 13; 13 x 1.5 = 19.5 -> 20; J +12 -> 32.
    # Rounded once at the end it would be 11 x 1.1 x 1.5 + 12 = 30.15 -> 31.
    result = score("D♥6,E♥1,N♥4", all_cards=True)
    assert steps(result) == [("B", 11, 11), ("E", 2, 13), ("I", 7, 20), ("J", 12, 32)]


def test_link_card_elsewhere_than_first_costs_a_third_and_earns_no_link_bonus() -> None:
    # Rule L: HAT with the link T last: 7 + 1 + 2 = 10; 10 - 1/3 of 10 = 6.67 -> 7
    result = score("H♠7,A♥1,T♦2", link=2)
    assert steps(result) == [("B", 10, 10), ("L", -3, 7)]
    assert result.link_position == 2


def test_link_penalty_of_33_3_percent_as_a_house_rule() -> None:
    # With "0.333": 3 x 0.667 = 2.001 -> 3, the penalty rounds away; with a third, 3 x 2/3 = 2
    house = replace(STANDARD, link_penalty="0.333")
    assert score("A♥1,T♠1,E♦1", link=1, options=house).total == 3
    assert score("A♥1,T♠1,E♦1", link=1).total == 2


def test_penalty_comes_after_the_pattern_and_all_cards_bonuses() -> None:
    # D♥6 E♥1 N♥4 with the link N last, all cards: 11 -> E 13 -> I 20 -> L 20 x 2/3 = 13.33 -> 14
    result = score("D♥6,E♥1,N♥4", link=2, all_cards=True)
    assert steps(result) == [("B", 11, 11), ("E", 2, 13), ("I", 7, 20), ("L", -6, 14)]


def test_all_remaining_cards_in_an_eight_card_word_add_half_again_at_the_end() -> None:
    # STREAMED: 2+2+2+1+1+5+1+3 = 17, mixed colours; I: 25.5 -> 26; J 2 x 2 = 4 -> 30; M: 30 x 1.5 = 45
    result = score("S♠2,T♦2,R♥2,E♥1,A♠1,M♥5,E♦1,D♦3", all_cards=True)
    assert steps(result) == [("B", 17, 17), ("I", 9, 26), ("J", 4, 30), ("M", 15, 45)]


def test_seven_cards_or_cards_left_in_hand_earn_no_long_word_bonus() -> None:
    seven = score("S♠2,T♦2,R♥2,E♥1,A♠1,M♥5,S♦4", all_cards=True)  # STREAMS, 7 cards
    assert [s.rule for s in seven.steps] == ["B", "I", "J"]
    held_back = score("S♠2,T♦2,R♥2,E♥1,A♠1,M♥5,E♦1,D♦3", all_cards=False)
    assert [s.rule for s in held_back.steps] == ["B", "J"]


def test_agreed_long_word_length_changes_rule_m() -> None:
    house = replace(STANDARD, long_word_cards=7)
    seven = score("S♠2,T♦2,R♥2,E♥1,A♠1,M♥5,S♦4", options=house, all_cards=True)
    assert [s.rule for s in seven.steps] == ["B", "I", "J", "M"]


def test_every_step_reads_as_a_sentence() -> None:
    result = score("B♠7,O♣2,S♠2")
    lines = result.breakdown.explain().splitlines()
    assert lines[0] == "B: card points: +11 (B♠7 + O♣2 + S♠2 = 11)"
    assert lines[1] == "D: coloured word +5%: +1 (11 × 105% = 11.55, rounded up to 12)"
    assert lines[-1] == "total: 26"


@pytest.mark.parametrize(
    "pct_field,codes,expected",
    [
        ("coloured_percent", "B♠7,O♣2,S♠2", 11 + 0 + 14),  # 0% coloured: 11 + J 14
        ("suited_percent", "D♥6,E♥1,N♥7", 21 + 12),  # 50%: 14 x 1.5 = 21, + J 12
    ],
)
def test_bonus_percentages_are_house_options(pct_field: str, codes: str, expected: int) -> None:
    value = 0 if pct_field == "coloured_percent" else 50
    assert score(codes, options=replace(STANDARD, **{pct_field: value})).total == expected
