"""The card core's deal made by people (TableDeal): cards a player lays that the host's seeded deal put
elsewhere are swapped into that hand, every card stays in exactly one place, and cards the table has
seen elsewhere are refused."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordtable.games.cards import CardNotInHandError, CardPlayedTwiceError, DrawPile, Hand, deal, load_deck
from wordtable.games.table_deal import CardKnownElsewhereError, TableDeal

DECK = load_deck("wordsnake_deck")
NAMES = ["Ann", "Bob", "Cy"]


def dealt(seed: int, players: int = 3, size: int = 5) -> tuple[list[Hand], DrawPile, list]:
    pile = DrawPile(DECK.cards, "deck")
    pile.shuffle(Random(seed))
    hands = [Hand() for _ in range(players)]
    deal([pile], hands, [size])
    table = pile.draw(3)  # face up: on the table
    return hands, pile, table


def everything(hands: list[Hand], pile: DrawPile, table: list) -> Counter:
    return Counter([c.id for h in hands for c in h] + pile.ids() + [c.id for c in table])


def test_a_card_from_another_hand_is_swapped_with_one_of_the_players_cards():
    hands, pile, table = dealt(1)
    td = TableDeal(7)
    card = hands[1].cards[2]
    before_ann = list(hands[0].cards)
    swaps = td.reveal(0, [card], hands, [pile], names=NAMES, locate=lambda c: "on the table")
    assert card in hands[0] and card not in hands[1]
    ((shown, displaced),) = swaps
    assert shown == card and displaced in before_ann and displaced in hands[1]
    assert hands[1].cards[2] == displaced  # the displaced card takes the shown card's place
    assert [len(h) for h in hands] == [5, 5, 5]
    assert td.known[card.id] == 0


def test_a_card_from_the_draw_pile_is_swapped_into_the_hand_and_the_pile_keeps_its_size():
    hands, pile, table = dealt(2)
    td = TableDeal(7)
    card = pile.cards[10]
    td.reveal(2, [card], hands, [pile], names=NAMES, locate=lambda c: "on the table")
    assert card in hands[2] and len(pile) == len(DECK.cards) - 18 and pile.cards[10] not in hands[2]


def test_a_card_already_in_the_hand_is_only_marked_known():
    hands, pile, table = dealt(3)
    td = TableDeal(7)
    own = list(hands[0].cards)
    assert td.reveal(0, own[:2], hands, [pile], names=NAMES, locate=str) == []
    assert hands[0].cards == own and set(td.known) == {own[0].id, own[1].id}


def test_a_card_on_the_table_is_refused_in_plain_words():
    hands, pile, table = dealt(4)
    td = TableDeal(7)
    with pytest.raises(
        CardKnownElsewhereError,
        match=r"the .* is already on the table at the centre: a tag may be duplicated",
    ):
        td.reveal(0, [table[0]], hands, [pile], names=NAMES, locate=lambda c: "on the table at the centre")


def test_a_card_shown_in_another_hand_cannot_be_shown_again_and_nothing_changes():
    hands, pile, table = dealt(5)
    td = TableDeal(7)
    bobs = hands[1].cards[0]
    td.reveal(1, [bobs], hands, [pile], names=NAMES, locate=str)
    snapshot = ([h.ids() for h in hands], pile.ids(), dict(td.known))
    other = pile.cards[0]
    with pytest.raises(CardKnownElsewhereError, match="already known to be in Bob's hand"):
        td.reveal(0, [other, bobs], hands, [pile], names=NAMES, locate=str)
    assert ([h.ids() for h in hands], pile.ids(), dict(td.known)) == snapshot


def test_a_card_shown_twice_and_a_hand_with_nothing_left_to_give_are_refused():
    hands, pile, table = dealt(6, size=2)
    td = TableDeal(7)
    with pytest.raises(CardPlayedTwiceError):
        td.reveal(0, [pile.cards[0], pile.cards[0]], hands, [pile], names=NAMES, locate=str)
    with pytest.raises(CardNotInHandError, match="Ann cannot hold"):
        td.reveal(0, pile.cards[:3], hands, [pile], names=NAMES, locate=str)


def test_swaps_keep_groups_so_a_pile_keeps_its_kind_of_card():
    def group(c):
        return "v" if c.letters in ("A", "E", "I", "O", "U") else "c"

    vowels = [c for c in DECK.cards if group(c) == "v"]
    consonants = [c for c in DECK.cards if group(c) == "c"]
    hands = [Hand(consonants[:3] + vowels[:2]), Hand(consonants[3:6] + vowels[2:4])]
    pile = DrawPile(vowels[4:10], "vowels")
    td = TableDeal(7)
    td.reveal(0, [vowels[5], vowels[6]], hands, [pile], names=NAMES, locate=str, group=group)
    assert all(group(c) == "v" for c in pile.cards)
    assert [sum(group(c) == "v" for c in h) for h in hands] == [2, 2]
    assert vowels[5] in hands[0] and vowels[6] in hands[0]
    with pytest.raises(CardNotInHandError, match="no card of the v kind left"):
        td.reveal(0, [vowels[7]], hands, [pile], names=NAMES, locate=str, group=group)


def test_the_same_seed_makes_the_same_swaps():
    runs = []
    for _ in range(2):
        hands, pile, table = dealt(9)
        td = TableDeal(11)
        td.reveal(0, pile.cards[:3], hands, [pile], names=NAMES, locate=str)
        runs.append(([h.ids() for h in hands], pile.ids()))
    assert runs[0] == runs[1]


def test_a_face_up_card_is_placed_and_the_card_assumed_there_goes_where_it_was():
    hands, pile, table = dealt(10)
    td = TableDeal(7)
    centre = list(table)
    card = hands[2].cards[1]
    old = td.place(card, centre, 0, hands, [pile], locate=str)
    assert centre[0] == card and hands[2].cards[1] == old == table[0]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 3),
    reveals=st.lists(
        st.tuples(st.integers(0, 2), st.lists(st.integers(0, 79), min_size=1, max_size=4)), max_size=12
    ),
)
def test_random_reveals_never_lose_or_duplicate_a_card_and_keep_hand_sizes(seed, players, reveals):
    hands, pile, table = dealt(seed, players)
    total = everything(hands, pile, table)
    td = TableDeal(seed)
    all_cards = list(DECK.cards)
    for seat, picks in reveals:
        seat %= players
        cards = [all_cards[i % len(all_cards)] for i in picks]
        if seat == 2 and len(cards) == 1:  # now and then a face-up card people laid instead
            before = ([h.ids() for h in hands], pile.ids(), [c.id for c in table])
            try:
                td.place(
                    cards[0], table, picks[0] % len(table), hands, [pile], locate=lambda c: "on the table"
                )
            except CardKnownElsewhereError:
                assert ([h.ids() for h in hands], pile.ids(), [c.id for c in table]) == before
            continue
        before = ([h.ids() for h in hands], pile.ids(), dict(td.known))
        try:
            td.reveal(seat, cards, hands, [pile], names=NAMES, locate=lambda c: "on the table")
        except (CardKnownElsewhereError, CardNotInHandError, CardPlayedTwiceError):
            assert ([h.ids() for h in hands], pile.ids(), dict(td.known)) == before
            continue
        assert all(c in hands[seat] for c in cards)
        # known cards never move: each stays in the hand that showed it
        for cid, owner in td.known.items():
            assert cid in hands[owner].ids()
    assert everything(hands, pile, table) == total
    assert all(v == 1 for v in total.values())
    assert [len(h) for h in hands] == [5] * players


def test_a_wild_card_named_by_its_id_carries_the_letter_its_player_chose():
    from wordtable.games.cards import PlacedCard, UnknownCardError, parse_face

    wild = next(c for c in load_deck("wordcard_deck").cards if c.wild)
    face = parse_face(f"#{wild.id}=E♥5")
    assert face.matches(wild) and PlacedCard.of(wild, face).face == "*=E♥5"
    with pytest.raises(UnknownCardError, match="#ID=E"):
        parse_face(f"#{wild.id}=")
