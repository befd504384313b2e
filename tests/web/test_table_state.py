"""What the page is told: pieces by their faces, the box, the kiosk's clock, a move in a few words."""

from __future__ import annotations

from wordtable.table.layout import load_layout
from wordtable.table.sim_pieces import virtual_uid
from wordtable.table.tags import load_set
from wordtable.web.kiosk import KioskClock
from wordtable.web.sessionview import summary
from wordtable.web.tablestate import PieceNamer, TableState, box_json


def test_pieces_show_their_letter_and_points_or_their_card_face() -> None:
    namer = PieceNamer()
    a = namer.face(virtual_uid("wordgame", "0"))
    assert a is not None and (a.text, a.corner, a.label, a.shape) == ("A", "1", "A 1 of 8", "tile")
    blank = namer.face(virtual_uid("wordgame", "103"))
    assert blank is not None and (blank.text, blank.label, blank.shape) == ("", "blank 2 of 2", "tile")
    card = load_set("wordchain").piece("wc-c01")
    assert card.label == "B/S/7"
    face = namer.face(virtual_uid("wordchain", card.id))
    assert face is not None and (face.text, face.corner, face.suit, face.shape) == ("B", "♠7", "S", "card")
    assert namer.face(bytes.fromhex("04000000000000")) is None


def test_the_box_holds_what_is_not_on_the_table_or_only_what_was_dealt() -> None:
    everything = box_json(["wordgame"], [])
    assert len(everything) == len(load_set("wordgame").pieces) == 104
    on_table = [virtual_uid("wordgame", "0"), virtual_uid("wordgame", "1")]
    assert len(box_json(["wordgame"], on_table)) == 102
    dealt = [virtual_uid("wordgame", "1"), virtual_uid("wordgame", "50")]
    assert [p["uid"] for p in box_json(["wordgame"], on_table, dealt)] == [dealt[1].hex()]


def test_unknown_tags_are_drawn_as_unknown_with_their_uid() -> None:
    state = TableState(load_layout(), PieceNamer()).build(
        {3: bytes.fromhex("04aabbccddeeff")},
        sim=True,
        linked=True,
        board_name="sim",
        panel={"version": 0},
        kiosk={"on": False},
        writable=True,
    )
    assert state["cells"]["3"]["text"] == "?"
    assert state["cells"]["3"]["label"] == "unknown tag 04aabbccddeeff"
    assert state["zones"] == []


def test_the_kiosk_resets_once_after_the_idle_time_and_wakes_on_a_touch() -> None:
    clock = KioskClock(idle_reset_s=60, last_activity=1000.0)
    assert not clock.due(1059.0)
    clock.touch(1050.0)
    assert not clock.due(1109.0)
    assert clock.due(1110.0) and clock.state == "attract"
    assert not clock.due(1500.0) and clock.resets == 1
    assert clock.touch(1501.0) and clock.state == "active"
    assert not clock.touch(1502.0)


def test_a_move_in_a_few_words() -> None:
    assert summary({"type": "place", "words": ["CAT", "AT"]}) == "CAT AT"
    assert summary({"type": "exchange", "tiles": [1, 2, 3]}) == "swapped 3 tiles"
    assert summary({"type": "exchange", "tiles": [1]}) == "swapped 1 tile"
    assert summary({"type": "pass"}) == "passed"
    assert summary({"type": "word", "cards": ["@", "N♥7", "O♦1", "P♣8"]}) == "NOP"
