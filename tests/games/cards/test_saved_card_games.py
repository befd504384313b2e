"""Games saved before the card games shared one core (``saved_before_card_core.json``, written by the
code of commit 5fa4463: a WORDCHAIN game that ran out of time, a WORDCARD deal played out by bots, a
WordSnake hand, a GROUP GAME) still load, and come back exactly as they were."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from wordtable.games.wordcard import WordcardGame
from wordtable.games.wordcard_group import WordcardGroupGame
from wordtable.games.wordchain import WordchainGame
from wordtable.games.wordsnake import WordsnakeGame

SAVED = json.loads((Path(__file__).parent / "saved_before_card_core.json").read_text("utf-8"))
CLASSES = {
    "wordchain": WordchainGame,
    "wordcard": WordcardGame,
    "wordsnake": WordsnakeGame,
    "wordcard_group": WordcardGroupGame,
}


@pytest.mark.parametrize("saved", SAVED, ids=[s["saved"]["game"] for s in SAVED])
def test_a_card_game_saved_before_the_card_core_loads_as_it_was(saved: dict[str, Any], enable: Any) -> None:
    game = CLASSES[saved["saved"]["game"]].from_dict(saved["saved"], enable)
    assert json.loads(json.dumps(game.state(), default=str)) == saved["state"]
    assert [r.note for r in game.history] == saved["history"]
    assert game.to_dict() == saved["saved"]


def test_the_saved_games_cover_play_the_clock_and_the_end() -> None:
    kinds = {a["action"]["type"] for s in SAVED for a in s["saved"]["actions"]}
    assert {"word", "draw", "time", "take", "play", "discard", "go", "pass", "close_hand", "close"} <= kinds
    assert [s["state"].get("phase") for s in SAVED] == ["over", "over", "deal", None]
