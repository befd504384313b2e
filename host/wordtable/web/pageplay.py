"""What a person does on the page, as Playwright steps: the browser tests, the screenshots and the
benchmark play through these. What a step needs to know of the game (a move the game allows, a word
it refuses) is read from the session's own game, never written down."""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import permutations
from typing import Any

from playwright.sync_api import Page

from ..ai.movegen import generator_for, legal_moves
from .launch import VirtualTable


def wait_until(cond: Callable[[], Any], timeout: float = 15.0, what: str = "condition") -> Any:
    """``cond()``'s first true value; AssertionError naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = cond()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"{what} not reached in {timeout} s")


def snapshot(table: VirtualTable) -> dict[str, Any]:
    assert table.runner is not None
    return table.runner.snapshot or {}


def panel_version(page: Page) -> int:
    return int(page.get_attribute("#panel", "data-version") or 0)


def choose(page: Page, item: str) -> None:
    """Click a menu item on the page (it presses the seat buttons that choose it)."""
    before = page.text_content("#menu-title")
    page.get_by_role("button", name=item, exact=True).click()
    wait_until(
        lambda: page.text_content("#menu-title") != before or page.is_hidden("#menu-section"),
        what=f"the menu to move on from {before!r} after {item!r}",
    )


def start_wordgame_against_bot(page: Page, table: VirtualTable, strength: str = "beginner") -> None:
    choose(page, "wordgame")
    choose(page, "2 players")
    choose(page, "a person")
    choose(page, f"a bot ({strength})")
    choose(page, "Start the game")
    wait_until(lambda: snapshot(table).get("state") == "play", what="the game to start")
    page.wait_for_selector("#rack-section:not([hidden])")


def board_cells(table: VirtualTable) -> tuple[int, ...]:
    return table.layout.for_game("wordgame", 2).zone("board").cells


def a_move(table: VirtualTable, *, valid: bool = True) -> list[tuple[int, str]]:
    """(cell, letter) of the best move without a blank for the player to move; or (``valid`` False)
    the squares of such a move with the rack's letters in an order the game finds makes no word (the
    game's own ``evaluate`` is the judge)."""
    assert table.runner is not None
    game = table.runner.session.game
    cells = board_cells(table)
    letters = generator_for(game.rules).letters
    moves = [m for m in legal_moves(game) if not any(blank for _, _, blank in m.tiles)]
    if not moves:
        raise AssertionError("no move without a blank on this rack")
    if valid:
        return [(cells[sq], letters[code]) for sq, code, _ in moves[0].tiles]
    rack = [t for t in game.racks[game.turn] if game.tiles[t].letter != "?"]
    squares = [sq for sq, _, _ in moves[0].tiles]
    for tiles in permutations(rack, len(squares)):
        placements = [{"square": sq, "tile": t} for sq, t in zip(squares, tiles, strict=True)]
        if game.evaluate(game.read_placements(placements, game.turn)).invalid:
            return [(cells[sq], game.tiles[t].letter) for sq, t in zip(squares, tiles, strict=True)]
    raise AssertionError(f"every order of {game.rack_letters(game.turn)} on those squares makes words")


def take_my_tiles(page: Page, table: VirtualTable) -> None:
    page.click("#take-tiles")
    wait_until(
        lambda: page.locator("#rack .stack.on-table").count() == page.locator("#rack .stack").count(),
        what="my tiles on my rack",
    )


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => document.querySelectorAll('.cell').length > 300")


def drag_letter(page: Page, letter: str, cell: int, seat: int = 0) -> None:
    """Drag a tile of ``letter`` from the seat's row to ``cell``."""
    src = page.locator(f".seat[data-seat='{seat}'] .piece[data-text='{letter}']").first
    src.drag_to(page.locator(f"#cell-{cell}"))
    page.wait_for_selector(f"#cell-{cell} .piece[data-text='{letter}']")
