"""The move generator against the brute-force oracle (``brute_force.py``) on positions of real play.

The default run checks about 300 wordgame positions (10 games, racks of 3 to 5 tiles drawn from the real
rack, some with a blank) and about 70 Wordability positions (2 games, racks of 3 or 4). For a longer soak set
``WORDTABLE_ORACLE_GAMES`` (games per game type, default 10 for wordgame; Wordability plays a fifth of
that, at least 2), e.g. ``WORDTABLE_ORACLE_GAMES=100 pytest tests/ai/test_oracle.py``.
"""

from __future__ import annotations

import os
from random import Random

import pytest
from wordtable.ai.movegen import Rack, generator_for
from wordtable.games.wordability import Wordability
from wordtable.games.wordgame import Wordgame

from .brute_force import brute_force_moves
from .conftest import played_positions

GAMES = int(os.environ.get("WORDTABLE_ORACLE_GAMES", "10"))


def _sub_rack(rack: str, rng: Random, sizes: tuple[int, ...], blank_share: float) -> str:
    tiles = list(rack)
    rng.shuffle(tiles)
    sub = tiles[: min(rng.choice(sizes), len(tiles))]
    if sub and "?" not in sub and rng.random() < blank_share:
        sub[0] = "?"
    return "".join(sub)


def _compare(game, rack: str) -> tuple[int, int]:
    gen = generator_for(game.rules)
    moves = gen.generate(game.board, Rack.parse(rack, game.lexicon.alphabet))
    mine: dict[frozenset, int] = {}
    for m in moves:
        key = frozenset((sq, gen.letters[c], b) for sq, c, b in m.tiles)
        assert key not in mine, f"move listed twice: {sorted(key)}"
        mine[key] = m.score
    oracle = brute_force_moves(game.rules, game.board, rack)
    where = f"{game.name} seed {game.seed}, turn {len(game.history)}, rack {rack}\n{game.board!r}"
    missing = sorted(sorted(k) for k in oracle.keys() - mine.keys())
    extra = sorted(sorted(k) for k in mine.keys() - oracle.keys())
    assert not missing, f"the generator misses legal moves on {where}: {missing[:5]}"
    assert not extra, f"the generator proposes illegal moves on {where}: {extra[:5]}"
    wrong = [(sorted(k), v, oracle[k]) for k, v in mine.items() if oracle[k] != v]
    assert not wrong, f"generator scores differ from the rules on {where}: {wrong[:5]}"
    return len(oracle), len(mine)


@pytest.mark.parametrize("seed", range(GAMES))
def test_wordgame_generator_lists_exactly_the_legal_placements_of_brute_force(enable, seed: int) -> None:
    rng = Random(seed)
    positions = legal = 0
    for game in played_positions(Wordgame(["A", "B"], lexicon=enable, seed=seed), seed):
        rack = _sub_rack(game.rack_letters(game.turn), rng, (3, 4, 5), 0.15)
        if rack:
            legal += _compare(game, rack)[0]
            positions += 1
    assert positions >= 20
    assert legal > 0


@pytest.mark.parametrize("seed", range(max(2, GAMES // 5)))
def test_wordability_generator_lists_exactly_the_legal_placements_of_brute_force(enable, seed: int) -> None:
    rng = Random(1000 + seed)
    positions = legal = 0
    for game in played_positions(Wordability(["A", "B"], lexicon=enable, seed=seed), seed):
        rack = _sub_rack(game.rack_letters(game.turn), rng, (3, 4), 0.1)
        if rack:
            legal += _compare(game, rack)[0]
            positions += 1
    assert positions >= 20
    assert legal > 0
