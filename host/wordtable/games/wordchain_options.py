"""The house rules of WORDCHAIN that players agree before a game, checked as they are given.

docs/rules/wordchain.md says which rule of the text each option stands for.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .base import InvalidMoveError
from .card_game import CardOptions, check_one_of


@dataclass(frozen=True)
class WordchainOptions(CardOptions):
    """The house rules of one WORDCHAIN game (defaults: the standard game of the text)."""

    deck: str = "wordchain_deck"
    """Deck data file in wordtable/games/data."""
    lexicon: str = "enable"
    """The agreed dictionary (rule 1); an imported themed list (place names ...) for a themed game. The caller
    loads it and gives it to the game."""
    scoring: str = "standard"
    """``standard`` (rules B to N) or ``simple`` (rule A: a point a card, no bonuses, no penalties)."""
    one_deck: bool = False
    """Rule 2: keep consonants and vowels in one deck."""
    hand_consonants: int = 6
    hand_vowels: int = 6
    min_remaining: int = 20
    """Rule 4: at least this many cards must stay in the decks after the deal."""
    dealer: int | None = None
    """Seat of the first dealer; None: cut for it (rule 3)."""
    cut_suit_seniority: bool = False
    """Rule 3: break ties in the cut by suit (hearts, diamonds, clubs, spades) instead of recutting."""
    target_score: int | None = 1000
    """The game ends when a player reaches this score (None: no target)."""
    time_limit_ms: int | None = None
    """The game ends when this much time has passed since the start (None: no limit)."""
    end_when_out_of_cards: bool = True
    """The game ends when a player has no cards and the decks cannot refill the hand."""
    reshuffle_discards: bool = False
    """When a deck runs out, shuffle its discards back in and play on (the text's "by agreement")."""
    discards_into_decks: bool = False
    """Rule 11's alternative: used cards go one by one into random places of their deck."""
    link_anywhere: bool = True
    """Rule L: the link card may lie elsewhere than first, for a penalty; False: it must be first."""
    link_penalty: str = "1/3"
    """Rule L's penalty as a fraction of the word value ("33.3%" in the text; see docs)."""
    coloured_percent: int = 5
    suited_percent: int = 10
    sequenced_percent: int = 15
    coloured_sequenced_percent: int = 20
    suited_sequenced_percent: int = 25
    all_cards_percent: int = 50
    link_word_multiplier: int = 2
    long_word_cards: int = 8
    long_word_percent: int = 50
    dice: int = 0
    """Rules 8 to 10: 0 (no dice), 1 or 2 dice limit the cards a word takes from the hand."""
    min_word_cards: int = 2
    max_word_cards: int | None = None
    five_card_draw: bool = True
    five_card_count: int = 5
    check_words: str = "auto"
    """``auto``: the dictionary rejects a non-word at once; ``challenge``: any word stands until challenged."""
    challenges: bool = True
    unique_words: bool = False
    """Rule 19's harder game: a word may be played only once a game."""
    only_pattern: str | None = None
    """Rule 19's harder game: every word must be ``coloured``, ``suited`` or ``sequenced`` (None: any)."""
    count_cards_held: bool = False
    """Rule 18's alternative: at the end, the points of the cards each player holds are taken off."""
    teams: tuple[tuple[int, ...], ...] | None = None
    """Rule O: partners or teams as seats, e.g. ``((0, 2), (1, 3))``; each plays only her own cards,
    the team's scores add up (target and winner go by team)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        check_one_of("scoring", self.scoring, ("standard", "simple"))
        check_one_of("check_words", self.check_words, ("auto", "challenge"))
        if self.teams is not None:
            object.__setattr__(self, "teams", tuple(tuple(int(x) for x in t) for t in self.teams))
        if self.only_pattern not in (None, "coloured", "suited", "sequenced"):
            raise InvalidMoveError(
                f"only_pattern must be coloured, suited or sequenced, not {self.only_pattern!r}"
            )
        check_one_of("dice", self.dice, (0, 1, 2))
        try:
            frac = Fraction(self.link_penalty)
        except (ValueError, ZeroDivisionError):
            raise InvalidMoveError(
                f"link_penalty must be a fraction like '1/3' or '0.333', not {self.link_penalty!r}"
            ) from None
        if not 0 <= frac <= 1:
            raise InvalidMoveError(f"link_penalty must be between 0 and 1, not {self.link_penalty}")
