"""The flat-array DAWG: minimal, exact, and walkable the way a move generator walks it."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordtable.lexicon import ANY_LETTER, ANY_RUN, NO_NODE, build_dawg, get_alphabet

EN = get_alphabet("en")


def dawg_of(words):
    return build_dawg(sorted({EN.encode(w) for w in words}))


def test_shared_suffixes_make_a_minimal_graph():
    d = dawg_of(["BAT", "BATS", "CAT", "CATS"])
    # root -B,C-> x -A-> y -T-> z(word) -S-> w(word): B and C lead to the same node.
    assert d.node_count == 5
    assert d.edge_count == 5
    assert d.child(0, EN.index["B"]) == d.child(0, EN.index["C"])


def test_walk_child_and_terminal_agree_with_the_word_list():
    d = dawg_of(["CAT", "CATS", "DOG"])
    assert d.contains(EN.encode("CAT"))
    assert d.contains(EN.encode("CATS"))
    assert not d.contains(EN.encode("CA"))
    assert d.walk(EN.encode("CAX")) == NO_NODE
    node = d.walk(EN.encode("CA"))
    assert [EN.letters[c] for c, _ in d.children(node)] == ["T"]
    assert d.child_mask(node) == 1 << EN.index["T"]
    assert d.child(node, EN.index["S"]) == NO_NODE


def test_inline_child_formula_from_the_docs_matches_child():
    d = dawg_of(["ABLE", "ACHE", "ACT", "ADD", "BE", "BED"])
    starts, masks, targets = d.starts, d.masks, d.targets
    for n in range(d.node_count):
        for letter in range(26):
            m = masks[n]
            expected = (
                targets[starts[n] + (m & ((1 << letter) - 1)).bit_count()] if m >> letter & 1 else NO_NODE
            )
            assert d.child(n, letter) == expected


def test_unsorted_or_repeated_input_is_refused():
    with pytest.raises(ValueError, match="ascending"):
        build_dawg([EN.encode("DOG"), EN.encode("CAT")])
    with pytest.raises(ValueError, match="ascending"):
        build_dawg([EN.encode("CAT"), EN.encode("CAT")])
    with pytest.raises(ValueError, match="empty"):
        build_dawg([b""])


def test_cross_set_is_the_letters_that_complete_a_word():
    d = dawg_of(["CAT", "COT", "CUT", "CATS", "AT"])
    mask = d.cross_set(EN.encode("C"), EN.encode("T"))
    assert {EN.letters[i] for i in range(26) if mask >> i & 1} == {"A", "O", "U"}
    assert d.cross_set(b"", EN.encode("T")) == 1 << EN.index["A"]
    assert d.cross_set(EN.encode("CAT"), b"") == 1 << EN.index["S"]
    assert d.cross_set(EN.encode("X"), b"") == 0


def test_suffixes_can_stop_at_a_length():
    d = dawg_of(["CAT", "CATS", "CATTLE"])
    node = d.walk(EN.encode("CAT"))
    assert [EN.decode(s) for s in d.suffixes(node)] == ["", "S", "TLE"]
    assert [EN.decode(s) for s in d.suffixes(node, 1)] == ["", "S"]


def test_pattern_tokens_match_like_a_regular_expression():
    words = ["CAT", "COAT", "CUT", "SCAT", "CATS", "ACT"]
    d = dawg_of(words)
    c, t, a, o = (EN.index[x] for x in "CTAO")
    assert [EN.decode(w) for w in d.match([c, ANY_LETTER, t])] == ["CAT", "CUT"]
    assert [EN.decode(w) for w in d.match([c, ANY_RUN, t])] == ["CAT", "COAT", "CUT"]
    assert [EN.decode(w) for w in d.match([ANY_RUN, c, ANY_RUN])] == sorted(w for w in words if "C" in w)
    assert [EN.decode(w) for w in d.match([c, ~(1 << a | 1 << o), ANY_RUN])] == ["CAT", "CATS", "COAT"]


@settings(max_examples=60, deadline=None)
@given(st.sets(st.text(alphabet="ABCDEFG", min_size=1, max_size=7), min_size=1, max_size=80))
def test_dawg_holds_exactly_its_words(words):
    d = dawg_of(words)
    assert [EN.decode(s) for s in d.suffixes()] == sorted(words)
    for w in words:
        assert d.contains(EN.encode(w))
        assert not d.contains(EN.encode(w + "H"))


@settings(max_examples=40, deadline=None)
@given(
    st.sets(st.text(alphabet="ABCD", min_size=1, max_size=6), min_size=1, max_size=60),
    st.text(alphabet="ABCD?*", min_size=1, max_size=5),
)
def test_match_agrees_with_re(words, pattern):
    d = dawg_of(words)
    tokens = [ANY_LETTER if ch == "?" else ANY_RUN if ch == "*" else EN.index[ch] for ch in pattern]
    regex = re.compile(pattern.replace("?", ".").replace("*", ".*"))
    assert [EN.decode(w) for w in d.match(tokens)] == sorted(w for w in words if regex.fullmatch(w))


def test_real_enable_dawg_spells_every_word_once(enable, enable_words):
    decoded = [EN.decode(s) for s in enable.dawg.suffixes()]
    assert decoded == enable_words
    assert len(decoded) == 172_820
    reversed_words = sorted(w[::-1] for w in enable_words)
    assert [EN.decode(s) for s in enable.reverse_dawg.suffixes()] == reversed_words
