"""Kid-safe mode and the teacher's allow and block lists."""

from __future__ import annotations

import json

import pytest
from wordtable import lexicon
from wordtable.lexicon import ProfileError, get_profile
from wordtable.lexicon.importer import import_word_list
from wordtable.lexicon.kidsafe import FILTER_LICENCE, exceptions, filter_list_path, offensive_words
from wordtable.lexicon.profiles import create_profile, delete_profile, edit_profile, profile_names

from .conftest import write_lines


def test_classroom_profile_filters_offensive_words_by_default(enable, classroom):
    assert get_profile("classroom").kid_safe is True
    for word in ["FUCK", "SHIT", "CUNT", "WHORE"]:
        assert enable.is_word(word)
        assert not classroom.is_word(word)
        assert "kid-safe filter" in classroom.check(word).reason
    assert len(enable) - len(classroom) == len(classroom.blocked) > 300


def test_filter_matches_whole_words_only(classroom):
    for word in ["CLASS", "ASSASSIN", "PASSAGE", "SHITTAH", "COCKPIT", "TITMOUSE"]:
        assert classroom.is_word(word), word


def test_everyday_words_caught_by_the_list_stay_playable(classroom):
    raw = {w.upper() for w in filter_list_path().read_text().split()}
    for word in ["ORGAN", "PAWN", "FAT", "SEAMAN"]:
        assert word in raw and word in exceptions()
        assert classroom.is_word(word)


def test_blocked_words_never_come_out_of_queries(classroom):
    assert "FUCK" not in classroom.anagrams("FUCK", exact=True)
    assert "FUCK" not in classroom.match("F?CK")
    assert "FUCKS" not in classroom.extensions("FUCK")
    assert not classroom.dawg.contains(classroom.alphabet.encode("FUCK"))
    assert "FUCK" not in classroom.words()


def test_filter_source_and_licence_are_known():
    assert filter_list_path().name == "profanity_wordlist.txt"
    assert FILTER_LICENCE == "MIT"
    assert offensive_words(lexicon.get_alphabet("de")) == frozenset()


def test_teacher_allow_and_block_lists_change_the_word_set(fresh_home, tmp_path):
    write_lines(tmp_path / "words.txt", ["cat", "dog", "bird", "heck", "fuck"])
    import_word_list(tmp_path / "words.txt", "pets")
    create_profile("room5", copy_from="classroom")
    edit_profile("room5", allow=["Rover"], block=["heck"])
    room = lexicon.load("pets", profile="room5")
    assert room.is_word("rover") and "ROVER" in room.added
    assert not room.is_word("heck") and "block list" in room.check("heck").reason
    assert not room.is_word("fuck")
    assert room.is_word("cat")
    assert "ROVER" in room.anagrams("REVOR", exact=True)
    edit_profile("room5", allow=["fuck"])
    assert lexicon.load("pets", profile="room5").is_word("fuck")  # allow beats the filter
    edit_profile("room5", unblock=["heck"], kid_safe=False)
    assert lexicon.load("pets", profile="room5").is_word("heck")


def test_profile_lexicon_is_used_when_none_is_named(fresh_home, tmp_path):
    write_lines(tmp_path / "w.txt", ["alpha", "beta"])
    import_word_list(tmp_path / "w.txt", "greek")
    create_profile("greekclass")
    edit_profile("greekclass", lexicon="greek")
    lex = lexicon.load(profile="greekclass")
    assert lex.name == "greek" and lex.is_word("beta")


def test_profile_edits_are_saved_and_reset(fresh_home):
    edit_profile("classroom", block=["dummy"])
    saved = json.loads((fresh_home / "profiles" / "classroom.json").read_text())
    assert saved["block"] == ["DUMMY"] and saved["kid_safe"] is True
    assert get_profile("classroom").saved
    assert delete_profile("classroom") is True
    assert get_profile("classroom").block == ()
    assert "classroom" in profile_names() and "default" in profile_names()


def test_profile_errors_are_clear(fresh_home):
    with pytest.raises(ProfileError, match="no profile named 'nosuch'"):
        get_profile("nosuch")
    with pytest.raises(ProfileError, match="not a single word"):
        edit_profile("classroom", allow=["two words"])
    with pytest.raises(ProfileError, match="not a usable profile name"):
        create_profile("Bad Name")
    create_profile("mine")
    with pytest.raises(ProfileError, match="exists already"):
        create_profile("mine")
    (fresh_home / "profiles" / "broken.json").write_text("{not json")
    with pytest.raises(ProfileError, match="broken.*cannot be read"):
        get_profile("broken")
    (fresh_home / "profiles" / "odd.json").write_text('{"allow": "CAT"}')
    with pytest.raises(ProfileError, match="malformed"):
        get_profile("odd")
