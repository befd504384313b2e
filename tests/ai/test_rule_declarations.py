"""The move generator follows what a rules class declares (``reads_backwards``, ``word_premiums``,
``all_tiles_bonus``), not the game's name: wordgame's rules re-declared other ways get the moves and
scores their own checker gives."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from wordtable.ai.movegen import generator_for
from wordtable.games.crossword_board import Board, Layout, Placement
from wordtable.games.crossword_rules import ALL_TILES_BONUSES, WORD_PREMIUMS, CrosswordRules, load_data
from wordtable.games.wordgame import Wordgame, WordgameRules

from .conftest import played_positions

BONUS_POINTS = 40


def declared(reads_backwards: bool, word_premiums: str, all_tiles_bonus: str) -> type[CrosswordRules]:
    """wordgame's rules (name, board, tiles) with the three declarations set as given."""
    return type(
        "DeclaredRules",
        (WordgameRules,),
        {
            "reads_backwards": reads_backwards,
            "word_premiums": word_premiums,
            "all_tiles_bonus": all_tiles_bonus,
        },
    )


def make(
    enable: Any,
    reads_backwards: bool = False,
    word_premiums: str = "highest",
    all_tiles_bonus: str = "main word twice",
    layout_rows: list[str] | None = None,
) -> CrosswordRules:
    cls = declared(reads_backwards, word_premiums, all_tiles_bonus)
    data = dict(load_data("wordgame"), all_tiles_bonus=BONUS_POINTS)
    rules = cls(enable, None, data)
    if layout_rows is not None:
        rules = cls(enable, Layout(rules.geometry, layout_rows), data)
    return rules


def moves_by_cells(rules: CrosswordRules, board: Board, rack: str) -> dict[tuple[tuple[str, str], ...], int]:
    gen = generator_for(rules)
    name = rules.geometry.name
    return {
        tuple(sorted((name(sq), gen.letters[c]) for sq, c, _ in m.tiles)): m.score
        for m in gen.generate(board, rack)
    }


def plain_rows(**premiums: str) -> list[str]:
    """A plain 15x15 layout with the given cells (``H8="D"``) set."""
    rows = [list("." * 15) for _ in range(15)]
    for cell, code in premiums.items():
        rows[int(cell[1:]) - 1][ord(cell[0]) - 65] = code
    return ["".join(r) for r in rows]


def test_a_run_read_right_to_left_is_a_move_only_where_the_rules_read_backwards(enable) -> None:
    forward = make(enable)
    backward = make(enable, reads_backwards=True)
    g = forward.geometry
    board = Board(g)
    for i, ch in enumerate("RAT"):
        board.put(g.parse("H8") + i, ch)
    # S on G8 makes SRAT, which reads TARS from right to left: 4 points on plain squares.
    assert (("G8", "S"),) not in moves_by_cells(forward, board, "S")
    assert moves_by_cells(backward, board, "S")[(("G8", "S"),)] == 4
    ev = backward.evaluate(board, [Placement(g.parse("G8"), "S")])
    assert (ev.main_word.text, g.name(ev.main_word.squares[0]), ev.main_word.direction, ev.total) == (
        "TARS",
        "J8",
        4,
        4,
    )


@pytest.mark.parametrize("word_premiums, points", [("multiply", 20), ("highest", 10)])
def test_a_word_over_two_double_word_squares_scores_as_the_rules_declare(
    enable, word_premiums, points
) -> None:
    rules = make(enable, word_premiums=word_premiums, layout_rows=plain_rows(H8="D", K8="D"))
    # CATS on H8-K8: C 2 + A 1 + T 1 + S 1 = 5, over two double words.
    moves = moves_by_cells(rules, Board(rules.geometry), "CATS")
    assert moves[(("H8", "C"), ("I8", "A"), ("J8", "T"), ("K8", "S"))] == points


@pytest.mark.parametrize("all_tiles_bonus, points", [("points", 8 + BONUS_POINTS), ("main word twice", 16)])
def test_laying_the_whole_rack_earns_the_declared_bonus(enable, all_tiles_bonus, points) -> None:
    rules = make(enable, all_tiles_bonus=all_tiles_bonus, layout_rows=plain_rows())
    # STRAINED on H8-O8: eight one-point letters.
    moves = moves_by_cells(rules, Board(rules.geometry), "STRAINED")
    assert moves[tuple(sorted((f"{chr(72 + i)}8", ch) for i, ch in enumerate("STRAINED")))] == points


@pytest.fixture(scope="module")
def positions(enable) -> list[tuple[Board, str]]:
    """The empty board with a bingo-rich rack and two boards of real play with their racks."""
    out = [(Board(WordgameRules(enable).geometry), "RETAINS?")]
    for i, game in enumerate(played_positions(Wordgame(["A", "B"], lexicon=enable, seed=2), 2)):
        if i in (5, 10):
            out.append((game.board.copy(), game.rack_letters(game.turn)))
        if i == 10:
            break
    return out


@pytest.mark.parametrize(
    "reads_backwards, word_premiums, all_tiles_bonus",
    list(product((False, True), WORD_PREMIUMS, ALL_TILES_BONUSES)),
)
def test_every_generated_move_is_legal_and_scored_as_the_checker_scores_it_under_each_declaration(
    enable, positions, reads_backwards, word_premiums, all_tiles_bonus
) -> None:
    rules = make(enable, reads_backwards, word_premiums, all_tiles_bonus)
    gen = generator_for(rules)
    checked = whole_rack = 0
    for board, rack in positions:
        for m in gen.generate(board, rack):
            ev = rules.evaluate(board, m.placements(gen.letters), explain=False)
            assert not ev.invalid, (m, [w.text for w in ev.invalid])
            assert m.score == ev.total, m
            checked += 1
            whole_rack += len(m.tiles) == rules.rack_size
    assert checked > 1000
    assert whole_rack > 0
