"""The virtual table in headless Chromium: a person's game against a bot, played only through the
page, which drives only the simulated board's readers and buttons."""

from __future__ import annotations

import base64
import io

from PIL import Image
from playwright.sync_api import Page
from wordtable.web.launch import VirtualTable
from wordtable.web.pageplay import (
    a_move,
    drag_letter,
    panel_version,
    snapshot,
    start_wordgame_against_bot,
    take_my_tiles,
    wait_until,
)


def test_wordgame_against_a_bot_starts_from_the_page_menu(page: Page, table: VirtualTable) -> None:
    start_wordgame_against_bot(page, table)
    snap = snapshot(table)
    assert [p["name"] for p in snap["players"]] == ["Player 1", "Bot 2"]
    assert snap["players"][1]["kind"] == "bot, beginner"
    assert page.locator("#players li").nth(0).text_content().startswith("Player 1")
    assert page.locator(".cell.zone-board").count() == 225
    assert page.locator(".cell.zone-rack").count() == 16
    dealt = table.runner.session.game.racks[0]
    assert page.locator("#rack .stack").count() == len(dealt) > 0


def test_a_word_laid_by_drag_scores_and_the_display_follows(page: Page, table: VirtualTable) -> None:
    start_wordgame_against_bot(page, table)
    take_my_tiles(page, table)
    move = a_move(table)
    game = table.runner.session.game
    for cell, letter in move:
        drag_letter(page, letter, cell)
    before = panel_version(page)
    page.click("#button-0-0")  # seat 1's OK
    wait_until(lambda: snapshot(table)["history"], what="the move in the history")
    record = game.history[0]
    assert record.player == 0 and record.score is not None
    first = page.locator("#history li").first
    wait_until(
        lambda: f"— {record.score.total}" in (first.text_content() or ""), what="the score in the history"
    )
    assert page.locator("#players li .score").first.text_content() == str(record.score.total)
    assert first.locator(".lines li").count() == len(record.score.lines)
    wait_until(lambda: panel_version(page) > before, what="a new display image")
    assert_page_shows_the_panel(page, table)


def assert_page_shows_the_panel(page: Page, table: VirtualTable) -> None:
    """The image in the page is the firmware's panel RAM, pixel for pixel (once the bot's reply, which
    may be redrawing the panel meanwhile, has settled)."""

    def page_image() -> bytes:
        src = page.get_attribute("#panel", "src") or ""
        shown = Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
        shown.load()
        return shown.convert("1").tobytes()

    wait_until(
        lambda: page_image() == table.sim.panel_image().convert("1").tobytes(),
        what="the page's image equal to the panel's",
    )


def test_a_word_typed_on_the_keyboard_is_played_with_enter(page: Page, table: VirtualTable) -> None:
    start_wordgame_against_bot(page, table)
    take_my_tiles(page, table)
    move = a_move(table)
    width = table.layout.geometry.grid[0]
    (first_cell, _), (second_cell, _) = move[0], move[1]
    across = second_cell - first_cell < width
    page.focus("#table")
    row, col = divmod(first_cell, width)
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    for _ in range(col):
        page.keyboard.press("ArrowRight")
    if not across:
        page.keyboard.press("/")
    cells = dict(move)
    step = 1 if across else width
    cell = first_cell
    while cell <= max(cells):
        if cell in cells:
            page.keyboard.press(cells[cell])
            page.wait_for_selector(f"#cell-{cell} .piece[data-text='{cells[cell]}']")
        else:
            page.keyboard.press("ArrowRight" if across else "ArrowDown")  # a letter already on the board
        cell += step
    page.keyboard.press("Enter")
    wait_until(lambda: snapshot(table)["history"], what="the typed move played")
    assert snapshot(table)["players"][0]["score"] == table.runner.session.game.history[0].score.total > 0


def test_an_invalid_word_is_refused_with_its_message(page: Page, table: VirtualTable) -> None:
    start_wordgame_against_bot(page, table)
    take_my_tiles(page, table)
    move = a_move(table, valid=False)
    word = "".join(letter for _, letter in move)
    for cell, letter in move:
        drag_letter(page, letter, cell)
    before = panel_version(page)
    page.click("#button-0-0")
    message = page.locator("#message")
    wait_until(
        lambda: message.is_visible() and word in (message.text_content() or ""),
        what=f"the refusal naming {word}",
    )
    assert snapshot(table)["history"] == []
    assert snapshot(table)["players"][0]["score"] == 0
    wait_until(lambda: panel_version(page) > before, what="the error on the display")


def test_a_reload_mid_game_shows_the_same_table(page: Page, table: VirtualTable) -> None:
    start_wordgame_against_bot(page, table)
    take_my_tiles(page, table)
    for cell, letter in a_move(table):
        drag_letter(page, letter, cell)
    page.click("#button-0-0")
    wait_until(lambda: len(snapshot(table)["history"]) >= 2, timeout=30, what="my move and the bot's reply")
    wait_until(lambda: table.runner.session.table.quiet, what="the table to settle")
    pieces = {c: p["text"] for c, p in table.web.build_state()["cells"].items()}
    history = page.locator("#history li > :first-child, #history > li").all_text_contents()
    page.reload()
    page.wait_for_function(f"() => document.querySelectorAll('.cell .piece').length === {len(pieces)}")
    shown = {
        el.get_attribute("data-cell"): el.locator(".piece").get_attribute("data-text")
        for el in page.locator(".cell:has(.piece)").all()
    }
    assert shown == pieces
    assert page.locator("#history > li").count() == len(snapshot(table)["history"])
    assert page.locator("#history > li").all_text_contents()[0] == history[0]
    wait_until(lambda: panel_version(page) > 0, what="the display image after the reload")


def test_a_hint_from_the_seat_menu_is_shown_on_the_page(page: Page, table: VirtualTable) -> None:
    from wordtable.ai import crossword_bots

    start_wordgame_against_bot(page, table)
    page.click("#button-0-3")  # seat 1's "more": the seat menu, on the display and on the page
    page.wait_for_selector("#menu-title:has-text('what now?')")
    expected = crossword_bots.hints(table.runner.session.game, top=3)[0]
    page.get_by_role("button", name="hint", exact=True).click()
    message = page.locator("#message")
    wait_until(
        lambda: message.is_visible() and (message.text_content() or "").startswith("Hint:"),
        what="the hint on the page",
    )
    assert f"{expected['placement']} ({expected['direction']}): {expected['score']}" in message.text_content()
    assert "info" in (message.get_attribute("class") or "")
