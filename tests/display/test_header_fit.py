"""The title bar never pushes its text off the panel: a long instruction takes the bar, smaller or
cut with an ellipsis, and starts where a reader looks first."""

from __future__ import annotations

import pytest
from wordtable.display import screens
from wordtable.display.views import LastMove, PlayerLine, StatusView


@pytest.mark.parametrize("size", [(296, 128), (400, 300)])
@pytest.mark.parametrize(
    "info",
    [
        "Player 1: lay your tiles, then OK",
        "Player 1: lay your tiles on the board, then press OK when you are done",
    ],
)
def test_a_long_instruction_stays_inside_the_title_bar(size, info):
    view = StatusView(
        game="wordgame",
        players=(PlayerLine("Player 1", 24, True, None, ""), PlayerLine("Bot 2", 32, False, None, "")),
        last=LastMove("Bot 2", "RIVETED", 19, ()),
        info=info,
    )
    img = screens.render(view, size)
    bar_h = next(y for y in range(size[1]) if img.getpixel((0, y)) != 0)  # the black bar's height
    margin = [img.getpixel((x, y)) for x in range(3) for y in range(bar_h)]
    assert all(p == 0 for p in margin), "text runs into the bar's left edge"
    right = [img.getpixel((size[0] - 1 - x, y)) for x in range(2) for y in range(bar_h)]
    assert all(p == 0 for p in right), "text runs into the bar's right edge"
    assert any(img.getpixel((x, y)) != 0 for x in range(4, 60) for y in range(bar_h)), (
        "the message is missing"
    )
