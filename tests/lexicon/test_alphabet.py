"""Canonical forms: case, NFC, accents, German sharp s, the Dutch IJ, and the reasons for refusing text."""

from __future__ import annotations

import pytest
from wordtable.lexicon import UnknownAlphabetError, alphabet_ids, get_alphabet


def test_english_canonical_form_is_upper_case_stripped():
    en = get_alphabet("en")
    assert en.canonical("  cat\t") == "CAT"
    assert en.canonical("Cat") == "CAT"


def test_decomposed_and_composed_accents_give_the_same_word():
    en = get_alphabet("en")
    assert en.canonical("cafe\u0301") == en.canonical("caf\u00e9") == "CAFE"
    assert en.canonicalise("café").folded is True
    assert en.canonicalise("cafe").folded is False


def test_refusals_name_the_offending_character():
    en = get_alphabet("en")
    assert en.canonicalise("c4t").kind == "digit"
    assert "'4'" in en.canonicalise("c4t").reason
    assert en.canonicalise("new york").kind == "space"
    assert en.canonicalise("don't").kind == "punctuation"
    assert en.canonicalise("smørrebrød").kind == "foreign letter"
    assert "English" in en.canonicalise("smørrebrød").reason
    assert en.canonicalise("a\x07b").kind == "control"
    assert en.canonicalise("   ").kind == "empty"


def test_german_keeps_umlauts_and_sharp_s_as_letters():
    de = get_alphabet("de")
    assert de.canonical("Straße") == "STRAẞE"
    assert de.canonical("STRAẞE") == "STRAẞE"
    assert de.canonical("Äpfel") == "ÄPFEL"
    assert de.canonical("Café") == "CAFE"  # é is no German tile letter: the accent goes
    assert len(de) == 30
    assert de.index["ẞ"] == 29


def test_german_scrabble_alphabet_spells_sharp_s_as_ss():
    de_ss = get_alphabet("de-ss")
    assert de_ss.canonical("Straße") == "STRASSE"
    assert de_ss.canonical("STRAẞE") == "STRASSE"
    assert not de_ss.is_letter("ẞ")
    assert de_ss.canonical("Öl") == "ÖL"


def test_dutch_ij_is_one_letter_and_accents_are_dropped():
    nl = get_alphabet("nl")
    assert nl.canonical("ijs") == "ĲS"
    assert nl.canonical("IJs") == "ĲS"
    assert nl.canonical("ĳs") == "ĲS"
    assert len(nl.canonical("vrijheid")) == 7
    assert nl.canonical("ideeën") == "IDEEEN"
    assert nl.canonical("café") == "CAFE"
    assert nl.spell("VRĲHEID") == "VRIJHEID"
    assert nl.encode("ĲS") == bytes([nl.index["Ĳ"], nl.index["S"]])


def test_encode_and_decode_are_inverse():
    for aid in alphabet_ids():
        a = get_alphabet(aid)
        assert a.decode(a.encode(a.letters)) == a.letters
        assert list(a.encode(a.letters)) == list(range(len(a)))


def test_is_canonical_knows_the_dutch_digraph():
    nl = get_alphabet("nl")
    assert nl.is_canonical("ĲS")
    assert not nl.is_canonical("IJS")
    assert not nl.is_canonical("ijs")
    assert get_alphabet("en").is_canonical("CAT")


def test_unknown_alphabet_lists_the_known_ones():
    with pytest.raises(UnknownAlphabetError, match="known: de, de-ss, en, nl"):
        get_alphabet("fr")
