"""``wordtable serve`` as a person runs it: it prints the page's address, serves it, stops on Ctrl-C;
and it refuses to listen beyond this machine without --lan and a PIN."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent


def test_serve_prints_the_address_and_serves_the_page(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [str(BIN / "wordtable"), "serve", "--workdir", str(tmp_path), "--http-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("wordtable: the simulated table is at http://127.0.0.1:"), line
        url = line.split(" is at ", 1)[1].strip()
        with urllib.request.urlopen(url, timeout=10) as r:
            page = r.read().decode()
        assert "<title>wordtable</title>" in page and "wordtable-token" in page
        assert (tmp_path / "wordtable.db").exists() and (tmp_path / "sim").is_dir()
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=15)
    assert code in (0, 130)


def test_serve_refuses_a_lan_address_without_the_flag_and_a_pin(tmp_path: Path) -> None:
    env = dict(os.environ)
    env.pop("WORDTABLE_PIN", None)
    done = subprocess.run(
        [str(BIN / "wordtable"), "serve", "--workdir", str(tmp_path), "--host", "0.0.0.0"],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
    )
    assert done.returncode == 2
    assert "Add --lan" in done.stderr
    done = subprocess.run(
        [str(BIN / "wordtable"), "serve", "--workdir", str(tmp_path), "--host", "0.0.0.0", "--lan"],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
    )
    assert done.returncode == 2 and "PIN of at least 4 digits" in done.stderr
    assert not (tmp_path / "sim").exists(), "nothing is started before the address is allowed"
