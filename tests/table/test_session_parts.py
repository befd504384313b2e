"""The session's pure parts: the settle time, the board clock, the simulated pieces' tags, and the
crossword adapter's reading of a table (blank letters inferred or asked, tiles of one letter
interchangeable, lifted and leftover tiles reported)."""

from __future__ import annotations

import pytest
from wordtable import lexicon
from wordtable.games.registry import game_from_position
from wordtable.store.store import Store
from wordtable.table.adapters.base import NEXT, OK, LetterModal, Table
from wordtable.table.adapters.crossword import WordgameAdapter
from wordtable.table.layout import load_layout
from wordtable.table.session import BoardClock
from wordtable.table.settle import SettledTable
from wordtable.table.sim_pieces import enroll_sim_sets, virtual_uid
from wordtable.table.tags import Piece, TagRegistry, identify, load_set

A, B = b"\x04aaaaaa", b"\x04bbbbbb"


def test_a_change_counts_only_after_the_settle_time():
    t = SettledTable(300)
    t.observe(5, A, 1000)
    assert not t.advance(1299) and t.settled == {}
    assert t.advance(1300) and t.settled == {5: A} and t.changed_ms == 1000


def test_a_tile_that_comes_back_before_settling_never_left():
    t = SettledTable(300)
    t.observe(5, A, 0)
    t.advance(300)
    t.observe(5, None, 400)
    t.observe(6, A, 410)
    t.observe(6, None, 450)
    t.observe(5, A, 460)
    assert t.quiet and not t.advance(2000) and t.settled == {5: A}


def test_the_board_clock_keeps_the_fastest_sample():
    c = BoardClock()
    assert c.to_wall(1000, 50_020) == 50_020
    assert c.to_wall(2000, 51_005) == 51_005  # a faster sample lowers the offset
    assert c.to_wall(3000, 52_090) == 52_005  # a slow one does not raise it


def test_simulated_pieces_have_fixed_seven_byte_tags_and_are_enrolled_once(tmp_path):
    uid = virtual_uid("wordgame", "17")
    assert (
        len(uid) == 7
        and uid[0] == 0x04
        and uid == virtual_uid("wordgame", "17") != virtual_uid("wordability", "17")
    )
    with Store(tmp_path / "w.db") as store:
        reg = TagRegistry(store.conn)
        added = enroll_sim_sets(reg, ["wordgame", "markers"])
        assert added == len(load_set("wordgame")) + len(load_set("markers"))
        assert enroll_sim_sets(reg, ["wordgame"]) == 0
        found = identify(reg, uid, 112, ["wordgame"])
        assert isinstance(found, Piece) and found.game_id == 17


@pytest.fixture(scope="module")
def enable():
    return lexicon.load()


def adapter_for(enable, racks):
    game = game_from_position(
        {
            "game": "wordgame",
            "players": ["Ann", "Bob"],
            "board": ["." * 15] * 15,
            "racks": racks,
            "bag": "",
            "scores": [0, 0],
            "turn": 0,
            "seed": 1,
        },
        enable,
    )
    return game, WordgameAdapter(game, load_layout().for_game("wordgame", 2), enable)


def piece(game, tid):
    return Piece("wordgame", str(tid), game.tiles[tid].letter, tid)


def rack_tile(game, player, letter):
    return next(t for t in game.racks[player] if game.tiles[t].letter == letter)


def test_a_blank_that_only_one_letter_fits_is_inferred(enable):
    game, ad = adapter_for(enable, ["ZEBR?", "AB"])
    laid = {112 + i: piece(game, rack_tile(game, 0, ch)) for i, ch in enumerate("ZEBR?")}
    reply = ad.ok(0, Table(laid, 0), 0)
    ((action, _),) = reply.actions
    assert action["placements"][-1]["letter"] == "A"  # ZEBRA is the only word ZEBR_ makes
    assert ad.modal is None


def test_a_blank_with_several_letters_opens_the_letter_picker(enable):
    game, ad = adapter_for(enable, ["CAT?", "AB"])
    laid = {112 + i: piece(game, rack_tile(game, 0, ch)) for i, ch in enumerate("CAT?")}
    reply = ad.ok(0, Table(laid, 0), 0)
    assert reply.actions == [] and isinstance(ad.modal, LetterModal)
    ad.press(0, NEXT, Table(laid, 0), 0)  # B
    reply = ad.press(0, NEXT, Table(laid, 0), 0)  # C
    reply = ad.press(0, OK, Table(laid, 0), 0)
    ((action, _),) = reply.actions
    assert action["placements"][-1]["letter"] == "C"


def test_a_tile_of_the_same_letter_stands_in_for_the_one_on_the_rack(enable):
    game, ad = adapter_for(enable, ["WORD", "AB"])
    other_w = next(i for i, t in enumerate(game.tiles) if t.letter == "W" and i not in game.racks[0])
    laid = {112: piece(game, other_w)} | {
        112 + 15 * (i + 1): piece(game, rack_tile(game, 0, ch)) for i, ch in enumerate("ORD")
    }
    ((action, _),) = ad.ok(0, Table(laid, 0), 0).actions
    assert action["placements"][0]["tile"] == rack_tile(game, 0, "W")


def test_a_tile_lifted_from_a_played_word_is_reported_and_ok_waits(enable):
    game, ad = adapter_for(enable, ["WORDS", "AB"])
    laid = {112 + 15 * i: piece(game, rack_tile(game, 0, ch)) for i, ch in enumerate("WORD")}
    ((action, at),) = ad.ok(0, Table(laid, 0), 0).actions
    game.apply(action, at)
    del laid[112 + 45]
    assert ad.problems(Table(laid, 0)) == ["The D on H11 was lifted. Please put it back."]
    assert ad.ok(1, Table(laid, 0), 0).error == "The D on H11 was lifted. Please put it back."
