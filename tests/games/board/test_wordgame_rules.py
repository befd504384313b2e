"""wordgame: the set from the text, the opening, right-or-down words, one word bonus, letter bonuses,
all eight tiles, blanks, and new letters after two opening passes."""

from __future__ import annotations

import pytest
from wordtable.games.base import IllegalMoveError
from wordtable.games.registry import game_from_position
from wordtable.games.wordgame import Wordgame

from .boards import place, position, rows_with

PLAIN = ["." * 15] * 15


def with_row8(codes: str) -> list[str]:
    return PLAIN[:7] + [codes] + PLAIN[8:]


def test_the_set_has_102_letters_and_2_blanks_with_the_texts_values(enable):
    game = Wordgame(["A", "B"], lexicon=enable)
    tiles = game.tiles
    assert len(tiles) == 104
    assert sum(1 for t in tiles.tiles if t.is_blank) == 2
    assert tiles.counts["E"] == 13 and tiles.counts["Q"] == 1 and tiles.counts["Z"] == 2
    assert (tiles.values["Q"], tiles.values["Z"], tiles.values["J"], tiles.values["C"]) == (7, 7, 6, 2)
    assert [len(r) for r in game.racks] == [8, 8] and len(game.bag) == 104 - 16


def test_the_first_word_needs_four_letters(enable):
    game = game_from_position(position("wordgame", {}, ["CATSEEEE", None]), enable)
    with pytest.raises(IllegalMoveError, match="at least 4 letters, not 3"):
        game.apply(place("G8:C,H8:A,I8:T"))
    with pytest.raises(IllegalMoveError, match="at least 4 letters, not 1"):
        game.apply(place("H8:C"))


def test_the_first_word_must_cover_the_centre(enable):
    game = game_from_position(position("wordgame", {}, ["CATS", None]), enable)
    with pytest.raises(IllegalMoveError, match="cover the centre square H8"):
        game.apply(place("A1:C,B1:A,C1:T,D1:S"))


def test_all_eight_tiles_double_the_word(enable):
    game = game_from_position(position("wordgame", {}, ["RELATION", None]), enable)
    rec = game.apply(place("D8:R,E8:E,F8:L,G8:A,H8:T,I8:I,J8:O,K8:N"))
    # R on the double letter D8 = 2, six letters of 1 and T on the centre double word: 9 x 2 = 18, twice
    assert [(ln.label, ln.points) for ln in rec.score.lines] == [("RELATION", 18), ("all tiles used", 18)]
    assert rec.score.total == 36


def test_only_the_highest_word_bonus_counts(enable):
    data = position("wordgame", {}, ["RETAINS", None], premiums=with_row8("....T..D..D...."))
    game = game_from_position(data, enable)
    rec = game.apply(place("E8:R,F8:E,G8:T,H8:A,I8:I,J8:N,K8:S"))
    assert rec.score.total == 7 * 3


def test_two_double_word_bonuses_double_the_word_once(enable):
    data = position("wordgame", {}, ["RETAINS", None], premiums=with_row8(".....D.D.D....."))
    game = game_from_position(data, enable)
    assert game.apply(place("E8:R,F8:E,G8:T,H8:A,I8:I,J8:N,K8:S")).score.total == 7 * 2


def test_every_letter_bonus_counts(enable):
    data = position("wordgame", {}, ["RETAINS", None], premiums=with_row8("....t.dD......."))
    game = game_from_position(data, enable)
    rec = game.apply(place("E8:R,F8:E,G8:T,H8:A,I8:I,J8:N,K8:S"))
    assert rec.score.total == (3 + 1 + 2 + 1 + 1 + 1 + 1) * 2
    assert rec.score.lines[0].detail.startswith(
        "R 1x3 + E 1 + T 1x2 + A 1 + I 1 + N 1 + S 1 = 10, x2 (double word at H8)"
    )


def test_a_bonus_counts_only_when_its_square_is_first_covered(enable):
    game = game_from_position(position("wordgame", {"E8": "RETAINS"}, ["OES", None]), enable)
    # TOES down through the T on the centre double word: the bonus was spent when T was laid
    rec = game.apply(place("G9:O,G10:E,G11:S"))
    assert [(ln.label, ln.points) for ln in rec.score.lines] == [("TOES", 1 + 1 + 2 + 1)]


def test_a_blank_scores_nothing(enable):
    game = game_from_position(position("wordgame", {}, ["CAT?", None]), enable)
    rec = game.apply(place("G8:C,H8:A,I8:T,J8:s"))
    assert rec.score.total == (2 + 1 + 1 + 0) * 2
    assert game.board.rows()[7] == "......CATs....."
    assert game.board.blank[game.geometry.parse("J8")] == 1


def test_words_go_only_right_or_down(enable):
    game = game_from_position(position("wordgame", {}, ["CATS", None]), enable)
    with pytest.raises(IllegalMoveError, match="not in one row or one column"):
        game.apply(place("G7:C,H8:A,I9:T,J10:S"))
    with pytest.raises(
        IllegalMoveError, match=r"^STAC \(across, left to right from G8\) is not a word in enable$"
    ):
        game.apply(place("G8:S,H8:T,I8:A,J8:C"))


def test_every_cross_word_must_be_valid(enable):
    game = game_from_position(position("wordgame", {"E8": "RETAINS"}, ["QT", None]), enable)
    with pytest.raises(IllegalMoveError) as err:
        game.apply(place("E9:Q,F9:T"))
    # ET (down from F8) is a word; the other two are named
    assert str(err.value) == "QT (across, left to right from E9), RQ (down from E8) are not words in enable"


def test_two_opening_passes_give_both_players_new_letters(enable):
    game = Wordgame(["A", "B"], lexicon=enable, seed=11)
    before = [sorted(r) for r in game.racks]
    game.apply({"type": "pass"})
    assert [sorted(r) for r in game.racks] == before
    rec = game.apply({"type": "pass"})
    assert rec.note == "both opening moves passed: new letters for both players"
    assert [sorted(r) for r in game.racks] != before
    assert sorted(game.bag + game.racks[0] + game.racks[1]) == list(range(104))
    assert game.scoreless == 0
    game.apply({"type": "pass"})
    after = [sorted(r) for r in game.racks]
    game.apply({"type": "pass"})
    assert [sorted(r) for r in game.racks] == after


def test_rows_with_places_words_in_any_direction():
    rows = rows_with({"H8": "AB", "A1/S": "CD", "O15/NW": "EF"})
    assert rows[7][7:9] == "AB" and rows[0][0] == "C" and rows[1][0] == "D"
    assert rows[14][14] == "E" and rows[13][13] == "F"
