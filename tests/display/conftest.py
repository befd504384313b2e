"""The real ENABLE lexicon for the screens read from real games (built once, in a temporary home)."""

from __future__ import annotations

import pytest
from wordtable import lexicon


@pytest.fixture(scope="session")
def enable(tmp_path_factory: pytest.TempPathFactory) -> lexicon.Lexicon:
    # One home for the store and display suites: the second finds the cache the first built.
    home = tmp_path_factory.getbasetemp() / "lexicon-home"
    home.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WORDTABLE_HOME", str(home))
        mp.delenv("WORDTABLE_LEXICON_SOURCES", raising=False)
        return lexicon.load("enable")
