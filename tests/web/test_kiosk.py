"""Kiosk mode in headless Chromium: the reset to the menu after a while with nobody at the table, the
attract loop's bots' game, and settings that stay shut without the PIN."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from wordtable.web.launch import VirtualTable
from wordtable.web.pageplay import snapshot, start_wordgame_against_bot, take_my_tiles, wait_until

from .conftest import page_on, virtual_table


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[VirtualTable]:
    with virtual_table(tmp_path, kiosk=True, idle_reset_s=3.0, kiosk_pin="2468") as vt:
        yield vt


@pytest.fixture
def kiosk_page(browser: Browser, kiosk: VirtualTable) -> Iterator[Page]:
    with page_on(browser, kiosk.url, 1920, 1080) as pg:
        yield pg


def test_kiosk_resets_to_the_menu_after_inactivity_and_wakes_on_a_touch(
    kiosk_page: Page, kiosk: VirtualTable
) -> None:
    page = kiosk_page
    assert "kiosk" in (page.get_attribute("body", "class") or "")
    start_wordgame_against_bot(page, kiosk)
    take_my_tiles(page, kiosk)
    person_game = kiosk.runner.session.game_id
    page.wait_for_selector("#attract:not([hidden])", timeout=20000)
    assert kiosk.web.kiosk.resets == 1
    # The attract loop: a game of two bots, which the simulated table's robot lays by itself.
    wait_until(
        lambda: (
            snapshot(kiosk).get("state") == "play"
            and [p["kind"] for p in snapshot(kiosk)["players"]] == ["bot, club", "bot, beginner"]
        ),
        what="the attract game",
    )
    assert kiosk.runner.session.game_id != person_game
    page.click("#attract-wake")
    page.wait_for_selector("#attract", state="hidden")
    wait_until(lambda: snapshot(kiosk).get("state") == "menu", what="the menu after the touch")
    page.wait_for_selector("#menu-section:not([hidden])")
    assert page.text_content("#menu-title") == "Choose a game"
    wait_until(lambda: not kiosk.link.cells, what="a cleared table")
    page.wait_for_function("() => document.querySelectorAll('.cell .piece').length === 0")


def test_kiosk_settings_open_only_with_the_pin(kiosk_page: Page) -> None:
    page = kiosk_page
    page.click("#settings-button")
    assert page.is_visible("#settings-locked") and page.is_hidden("#settings-open")
    page.fill("#settings-pin", "1111")
    page.click("#settings-unlock")
    page.wait_for_selector("#settings-error:has-text('Wrong PIN')")
    assert page.is_hidden("#settings-open")
    page.fill("#settings-pin", "2468")
    page.click("#settings-unlock")
    page.wait_for_selector("#settings-open:not([hidden])")
