"""The sample screens (``wordtable display preview``, the reference images) say what the real table
says: the game screens are read from real games, so they show only rules the games have; the
session's screens offer what the session offers and word tag problems as the registry does."""

from __future__ import annotations

import pytest
from wordtable.cli import main
from wordtable.display.samples import SAMPLES
from wordtable.display.views import status_from_game
from wordtable.games.wordchain import WordchainGame, WordchainOptions
from wordtable.store import Store
from wordtable.table.adapters.base import NEXT, LetterModal, Reply, Table
from wordtable.table.games_catalogue import START_ITEM, menu_options, playable
from wordtable.table.tags import TagRegistry, duplicates, identify, load_set

UID1 = bytes.fromhex("04a1b2c3d4e5f6")


def test_the_wordchain_sample_shows_rule_d_as_the_texts_coloured_word_bonus():
    view = SAMPLES["status-wordchain"]
    assert view.last.player == "Ava" and view.last.summary == "WOMANLY" and view.last.total == 54
    assert [(ln.label, ln.points) for ln in view.last.lines] == [
        ("B: card points", 34),
        ("D: coloured word +5%", 2),
        ("J: word on the link card", 18),
    ]
    assert view.last.lines[1].detail == "34 × 105% = 35.7, rounded up to 36"
    assert WordchainOptions().coloured_percent == 5  # the text's rule D, not a "four-letter word" bonus
    assert [(p.name, p.score, p.active) for p in view.players] == [
        ("Ava", 102, True),
        ("Ben", 38, False),
        ("Cy", 47, False),
    ]
    assert view.info == "Ava: OK to draw 6"


def test_the_result_sample_is_the_end_of_that_wordchain_game_at_its_target():
    view = SAMPLES["result"]
    assert [(p.name, p.score) for p in view.players] == [("Ava", 102), ("Ben", 38), ("Cy", 47)]
    assert view.winners == (0,) and view.reason == "Ava reached the target score of 100"


def test_the_wordability_sample_shows_the_fifty_points_for_all_seven_tiles_and_the_turn_clock():
    view = SAMPLES["status-clock"]
    assert view.last.player == "Zoe" and view.last.summary == "SLEIGHS SH SO" and view.last.total == 90
    assert [(ln.label, ln.points) for ln in view.last.lines] == [
        ("SLEIGHS", 33),
        ("SH", 5),
        ("SO", 2),
        ("all tiles used", 50),
    ]
    assert view.last.lines[0].detail.startswith(
        "S 1 + L 1 + E 1 + I 1 + G 2 + H 4 + S 1 = 11, x3 (triple word at O8)"
    )
    # two minutes a turn, 37 seconds gone: only the player to move has a clock
    assert [(p.name, p.score, p.clock_ms) for p in view.players] == [
        ("Mia", 28, 83_000),
        ("Leo", 102, None),
        ("Sam", 78, None),
        ("Zoe", 90, None),
    ]


def test_the_error_samples_are_the_games_own_refusals():
    assert SAMPLES["error"].lines[0] == "QAXS (across, left to right from E12) is not a word in enable."
    assert SAMPLES["error-long"].lines[0] == (
        "The tiles on I9 and J11 are not in one row or one column (wordgame words go right or down only); "
        "all the tiles of a move go in one line."
    )
    assert SAMPLES["error"].title == SAMPLES["error-long"].title == "Not allowed"
    assert [p.score for p in SAMPLES["board-lost"].players] == [16, 22]  # PRESS, then FAXES


def test_a_wordchain_word_is_shown_by_the_word_its_cards_spell(enable):
    game = WordchainGame(["Ann", "Bob"], lexicon=enable, seed=1)
    game.set_position([["N♥7", "O♦1", "P♣8"], ["E♥1", "A♠1", "T♦2"]], "K♠10", current=0)
    game.apply({"type": "word", "cards": ["@", "N♥7", "O♦1", "P♣8"]})
    view = status_from_game(game, "WORDCHAIN")
    # 26 on the cards, I: all the hand used (x 1.5 = 39), J: twice the link K♠10
    assert view.last.summary == "KNOP" and view.last.total == 59


def test_two_wordchain_words_after_a_double_are_shown_by_the_words_not_their_cards(enable):
    game = WordchainGame(["Ann", "Bob"], lexicon=enable, seed=4, options=WordchainOptions(dice=2))
    assert game.dice == (6, 6)
    game.set_position([["A♠1", "T♦2", "O♦1", "N♥7"], ["E♥1"]], "C♥5", current=0)
    game.apply({"type": "word", "words": [["@", "A♠1", "T♦2"], ["@", "O♦1", "N♥7"]]})
    assert status_from_game(game, "WORDCHAIN").last.summary == "CAT CON"


def test_the_game_menu_sample_lists_the_games_the_session_offers_in_its_order():
    view = SAMPLES["menu"]
    assert view.items == tuple(g.title for g in playable())
    assert view.buttons == ("OK", "up", "down", "back")


def test_the_house_rules_sample_is_wordabilitys_menu_with_its_default_choices():
    view = SAMPLES["menu-options"]
    assert view.title == "Wordability: house rules"
    assert view.items == (START_ITEM,) + tuple(
        f"{o.label}: {o.words(o.choices[0][0])}" for o in menu_options("wordability")
    )


def test_the_letter_pick_sample_is_the_blank_pickers_screen_after_four_presses_of_next():
    picker = LetterModal(0, "Blank on H8: which letter?", lambda letter, table: Reply())
    for _ in range(4):
        picker.press(NEXT, Table({}, 0))
    assert picker.view() == SAMPLES["letter-pick"]
    assert SAMPLES["letter-pick"].letters[SAMPLES["letter-pick"].selected] == "E"


@pytest.fixture
def registry(tmp_path):
    with Store(tmp_path / "wordtable.db") as store:
        yield TagRegistry(store.conn)


def test_the_tag_problem_samples_are_worded_as_the_registry_words_them(registry):
    card = next(p for p in load_set("wordchain").pieces if p.label == "P/C/8")
    registry.enroll(UID1, card)
    assert identify(registry, UID1, 112, ["wordgame"]).message == SAMPLES["tag-problem"].message
    assert (
        identify(registry, bytes.fromhex("04000000000001"), 230, ["wordgame"]).message
        == SAMPLES["tag-unknown"].message
    )
    tile = next(p for p in load_set("wordgame").pieces if p.label == "E 5 of 13")
    registry.enroll(UID1, tile, replace=True)
    (problem,) = duplicates(registry, {112: UID1, 228: UID1})
    assert problem.message == SAMPLES["tag-duplicate"].message


def test_listing_the_screens_needs_no_word_list(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WORDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("WORDTABLE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("WORDTABLE_LEXICON_SOURCES", str(tmp_path / "no-sources"))
    assert main(["display", "list"]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == ["status", "status-clock", "status-wordchain"]
