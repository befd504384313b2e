"""The e-ink screens: every sample screen, at both panel sizes, equals its checked-in reference image
pixel for pixel; the images are pure 1-bit; views are read from real games; the refresh policy; the
preview command; and a screen shown through the real link on the simulated board.

When a change to a screen is intended, regenerate the references and look at each one::

    WORDTABLE_UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/display
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from wordtable.cli import main
from wordtable.display import panel
from wordtable.display.fonts import font_dir
from wordtable.display.refresh import RefreshPolicy
from wordtable.display.samples import SAMPLES
from wordtable.display.screens import LARGE, SMALL, fit_paragraphs, render, wrap
from wordtable.display.views import MessageView, PlayerLine, StatusView, format_clock, status_from_game
from wordtable.games.wordgame import Wordgame

REFERENCE = Path(__file__).parent / "reference"
UPDATE = os.environ.get("WORDTABLE_UPDATE_REFERENCES") == "1"


def test_the_screens_use_the_installed_dejavu_font():
    d = font_dir()
    assert d is not None and (d / "DejaVuSans-Bold.ttf").is_file()


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["296x128", "400x300"])
@pytest.mark.parametrize("name", list(SAMPLES))
def test_screen_matches_its_reference_image(name, size):
    image = render(SAMPLES[name], size)
    assert image.mode == "1" and image.size == size
    ref_path = REFERENCE / f"{name}-{size[0]}x{size[1]}.png"
    if UPDATE:
        image.save(ref_path)
    assert ref_path.exists(), (
        f"no reference {ref_path.name}; run with WORDTABLE_UPDATE_REFERENCES=1 and look at it"
    )
    with Image.open(ref_path) as ref:
        ref = ref.convert("1")
    diff = ImageChops.difference(image.convert("L"), ref.convert("L")).getbbox()
    assert diff is None, f"{name} differs from {ref_path.name} in the box {diff}"


@pytest.mark.parametrize("name", list(SAMPLES))
def test_screens_are_crisp_ink_or_paper_and_the_panel_sends_them_unchanged(name):
    image = render(SAMPLES[name], SMALL)
    assert set(image.convert("L").get_flattened_data()) <= {0, 255}
    assert panel.to_panel_image(image, SMALL).tobytes() == image.tobytes()
    box = (0, 0) + SMALL
    assert panel.unpack_region(panel.pack_region(image, box), *SMALL).tobytes() == image.tobytes()


def test_a_long_error_is_wrapped_inside_the_frame_at_a_readable_size():
    text = (
        "the tiles on H8 and J10 are not in one row or one column (wordgame words go right or down only); "
        "move one of them and press done again"
    )
    from wordtable.display.fonts import font

    f, lines = fit_paragraphs([text], 280, 80, [18, 16, 14, 13, 12])
    assert f.size >= 12 and len(lines) >= 2
    assert all(f.getlength(line) <= 280 for line in lines)
    assert " ".join(lines) == text
    assert wrap("a" * 80, font(14), 100)[0].endswith("…")
    image = render(MessageView("Not a word", (text,)), SMALL)
    # the frame is intact: text never runs over the border
    assert all(image.getpixel((x, 127)) == 0 for x in range(296))
    assert all(image.getpixel((295, y)) == 0 for y in range(128))


def test_status_is_read_from_a_real_game(enable):
    game = Wordgame(["Ann", "Bob"], lexicon=enable, seed=3)
    record = game.apply(
        {
            "type": "place",
            "placements": [
                {"cell": "H8", "letter": "P"},
                {"cell": "H9", "letter": "R"},
                {"cell": "H10", "letter": "E"},
                {"cell": "H11", "letter": "S"},
                {"cell": "H12", "letter": "S"},
            ],
        }
    )
    view = status_from_game(game, "wordgame", info="Bob: lay your tiles, then OK")
    assert [(p.name, p.score, p.active) for p in view.players] == [("Ann", 16, False), ("Bob", 0, True)]
    assert view.last.player == "Ann" and view.last.summary == "PRESS"
    assert view.last.total == record.score.total == 16
    assert view.last.lines == record.score.lines
    assert view.last.lines[0].detail.startswith(
        "P 3 + R 1 + E 1 + S 1 + S 1x2 = 8, x2 (double word at H8) = 16"
    )
    # the sample status screen shows exactly this moment
    assert view == SAMPLES["status"]
    assert render(view, SMALL).tobytes() == render(SAMPLES["status"], SMALL).tobytes()


def test_clocks_are_shown_as_minutes_and_seconds():
    assert (
        format_clock(83_000) == "1:23"
        and format_clock(600_000) == "10:00"
        and format_clock(-5_000) == "-0:05"
    )
    with_clock = render(
        StatusView("wordgame", (PlayerLine("Ann", 1, True, 83_000), PlayerLine("Bob", 2))), SMALL
    )
    without = render(StatusView("wordgame", (PlayerLine("Ann", 1, True), PlayerLine("Bob", 2))), SMALL)
    assert with_clock.tobytes() != without.tobytes()


class FakePanel:
    """Records what the policy asked for; sends as many bytes as BoardLink would."""

    def __init__(self) -> None:
        self.calls: list[bool] = []
        self.last: Image.Image | None = None

    def show(self, image: Image.Image, full: bool = False) -> int:
        box = (0, 0) + image.size if full else panel.changed_box(self.last, image)
        self.last = image
        self.calls.append(full)
        return 0 if box is None else sum(len(p) for p in panel.region_payloads(image, box, 1))


def test_refresh_policy_is_full_first_then_every_n_partials():
    policy, fake = RefreshPolicy(full_every=3), FakePanel()
    images = [
        render(StatusView("wordgame", (PlayerLine("Ann", i), PlayerLine("Bob", 0))), SMALL) for i in range(9)
    ]
    for image in images:
        policy.show(fake, image)
    assert fake.calls == [True, False, False, False, True, False, False, False, True]
    assert policy.full_count == 3 and policy.partial_count == 6


def test_an_unchanged_screen_sends_nothing_and_does_not_count():
    policy, fake = RefreshPolicy(full_every=2), FakePanel()
    image = render(SAMPLES["status"], SMALL)
    assert policy.show(fake, image) > 0
    assert policy.show(fake, image) == 0 and policy.partials == 0
    other = render(SAMPLES["status-clock"], SMALL)
    assert policy.show(fake, other) > 0 and policy.partials == 1
    policy.reset()
    assert policy.next_is_full()
    with pytest.raises(ValueError, match="full_every must be at least 1"):
        RefreshPolicy(0)


def test_an_instruction_change_sends_only_the_title_bar():
    before = render(SAMPLES["status"], SMALL)
    # Bob lays FAXE: the adapter's instruction in the title bar changes, nothing else
    after = render(
        StatusView(
            "wordgame",
            (PlayerLine("Ann", 16), PlayerLine("Bob", 0, True)),
            SAMPLES["status"].last,
            "Bob laid FAXE: OK to play",
        ),
        SMALL,
    )
    box = panel.changed_box(before, after)
    partial = sum(len(p) for p in panel.region_payloads(after, box, 1))
    full = sum(len(p) for p in panel.region_payloads(after, (0, 0) + SMALL, 2))
    assert box[3] <= 21  # the title bar's rows only
    assert full == 296 // 8 * 128 + 9 * 5 and partial < full // 4


def test_preview_command_writes_the_screen_as_png(tmp_path, capsys):
    out = tmp_path / "menu.png"
    assert main(["display", "preview", "menu", "--size", "400x300", "--out", str(out)]) == 0
    with Image.open(out) as im:
        assert im.size == LARGE and im.convert("1").tobytes() == render(SAMPLES["menu"], LARGE).tobytes()
    zoomed = tmp_path / "menu2.png"
    assert main(["display", "preview", "menu", "--zoom", "2", "--out", str(zoomed)]) == 0
    with Image.open(zoomed) as im:
        assert im.size == (592, 256) and set(im.convert("L").get_flattened_data()) <= {0, 255}
    assert main(["display", "preview", "chess"]) == 2
    assert "no screen 'chess'; screens: status," in capsys.readouterr().err
    assert main(["display", "preview", "menu", "--size", "100x100"]) == 2
    assert "unknown panel size '100x100'; choose 296x128 or 400x300" in capsys.readouterr().err


@pytest.mark.e2e
def test_a_screen_shown_through_the_link_appears_on_the_simulated_panel(tmp_path):
    from wordtable.table.link import BoardLink
    from wordtable.table.sim import SimBoard

    with SimBoard(tmp_path / "sim") as sim, BoardLink(sim.port) as link:
        link.wait_linked(10)
        policy = RefreshPolicy(full_every=4)
        for name in ("status", "status-clock", "tag-problem"):
            image = render(SAMPLES[name], SMALL)
            before = sim.panel_refreshes()
            assert policy.show(link, image) > 0
            deadline = time.monotonic() + 5
            while sim.panel_refreshes() == before and time.monotonic() < deadline:
                time.sleep(0.02)
            assert sim.panel_image().tobytes() == image.tobytes()
        assert policy.full_count == 1 and policy.partial_count == 2


def test_changed_bands_cover_every_changed_pixel_in_less_than_one_box():
    before = render(SAMPLES["status"], SMALL)
    after = render(
        StatusView(
            "wordgame",
            (PlayerLine("Ann", 16, True), PlayerLine("Bob", 22)),
            SAMPLES["status"].last,
            "Ann: lay your tiles, then OK",
        ),
        SMALL,
    )
    boxes = panel.changed_boxes(before, after)
    assert len(boxes) >= 2 and all(b[0] % 8 == 0 for b in boxes)
    patched = before.copy()
    for box in boxes:
        patched.paste(after.crop(box), box[:2])
    assert patched.tobytes() == after.tobytes()
    one = panel.changed_box(before, after)
    assert sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes) < (one[2] - one[0]) * (one[3] - one[1])
    assert panel.changed_boxes(after, after) == [] and panel.changed_boxes(None, after) == [(0, 0, 296, 128)]


def test_status_of_a_card_game_marks_the_player_to_move(enable):
    from wordtable.games.wordchain import WordchainGame

    game = WordchainGame(["Ann", "Bob", "Cy"], seed=1, lexicon=enable)
    view = status_from_game(game, "WORDCHAIN")
    assert [p.active for p in view.players] == [i == game.current for i in range(3)]
    assert view.last is None


def test_a_refused_move_becomes_a_short_error_screen(enable):
    from wordtable.display.views import error_view
    from wordtable.games.base import IllegalMoveError, NotYourTurnError

    game = Wordgame(["Ann", "Bob"], lexicon=enable, seed=3)
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(
            {
                "type": "place",
                "placements": [
                    {"cell": "A1", "letter": "P"},
                    {"cell": "A2", "letter": "R"},
                    {"cell": "A3", "letter": "E"},
                    {"cell": "A4", "letter": "S"},
                ],
            }
        )
    view = error_view(caught.value, "Ann")
    assert view.title == "Not allowed" and view.footer == "Ann's turn"
    assert view.lines[0] == "The first word must cover the centre square H8."
    assert view.lines[1] == "Take your pieces back and try again."
    assert error_view(NotYourTurnError("it is Bob's turn"), advice="").lines == ("It is Bob's turn.",)
    assert error_view(NotYourTurnError("x")).title == "Not your turn"
    image = render(view, SMALL)
    assert image.mode == "1" and image.getbbox() is not None
