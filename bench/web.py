"""The virtual table in a browser: from a tile dropped on the page to the new display image shown in the
page, over the whole chain (page -> WebSocket -> sim control -> firmware's readers -> CELL frame over
the pseudo-terminal -> host link -> session (settle time, adapter, render) -> DISPLAY frames -> the
firmware's panel -> its PBM -> the web server -> WebSocket -> <img> decoded).

A wordgame against a bot is started from the page's menu; then 50 drops alternate between laying a
tile of the rack on the board and taking it back. Each changes the display's info line ("Player 1
laid E: OK to play" / "lay your tiles"), so each drop ends in a new panel image. Times are taken in the
page (performance.now() at the pointer's release and at the image's load event).

The session waits ``SETTLE_MS`` (300 ms) before it believes a cell (table/settle.py: a piece sliding
across the table must not make a move), so that much of each figure is by design; the row "beyond the
settle time" is what the chain itself costs.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from wordtable.table.settle import SETTLE_MS
from wordtable.web.browser import CHROMIUM, launch_args
from wordtable.web.launch import VirtualTable
from wordtable.web.pageplay import open_page, snapshot, start_wordgame_against_bot, take_my_tiles, wait_until
from wordtable.web.server import WebOptions

DROPS = 50
TARGET_MS = 500.0


def _drop_to_panel(page: Any, source: str, target: str) -> float:
    """Drag ``source`` onto ``target``; ms from the release to the next panel image in the page."""
    before = page.evaluate("() => window.wordtable.panelShown.version")
    page.locator(source).first.drag_to(page.locator(target))
    page.wait_for_function(f"() => window.wordtable.panelShown.version > {before}", timeout=10000)
    return float(page.evaluate("() => window.wordtable.panelShown.at - window.wordtable.lastSent.at"))


def measure(drops: int = DROPS) -> list[float]:
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="wordtable-bench-web-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
        with VirtualTable(Path(tmp), WebOptions(port=0), session_args={"seed": 3}) as table:
            page = browser.new_page(viewport={"width": 1600, "height": 1000})
            open_page(page, table.url)
            start_wordgame_against_bot(page, table)
            take_my_tiles(page, table)
            assert table.runner is not None
            wait_until(lambda: table.runner.session.table.quiet, what="a quiet table")
            rack_cell = table.layout.for_game("wordgame", 2).zone("rack", 0).cells[0]
            board = table.layout.for_game("wordgame", 2).zone("board").cells
            centre = board[len(board) // 2]
            for i in range(drops):
                if i % 2 == 0:
                    times.append(_drop_to_panel(page, f"#cell-{rack_cell} .piece", f"#cell-{centre}"))
                else:
                    times.append(_drop_to_panel(page, f"#cell-{centre} .piece", f"#cell-{rack_cell}"))
                wait_until(lambda: table.runner.session.table.quiet, what="a quiet table")
            assert snapshot(table)["history"] == [], "a drop must not have played a move"
        browser.close()
    return times


def run() -> list[dict[str, Any]]:
    times = sorted(measure())
    median = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    return [
        {
            "benchmark": f"web: drop on the page -> display image in the page, median of {len(times)}",
            "value": round(median, 1),
            "unit": "ms",
            "target": f"< {TARGET_MS:.0f}",
            "ok": median < TARGET_MS,
            "note": f"includes the session's {SETTLE_MS} ms settle time",
        },
        {"benchmark": "web: drop -> display image, p95", "value": round(p95, 1), "unit": "ms"},
        {
            "benchmark": "web: drop -> display image beyond the settle time, median",
            "value": round(median - SETTLE_MS, 1),
            "unit": "ms",
            "note": "page, WebSocket, firmware, link, session, render, panel, image",
        },
    ]
