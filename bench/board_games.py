"""Board games: validating and scoring one move (wordgame and Wordability), the host's answer time when a
player presses "done".

Midgame positions were reached by real play (greedy word play from seeded games, boards kept below).
For each, placements of the rack's longest words (up to six letters) are found once (setup, not timed);
then each move is checked the way ``apply`` checks it before changing anything: tiles read from the
rack, shape, words, lexicon, score with its breakdown. Medians and 95th percentiles over all moves,
each timed as the median of a few repeats; valid and refused (invalid word) moves alike.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from wordtable import lexicon
from wordtable.games.crossword import CrosswordGame
from wordtable.games.crossword_board import Placement
from wordtable.games.registry import game_from_position

REPEATS = 5
SAMPLE = 300
TARGET_US = 1000.0

POSITIONS: list[tuple[str, str, list[str]]] = [
    (
        "wordgame",
        "GMACSINA",
        [
            "...........DE..",
            ".........B.ARS.",
            ".........O.WET.",
            ".......FLACK.AT",
            ".......R.R.S.ME",
            ".....O.O.D...PI",
            ".....U.N.E....N",
            "...MAZED.R....D",
            ".....OX........",
            ".....SO........",
            "......N........",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
    ),
    (
        "wordgame",
        "ENI?EHOL",
        [
            "...........G...",
            "...........A..B",
            "...........Z..O",
            "...........ES.U",
            "............C.N",
            ".....MISLIE.OFT",
            "....JINK....PAY",
            ".......ACTIVES.",
            ".............T.",
            "............RE.",
            "............ORE",
            "............W.Y",
            "............EME",
            "............RUN",
            ".............G.",
        ],
    ),
    (
        "wordgame",
        "TTRAFOIS",
        [
            "HIDE...AGATE...",
            "...MAW...V.LUTZ",
            "..JURELS.O....O",
            ".......PAW....N",
            ".......EX.....E",
            ".......NEB....S",
            ".......D.Y.....",
            ".......S.R.....",
            ".........E.....",
            ".........S.....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
    ),
    (
        "wordability",
        "VEQUCTJ",
        [
            ".......O.......",
            ".......C.......",
            "..G....E....D..",
            "...R...LYE.I...",
            "....A..O..N....",
            "....EY.T.G.....",
            ".....TE.E......",
            ".LAVAS.D.PURANA",
            "O..............",
            ".O.............",
            "..H............",
            "...EA..........",
            "..T.DI.........",
            ".I....R........",
            "S......N.......",
        ],
    ),
    (
        "wordability",
        "VNITESG",
        [
            "..............A",
            ".............G.",
            "..A.YONI....O..",
            "...B....HEWN...",
            "....J..........",
            ".....E.........",
            "...F..C.S......",
            "WO.E...T.UNAPT.",
            "..LE..A........",
            "..O..G.K.......",
            "..X.I..E.......",
            "...E...L.......",
            "..R....S.......",
            ".......O.......",
            ".......N.......",
        ],
    ),
    (
        "wordability",
        "LSEXIEI",
        [
            "..............U",
            ".............N.",
            "............Q..",
            "...F.SWAG..U...",
            "....O.....O....",
            "...T.R...T.....",
            "...Y..K.E......",
            "ERAP...S.AUGITE",
            "...E...........",
            "...D.V.........",
            "....A..F.......",
            "...RA..E.......",
            "..L..J.H.......",
            ".E....A........",
            "T......R.......",
        ],
    ),
]


def _moves(game: CrosswordGame, lx: lexicon.Lexicon, words: int = 12) -> list[list[dict[str, Any]]]:
    """Shape-legal placements of the rack's longest words (up to six letters) on the board, as table input:
    all that form valid words and a seeded sample of the rest, ``SAMPLE`` in all."""
    rules = game.rules
    g = rules.geometry
    board = game.board
    rack = game.rack_letters(game.turn).replace("?", "")
    good: list[list[dict[str, Any]]] = []
    bad: list[list[dict[str, Any]]] = []
    for word in lx.anagrams(rack, min_length=2, max_length=6)[:words]:
        for sq in range(g.size):
            for axis in rules.axes:
                pl: list[Placement] = []
                s = sq
                for ch in word:
                    while s >= 0 and board.letters[s]:
                        s = g.step[axis][s]
                    if s < 0:
                        break
                    pl.append(Placement(s, ch))
                    s = g.step[axis][s]
                if len(pl) < len(word):
                    continue
                try:
                    ev = rules.evaluate(board, pl, explain=False)
                except Exception:
                    continue
                (bad if ev.invalid else good).append(
                    [{"cell": g.name(p.square), "letter": p.letter} for p in pl]
                )
    random.Random(len(bad)).shuffle(bad)
    return (good + bad)[:SAMPLE]


def _time_moves(game: CrosswordGame, moves: list[list[dict[str, Any]]]) -> tuple[list[float], int]:
    times = []
    valid = 0
    for items in moves:
        runs = []
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            placements = game.read_placements(items, game.turn)
            ev = game.rules.evaluate(game.board, placements)
            runs.append(time.perf_counter() - t0)
        times.append(statistics.median(runs) * 1e6)
        valid += not ev.invalid
    return times, valid


def run() -> list[dict[str, Any]]:
    lx = lexicon.load()
    rows: list[dict[str, Any]] = []
    for name in ("wordgame", "wordability"):
        times: list[float] = []
        valid = 0
        for game_name, rack, board in POSITIONS:
            if game_name != name:
                continue
            game = game_from_position({"game": name, "board": board, "racks": [rack, None]}, lx)
            t, v = _time_moves(game, _moves(game, lx))
            times.extend(t)
            valid += v
        times.sort()
        median = statistics.median(times)
        p95 = times[int(0.95 * (len(times) - 1))]
        note = f"{len(times)} moves on 3 midgame positions ({valid} valid), breakdown included"
        rows.append(
            {
                "benchmark": f"{name}: validate and score one move (median)",
                "value": round(median, 1),
                "unit": "us",
                "target": "< 1000 us",
                "ok": median < TARGET_US,
                "note": note,
            }
        )
        rows.append(
            {
                "benchmark": f"{name}: validate and score one move (p95)",
                "value": round(p95, 1),
                "unit": "us",
                "target": "",
                "note": "same moves",
            }
        )
    return rows
