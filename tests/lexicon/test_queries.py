"""The queries the games need, on the real ENABLE list, checked against brute force over the word list."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from wordtable.lexicon import LexiconError


def makeable(word: str, rack: str) -> bool:
    need = Counter(word)
    have = Counter(rack.replace("?", ""))
    missing = sum((need - have).values())
    return missing <= rack.count("?")


def test_enable_is_the_default_with_all_its_words(enable):
    assert enable.name == "enable"
    assert len(enable) == 172_820
    assert enable.language == "en"
    assert "Public domain" in enable.licence


def test_is_word_accepts_any_case_and_refuses_non_words(enable):
    assert enable.is_word("cat")
    assert enable.is_word("CAT")
    assert "Aardvark" in enable
    assert enable.is_word("zyzzyva")
    assert not enable.is_word("xqzt")
    assert not enable.is_word("")


def test_text_outside_the_alphabet_is_simply_not_a_word(enable):
    for text in ["c4t", "ça va", "smørrebrød", "don't", "\x00", "🙂", "CAT\n\nDOG"]:
        assert enable.is_word(text) is False
    assert enable.is_word(None) is False  # type: ignore[arg-type]
    assert enable.check("c4t").reason == "contains the digit '4'"
    assert enable.check("c4t").word is None


def test_check_gives_the_canonical_word_and_the_reason(enable):
    v = enable.check("Café")
    assert (v.word, v.valid, v.reason) == ("CAFE", True, "")
    v = enable.check("qwzx")
    assert (v.word, v.valid, v.reason) == ("QWZX", False, "not in enable")


def test_full_rack_anagrams_with_a_blank(enable):
    found = enable.anagrams("RETAIN?", exact=True)
    assert {"RETAINS", "NASTIER", "CERTAIN", "RETINAL", "TRAINEE", "TERRAIN"} <= set(found)
    assert all(len(w) == 7 and makeable(w, "RETAIN?") for w in found)
    assert {"ENLIST", "INLETS", "LISTEN", "SILENT", "TINSEL"} <= set(enable.anagrams("listen", exact=True))


def test_sub_anagrams_equal_brute_force(enable, enable_words):
    for rack in ["RETAIN?", "QUIZ?ES", "AEIOUYY"]:
        expected = sorted(
            (w for w in enable_words if len(w) <= 7 and makeable(w, rack)), key=lambda w: (-len(w), w)
        )
        assert enable.anagrams(rack) == expected


def test_anagram_lengths_and_two_blanks(enable):
    assert enable.anagrams("CAT", min_length=3) == ["ACT", "CAT"]
    assert enable.anagrams("CAT") == ["ACT", "CAT", "AT", "TA"]
    two = enable.anagrams("??", exact=True)
    assert "AA" in two and "XU" in two and all(len(w) == 2 for w in two)
    assert enable.anagrams("QZX", exact=True) == []


def test_anagram_of_letters_outside_the_alphabet_is_a_clear_error(enable):
    with pytest.raises(LexiconError, match="digit"):
        enable.anagrams("CA7")


def test_pattern_match_with_wildcards(enable, enable_words):
    assert enable.match("C?T") == ["CAT", "COT", "CUT"]
    assert enable.match("[BCR]AT") == ["BAT", "CAT", "RAT"]
    assert enable.match("qu?z") == ["QUIZ"]
    for pattern, regex in [("*ZZ", r".*ZZ"), ("Q*J*", r"Q.*J.*"), ("?X?", r".X."), ("*ENDED*", r".*ENDED.*")]:
        expected = [w for w in enable_words if re.fullmatch(regex, w)]
        assert enable.match(pattern) == expected, pattern


def test_pattern_errors_are_clear(enable):
    with pytest.raises(LexiconError, match=r"'\[' without '\]'"):
        enable.match("C[AT")
    with pytest.raises(LexiconError, match="digit"):
        enable.match("C4?")


def test_extensions_at_the_back_front_and_both_ends(enable, enable_words):
    back = enable.extensions("quiz")
    assert back == sorted(
        (w for w in enable_words if w.startswith("QUIZ") and w != "QUIZ"), key=lambda w: (len(w), w)
    )
    front = enable.extensions("ZZ", where="front", max_added=2)
    assert front == sorted(
        (w for w in enable_words if w.endswith("ZZ") and len(w) <= 4), key=lambda w: (len(w), w)
    )
    both = enable.extensions("ENDED", where="both")
    assert both == sorted(
        (w for w in enable_words if "ENDED" in w and w != "ENDED"), key=lambda w: (len(w), w)
    )
    assert enable.extensions("XQZ") == []
    with pytest.raises(LexiconError, match="where must be"):
        enable.extensions("CAT", where="middle")


def test_hooks_are_single_letter_extensions(enable):
    front, back = enable.hooks("CAT")
    assert front == "S"  # SCAT
    assert back == "ES"  # CATE, CATS
    assert enable.hooks("XYZZY") == ("", "")


def test_words_inside_a_word_as_in_wordcard(enable):
    inside = enable.contained_words("admiration")
    assert {"RATION", "RAT", "ION", "RATIO"} <= set(inside)
    assert "ADMIRATION" not in inside
    assert all("ADMIRATION".find(w) >= 0 and enable.is_word(w) for w in inside)
    assert enable.contained_words("stormy")[:2] == ["STORM", "TO"]
    assert "MY" in enable.contained_words("stormy")
    assert "ADMIRATION" in enable.contained_words("admiration", include_self=True)
    assert enable.contained_words("c4t") == []


def test_iteration_is_alphabetical(enable, enable_words):
    assert enable_words[:3] == ["AA", "AAH", "AAHED"]
    assert enable_words == sorted(enable_words)
    assert enable_words[-1] == "ZYZZYVAS"
