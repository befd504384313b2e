"""Reading and checking the word(s) of a WORDCHAIN turn before the game changes anything.

:func:`word_tokens` reads a ``word`` action's cards; :func:`prepare_word` finds the link card in each word
(rule L), the cards of the hand, what an unnominated Multicard stands for, and checks the dice (rules 8
to 10), the word lengths and the words themselves (the dictionary, rule 19's harder games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import IllegalMoveError, InvalidMoveError
from .cards import Card, CardFace, CardPlayedTwiceError, PlacedCard, parse_face, resolve_cards
from .wordchain_scoring import best_pattern, pattern_allowed

if TYPE_CHECKING:
    from .wordchain import WordchainGame


def word_tokens(action: dict[str, Any]) -> list[list[str]]:
    """The cards of a ``word`` action, word by word, from ``words``, ``cells`` or ``cards``."""
    if "words" in action:
        words = action["words"]
        if not isinstance(words, list) or not words or not all(isinstance(w, list) for w in words):
            raise InvalidMoveError("words must be a list of card lists")
        return [[str(t) for t in w] for w in words]
    if "cells" in action:
        cells = action["cells"]
        try:
            positions = sorted((int(k), str(v)) for k, v in dict(cells).items())
        except (TypeError, ValueError):
            raise InvalidMoveError("cells must map cell numbers 0, 1, 2 ... to cards") from None
        if [p for p, _ in positions] != list(range(len(positions))):
            raise InvalidMoveError(
                f"the cards must lie in cells 0 to {len(positions) - 1} without gaps, not in {[p for p, _ in positions]}"
            )
        return [[v for _, v in positions]]
    cards = action.get("cards")
    if isinstance(cards, str):
        cards = cards.split(",")
    if not isinstance(cards, list) or not cards:
        raise InvalidMoveError('a word needs its cards: {"type": "word", "cards": ["@", "N♥7", ...]}')
    return [[str(t) for t in cards]]


def _is_link(game: WordchainGame, face: CardFace) -> bool:
    if face.link:
        return True
    if face.card_id is not None:
        return face.card_id == game.link.id
    return face.matches(game.link)


def _wild_letter_choices(game: WordchainGame, placed: list[PlacedCard]) -> list[str]:
    """Letters an unnominated Multicard could stand for so that the word is a word."""
    free = [i for i, p in enumerate(placed) if p.card.wild and not p.letters]
    if len(free) != 1:
        return []
    i = free[0]
    before = "".join(p.letters for p in placed[:i])
    after = "".join(p.letters for p in placed[i + 1 :])
    return [w[len(before)] for w in game.lexicon.match(before + "?" + after)]


def prepare_word(
    game: WordchainGame, seat: int, tokens: list[list[str]]
) -> tuple[list[list[PlacedCard]], list[int], list[Card]]:
    """Check the cards of one turn's word(s) for ``seat`` without changing anything.

    Returns the cards as placed per word, the link position in each word, and the hand cards used.
    Raises the specific error for the first fault found.
    """
    o = game.options
    if len(tokens) == 2 and not game.is_double:
        raise IllegalMoveError("two words in one turn need a double with two dice (rule 10)")
    if len(tokens) > 2:
        raise IllegalMoveError("at most two words in one turn (a double, rule 10)")
    faces_per_word = [[parse_face(t) for t in w] for w in tokens]
    hand_faces: list[CardFace] = []
    link_positions: list[int] = []
    for faces in faces_per_word:
        links = [
            i for i, f in enumerate(faces) if f.link or (f.card_id is not None and f.card_id == game.link.id)
        ]
        if len(links) > 1:
            raise CardPlayedTwiceError("the link card is laid twice in one word")
        if not links:
            links = [i for i, f in enumerate(faces) if _is_link(game, f)][:1]
        if not links:
            raise IllegalMoveError(
                f"the word must start with the link card {game.link.face}"
                + (" (or contain it, for a penalty)" if o.link_anywhere else "")
            )
        pos = links[0]
        if pos != 0 and not o.link_anywhere:
            raise IllegalMoveError(
                f"the link card {game.link.face} must be the first card of the word (house rule)"
            )
        link_positions.append(pos)
        for i, f in enumerate(faces):
            if i != pos:
                game.deck.check_face(f)
                hand_faces.append(f)
    cards = resolve_cards(hand_faces, game.hands[seat].cards, who=game.players[seat].name, deck=game.deck)
    if any(c.id == game.link.id for c in cards):
        raise CardPlayedTwiceError(f"the link card {game.link.face} is laid twice")
    words: list[list[PlacedCard]] = []
    k = 0
    for w, faces in enumerate(faces_per_word):
        placed: list[PlacedCard] = []
        for i, f in enumerate(faces):
            if i == link_positions[w]:
                if game.link.wild:
                    placed.append(
                        PlacedCard.of(
                            game.link,
                            CardFace(
                                f.text,
                                wild=True,
                                as_letters=f.as_letters,
                                as_suit=f.as_suit,
                                as_number=f.as_number,
                            ),
                        )
                    )
                else:
                    placed.append(PlacedCard.of(game.link))
            else:
                placed.append(PlacedCard.of(cards[k], f))
                k += 1
        from_hand = len(placed) - 1
        limit = game.hand_limit(len(faces_per_word))
        if limit is not None and from_hand > limit:
            raise IllegalMoveError(
                f"the dice allow at most {limit} card(s) from the hand in a word, not {from_hand}"
            )
        if from_hand < 1:
            raise IllegalMoveError("a word needs at least one card from the hand besides the link card")
        if len(placed) < o.min_word_cards:
            raise IllegalMoveError(f"a word needs at least {o.min_word_cards} cards")
        if o.max_word_cards is not None and len(placed) > o.max_word_cards:
            raise IllegalMoveError(f"a word may have at most {o.max_word_cards} cards (agreed)")
        placed = _name_wilds(game, placed)
        words.append(placed)
    for placed in words:
        text = "".join(p.letters for p in placed)
        if o.check_words == "auto" and not game.lexicon.is_word(text):
            verdict = game.lexicon.check(text)
            raise IllegalMoveError(
                f"{text} is not a word ({verdict.reason or 'not in ' + game.lexicon.name})"
            )
        if o.unique_words and text in game.words_played:
            raise IllegalMoveError(f"{text} has been played already (house rule: each word once)")
        if o.only_pattern is not None and not pattern_allowed(best_pattern(placed)[0], o.only_pattern):
            raise IllegalMoveError(
                f"{text} is not a {o.only_pattern} word (house rule: only {o.only_pattern} words)"
            )
    return words, link_positions, cards


def _name_wilds(game: WordchainGame, placed: list[PlacedCard]) -> list[PlacedCard]:
    missing = [i for i, p in enumerate(placed) if p.card.wild and not p.letters]
    if not missing:
        return placed
    where = (
        "the link Multicard (@=E)" if placed[missing[0]].card.id == game.link.id else "the Multicard (*=E)"
    )
    if len(missing) > 1 or game.options.check_words != "auto":
        raise InvalidMoveError(f"say which letter {where} stands for")
    choices = sorted(set(_wild_letter_choices(game, placed)))
    if len(choices) != 1:
        shown = "".join(p.letters or "?" for p in placed)
        if not choices:
            raise IllegalMoveError(f"no letter makes {shown} a word")
        raise InvalidMoveError(
            f"say which letter {where} stands for in {shown}: {', '.join(choices)} all make words"
        )
    i = missing[0]
    placed = list(placed)
    placed[i] = PlacedCard(placed[i].card, choices[0], placed[i].suit, placed[i].number)
    return placed
