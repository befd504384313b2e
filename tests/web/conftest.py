"""Fixtures for the web page: the whole virtual table (real firmware on the MicroPython unix port, the
host's link over a pseudo-terminal, a real SQLite store, the session loop, the web server) and Debian's
Chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from wordtable import lexicon
from wordtable.web.browser import CHROMIUM, launch_args
from wordtable.web.launch import VirtualTable
from wordtable.web.pageplay import open_page
from wordtable.web.server import WebOptions

_LEXICON: list[Any] = []


def shared_lexicon() -> Any:
    if not _LEXICON:
        _LEXICON.append(lexicon.load())
    return _LEXICON[0]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"The browser tests need Debian's Chromium at {CHROMIUM}; `make setup` installs it "
            f"(apt-get install chromium)."
        )
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
        yield b
        b.close()


def virtual_table(tmp_path: Path, **options: Any) -> VirtualTable:
    """A virtual table on a free port (not started: use it in a ``with``), seeded so games repeat."""
    return VirtualTable(
        tmp_path, WebOptions(port=0, **options), lexicon=shared_lexicon(), session_args={"seed": 7}
    )


@contextmanager
def page_on(browser: Browser, url: str, width: int = 1600, height: int = 1000) -> Iterator[Page]:
    """A fresh browser context with the page loaded; fails the test if the page raised an error."""
    context = browser.new_context(viewport={"width": width, "height": height})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    open_page(pg, url)
    yield pg
    context.close()
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[VirtualTable]:
    with virtual_table(tmp_path) as vt:
        yield vt


@pytest.fixture
def page(browser: Browser, table: VirtualTable) -> Iterator[Page]:
    with page_on(browser, table.url) as pg:
        yield pg
