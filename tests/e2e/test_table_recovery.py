"""The table survives: a host killed mid-move, a board restarted mid-move, unknown and duplicate tags,
and a tile flickering between two cells, all on the simulated board over a pseudo-terminal."""

from __future__ import annotations

import pytest
from wordtable.display.views import TagProblemView
from wordtable.games.registry import game_from_position
from wordtable.table.adapters.base import OK
from wordtable.table.sim_pieces import virtual_uid

from .table_play import TablePlay, enable, wait_until
from .test_table_crossword import PLAYERS, WORDGAME_END, cell, tiles

pytestmark = pytest.mark.e2e


@pytest.fixture
def table(tmp_path):
    t = TablePlay(tmp_path, positions={"wordgame": WORDGAME_END}, seed=3)
    t.choose_game("wordgame", 0, [0, 0])
    yield t
    t.close()


def pure_game():
    return game_from_position(dict(WORDGAME_END, game="wordgame", players=PLAYERS), enable())


def lay_word(t, pure, letters="WORD", squares=("H8", "H9", "H10", "H11")):
    for name, tid in zip(squares, tiles(pure, 0, letters), strict=True):
        t.lay(cell(name), "wordgame", str(tid))


def test_a_host_killed_mid_move_finds_the_laid_tiles_on_the_table_and_commits_them(table):
    t = table
    pure = pure_game()
    lay_word(t, pure)
    t.settled()
    t.restart_host()  # the tiles were laid, OK not yet pressed
    s = t.session
    assert s.state == "play" and s.game.board.count == 0 and s.moves == 0
    t.press(0, OK)
    wait_until(lambda: s.game.board.count == 4, what="the recovered move")
    assert s.game.scores == [10, 0]
    assert [mv.action["type"] for mv in s.store.moves(s.game_id)] == ["place"]


def test_a_tile_moved_while_the_host_was_down_is_reported_and_the_game_waits(table):
    t = table
    pure = pure_game()
    lay_word(t, pure)
    t.press(0, OK)
    wait_until(lambda: t.session.moves == 1, what="WORD")
    t.host.kill()
    t.lift(cell("H11"))  # the D is taken off while the host is down
    t.restart_host()
    s = t.session
    t.settled()
    wait_until(lambda: s.current_view().title == "Check the table", what="the difference shown")
    assert s.current_view().lines == ("The D on H11 was lifted. Please put it back.",)
    t.press(2, OK)  # refused while the table differs
    assert s.moves == 0 and s.current_view().title == "Not yet"
    wait_until(lambda: "beep=220,150,2" in t.hands.control("feedback"), what="the refusal's low double beep")
    t.lay(cell("H11"), "wordgame", str(tiles(pure, 0, "D")[0]))
    t.settled()
    wait_until(lambda: s.current_view().__class__.__name__ == "StatusView", what="the table to match")


def test_a_board_restart_mid_move_keeps_the_pending_tiles(table):
    t = table
    pure = pure_game()
    lay_word(t, pure)
    t.settled()
    t.sim.restart()  # the firmware restarts; its world keeps the tiles
    wait_until(lambda: t.host.link.link_count >= 2 and t.host.link.linked, what="the board back")
    s = t.session
    t.press(0, OK)
    wait_until(lambda: s.moves == 1, what="the move after the restart")
    assert s.game.scores == [10, 0]


def test_an_unknown_tag_is_shown_and_never_enters_play(table):
    t = table
    s = t.session
    stranger = bytes.fromhex("04deadbeef0001")
    t.lay_uid(cell("H8"), stranger)
    t.settled()
    view = s.current_view()
    assert (
        isinstance(view, TagProblemView)
        and view.message == "This piece is not known. Please take it off the table."
    )
    assert view.where == "H8"
    t.press(0, OK)
    assert s.moves == 0
    t.lift(cell("H8"))
    t.settled()
    assert not isinstance(s.current_view(), TagProblemView)


def test_a_tile_of_another_set_is_shown_and_never_enters_play(table):
    t = table
    s = t.session
    t.lay_uid(cell("H8"), virtual_uid("wordchain", "wc-c20"))
    t.settled()
    view = s.current_view()
    assert isinstance(view, TagProblemView) and "This game uses the wordgame tiles" in view.message


def test_two_tags_claiming_one_tile_are_shown_and_never_enter_play(table):
    t = table
    s = t.session
    pure = pure_game()
    w = tiles(pure, 0, "W")[0]
    uid = virtual_uid("wordgame", str(w))
    # A cloned tag: the simulated table refuses one tag on two cells through its control channel (a
    # physical tag is in one place), so the copy is written into its world file while it is off.
    t.sim.kill()
    with open(t.sim.world_path, "a") as f:
        f.write(f"{cell('H8')} {uid.hex()}\n{cell('H9')} {uid.hex()}\n")
    t.sim.start()
    wait_until(lambda: t.host.link.link_count >= 2 and t.host.link.linked, what="the board back")
    t.settled()
    view = s.current_view()
    assert isinstance(view, TagProblemView) and view.message.startswith("Two pieces say they are W")
    assert view.where == "H8 and H9"
    wait_until(lambda: s.table.quiet)
    before = s.presses_handled
    t.hands.tap(0, OK)
    wait_until(lambda: s.presses_handled > before)
    assert s.moves == 0


def test_a_tile_flickering_between_two_cells_counts_only_where_it_settles(table):
    t = table
    s = t.session
    pure = pure_game()
    w, o, r, d = tiles(pure, 0, "WORD")
    for name, tid in zip(["H8", "H9", "H10"], [w, o, r], strict=True):
        t.lay(cell(name), "wordgame", str(tid))
    # the D slides back and forth between H11 and I11 before it comes to rest on H11
    for _ in range(3):
        t.lay(cell("I11"), "wordgame", str(d))
        t.lift(cell("I11"))
        t.lay(cell("H11"), "wordgame", str(d))
        t.lift(cell("H11"))
    t.hands.control(f"flicker {cell('H11')} {virtual_uid('wordgame', str(d)).hex()} 6")
    t.lay(cell("H11"), "wordgame", str(d))
    t.press(0, OK)
    wait_until(lambda: s.moves == 1, what="WORD")
    assert [p["cell"] for p in s.game.history[0].action["placements"]] == ["H8", "H9", "H10", "H11"]
    assert s.game.scores == [10, 0]
