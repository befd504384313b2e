"""Bots and hints for the crossword board games (wordgame, Wordability), on top of the move generator.

Strengths (weakest first):

* ``beginner``: plays short words (a main word of at most five letters) made of common letters, and
  keeps its blanks. There is no word-frequency list in the project, so "common" is judged from what the
  game data knows: how many tiles of each letter the set holds (the makers' estimate of letter frequency)
  averaged over the word, shorter words first. It takes one of the most familiar few at random (seeded),
  whatever it scores, and never exchanges.
* ``club``: the highest score now.
* ``strongest``: the highest *equity*: score plus the value of the tiles kept (the rack leave, from
  ``ai/data/leaves.json``: per-letter values, duplicates, vowel balance, Q without U; with the bag empty,
  tiles kept count against it). Exchanges when no move is worth more than keeping the best tiles.

All bots propose game actions (``{"type": "place", ...}``); the game validates them like any player's.
:func:`hints` lists the best moves for a person with the rules' own explained score of each.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from random import Random
from typing import Any

from wordtable.games.crossword_board import BLANK, DIRECTION_NAMES

from .movegen import Move, Rack, generator_for

STRENGTHS: tuple[str, ...] = ("beginner", "club", "strongest")
"""Bot strengths, weakest first."""

BEGINNER_MAX_LENGTH = 5
BEGINNER_CHOICES = 6


@cache
def leave_table() -> dict[str, Any]:
    """The leave evaluation data (read once)."""
    text = resources.files("wordtable.ai").joinpath("data", "leaves.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def leave_value(leave: str, bag_empty: bool, values: dict[str, int]) -> float:
    """What the tiles ``leave`` (letters, ``?`` a blank) are worth kept on the rack."""
    t = leave_table()
    if bag_empty:
        return float(t["bag_empty_tile_factor"]) * sum(values.get(ch, 0) for ch in leave)
    if not leave:
        return 0.0
    letters = t["letters"]
    total = sum(float(letters.get(ch, 0.0)) for ch in leave)
    counts = Counter(leave)
    total -= float(t["duplicate_penalty"]) * sum(n - 1 for n in counts.values() if n > 1)
    vowels = sum(counts[v] for v in t["vowels"])
    ideal = float(t["vowel_share_ideal"]) * (len(leave) - counts[BLANK])
    total -= float(t["vowel_imbalance_penalty"]) * abs(vowels - ideal)
    if "Q" in counts and "U" not in counts:
        total += float(t["q_without_u"])
    return total


@dataclass(frozen=True)
class Choice:
    """What a bot decided: the game action, the move behind it (None for a pass or an exchange), and why."""

    action: dict[str, Any]
    move: Move | None
    reason: str
    equity: float = 0.0


def move_action(game: Any, move: Move) -> dict[str, Any]:
    """The ``place`` action of a generated move (letters by name; a lower-case letter is a blank)."""
    g = game.rules.geometry
    letters = generator_for(game.rules).letters
    return {
        "type": "place",
        "placements": [
            {"cell": g.name(sq), "letter": letters[code].lower() if blank else letters[code]}
            for sq, code, blank in move.tiles
        ],
    }


def placement_text(game: Any, move: Move) -> str:
    """The move as ``wordtable move --place`` takes it: ``H8:W,H9:o``."""
    return ",".join(f"{p['cell']}:{p['letter']}" for p in move_action(game, move)["placements"])


def main_word(game: Any, move: Move) -> str:
    """The letters of the move's main line (the run along its axis through the new tiles), as laid."""
    letters = generator_for(game.rules).letters
    board = game.board.letters
    step = game.rules.geometry.step
    fwd, back = step[move.axis], step[move.axis + 4]
    new = {sq: letters[code] for sq, code, _ in move.tiles}
    s = move.tiles[0][0]
    while back[s] >= 0 and (board[back[s]] or back[s] in new):
        s = back[s]
    out = []
    while s >= 0 and (board[s] or s in new):
        out.append(board[s] or new[s])
        s = fwd[s]
    return "".join(out)


def _used(game: Any, move: Move) -> str:
    letters = generator_for(game.rules).letters
    return "".join(BLANK if blank else letters[code] for _, code, blank in move.tiles)


def _leave_of(rack: str, used: str) -> str:
    left = Counter(rack)
    left.subtract(used)
    return "".join(sorted(left.elements()))


def _can_exchange(game: Any) -> bool:
    return len(game.bag) >= int(game.rules.data["exchange_min_bag"])


def choose(game: Any, strength: str = "strongest", rng: Random | None = None) -> Choice:
    """The action a bot of ``strength`` takes for the player to move."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r}; choose one of {', '.join(STRENGTHS)}")
    rng = rng if rng is not None else Random(0)
    rack = game.rack_letters(game.turn)
    gen = generator_for(game.rules)
    moves = gen.generate(game.board, Rack.parse(rack, game.lexicon.alphabet))
    moves.sort(key=lambda m: (-m.score, m.tiles))
    if strength == "beginner":
        return _beginner(game, moves, rack, rng)
    if strength == "club":
        if moves:
            return Choice(move_action(game, moves[0]), moves[0], "highest score", moves[0].score)
        return _no_move(game, rack)
    return _strongest(game, moves, rack)


def _no_move(game: Any, rack: str) -> Choice:
    if _can_exchange(game) and rack:
        return Choice({"type": "exchange", "letters": rack}, None, "no legal move: exchange the whole rack")
    return Choice({"type": "pass"}, None, "no legal move")


def _beginner(game: Any, moves: list[Move], rack: str, rng: Random) -> Choice:
    if not moves:
        return Choice({"type": "pass"}, None, "no legal move")
    counts = game.rules.tiles.counts
    scored = []
    for m in moves:
        word = main_word(game, m)
        if len(word) > BEGINNER_MAX_LENGTH and len(m.tiles) > 1:
            continue
        familiar = sum(counts.get(ch, 0) for ch in word) / len(word)
        blanks = sum(1 for _, _, b in m.tiles if b)
        scored.append((blanks, len(word), -familiar, m.tiles, m))
    if not scored:
        scored = [(sum(1 for _, _, b in m.tiles if b), 0, 0.0, m.tiles, m) for m in moves]
    scored.sort(key=lambda t: t[:4])
    pick = scored[rng.randrange(min(BEGINNER_CHOICES, len(scored)))][-1]
    return Choice(move_action(game, pick), pick, "a short word of common letters", pick.score)


def _strongest(game: Any, moves: list[Move], rack: str) -> Choice:
    values = game.rules.values
    bag_empty = not game.bag
    leaves: dict[str, float] = {}
    best: tuple[float, Move] | None = None
    for m in moves:
        leave = _leave_of(rack, _used(game, m))
        v = leaves.get(leave)
        if v is None:
            v = leave_value(leave, bag_empty, values)
            leaves[leave] = v
        eq = m.score + v
        if best is None or eq > best[0]:
            best = (eq, m)
    threshold = float(leave_table()["exchange_below"])
    if _can_exchange(game) and (best is None or best[0] < threshold):
        keep, keep_value = _best_keep(rack, values)
        if best is None or keep_value > best[0]:
            give = _leave_of(rack, keep)
            if give:
                return Choice(
                    {"type": "exchange", "letters": give},
                    None,
                    f"exchange {give}, keeping {keep or 'nothing'} (worth {keep_value:.1f})",
                    keep_value,
                )
    if best is None:
        return _no_move(game, rack)
    eq, m = best
    return Choice(move_action(game, m), m, f"score {m.score} plus leave {eq - m.score:+.1f}", eq)


def _best_keep(rack: str, values: dict[str, int]) -> tuple[str, float]:
    """The tiles worth keeping when exchanging: the sub-rack with the best leave value."""
    best = ("", 0.0)
    for k in range(1, len(rack)):
        for keep in set(combinations(sorted(rack), k)):
            v = leave_value("".join(keep), False, values)
            if v > best[1]:
                best = ("".join(keep), v)
    return best


def describe_move(game: Any, move: Move) -> dict[str, Any]:
    """A generated move for a person or a script: where the tiles go, the words with the rules' own
    reckoning, the total and the breakdown."""
    gen = generator_for(game.rules)
    ev = gen.evaluate(game.board, move)
    g = game.rules.geometry
    words = []
    for w, pts, line in zip(ev.words, ev.word_points, ev.breakdown.lines, strict=False):
        words.append(dict(w.to_dict(g), points=pts, detail=line.detail, main=w.main))
    return {
        "placement": placement_text(game, move),
        "direction": DIRECTION_NAMES[move.axis],
        "tiles": len(move.tiles),
        "words": words,
        "bonus": ev.bonus,
        "score": ev.total,
        "breakdown": ev.breakdown.to_dict(),
    }


def hints(game: Any, top: int = 5, rack: str | None = None) -> list[dict[str, Any]]:
    """The ``top`` best moves (highest score first) of the player to move, or of ``rack``, each explained
    by the rules, with the strongest bot's equity (score plus leave) for comparison."""
    letters = rack if rack is not None else game.rack_letters(game.turn)
    gen = generator_for(game.rules)
    moves = gen.generate(game.board, Rack.parse(letters, game.lexicon.alphabet))
    moves.sort(key=lambda m: (-m.score, m.tiles))
    out = []
    for m in moves[: max(0, top)]:
        d = describe_move(game, m)
        leave = _leave_of(letters.upper(), _used(game, m))
        d["leave"] = leave
        d["equity"] = round(m.score + leave_value(leave, not game.bag, game.rules.values), 1)
        out.append(d)
    return out


def play_out(game: Any, strengths: list[str], seed: int = 0, max_turns: int = 500) -> list[Choice]:
    """Let bots play ``game`` to its end (player ``p`` plays at ``strengths[p]``); the choices made."""
    rng = Random(seed)
    out: list[Choice] = []
    for _ in range(max_turns):
        if game.is_over():
            break
        c = choose(game, strengths[game.turn], rng)
        game.apply(c.action)
        out.append(c)
    return out
