"""WordSnake and WORDCARD searches: the best snake for 13 hand cards plus 9 centre cards (time to the first
snake, to the first that uses the whole hand, to the best found in 2 s), and WORDCARD's best laydown for a
13-card hand and the GROUP GAME's score to beat. Real ENABLE lexicon, real deals from seeds; medians."""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

from wordtable import lexicon
from wordtable.ai.wordcard import best_group_solution, best_laydown
from wordtable.ai.wordsnake import best_snake
from wordtable.games.wordcard import WordcardGame, WordcardOptions
from wordtable.games.wordcard_group import GroupOptions, WordcardGroupGame
from wordtable.games.wordsnake import WordsnakeGame

SNAKE_DEALS = 7
BUDGET_S = 2.0
LAYDOWN_DEALS = 15


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def run() -> list[dict]:
    lex = lexicon.load("enable")
    first, whole, best_at, values, whole_found = [], [], [], [], 0
    for seed in range(SNAKE_DEALS):
        game = WordsnakeGame(["a", "b"], seed=seed, lexicon=lex)
        result = best_snake(game.hands[0].cards, game.centre, lex, strength="strongest", budget_s=BUDGET_S)
        assert result.best is not None
        first.append(result.first_s or 0.0)
        if result.first_whole_hand_s is not None:
            whole.append(result.first_whole_hand_s)
            whole_found += 1
        best_at.append(result.best_s or 0.0)
        values.append(result.best.value)
    rows = [
        {
            "benchmark": "WordSnake 13+9 cards: time to the first complete snake",
            "value": _median(first) * 1000,
            "unit": "ms",
            "note": f"median of {SNAKE_DEALS} deals",
        },
        {
            "benchmark": "WordSnake 13+9 cards: time to the first snake using the whole hand (Stop!)",
            "value": _median(whole) * 1000,
            "unit": "ms",
            "note": f"found in {whole_found} of {SNAKE_DEALS} deals",
        },
        {
            "benchmark": "WordSnake 13+9 cards: time to the best snake found in 2 s",
            "value": _median(best_at) * 1000,
            "unit": "ms",
            "note": f"best values {sorted(values)} (median {statistics.median(values)})",
        },
    ]
    lay_times, lay_points = [], []
    for seed in range(LAYDOWN_DEALS):
        deal = WordcardGame(["a", "b"], seed=seed, options=WordcardOptions(dealer=0), lexicon=lex)
        t = time.perf_counter()
        lay = best_laydown(deal, 0, strength="club")
        lay_times.append(time.perf_counter() - t)
        lay_points.append(lay.points)
    rows.append(
        {
            "benchmark": "WORDCARD best laydown, 13-card hand, club (WORDPLAY)",
            "value": _median(lay_times) * 1000,
            "unit": "ms",
            "note": f"median points {statistics.median(lay_points)}",
        }
    )
    group_scores = []
    for seed in range(3):
        g = WordcardGroupGame(
            ["solo"], seed=seed, options=GroupOptions(game_type="wordplay", cards=13), lexicon=lex
        )
        _rows, score = best_group_solution(g, strength="strongest", budget_s=BUDGET_S)
        group_scores.append(score)
    rows.append(
        {
            "benchmark": "WORDCARD GROUP GAME, 13 cards: score to beat found in 2 s",
            "value": _median(group_scores),
            "unit": "points",
            "note": f"3 deals: {group_scores}",
        }
    )
    return rows
