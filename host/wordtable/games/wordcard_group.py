"""WORDCARD's GROUP GAME (rules 36 to 39): the same 8 to 13 cards face up for everyone; each player lays
out a best solution and its score is checked. Played alone it is a puzzle with a score to beat: the best
solution the host finds (:func:`wordtable.ai.wordcard.best_group_solution`), given as ``target``.

Actions: ``{"type": "solution", "player": 0, "melds": [["R♣7", "A♠8", ...], ...], "score": 286}`` (a later
solution of the same player replaces the earlier one while the time lasts; ``score``, optional, is what the
player wrote down, checked against the host's reckoning, rule 38) and ``{"type": "close"}``.
A solution scores its rows under the deal's game type (words within words, combinations, the WORDCARD
doubling, the bonuses of rules 44 and 45), 50 more when it uses every card (rule 43's "all cards in one
turn"), less the value of the cards it leaves (rule 5).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar

from ..lexicon.protocol import Lexicon
from .base import (
    GameOptions,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    MoveRecord,
    ScoreBreakdown,
    ScoreLine,
)
from .card_game import CardGame
from .cards import Card, DrawPile, PlacedCard, parse_face, resolve_cards
from .wordcard_options import ALPHABET, DEAL_TYPES, WordcardOptions
from .wordcard_scoring import TYPE_RULES, fill_wild_ranks, name_wild_letters, score_meld


@dataclass(frozen=True)
class GroupOptions(GameOptions):
    """The dealer's choices (rule 36): type of game, how many cards, the playing time, and the options."""

    game_type: str = "wordplay"
    cards: int | None = None
    """8 to 13; None: the dealer picks a number at random (rule 37)."""
    time_ms: int | None = None
    """Playing time for all; None: until closed."""
    wild_points: int = 25
    words_within_words: bool = True
    inner_word_min_length: int = 2
    bonuses: bool = True
    all_cards_bonus: int = 50
    deck: str = "wordcard_deck"
    lexicon: str = "enable"

    def __post_init__(self) -> None:
        if self.game_type not in DEAL_TYPES:
            raise InvalidMoveError(
                f"game_type must be one of {', '.join(DEAL_TYPES)}, not {self.game_type!r}"
            )
        if self.cards is not None and not 8 <= self.cards <= 13:
            raise InvalidMoveError(f"the GROUP GAME uses 8 to 13 cards (rule 37), not {self.cards}")
        if self.wild_points not in (0, 25):
            raise InvalidMoveError(f"wild_points must be 0 or 25 (rule 3), not {self.wild_points}")

    def scoring(self) -> WordcardOptions:
        """The meld-scoring options these stand for."""
        return WordcardOptions(
            game_type=self.game_type,
            wild_points=self.wild_points,
            bonuses=self.bonuses,
            words_within_words=self.words_within_words,
            inner_word_min_length=self.inner_word_min_length,
        )


def score_solution(
    rows: list[list[PlacedCard]], table: list[Card], options: GroupOptions, is_word: Any
) -> ScoreBreakdown:
    """Score a solution's rows laid from ``table`` (raise :class:`IllegalMoveError` for a row the type refuses)."""
    o = options.scoring()
    rule = TYPE_RULES[options.game_type]
    lines: list[ScoreLine] = []
    used: set[str] = set()
    for row in rows:
        row = fill_wild_ranks(row)
        if rule.must_word and any(p.card.wild and not p.letters for p in row):
            row = name_wild_letters(row, is_word, ALPHABET)
        ms = score_meld(row, rule, o, is_word)
        lines.extend(ms.lines)
        lines.extend(ms.bonus_lines)
        used.update(p.card.id for p in row)
    left = [c for c in table if c.id not in used]
    if not left and options.bonuses:
        lines.append(ScoreLine("bonus: every card used", options.all_cards_bonus, "rule 43"))
    if left:
        value = sum(50 if c.wild else c.points for c in left) * rule.multiplier
        detail = " + ".join("* 50" if c.wild else f"{c.face} {c.points}" for c in left)
        if rule.multiplier != 1:
            detail += f", x{rule.multiplier}"
        lines.append(ScoreLine("cards not used", -value, detail))
    return ScoreBreakdown(tuple(lines), sum(ln.points for ln in lines))


class WordcardGroupGame(CardGame):
    """The GROUP GAME; with one player, the solo puzzle (``target`` is the score to beat)."""

    name: ClassVar[str] = "wordcard_group"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8

    options_type: ClassVar[type[GroupOptions]] = GroupOptions
    actions: ClassVar[tuple[str, ...]] = ("solution", "close")
    options: GroupOptions

    def __init__(
        self,
        players: list[str],
        *,
        lexicon: Lexicon,
        seed: int = 0,
        options: GroupOptions | None = None,
        now_ms: int | None = None,
        table: list[str] | None = None,
    ) -> None:
        super().__init__(players, lexicon=lexicon, seed=seed, options=options)
        if table is not None:
            faces = [parse_face(t) for t in table]
            self.table = resolve_cards(faces, list(self.deck.cards), who="the deck", deck=self.deck)
            if not 8 <= len(self.table) <= 13:
                raise InvalidMoveError(f"the GROUP GAME uses 8 to 13 cards (rule 37), not {len(self.table)}")
        else:
            pile = DrawPile(self.deck.cards, "deck")
            pile.shuffle(self.rng)
            count = self.options.cards or self.rng.randint(8, 13)
            self.table = pile.draw(count)
        self.start_ms = now_ms
        self.solutions: dict[int, tuple[list[list[PlacedCard]], ScoreBreakdown]] = {}
        self.claims: dict[int, int | None] = {}
        self.target: ScoreBreakdown | None = None
        self.target_rows: list[list[str]] = []
        self.closed = False

    def is_over(self) -> bool:
        return self.closed

    def set_target(self, rows: list[list[str]], score: ScoreBreakdown) -> None:
        """The score to beat (the host's best solution) for the solo puzzle."""
        self.target_rows = rows
        self.target = score

    def state(self) -> dict[str, Any]:
        """The cards face up, each solution and score, the score to beat."""
        return {
            "game": self.name,
            "game_type": self.options.game_type,
            "closed": self.closed,
            "table": [c.face for c in self.table],
            "solutions": {
                str(i): {
                    "rows": [[p.face for p in r] for r in rows],
                    "score": s.to_dict(),
                    "written": self.claims.get(i),
                }
                for i, (rows, s) in self.solutions.items()
            },
            "to_beat": None
            if self.target is None
            else {"rows": self.target_rows, "score": self.target.total},
            "scores": self.scores,
        }

    def _check_open(self, kind: str, now_ms: int | None) -> None:
        if self.closed:
            raise GameOverError("the GROUP GAME is closed")

    def _close(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        self.closed = True
        return MoveRecord(-1, copy.deepcopy(action), None, now_ms, note="closed")

    def _solution(self, action: dict[str, Any], now_ms: int | None) -> MoveRecord:
        """A solution after the playing time is refused."""
        limit = self.options.time_ms
        if (
            limit is not None
            and now_ms is not None
            and self.start_ms is not None
            and now_ms - self.start_ms > limit
        ):
            raise IllegalMoveError(f"the playing time of {limit // 1000} s is over")
        seat = action.get("player", 0)
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise InvalidMoveError(f"player must be a seat from 0 to {len(self.players) - 1}, not {seat!r}")
        rows_in = action.get("melds")
        if not isinstance(rows_in, list) or not rows_in:
            raise InvalidMoveError('a solution is a list of rows of cards: {"melds": [["R♣7", ...]]}')
        token_rows = [r.split(",") if isinstance(r, str) else [str(t) for t in r] for r in rows_in]
        faces = [parse_face(t) for r in token_rows for t in r]
        cards = resolve_cards(faces, self.table, who="the table", deck=self.deck)
        rows: list[list[PlacedCard]] = []
        k = 0
        for r in token_rows:
            rows.append([PlacedCard.of(cards[k + j], faces[k + j]) for j in range(len(r))])
            k += len(r)
        claimed = action.get("score")
        if claimed is not None and not isinstance(claimed, int):
            raise InvalidMoveError("score is the whole number the player wrote down (rule 38)")
        score = score_solution(rows, self.table, self.options, self.lexicon.is_word)
        self.solutions[seat] = (rows, score)
        self.claims[seat] = claimed
        self.players[seat].score = score.total
        note = " ".join("".join(p.letters or "?" for p in r) for r in rows)
        if claimed is not None:
            note += f"; written {claimed}, checked {score.total}" + (
                " (right)" if claimed == score.total else ""
            )
        return MoveRecord(seat, copy.deepcopy(action), score, now_ms, note=note)

    def _saved_setup(self) -> dict[str, Any]:
        return {"start_ms": self.start_ms, "table": [f"#{c.id}" for c in self.table]}

    @classmethod
    def _setup_from(cls, data: dict[str, Any]) -> dict[str, Any]:
        return {"now_ms": data.get("start_ms"), "table": list(data["table"])}
