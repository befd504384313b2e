"""Position files: a board game set up from the data of a JSON file (the commands read the file, in
wordtable.cli.position_file), so any worked example or puzzle can be played from (docs/rules/positions.md
describes the format)::

    {
      "game": "wordability",
      "board": ["...............", "....WORTHY....", ...],   # '.' empty, upper case a tile, lower case a blank
      "premiums": null,                                     # or rows of codes (. * d t D T) replacing the layout
      "players": ["Ann", "Bob"],
      "racks": ["OUFN???", null],                           # '?' a blank; null: drawn from the bag
      "scores": [0, 0],
      "turn": 0,
      "seed": 0,
      "bag": null                                           # or the letters left in the bag (the rest is out of play)
    }

Tiles on the board and in the racks are taken from the game's tile set by letter, so a position can
use no more of a letter than the set holds; the rest goes to the bag, shuffled by ``seed`` (with ``bag``,
only the letters named there: the rest is out of play, which sets up end games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..lexicon.protocol import Lexicon
from .base import InvalidMoveError
from .crossword_board import BLANK, Layout

if TYPE_CHECKING:  # the game class is passed in: CrosswordGame.from_position calls setup_position
    from .crossword import CrosswordGame, CrosswordOptions


class PositionError(InvalidMoveError):
    """A position file that cannot be read or set up; the message says what to fix."""


def _take(bag: list[int], game: CrosswordGame, letter: str, where: str) -> int:
    want = BLANK if letter == BLANK or letter.islower() else letter
    for i in range(len(bag) - 1, -1, -1):
        if game.tiles[bag[i]].letter == want:
            return bag.pop(i)
    have = game.tiles.counts.get(want, 0)
    what = "blank" if want == BLANK else want
    raise PositionError(
        f"{where} needs a {what} tile, but a {game.name} set has only {have} and they are all used"
    )


def setup_position(
    cls: type[CrosswordGame], data: dict[str, Any], lexicon: Lexicon, options: CrosswordOptions | None = None
) -> CrosswordGame:
    """Set up a game of ``cls`` exactly as a position describes (see the module docstring); the game
    registry's ``game_from_position`` finds ``cls`` by the position's ``game``."""
    racks = data.get("racks")
    if not isinstance(racks, list) or not racks:
        raise PositionError("a position needs racks: a list with one rack (letters, or null) per player")
    n = len(racks)
    players = data.get("players") or [f"Player {i + 1}" for i in range(n)]
    if not isinstance(players, list) or len(players) != n:
        raise PositionError(f"players names {len(players)} players but racks has {n}")
    rules = cls.rules_class(lexicon)
    g = rules.geometry
    layout = None
    if data.get("premiums") is not None:
        prem = data["premiums"]
        if not isinstance(prem, list) or not all(isinstance(r, str) for r in prem):
            raise PositionError("premiums must be a list of rows of codes")
        try:
            layout = Layout(g, prem)
        except InvalidMoveError as e:
            raise PositionError(str(e)) from None
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise PositionError("seed must be a whole number")
    try:
        game = cls(
            [str(p) for p in players], lexicon=lexicon, seed=seed, options=options, layout=layout, deal=False
        )
    except InvalidMoveError as e:
        raise PositionError(str(e)) from None
    rows = data.get("board")
    if not isinstance(rows, list) or len(rows) != g.height or not all(isinstance(r, str) for r in rows):
        raise PositionError(
            f"board must be {g.height} rows of {g.width} cells ('.' empty, a letter, lower case a blank)"
        )
    bag = game.bag
    for r, row in enumerate(rows):
        if len(row) != g.width:
            raise PositionError(
                f"board row {r + 1} has {len(row)} cells; a {cls.name} board is {g.width} wide"
            )
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            sq = g.square(r, c)
            if not ch.isalpha() or ch.upper() not in game.tiles.letters:
                raise PositionError(f"board cell {g.name(sq)}: {ch!r} is not a letter of this game")
            tile = _take(bag, game, ch, f"board cell {g.name(sq)}")
            game.board.put(sq, ch.upper(), tile, ch.islower())
    for p, rack in enumerate(racks):
        if rack is None:
            continue
        if not isinstance(rack, str) or len(rack) > rules.rack_size:
            raise PositionError(f"rack {p + 1} must be up to {rules.rack_size} letters ('?' a blank) or null")
        for ch in rack:
            if ch != BLANK and ch.upper() not in game.tiles.letters:
                raise PositionError(f"rack {p + 1}: {ch!r} is not a letter of this game")
            game.racks[p].append(_take(bag, game, ch.upper() if ch != BLANK else ch, f"rack {p + 1}"))
    bag_letters = data.get("bag")
    if bag_letters is not None:
        if not isinstance(bag_letters, str):
            raise PositionError(
                "bag must be the letters left in the bag ('?' a blank), or null for all the rest"
            )
        rest = bag
        game.bag = bag = []
        for ch in bag_letters:
            if ch != BLANK and ch.upper() not in game.tiles.letters:
                raise PositionError(f"bag: {ch!r} is not a letter of this game")
            bag.append(_take(rest, game, ch.upper() if ch != BLANK else ch, "the bag"))
        game.rng.shuffle(bag)
    for p, rack in enumerate(racks):
        if rack is None:
            game._draw(p)
    scores = data.get("scores") or [0] * n
    if not isinstance(scores, list) or len(scores) != n or not all(isinstance(s, int) for s in scores):
        raise PositionError(f"scores must be {n} whole numbers")
    for p, s in enumerate(scores):
        game.players[p].score = s
    turn = data.get("turn", 0)
    if not isinstance(turn, int) or not 0 <= turn < n:
        raise PositionError(f"turn must be a player number from 0 to {n - 1}")
    game.turn = turn
    game.starting_player = turn
    game.setup = dict(
        {k: v for k, v in data.items() if not k.startswith("_")}, players=[p.name for p in game.players]
    )
    return game


def position_of(game: CrosswordGame) -> dict[str, Any]:
    """The position of a game, in the position-file format."""
    return {
        "game": game.name,
        "board": game.board.rows(),
        "premiums": list(game.rules.layout.rows) if game.layout_override else None,
        "players": [p.name for p in game.players],
        "racks": [game.rack_letters(p) for p in range(len(game.players))],
        "scores": game.scores,
        "turn": game.turn,
        "seed": game.seed,
        "bag": "".join(sorted(game.tiles[t].letter for t in game.bag)),
    }
