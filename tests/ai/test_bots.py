"""The crossword bots play whole games to the end, at three strengths, and hints explain their moves."""

from __future__ import annotations

from random import Random

import pytest
from wordtable.ai.crossword_bots import choose, hints, leave_value, main_word, play_out
from wordtable.cli.move import check_move
from wordtable.games.position import position_of
from wordtable.games.registry import game_from_position
from wordtable.games.wordability import Wordability
from wordtable.games.wordgame import Wordgame

from .positions import EMPTY, position


@pytest.mark.parametrize("cls", [Wordgame, Wordability])
@pytest.mark.parametrize(
    "strengths", [("beginner", "club"), ("club", "strongest"), ("strongest", "beginner")]
)
def test_bots_play_a_game_to_its_end(enable, cls, strengths) -> None:
    game = cls(["A", "B"], lexicon=enable, seed=21)
    choices = play_out(game, list(strengths), seed=2)
    assert game.is_over()
    assert game.end_reason in ("went out", "no score for a full round") or "scoreless" in game.end_reason
    places = [c for c in choices if c.action["type"] == "place"]
    assert len(places) >= 10
    assert game.board.count == sum(len(c.action["placements"]) for c in places)


def test_the_strongest_bot_beats_the_beginner_in_both_games(enable) -> None:
    for cls in (Wordgame, Wordability):
        for seed in (1, 2):
            game = cls(["strong", "beginner"], lexicon=enable, seed=seed)
            play_out(game, ["strongest", "beginner"], seed=seed)
            assert game.scores[0] > game.scores[1] + 50, (cls.name, seed, game.scores)


def test_the_beginner_lays_short_words(enable) -> None:
    game = Wordgame(["A", "B"], lexicon=enable, seed=4)
    rng = Random(4)
    for _ in range(12):
        if game.is_over():
            break
        c = choose(game, "beginner", rng)
        if c.move is not None and len(c.move.tiles) > 1:
            assert len(main_word(game, c.move)) <= 5
        game.apply(c.action)


def test_the_club_bot_takes_the_highest_score(enable) -> None:
    game = game_from_position(position("wordgame", EMPTY, "QUIZABCE"), enable)
    c = choose(game, "club")
    best = hints(game, top=1)[0]
    assert c.move is not None and c.move.score == best["score"]


def test_the_strongest_bot_exchanges_a_rack_without_a_word(enable) -> None:
    game = game_from_position(position("wordgame", EMPTY, "QVJKXZWW"), enable)
    c = choose(game, "strongest")
    assert c.action["type"] == "exchange"
    assert sorted(c.action["letters"]) != []
    before = game.rack_letters(0)
    game.apply(c.action)
    assert game.history[-1].action["type"] == "exchange"
    assert game.rack_letters(0) != before or len(game.bag) >= 8


def test_a_blank_and_an_s_are_worth_keeping_and_a_q_alone_is_not() -> None:
    values = {"Q": 7, "S": 1, "E": 1}
    assert (
        leave_value("?S", False, values) > leave_value("ES", False, values) > leave_value("Q", False, values)
    )
    assert leave_value("Q", True, values) == -14.0  # bag empty: tiles kept count against, twice their value


def test_hints_list_the_best_moves_first_with_the_rules_breakdown(enable) -> None:
    game = game_from_position(position("wordgame", EMPTY, "ZITSFOTV"), enable)
    listed = hints(game, top=3)
    assert len(listed) == 3
    scores = [h["score"] for h in listed]
    assert scores == sorted(scores, reverse=True)
    top = listed[0]
    assert top["breakdown"]["total"] == top["score"] == sum(w["points"] for w in top["words"]) + top["bonus"]
    assert "double word at H8" in top["words"][0]["detail"]
    # The placement text is what `wordtable move` takes, and it scores the same there.
    code, result = check_move("wordgame", position_of(game), top["placement"], enable)
    assert code == 0 and result["total"] == top["score"]
