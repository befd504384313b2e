"""The worked examples of the Wordability text (rules 11 to 19) as positions, with their scores."""

from __future__ import annotations

import pytest
from wordtable.games.base import IllegalMoveError
from wordtable.games.registry import game_from_position
from wordtable.games.wordability import Wordability

from .boards import load, place


def words_and_points(record):
    return sorted((ln.label, ln.points) for ln in record.score.lines if ln.label != "all tiles used")


def test_you_and_ho_score_twelve(enable):
    game = game_from_position(load("wordability_worthy.json"), enable)
    rec = game.apply(place("J9:O,J10:U"))
    assert words_and_points(rec) == [("HO", 5), ("YOU", 7)]
    assert rec.score.total == 12
    assert game.scores == [12, 0]


def test_fun_of_and_hon_score_seventeen(enable):
    game = game_from_position(load("wordability_worthy.json"), enable)
    game.apply(place("J9:O,J10:U"))
    rec = game.apply(place("I10:F,K10:N"))
    assert words_and_points(rec) == [("FUN", 6), ("HON", 6), ("OF", 5)]
    assert rec.score.total == 17
    directions = {ln.label: ln.detail.split("; read ")[1] for ln in rec.score.lines}
    assert directions["OF"] == "diagonally down to the left from J9"
    assert directions["HON"] == "diagonally down to the right from I8"


def test_your_is_refused_because_fr_and_nr_are_not_words(enable):
    game = game_from_position(load("wordability_worthy.json"), enable)
    game.apply(place("J9:O,J10:U"))
    game.apply(place("I10:F,K10:N"))
    before = game.to_dict()
    with pytest.raises(IllegalMoveError) as err:
        game.apply(place("J11:R"))
    message = str(err.value)
    assert "FR (nor RF read the other way)" in message and "NR (nor RN read the other way)" in message
    assert "I10-J11" in message and "K10-J11" in message
    assert game.to_dict() == before


def test_ee_under_worthy_is_accepted_with_the_texts_word_list(house_words):
    game = game_from_position(load("wordability_worthy_ee.json"), house_words)
    rec = game.apply(place("H9:E,I9:E"))
    words = sorted(ln.label for ln in rec.score.lines)
    assert words == ["EE", "HE", "HE", "RE", "TE", "TE", "YE"]
    # EE 2, TE 2, HE 5 (down), RE 2, HE 5 (diagonal), TE 2, YE 6
    assert rec.score.total == 24


def test_ee_under_worthy_is_refused_by_enable_naming_ee(enable):
    # ENABLE lacks EE; it lacks TE too, but TE read the other way is ET, which it has
    game = game_from_position(load("wordability_worthy_ee.json"), enable)
    with pytest.raises(IllegalMoveError) as err:
        game.apply(place("H9:E,I9:E"))
    assert str(err.value) == "EE is not a word in enable (cells H9-I9)"


def test_worthy_over_triple_letters_and_a_double_word_scores_52(enable):
    game = game_from_position(load("wordability_worthy_52.json"), enable)
    rec = game.apply(place("G4:W,H4:O,I4:R,J4:T,K4:H"))
    assert rec.score.total == 52
    line = rec.score.lines[0]
    assert line.label == "WORTHY"
    assert line.detail.startswith("W 4x3 + O 1 + R 1x3 + T 1 + H 4 + Y 5 = 26, x2 (double word at H4) = 52")


def test_worthy_from_the_red_square_over_three_greens_scores_384(enable):
    game = game_from_position(load("wordability_worthy_384.json"), enable)
    rec = game.apply(place("H1:W,H2:O,H3:R,H4:T,H5:H"))
    assert rec.score.total == 384
    assert (
        "= 16, x24 (triple word at H1, double word at H2, double word at H3, double word at H4) = 384"
        in rec.score.lines[0].detail
    )


def test_wort_ate_ar_er_score_36_with_premiums_counted_in_every_new_word(enable):
    game = game_from_position(load("wordability_wort_ate.json"), enable)
    rec = game.apply(place("G4:A,H4:T,I4:E"))
    assert rec.score.total == 36
    got = {frozenset((ln.label, ln.label[::-1])): ln.points for ln in rec.score.lines}
    assert got == {
        frozenset(("WORT", "TROW")): 14,
        frozenset(("ATE", "ETA")): 14,
        frozenset(("AR", "RA")): 4,
        frozenset(("ER", "RE")): 4,
    }


def test_a_covered_premium_is_never_counted_again(enable):
    game = game_from_position(load("wordability_wort_ate.json"), enable)
    game.apply(place("G4:A,H4:T,I4:E"))
    rec = game.apply(place("H5:S"))
    # WORTS 8 (the T's double word and the W's triple word are spent), AS 2, ES 2
    assert sorted(ln.points for ln in rec.score.lines) == [2, 2, 8]
    assert rec.score.total == 12


def test_ewe_grows_to_rewe_srewe_and_srewes_read_backwards(enable):
    game = game_from_position(load("wordability_ewe.json"), enable)
    assert [ln.label for ln in game.apply(place("F8:R")).score.lines] == ["EWER"]
    assert [ln.label for ln in game.apply(place("E8:S")).score.lines] == ["EWERS"]
    rec = game.apply(place("J8:S"))
    assert [ln.label for ln in rec.score.lines] == ["SEWERS"]
    assert "read across, right to left from J8" in rec.score.lines[0].detail
    assert game.board.rows()[7] == "....SREWES....."


def test_all_seven_tiles_earn_fifty_points(enable):
    game = game_from_position(
        {"game": "wordability", "board": ["." * 15] * 15, "racks": ["RETAINS", "AB"]}, enable
    )
    rec = game.apply(place("E8:R,F8:E,G8:T,H8:A,I8:I,J8:N,K8:S"))
    assert rec.score.lines[-1].label == "all tiles used" and rec.score.lines[-1].points == 50
    assert rec.score.total == 7 + 50


def test_the_first_tile_must_lie_on_the_centre(enable):
    game = Wordability(["A", "B"], lexicon=enable, seed=3)
    game_rack = game.rack_letters(0)
    with pytest.raises(IllegalMoveError, match="centre square H8"):
        game.apply(
            {
                "type": "place",
                "placements": [
                    {"cell": "A1", "tile": game.racks[0][0]},
                    {"cell": "B1", "tile": game.racks[0][1]},
                ],
            }
        )
    assert game.rack_letters(0) == game_rack
    with pytest.raises(IllegalMoveError, match="a single letter is not a word"):
        game.apply({"type": "place", "placements": [{"cell": "H8", "tile": game.racks[0][0]}]})


def test_words_may_read_in_all_eight_directions(enable):
    # CAT laid so that it reads up, up-left and right-to-left: each is a word read the other way
    for cells in ("H10:T,H9:A,H8:C", "J10:T,I9:A,H8:C", "J8:T,I8:A,H8:C", "F10:T,G9:A,H8:C"):
        game = game_from_position(
            {"game": "wordability", "board": ["." * 15] * 15, "racks": ["CAT", "AB"]}, enable
        )
        assert game.apply(place(cells)).score.lines[0].label == "CAT"
