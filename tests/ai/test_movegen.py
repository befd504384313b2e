"""The move generator on known positions: the Wordability worked examples, wordgame openings, blanks,
the all-tiles bonuses, best-move search, and every generated score equal to the rules' own."""

from __future__ import annotations

from random import Random

import pytest
from wordtable.ai.movegen import Rack, generator_for, legal_moves
from wordtable.games.crossword_board import Layout
from wordtable.games.registry import game_from_position
from wordtable.games.wordability import Wordability
from wordtable.games.wordgame import Wordgame

from .brute_force import brute_force_moves
from .conftest import played_positions
from .positions import EMPTY, EWE, WORTHY, WORTHY_YOU_FUN, position


def plain(game):
    """The same position on a board without premiums (the worked examples score plain squares)."""
    return game_from_position(dict(_pos(game), premiums=list(Layout.plain(game.geometry).rows)), game.lexicon)


def _pos(game):
    return {
        "game": game.name,
        "board": game.board.rows(),
        "racks": [game.rack_letters(0), game.rack_letters(1)],
        "turn": game.turn,
    }


def placed(game, move) -> dict[str, str]:
    """``{"J9": "O", ...}`` of a generated move (lower case: a blank)."""
    gen = generator_for(game.rules)
    return {
        game.geometry.name(sq): gen.letters[c].lower() if b else gen.letters[c] for sq, c, b in move.tiles
    }


def test_wordability_you_under_worthy_scores_12_with_ho_on_the_diagonal(enable) -> None:
    game = plain(game_from_position(position("wordability", WORTHY, "OU"), enable))
    moves = {tuple(sorted(placed(game, m).items())): m.score for m in legal_moves(game)}
    assert moves[(("J10", "U"), ("J9", "O"))] == 12


def test_wordability_your_is_not_offered_because_fr_and_nr_are_not_words(enable) -> None:
    game = plain(game_from_position(position("wordability", WORTHY_YOU_FUN, "R"), enable))
    offered = {tuple(placed(game, m).items()) for m in legal_moves(game)}
    assert (("J11", "R"),) not in offered
    # The brute force agrees: no single R is legal anywhere on this board.
    brute = brute_force_moves(game.rules, game.board, "R")
    assert offered == {tuple((game.geometry.name(sq), ch) for sq, ch, _ in k) for k in brute} == set()


def test_wordability_fun_scores_17_with_of_and_hon(enable) -> None:
    board = [r for r in WORTHY_YOU_FUN]
    board[9] = ".........U....."
    game = plain(game_from_position(position("wordability", board, "FN"), enable))
    moves = {tuple(sorted(placed(game, m).items())): m.score for m in legal_moves(game)}
    assert moves[(("I10", "F"), ("K10", "N"))] == 17


def test_wordability_ewe_grows_both_ways_as_a_palindrome(enable) -> None:
    game = plain(game_from_position(position("wordability", EWE, "RS"), enable))
    offered = {tuple(sorted(placed(game, m).items())) for m in legal_moves(game)}
    assert (("F8", "R"),) in offered  # REWE, read right to left: EWER
    assert (("E8", "S"), ("F8", "R")) in offered  # SREWE: EWERS
    assert (("J8", "R"),) in offered  # EWER read forwards


def test_wordgame_opening_quiz_lies_over_the_centre_in_all_eight_places_for_34(enable) -> None:
    game = game_from_position(position("wordgame", EMPTY, "QUIZ"), enable)
    moves = legal_moves(game)
    cells = sorted(tuple(sorted(placed(game, m))) for m in moves)
    assert len(moves) == 8
    assert all("H8" in c for c in cells)
    assert {m.score for m in moves} == {34}  # (7 + 2 + 1 + 7) x 2 for the double word on H8


def test_wordgame_opening_needs_four_letters(enable) -> None:
    game = game_from_position(position("wordgame", EMPTY, "AXE"), enable)
    assert legal_moves(game) == []


def test_all_eight_tiles_double_the_wordgame_word_and_the_generator_scores_it_like_the_rules(enable) -> None:
    game = game_from_position(position("wordgame", EMPTY, "RETAINED"), enable)
    gen = generator_for(game.rules)
    full = [m for m in legal_moves(game) if len(m.tiles) == 8]
    assert full
    for m in full:
        ev = gen.evaluate(game.board, m)
        assert ev.bonus == ev.word_points[0] > 0
        assert m.score == ev.total == 2 * ev.word_points[0]


def test_all_seven_tiles_earn_fifty_in_wordability(enable) -> None:
    game = game_from_position(position("wordability", EMPTY, "RETAINS"), enable)
    gen = generator_for(game.rules)
    full = [m for m in legal_moves(game) if len(m.tiles) == 7]
    assert full
    for m in full:
        ev = gen.evaluate(game.board, m)
        assert ev.bonus == 50
        assert m.score == ev.total


@pytest.mark.parametrize("name", ["wordgame", "wordability"])
def test_every_move_of_a_full_rack_with_blanks_scores_what_the_rules_award(enable, name) -> None:
    cls = Wordgame if name == "wordgame" else Wordability
    checked = 0
    for i, game in enumerate(played_positions(cls(["A", "B"], lexicon=enable, seed=7), 7)):
        if i not in (6, 12):
            continue
        rack = "?" + game.rack_letters(game.turn).replace("?", "")[1:]
        gen = generator_for(game.rules)
        for m in gen.generate(game.board, rack):
            ev = gen.evaluate(game.board, m)
            assert not ev.invalid
            assert m.score == ev.total
            checked += 1
        if i == 12:
            break
    assert checked > 100


def test_two_blanks_give_exactly_the_brute_force_moves(enable) -> None:
    game = Wordgame(["A", "B"], lexicon=enable, seed=3)
    for i, _ in enumerate(played_positions(game, 3)):
        if i == 8:
            break
    rack = "??E"
    gen = generator_for(game.rules)
    mine = {
        frozenset((sq, gen.letters[c], b) for sq, c, b in m.tiles): m.score
        for m in gen.generate(game.board, rack)
    }
    assert mine == brute_force_moves(game.rules, game.board, rack)
    assert len(mine) > 1000


def test_best_only_finds_a_move_of_the_highest_score(enable) -> None:
    for i, game in enumerate(played_positions(Wordgame(["A", "B"], lexicon=enable, seed=11), 11)):
        if i in (4, 9, 14):
            gen = generator_for(game.rules)
            rack = game.rack_letters(game.turn)
            everything = gen.generate(game.board, rack)
            best = gen.best(game.board, rack)
            assert best is not None and best.score == max(m.score for m in everything)
        if i == 14:
            break


def test_a_rack_with_a_letter_the_alphabet_lacks_is_refused_by_name(enable) -> None:
    with pytest.raises(ValueError, match="'1' is not a letter"):
        Rack.parse("AB1", enable.alphabet)
    with pytest.raises(ValueError, match="at most 2 blanks"):
        Rack.parse("???", enable.alphabet)


@pytest.mark.parametrize("cls", [Wordgame, Wordability])
def test_the_moves_of_part_of_a_rack_are_among_the_moves_of_the_whole_rack(enable, cls) -> None:
    # The oracle checks racks of up to 5 tiles; this carries its verdict to full racks: nothing a smaller
    # rack can lay is lost when the rack is full (left-part limits, long prefixes, the last tile).
    rng = Random(5)
    checked = 0
    for i, game in enumerate(played_positions(cls(["A", "B"], lexicon=enable, seed=5), 5)):
        if i % 4 != 3:
            continue
        gen = generator_for(game.rules)
        rack = game.rack_letters(game.turn)
        full = {m.key() for m in gen.generate(game.board, rack)}
        for size in (len(rack) - 1, len(rack) - 3):
            if size < 1:
                continue
            part = "".join(rng.sample(rack, size))
            moves = gen.generate(game.board, part)
            assert {m.key() for m in moves} <= full, (rack, part)
            checked += len(moves)
        if i > 24:
            break
    assert checked > 200
