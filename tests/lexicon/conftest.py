"""Fixtures of the lexicon tests: a temporary wordtable home, and the real lexicons built once per run.

The real ENABLE, German and Dutch lists come from the sources `make setup` fetched. Their caches are built
once per test session in a temporary home (`lexicon_home`); a test that edits profiles or imports lists
gets a fresh home of its own (`fresh_home`) whose cache folder is the session's, so nothing is built twice
unless the test changes what the cache holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from wordtable import lexicon


@pytest.fixture(scope="session")
def lexicon_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("wordtable-home")
    mp = pytest.MonkeyPatch()
    mp.setenv("WORDTABLE_HOME", str(home))
    mp.delenv("WORDTABLE_LEXICON_SOURCES", raising=False)
    yield home
    mp.undo()


@pytest.fixture
def fresh_home(lexicon_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    (lexicon_home / "cache").mkdir(exist_ok=True)
    (home / "cache").symlink_to(lexicon_home / "cache", target_is_directory=True)
    monkeypatch.setenv("WORDTABLE_HOME", str(home))
    return home


@pytest.fixture
def private_home(lexicon_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home with a cache folder of its own (for tests that damage or inspect cache files)."""
    home = tmp_path / "private-home"
    home.mkdir()
    monkeypatch.setenv("WORDTABLE_HOME", str(home))
    monkeypatch.delenv("WORDTABLE_CACHE", raising=False)  # not the run's shared cache
    return home


@pytest.fixture(scope="session")
def enable(lexicon_home: Path) -> lexicon.Lexicon:
    return lexicon.load("enable")


@pytest.fixture(scope="session")
def enable_words(enable: lexicon.Lexicon) -> list[str]:
    return enable.words()


@pytest.fixture(scope="session")
def classroom(lexicon_home: Path) -> lexicon.Lexicon:
    return lexicon.load("enable", profile="classroom")


@pytest.fixture(scope="session")
def german(lexicon_home: Path) -> lexicon.Lexicon:
    return lexicon.load("de")


@pytest.fixture(scope="session")
def german_ss(lexicon_home: Path) -> lexicon.Lexicon:
    return lexicon.load("de-ss")


@pytest.fixture(scope="session")
def dutch(lexicon_home: Path) -> lexicon.Lexicon:
    return lexicon.load("nl")


def write_lines(path: Path, lines: list[str], encoding: str = "utf-8") -> Path:
    """Write a word list file, one entry a line."""
    path.write_bytes(("\n".join(lines) + "\n").encode(encoding))
    return path
