"""Fixtures shared by the game tests: the real ENABLE lexicon, built once per test session.

The cache is built in a temporary wordtable home (``games_home``) so a test run never touches a
person's own caches; the environment is set only while loading, so other suites keep their own homes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from wordtable import lexicon


@pytest.fixture(scope="session")
def games_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("games-home")


@pytest.fixture(scope="session")
def enable(games_home: Path) -> lexicon.Lexicon:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WORDTABLE_HOME", str(games_home))
        mp.delenv("WORDTABLE_LEXICON_SOURCES", raising=False)
        return lexicon.load("enable")
