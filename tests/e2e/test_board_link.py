"""The firmware on the MicroPython unix port on one side of a pseudo-terminal, the host with
pyserial on the other: events arrive, the display shows what the host sent, and nothing is lost
when the firmware restarts, the host restarts, the cable is pulled, or the line is noisy."""

from __future__ import annotations

import os
import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont
from wordtable.table.board_events import BoardLinked, BoardLost, ButtonChanged, CellChanged, TableReconciled
from wordtable.table.link import BoardLink
from wtproto import messages as m

from .conftest import drain, wait_for, wait_until

UID_A = bytes.fromhex("04a0de00000041")
UID_B = bytes.fromhex("04a0de00000142")
UID_C = bytes.fromhex("04a0de00000243")

pytestmark = pytest.mark.e2e


def cell_event(cell, uid=None):
    return lambda ev: isinstance(ev, CellChanged) and ev.cell == cell and ev.uid == uid


def test_handshake_reports_the_table_geometry(sim, link):
    info = link.info
    assert info.board_name == "sim"
    assert info.grid == (15, 15) and info.seats == 4 and info.seat_cells == 24
    assert info.ncells == 321 == sim.ncells
    assert info.display_size == (296, 128)


def test_tag_laid_on_the_table_reaches_the_host_as_a_cell_event(sim, link):
    sim.place(112, UID_A)
    ev = wait_for(link, lambda e: isinstance(e, CellChanged))
    assert (ev.cell, ev.uid, ev.source) == (112, UID_A, "event")
    assert link.cells == {112: UID_A}


def test_lifted_tag_reaches_the_host_as_an_empty_cell(sim, link):
    sim.place(5, UID_A)
    wait_for(link, cell_event(5, UID_A))
    sim.lift(5)
    wait_for(link, cell_event(5, None))
    assert link.cells == {}


def test_seat_cells_and_ten_byte_uids_arrive(sim, link):
    uid10 = bytes(range(1, 11))
    last = sim.ncells - 1
    sim.place(last, uid10)
    ev = wait_for(link, lambda e: isinstance(e, CellChanged))
    assert (ev.cell, ev.uid) == (last, uid10)


def test_button_press_and_release_reach_the_host_in_order(sim, link):
    sim.tap(2, 0)
    down = wait_for(link, lambda e: isinstance(e, ButtonChanged))
    up = wait_for(link, lambda e: isinstance(e, ButtonChanged))
    assert (down.seat, down.button, down.pressed) == (2, 0, True)
    assert (up.seat, up.button, up.pressed) == (2, 0, False)


def test_a_flickering_tile_is_reported_once_when_it_settles(sim, link):
    sim.control(f"flicker 40 {UID_B.hex()} 8")
    sim.place(40, UID_B)
    wait_for(link, cell_event(40, UID_B))
    assert [e for e in drain(link, 0.3) if isinstance(e, CellChanged)] == []


def test_a_tile_flickering_at_the_edge_of_a_cell_and_gone_produces_no_event(sim, link):
    sim.control(f"flicker 41 {UID_B.hex()} 12")
    assert [e for e in drain(link, 0.5) if isinstance(e, CellChanged)] == []
    assert link.cells == {}


def sample_image(size, text="wordtable", seed=0):
    img = Image.new("1", size, 1)
    d = ImageDraw.Draw(img)
    d.text((5, 5), text, font=ImageFont.load_default(size=28), fill=0)
    rng = random.Random(seed)
    for _ in range(12):
        x, y = rng.randrange(size[0]), rng.randrange(40, size[1])
        d.rectangle((x, y, x + rng.randrange(3, 40), y + rng.randrange(3, 20)), fill=rng.randrange(2))
    return img


def same_image(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def panel_shows(sim, img: Image.Image) -> bool:
    """The panel's last refresh shows ``img`` (False while the panel has not refreshed yet)."""
    return os.path.exists(sim.panel_path) and same_image(sim.panel_image(), img)


def test_display_update_appears_on_the_panel_exactly(sim, link):
    img = sample_image(link.info.display_size)
    before = sim.panel_refreshes()
    link.show(img, full=True)
    wait_until(lambda: sim.panel_refreshes() > before, what="panel refresh")
    assert same_image(sim.panel_image(), img)


def test_partial_update_sends_only_the_changed_region_and_the_panel_matches(sim, link):
    first = sample_image(link.info.display_size, "first")
    link.show(first, full=True)
    wait_until(lambda: panel_shows(sim, first), what="first image")
    second = first.copy()
    ImageDraw.Draw(second).rectangle((200, 90, 230, 110), fill=0)
    sent = link.show(second)
    assert 0 < sent < 200  # the 32x21 region, not the 4.7 KB panel
    wait_until(lambda: panel_shows(sim, second), what="partial update")


def test_firmware_killed_and_restarted_the_host_reconnects_and_still_knows_every_tile(sim, link):
    for cell, uid in ((0, UID_A), (112, UID_B), (300, UID_C)):
        sim.place(cell, uid)
        wait_for(link, cell_event(cell, uid))
    img = sample_image(link.info.display_size, "kept")
    link.show(img, full=True)
    wait_until(lambda: panel_shows(sim, img), what="image before restart")
    old_boot = link.info.boot_id

    sim.kill()
    wait_for(link, lambda e: isinstance(e, BoardLost), timeout=8)
    os.unlink(sim.panel_path)
    sim.start()

    linked = wait_for(link, lambda e: isinstance(e, BoardLinked), timeout=10)
    assert linked.restarted and link.info.boot_id != old_boot
    rec = wait_for(link, lambda e: isinstance(e, TableReconciled), timeout=5)
    assert rec.changes == ()
    assert link.cells == {0: UID_A, 112: UID_B, 300: UID_C}
    # The host redraws the screen it had shown: the restarted panel is not left blank.
    wait_until(lambda: panel_shows(sim, img), what="screen restored after restart")
    uid_d = bytes.fromhex("04a0de00000344")
    sim.place(113, uid_d)
    wait_for(link, cell_event(113, uid_d))


def test_tile_moved_while_the_host_was_away_is_found_when_it_reconnects(sim):
    with BoardLink(sim.port) as first:
        first.wait_linked(10)
        sim.place(10, UID_A)
        wait_for(first, cell_event(10, UID_A))
    # The host is gone: a tile is laid, one is lifted, a button is pressed.
    sim.place(20, UID_B)
    sim.lift(10)
    sim.tap(1, 3)
    with BoardLink(sim.port) as second:
        second.wait_linked(10)
        assert second.cells == {20: UID_B}
        presses = [e for e in drain(second, 0.5) if isinstance(e, ButtonChanged)]
        assert [(e.seat, e.button, e.pressed) for e in presses] == [(1, 3, True), (1, 3, False)]


def test_a_burst_of_line_noise_loses_no_event(sim, link):
    cells = list(range(50, 90))
    sim.cable.noise(rate=0.03, seconds=1.5, seed=3)
    for i, cell in enumerate(cells):
        sim.place(cell, bytes([4, i, 0xA0, 0xDE, 0, 0, 0x41]))
    got = []
    wait_until(
        lambda: (
            got.extend(e for e in drain(link, 0.05) if isinstance(e, CellChanged))
            or {e.cell for e in got if e.uid} >= set(cells)
        ),
        timeout=20,
        what="all events",
    )
    live = [e for e in got if e.source == "event"]
    assert len({e.cell for e in live}) == len(live), "an event was delivered twice"
    assert {c: u for c, u in link.cells.items()} == {
        c: bytes([4, i, 0xA0, 0xDE, 0, 0, 0x41]) for i, c in enumerate(cells)
    }
    assert sim.cable.bytes_corrupted > 0
    assert link.link.deframer.dropped > 0 or link.link.retransmits > 0


def test_garbage_injected_between_frames_is_skipped(sim, link):
    rng = random.Random(5)
    for i in range(10):
        sim.cable.inject(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))), to="host")
        sim.cable.inject(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))), to="board")
        sim.place(200 + i, bytes([4, i, 1, 2, 3, 4, 5]))
    wait_until(lambda: set(link.cells) >= set(range(200, 210)), timeout=10, what="all tiles")
    assert link.link.deframer.dropped > 0
    assert sim.world() == link.cells == {200 + i: bytes([4, i, 1, 2, 3, 4, 5]) for i in range(10)}


def test_cable_pulled_and_plugged_back_the_host_reopens_the_port_and_reconciles(sim, link):
    sim.place(1, UID_A)
    wait_for(link, cell_event(1, UID_A))
    sim.cable.unplug()
    lost = wait_for(link, lambda e: isinstance(e, BoardLost), timeout=5)
    assert "disconnected" in lost.reason or "stopped answering" in lost.reason
    sim.place(2, UID_B)  # laid while the cable was out
    sim.cable.plug()
    wait_for(link, lambda e: isinstance(e, BoardLinked), timeout=10)
    # The board kept its event for the host (or the snapshot finds the tile): either way it
    # arrives once, and the tile laid before the cable was pulled is not reported again.
    changes = []
    wait_for(link, lambda e: changes.append(e) or isinstance(e, TableReconciled), timeout=5)
    assert [(e.cell, e.uid) for e in changes if isinstance(e, CellChanged)] == [(2, UID_B)]
    assert link.cells == {1: UID_A, 2: UID_B}


def test_malformed_display_from_the_host_is_answered_with_a_log_and_the_board_carries_on(sim, link):
    link.send(m.DISPLAY, b"\x01\x02\x03")
    log = wait_for(link, lambda e: type(e).__name__ == "BoardLog", timeout=5)
    assert log.code == m.CODE_BAD_MESSAGE
    sim.place(7, UID_A)
    wait_for(link, cell_event(7, UID_A))


def test_the_simulated_board_starts_from_a_relative_work_folder(tmp_path, monkeypatch):
    """What `make run` does: a work folder relative to where the person typed the command."""
    from wordtable.table.sim import SimBoard

    monkeypatch.chdir(tmp_path)
    with SimBoard("run/sim") as board:
        board.place(3, UID_A)
        assert board.world() == {3: UID_A}
        assert os.path.isabs(board.port)
