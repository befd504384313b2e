"""Reading and checking a WORDCARD play: the rows on the table (:class:`Meld`) and a play checked and
scored (:class:`Prepared`) before the game changes anything.

:func:`prepare_play` reads the new rows, the tag-ons, the rows across and the wild-card swaps of a
``play`` action against the game as it lies, and raises the first fault it finds (rules 3, 11, 14, 15,
17, 19 and 21).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .base import IllegalMoveError, InvalidMoveError
from .cards import Card, PlacedCard, parse_face, resolve_cards
from .wordcard_options import ALPHABET
from .wordcard_scoring import MeldScore, TypeRule, card_value, fill_wild_ranks, name_wild_letters, score_meld

if TYPE_CHECKING:
    from .wordcard import WordcardGame


@dataclass
class Meld:
    """A row on the table: its cards in cell order and which long bonuses it has had."""

    id: int
    owner: int
    cards: list[PlacedCard]
    long_word: bool = False
    long_combination: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "id": self.id,
            "owner": self.owner,
            "cards": [p.face for p in self.cards],
            "ids": [p.card.id for p in self.cards],
            "text": "".join(p.letters or "?" for p in self.cards),
        }


@dataclass
class Prepared:
    """A play checked and scored, not yet applied."""

    taken: list[Card]
    used: list[Card]
    new_melds: list[list[PlacedCard]]
    tag_ons: list[tuple[int, list[PlacedCard], list[int]]]
    swaps: list[tuple[int, int, Card]]
    scores: list[tuple[str, MeldScore]]
    words: list[str] = field(default_factory=list)
    crosses: list[list[PlacedCard]] = field(default_factory=list)


def _match_existing(token: str, placed: PlacedCard) -> bool:
    face = parse_face(token)
    if face.card_id is not None:
        return face.card_id == placed.card.id
    if face.wild:
        return placed.card.wild
    return face.matches(placed.card)


def _row_named(item: Any, key: str, by_id: dict[int, Meld], how: str) -> Meld:
    """The row an item of a play names, with the error for a malformed item or a row not there."""
    if not isinstance(item, dict) or "meld" not in item or key not in item:
        raise InvalidMoveError(how)
    meld = by_id.get(item["meld"])
    if meld is None:
        raise IllegalMoveError(f"there is no row {item['meld']!r} on the table (rows: {sorted(by_id)})")
    return meld


def _names_meld_card(token: str, meld: Meld) -> bool:
    face = parse_face(token)
    if face.card_id is not None:
        return any(p.card.id == face.card_id for p in meld.cards)
    return not face.wild and any(face.matches(p.card) for p in meld.cards)


def _meld_card(token: str, meld: Meld) -> PlacedCard:
    return next(p for p in meld.cards if _names_meld_card(token, Meld(-1, -1, [p])))


def _split_tag_on(meld: Meld, cells: list[str]) -> tuple[list[str], list[str]]:
    m = len(meld.cards)
    if len(cells) <= m:
        raise IllegalMoveError(
            f"a tag-on on row {meld.id} adds at least one card: give the whole row as it then lies"
        )
    for s in range(len(cells) - m + 1):
        if all(_match_existing(cells[s + k], meld.cards[k]) for k in range(m)):
            return cells[:s], cells[s + m :]
    shown = ", ".join(p.face for p in meld.cards)
    raise IllegalMoveError(
        f"row {meld.id} ({shown}) must lie unchanged inside the new row: tag cards on at its ends (rule 19)"
    )


def _complete(game: WordcardGame, row: list[PlacedCard]) -> list[PlacedCard]:
    """Fill what unnominated wild cards stand for: the rank the combination needs, the one letter
    that makes the row a word (when words must be laid)."""
    row = fill_wild_ranks(row)
    if any(p.card.wild and not p.letters for p in row) and game.rule.must_word:
        row = name_wild_letters(row, game.lexicon.is_word, ALPHABET)
    return row


def prepare_play(game: WordcardGame, seat: int, action: dict[str, Any]) -> Prepared:
    """Check a play completely and score it, changing nothing; raise the first fault found."""
    o = game.deal_options
    rule = game.rule
    take = action.get("from_discard")
    if take is not None:
        game._need("take")
        if not isinstance(take, int) or take < 1:
            raise InvalidMoveError("from_discard is how many face-up cards to take: 1 for the top one")
        if take > 1 and not o.discard_pickup:
            raise IllegalMoveError("only the top face-up card may be taken (rule 21's pickup is not agreed)")
        if take > len(game.discards):
            raise IllegalMoveError(f"there are only {len(game.discards)} face-up card(s)")
        taken = game.discards.cards[len(game.discards) - take :][::-1]
    else:
        game._need("play")
        taken = []
    melds_in = action.get("melds", [])
    tags_in = action.get("tag_ons", [])
    swaps_in = action.get("replace_wilds", [])
    crosses_in = action.get("crosses", [])
    if not all(isinstance(x, list) for x in (melds_in, tags_in, swaps_in, crosses_in)):
        raise InvalidMoveError("melds, tag_ons, crosses and replace_wilds are lists")
    if crosses_in and not o.cross_rows:
        raise IllegalMoveError("rows across rows (rule 17) are not played in this game (house rule)")
    if not (melds_in or tags_in or swaps_in or crosses_in):
        raise InvalidMoveError("a play lays down, tags on or replaces at least one card")
    holding = list(game.hands[seat].cards) + taken
    # every card named from the hand, in one go: a card named twice anywhere is caught
    tokens: list[str] = []
    meld_rows: list[list[str]] = []
    for row in melds_in:
        if isinstance(row, str):
            row = row.split(",")
        if not isinstance(row, list):
            raise InvalidMoveError("each laydown is a list of cards in cell order")
        meld_rows.append([str(t) for t in row])
        tokens.extend(str(t) for t in row)
    by_id = {m.id: m for m in game.melds}
    tag_parts: list[tuple[Meld, list[str], list[str]]] = []
    for tag in tags_in:
        meld = _row_named(
            tag, "cells", by_id, 'a tag-on is {"meld": row number, "cells": [the whole row as it then lies]}'
        )
        if meld.owner != seat and not o.tag_on_others:
            raise IllegalMoveError(
                f"row {meld.id} is {game.players[meld.owner].name}'s: tag on only to your own rows (house rule)"
            )
        front, back = _split_tag_on(meld, [str(t) for t in tag["cells"]])
        tag_parts.append((meld, front, back))
        tokens.extend(front + back)
    cross_parts: list[tuple[list[str], int, PlacedCard]] = []
    for cross in crosses_in:
        meld = _row_named(
            cross,
            "cells",
            by_id,
            'a row across is {"meld": row number, "cells": [the new row, one cell the row\'s card]}',
        )
        cells = [str(t) for t in cross["cells"]]
        through = [i for i, t in enumerate(cells) if _names_meld_card(t, meld)]
        if len(through) != 1:
            raise IllegalMoveError(
                f"a row across row {meld.id} goes through exactly one of its cards, not {len(through)}"
            )
        shared = _meld_card(cells[through[0]], meld)
        if sum(1 for m in game.melds for p in m.cards if p.card.id == shared.card.id) > 1:
            raise IllegalMoveError(f"{shared.face} already lies in two rows: no third row through it")
        cross_parts.append((cells[: through[0]] + cells[through[0] + 1 :], through[0], shared))
        tokens.extend(cells[: through[0]] + cells[through[0] + 1 :])
    swap_parts: list[tuple[Meld, str]] = []
    for sw in swaps_in:
        meld = _row_named(
            sw, "card", by_id, 'a wild card swap is {"meld": row number, "card": the real card}'
        )
        swap_parts.append((meld, str(sw["card"])))
        tokens.append(str(sw["card"]))
    faces = [parse_face(t) for t in tokens]
    cards = resolve_cards(faces, holding, who=game.players[seat].name, deck=game.deck)
    k = 0
    new_melds: list[list[PlacedCard]] = []
    scores: list[tuple[str, MeldScore]] = []
    words: list[str] = []
    check = o.check_words == "auto"
    for i, row_tokens in enumerate(meld_rows):
        row = [PlacedCard.of(cards[k + j], faces[k + j]) for j in range(len(row_tokens))]
        k += len(row_tokens)
        row = _complete(game, row)
        ms = score_meld(row, rule, o, game.lexicon.is_word, check_words=check)
        new_melds.append(row)
        scores.append((f"new:{i}", ms))
        if rule.must_word or ms.is_word:
            words.append(ms.text)
    tag_ons: list[tuple[int, list[PlacedCard], list[int]]] = []
    seen_melds: set[int] = set()
    for meld, front, back in tag_parts:
        if meld.id in seen_melds:
            raise IllegalMoveError(f"row {meld.id} is tagged twice in one play: give its whole new row once")
        seen_melds.add(meld.id)
        f_cards = [PlacedCard.of(cards[k + j], faces[k + j]) for j in range(len(front))]
        k += len(front)
        b_cards = [PlacedCard.of(cards[k + j], faces[k + j]) for j in range(len(back))]
        k += len(back)
        row = _complete(game, f_cards + meld.cards + b_cards)
        new = list(range(len(front))) + list(range(len(front) + len(meld.cards), len(row)))
        ms = score_meld(
            row,
            rule,
            o,
            game.lexicon.is_word,
            before=meld.cards,
            new=new,
            awarded=(meld.long_word, meld.long_combination),
            check_words=check,
        )
        tag_ons.append((meld.id, row, new))
        scores.append((f"tag:{meld.id}", ms))
        if rule.must_word:
            words.append(ms.text)
    crosses: list[list[PlacedCard]] = []
    for i, (own, at, shared) in enumerate(cross_parts):
        placed = [PlacedCard.of(cards[k + j], faces[k + j]) for j in range(len(own))]
        k += len(own)
        row = _complete(game, placed[:at] + [shared] + placed[at:])
        ms = score_meld(row, rule, o, game.lexicon.is_word, check_words=check)
        crosses.append(row)
        scores.append((f"cross:{i}", ms))
        if rule.must_word or ms.is_word:
            words.append(ms.text)
    swaps: list[tuple[int, int, Card]] = []
    for meld, _tok in swap_parts:
        real = cards[k]
        k += 1
        swaps.append((meld.id, _wild_cell(meld, real, rule, swaps), real))
    used = list(cards)  # the face-up cards taken join the hand first, so every laid card leaves it
    laid_ids = {c.id for c in cards}
    if taken and taken[-1].id not in laid_ids:
        raise IllegalMoveError(
            f"{taken[-1].face}, taken from the face-up cards, must be played at once (rules 11 and 21)"
        )
    left = len(holding) - len(cards)
    opened = game.deposit_turn[seat] is not None
    if not opened:
        if not new_melds:
            raise IllegalMoveError(f"{game.players[seat].name} has not opened yet: lay down first (rule 15)")
        laid = sum(len(r) for r in new_melds)
        value = sum(card_value(p, o.wild_points) for r in new_melds for p in r)
        if left > 1:  # rule 14: no minimum for whoever can place all the cards at once
            if o.opening == "cards" and laid < o.opening_cards:
                raise IllegalMoveError(
                    f"to open, lay down at least {o.opening_cards} cards at once, not {laid} (rule 14)"
                )
            if o.opening == "points" and value < o.opening_points:
                raise IllegalMoveError(
                    f"to open, lay down at least {o.opening_points} points at once, not {value} (rule 14)"
                )
    return Prepared(taken, used, new_melds, tag_ons, swaps, scores, words, crosses)


def _wild_cell(meld: Meld, real: Card, rule: TypeRule, taken: list[tuple[int, int, Card]]) -> int:
    """The cell of a wild card in ``meld`` that ``real`` is the real card for: the same letter where
    words count, the same rank where combinations count, the same suit if one was named."""
    busy = {cell for mid, cell, _ in taken if mid == meld.id}
    for cell, p in enumerate(meld.cards):
        if not p.card.wild or cell in busy:
            continue
        if (rule.must_word or rule.words_count) and p.letters != real.letters:
            continue
        if (rule.must_combination or rule.combinations_count) and p.number != real.number:
            continue
        if p.suit is not None and p.suit != real.suit:
            continue
        return cell
    stood = ", ".join(p.face for p in meld.cards if p.card.wild) or "none"
    raise IllegalMoveError(
        f"{real.face} is not the real card of a wild card in row {meld.id} (wild cards there: {stood})"
    )
