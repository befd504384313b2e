"""Bad moves get a specific error naming the problem (which cell, which word) and change nothing."""

from __future__ import annotations

import copy

import pytest
from wordtable.games.base import GameOverError, IllegalMoveError, InvalidMoveError, NotYourTurnError
from wordtable.games.registry import game_from_position

from .boards import place, position

OPENED = {"E8": "RETAINS"}


def refused(game, action, error, text):
    before = copy.deepcopy(game.to_dict())
    with pytest.raises(error) as err:
        game.apply(action)
    assert text in str(err.value), str(err.value)
    assert game.to_dict() == before
    return str(err.value)


@pytest.fixture
def wordgame(enable):
    return game_from_position(position("wordgame", OPENED, ["CATSDOG?", "EEEEEEEE"]), enable)


@pytest.fixture
def wordability(enable):
    return game_from_position(position("wordability", OPENED, ["CATSDOG", "EEEEEEE"]), enable)


def test_tiles_not_in_one_line_are_refused_naming_the_cells(wordgame, wordability):
    refused(
        wordgame,
        place("E9:C,F10:A"),
        IllegalMoveError,
        "the tiles on E9 and F10 are not in one row or one column (wordgame words go right or down only)",
    )
    refused(
        wordability,
        place("E9:C,F11:A"),
        IllegalMoveError,
        "the tiles on E9 and F11 are not in one line (a row, a column or a diagonal)",
    )


def test_a_gap_is_refused_naming_the_empty_cell(wordgame):
    refused(wordgame, place("L6:C,L7:A,L9:T"), IllegalMoveError, "there is a gap at L8 between L6 and L9")


def test_covering_a_letter_is_refused(wordgame):
    refused(wordgame, place("H8:C,H9:A,H10:T"), IllegalMoveError, "H8 is already covered by A")


def test_two_tiles_on_one_cell_are_refused(wordgame):
    refused(wordgame, place("L8:C,L8:A"), IllegalMoveError, "two tiles are laid on L8")


def test_a_letter_not_on_the_rack_is_refused(wordgame):
    msg = refused(wordgame, place("L8:Z"), IllegalMoveError, "you have no Z on your rack for L8")
    assert msg == "you have no Z on your rack for L8 (your rack: C A T S D O G ?)"


def test_a_tile_of_another_player_is_refused(wordgame):
    other = wordgame.racks[1][0]
    refused(
        wordgame,
        {"type": "place", "placements": [{"cell": "L8", "tile": other}]},
        IllegalMoveError,
        f"tile {other} (E) for L8 is not on your rack",
    )


def test_the_same_tile_twice_is_refused(wordgame):
    t = wordgame.racks[0][0]
    refused(
        wordgame,
        {"type": "place", "placements": [{"cell": "L8", "tile": t}, {"cell": "M8", "tile": t}]},
        IllegalMoveError,
        "is already used in this move",
    )


def test_an_invalid_word_is_refused_by_name(wordgame):
    msg = refused(wordgame, place("L7:D,L8:G,L9:C"), IllegalMoveError, "DGC (down from L7)")
    assert msg == "DGC (down from L7), RETAINSG (across, left to right from E8) are not words in enable"
    msg = refused(wordgame, place("H7:C,H9:T,H10:D"), IllegalMoveError, "CATD")
    assert msg == "CATD (down from H7) is not a word in enable"


def test_a_word_that_touches_nothing_is_refused(wordgame, wordability):
    refused(wordgame, place("A1:C,B1:A,C1:T"), IllegalMoveError, "does not touch any letter on the board")
    refused(
        wordability,
        place("A1:C,B1:A,C1:T"),
        IllegalMoveError,
        "it must touch a letter already laid, also diagonally",
    )


def test_a_blank_without_its_letter_is_refused(wordgame):
    blank = wordgame.racks[0][-1]
    refused(
        wordgame,
        {"type": "place", "placements": [{"cell": "L8", "tile": blank}]},
        InvalidMoveError,
        "say which letter the blank on L8 stands for",
    )


def test_a_cell_off_the_board_is_refused(wordgame):
    refused(
        wordgame,
        place("P8:C"),
        InvalidMoveError,
        "there is no cell P8 on this board (columns A to O, rows 1 to 15)",
    )
    refused(wordgame, place("8:C"), InvalidMoveError, "'8' is not a cell name")


def test_a_wrong_letter_for_a_tile_is_refused(wordgame):
    t = wordgame.racks[0][0]
    refused(
        wordgame,
        {"type": "place", "placements": [{"cell": "L8", "tile": t, "letter": "Q"}]},
        IllegalMoveError,
        f"tile {t} for L8 is C, not Q",
    )


def test_playing_out_of_turn_is_refused(wordgame):
    refused(
        wordgame,
        dict(place("L7:C,L8:A,L9:T"), player=1),
        NotYourTurnError,
        "it is Player 1's turn, not Player 2's",
    )


def test_an_unknown_action_is_refused(wordgame):
    refused(wordgame, {"type": "shuffle"}, InvalidMoveError, "unknown action 'shuffle'")


def test_an_empty_move_is_refused(wordgame):
    refused(wordgame, {"type": "place", "placements": []}, InvalidMoveError, "non-empty list of placements")


def test_exchanging_with_a_nearly_empty_bag_is_refused(enable):
    game = game_from_position(position("wordgame", OPENED, ["CATSDOGE", "EEEEEEEE"], bag="ABC"), enable)
    refused(
        game,
        {"type": "exchange", "letters": "CA"},
        IllegalMoveError,
        "you can exchange only while the bag holds at least 8 tiles (it holds 3)",
    )


def test_exchanging_tiles_not_on_the_rack_is_refused(wordgame):
    refused(wordgame, {"type": "exchange", "letters": "ZZ"}, IllegalMoveError, "you have no Z to exchange")


def test_moves_after_the_end_are_refused(wordgame):
    wordgame.apply({"type": "agree_end"})
    refused(wordgame, {"type": "pass"}, GameOverError, "the game is over (agreed)")


def test_a_position_with_too_many_of_a_letter_is_refused(enable):
    from wordtable.games.position import PositionError

    with pytest.raises(PositionError, match="rack 1 needs a Q tile, but a wordgame set has only 1"):
        game_from_position(position("wordgame", {"H8": "QI"}, ["Q", None]), enable)


def test_player_counts_outside_the_rules_are_refused(enable):
    from wordtable.games.wordability import Wordability
    from wordtable.games.wordgame import Wordgame

    with pytest.raises(InvalidMoveError, match="wordgame is for 2 to 2 players, not 3"):
        Wordgame(["A", "B", "C"], lexicon=enable)
    with pytest.raises(InvalidMoveError, match="wordability is for 2 to 4 players, not 5"):
        Wordability(["A", "B", "C", "D", "E"], lexicon=enable)
    assert len(Wordability(["A", "B", "C", "D"], lexicon=enable).racks) == 4
