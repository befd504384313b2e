"""``make screenshots``: the page's main screens as PNG files (docs/screenshots/), taken in Debian's
headless Chromium from a real virtual table: the menu, a wordgame against a bot with its moves and
score breakdowns, a refused word, the same game on a phone, and the kiosk's attract screen.

    python -m wordtable.cli.screenshots docs/screenshots
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from .browser import CHROMIUM, launch_args
from .launch import VirtualTable
from .pageplay import (
    a_move,
    drag_letter,
    open_page,
    snapshot,
    start_wordgame_against_bot,
    take_my_tiles,
    wait_until,
)
from .server import WebOptions

DESKTOP = ViewportSize(width=1600, height=1000)
TOUCH_24 = ViewportSize(width=1920, height=1080)
PHONE = ViewportSize(width=390, height=844)


def _page(browser: Browser, url: str, viewport: ViewportSize, scale: float = 1) -> Page:
    page = browser.new_context(viewport=viewport, device_scale_factor=scale).new_page()
    open_page(page, url)
    return page


def _play_word(page: Page, table: VirtualTable) -> None:
    for cell, letter in a_move(table):
        drag_letter(page, letter, cell)
    before = len(snapshot(table)["history"])
    page.click("#button-0-0")
    wait_until(lambda: len(snapshot(table)["history"]) > before, what="the move")


def _settle(page: Page, table: VirtualTable) -> None:
    """Wait until the session and the page are quiet (no move under way, the latest image shown)."""
    runner, web = table.runner, table.web
    assert runner is not None and web is not None
    wait_until(
        lambda: runner.session.table.quiet and runner.session.bots.pending is None,
        timeout=30,
        what="a quiet table",
    )
    version = web.feed.version
    page.wait_for_function(f"() => Number(document.getElementById('panel').dataset.version) >= {version}")
    page.wait_for_timeout(300)


def take(out: Path) -> list[Path]:
    """Write the screenshots into ``out``; returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="wordtable-shots-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
        with VirtualTable(Path(tmp) / "play", WebOptions(port=0), session_args={"seed": 11}) as table:
            page = _page(browser, table.url, DESKTOP)
            _settle(page, table)
            shots.append(out / "menu.png")
            page.screenshot(path=shots[-1])

            start_wordgame_against_bot(page, table, "club")
            take_my_tiles(page, table)
            _play_word(page, table)
            wait_until(lambda: len(snapshot(table)["history"]) >= 2, timeout=30, what="the bot's reply")
            _settle(page, table)
            take_my_tiles(page, table)
            _settle(page, table)
            shots.append(out / "game.png")
            page.screenshot(path=shots[-1])

            phone = _page(browser, table.url, PHONE, scale=2)
            _settle(phone, table)
            shots.append(out / "phone.png")
            phone.screenshot(path=shots[-1], full_page=True)

            for cell, letter in a_move(table, valid=False):
                drag_letter(page, letter, cell)
            page.click("#button-0-0")
            page.wait_for_selector("#message:not([hidden])")
            _settle(page, table)
            shots.append(out / "refused.png")
            page.screenshot(path=shots[-1])

        options = WebOptions(port=0, kiosk=True, idle_reset_s=1.0)
        with VirtualTable(Path(tmp) / "kiosk", options, session_args={"seed": 5}) as table:
            page = _page(browser, table.url, TOUCH_24)
            page.wait_for_selector("#attract:not([hidden])", timeout=20000)
            assert table.runner is not None
            wait_until(
                lambda: len(snapshot(table).get("history", [])) >= 3, timeout=60, what="the bots' game"
            )
            _settle(page, table)
            shots.append(out / "kiosk.png")
            page.screenshot(path=shots[-1])
        browser.close()
    return shots
