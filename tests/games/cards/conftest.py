"""Fixtures of the card-game tests: WORDCHAIN games on the real ENABLE lexicon (tests/games/conftest.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from wordtable.games.wordchain import WordchainGame, WordchainOptions


@pytest.fixture
def new_game(enable: Any) -> Callable[..., WordchainGame]:
    """Make a game: ``new_game(players=2, seed=0, now_ms=None, **options)``."""

    def make(players: int = 2, seed: int = 0, now_ms: int | None = None, **options: Any) -> WordchainGame:
        names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
        options.setdefault("dealer", players - 1)  # seat 0 plays first
        return WordchainGame(
            names, seed=seed, options=WordchainOptions(**options), lexicon=enable, now_ms=now_ms
        )

    return make


def frozen(game: WordchainGame) -> str:
    """Everything a player could see or a save would hold, to prove a rejected action changed nothing."""
    return json.dumps(
        [
            game.state(),
            game.to_dict(),
            [p.score for p in game.players],
            game.dice,
            sorted(game.five_used),
            game.passes,
        ],
        sort_keys=True,
        ensure_ascii=False,
    )


@pytest.fixture
def run_cli(
    games_home: Path, enable: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., tuple[int, Any, str]]:
    """Run ``wordtable ARGS...`` in the tests' wordtable home: (exit code, the JSON printed or None, stderr)."""
    from wordtable import cli

    monkeypatch.setenv("WORDTABLE_HOME", str(games_home))

    def go(*argv: str) -> tuple[int, Any, str]:
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, (json.loads(out) if out.strip() else None), err

    return go
