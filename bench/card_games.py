"""Card games: WORDCHAIN's best word for a dealt 12-card hand, the strongest bot's five-word hint, and one
run of the scoring chain.

Hands are real deals from the WORDCHAIN deck (seeded games of four; the first player's hand and the link
card in the centre), so Multicards turn up as often as in play: each is a blank the search must try as
every letter, and the figures are also given by the number of Multicards held. Each hand is searched once
for warm-up and timed as the median of a few repeats; the rows are medians (and the slowest hand) over
all hands. Wall-clock time on this machine, now; CPU time alongside, which other load disturbs less.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from wordtable import lexicon
from wordtable.ai.wordchain import best_words, hint
from wordtable.games.cards import PlacedCard, card_from_face, parse_faces
from wordtable.games.wordchain import WordchainGame, WordchainOptions
from wordtable.games.wordchain_scoring import score_word

HANDS = 60
REPEATS = 3
TARGET_MS = 50.0


def _timed(fn: Any) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(REPEATS):
        w, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def run() -> list[dict]:
    """Rows for WORDCHAIN (the other card games add theirs in their own modules)."""
    lx = lexicon.load()
    options = WordchainOptions()
    games = [
        WordchainGame(["a", "b", "c", "d"], seed=seed, options=options, lexicon=lx) for seed in range(HANDS)
    ]
    best_wall: list[float] = []
    best_cpu: list[float] = []
    hint_wall: list[float] = []
    by_wild: dict[int, list[float]] = {}
    for g in games:
        hand = g.hands[g.current].cards
        best_words(hand, g.link, lx, options, top=1)  # warm-up (first use builds the DAWG depth table)
        wall, cpu = _timed(lambda hand=hand, g=g: best_words(hand, g.link, lx, options, top=1))
        best_wall.append(wall)
        best_cpu.append(cpu)
        by_wild.setdefault(sum(c.wild for c in hand), []).append(wall)
        hint_wall.append(_timed(lambda g=g: hint(g, strength="strongest", top=5))[0])
    median = statistics.median(best_wall)
    wild_note = ", ".join(
        f"{k} Multicard(s): {statistics.median(v):.1f} ms median over {len(v)}"
        for k, v in sorted(by_wild.items())
    )
    rows = [
        {
            "benchmark": "wordchain: best word for a dealt 12-card hand (median)",
            "value": round(median, 1),
            "unit": "ms",
            "target": f"< {TARGET_MS:g}",
            "ok": median < TARGET_MS,
            "note": f"{HANDS} deals; CPU {statistics.median(best_cpu):.1f} ms; {wild_note}",
        },
        {
            "benchmark": "wordchain: best word for a dealt 12-card hand (slowest)",
            "value": round(max(best_wall), 1),
            "unit": "ms",
            "note": "the slowest deal (most Multicards, richest hand)",
        },
        {
            "benchmark": "wordchain: strongest bot's five-word hint (median)",
            "value": round(statistics.median(hint_wall), 1),
            "unit": "ms",
            "note": "top 5 by score less what the new link gives the next player",
        },
    ]
    faces = parse_faces("S♠2,T♦2,R♥2,E♥1,A♠1,M♥5,E♦1,D♦3")
    placed = [PlacedCard.of(card_from_face(f, f"c{i}"), f) for i, f in enumerate(faces)]
    n = 2000
    t = time.perf_counter()
    for _ in range(n):
        score_word(placed, 0, options, all_cards_used=True)
    rows.append(
        {
            "benchmark": "wordchain: scoring chain A to N for one 8-card word",
            "unit": "µs",
            "value": round((time.perf_counter() - t) / n * 1e6, 1),
            "note": "STREAMED, steps B, I, J, M",
        }
    )
    return rows


if __name__ == "__main__":
    for r in run():
        print(r)
