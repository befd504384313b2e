"""Whole games played to the end by a scripted player: every tile accounted for, every score explained,
and the record (GCG, saved dict) reproduces the game."""

from __future__ import annotations

import json

import pytest
from wordtable.games.gcg import export_gcg, import_gcg
from wordtable.games.position import position_of
from wordtable.games.registry import game_from_position
from wordtable.games.wordability import Wordability, WordabilitySession
from wordtable.games.wordgame import Wordgame

from .scripted import play_to_the_end, play_turn


def check_finished(game, turns):
    assert game.over and turns > 10
    on_board = [t for t in game.board.tile if t >= 0]
    in_racks = [t for r in game.racks for t in r]
    assert sorted(on_board + in_racks + game.bag) == list(range(len(game.tiles)))
    for p in range(len(game.players)):
        explained = sum(r.score.total for r in game.history if r.player == p and r.score is not None)
        assert game.scores[p] == explained
    for r in game.history:
        if r.score is not None:
            assert sum(ln.points for ln in r.score.lines) == r.score.total


def check_records(game, lexicon):
    saved = json.loads(json.dumps(game.to_dict()))
    again = type(game).from_dict(saved, lexicon)
    assert again.to_dict() == saved
    text = export_gcg(game)
    replay = import_gcg(text, lexicon)
    assert replay.board.rows() == game.board.rows()
    assert replay.scores == game.scores and replay.over
    assert export_gcg(replay) == text


@pytest.mark.parametrize("seed", [1, 2])
def test_a_wordgame_is_played_to_the_end(enable, seed):
    game = Wordgame(["Ann", "Bob"], lexicon=enable, seed=seed)
    turns = play_to_the_end(game, enable)
    check_finished(game, turns)
    assert game.end_reason in ("went out", "6 scoreless turns in a row")
    if game.end_reason == "went out":
        out = next(p for p in range(2) if not game.racks[p])
        other = 1 - out
        assert game.history[-1].action == {"type": "end", "rack": "", "others": game.rack_letters(other)}
        assert game.history[-1].score.total == game.rack_value(other)
    check_records(game, enable)


def test_a_three_player_wordability_game_is_played_to_the_end(enable):
    game = Wordability(["Ann", "Bob", "Cy"], lexicon=enable, seed=5)
    turns = play_to_the_end(game, enable)
    check_finished(game, turns)
    assert not any(r.action.get("type") == "end" for r in game.history)  # no rack adjustments in Wordability
    check_records(game, enable)
    assert "/" in export_gcg(game).splitlines()[8].split()[2]


def test_a_game_restored_midway_plays_on_exactly_like_the_original(enable):
    game = Wordgame(["Ann", "Bob"], lexicon=enable, seed=3)
    for _ in range(12):
        play_turn(game, enable)
    copy = Wordgame.from_dict(json.loads(json.dumps(game.to_dict())), enable)
    for _ in range(12):
        play_turn(game, enable)
        play_turn(copy, enable)
    assert copy.to_dict() == game.to_dict()


def test_a_position_of_a_game_sets_up_the_same_game(enable):
    game = Wordgame(["Ann", "Bob"], lexicon=enable, seed=4)
    for _ in range(9):
        play_turn(game, enable)
    pos = position_of(game)
    again = game_from_position(json.loads(json.dumps(pos)), enable)
    assert again.board.rows() == game.board.rows()
    assert [sorted(again.rack_letters(p)) for p in range(2)] == [
        sorted(game.rack_letters(p)) for p in range(2)
    ]
    assert again.scores == game.scores and again.turn == game.turn
    assert sorted(again.tiles[t].letter for t in again.bag) == sorted(game.tiles[t].letter for t in game.bag)


def test_a_session_has_one_game_per_player_each_started_by_the_next(enable):
    session = WordabilitySession(["Ann", "Bob", "Cy"], lexicon=enable, seed=9)
    starters = []
    while True:
        game = session.game
        starters.append(game.turn)
        for _ in range(4):
            play_turn(game, enable)
        game.apply({"type": "agree_end"})
        if session.index == session.games - 1:
            session.next_game()
            break
        session.next_game()
    assert starters == [0, 1, 2]
    assert session.is_over()
    assert session.totals == [sum(g.scores[p] for g in session.finished) for p in range(3)]
    assert session.winners() == [p for p in range(3) if session.totals[p] == max(session.totals)]
    restored = WordabilitySession.from_dict(json.loads(json.dumps(session.to_dict())), enable)
    assert restored.totals == session.totals and restored.is_over()
    with pytest.raises(Exception, match="the session is over"):
        session.next_game()


def test_going_out_takes_the_tiles_left_on_the_other_rack(enable):
    from .boards import place, position

    game = game_from_position(position("wordgame", {"E8": "RETAINS"}, ["OE", "QZ"], bag=""), enable)
    played = game.apply(place("G9:O,G10:E")).score.total
    assert played == 1 + 1 * 2 + 1  # TOE, the O on the double letter G9
    assert game.over and game.end_reason == "went out"
    assert game.scores == [played + 14, -14]
    ends = [(r.player, r.score.total) for r in game.history if r.action["type"] == "end"]
    assert ends == [(1, -14), (0, 14)]


def test_going_out_in_wordability_changes_no_score(enable):
    from .boards import place, position

    game = game_from_position(position("wordability", {"H8": "T"}, ["OE", "QZ"], bag=""), enable)
    played = game.apply(place("H9:O,H10:E")).score.total
    assert played == 3 and game.over and game.end_reason == "went out" and game.scores == [3, 0]
