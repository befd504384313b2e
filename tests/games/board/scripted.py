"""A plain scripted player for the tests: it plays games to their end without the move generator.

Its first move is the longest word its rack makes, across from the centre; later it lays the single
tile that scores most (trying each letter on each free cell touching the board), else exchanges its
whole rack while it may, else passes. Deterministic for a given game seed.
"""

from __future__ import annotations

from typing import Any

from wordtable.games.crossword import CrosswordGame
from wordtable.games.crossword_board import BLANK, Placement


def first_move(game: CrosswordGame, lexicon: Any) -> dict[str, Any] | None:
    player = game.turn
    tiles = list(game.racks[player])
    letters = "".join(game.tiles[t].letter for t in tiles)
    need = int(game.rules.data["first_move_min_letters"])
    words = lexicon.anagrams(
        letters.replace(BLANK, ""), min_length=need, max_length=game.rules.geometry.width // 2 + 1
    )
    if not words:
        return None
    word = words[0]
    g = game.rules.geometry
    placements = []
    for i, ch in enumerate(word):
        tile = next(t for t in tiles if game.tiles[t].letter == ch)
        tiles.remove(tile)
        placements.append({"cell": g.name(g.centre + i), "tile": tile})
    return {"type": "place", "placements": placements}


def best_single_tile(game: CrosswordGame) -> dict[str, Any] | None:
    board = game.board
    rules = game.rules
    step = rules.geometry.step
    free = sorted(
        {
            n
            for sq in board.occupied()
            for a in rules.axes
            for d in (a, a + 4)
            if (n := step[d][sq]) >= 0 and not board.letters[n]
        }
    )
    choices: dict[str, int] = {}
    for t in game.racks[game.turn]:
        letter = game.tiles[t].letter
        for shown in ("S", "E") if letter == BLANK else (letter,):
            choices.setdefault(shown if letter != BLANK else shown.lower(), t)
    best: tuple[int, int, str, int] | None = None
    for sq in free:
        for shown, t in choices.items():
            p = Placement(sq, shown.upper(), t, shown.islower())
            ev = rules.evaluate(board, [p], explain=False)
            if not ev.invalid and (best is None or ev.total > best[0]):
                best = (ev.total, sq, shown, t)
    if best is None:
        return None
    _, sq, shown, t = best
    item: dict[str, Any] = {"cell": rules.geometry.name(sq), "tile": t}
    if shown.islower():
        item["letter"] = shown.upper()
    return {"type": "place", "placements": [item]}


def play_turn(game: CrosswordGame, lexicon: Any) -> None:
    action = first_move(game, lexicon) if game.board.count == 0 else best_single_tile(game)
    if action is None:
        if len(game.bag) >= int(game.rules.data["exchange_min_bag"]):
            action = {"type": "exchange", "tiles": list(game.racks[game.turn])}
        else:
            action = {"type": "pass"}
    game.apply(action)


def play_to_the_end(game: CrosswordGame, lexicon: Any, max_turns: int = 500) -> int:
    """Play until the game ends; returns the number of turns taken."""
    turns = 0
    while not game.over:
        play_turn(game, lexicon)
        turns += 1
        if turns > max_turns:
            raise AssertionError(f"the game did not end in {max_turns} turns")
    return turns
