"""WORDCARD rows scored by hand: words within words (rule 24), sets and sequences (rule 29), the five game
types (rules 22 to 33), wild cards (rule 3) and the long bonuses (rules 44 and 45)."""

from __future__ import annotations

from typing import Any

import pytest
from wordtable.games.base import IllegalMoveError, InvalidMoveError
from wordtable.games.cards import PlacedCard, load_deck, parse_face
from wordtable.games.wordcard import WordcardOptions
from wordtable.games.wordcard_scoring import (
    TYPE_RULES,
    combination_kind,
    fill_wild_ranks,
    name_wild_letters,
    score_meld,
)

DECK = load_deck("wordcard_deck")
RAIDER = ["R♣7", "A♠8", "I♥9", "D♣10", "E♠J", "R♣Q"]


def row(codes: list[str]) -> list[PlacedCard]:
    out = []
    used: set[str] = set()
    for code in codes:
        face = parse_face(code)
        card = next(c for c in DECK.find(face) if c.id not in used)
        used.add(card.id)
        out.append(PlacedCard.of(card, face))
    return out


def score(codes: list[str], game_type: str, enable: Any, **options: Any) -> Any:
    return score_meld(
        row(codes), TYPE_RULES[game_type], WordcardOptions(game_type=game_type, **options), enable.is_word
    )


def test_the_deck_has_108_cards_four_of_them_wild_and_eight_of_each_rank() -> None:
    assert len(DECK.cards) == 108
    assert sum(c.wild for c in DECK.cards) == 4
    for rank in range(1, 14):
        assert sum(1 for c in DECK.cards if c.number == rank) == 8
    assert all(c.points == c.number for c in DECK.cards if not c.wild)
    # the text's examples exist: an ace with W (rule 38) and RAIDER on 7 to queen (rule 32)
    assert DECK.find(parse_face("W♠A"))
    assert [p.letters for p in row(RAIDER)] == list("RAIDER")


def test_raider_on_seven_to_queen_counts_every_word_within_it_in_wordplay(enable: Any) -> None:
    got = score(RAIDER, "wordplay", enable)
    # RAIDER 57, RAID 7+8+9+10=34, AI 17, AID 27, AIDE 38, AIDER 50, ID 19, DE 21, ER 23
    assert [(ln.label, ln.points) for ln in got.lines] == [
        ("word RAIDER", 57),
        ("word RAID within RAIDER", 34),
        ("word AI within RAIDER", 17),
        ("word AID within RAIDER", 27),
        ("word AIDE within RAIDER", 38),
        ("word AIDER within RAIDER", 50),
        ("word ID within RAIDER", 19),
        ("word DE within RAIDER", 21),
        ("word ER within RAIDER", 23),
    ]
    assert got.points == 286
    assert got.lines[0].detail == "R 7 + A 8 + I 9 + D 10 + E 11 + R 12"


def test_words_within_words_can_be_switched_off_or_kept_to_three_letters(enable: Any) -> None:
    assert score(RAIDER, "wordplay", enable, words_within_words=False).points == 57
    # RAIDER 57 + RAID 34 + AID 27 + AIDE 38 + AIDER 50
    assert score(RAIDER, "wordplay", enable, inner_word_min_length=3).points == 206


def test_raider_is_a_sequence_too_so_wordcard_doubles_words_and_cards(enable: Any) -> None:
    got = score(RAIDER, "wordcard", enable)
    assert got.combination == "sequence up"
    assert got.lines[-2].label == "sequence up 7-8-9-10-11-12" and got.lines[-2].points == 57
    assert got.lines[-1].label == "WORDCARD: points x2"
    assert got.points == (286 + 57) * 2 == 686


def test_wordplay_plus_adds_the_combination_and_cardplay_plus_adds_the_words(enable: Any) -> None:
    assert score(RAIDER, "wordplay_plus", enable, words_within_words=False).points == 57 + 57
    # a word that is no combination still scores its words in WORDPLAY PLUS
    cat = score(["C♦6", "A♥1", "T♣8"], "wordplay_plus", enable, words_within_words=False)
    assert cat.combination is None and cat.points == 15
    # a set of sixes that spells no word scores its cards in CARDPLAY PLUS; ATE adds its word
    sixes = score(["C♦6", "M♣6", "N♠6"], "cardplay_plus", enable)
    assert sixes.points == 18 and not sixes.is_word
    ate = score(["A♥6", "T♣6", "E♠6"], "cardplay_plus", enable, words_within_words=False)
    assert ate.points == 18 + 18


def test_cardplay_counts_sets_and_sequences_up_or_down_not_letters(enable: Any) -> None:
    assert score(["C♦6", "M♣6", "N♠6"], "cardplay", enable).points == 18
    down = score(["E♠Q", "A♥J", "E♠10"], "cardplay", enable)
    assert down.combination == "sequence down" and down.points == 33
    assert combination_kind([1, 2, 3, 4, 5, 6, 7, 8]) == "sequence up"
    assert combination_kind([1, 2, 3, 4, 5, 6, 7, 8, 9]) is None  # 3 to 8 cards (rule 29)
    assert combination_kind([13, 1, 2]) is None  # no turning the corner from king to ace
    assert combination_kind([5, 6]) is None  # two in a row are not yet a sequence


def test_cards_that_are_no_combination_are_refused_in_cardplay(enable: Any) -> None:
    with pytest.raises(IllegalMoveError, match=r"the cards 5,7,9 are no combination: in CARDPLAY"):
        score(["E♠5", "E♠7", "E♠9"], "cardplay", enable)


def test_a_row_that_is_no_word_is_refused_where_words_must_be_laid(enable: Any) -> None:
    with pytest.raises(
        IllegalMoveError, match=r"RAIDRE is not a word: in WORDPLAY every laydown must be a word"
    ):
        score(["R♣7", "A♠8", "I♥9", "D♣10", "R♣Q", "E♠J"], "wordplay", enable)
    with pytest.raises(IllegalMoveError, match=r"the cards 1,1,5 are no combination: in WORDCARD"):
        score(["T♦1", "O♣1", "E♠5"], "wordcard", enable)  # a word, but 1-1-5 is no combination


def test_a_word_of_eight_letters_earns_fifty_once(enable: Any) -> None:
    # STRANGER on low cards: S1 T1 R2 A1 N1 G5 E2 R3 = 16
    codes = ["S♣1", "T♦1", "R♠2", "A♥1", "N♥1", "G♣5", "E♠2", "R♥3"]
    got = score(codes, "wordplay", enable, words_within_words=False)
    assert got.points == 16
    assert [(b.label, b.points) for b in got.bonus_lines] == [("bonus: a word of 8 letters or more", 50)]
    again = score_meld(
        row(codes),
        TYPE_RULES["wordplay"],
        WordcardOptions(words_within_words=False),
        enable.is_word,
        awarded=(True, False),
    )
    assert again.bonus == 0
    assert score(codes, "wordplay", enable, words_within_words=False, bonuses=False).bonus == 0


def test_eight_identical_cards_or_a_sequence_of_eight_earn_fifty(enable: Any) -> None:
    sevens = score(["E♠7", "O♥7", "U♦7", "R♣7", "L♠7", "S♥7", "H♦7", "B♣7"], "cardplay", enable)
    assert sevens.points == 56 and sevens.bonus == 50
    ace_to_eight = score(["E♠1", "E♠2", "E♠3", "E♠4", "E♠5", "E♠6", "E♠7", "A♠8"], "cardplay", enable)
    assert (
        ace_to_eight.combination == "sequence up" and ace_to_eight.points == 36 and ace_to_eight.bonus == 50
    )
    eight_to_ace = score(["A♠8", "E♠7", "E♠6", "E♠5", "E♠4", "E♠3", "E♠2", "E♠1"], "cardplay", enable)
    assert eight_to_ace.combination == "sequence down" and eight_to_ace.bonus == 50
    assert score(["E♠7", "O♥7", "U♦7"], "cardplay", enable).bonus == 0


def test_a_wild_card_takes_the_rank_its_sequence_needs_and_is_worth_the_agreed_value(enable: Any) -> None:
    cards = fill_wild_ranks(row(["E♠5", "*", "E♠7"]))
    assert cards[1].number == 6
    got = score_meld(cards, TYPE_RULES["cardplay"], WordcardOptions(game_type="cardplay"), enable.is_word)
    assert got.points == 5 + 25 + 7
    zero = score_meld(
        cards, TYPE_RULES["cardplay"], WordcardOptions(game_type="cardplay", wild_points=0), enable.is_word
    )
    assert zero.points == 12
    with pytest.raises(InvalidMoveError, match="wild_points must be 0 or 25"):
        WordcardOptions(wild_points=10)


def test_a_wild_card_letter_is_found_when_only_one_makes_a_word_else_the_player_says(enable: Any) -> None:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    named = name_wild_letters(row(["*", "U♦7", "I♥9", "Z♠K"]), enable.is_word, alphabet)
    assert "".join(p.letters for p in named) == "QUIZ"
    with pytest.raises(
        InvalidMoveError, match=r"say which letter the wild card stands for in JU\?: G, N, S, T"
    ):
        name_wild_letters(row(["J♣Q", "U♦7", "*"]), enable.is_word, alphabet)
    with pytest.raises(IllegalMoveError, match=r"no letter for the wild card makes QZ\? a word"):
        name_wild_letters(row(["Q♣K", "Z♠K", "*"]), enable.is_word, alphabet)
