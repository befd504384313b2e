"""German and Dutch on the real Debian lists: umlauts, sharp s, the IJ as one tile letter."""

from __future__ import annotations


def test_german_list_keeps_nouns_and_drops_abbreviations(german):
    assert german.language == "de"
    assert len(german) > 300_000
    assert german.is_word("Fußball")
    assert german.is_word("FUẞBALL")
    assert german.is_word("äpfel")
    assert german.check("ABC").reason == "not in de"  # an abbreviation in the source: not a game word
    assert german.meta["source_report"]["rejected"]["abbreviation"] > 100
    assert "GPL" in german.licence


def test_german_sharp_s_is_its_own_letter(german):
    assert german.check("Straße").word == "STRAẞE"
    assert german.is_word("Maße") and german.is_word("Masse")
    assert german.canonical("Maße") != german.canonical("Masse")
    sharp_s = german.alphabet.index["ẞ"]
    node = german.dawg.walk(german.alphabet.encode("STRA"))
    assert german.dawg.child(node, sharp_s) != -1
    assert "STRAẞE" in german.anagrams("ESTRAẞ", exact=True)


def test_german_scrabble_spelling_folds_sharp_s_into_ss(german_ss):
    assert german_ss.is_word("Straße")
    assert german_ss.check("Straße").word == "STRASSE"
    assert german_ss.is_word("STRASSE")
    assert "ẞ" not in german_ss.alphabet.letters
    assert not any("ẞ" in w for w in german_ss.words())
    assert "STRASSE" in german_ss.extensions("STRAS", max_added=2)


def test_dutch_ij_is_one_letter_in_words_and_in_the_dawg(dutch):
    assert dutch.language == "nl"
    assert dutch.is_word("ijs")
    assert dutch.is_word("IJS")
    assert dutch.check("ijs").word == "ĲS"
    assert dutch.alphabet.spell("ĲS") == "IJS"
    ij = dutch.alphabet.index["Ĳ"]
    assert dutch.dawg.child(dutch.dawg.root, ij) != -1  # words start with the one-letter IJ
    assert "VRĲHEID" in dutch and len("VRĲHEID") == 7
    assert "ĲS" in dutch.anagrams("S?", exact=True)
    assert "VRĲ" in dutch.contained_words("vrijheid")


def test_dutch_list_drops_proper_nouns_and_diacritics(dutch):
    assert dutch.check("Amsterdam").reason == "not in nl"
    assert dutch.is_word("ideeën") and dutch.check("ideeën").word == "IDEEEN"
    assert dutch.is_word("coördinatie")
    assert not dutch.is_word("auto's")
    report = dutch.meta["source_report"]
    assert report["rejected"]["capitalised"] > 1000
    assert report["accents_dropped"] > 100
    assert "BSD" in dutch.licence


def test_english_filter_list_does_not_touch_german(lexicon_home):
    from wordtable import lexicon

    de = lexicon.load("de", profile="classroom")
    assert len(de.blocked) == 0
    assert de.profile == "classroom"
