"""GCG records (wordgame standard, Wordability's direction extension), saved games and the move command."""

from __future__ import annotations

import json

import pytest
from wordtable.cli import main
from wordtable.cli.move import check_move
from wordtable.games.crossword import CrosswordOptions
from wordtable.games.gcg import GcgError, export_gcg, import_gcg
from wordtable.games.registry import game_from_position

from .boards import POSITIONS, load, place, position

HAND_WRITTEN = """#character-encoding UTF-8
#player1 ann Ann Smith
#player2 bob Bob Jones
>ann: AEILNOR? 8D RELAtION +32 32
>bob: EGORSTU? G7 G.TORS +12 12
>ann: ABDEINST - +0 32
>bob: DEHHINU? 12C DUNE. +12 24
"""


def test_a_standard_wordgame_record_is_replayed(enable):
    game = import_gcg(HAND_WRITTEN, enable)
    assert game.name == "wordgame" and [p.name for p in game.players] == ["Ann Smith", "Bob Jones"]
    assert game.board.rows()[7] == "...RELAtION...."
    assert game.board.rows()[11] == "..DUNES........"
    assert game.scores == [32, 24] and game.turn == 0
    assert sorted(game.rack_letters(0)) == sorted("ABDEINST")
    assert len(game.bag) == 104 - 16 - 8 - 5 - 4


def test_a_record_whose_score_is_wrong_is_refused_naming_the_line(enable):
    with pytest.raises(GcgError, match=r"line 4: the record scores this play 30 but the rules give 32"):
        import_gcg(HAND_WRITTEN.replace("+32 32", "+30 30"), enable)


def test_a_record_with_an_illegal_move_is_refused_naming_the_line(enable):
    with pytest.raises(GcgError, match=r"line 7: the new word does not touch any letter"):
        import_gcg(HAND_WRITTEN.replace("12C DUNE.", "1A DUNE."), enable)


def test_a_record_with_an_unknown_player_is_refused(enable):
    with pytest.raises(GcgError, match="line 5: cy is not one of the players"):
        import_gcg(HAND_WRITTEN.replace(">bob: EGORSTU?", ">cy: EGORSTU?"), enable)


def test_exchanges_passes_and_challenges_survive_a_gcg_round_trip(enable):
    game = game_from_position(
        position("wordgame", {}, ["ABCDEFGH", "IJKLMNOP"]), enable, CrosswordOptions(challenge="five-point")
    )
    game.apply(place("G8:B,H8:C,I8:D,J8:A"))
    game.apply({"type": "challenge", "player": 1})  # the phony is withdrawn
    game.apply({"type": "exchange", "letters": "IJK"})
    game.apply(place("G8:B,H8:A,I8:D,J8:E"))
    game.apply({"type": "challenge", "player": 1})  # BADE is good: five points
    game.apply({"type": "pass"})
    text = export_gcg(game)
    lines = [ln for ln in text.splitlines() if ln.startswith(">")]
    assert lines[0].endswith("8G BCDA +14 14") and lines[1] == ">Player_1: ABCDEFGH -- -14 0"
    assert " -IJK +0 0" in lines[2] and lines[4].endswith("(challenge) +5 17")
    replay = import_gcg(text, enable)
    assert replay.board.rows() == game.board.rows() and replay.scores == game.scores == [17, 0]
    assert export_gcg(replay) == text


def test_wordability_records_name_the_reading_direction(enable):
    game = game_from_position(load("wordability_ewe.json"), enable)
    game.apply(place("F8:R"))
    game.apply(place("E8:S"))
    text = export_gcg(game)
    assert ">Player_1: RS I8/W ...R +7 7" in text  # REWE is read as EWER, from I8 leftwards
    assert ">Player_2: S I8/W ....S +8 8" in text
    replay = import_gcg(text, enable)
    assert replay.name == "wordability" and replay.board.rows() == game.board.rows()
    assert replay.scores == game.scores and export_gcg(replay) == text


def test_a_wordgame_record_cannot_read_diagonally(enable):
    with pytest.raises(GcgError, match="wordgame words do not read SE"):
        import_gcg(HAND_WRITTEN.replace("8D RELAtION", "H8/SE RELAtION"), enable, game_name="wordgame")
    with pytest.raises(GcgError, match=r"^line 4: there is no cell Q8 on this board"):
        import_gcg(HAND_WRITTEN.replace("8D RELAtION", "Q8 RELAtION"), enable)


def test_check_move_reports_words_scores_and_total(enable):
    code, out = check_move("wordability", load("wordability_worthy.json"), "J9:O,J10:U", enable)
    assert code == 0 and out["valid"] and out["error"] is None and out["total"] == 12
    assert [(w["word"], w["cell"], w["direction"], w["points"]) for w in out["words"]] == [
        ("YOU", "J8", "S", 7),
        ("HO", "I8", "SE", 5),
    ]


def test_check_move_reports_a_broken_rule_with_exit_code_one(enable):
    code, out = check_move("wordability", load("wordability_worthy.json"), "J9:O,J11:U", enable)
    assert code == 1 and not out["valid"]
    assert out["error"] == "there is a gap at J10 between J9 and J11; the letters of a word must touch"
    code, out = check_move(
        "wordgame", position("wordgame", {"E8": "RETAINS"}, ["QT", None]), "E9:Q,F9:T", enable
    )
    assert code == 1 and out["error"].startswith("QT (across, left to right from E9)")
    assert [w["word"] for w in out["words"] if not w["valid"]] == ["QT", "RQ"]


def test_check_move_gives_an_unknown_rack_the_moves_letters(enable):
    code, out = check_move("wordgame", position("wordgame", {}, [None, None]), "G8:C,H8:A,I8:T,J8:s", enable)
    assert code == 0 and out["total"] == 8


def test_check_move_reports_bad_input_with_exit_code_two(enable):
    assert check_move("wordgame", position("wordgame", {}, [None, None]), "G8C", enable)[0] == 2
    code, out = check_move("wordgame", load("wordability_worthy.json"), "J9:O", enable)
    assert code == 2 and out["error"] == "the position is a wordability position, not wordgame"


def test_the_move_command_prints_json_and_exits_by_verdict(enable, games_home, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("WORDTABLE_HOME", str(games_home))
    path = str(POSITIONS / "wordability_wort_ate.json")
    assert main(["move", "--game", "wordability", "--position", path, "--place", "G4:A,H4:T,I4:E"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"] == 36 and out["valid"]
    assert main(["move", "--game", "wordability", "--position", path, "--place", "G4:Q"]) == 1
    assert (
        json.loads(capsys.readouterr().out)["error"] == "you have no Q on your rack for G4 (your rack: A T E)"
    )
    assert (
        main(["move", "--game", "wordability", "--position", str(tmp_path / "none.json"), "--place", "G4:A"])
        == 2
    )
    assert "there is no position file" in json.loads(capsys.readouterr().out)["error"]
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    assert main(["move", "--game", "wordgame", "--position", str(bad), "--place", "G4:A"]) == 2
    assert "is not valid JSON" in json.loads(capsys.readouterr().out)["error"]


def test_a_saved_game_keeps_an_open_challenge_and_laid_tiles(enable):
    game = game_from_position(
        position("wordgame", {}, ["ABCDEFGH", "IJKLMNOP"]),
        enable,
        CrosswordOptions(challenge="double", turn_limit_ms=60_000),
    )
    game.start_clock(0)
    game.apply(place("G8:B,H8:C,I8:D,J8:A"), now_ms=5_000)
    laid = game.set_tentative(place("G9:I")["placements"])
    saved = json.loads(json.dumps(game.to_dict()))
    restored = type(game).from_dict(saved, enable)
    assert [p.square for p in restored.tentative] == [game.geometry.parse("G9")]
    assert restored.tick(64_999) == []
    rec = restored.apply({"type": "challenge", "player": 1}, now_ms=6_000)
    assert rec.action["type"] == "withdrawn" and restored.board.count == 0 and restored.scores == [0, 0]
    out = restored.tick(65_000)  # Bob's turn began at 5 s; his laid I goes back to his rack
    assert out[0].player == 1 and out[0].action["returned"] == [laid[0].tile]
    assert laid[0].tile in restored.racks[1] and restored.turn == 0


def test_a_saved_game_of_another_kind_is_refused(enable):
    game = game_from_position(load("wordability_ewe.json"), enable)
    from wordtable.games.wordgame import Wordgame

    with pytest.raises(Exception, match="this is a saved 'wordability' game, not wordgame"):
        Wordgame.from_dict(game.to_dict(), enable)
