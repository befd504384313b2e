"""The crossword game core that wordgame and Wordability share: bag, racks, turns, passes,
exchanges, challenges, clocks and the end of the game, on the board model of
:mod:`.crossword_board` with the rules of :mod:`.crossword_rules`.

Actions (plain dicts, see :class:`CrosswordGame`)::

    {"type": "place", "placements": [{"cell": "H8", "tile": 17}, {"cell": "H9", "tile": 103, "letter": "O"}]}
    {"type": "pass"}
    {"type": "exchange", "tiles": [3, 40]}
    {"type": "challenge", "player": 1}          # the last move, before the next player acts
    {"type": "agree_end"}                       # all players agree to stop

A placement names its tile by id (what the table reads) or, for scripts, by letter: ``{"cell": "H8",
"letter": "W"}`` takes a W from the rack, a lower-case letter takes a blank and makes it that letter.
Time is passed in as ``now_ms``; the game never reads a clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

from ..lexicon.protocol import Lexicon
from .base import (
    Game,
    GameError,
    GameOptions,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    MoveRecord,
    NotYourTurnError,
    ScoreBreakdown,
    ScoreLine,
)
from .crossword_board import BLANK, Board, Geometry, Layout, Placement
from .crossword_rules import CrosswordRules, Evaluation
from .position import setup_position

CHALLENGE_RULES: tuple[str, ...] = ("void", "single", "double", "five-point")
"""void: invalid words are refused when laid; single: a phony can be challenged off, a failed challenge
costs nothing; double: a failed challenge costs the challenger the next turn; five-point: a failed
challenge gives the challenged player ``challenge_bonus`` points."""


class TimeUpError(IllegalMoveError):
    """The player's time for this turn ran out before the move came; :meth:`CrosswordGame.tick` passes
    the turn and returns the tiles to the rack."""


@dataclass(frozen=True)
class CrosswordOptions(GameOptions):
    """House rules agreed before play. Times are in milliseconds; None means no limit."""

    challenge: str = "void"
    challenge_bonus: int = 5
    turn_limit_ms: int | None = None
    total_time_ms: int | None = None
    increment_ms: int = 0
    overtime_penalty_per_minute: int = 10

    def __post_init__(self) -> None:
        if self.challenge not in CHALLENGE_RULES:
            raise InvalidMoveError(
                f"unknown challenge rule {self.challenge!r}; choose one of {', '.join(CHALLENGE_RULES)}"
            )
        for name in ("turn_limit_ms", "total_time_ms"):
            value = getattr(self, name)
            if value is not None and value <= 0:
                raise InvalidMoveError(f"{name} must be a positive number of milliseconds")
        if self.increment_ms < 0:
            raise InvalidMoveError("increment_ms cannot be negative")


def placements_from_text(text: str) -> list[dict[str, Any]]:
    """``"H8:W,H9:o"`` -> placement dicts by letter (lower case: a blank standing for that letter)."""
    out: list[dict[str, Any]] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        cell, sep, letter = part.partition(":")
        if not sep or not cell.strip() or len(letter.strip()) != 1:
            raise InvalidMoveError(
                f"{part!r} is not a placement; write CELL:LETTER like H8:W (a lower-case letter is a blank)"
            )
        out.append({"cell": cell.strip(), "letter": letter.strip()})
    if not out:
        raise InvalidMoveError("no placements given; write them like H8:W,H9:O")
    return out


def _fmt_ms(ms: int) -> str:
    s = ms // 1000
    return f"{s // 60}:{s % 60:02d}"


class CrosswordGame(Game):
    """A crossword board game: the shared core. Variants set ``rules_class`` and the class names."""

    rules_class: ClassVar[type[CrosswordRules]] = CrosswordRules
    options_type: ClassVar[type[CrosswordOptions]] = CrosswordOptions

    def __init__(
        self,
        players: list[str],
        *,
        lexicon: Lexicon,
        seed: int = 0,
        options: CrosswordOptions | None = None,
        starting_player: int = 0,
        layout: Layout | None = None,
        deal: bool = True,
    ) -> None:
        """A new game dealt from a shuffled bag. Besides the constructor every game takes, ``starting_player``
        says who moves first, ``layout`` replaces the premium layout, and ``deal=False`` leaves the racks
        empty (for a position or a saved game to fill)."""
        super().__init__(players, seed)
        self.lexicon = lexicon
        self.rules = self.rules_class(lexicon, layout)
        self.layout_override = layout is not None
        self.options = options if options is not None else self.options_type()
        if not 0 <= starting_player < len(players):
            raise InvalidMoveError(f"there is no player {starting_player} to start")
        self.tiles = self.rules.tiles
        self.board = Board(self.rules.geometry)
        self.bag: list[int] = list(range(len(self.tiles)))
        self.rng.shuffle(self.bag)
        self.racks: list[list[int]] = [[] for _ in players]
        self.starting_player = starting_player
        self.turn = starting_player
        self.scoreless = 0
        """Scoreless turns in a row (passes, exchanges, time-outs, withdrawn moves)."""
        self.over = False
        self.end_reason = ""
        self.skip: list[int] = []
        """Players who lose their next turn (a failed challenge under the double rule)."""
        self.window: dict[str, Any] | None = None
        """The last move while it may still be challenged: player, state before it, invalid words."""
        self.turn_started_ms: int | None = None
        self.clock_ms: list[int] | None = (
            [self.options.total_time_ms] * len(players) if self.options.total_time_ms else None
        )
        self.tentative: list[Placement] = []
        """Tiles the player to move has laid but not yet played (they go back on a time-out)."""
        self.setup: dict[str, Any] | None = None
        """The position the game was set up from (position-file format), or None for a new game."""
        if deal:
            for p in range(len(players)):
                self._draw(p)

    # -- reading the state -----------------------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        """The board's geometry (size, cell names, neighbour tables)."""
        return self.rules.geometry

    def rack_letters(self, player: int) -> str:
        """A player's rack as letters (``?`` for a blank), in rack order."""
        return "".join(self.tiles[t].letter for t in self.racks[player])

    def rack_value(self, player: int) -> int:
        """The total value of the tiles on a player's rack (what it costs at the end)."""
        return sum(self.tiles[t].value for t in self.racks[player])

    def is_over(self) -> bool:
        """True once the game has ended (``end_reason`` says why)."""
        return self.over

    # -- moves -----------------------------------------------------------------------------------------

    def read_placements(self, items: Any, player: int) -> list[Placement]:
        """Turn placement dicts into :class:`Placement` values using the player's rack; InvalidMoveError
        or IllegalMoveError (naming the cell) when a tile or letter is wrong. Changes nothing."""
        if not isinstance(items, list) or not items:
            raise InvalidMoveError("a move needs a non-empty list of placements")
        g = self.rules.geometry
        rack = self.racks[player]
        free = list(rack)
        out: list[Placement] = []
        for item in items:
            if not isinstance(item, dict):
                raise InvalidMoveError(f"{item!r} is not a placement (cell, tile, letter)")
            if "cell" in item:
                sq = g.parse(str(item["cell"]))
            elif isinstance(item.get("square"), int) and 0 <= item["square"] < g.size:
                sq = item["square"]
            else:
                raise InvalidMoveError(f"placement {item!r} says no cell")
            where = g.name(sq)
            letter = item.get("letter")
            if letter is not None and (not isinstance(letter, str) or len(letter) != 1):
                raise InvalidMoveError(f"the letter on {where} must be one letter, not {letter!r}")
            tile_id = item.get("tile")
            if tile_id is None:
                if letter is None:
                    raise InvalidMoveError(f"say which tile or letter goes on {where}")
                want_blank = letter.islower() or bool(item.get("blank"))
                pick = next(
                    (
                        t
                        for t in free
                        if (self.tiles[t].letter == BLANK) == want_blank
                        and (want_blank or self.tiles[t].letter == letter.upper())
                    ),
                    None,
                )
                if pick is None:
                    what = "blank" if want_blank else letter.upper()
                    raise IllegalMoveError(
                        f"you have no {what} on your rack for {where} (your rack: {self._spell(free)})"
                    )
                tile_id = pick
            if not isinstance(tile_id, int) or not 0 <= tile_id < len(self.tiles):
                raise InvalidMoveError(f"there is no tile {tile_id!r} in this game (for {where})")
            tile = self.tiles[tile_id]
            if tile_id not in free:
                where_now = "already used in this move" if tile_id in rack else "not on your rack"
                raise IllegalMoveError(f"tile {tile_id} ({tile.letter}) for {where} is {where_now}")
            free.remove(tile_id)
            if tile.is_blank:
                if letter is None:
                    raise InvalidMoveError(f"say which letter the blank on {where} stands for")
                chosen = letter.upper()
                if chosen not in self.tiles.letters:
                    raise InvalidMoveError(f"a blank cannot stand for {letter!r} (on {where})")
                out.append(Placement(sq, chosen, tile_id, True))
            else:
                if letter is not None and letter.upper() != tile.letter:
                    raise IllegalMoveError(
                        f"tile {tile_id} for {where} is {tile.letter}, not {letter.upper()}"
                    )
                out.append(Placement(sq, tile.letter, tile_id, False))
        return out

    def _spell(self, tile_ids: list[int]) -> str:
        return " ".join(self.tiles[t].letter for t in tile_ids) or "empty"

    def evaluate(self, placements: list[Placement]) -> Evaluation:
        """Shape checks and scores of a placement on the current board (nothing changes)."""
        return self.rules.evaluate(self.board, placements)

    def apply(self, action: dict[str, Any], now_ms: int | None = None) -> MoveRecord:
        """Validate and apply one action (see the module docstring); GameError leaves the state unchanged."""
        if not isinstance(action, dict):
            raise InvalidMoveError(f"an action is a dict with a type, not {action!r}")
        kind = action.get("type")
        if kind == "challenge":
            return self._challenge(action, now_ms)
        if self.over:
            raise GameOverError(f"the game is over ({self.end_reason})")
        if kind == "agree_end":
            return self._agree_end(now_ms)
        player = self.turn
        claimed = action.get("player")
        if claimed is not None and claimed != player:
            raise NotYourTurnError(f"it is {self.players[player].name}'s turn, not {self._name(claimed)}'s")
        self._check_time(player, now_ms)
        if kind == "place":
            return self._place(player, action, now_ms)
        if kind == "pass":
            return self._pass(player, now_ms, "pass")
        if kind == "exchange":
            return self._exchange(player, action, now_ms)
        raise InvalidMoveError(f"unknown action {kind!r}; use place, pass, exchange, challenge or agree_end")

    def _name(self, player: Any) -> str:
        if isinstance(player, int) and 0 <= player < len(self.players):
            return self.players[player].name
        return str(player)

    def _place(self, player: int, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        placements = self.read_placements(action.get("placements"), player)
        ev = self.rules.evaluate(self.board, placements)
        if ev.invalid and self.options.challenge == "void":
            raise IllegalMoveError(self.rules.invalid_words_message(ev.invalid))
        before = self._state() if self.options.challenge != "void" else None
        rack_before = self.rack_letters(player)
        for p in placements:
            self.racks[player].remove(p.tile)
            self.board.put(p.square, p.letter, p.tile, p.blank)
        self.players[player].score += ev.total
        self._draw(player)
        g = self.rules.geometry
        record = MoveRecord(
            player,
            {
                "type": "place",
                "placements": [
                    {"cell": g.name(p.square), "tile": p.tile, "letter": p.letter, "blank": p.blank}
                    for p in placements
                ],
                "words": [w.text for w in ev.words],
                "rack": rack_before,
            },
            ev.breakdown,
            now_ms,
        )
        self.history.append(record)
        self.tentative = []
        self.window = None
        if before is not None:
            self.window = {
                "player": player,
                "state": before,
                "points": ev.total,
                "invalid": [w.text for w in ev.invalid],
            }
        self._finish_turn(player, now_ms, scored=True)
        return record

    def _pass(
        self, player: int, now_ms: int | None, why: str, returned: list[int] | None = None
    ) -> MoveRecord:
        action: dict[str, Any] = {"type": "pass", "rack": self.rack_letters(player)}
        note = ""
        if why != "pass":
            action["reason"] = why
        if returned:
            action["returned"] = list(returned)
            note = "tiles back to the rack: " + self._spell(returned)
        record = MoveRecord(player, action, ScoreBreakdown((), 0), now_ms, note)
        self.history.append(record)
        self.tentative = []
        self.window = None
        self._finish_turn(player, now_ms, scored=False)
        self._maybe_redeal()
        return record

    def _exchange(self, player: int, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        ids = action.get("tiles")
        if ids is None and isinstance(action.get("letters"), str):
            free = list(self.racks[player])
            ids = []
            for ch in action["letters"]:
                pick = next((t for t in free if self.tiles[t].letter == ch.upper()), None)
                if pick is None:
                    raise IllegalMoveError(
                        f"you have no {ch.upper()} to exchange (your rack: {self._spell(free)})"
                    )
                free.remove(pick)
                ids.append(pick)
        if not isinstance(ids, list) or not ids:
            raise InvalidMoveError("say which tiles to exchange")
        if len(set(ids)) != len(ids) or any(t not in self.racks[player] for t in ids):
            raise IllegalMoveError("you can exchange only tiles on your rack, each once")
        need = int(self.rules.data["exchange_min_bag"])
        if len(self.bag) < need:
            raise IllegalMoveError(
                f"you can exchange only while the bag holds at least {need} tiles (it holds {len(self.bag)})"
            )
        rack_before = self.rack_letters(player)
        for t in ids:
            self.racks[player].remove(t)
        self._draw(player)
        self.bag.extend(ids)
        self.rng.shuffle(self.bag)
        record = MoveRecord(
            player,
            {
                "type": "exchange",
                "tiles": list(ids),
                "rack": rack_before,
                "letters": self._spell(ids).replace(" ", ""),
            },
            ScoreBreakdown((), 0),
            now_ms,
        )
        self.history.append(record)
        self.tentative = []
        self.window = None
        self._finish_turn(player, now_ms, scored=False)
        return record

    # -- challenges ----------------------------------------------------------------------------------

    def _challenge(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        challenger = action.get("player")
        if not isinstance(challenger, int) or not 0 <= challenger < len(self.players):
            raise InvalidMoveError("say which player challenges (player number)")
        rule = self.options.challenge
        if rule == "void":
            raise IllegalMoveError(
                "challenges are off in this game (void rule): invalid words are refused when laid"
            )
        w = self.window
        if w is None:
            raise IllegalMoveError(
                "there is no move to challenge: only the last word laid can be challenged, "
                "before the next player acts"
            )
        placer = int(w["player"])
        if challenger == placer:
            raise IllegalMoveError("you cannot challenge your own move")
        self.window = None
        if w["invalid"]:
            points = int(w["points"])
            scoreless = int(w["state"]["scoreless"])
            # the withdrawn play stays in the history (a record shows it), whatever followed it goes
            self._restore(w["state"], keep_records=1)
            line = ScoreLine(
                "move withdrawn",
                -points,
                f"{', '.join(w['invalid'])} challenged by {self.players[challenger].name}: not in the word list",
            )
            record = MoveRecord(
                placer,
                {
                    "type": "withdrawn",
                    "challenger": challenger,
                    "words": list(w["invalid"]),
                    "points": points,
                },
                ScoreBreakdown((line,), -points),
                now_ms,
                "tiles back to the rack; the turn is lost",
            )
            self.history.append(record)
            self.scoreless = scoreless + 1
            self.turn = placer
            self._advance()
            self._check_end(placer)
            return record
        lines: list[ScoreLine] = []
        bonus = 0
        note = "the challenge failed: every word is valid"
        if rule == "five-point":
            bonus = self.options.challenge_bonus
            self.players[placer].score += bonus
            lines.append(
                ScoreLine(
                    "failed challenge", bonus, f"{self.players[challenger].name} challenged valid words"
                )
            )
        elif rule == "double":
            note += f"; {self.players[challenger].name} loses the next turn"
        record = MoveRecord(
            placer,
            {"type": "challenge", "challenger": challenger, "upheld": False},
            ScoreBreakdown(tuple(lines), bonus),
            now_ms,
            note,
        )
        self.history.append(record)
        if rule == "double" and not self.over:
            if self.turn == challenger:
                self._pass(challenger, now_ms, "lost turn (failed challenge)")
            else:
                self.skip.append(challenger)
        return record

    # -- time ----------------------------------------------------------------------------------------

    def start_clock(self, now_ms: int) -> None:
        """Start the current turn's clock (the first turn; later turns start when the previous ends)."""
        self.turn_started_ms = now_ms

    def set_tentative(self, items: list[dict[str, Any]]) -> list[Placement]:
        """Record tiles the player to move has laid but not yet played (for the per-turn limit: they go
        back to the rack when time runs out). Checks tiles and free cells only; the move is not scored."""
        if self.over:
            raise GameOverError(f"the game is over ({self.end_reason})")
        placements = self.read_placements(items, self.turn)
        for p in placements:
            if self.board.letters[p.square]:
                raise IllegalMoveError(f"{self.geometry.name(p.square)} is already covered")
        self.tentative = placements
        return placements

    def time_left_ms(self, now_ms: int) -> int | None:
        """Milliseconds left in the current turn under the per-turn limit (None without a limit)."""
        limit = self.options.turn_limit_ms
        if limit is None:
            return None
        started = self.turn_started_ms if self.turn_started_ms is not None else now_ms
        return limit - (now_ms - started)

    def _check_time(self, player: int, now_ms: int | None) -> None:
        if now_ms is None:
            return
        if self.turn_started_ms is None:
            self.turn_started_ms = now_ms
            return
        left = self.time_left_ms(now_ms)
        if left is not None and left <= 0:
            raise TimeUpError(
                f"time is up: {self.players[player].name}'s {_fmt_ms(self.options.turn_limit_ms or 0)} "
                f"for this turn ran out; the tiles go back to the rack and the turn passes"
            )

    def tick(self, now_ms: int) -> list[MoveRecord]:
        """Apply what the time has decided: each turn whose per-turn limit has run out is forfeited, its
        laid tiles go back to the rack. Returns the time-out records (often none)."""
        limit = self.options.turn_limit_ms
        out: list[MoveRecord] = []
        if limit is None or self.over:
            return out
        if self.turn_started_ms is None:
            self.turn_started_ms = now_ms
            return out
        while not self.over and now_ms - self.turn_started_ms >= limit:
            ended = self.turn_started_ms + limit
            returned = [p.tile for p in self.tentative]
            out.append(self._pass(self.turn, ended, "time ran out", returned))
        return out

    # -- turn bookkeeping ----------------------------------------------------------------------------

    def _draw(self, player: int) -> None:
        rack = self.racks[player]
        while len(rack) < self.rules.rack_size and self.bag:
            rack.append(self.bag.pop())

    def _advance(self) -> None:
        n = len(self.players)
        self.turn = (self.turn + 1) % n
        while self.turn in self.skip:
            self.skip.remove(self.turn)
            record = MoveRecord(
                self.turn,
                {
                    "type": "pass",
                    "reason": "lost turn (failed challenge)",
                    "rack": self.rack_letters(self.turn),
                },
                ScoreBreakdown((), 0),
            )
            self.history.append(record)
            self.scoreless += 1
            self.turn = (self.turn + 1) % n

    def _finish_turn(self, player: int, now_ms: int | None, scored: bool) -> None:
        if now_ms is not None:
            if self.clock_ms is not None and self.turn_started_ms is not None:
                self.clock_ms[player] -= now_ms - self.turn_started_ms
                self.clock_ms[player] += self.options.increment_ms
            self.turn_started_ms = now_ms
        self.scoreless = 0 if scored else self.scoreless + 1
        if self._check_end(player):
            return
        self._advance()
        self._check_end(player)

    def _check_end(self, player: int) -> bool:
        if self.over:
            return True
        if not self.racks[player] and not self.bag:
            self._end("went out", player)
        elif self.scoreless >= int(self.rules.data["scoreless_turns_per_player_to_end"]) * len(self.players):
            self._end(
                "no score for a full round"
                if self.rules.data["scoreless_turns_per_player_to_end"] == 1
                else f"{self.scoreless} scoreless turns in a row",
                None,
            )
        return self.over

    def _agree_end(self, now_ms: int | None) -> MoveRecord:
        self.window = None
        record = MoveRecord(
            self.turn, {"type": "agree_end"}, None, now_ms, "all players agreed to end the game"
        )
        self.history.append(record)
        self._end("agreed", None)
        return record

    def _end(self, reason: str, went_out: int | None) -> None:
        self.over = True
        self.end_reason = reason
        if self.rules.data["end_scoring"] == "rack-values":
            left: list[int] = [self.rack_value(p) for p in range(len(self.players))]
            for p, value in enumerate(left):
                if value:
                    self.players[p].score -= value
                    self.history.append(
                        MoveRecord(
                            p,
                            {"type": "end", "rack": self.rack_letters(p)},
                            ScoreBreakdown(
                                (ScoreLine("tiles left on the rack", -value, self.rack_letters(p)),), -value
                            ),
                        )
                    )
            gain = sum(left, 0)
            if went_out is not None and gain:
                self.players[went_out].score += gain
                others = "".join(self.rack_letters(p) for p in range(len(self.players)) if p != went_out)
                self.history.append(
                    MoveRecord(
                        went_out,
                        {"type": "end", "rack": "", "others": others},
                        ScoreBreakdown((ScoreLine("went out: the others' tiles", gain, others),), gain),
                    )
                )
        if self.clock_ms is not None:
            per = self.options.overtime_penalty_per_minute
            for p, left_ms in enumerate(self.clock_ms):
                if left_ms < 0 and per:
                    minutes = math.ceil(-left_ms / 60000)
                    self.players[p].score -= per * minutes
                    self.history.append(
                        MoveRecord(
                            p,
                            {"type": "time_penalty", "minutes": minutes},
                            ScoreBreakdown(
                                (
                                    ScoreLine(
                                        "over time", -per * minutes, f"{minutes} started minute(s) x {per}"
                                    ),
                                ),
                                -per * minutes,
                            ),
                        )
                    )

    def _maybe_redeal(self) -> None:
        """wordgame: if the first two moves of the game are both passes, both players get new letters."""
        if (
            not self.rules.data.get("redeal_after_opening_passes")
            or self.board.count
            or len(self.history) != 2
        ):
            return
        if (
            all(r.action.get("type") == "pass" for r in self.history)
            and self.history[0].player != self.history[1].player
        ):
            for rack in self.racks:
                self.bag.extend(rack)
                rack.clear()
            self.rng.shuffle(self.bag)
            for p in range(len(self.players)):
                self._draw(p)
            self.scoreless = 0
            self.history[-1].note = "both opening moves passed: new letters for both players"

    # -- saving ----------------------------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        """The state a withdrawn move restores (plain values, JSON-compatible)."""
        b = self.board
        version, internal, gauss = self.rng.getstate()
        return {
            "board": [[sq, b.tile[sq], b.letters[sq], int(b.blank[sq])] for sq in b.occupied()],
            "bag": list(self.bag),
            "racks": [list(r) for r in self.racks],
            "scores": self.scores,
            "scoreless": self.scoreless,
            "over": self.over,
            "end_reason": self.end_reason,
            "history_len": len(self.history),
            "rng": [version, list(internal), gauss],
            "skip": list(self.skip),
        }

    def _restore(self, state: dict[str, Any], keep_records: int = 0) -> None:
        board = Board(self.rules.geometry)
        for sq, tile, letter, blank in state["board"]:
            board.put(int(sq), str(letter), int(tile), bool(blank))
        self.board = board
        self.bag = list(state["bag"])
        self.racks = [list(r) for r in state["racks"]]
        for p, s in zip(self.players, state["scores"], strict=True):
            p.score = int(s)
        self.scoreless = int(state["scoreless"])
        self.over = bool(state["over"])
        self.end_reason = str(state["end_reason"])
        del self.history[int(state["history_len"]) + keep_records :]
        version, internal, gauss = state["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.skip = list(state["skip"])

    def to_dict(self) -> dict[str, Any]:
        data = self._state()
        del data["history_len"]
        data.update(
            {
                "game": self.name,
                "players": [p.name for p in self.players],
                "seed": self.seed,
                "options": self.options.to_dict(),
                "starting_player": self.starting_player,
                "layout": list(self.rules.layout.rows) if self.layout_override else None,
                "turn": self.turn,
                "window": self.window,
                "turn_started_ms": self.turn_started_ms,
                "clock_ms": self.clock_ms,
                "tentative": [list(p) for p in self.tentative],
                "setup": self.setup,
                "history": [_record_to_dict(r) for r in self.history],
            }
        )
        return data

    @classmethod
    def from_position(cls, data: dict[str, Any], *, lexicon: Lexicon, options: Any = None) -> CrosswordGame:
        """The game a position file describes (docs/rules/positions.md, games/position.py)."""
        return setup_position(cls, data, lexicon, options)

    @classmethod
    def from_dict(cls, data: dict[str, Any], lexicon: Lexicon) -> CrosswordGame:
        if data.get("game") != cls.name:
            raise InvalidMoveError(f"this is a saved {data.get('game')!r} game, not {cls.name}")
        layout = None
        g = cls.rules_class(lexicon).geometry
        if data.get("layout"):
            layout = Layout(g, data["layout"])
        game = cls(
            list(data["players"]),
            lexicon=lexicon,
            seed=int(data["seed"]),
            options=cls.options_type.from_dict(data["options"]),
            starting_player=int(data["starting_player"]),
            layout=layout,
            deal=False,
        )
        state = dict(data, history_len=0)
        game._restore(state)
        game.history = [_record_from_dict(r) for r in data["history"]]
        game.turn = int(data["turn"])
        game.window = data.get("window")
        game.turn_started_ms = data.get("turn_started_ms")
        game.clock_ms = list(data["clock_ms"]) if data.get("clock_ms") is not None else None
        game.tentative = [
            Placement(int(s), str(ch), int(t), bool(b)) for s, ch, t, b in data.get("tentative", [])
        ]
        game.setup = data.get("setup")
        return game


def _record_to_dict(r: MoveRecord) -> dict[str, Any]:
    return {
        "player": r.player,
        "action": r.action,
        "score": r.score.to_dict() if r.score else None,
        "now_ms": r.now_ms,
        "note": r.note,
    }


def _record_from_dict(d: dict[str, Any]) -> MoveRecord:
    score = None
    if d.get("score") is not None:
        score = ScoreBreakdown(tuple(ScoreLine(**ln) for ln in d["score"]["lines"]), int(d["score"]["total"]))
    return MoveRecord(int(d["player"]), dict(d["action"]), score, d.get("now_ms"), d.get("note", ""))


__all__ = [
    "CHALLENGE_RULES",
    "CrosswordGame",
    "CrosswordOptions",
    "GameError",
    "TimeUpError",
    "placements_from_text",
]
