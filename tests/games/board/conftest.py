"""Fixtures of the board-game tests: a house word list with the two words the Wordability text
accepts that ENABLE lacks (EE, TE), built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest
from wordtable import lexicon


@pytest.fixture(scope="session")
def house_words(games_home: Path, enable: lexicon.Lexicon) -> lexicon.Lexicon:
    profile = lexicon.Profile(
        name="wordability-text",
        description="ENABLE plus EE and TE, as the text's list has",
        allow=("EE", "TE"),
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WORDTABLE_HOME", str(games_home))
        mp.delenv("WORDTABLE_LEXICON_SOURCES", raising=False)
        return lexicon.load("enable", profile=profile)
