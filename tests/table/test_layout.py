"""Table layouts: the shipped layout's zones for every game and player count, the O(1) lookup,
and clear errors for layout files that are wrong."""

from __future__ import annotations

import copy
import json

import pytest
from wordtable.games.crossword_rules import load_data
from wordtable.table.layout import (
    BOARD,
    BUTTONS,
    CENTRE,
    CHAIN,
    CHAIN_DOUBLE,
    DISCARD,
    LANE,
    LINK,
    MELD,
    RACK,
    LayoutError,
    TableLayout,
    ZoneRef,
    load_layout,
)


@pytest.fixture(scope="module")
def layout() -> TableLayout:
    return load_layout()


@pytest.fixture
def data() -> dict:
    return copy.deepcopy(load_layout().data)


def grid(row: int, col: int) -> int:
    return row * 15 + col


def seat(s: int, k: int) -> int:
    return 225 + s * 24 + k


def test_standard_layout_matches_the_boards_geometry(layout):
    assert layout.geometry.grid == (15, 15) and layout.geometry.ncells == 321
    layout.check_board((15, 15), 4, 24)
    with pytest.raises(LayoutError, match=r"board has a 9x9 grid.*layout 'standard'.*15x15"):
        layout.check_board((9, 9), 4, 24)


def test_every_game_has_zones_for_each_player_count(layout):
    expected = {
        "wordgame": (2, 2),
        "wordability": (2, 4),
        "wordchain": (2, 4),
        "wordcard": (2, 4),
        "wordsnake": (2, 5),
    }
    assert layout.game_players == expected
    for game, (lo, hi) in expected.items():
        for n in range(lo, hi + 1):
            g = layout.for_game(game, n)
            assert len(g.seats) == n


@pytest.mark.parametrize("game", ["wordgame", "wordability"])
def test_crossword_board_covers_the_grid_at_the_games_size(layout, game):
    size = load_data(game)["board"]
    g = layout.for_game(game, 2)
    board = g.zone(BOARD)
    assert board.shape == (size["height"], size["width"]) == (15, 15)
    assert g.zone_at(grid(7, 7)) == ZoneRef(BOARD, None, 7 * 15 + 7)
    assert g.zone_at(grid(14, 14)) == ZoneRef(BOARD, None, 224)


def test_two_player_games_sit_face_to_face(layout):
    g = layout.for_game("wordgame", 2)
    assert g.seats == (0, 2)
    assert g.zone_at(seat(2, 3)) == ZoneRef(RACK, 2, 3)
    assert g.zone_at(seat(0, 7)) == ZoneRef(RACK, 0, 7)
    assert g.zone_at(seat(0, 8)) is None  # a rack of 8
    assert g.zone_at(seat(1, 0)) is None  # nobody at seat 1
    assert g.player_at(2) == 1 and g.player_at(1) is None


def test_wordability_racks_hold_seven(layout):
    g = layout.for_game("wordability", 4)
    assert [len(z) for z in g.zones_of(RACK)] == [7, 7, 7, 7]
    assert g.zone_at(seat(3, 6)) == ZoneRef(RACK, 3, 6) and g.zone_at(seat(3, 7)) is None


def test_wordchain_link_slot_and_chain_rows(layout):
    g = layout.for_game("wordchain", 3)
    assert g.zone_at(grid(7, 0)) == ZoneRef(LINK, None, 0)
    assert g.zone_at(grid(7, 1)) == ZoneRef(CHAIN, None, 0)
    assert g.zone_at(grid(7, 14)) == ZoneRef(CHAIN, None, 13)
    assert g.zone_at(grid(8, 1)) == ZoneRef(CHAIN_DOUBLE, None, 0)
    assert g.zone_at(grid(0, 0)) is None


def test_wordsnake_fifth_seat_uses_the_grids_top_rows_and_button_cells(layout):
    g = layout.for_game("wordsnake", 5)
    assert g.seats == (0, 1, 2, 3, 4)
    lane4 = g.zone(LANE, 4)
    assert len(lane4) == 24 == len(g.zone(LANE, 0))
    assert g.zone_at(grid(0, 0)) == ZoneRef(LANE, 4, 0)
    assert g.zone_at(grid(1, 0)) == ZoneRef(LANE, 4, 15)
    assert g.zone_at(grid(1, 8)) == ZoneRef(LANE, 4, 23)
    assert g.zone_at(grid(2, 3)) == ZoneRef(BUTTONS, 4, 3)
    assert sorted(g.zone(CENTRE).cells) == sorted(grid(r, c) for r in (6, 7, 8) for c in (6, 7, 8))
    # with four players the fifth seat's cells are free
    g4 = layout.for_game("wordsnake", 4)
    assert g4.zone_at(grid(0, 0)) is None and not g4.has_zone(BUTTONS, 4)


def test_wordcard_meld_areas_continue_into_the_grid_near_each_seat(layout):
    g = layout.for_game("wordcard", 4)
    assert g.zone_at(grid(7, 7)) == ZoneRef(DISCARD, None, 0)
    assert g.zone_at(seat(1, 23)) == ZoneRef(MELD, 1, 23)
    # seat 1's grid band runs down the left columns, column by column
    assert g.zone_at(grid(2, 0)) == ZoneRef(MELD, 1, 24)
    assert g.zone_at(grid(3, 0)) == ZoneRef(MELD, 1, 25)
    assert g.zone_at(grid(2, 1)) == ZoneRef(MELD, 1, 24 + 11)
    assert g.zone_at(grid(13, 2)) == ZoneRef(MELD, 0, 24)
    assert [len(z) for z in g.zones_of(MELD)] == [46] * 4


def test_lookup_is_the_inverse_of_every_zone_in_every_game(layout):
    for game, (lo, hi) in layout.game_players.items():
        for n in range(lo, hi + 1):
            g = layout.for_game(game, n)
            seen = set()
            for zone in g.zones:
                for i, cell in enumerate(zone.cells):
                    assert g.zone_at(cell) == ZoneRef(zone.kind, zone.seat, i)
                    assert g.cell(zone.kind, zone.seat, i) == cell
                    seen.add(cell)
            unused = set(range(321)) - seen
            assert all(g.zone_at(c) is None for c in unused)
            assert g.zone_at(-1) is None and g.zone_at(321) is None


def test_unknown_game_or_player_count_names_what_exists(layout):
    with pytest.raises(LayoutError, match="no zones for the game 'chess'.*wordgame"):
        layout.for_game("chess", 2)
    with pytest.raises(LayoutError, match="wordgame on the 'standard' table is for 2 to 2 players, not 3"):
        layout.for_game("wordgame", 3)
    with pytest.raises(KeyError, match="no rack zone of seat 1"):
        layout.for_game("wordgame", 2).zone(RACK, 1)


def test_overlapping_zones_are_refused_naming_the_cell_and_both_zones(data):
    data["games"]["wordgame"]["zones"].append({"kind": "discard", "cells": {"grid": {"row": 7, "col": 7}}})
    with pytest.raises(
        LayoutError,
        match=r"'wordgame' with 2 players: zones overlap: grid row 8, column 8 "
        r"\(cell 112\) is in discard and board",
    ):
        TableLayout(data, "test.json")


def test_overlap_between_two_seats_zones_is_refused(data):
    data["games"]["wordability"]["zones"].append(
        {"kind": "meld", "seat": 1, "cells": {"seat_row": {"seat": 0, "start": 3, "count": 2}}}
    )
    with pytest.raises(
        LayoutError,
        match=r"with 3 players: zones overlap: seat 1's row, place 4 .* meld of seat 1 "
        r"and rack of seat 0",
    ):
        TableLayout(data, "test.json")


def test_cells_outside_the_table_are_refused(data):
    data["games"]["wordchain"]["zones"].append({"kind": "extra", "cells": {"cells": [320, 321]}})
    with pytest.raises(LayoutError, match=r"extra: cell 321 is outside the table \(cells 0 to 320\)"):
        TableLayout(data, "test.json")


def test_a_grid_region_past_the_edge_is_refused(data):
    data["games"]["wordchain"]["zones"][1]["cells"]["grid"]["cols"] = 15
    with pytest.raises(
        LayoutError, match=r"chain: grid rows 8 to 8, columns 2 to 16 are outside the table's 15x15 grid"
    ):
        TableLayout(data, "test.json")


def test_a_seat_without_a_seat_row_needs_an_override(data):
    del data["games"]["wordsnake"]["zones"][1]["seat_override"]
    with pytest.raises(
        LayoutError,
        match=r"with 5 players: lane of seat 4: the table has seat rows for seats 0 to 3, "
        r"not seat 4; give this seat its cells with seat_override",
    ):
        TableLayout(data, "test.json")


def test_a_rack_longer_than_the_seat_row_is_refused(data):
    data["games"]["wordgame"]["zones"][1]["cells"]["seat_row"]["count"] = 25
    with pytest.raises(LayoutError, match=r"places 1 to 25 are outside seat 0's row of 24"):
        TableLayout(data, "test.json")


def test_board_size_must_match_the_board_zone(data):
    data["games"]["wordgame"]["board_size"] = [11, 11]
    with pytest.raises(LayoutError, match=r"the game's board is 11x11.*found 15x15"):
        TableLayout(data, "test.json")


def test_missing_seating_and_unknown_keys_are_named(data):
    bad = copy.deepcopy(data)
    del bad["seating"]["3"]
    with pytest.raises(LayoutError, match=r"game 'wordability': no seating for 3 players"):
        TableLayout(bad, "test.json")
    data["games"]["wordgame"]["zones"][0]["colour"] = "red"
    with pytest.raises(LayoutError, match=r"zone 1: unknown key\(s\) colour"):
        TableLayout(data, "test.json")


def test_layout_files_are_loaded_by_path_with_clear_errors(tmp_path, data):
    good = tmp_path / "mine.json"
    good.write_text(json.dumps(data))
    assert load_layout(good).games == load_layout().games
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    with pytest.raises(LayoutError, match=r"broken.json is not valid JSON"):
        load_layout(broken)
    with pytest.raises(LayoutError, match=r"No table layout .*nosuch.json; layouts here: standard"):
        load_layout("nosuch")


def test_cells_are_described_in_words_a_person_can_find(layout):
    g = layout.geometry
    assert g.describe_cell(0) == "grid row 1, column 1"
    assert g.describe_cell(grid(7, 7)) == "grid row 8, column 8"
    assert g.describe_cell(seat(2, 3)) == "seat 3's row, place 4"
    assert g.describe_cell(400) == "cell 400 (not on this table)"


def test_enrollment_marks_the_whole_grid(layout):
    assert layout.enroll_cells() == tuple(range(225))
