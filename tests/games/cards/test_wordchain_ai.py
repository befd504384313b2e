"""WORDCHAIN hints and bots: the search finds what an exhaustive check finds, strengths differ, bots
play whole games to the end."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from random import Random

import pytest
from wordtable import lexicon
from wordtable.ai.wordchain import STRENGTHS, best_words, bot_action, hint
from wordtable.games.cards import Card, PlacedCard, load_deck
from wordtable.games.wordchain import WordchainGame, WordchainOptions
from wordtable.games.wordchain_scoring import score_word

Maker = Callable[..., WordchainGame]
DECK = load_deck("wordchain_deck")


def exhaustive_best(hand: list[Card], link: Card, lex: lexicon.Lexicon, options: WordchainOptions) -> int:
    """The best score by brute force: every word the letters make, every link position, every card choice."""
    letters = "".join(c.letters for c in hand if not c.wild) + link.letters + "?" * sum(c.wild for c in hand)
    best = 0
    for word in lex.anagrams(letters):
        for pos, ch in enumerate(word):
            if ch != link.letters or (pos and not options.link_anywhere):
                continue
            choices = []
            for i, letter in enumerate(word):
                if i != pos:
                    choices.append([c for c in hand if c.letters == letter or c.wild])
            for pick in product(*choices):
                if len({c.id for c in pick}) != len(pick):
                    continue
                placed, it = [], iter(pick)
                for i, letter in enumerate(word):
                    if i == pos:
                        placed.append(PlacedCard.of(link))
                    else:
                        card = next(it)
                        placed.append(
                            PlacedCard(card, letter, None, None) if card.wild else PlacedCard.of(card)
                        )
                s = score_word(placed, pos, options, all_cards_used=len(pick) == len(hand))
                best = max(best, s.total)
    return best


def random_hand(rng: Random, size: int, wilds: int = 0) -> tuple[list[Card], Card]:
    cons = [c for c in DECK.group("consonant")]
    vows = [c for c in DECK.group("vowel") if not c.wild]
    multis = [c for c in DECK.cards if c.wild]
    picked = rng.sample(cons, size // 2 + 1) + rng.sample(vows, size - size // 2 - wilds) + multis[:wilds]
    return picked[1:], picked[0]


@pytest.mark.parametrize("seed", range(6))
def test_the_best_word_matches_an_exhaustive_search(enable: lexicon.Lexicon, seed: int) -> None:
    rng = Random(seed)
    hand, link = random_hand(rng, 7, wilds=seed % 2)
    options = WordchainOptions()
    found = best_words(hand, link, enable, options, top=1)
    expected = exhaustive_best(hand, link, enable, options)
    assert (found[0].score.total if found else 0) == expected


def test_the_best_word_matches_an_exhaustive_search_with_the_link_first_only(enable: lexicon.Lexicon) -> None:
    rng = Random(42)
    options = WordchainOptions(link_anywhere=False)
    for _ in range(3):
        hand, link = random_hand(rng, 8)
        found = best_words(hand, link, enable, options, top=1)
        assert (found[0].score.total if found else 0) == exhaustive_best(hand, link, enable, options)


def test_hint_lists_playable_words_best_first_and_each_plays_as_scored(
    new_game: Maker, enable: lexicon.Lexicon
) -> None:
    game = new_game(seed=11)
    found = hint(game, strength="strongest", top=5)
    assert found and [c.value for c in found] == sorted((c.value for c in found), reverse=True)
    for cand in found:
        trial = WordchainGame.from_dict(game.to_dict(), enable)
        record = trial.apply({"type": "word", "cards": cand.tokens()})
        assert record.score is not None and record.score.total == cand.score.total
        assert trial.words_played == [cand.word]


def test_strengths_differ_in_length_and_score(new_game: Maker) -> None:
    game = new_game(seed=4)
    beginner = hint(game, strength="beginner", top=3)
    club = hint(game, strength="club", top=3)
    strongest = hint(game, strength="strongest", top=3)
    assert all(len(c.placed) <= 4 and c.link_position == 0 for c in beginner)
    assert all(len(c.placed) <= 7 and c.link_position == 0 for c in club)
    assert beginner[0].score.total <= club[0].score.total
    assert (
        max(c.score.total for c in strongest) >= club[0].score.total - 1
        or strongest[0].value >= club[0].value - 100
    )


def test_dice_limit_the_hint(new_game: Maker, enable: lexicon.Lexicon) -> None:
    game = new_game(seed=8)
    hand, link = game.hands[0].cards, game.link
    for cand in best_words(hand, link, enable, game.options, top=10, max_hand=3):
        assert len(cand.used) <= 3


def test_unique_words_rule_is_respected_by_hints(new_game: Maker, enable: lexicon.Lexicon) -> None:
    game = new_game(seed=9)
    first = best_words(game.hands[0].cards, game.link, enable, game.options, top=1)[0]
    again = best_words(game.hands[0].cards, game.link, enable, game.options, top=5, words_used=[first.word])
    assert first.word not in [c.word for c in again]


def test_no_word_means_no_hint() -> None:
    lex_hand = [Card("q", "Q", 12, 12, "S"), Card("z", "Z", 12, 12, "D")]
    link = Card("x", "X", 11, 11, "H")
    from wordtable import lexicon as lexicon_module

    assert best_words(lex_hand, link, lexicon_module.load("enable")) == []


@pytest.mark.parametrize("strengths", [("beginner", "club"), ("club", "strongest")])
def test_bots_play_a_whole_game_to_the_end(new_game: Maker, strengths: tuple[str, str]) -> None:
    game = new_game(seed=21, target_score=400)
    rng = Random(3)
    for _ in range(400):
        if game.is_over():
            break
        seat = game.pending.player if game.pending else game.current
        game.apply(bot_action(game, strengths[seat], rng))
    assert game.is_over()
    word_points = [0, 0]
    for rec in game.history:
        if rec.score is not None:
            word_points[rec.player] += rec.score.total
    assert word_points == game.scores
    assert game.over_reason


def test_strengths_are_named() -> None:
    assert STRENGTHS == ("beginner", "club", "strongest")
    with pytest.raises(ValueError, match="strength must be one of"):
        hint(
            WordchainGame(["a", "b"], options=WordchainOptions(dealer=0), lexicon=lexicon.load("enable")),
            strength="expert",
        )


def test_after_a_double_the_strongest_bot_can_lay_two_words(new_game: Maker, enable: lexicon.Lexicon) -> None:
    from wordtable.ai.wordchain import best_double

    seed = next(s for s in range(500) if (g := new_game(seed=s, dice=2)).is_double and g.dice[0] >= 3)
    game = new_game(seed=seed, dice=2)
    pair = best_double(game)
    assert pair is not None
    first, second = pair
    assert len(first.used) <= game.dice[0] and len(second.used) <= game.dice[0]
    assert not {c.id for c in first.used} & {c.id for c in second.used}
    trial = WordchainGame.from_dict(game.to_dict(), enable)
    record = trial.apply({"type": "word", "words": [first.tokens(), second.tokens()]})
    assert record.score is not None and record.score.total == first.score.total + second.score.total
    assert trial.link.id == second.placed[-1].card.id


def test_bots_play_a_whole_game_with_two_dice(new_game: Maker) -> None:
    game = new_game(seed=7, dice=2, target_score=250)
    for _ in range(400):
        if game.is_over():
            break
        game.apply(bot_action(game, "strongest"))
    assert game.is_over() and game.over_reason.endswith("reached the target score of 250")
    doubles = [rec for rec in game.history if "words" in rec.action]
    assert len(doubles) >= 1 and all(len(rec.action["words"]) == 2 for rec in doubles)


@pytest.mark.parametrize(
    "options",
    [
        {"one_deck": True},
        {"dice": 1, "link_anywhere": False},
        {"check_words": "challenge", "scoring": "simple"},
        {"discards_into_decks": True, "target_score": 200},
        {"reshuffle_discards": True, "target_score": 150},
    ],
)
def test_every_card_stays_on_the_table_and_the_game_replays(
    new_game: Maker, enable: lexicon.Lexicon, options: dict
) -> None:
    game = new_game(players=3, seed=13, **{"target_score": 120, **options})
    rng = Random(5)
    for _ in range(300):
        if game.is_over():
            break
        seat = game.pending.player if game.pending else game.current
        game.apply(bot_action(game, ("beginner", "club", "club")[seat], rng))
        held = [c.id for h in game.hands for c in h] + [game.link.id]
        piles = [c.id for p in list(game.piles.values()) + list(game.discards.values()) for c in p.cards]
        assert sorted(held + piles) == sorted(c.id for c in game.deck.cards)
    assert game.is_over()
    copy = WordchainGame.from_dict(game.to_dict(), enable)
    assert copy.state() == game.state() and copy.scores == game.scores
