"""Fixtures of the move-generator and bot tests: the real ENABLE lexicon in a temporary home, and
positions reached by seeded play."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from wordtable import lexicon
from wordtable.ai.movegen import Rack, generator_for
from wordtable.games.crossword import CrosswordGame


@pytest.fixture(scope="session")
def ai_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ai-home")


@pytest.fixture(scope="session")
def enable(ai_home: Path) -> lexicon.Lexicon:
    home = ai_home
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("WORDTABLE_HOME", str(home))
        mp.delenv("WORDTABLE_LEXICON_SOURCES", raising=False)
        return lexicon.load("enable")


def played_positions(game: CrosswordGame, seed: int) -> Iterator[CrosswordGame]:
    """Play ``game`` to its end with moves from the generator (often the best, sometimes any, by a seeded
    coin), yielding the game before each turn. The positions are those of real play: every move goes
    through ``game.apply``."""
    rng = Random(seed)
    gen = generator_for(game.rules)
    while not game.is_over():
        yield game
        moves = gen.generate(game.board, Rack.parse(game.rack_letters(game.turn), game.lexicon.alphabet))
        if not moves:
            game.apply({"type": "pass"})
            continue
        moves.sort(key=lambda m: (-m.score, m.tiles))
        move = moves[0] if rng.random() < 0.4 else moves[rng.randrange(len(moves))]
        game.apply(
            {
                "type": "place",
                "placements": [
                    {
                        "cell": game.geometry.name(sq),
                        "letter": gen.letters[c].lower() if b else gen.letters[c],
                    }
                    for sq, c, b in move.tiles
                ],
            }
        )
