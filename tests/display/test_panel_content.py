"""What the host sends to change the panel: ``display.panel.PanelContent`` turns each new screen into
DISPLAY payloads that, drawn in order on the last screen, give the new one; a restarted board gets it all."""

from __future__ import annotations

from wordtable.display import panel
from wordtable.display.samples import SAMPLES
from wordtable.display.screens import SMALL, render
from wordtable.display.views import PlayerLine, StatusView
from wtproto import messages as m


def draw(on, payloads):
    """The panel after ``payloads`` are written on ``on`` (as the firmware does), and the refreshes asked."""
    glass = on.copy() if on is not None else panel.to_panel_image(render(SAMPLES["menu"], SMALL), SMALL)
    refreshes = []
    for p in payloads:
        x, y, w, h, refresh, data = m.unpack_display(p)
        glass.paste(panel.unpack_region(data, w, h), (x, y))
        refreshes.append(refresh)
    return glass, refreshes


def test_the_first_screen_is_sent_whole_and_refreshed_once_at_its_end():
    content = panel.PanelContent()
    first = render(SAMPLES["status"], SMALL)
    payloads = content.update(first, SMALL)
    glass, refreshes = draw(None, payloads)
    assert glass.tobytes() == first.tobytes()
    assert refreshes == [m.REFRESH_NONE] * (len(payloads) - 1) + [m.REFRESH_PARTIAL] and len(payloads) == 5
    assert sum(len(p) for p in payloads) == 296 // 8 * 128 + 9 * 5


def test_a_move_sends_only_the_changed_bands_and_an_unchanged_screen_nothing():
    content = panel.PanelContent()
    before = render(SAMPLES["status"], SMALL)
    after = render(
        StatusView(
            "wordgame", (PlayerLine("Ann", 16), PlayerLine("Bob", 0, True)), SAMPLES["status"].last, "bag 79"
        ),
        SMALL,
    )
    content.update(before, SMALL)
    payloads = content.update(after, SMALL)
    glass, refreshes = draw(before, payloads)
    assert glass.tobytes() == after.tobytes() and refreshes[-1] == m.REFRESH_PARTIAL
    assert m.REFRESH_PARTIAL not in refreshes[:-1]
    assert sum(len(p) for p in payloads) < 296 // 8 * 128 // 4
    assert content.update(after, SMALL) == []
    assert content.image.tobytes() == after.tobytes()


def test_a_full_update_and_a_redraw_send_the_whole_panel_with_a_full_refresh():
    content = panel.PanelContent()
    assert content.redraw() == []
    image = render(SAMPLES["tag-problem"], SMALL)
    content.update(image, SMALL)
    for payloads in (content.update(image, SMALL, full=True), content.redraw()):
        glass, refreshes = draw(None, payloads)
        assert glass.tobytes() == image.tobytes() and refreshes[-1] == m.REFRESH_FULL
        assert sum(len(p) for p in payloads) == 296 // 8 * 128 + 9 * 5
