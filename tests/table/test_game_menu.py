"""The display's game menu on its own (table/menu.py): the steps a seat's buttons walk through, going
back with "more", the house rules and who deals, and the game it hands to the session to start."""

from __future__ import annotations

from wordtable.table.adapters.base import MORE, NEXT, OK, PREV
from wordtable.table.layout import DEFAULT_LAYOUT, load_layout
from wordtable.table.menu import Chosen, GameMenu
from wordtable.table.seats import Seat


def menu(simulated: bool = True, positions: dict | None = None) -> GameMenu:
    return GameMenu(load_layout(DEFAULT_LAYOUT), positions or {}, lambda: simulated)


def test_choosing_a_game_players_and_bots_ends_with_the_house_rules_then_starts_it():
    m = menu()
    assert m.view().title == "Choose a game" and m.view().items[2] == "WORDCHAIN"
    for button in (NEXT, NEXT, OK):  # WORDCHAIN
        assert m.press(button) is None
    assert m.items() == ("WORDCHAIN: players", ["2 players", "3 players", "4 players"])
    assert m.press(OK) is None and m.step == "seats" and m.sel == 0
    assert m.items() == (
        "Player 1 (seat 1)",
        ["a person", "a bot (beginner)", "a bot (club)", "a bot (strongest)"],
    )
    assert m.press(OK) is None
    assert m.items()[0] == "Player 2 (seat 3)"
    assert m.choose(3) is None and m.step == "options"
    title, items = m.items()
    assert title == "WORDCHAIN: house rules" and items[0] == "Start the game"
    assert items[-1] == "Cards dealt by: the table"  # the simulated table names the cards
    chosen = m.press(OK)
    assert chosen == Chosen(
        "wordchain",
        [Seat("Player 1"), Seat("Bot 2", "strongest")],
        {"scoring": "standard", "target_score": 1000, "dice": 0, "deal": "host"},
    )
    assert (m.step, m.sel) == ("game", 0)


def test_more_goes_back_one_step_and_forgets_the_last_seat():
    m = menu()
    m.choose(0)  # wordgame, two players only
    m.choose(0)
    m.choose(1)
    m.choose(0)
    assert m.step == "options" and m.choice["seats"] == ["beginner", None]
    m.press(MORE)
    assert m.step == "seats" and m.choice["seats"] == ["beginner"]
    m.press(MORE)
    assert m.step == "seats" and m.choice["seats"] == []
    m.press(MORE)
    assert m.step == "players"
    m.press(MORE)
    assert (m.step, m.sel) == ("game", 0)
    m.press(PREV)
    assert m.sel == 4 and m.view().selected == 4  # round to the last game


def test_a_house_rule_moves_to_its_next_choice_and_the_cursor_stays_on_it():
    m = menu(simulated=False, positions={"wordgame": {"options": {"challenge": "double"}}})
    for index in (0, 0, 0, 0):
        m.choose(index)
    assert m.choice["options"] == {"challenge": "double", "turn_limit_ms": None}
    m.press(NEXT)
    m.press(NEXT)
    assert m.press(OK) is None and m.sel == 2
    assert m.items()[1][2] == "Time a turn: 1 minute"
    assert m.choice["options"]["turn_limit_ms"] == 60000


def test_on_a_real_board_people_deal_the_cards_by_default():
    assert menu(simulated=False).default_options("wordsnake") == {
        "hands": 5,
        "timer_ms": None,
        "deal": "table",
    }
