"""WORDCARD gestures read from the table: a played wild card swapped for the real card (the real card
laid in the wild card's cell), and the face-up card taken with the play that uses it (moved from the
discard place into a row)."""

from __future__ import annotations

import pytest
from wordtable import lexicon
from wordtable.games.wordcard import WordcardGame, WordcardOptions
from wordtable.table.adapters.base import OK, LetterModal, Table
from wordtable.table.adapters.wordcard import WordcardAdapter
from wordtable.table.layout import load_layout
from wordtable.table.tags import Piece

DISCARD = 7 * 15 + 7


@pytest.fixture(scope="module")
def enable():
    return lexicon.load()


def setup(enable, deal="host"):
    opts = WordcardOptions(opening_cards=3, words_within_words=False, hand_size=8, dealer=0, deal=deal)
    g = WordcardGame(["Ann", "Bob"], seed=2, options=opts, lexicon=enable)
    g.set_position(
        [
            ["C♦6", "*", "T♣6", "S♣1", "O♣1", "N♥1", "E♠1", "W♠1"],
            ["A♥1", "D♣9", "O♦10", "G♥8", "P♣8", "L♠10", "I♥9", "H♦7"],
        ],
        stock=["E♠2", "U♣2"],
    )
    ad = WordcardAdapter(g, load_layout().for_game("wordcard", 2), enable)
    return g, ad


def card(g, seat, face):
    return next(c for c in g.hands[seat] if c.face == face)


def piece(c):
    return Piece("wordcard", c.id, c.face, c.id)


def play(g, ad, player, laid):
    reply = ad.ok(player, Table(laid, 0), 0)
    if isinstance(ad.modal, LetterModal):  # the wild card's letter: A (the first) is chosen with OK
        assert "A, O, U all make words" in ad.modal.note
        reply = ad.press(player, OK, Table(laid, 0), 0)
    assert not reply.error, reply.error
    for action, _ in reply.actions:  # as the session does: apply, then tell the adapter
        ad.committed(g.apply(action), Table(laid, 0))
    return [a for a, _ in reply.actions]


def ann_lays_cat(g, ad):
    play(g, ad, 0, {})  # take
    ann = ad.areas[0]
    cat = [card(g, 0, f) for f in ("C♦6", "*", "T♣6")]
    laid = {ann[k]: piece(c) for k, c in enumerate(cat)}
    w = card(g, 0, "W♠1")
    play(g, ad, 0, {**laid, DISCARD: piece(w)})
    return laid, w


@pytest.mark.parametrize("deal", ["host", "table"])
def test_a_real_card_laid_in_a_wild_cards_cell_swaps_it_and_the_wild_card_goes_to_the_hand(enable, deal):
    g, ad = setup(enable, deal)
    laid, w = ann_lays_cat(g, ad)
    assert g.melds[0].to_dict()["cards"] == ["C♦6", "*=A6", "T♣6"] and ad.wild_letters == {}
    play(g, ad, 1, {**laid, DISCARD: piece(w)})  # Bob takes
    bob = ad.areas[1]
    gold = [card(g, 1, f) for f in ("G♥8", "O♦10", "L♠10", "D♣9")]
    table = {**laid, DISCARD: piece(w)}
    table[ad.areas[0][1]] = piece(card(g, 1, "A♥1"))  # the wild card lifted, the A♥1 in its cell
    table.update({bob[k]: piece(c) for k, c in enumerate(gold)})
    actions = play(g, ad, 1, table)
    main = next(a for a in actions if a["type"] == "play")
    assert main["replace_wilds"] == [{"meld": 0, "card": "#" + table[ad.areas[0][1]].game_id}]
    assert g.melds[0].to_dict()["cards"] == ["C♦6", "A♥1", "T♣6"] and "*" in g.hands[1].faces()
    assert [a["type"] for a in actions] == (["play"] if deal == "host" else ["reveal", "play"])


@pytest.mark.parametrize("deal", ["host", "table"])
def test_the_face_up_card_moved_into_a_row_is_taken_with_the_play(enable, deal):
    g, ad = setup(enable, deal)
    laid, w = ann_lays_cat(g, ad)
    bob = ad.areas[1]
    how = [card(g, 1, "H♦7"), card(g, 1, "O♦10"), w]
    p = card(g, 1, "P♣8")
    table = dict(laid)
    table.update({bob[k]: piece(c) for k, c in enumerate(how)})
    assert ad.problems(Table(table, 0)) == []  # the face-up card is not missing: it is in Bob's row
    table[DISCARD] = piece(p)
    actions = play(g, ad, 1, table)
    main = next(a for a in actions if a["type"] == "play")
    assert main["from_discard"] == 1 and main["melds"] == [["#" + c.id for c in how]]
    assert g.melds[1].to_dict()["text"] == "HOW" and g.discards.cards[-1] == p
    assert len(g.hands[1]) == 8 - 2 - 1 and g.current == 0
    if deal == "table":
        assert actions[0] == {
            "type": "reveal",
            "player": 1,
            "cards": ["#" + how[0].id, "#" + how[1].id, "#" + p.id],
        }
