"""Piece sets derived from the games' data, the NDEF record, the registry in the real SQLite store,
and the tag problems a person is told about."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from wordtable.games.cards import load_deck
from wordtable.games.crossword_board import TileSet
from wordtable.games.crossword_rules import load_data
from wordtable.store import Store
from wordtable.table.layout import load_layout
from wordtable.table.tags import (
    DUPLICATE,
    OTHER_SET,
    UNKNOWN,
    Piece,
    TagError,
    TagProblem,
    TagRegistry,
    available_sets,
    decode_ndef,
    duplicates,
    encode_ndef,
    identify,
    load_set,
)

UID1 = bytes.fromhex("04a1b2c3d4e5f6")
UID2 = bytes.fromhex("04a1b2c3d4e5f7")
UID3 = bytes.fromhex("04a1b2c3d4e5f8")


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "wordtable.db") as s:
        yield s


@pytest.fixture
def registry(store) -> TagRegistry:
    return TagRegistry(store.conn)


def test_every_shipped_set_loads_with_a_distinct_code():
    names = available_sets()
    assert set(names) >= {"wordgame", "wordability", "wordchain", "wordcard", "wordsnake", "markers"}
    codes = [load_set(n).code for n in names]
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("game", ["wordgame", "wordability"])
def test_tile_sets_are_the_games_tiles_in_the_games_order(game):
    tiles = load_data(game)["tiles"]
    tileset = TileSet({k: v[1] for k, v in tiles.items()}, {k: v[0] for k, v in tiles.items()})
    pieces = load_set(game).pieces
    assert len(pieces) == len(tileset.tiles) == sum(v[1] for v in tiles.values())
    for i, (piece, tile) in enumerate(zip(pieces, tileset.tiles, strict=True)):
        assert piece.game_id == i and piece.id == str(i)
        assert piece.label.split()[0] == ("blank" if tile.letter == "?" else tile.letter)
    letters = Counter(p.label.split()[0] for p in pieces)
    assert letters["E"] == tiles["E"][1]


def test_wordgame_set_has_102_letters_and_2_blanks():
    pieces = load_set("wordgame").pieces
    assert len(pieces) == 104
    assert [p.label for p in pieces[-2:]] == ["blank 1 of 2", "blank 2 of 2"]
    assert pieces[0].label == "A 1 of 8" and load_set("wordgame").piece("7").label == "A 8 of 8"


@pytest.mark.parametrize(
    "name,deck",
    [("wordchain", "wordchain_deck"), ("wordcard", "wordcard_deck"), ("wordsnake", "wordsnake_deck")],
)
def test_card_sets_are_the_decks_cards(name, deck):
    cards = load_deck(deck).cards
    pieces = load_set(name).pieces
    assert [p.id for p in pieces] == [c.id for c in cards] == [p.game_id for p in pieces]


def test_wordcard_set_has_108_cards():
    assert len(load_set("wordcard")) == 108


def test_a_set_whose_deck_file_is_missing_says_which_file(tmp_path, monkeypatch):
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "lost.json").write_text(
        json.dumps({"name": "lost", "code": "zz", "from": {"deck": "no_such_deck"}})
    )
    monkeypatch.setenv("WORDTABLE_HARDWARE", str(tmp_path))
    with pytest.raises(
        TagError, match=r"lost.json: its cards come from the game data file no_such_deck.json"
    ):
        load_set("lost")
    with pytest.raises(TagError, match=r"There is no piece set 'nope'. Sets: lost."):
        load_set("nope")


def test_ndef_record_round_trips_and_a_tile_fits_pages_4_to_7():
    data = encode_ndef("wg", "103")
    assert len(data) == 16  # one NTAG READ (pages 4 to 7)
    assert data[:2] == bytes([0x03, 0x0D]) and data[2:6] == bytes([0xD1, 0x01, 0x09]) + b"T"
    assert data[6:9] == b"\x02en" and data[9:15] == b"wg:103" and data[15] == 0xFE
    assert decode_ndef(data) == ("wg", "103")
    card = encode_ndef("wc", "wc-c17")
    assert len(card) == 20 and decode_ndef(card) == ("wc", "wc-c17")


def test_ndef_errors_say_what_the_tag_holds():
    with pytest.raises(TagError, match="holds no NDEF message"):
        decode_ndef(bytes(16))
    foreign = bytes([0x03, 0x0C, 0xD1, 0x01, 0x08]) + b"T" + bytes([0x02]) + b"en" + b"hello" + b"\xfe"
    with pytest.raises(TagError, match=r"says 'hello', which is not a wordtable piece \(expected SET:PIECE"):
        decode_ndef(foreign)
    with pytest.raises(TagError, match="without spaces or colons"):
        encode_ndef("wg", "1 2")


def test_enrolled_tags_survive_reopening_the_store(tmp_path):
    path = tmp_path / "wordtable.db"
    e5 = load_set("wordgame").piece("30")
    with Store(path) as s:
        TagRegistry(s.conn).enroll(UID1, e5)
    with Store(path) as s:
        reg = TagRegistry(s.conn)
        got = reg.lookup(UID1)
        assert (got.set, got.piece) == ("wordgame", "30")
        assert reg.uid_of("wordgame", "30") == UID1
        assert reg.counts() == {"wordgame": 1}


def test_a_piece_cannot_get_a_second_tag_without_replace(registry):
    piece = load_set("wordgame").piece("0")
    registry.enroll(UID1, piece)
    registry.enroll(UID1, piece)  # the same tag again changes nothing
    with pytest.raises(
        TagError, match=r"A 1 of 8 \(wordgame 0\) already has a tag \(04a1b2c3d4e5f6\).*--replace"
    ):
        registry.enroll(UID2, piece)
    registry.enroll(UID2, piece, replace=True)
    assert registry.lookup(UID1) is None and registry.uid_of("wordgame", "0") == UID2


def test_a_tag_cannot_become_a_second_piece_without_replace(registry):
    registry.enroll(UID1, load_set("wordgame").piece("0"))
    other = load_set("wordchain").piece("wc-c01")
    with pytest.raises(TagError, match=r"already wordgame piece 0. To give it to B/S/7 \(wordchain wc-c01\)"):
        registry.enroll(UID1, other)
    registry.enroll(UID1, other, replace=True)
    assert registry.lookup(UID1).set == "wordchain"
    assert registry.uid_of("wordgame", "0") is None
    assert registry.forget(UID1) and not registry.forget(UID1)


def test_identify_returns_the_piece_of_the_game_in_play(registry):
    piece = load_set("wordgame").piece("103")
    registry.enroll(UID1, piece)
    assert identify(registry, UID1, 5, ["wordgame"]) == Piece("wordgame", "103", "blank 2 of 2", 103)


def test_an_unknown_tag_is_a_problem_in_plain_words(registry):
    geometry = load_layout().geometry
    problem = identify(registry, UID3, 225 + 24 + 2, ["wordgame"], geometry)
    assert isinstance(problem, TagProblem) and problem.kind == UNKNOWN
    assert problem.message == "This piece is not known. Please take it off the table."
    assert "04a1b2c3d4e5f8 at seat 2's row, place 3 is not enrolled" in problem.detail
    assert problem.cells == (225 + 24 + 2,)


def test_a_piece_of_another_set_is_named_with_its_set(registry):
    registry.enroll(UID1, load_set("wordchain").piece("wc-c01"))
    problem = identify(registry, UID1, 112, ["wordgame"])
    assert problem.kind == OTHER_SET
    assert problem.message == (
        "This is B/S/7 from the WORDCHAIN cards. This game uses the wordgame tiles. "
        "Please put it back in its box."
    )


def test_two_cells_with_one_identity_are_both_reported(registry):
    registry.enroll(UID1, load_set("wordgame").piece("18"))
    geometry = load_layout().geometry
    # a copied tag: the same UID read on two cells
    problems = duplicates(registry, {3: UID1, 240: UID1, 50: UID2}, geometry)
    assert len(problems) == 1
    p = problems[0]
    assert p.kind == DUPLICATE and p.cells == (3, 240)
    assert p.message == "Two pieces say they are E 1 of 13. Please take one of them away."
    assert "grid row 1, column 4 and seat 1's row, place 16" in p.detail
    assert duplicates(registry, {3: UID1, 50: UID2}) == []


def test_tags_sets_and_forget_commands(tmp_path, capsys):
    from wordtable.cli import main

    db = tmp_path / "w.db"
    with Store(db) as s:
        TagRegistry(s.conn).enroll(UID1, load_set("wordgame").piece("0"))
    assert main(["tags", "sets", "--db", str(db)]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "104 pieces,    1 enrolled  (code wg)" in lines["wordgame"]
    assert "108 pieces,    0 enrolled  (code wk)" in lines["wordcard"]
    assert main(["tags", "forget", UID1.hex(), "--db", str(db)]) == 0
    assert main(["tags", "forget", UID1.hex(), "--db", str(db)]) == 2
    assert "no tag 04a1b2c3d4e5f6 is enrolled" in capsys.readouterr().err
    assert main(["tags", "forget", "xyz", "--db", str(db)]) == 2
    assert "'xyz' is not a UID in hex" in capsys.readouterr().err


def test_a_whole_table_is_checked_duplicates_first_then_cell_by_cell(registry):
    from wordtable.table.tags import table_problems

    registry.enroll(UID1, load_set("wordgame").piece("18"))
    registry.enroll(UID2, load_set("wordchain").piece("wc-c01"))
    cells = {7: UID1, 9: UID1, 20: UID2, 30: UID3, 40: bytes.fromhex("04000000000001")}
    registry.enroll(cells[40], load_set("wordgame").piece("0"))
    problems = table_problems(registry, cells, ["wordgame"])
    assert [(p.kind, p.cells) for p in problems] == [
        (DUPLICATE, (7, 9)),
        (OTHER_SET, (20,)),
        (UNKNOWN, (30,)),
    ]
    assert table_problems(registry, {40: cells[40]}, ["wordgame"]) == []
