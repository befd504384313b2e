"""Enrollment: the walk through a set (pure), then on the simulated board over a pseudo-terminal:
laying the pieces on their marked cells registers their tags, and `wordtable tags enroll` does it
from the command line and shows the prompt on the panel."""

from __future__ import annotations

import threading
import time

import pytest
from wordtable.cli import main
from wordtable.store import Store
from wordtable.table.enroll import Enrollment, run_enrollment
from wordtable.table.layout import load_layout
from wordtable.table.link import BoardLink
from wordtable.table.sim import SimBoard
from wordtable.table.tags import TagRegistry, load_set


def uid(i: int) -> bytes:
    return bytes([0x04, 0xE0, i >> 8, i & 0xFF, 0x10, 0x20, 0x30])


@pytest.fixture
def registry(tmp_path):
    with Store(tmp_path / "wordtable.db") as s:
        yield TagRegistry(s.conn)


@pytest.fixture(scope="module")
def geometry():
    return load_layout().geometry


def test_pieces_laid_in_any_order_are_enrolled_as_the_piece_of_their_cell(registry, geometry):
    walk = Enrollment(load_set("markers"), registry, (10, 11, 12, 13), geometry)
    assert walk.prompt() == "Lay button 1 on grid row 1, column 11 (4 pieces left in this round)."
    step = walk.on_cell(12, uid(3))
    assert step.ok and step.piece.id == "button-3"
    assert step.message.startswith("button 3: enrolled. Lay button 1 on")
    for cell, i in ((13, 4), (10, 1), (11, 2)):
        walk.on_cell(cell, uid(i))
    assert walk.done
    assert [registry.lookup(uid(i)).piece for i in (1, 2, 3, 4)] == [
        "button-1",
        "button-2",
        "button-3",
        "button-4",
    ]
    assert walk.prompt() == "All 4 pieces of the marker tokens are enrolled."


def test_a_piece_on_an_unmarked_cell_or_a_known_tag_is_refused_with_the_next_step(registry, geometry):
    walk = Enrollment(load_set("markers"), registry, (10, 11, 12, 13), geometry)
    step = walk.on_cell(200, uid(1))
    assert not step.ok and step.message.startswith(
        "grid row 14, column 6 is not marked for enrollment. Lay button 1"
    )
    registry.enroll(uid(9), load_set("wordgame").piece("0"))
    step = walk.on_cell(10, uid(9))
    assert not step.ok and "already wordgame piece 0" in step.message
    assert walk.waiting()[10].id == "button-1"


def test_a_set_larger_than_the_marked_cells_is_laid_in_rounds(registry, geometry):
    walk = Enrollment(load_set("markers"), registry, (0, 1, 2), geometry)
    assert walk.rounds == 2
    for cell in (0, 1, 2):
        walk.on_cell(cell, uid(cell))
    assert not walk.done
    assert walk.prompt() == "Round 1 of 2 is done. Take all the pieces off the table."
    assert walk.on_cell(0, None) is None and walk.on_cell(1, None) is None
    step = walk.on_cell(2, None)
    assert step.message == "Round 2 of 2. Lay button 4 on grid row 1, column 1 (1 piece left in this round)."
    walk.on_cell(0, uid(50))
    assert walk.done and registry.lookup(uid(50)).piece == "button-4"


def test_missing_only_skips_pieces_that_have_a_tag(registry, geometry):
    registry.enroll(uid(1), load_set("markers").piece("button-1"))
    walk = Enrollment(load_set("markers"), registry, tuple(range(10)), geometry, missing_only=True)
    assert [p.id for p in walk.waiting().values()] == ["button-2", "button-3", "button-4"]


@pytest.mark.e2e
def test_enrolling_the_wordgame_tiles_on_the_simulated_table(tmp_path, registry, geometry):
    pieces = load_set("wordgame")
    cells = load_layout().enroll_cells()
    messages: list[str] = []
    with SimBoard(tmp_path / "sim") as sim, BoardLink(sim.port) as link:
        link.wait_linked(10)
        walk = Enrollment(pieces, registry, cells, geometry)

        def lay() -> None:
            # a person lays the tiles, not in order, one by one
            for k in sorted(range(len(pieces)), key=lambda k: (k * 37) % len(pieces)):
                sim.place(cells[k], uid(k))
                time.sleep(0.002)

        layer = threading.Thread(target=lay)
        layer.start()
        assert run_enrollment(link, walk, messages.append, idle_timeout_s=20)
        layer.join()
    assert len(walk.enrolled) == 104
    assert registry.counts() == {"wordgame": 104}
    assert registry.lookup(uid(103)).piece == "103" and registry.lookup(uid(18)).piece == "18"
    assert messages[0] == "Lay A 1 of 8 on grid row 1, column 1 (104 pieces left in this round)."
    assert messages[-1].endswith(": enrolled. All 104 pieces of the wordgame tiles are enrolled.")


@pytest.mark.e2e
def test_tags_enroll_command_enrolls_pieces_on_the_table_and_shows_the_prompt(tmp_path, capsys):
    db = tmp_path / "wordtable.db"
    with SimBoard(tmp_path / "sim") as sim:
        for k in range(4):
            sim.place(k, uid(100 + k))
        code = main(["tags", "enroll", "markers", "--port", sim.port, "--db", str(db), "--timeout", "10"])
        out = capsys.readouterr().out
        assert code == 0, out
        assert "4 pieces of the marker tokens enrolled" in out
        deadline = time.monotonic() + 5
        while sim.panel_refreshes() == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        panel = sim.panel_image()
        assert panel.size == (296, 128) and panel.convert("L").getextrema() == (0, 255)
    assert main(["tags", "list", "markers", "--db", str(db)]) == 0
    listed = capsys.readouterr().out
    rows = [line.split()[:3] for line in listed.splitlines()[:-1]]
    assert rows[2] == [uid(102).hex(), "markers", "button-3"] and listed.splitlines()[-1] == "4 tags"


def test_tags_enroll_an_unknown_set_fails_with_the_list_of_sets(tmp_path, capsys):
    code = main(["tags", "enroll", "chess", "--port", "/dev/nonexistent", "--db", str(tmp_path / "w.db")])
    assert code == 2
    assert "There is no piece set 'chess'. Sets: markers, wordability" in capsys.readouterr().err
