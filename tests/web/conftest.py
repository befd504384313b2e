"""Fixtures for the web page: the whole virtual table (real firmware on the MicroPython unix port, the
host's link over a pseudo-terminal, a real SQLite store, the session loop, the web server) and Debian's
Chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from wordtable import lexicon
from wordtable.web.browser import CHROMIUM, launch_args
from wordtable.web.launch import VirtualTable
from wordtable.web.server import WebOptions

_LEXICON: list[Any] = []


def shared_lexicon() -> Any:
    if not _LEXICON:
        _LEXICON.append(lexicon.load())
    return _LEXICON[0]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"The browser tests need Debian's Chromium at {CHROMIUM}; `make setup` installs it "
                    f"(apt-get install chromium).")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
        yield b
        b.close()


def start_table(tmp_path: Path, **options: Any) -> VirtualTable:
    opts = WebOptions(port=0, **options)
    return VirtualTable(tmp_path, opts, lexicon=shared_lexicon(), session_args={"seed": 7}).start()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[VirtualTable]:
    vt = start_table(tmp_path)
    try:
        yield vt
    finally:
        vt.stop()


@pytest.fixture
def page(browser: Browser, table: VirtualTable) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(table.url)
    pg.wait_for_function("() => document.querySelectorAll('.cell').length > 300")
    yield pg
    context.close()
    assert not errors, f"the page raised: {errors}"
