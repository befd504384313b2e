"""The card core: notation, parser errors, decks from data, piles, hands, dealing, turns."""

from __future__ import annotations

from random import Random

import pytest
from wordtable.games.base import IllegalMoveError, InvalidMoveError
from wordtable.games.cards import (
    Card,
    CardNotInHandError,
    CardPlayedTwiceError,
    DrawPile,
    Hand,
    PlacedCard,
    TurnOrder,
    UnknownCardError,
    card_from_face,
    deal,
    load_deck,
    parse_face,
    parse_faces,
    resolve_cards,
)


def test_symbol_and_ascii_notation_read_the_same_card() -> None:
    a, b = parse_face("K♠3"), parse_face("K/S/3")
    assert (a.letters, a.suit, a.number) == (b.letters, b.suit, b.number) == ("K", "S", 3)


def test_lower_case_and_hollow_suit_symbols_are_accepted() -> None:
    f = parse_face("n♡7")
    assert (f.letters, f.suit, f.number) == ("N", "H", 7)
    g = parse_face("p/c/8")
    assert (g.letters, g.suit, g.number) == ("P", "C", 8)


def test_multi_letter_card_and_rank_letters() -> None:
    qu = parse_face("QU♣5")
    assert (qu.letters, qu.suit, qu.number) == ("QU", "C", 5)
    queen = parse_face("E♠Q")
    assert (queen.letters, queen.number) == ("E", 12)
    assert parse_face("A/H/A").number == 1


def test_points_other_than_the_number_are_written_after_a_colon() -> None:
    f = parse_face("K♠3:5")
    assert (f.number, f.points) == (3, 5)
    card = card_from_face(f, "x")
    assert card.points == 5 and card.face == "K♠3:5" and card.ascii_face == "K/S/3:5"


def test_card_without_suit() -> None:
    f = parse_face("E3")
    assert (f.letters, f.suit, f.number) == ("E", None, 3)
    assert parse_face("E/-/3").suit is None


def test_wild_card_and_its_nomination() -> None:
    plain = parse_face("*")
    assert plain.wild and not plain.has_nomination
    nominated = parse_face("*=E♥5")
    assert nominated.wild and (nominated.as_letters, nominated.as_suit, nominated.as_number) == ("E", "H", 5)
    assert parse_face("?=e/h/5").as_letters == "E"


def test_link_token_and_card_id() -> None:
    assert parse_face("@").link
    link = parse_face("@=R♦4")
    assert link.link and (link.as_letters, link.as_suit, link.as_number) == ("R", "D", 4)
    assert parse_face("#wc-c17").card_id == "wc-c17"


@pytest.mark.parametrize("code", ["K♠x", "K/X/3", "*E", "3K", "#", "", "K♠3♠", "*="])
def test_unreadable_codes_raise_unknown_card_error_saying_how_to_write_a_card(code: str) -> None:
    with pytest.raises(UnknownCardError) as err:
        parse_face(code)
    assert isinstance(err.value, InvalidMoveError)
    message = str(err.value)
    assert repr(code) in message or "empty" in message or "'#'" in message
    assert "K♠3" in message or "*=E♥5" in message


def test_a_list_of_codes_is_comma_separated() -> None:
    assert [f.letters for f in parse_faces("K♠3, N♥7,O♦1 ,P♣8")] == ["K", "N", "O", "P"]
    assert parse_faces("") == []


def test_deck_file_loads_with_unique_ids_and_checks_codes() -> None:
    deck = load_deck("wordchain_deck")
    assert len(deck.cards) == 104
    assert len(deck.by_id()) == 104
    deck.check_face(parse_face("N♥7"))
    with pytest.raises(UnknownCardError, match="WORDCHAIN deck has no card 'Z♠1'"):
        deck.check_face(parse_face("Z♠1"))
    with pytest.raises(UnknownCardError, match="no deck file"):
        load_deck("no_such_deck")


def test_card_round_trips_through_its_dict() -> None:
    deck = load_deck("wordchain_deck")
    for card in deck.cards:
        assert Card.from_dict(card.to_dict()) == card


def test_colour_follows_suit() -> None:
    assert card_from_face(parse_face("K♠3"), "a").colour == "black"
    assert card_from_face(parse_face("K♦3"), "b").colour == "red"
    assert card_from_face(parse_face("K3"), "c").colour is None


def test_resolve_picks_cards_in_order_and_prefers_explicit_ids() -> None:
    hand = [Card("a", "E", 1, 1, "H"), Card("b", "E", 1, 1, "H"), Card("c", "T", 2, 2, "S")]
    got = resolve_cards(parse_faces("E♥1,#a,T♠2"), hand)
    assert [c.id for c in got] == ["b", "a", "c"]


def test_resolve_reports_a_card_not_held() -> None:
    hand = [Card("a", "E", 1, 1, "H")]
    with pytest.raises(CardNotInHandError, match=r"Z♠9 is not in your hand \(holding E♥1\)"):
        resolve_cards(parse_faces("Z♠9"), hand)
    with pytest.raises(CardNotInHandError, match="#zz is not in Bob's hand"):
        resolve_cards(parse_faces("#zz"), hand, who="Bob")


def test_resolve_reports_a_card_laid_twice() -> None:
    hand = [Card("a", "E", 1, 1, "H"), Card("c", "T", 2, 2, "S")]
    with pytest.raises(CardPlayedTwiceError, match="#a is laid twice"):
        resolve_cards(parse_faces("#a,#a"), hand)
    with pytest.raises(CardPlayedTwiceError, match="E♥1 is named 2 times but your hand holds 1"):
        resolve_cards(parse_faces("E♥1,T♠2,E♥1"), hand)


def test_resolve_rejects_codes_the_deck_lacks() -> None:
    deck = load_deck("wordchain_deck")
    with pytest.raises(UnknownCardError):
        resolve_cards(parse_faces("E♥99"), list(deck.cards), deck=deck)


def test_placed_wild_card_takes_its_nomination() -> None:
    wild = Card("m", "", 0, None, None, wild=True)
    p = PlacedCard.of(wild, parse_face("*=E♥5"))
    assert (p.letters, p.suit, p.number, p.colour, p.face) == ("E", "H", 5, "red", "*=E♥5")
    assert PlacedCard.of(wild).face == "*"


def test_seeded_shuffle_replays_and_draw_takes_from_the_top() -> None:
    cards = [Card(str(i), "A", 1) for i in range(10)]
    a, b = DrawPile(cards, "x"), DrawPile(cards, "x")
    a.shuffle(Random(7))
    b.shuffle(Random(7))
    assert a.ids() == b.ids()
    top = a.peek()
    assert a.draw(1) == [top] and len(a) == 9
    with pytest.raises(IllegalMoveError, match="the x pile holds 9 card"):
        a.draw(10)
    assert len(a) == 9


def test_insert_randomly_keeps_every_card() -> None:
    pile = DrawPile([Card(str(i), "A", 1) for i in range(5)])
    pile.insert_randomly([Card("new1", "B", 1), Card("new2", "B", 1)], Random(1))
    assert sorted(pile.ids()) == sorted(["0", "1", "2", "3", "4", "new1", "new2"])


def test_deal_gives_one_card_at_a_time_pile_after_pile() -> None:
    cons = DrawPile([Card(f"c{i}", "T", 1) for i in range(6)], "consonants")
    vows = DrawPile([Card(f"v{i}", "E", 1) for i in range(6)], "vowels")
    hands = [Hand(), Hand()]
    deal([cons, vows], hands, [2, 1], first=1)
    assert hands[1].ids() == ["c5", "c3", "v5"]
    assert hands[0].ids() == ["c4", "c2", "v4"]


def test_deal_refuses_when_a_pile_is_short_and_deals_nothing() -> None:
    cons = DrawPile([Card(f"c{i}", "T", 1) for i in range(3)], "consonants")
    hands = [Hand(), Hand()]
    with pytest.raises(
        IllegalMoveError, match="consonants pile holds 3 cards, too few to deal 2 to 2 players"
    ):
        deal([cons], hands, [2])
    assert len(cons) == 3 and not hands[0].cards


def test_turn_order_moves_left_and_the_deal_moves_each_round() -> None:
    t = TurnOrder(3)
    t.start(dealer=2)
    assert t.current == 0
    assert [t.advance() for _ in range(3)] == [1, 2, 0]
    assert (t.round, t.dealer) == (2, 0)
    assert TurnOrder.from_dict(t.to_dict()) == t
