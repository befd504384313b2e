"""Move generation of the crossword games (wordgame, Wordability) against the targets of the board-game
issue, on positions reached by seeded play with the default English lexicon (ENABLE).

Positions: the player to move at turns 5 to 14 of seeded games in which both sides play one of their
three best moves, with a full rack (8 tiles in wordgame, 7 in Wordability) holding at most one blank; the
two-blank figures use the same positions with two rack tiles turned into blanks. Each position is
generated REPEAT times and its fastest run kept (the machine is shared; the fastest run is the least
disturbed), then the median and 95th percentile over positions are reported. Both wall-clock time and the
process's CPU time are given: on a loaded machine the wall clock also counts other processes' turns.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from random import Random
from typing import Any

from wordtable import lexicon
from wordtable.ai.movegen import Rack, generator_for
from wordtable.games.wordability import Wordability
from wordtable.games.wordgame import Wordgame

POSITIONS = 24
REPEAT = 3
BLANK_POSITIONS = 12


def _positions(cls: Any, lx: Any, n: int) -> list[tuple[Any, Any, str]]:
    """(rules, board copy, rack) of ``n`` midgame positions of seeded play."""
    out: list[tuple[Any, Any, str]] = []
    seed = 100
    while len(out) < n:
        game = cls(["A", "B"], lexicon=lx, seed=seed)
        rng = Random(seed)
        seed += 1
        gen = generator_for(game.rules)
        turn = 0
        while not game.is_over() and turn < 15 and len(out) < n:
            rack = game.rack_letters(game.turn)
            if turn >= 5 and len(rack) == game.rules.rack_size and rack.count("?") < 2:
                out.append((game.rules, game.board.copy(), rack))
            moves = gen.generate(game.board, rack)
            turn += 1
            if not moves:
                game.apply({"type": "pass"})
                continue
            moves.sort(key=lambda m: (-m.score, m.tiles))
            m = moves[rng.randrange(min(3, len(moves)))]
            game.apply(
                {
                    "type": "place",
                    "placements": [
                        {
                            "cell": game.geometry.name(sq),
                            "letter": gen.letters[c].lower() if b else gen.letters[c],
                        }
                        for sq, c, b in m.tiles
                    ],
                }
            )
    return out


def _time(
    positions: list[tuple[Any, Any, str]],
    best_only: bool = False,
    two_blanks: bool = False,
    repeat: int = REPEAT,
) -> tuple[list[float], list[float], list[int]]:
    """Per position: fastest wall ms, fastest CPU ms, number of moves."""
    walls, cpus, counts = [], [], []
    for rules, board, rack in positions:
        gen = generator_for(rules)
        if two_blanks:
            rack = "??" + rack.replace("?", "")[2:]
        r = Rack.parse(rack, rules.lexicon.alphabet)
        best_w = best_c = float("inf")
        n = 0
        for _ in range(repeat):
            w0, c0 = time.perf_counter(), time.process_time()
            moves = gen.generate(board, r, best_only=best_only)
            c1, w1 = time.process_time(), time.perf_counter()
            best_w = min(best_w, (w1 - w0) * 1000)
            best_c = min(best_c, (c1 - c0) * 1000)
            n = len(moves)
        walls.append(best_w)
        cpus.append(best_c)
        counts.append(n)
    return walls, cpus, counts


def _p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]


def run() -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("WORDTABLE_HOME")
        os.environ["WORDTABLE_HOME"] = home
        try:
            lx = lexicon.load("enable")
            return _measure(lx)
        finally:
            if old is None:
                os.environ.pop("WORDTABLE_HOME", None)
            else:
                os.environ["WORDTABLE_HOME"] = old


def _measure(lx: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    wg = _positions(Wordgame, lx, POSITIONS)
    wa = _positions(Wordability, lx, POSITIONS)
    n = f"{POSITIONS} positions, fastest of {REPEAT}"

    def add(name: str, value: float, target: float | None, note: str, unit: str = "ms") -> None:
        row: dict[str, Any] = {"benchmark": name, "value": round(value, 2), "unit": unit, "note": note}
        if target is not None:
            row["target"] = f"< {target:g} {unit}"
            row["ok"] = value < target
        rows.append(row)

    w, c, counts = _time(wg)
    add("wordgame all moves, 8-tile rack: median (wall)", statistics.median(w), 15, n)
    add("wordgame all moves, 8-tile rack: p95 (wall)", _p95(w), 80, n)
    add("wordgame all moves, 8-tile rack: median (CPU)", statistics.median(c), 15, n)
    add("wordgame all moves, 8-tile rack: p95 (CPU)", _p95(c), 80, n)
    rows.append(
        {
            "benchmark": "wordgame legal moves per position (median / max)",
            "value": f"{statistics.median(counts):g} / {max(counts)}",
            "unit": "moves",
            "note": n,
        }
    )
    wg_median_cpu = statistics.median(c)

    w, c, _ = _time(wg, best_only=True)
    add("wordgame best move only: median (wall)", statistics.median(w), 5, n)
    add("wordgame best move only: median (CPU)", statistics.median(c), 5, n)

    nb = f"{BLANK_POSITIONS} of the positions, one run each, two rack tiles made blanks"
    w, c, counts = _time(wg[:BLANK_POSITIONS], two_blanks=True, repeat=1)
    add(
        "wordgame all moves, rack with two blanks: median (wall)",
        statistics.median(w),
        None,
        f"{nb}; {statistics.median(counts):g} moves median",
    )
    add("wordgame all moves, rack with two blanks: p95 (wall)", _p95(w), None, nb)
    add("wordgame all moves, rack with two blanks: median (CPU)", statistics.median(c), None, nb)

    w, c, counts = _time(wa)
    add(
        "Wordability all moves, 7-tile rack: median (wall)",
        statistics.median(w),
        None,
        f"{n}; {statistics.median(counts):g} moves median, {max(counts)} max",
    )
    add("Wordability all moves, 7-tile rack: median (CPU)", statistics.median(c), None, n)
    add("Wordability all moves, 7-tile rack: p95 (CPU)", _p95(c), None, n)
    add(
        "Wordability / wordgame all-moves ratio (CPU medians)",
        statistics.median(c) / wg_median_cpu,
        4,
        "same stage of play (turns 5-14), full racks",
        unit="x",
    )
    return rows
