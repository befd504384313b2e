"""Challenge rules (void, single, double, five-point) and clocks (per-turn limit, total time with increment)."""

from __future__ import annotations

import pytest
from wordtable.games.base import IllegalMoveError, InvalidMoveError
from wordtable.games.crossword import CrosswordOptions, TimeUpError
from wordtable.games.registry import game_from_position

from .boards import place, position

PHONY = "G8:B,H8:C,I8:D,J8:A"  # BCDA is no word
VALID = "G8:B,H8:A,I8:D,J8:E"  # BADE


def opening(enable, rule, racks=("ABCDEFGH", "IJKLMNOP"), game="wordgame"):
    return game_from_position(position(game, {}, list(racks)), enable, CrosswordOptions(challenge=rule))


def test_void_rule_refuses_a_phony_and_has_no_challenges(enable):
    game = opening(enable, "void")
    with pytest.raises(IllegalMoveError, match="BCDA .* is not a word"):
        game.apply(place(PHONY))
    game.apply(place(VALID))
    with pytest.raises(IllegalMoveError, match="challenges are off in this game"):
        game.apply({"type": "challenge", "player": 1})


@pytest.mark.parametrize("rule", ["single", "double", "five-point"])
def test_a_challenged_phony_is_withdrawn_and_the_turn_lost(enable, rule):
    game = opening(enable, rule)
    rack = sorted(game.racks[0])
    rec = game.apply(place(PHONY))
    assert game.scores[0] == rec.score.total > 0 and game.turn == 1
    out = game.apply({"type": "challenge", "player": 1})
    assert out.action == {"type": "withdrawn", "challenger": 1, "words": ["BCDA"], "points": rec.score.total}
    assert game.board.count == 0 and game.scores == [0, 0]
    assert sorted(game.racks[0]) == rack
    assert game.turn == 1 and len(game.bag) == 104 - 16


def test_single_rule_a_failed_challenge_costs_nothing(enable):
    game = opening(enable, "single")
    game.apply(place(VALID))
    out = game.apply({"type": "challenge", "player": 1})
    assert out.note == "the challenge failed: every word is valid"
    assert game.turn == 1 and game.scores == [12, 0]


def test_double_rule_a_failed_challenge_costs_the_challenger_the_turn(enable):
    game = opening(enable, "double")
    game.apply(place(VALID))
    game.apply({"type": "challenge", "player": 1})
    assert game.turn == 0
    assert (
        game.history[-1].action["reason"] == "lost turn (failed challenge)" and game.history[-1].player == 1
    )


def test_five_point_rule_a_failed_challenge_gives_five_points(enable):
    game = opening(enable, "five-point")
    game.apply(place(VALID))
    out = game.apply({"type": "challenge", "player": 1})
    assert out.score.total == 5 and game.scores == [12 + 5, 0] and game.turn == 1


def test_double_rule_a_later_challenger_loses_their_next_turn(enable):
    game = opening(enable, "double", racks=("BADE", "XYZ", "QRS"), game="wordability")
    game.apply(place("H8:B,I8:A,J8:D,K8:E"))
    game.apply({"type": "challenge", "player": 2})
    assert game.turn == 1
    game.apply({"type": "pass"})
    assert game.turn == 0
    assert (
        game.history[-1].player == 2 and game.history[-1].action["reason"] == "lost turn (failed challenge)"
    )


def test_only_the_last_move_can_be_challenged_and_not_by_its_player(enable):
    game = opening(enable, "single")
    game.apply(place(PHONY))
    with pytest.raises(IllegalMoveError, match="you cannot challenge your own move"):
        game.apply({"type": "challenge", "player": 0})
    game.apply({"type": "pass"})
    with pytest.raises(IllegalMoveError, match="there is no move to challenge"):
        game.apply({"type": "challenge", "player": 1})
    with pytest.raises(InvalidMoveError, match="say which player challenges"):
        game.apply({"type": "challenge"})


def test_unknown_challenge_rule_is_refused():
    with pytest.raises(InvalidMoveError, match="choose one of void, single, double, five-point"):
        CrosswordOptions(challenge="triple")


def timed(enable, game="wordability", **options):
    racks = ["CATSDOG", "EEEEEEE"] if game == "wordability" else ["CATSDOGE", "EEEEEEEE"]
    return game_from_position(position(game, {}, racks), enable, CrosswordOptions(**options))


def test_time_running_out_returns_the_laid_tiles_to_the_rack(enable):
    game = timed(enable, turn_limit_ms=120_000)
    game.start_clock(0)
    rack = list(game.racks[0])
    laid = game.set_tentative(place("H8:C,I8:A,J8:T")["placements"])
    assert game.tick(119_999) == []
    out = game.tick(120_000)
    assert len(out) == 1
    rec = out[0]
    assert rec.action["reason"] == "time ran out" and rec.action["returned"] == [p.tile for p in laid]
    assert rec.note == "tiles back to the rack: C A T"
    assert game.racks[0] == rack and game.board.count == 0 and game.tentative == []
    assert game.turn == 1 and game.turn_started_ms == 120_000


def test_a_play_after_the_time_limit_is_refused_until_the_table_passes_the_turn(enable):
    game = timed(enable, turn_limit_ms=60_000)
    game.start_clock(1_000)
    before = game.to_dict()
    with pytest.raises(TimeUpError, match="time is up: Player 1's 1:00 for this turn ran out"):
        game.apply(place("H8:C,I8:A,J8:T"), now_ms=61_000)
    assert game.to_dict() == before
    assert game.apply(place("H8:C,I8:A,J8:T"), now_ms=60_999).score.total > 0


def test_a_late_tick_passes_every_turn_whose_time_ran_out(enable):
    game = timed(enable, "wordgame", turn_limit_ms=10_000)
    game.start_clock(0)
    out = game.tick(25_000)
    assert [r.player for r in out] == [0, 1] and game.turn == 0 and game.turn_started_ms == 20_000


def test_total_time_runs_down_with_an_increment_per_move(enable):
    game = timed(enable, total_time_ms=60_000, increment_ms=5_000)
    game.start_clock(0)
    game.apply(place("H8:C,I8:A,J8:T"), now_ms=10_000)
    assert game.clock_ms == [55_000, 60_000]
    game.apply({"type": "pass"}, now_ms=40_000)
    assert game.clock_ms == [55_000, 35_000]


def test_over_time_costs_ten_points_per_started_minute_at_the_end(enable):
    game = timed(enable, total_time_ms=1_000)
    game.start_clock(0)
    points = game.apply(place("H8:C,I8:A,J8:T"), now_ms=70_000).score.total  # 69 s over: two started minutes
    game.apply({"type": "pass"}, now_ms=70_500)
    game.apply({"type": "pass"}, now_ms=71_000)
    assert game.over and game.end_reason == "no score for a full round"
    assert game.history[-1].action == {"type": "time_penalty", "minutes": 2}
    assert points == 5 and game.scores == [5 - 20, 0]
