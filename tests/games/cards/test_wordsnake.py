"""WordSnake played at once by everyone: snakes of words, actions ordered by their timestamps, centre cards,
passing, Stop! and the words in progress at that moment, challenges during and after a hand, scoring (the
hand subtracted, vowels 1 point), five hands, the timer variant, saving, and every bad move refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from wordtable.ai.wordsnake import best_snake, best_snake_for
from wordtable.games.base import GameOverError, IllegalMoveError, InvalidMoveError
from wordtable.games.cards import Card, CardNotInHandError, CardPlayedTwiceError, UnknownCardError, load_deck
from wordtable.games.wordsnake import WordsnakeGame, WordsnakeOptions, hand_penalty, score_snake, snake_words

ANN = ["T2", "O2", "P3", "S2", "H3", "E2", "L2", "L2", "O2", "W4", "I2", "N2", "G3"]  # TOPS SHELL LOWING
BOB = ["C3", "A2", "T2", "S2", "N2", "A2", "K5", "E2", "N2", "J8", "O2", "Y4", "R2"]  # CATS SNAKE ENJOY + R
CENTRE = ["W4", "E2", "A2", "U3", "O2", "F4", "I2", "R2", "X8"]
TOPSHELLOWING = list("TOPSHELLOWING")


def new(enable: Any, players: int = 2, **options: Any) -> WordsnakeGame:
    game = WordsnakeGame(
        ["Ann", "Bob", "Cy"][:players], seed=2, options=WordsnakeOptions(**options), lexicon=enable
    )
    hands = [
        list(ANN),
        list(BOB),
        ["D2", "O2", "G3", "R2", "A2", "T2", "E2", "H3", "I2", "M3", "U3", "L2", "B3"],
    ]
    game.set_position(hands[:players], list(CENTRE))
    return game


def cards(*letters: str) -> list[str]:
    """Card codes for letters, each WordSnake letter having one value."""
    values = {c.letters: c.points for c in load_deck("wordsnake_deck").cards}
    return [f"{ch}{values[ch]}" for ch in letters]


def frozen(game: WordsnakeGame) -> str:
    return json.dumps([game.state(), game.to_dict()], sort_keys=True, ensure_ascii=False)


def test_a_snake_is_read_word_by_word_from_its_head_until_a_word_is_incomplete(enable: Any) -> None:
    assert snake_words(list("CATSNAKENJOY"), enable.is_word, 3) == [(0, 3), (3, 7), (7, 11)]
    assert snake_words(list("CATSNKENJOY"), enable.is_word, 3) == [(0, 3)]
    assert snake_words(list("TOPSHELLOWING"), enable.is_word, 3) == [(0, 3), (3, 7), (7, 12)]
    # two letters are not yet a word; declared joints are taken as given
    assert snake_words(list("CATSO"), enable.is_word, 3) == [(0, 3)]
    assert snake_words(list("CATSNAKE"), None, 3, joints=[3]) == [(0, 3), (3, 7)]


def test_the_deck_keeps_the_texts_values(enable: Any) -> None:
    deck = load_deck("wordsnake_deck")
    assert len(deck.cards) >= 5 * 13 + 9
    points = {c.letters: c.points for c in deck.cards}
    assert points["T"] + points["C"] == 5  # Chuck loses 5 points for a T and a C
    o = WordsnakeOptions()
    qu = next(c for c in deck.cards if c.letters == "QU")
    assert hand_penalty(qu, o) == 1 and [hand_penalty(c, o) for c in deck.cards if c.letters == "U"][0] == 1


def test_a_snake_scores_from_its_head_and_the_hand_is_subtracted_vowels_one_point(enable: Any) -> None:
    snake = [
        Card(f"s{i}", ch, v, v)
        for i, (ch, v) in enumerate(zip("CATSNAKE", [3, 2, 2, 2, 2, 2, 5, 2], strict=True))
    ]
    hand = [Card("h1", "T", 2, 2), Card("h2", "C", 3, 3), Card("h3", "A", 2, 2)]
    sheet = score_snake(snake, [(0, 3), (3, 7)], hand, WordsnakeOptions())
    assert [(ln.label, ln.points) for ln in sheet.lines] == [
        ("word CATS", 9),
        ("word SNAKE", 11),
        ("T left in the hand", -2),
        ("C left in the hand", -3),
        ("A left in the hand", -1),
    ]
    assert sheet.lines[1].detail == "S already counted; N 2 + A 2 + K 5 + E 2"
    assert sheet.total == 9 + 11 - 5 - 1


def test_nobody_plays_before_go(enable: Any) -> None:
    game = new(enable)
    with pytest.raises(IllegalMoveError, match="wait for GO!"):
        game.apply({"type": "snake", "player": 0, "cards": ["T2"]}, now_ms=5)
    with pytest.raises(InvalidMoveError, match="needs the time it happened"):
        game.apply({"type": "snake", "player": 0, "cards": ["T2"]})


def test_the_texts_example_a_word_in_progress_at_stop_goes_back_with_every_word_after_it(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 0, "cards": ANN}, now_ms=1_000)
    # Bob was laying the A of SNAKE: C A T S N _ K E N J O Y
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNKENJOY")}, now_ms=1_500)
    game.apply({"type": "stop", "player": 0}, now_ms=2_000)
    game.apply({"type": "accept"}, now_ms=2_100)
    state = game.state()
    assert state["players"][1]["snake"] == cards(*"CATS")
    assert sorted(state["players"][1]["hand"]) == sorted(cards(*"NKENJOYAR"))
    ann, bob = game.sheets
    assert ann.total == 9 + 9 + 13  # TOPS 2+2+3+2, SHELL 3+2+2+2, LOWING 2+4+2+2+3
    # CATS 9, less N 2, K 5, E 1, N 2, J 8, O 1, Y 4, A 1, R 2
    assert bob.total == 9 - 26
    game.apply({"type": "close_hand"})
    assert game.scores == [31, -17] and game.hand_number == 2


def test_a_move_made_before_stop_counts_even_when_it_reaches_the_host_after_it(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 0, "cards": ANN}, now_ms=1_000)
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNKE")}, now_ms=1_500)
    game.apply({"type": "stop", "player": 0}, now_ms=2_000)
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match="Ann called Stop! at 2000 ms: everyone puts the cards down"):
        game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNAKE")}, now_ms=2_050)
    assert frozen(game) == before
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNAKE")}, now_ms=1_990)
    game.apply({"type": "accept"}, now_ms=2_200)
    assert game.state()["players"][1]["words"] == ["CATS", "SNAKE"]


def test_a_centre_card_is_taken_one_at_a_time_into_a_complete_word_and_never_returned(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match=r"the centre card X8 must be used in a word at once: TOPSX"):
        game.apply(
            {"type": "snake", "player": 0, "cards": ["T2", "O2", "P3", "S2", "X8"], "centre": 8}, now_ms=10
        )
    assert frozen(game) == before
    game.apply({"type": "snake", "player": 0, "cards": ["W4", "O2", "W4"], "centre": 0}, now_ms=20)  # WOW
    assert game.centre[0] is None and game.state()["players"][0]["words"] == ["WOW"]
    with pytest.raises(IllegalMoveError, match="centre place 0 is empty"):
        game.apply({"type": "snake", "player": 1, "cards": ["W4"], "centre": 0}, now_ms=30)
    # picked up again, the centre W stays with Ann and counts against her
    game.apply({"type": "snake", "player": 0, "cards": []}, now_ms=40)
    assert "W4" in game.hands[0].faces() and len(game.hands[0]) == 14
    assert game.centre[0] is None


def test_stop_needs_every_hand_card_in_a_complete_snake(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNAKENJOY")}, now_ms=100)
    with pytest.raises(IllegalMoveError, match="Bob still holds R2: Stop! needs every card in the snake"):
        game.apply({"type": "stop", "player": 1}, now_ms=200)
    game.apply(
        {
            "type": "snake",
            "player": 0,
            "cards": ["T2", "O2", "P3", "S2", "H3", "E2", "L2", "L2", "O2", "W4", "I2", "G3", "N2"],
        },
        now_ms=300,
    )
    before = frozen(game)
    with pytest.raises(
        IllegalMoveError, match=r"Ann's snake is not complete \(TOPS SHELL LOW WIG; the rest is not a word\)"
    ):
        game.apply({"type": "stop", "player": 0}, now_ms=400)
    assert frozen(game) == before


def test_a_player_who_passes_may_not_touch_the_cards_and_all_passing_ends_the_hand(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATS")}, now_ms=100)
    game.apply({"type": "pass", "player": 1}, now_ms=200)
    with pytest.raises(IllegalMoveError, match="Bob has passed and may not touch the cards any more"):
        game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNAKE")}, now_ms=300)
    game.apply({"type": "pass", "player": 0}, now_ms=400)
    assert game.phase == "ended" and game.end_reason == "every player has passed"
    assert game.sheets[0].total == -sum(hand_penalty(c, game.options) for c in game.hands[0])


def test_with_the_timer_the_first_pass_turns_it_and_the_hand_ends_when_it_runs_out(enable: Any) -> None:
    game = new(enable, players=3, timer_ms=75_000)
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "pass", "player": 2}, now_ms=10_000)
    assert game.timer_end == 85_000
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNA")}, now_ms=84_999)
    with pytest.raises(IllegalMoveError, match=r"the hand is over \(the sand timer ran out\)"):
        game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNAKE")}, now_ms=85_000)
    assert game.phase == "ended" and game.state()["players"][1]["words"] == ["CATS"]


def test_a_bad_word_challenged_at_stop_lets_the_hand_resume_without_the_caller(enable: Any) -> None:
    game = new(enable, players=3, check_words="challenge")
    game.apply({"type": "go"}, now_ms=0)
    # Ann claims TOPS | SHELL | LOWNIG
    game.apply(
        {
            "type": "snake",
            "player": 0,
            "joints": [3, 7],
            "cards": ["T2", "O2", "P3", "S2", "H3", "E2", "L2", "L2", "O2", "W4", "N2", "I2", "G3"],
        },
        now_ms=500,
    )
    game.apply({"type": "stop", "player": 0}, now_ms=600)
    game.apply({"type": "challenge", "player": 2, "target": 0, "word": 2}, now_ms=700)
    assert game.phase == "play" and game.snakes[0].out
    assert game.state()["players"][0]["words"] == ["TOPS", "SHELL"]
    with pytest.raises(IllegalMoveError, match="the hand goes on without Ann"):
        game.apply({"type": "snake", "player": 0, "cards": ["T2"]}, now_ms=800)
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATS")}, now_ms=900)


def test_challenging_a_good_word_costs_the_challenger_its_points(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 0, "cards": ANN}, now_ms=500)
    game.apply({"type": "stop", "player": 0}, now_ms=600)
    with pytest.raises(IllegalMoveError, match="cannot challenge her or his own word"):
        game.apply({"type": "challenge", "player": 0, "target": 0, "word": 1}, now_ms=650)
    rec = game.apply({"type": "challenge", "player": 1, "target": 0, "word": 1}, now_ms=700)
    assert rec.score.total == -(3 + 2 + 2 + 2 + 2)  # SHELL, both its S and its last L included
    game.apply({"type": "accept"}, now_ms=800)
    assert game.sheets[1].lines[-1].label == "challenged SHELL, a good word"


def test_after_the_hand_a_bad_word_and_every_word_after_it_leave_the_snake(enable: Any) -> None:
    game = new(enable, check_words="challenge")
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 1, "joints": [3, 6], "cards": cards(*"CATSNKENJOY")}, now_ms=100)
    game.apply({"type": "pass", "player": 1}, now_ms=200)
    game.apply({"type": "pass", "player": 0}, now_ms=300)
    assert game.state()["players"][1]["words"] == ["CATS", "SNKE", "ENJOY"]
    game.apply({"type": "challenge", "player": 0, "target": 1, "word": 1})
    assert game.state()["players"][1]["words"] == ["CATS"]
    assert game.sheets[1].total == 9 - 26


def test_five_hands_make_a_game(enable: Any) -> None:
    game = WordsnakeGame(["Ann", "Bob"], seed=9, lexicon=enable)
    for hand in range(5):
        game.apply({"type": "go"}, now_ms=hand * 1000)
        game.apply({"type": "pass", "player": 0}, now_ms=hand * 1000 + 1)
        game.apply({"type": "pass", "player": 1}, now_ms=hand * 1000 + 2)
        game.apply({"type": "close_hand"})
    assert game.is_over() and len(game.hand_results) == 5
    assert game.scores == [sum(r["players"][i]["total"] for r in game.hand_results) for i in range(2)]
    with pytest.raises(GameOverError):
        game.apply({"type": "go"}, now_ms=10_000)


def test_bad_cards_are_refused_and_change_nothing(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    before = frozen(game)
    for tokens, error, message in [
        (["T2", "O2", "Z10"], CardNotInHandError, "Z10 is not in Ann's hand"),
        (["T2", "O2", "P3", "P3"], CardPlayedTwiceError, "P3 is named 2 times"),
        (["T2", "O2", "P#"], UnknownCardError, "unknown card code 'P#'"),
        (["T2", "O2", "B99"], UnknownCardError, "the WordSnake deck has no card 'B99'"),
    ]:
        with pytest.raises(error, match=message):
            game.apply({"type": "snake", "player": 0, "cards": tokens}, now_ms=10)
        assert frozen(game) == before


def test_a_saved_game_replays_exactly(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 0, "cards": ANN}, now_ms=1_000)
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNKE")}, now_ms=1_500)
    game.apply({"type": "stop", "player": 0}, now_ms=2_000)
    again = WordsnakeGame.from_dict(json.loads(json.dumps(game.to_dict())), enable)
    assert frozen(again) == frozen(game)


def test_the_best_snake_is_laid_by_its_actions_and_scores_what_it_says(enable: Any) -> None:
    game = new(enable)
    plan = best_snake(game.hands[0].cards, game.centre, enable, strength="club").best
    assert plan is not None
    game.apply({"type": "go"}, now_ms=0)
    for t, action in enumerate(plan.actions(0)):
        game.apply(action, now_ms=10 + t)
    if plan.uses_whole_hand:
        game.apply({"type": "accept"}, now_ms=1000)
    else:
        game.apply({"type": "pass", "player": 0}, now_ms=1000)
        game.apply({"type": "pass", "player": 1}, now_ms=1001)
    assert game.sheets[0].total == plan.value
    assert game.state()["players"][0]["words"] == plan.words


def test_a_search_that_covers_everything_finds_the_best_and_beats_the_beginner(enable: Any) -> None:
    hand = [Card(f"h{i}", ch, 2, 2) for i, ch in enumerate("CATSO")]
    centre: list[Card | None] = [Card("c1", "E", 2, 2), Card("c2", "N", 2, 2)]
    best = best_snake(hand, centre, enable, strength="strongest", budget_s=30)
    assert best.exhausted and best.best is not None
    # every hand card in the snake: C, T, S gain 2 + 2, A and O 2 + 1, less the hand's 8 at the start: 10,
    # and each centre card used adds its 2
    assert best.best.uses_whole_hand and best.best.value >= 10
    assert best.best.value == 10 + 2 * sum(1 for s in best.best.centre_slots if s is not None)
    weak = best_snake(hand, centre, enable, strength="beginner", budget_s=30)
    assert weak.best is not None and weak.best.value <= best.best.value
    with pytest.raises(ValueError, match="strength must be one of beginner, club, strongest"):
        best_snake(hand, centre, enable, strength="grandmaster")


def test_of_two_stops_the_earlier_one_counts_even_when_it_arrives_later(enable: Any) -> None:
    game = WordsnakeGame(["Ann", "Bob"], seed=2, lexicon=enable)
    game.set_position([list(ANN), cards(*"CATSNAKENJOYS")], list(CENTRE))
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 0, "cards": ANN}, now_ms=1_000)
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATSNAKENJOYS")}, now_ms=1_500)
    game.apply({"type": "stop", "player": 0}, now_ms=2_000)
    game.apply({"type": "stop", "player": 1}, now_ms=1_900)
    assert game.state()["stop"] == {"player": 1, "now_ms": 1_900}
    game.apply({"type": "accept"}, now_ms=2_500)
    assert game.end_reason == "Bob called Stop!"
    assert [s.total for s in game.sheets] == [31, 9 + 11 + 18]


def test_nobody_sees_a_hand_before_go(enable: Any) -> None:
    game = new(enable)
    assert "hand" not in game.state(viewer=0)["players"][0]
    game.apply({"type": "go"}, now_ms=0)
    assert (
        game.state(viewer=0)["players"][0]["hand"] == ANN and "hand" not in game.state(viewer=0)["players"][1]
    )


def test_a_hint_in_a_hand_under_way_may_rearrange_the_snake_already_laid(enable: Any) -> None:
    game = new(enable)
    game.apply({"type": "go"}, now_ms=0)
    game.apply({"type": "snake", "player": 1, "cards": cards(*"CATS")}, now_ms=100)
    result = best_snake_for(game, 1, strength="club")
    assert result.best is not None
    used = {c.id for c in result.best.cards}
    assert {c.id for c in game.snakes[1].cards} <= used | {c.id for c in result.best.hand_left}
    for t, action in enumerate(result.best.actions(1)):
        game.apply(action, now_ms=200 + t)
    assert game.state()["players"][1]["words"] == result.best.words
