"""``wordtable serve`` and ``wordtable lexicon import`` as a person runs them: on a folder they cannot
write, a message and exit 2; serve on a store holding a game it cannot restore, a message and a
working table. Never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from wordtable.store import Store

BIN = Path(sys.executable).parent


def test_serve_in_a_read_only_folder_says_so_and_starts_nothing(tmp_path: Path, read_only) -> None:
    locked = tmp_path / "locked"
    (locked / "run").mkdir(parents=True)
    read_only(locked / "run")
    read_only(locked)
    for workdir in (locked / "new", locked / "run"):  # a folder to be made, and one that is there
        done = subprocess.run(
            [str(BIN / "wordtable"), "serve", "--workdir", str(workdir), "--http-port", "0"],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stderr.startswith(
            f"wordtable: Cannot use the folder {workdir}: Operation not permitted"
        ), done.stderr
        assert "Choose a folder you can write to with --workdir." in done.stderr
    assert sorted(p.name for p in locked.iterdir()) == ["run"] and list((locked / "run").iterdir()) == []


def test_serve_sets_aside_a_game_it_cannot_restore_and_shows_the_menu(tmp_path: Path) -> None:
    with Store(tmp_path / "wordtable.db") as store:
        sid = store.start_session(layout="standard")
        gid = store.start_game(
            sid, "wordgame", {}, ["Ann", "Bob"], 1, {"game": "wordgame", "turn": 0}
        )  # no board
    proc = subprocess.Popen(
        [str(BIN / "wordtable"), "serve", "--workdir", str(tmp_path), "--http-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None and proc.stderr is not None
        line = proc.stdout.readline()
        assert " is at http://127.0.0.1:" in line, proc.stderr.read() if proc.poll() is not None else line
        url = line.split(" is at ", 1)[1].strip()
        with urllib.request.urlopen(url + "api/state", timeout=10) as r:
            assert json.loads(r.read())["session"]["state"] == "menu"
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=15)
    err = proc.stderr.read()
    assert "Traceback" not in err
    assert f"Game {gid} (wordgame, started " in err
    assert "could not be restored: its saved state is not a wordgame game (KeyError" in err
    with Store(tmp_path / "wordtable.db") as store:
        assert store.history() == []
        assert store.conn.execute("SELECT game_id FROM games_aside").fetchall()[0][0] == gid


def test_lexicon_import_into_a_read_only_data_folder_says_so(tmp_path: Path, read_only) -> None:
    home = tmp_path / "home"
    home.mkdir()
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\nbird\n")
    read_only(home)
    done = subprocess.run(
        [str(BIN / "wordtable"), "lexicon", "import", str(words), "--name", "mine"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "WORDTABLE_HOME": str(home)},
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        f"wordtable: Cannot write the lexicon into {home / 'lexicons'}: Operation not "
        f"permitted. Make the wordtable data folder writable (or set WORDTABLE_HOME to "
        f"one), then import again."
    )
    assert list(home.iterdir()) == []
