"""The card-game adapters when people dealt the cards (deal: "table"), without a board: what a
hint needs and gives, and that each play is preceded by the reveal of the cards laid."""

from __future__ import annotations

import pytest
from wordtable import lexicon
from wordtable.games.wordcard import WordcardGame, WordcardOptions
from wordtable.games.wordchain import WordchainGame, WordchainOptions
from wordtable.games.wordsnake import WordsnakeGame, WordsnakeOptions
from wordtable.table.adapters.base import Table
from wordtable.table.adapters.wordcard import WordcardAdapter
from wordtable.table.adapters.wordchain import WordchainAdapter
from wordtable.table.adapters.wordsnake import WordsnakeAdapter
from wordtable.table.layout import load_layout
from wordtable.table.tags import Piece

LINK, CHAIN = 7 * 15, 7 * 15 + 1


@pytest.fixture(scope="module")
def enable():
    return lexicon.load()


def piece(set_name, card):
    return Piece(set_name, card.id, card.face, card.id)


def wordchain(enable):
    g = WordchainGame(
        ["Ann", "Bob"], seed=3, lexicon=enable, options=WordchainOptions(deal="table", dealer=1)
    )
    g.set_position([["N♥7", "O♦1", "P♣8"], ["E♥1", "A♠1", "T♦2"]], "K♣9", None, 0)
    return g, WordchainAdapter(g, load_layout().for_game("wordchain", 2), enable)


def test_a_wordchain_hint_asks_for_the_whole_hand_then_hints_on_the_cards_laid(enable):
    g, ad = wordchain(enable)
    bob = {c.face: c for c in g.hands[1]}
    table = {LINK: piece("wordchain", g.link), CHAIN: piece("wordchain", bob["E♥1"])}
    reply = ad.menu(0, "hint", Table(table, 0), 0)
    assert reply.view.lines == (
        "The table does not know your cards: lay all 3 of them on the chain row, then choose hint.",
    )
    # Ann really holds E A T: the hint finds words with them (KEA, KAT ...), not with N O P
    table.update({CHAIN + 1: piece("wordchain", bob["A♠1"]), CHAIN + 2: piece("wordchain", bob["T♦2"])})
    lines = ad.menu(0, "hint", Table(table, 0), 0).view.lines
    assert lines and all(set(line.split(":")[0][1:]) <= set("EAT") for line in lines)
    assert [c.face for c in g.hands[0]] == ["N♥7", "O♦1", "P♣8"]  # the hint changed nothing


def test_a_wordchain_word_is_preceded_by_the_reveal_of_its_cards_and_the_turned_up_link(enable):
    g, ad = wordchain(enable)
    real_link = next(c for c in g.piles["consonant"].cards if c.letters == "C")
    bob = {c.face: c for c in g.hands[1]}
    table = {
        LINK: piece("wordchain", real_link),
        CHAIN: piece("wordchain", bob["A♠1"]),
        CHAIN + 1: piece("wordchain", bob["T♦2"]),
    }
    assert ad.problems(Table(table, 0)) == []
    actions = [a for a, _ in ad.ok(0, Table(table, 0), 0).actions]
    assert actions == [
        {"type": "reveal", "link": "#" + real_link.id},
        {"type": "reveal", "player": 0, "cards": ["#" + bob["A♠1"].id, "#" + bob["T♦2"].id]},
        {"type": "word", "player": 0, "cards": ["@", "#" + bob["A♠1"].id, "#" + bob["T♦2"].id]},
    ]
    for a in actions:
        g.apply(a)
    assert g.words_played == ["CAT"]


def test_a_wordcard_hint_works_on_the_hand_laid_in_the_area(enable):
    opts = WordcardOptions(
        game_type="wordcard", words_within_words=False, hand_size=8, dealer=0, deal="table"
    )
    g = WordcardGame(["Ann", "Bob"], seed=9, options=opts, lexicon=enable)
    g.set_position(
        [
            ["E♠2", "O♣1", "W♠1", "N♥1", "S♣1", "A♥6", "T♣6", "Z♠K"],
            ["T♦1", "A♥2", "O♦2", "U♣2", "R♠2", "T♥2", "L♦2", "S♣2"],
        ],
        stock=["E♠6"],
    )
    ad = WordcardAdapter(g, load_layout().for_game("wordcard", 2), enable)
    g.apply({"type": "take"})
    real = [g.hands[1].cards[0]] + g.hands[0].cards[1:]  # the T♦1, not the E♠2
    area = ad.areas[0]
    few = {area[k]: piece("wordcard", c) for k, c in enumerate(real[:3])}
    assert "lay all 9 of them in your area" in ad.menu(0, "hint", Table(few, 0), 0).view.lines[0]
    laid = {area[k]: piece("wordcard", c) for k, c in enumerate(real)}
    lines = ad.menu(0, "hint", Table(laid, 0), 0).view.lines
    assert any(real[0].face in line for line in lines), lines  # a row with the T♦1 the table saw
    assert not any("#" in line for line in lines), lines  # cards by their faces, not their tag ids


def test_a_wordsnake_hint_says_why_there_is_none_when_the_hand_is_unknown(enable):
    g = WordsnakeGame(["Ann", "Bob"], seed=5, lexicon=enable, options=WordsnakeOptions(deal="table"))
    ad = WordsnakeAdapter(g, load_layout().for_game("wordsnake", 2), enable)
    g.apply({"type": "go"}, 0)
    reply = ad.menu(0, "hint", Table({}, 0), 0)
    assert "The table does not know your cards" in reply.view.lines[0]
    assert ad.ok(0, Table({}, 0), 0).actions[0][0] == {"type": "stop", "player": 0}


def test_the_robot_leaves_the_link_and_centre_cards_people_laid_in_place(enable):
    g, ad = wordchain(enable)
    real_link = next(c for c in g.piles["consonant"].cards if c.letters == "C")
    assert ad.tidy(Table({LINK: piece("wordchain", real_link)}, 0)) is None
    assert ad.tidy(Table({}, 0)).lay == ((LINK, "wordchain", g.link.id),)
    snake = WordsnakeGame(["Ann", "Bob"], seed=5, lexicon=enable, options=WordsnakeOptions(deal="table"))
    sad = WordsnakeAdapter(snake, load_layout().for_game("wordsnake", 2), enable)
    laid = {cell: piece("wordsnake", c) for cell, c in zip(sad.centre[:8], snake.unused.cards, strict=False)}
    step = sad.tidy(Table(laid, 0))
    assert step.lay == ((sad.centre[8], "wordsnake", snake.centre[8].id),)  # only the empty place is filled
