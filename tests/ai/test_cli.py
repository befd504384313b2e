"""``wordtable moves`` and ``wordtable bot`` on position files: JSON out, exit codes, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordtable.cli import main

from .positions import EMPTY, WORTHY, position


@pytest.fixture(autouse=True)
def _home(enable, ai_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The commands load the lexicon themselves: from the session's cache, never a person's own.
    monkeypatch.setenv("WORDTABLE_HOME", str(ai_home))
    monkeypatch.delenv("WORDTABLE_LEXICON_SOURCES", raising=False)


def _write(tmp_path: Path, data: dict) -> str:
    p = tmp_path / "position.json"
    p.write_text(json.dumps(data))
    return str(p)


def _run(capsys, argv: list[str]) -> tuple[int, dict]:
    code = main(argv)
    return code, json.loads(capsys.readouterr().out)


def test_moves_lists_the_best_first_with_words_and_breakdown(enable, tmp_path, capsys) -> None:
    pos = _write(tmp_path, position("wordability", WORTHY, "OUFN"))
    code, out = _run(capsys, ["moves", "--game", "wordability", "--position", pos, "--top", "3"])
    assert code == 0 and out["error"] is None
    assert out["rack"] == "OUFN" and out["count"] > 3 and len(out["moves"]) == 3
    first = out["moves"][0]
    assert first["placement"] == "C8:U,D8:N" and first["words"][0]["word"] == "UNWORTHY"
    assert first["score"] == first["breakdown"]["total"] == 72
    assert [m["score"] for m in out["moves"]] == sorted((m["score"] for m in out["moves"]), reverse=True)


def test_moves_takes_the_rack_from_the_command_line_and_zero_lists_all(enable, tmp_path, capsys) -> None:
    pos = _write(tmp_path, position("wordgame", EMPTY, "ABCDEFGH"))
    code, out = _run(
        capsys, ["moves", "--game", "wordgame", "--position", pos, "--rack", "quiz", "--top", "0"]
    )
    assert code == 0
    assert out["rack"] == "QUIZ" and out["count"] == len(out["moves"]) == 8


def test_moves_with_a_bad_rack_says_which_character_and_exits_2(enable, tmp_path, capsys) -> None:
    pos = _write(tmp_path, position("wordgame", EMPTY, "ABCDEFGH"))
    code, out = _run(capsys, ["moves", "--game", "wordgame", "--position", pos, "--rack", "AB1"])
    assert code == 2 and "not 1" in out["error"] and out["moves"] == []


def test_moves_without_a_position_file_exits_2(enable, tmp_path, capsys) -> None:
    code, out = _run(capsys, ["moves", "--game", "wordgame", "--position", str(tmp_path / "none.json")])
    assert code == 2 and "there is no position file" in out["error"]


def test_moves_on_a_position_of_the_other_game_exits_2(enable, tmp_path, capsys) -> None:
    pos = _write(tmp_path, position("wordability", WORTHY, "OU"))
    code, out = _run(capsys, ["moves", "--game", "wordgame", "--position", pos])
    assert code == 2 and "wordability position, not wordgame" in out["error"]


def test_bot_says_what_it_plays_and_why(enable, tmp_path, capsys) -> None:
    pos = _write(tmp_path, position("wordgame", EMPTY, "QUIZABCE"))
    code, out = _run(capsys, ["bot", "--game", "wordgame", "--position", pos, "--strength", "club"])
    assert code == 0 and out["action"]["type"] == "place"
    assert out["move"]["score"] == out["equity"] and out["reason"] == "highest score"
