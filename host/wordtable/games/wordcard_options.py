"""What the players of WORDCARD agree before a game (rule 79), checked as it is given.

docs/rules/wordcard.md says which rule of the text each option stands for.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import InvalidMoveError
from .card_game import CardOptions, check_one_of
from .wordcard_scoring import TYPE_RULES, TypeRule

DEAL_TYPES = tuple(TYPE_RULES)
GAME_TYPES = (*DEAL_TYPES, "wild")
"""``game_type`` values of :class:`WordcardOptions`; the GROUP GAME is :class:`WordcardGroupGame`."""
WILD_CHOICES = (
    "opening",
    "opening_cards",
    "opening_points",
    "wild_points",
    "words_within_words",
    "inner_word_min_length",
    "tag_on_others",
    "cross_rows",
    "discard_pickup",
    "bonuses",
)
"""Options the dealer of a WILD GAME deal may set with the type (rule 34)."""
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class WordcardOptions(CardOptions):
    """What the players agree before a game (rule 79). Defaults: WORDPLAY for the most points."""

    deck: str = "wordcard_deck"
    game_type: str = "wordplay"
    """wordplay, cardplay, wordplay_plus, cardplay_plus, wordcard or wild (rule 6)."""
    formula: str = "most"
    """``most`` (rule 5: laydowns score, the hand is deducted) or ``least`` (rule 4: penalty points)."""
    hand_size: int = 13
    """Rule 2: 8 to 13 cards."""
    opening: str = "cards"
    """Rule 14: open with ``cards`` (at least ``opening_cards``) or ``points`` (``opening_points`` of value)."""
    opening_cards: int = 5
    opening_points: int = 30
    wild_points: int = 25
    """Rule 3: a laid wild card is worth 0 or 25, as agreed."""
    wild_in_hand: int = 50
    """Rule 18: a wild card left in the hand costs 50."""
    bonuses: bool = True
    """Rules 42 to 46 (rule 79: the players decide upon the bonuses)."""
    finish_bonus: int = 25
    immediate_bonus: int = 50
    words_within_words: bool = True
    """Rule 24: every word read inside a laid word counts too."""
    inner_word_min_length: int = 2
    tag_on_others: bool = True
    """Tag on to any player's rows (False: only to one's own)."""
    cross_rows: bool = False
    """Rule 17's option: lay a row across a row on the table, through one of its cards."""
    discard_pickup: bool = False
    """Rule 21: take any face-up card with all the cards on it (most points only)."""
    check_words: str = "auto"
    """``auto``: the dictionary refuses a non-word at once; ``challenge``: words stand until contested (rule 26)."""
    dealer: int | None = None
    """Seat of the first dealer; None: everyone draws a card, the letter closest to A deals (rule 7)."""
    deals: int | None = None
    """How many deals; None: one, or one per player in a WILD GAME (rule 35)."""
    hurry_ms: int = 60_000
    """Rule 20: the notice a slow player gets."""
    partners: list[list[int]] | None = None
    """Rule 2: seats playing together, e.g. [[0, 2], [1, 3]]; a side's score is its players' sum."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.game_type not in GAME_TYPES:
            hint = " (the GROUP GAME is WordcardGroupGame)" if self.game_type == "group" else ""
            raise InvalidMoveError(
                f"game_type must be one of {', '.join(GAME_TYPES)}, not {self.game_type!r}{hint}"
            )
        check_one_of("formula", self.formula, ("most", "least"))
        if not 8 <= self.hand_size <= 13:
            raise InvalidMoveError(f"hand_size must be 8 to 13 cards (rule 2), not {self.hand_size}")
        check_one_of("opening", self.opening, ("cards", "points"))
        if self.wild_points not in (0, 25):
            raise InvalidMoveError(f"wild_points must be 0 or 25 (rule 3), not {self.wild_points}")
        check_one_of("check_words", self.check_words, ("auto", "challenge"))
        if self.discard_pickup and self.formula != "most":
            raise InvalidMoveError("the discard pickup (rule 21) is played only for the most points")
        if self.partners is not None:
            seats = [s for side in self.partners for s in side]
            if len(seats) != len(set(seats)) or any(not isinstance(s, int) or s < 0 for s in seats):
                raise InvalidMoveError(
                    f"partners are sides of distinct seats, e.g. [[0, 2], [1, 3]], not {self.partners}"
                )

    @property
    def rule(self) -> TypeRule:
        """The type rule of a deal played with these options."""
        return TYPE_RULES[self.game_type]
