"""Importing a person's word list, and themed lists for WORDCHAIN variants."""

from __future__ import annotations

import json

import pytest
from wordtable import lexicon
from wordtable.lexicon import LexiconError, UnknownLexiconError, WordListError
from wordtable.lexicon.importer import import_word_list, remove_imported

from .conftest import write_lines


def test_import_stores_canonical_words_and_a_full_report(fresh_home, tmp_path):
    src = write_lines(tmp_path / "animals.txt", ["Cat", "dog", "DOG", "b1rd", "emu", "", "# farm"])
    result = import_word_list(src, "animals", licence="CC0", title="Animals of the farm")
    lex = result.lexicon
    assert lex.name == "animals" and len(lex) == 3
    assert lex.is_word("cat") and not lex.is_word("bird")
    folder = fresh_home / "lexicons" / "animals"
    assert (folder / "words.txt").read_text().split() == ["CAT", "DOG", "EMU"]
    meta = json.loads((folder / "meta.json").read_text())
    assert meta["licence"] == "CC0" and meta["alphabet"] == "en" and str(src.resolve()) in meta["origin"]
    report = result.report_file.read_text()
    assert "line 4: rejected 'b1rd'" in report and "line 3: duplicate 'DOG'" in report
    assert "animals" in lexicon.imported_names()


def test_themed_place_names_for_wordchain(fresh_home, tmp_path):
    src = write_lines(
        tmp_path / "places.txt", ["New York", "New Zealand", "Paris", "Zürich", "Rio de Janeiro"]
    )
    lex = import_word_list(src, "places", join=True).lexicon
    assert lex.is_word("newyork") and lex.is_word("Zurich") and lex.is_word("RIODEJANEIRO")
    assert lex.extensions("NEW") == ["NEWYORK", "NEWZEALAND"]
    assert lex.match("*S") == ["PARIS"]


def test_german_list_import_keeps_its_alphabet(fresh_home, tmp_path):
    src = write_lines(tmp_path / "de.txt", ["Straße", "Öl", "Maß"])
    lex = import_word_list(src, "deutsch", alphabet="de").lexicon
    assert lex.language == "de" and lex.is_word("STRAẞE") and lex.is_word("masz") is False


def test_names_must_be_new_and_usable(fresh_home, tmp_path):
    src = write_lines(tmp_path / "w.txt", ["cat"])
    with pytest.raises(LexiconError, match="built-in lexicon"):
        import_word_list(src, "enable")
    with pytest.raises(LexiconError, match="not a usable lexicon name"):
        import_word_list(src, "My List")
    import_word_list(src, "mine")
    with pytest.raises(LexiconError, match="exists already; add --replace"):
        import_word_list(src, "mine")
    write_lines(src, ["dog"])
    assert import_word_list(src, "mine", replace=True).lexicon.words() == ["DOG"]


def test_strict_import_refuses_a_list_with_skipped_lines(fresh_home, tmp_path):
    src = write_lines(tmp_path / "w.txt", ["cat", "c@t"])
    with pytest.raises(WordListError, match="--strict"):
        import_word_list(src, "strictly", strict=True)
    assert "strictly" not in lexicon.imported_names()


def test_bad_files_import_nothing(fresh_home, tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    for path, message in [
        (tmp_path / "empty.txt", "is empty"),
        (tmp_path / "image.png", "not a text file"),
        (tmp_path / "missing.txt", "no such file"),
    ]:
        with pytest.raises(WordListError, match=message):
            import_word_list(path, "bad")
    assert lexicon.imported_names() == []


def test_remove_deletes_list_and_caches(fresh_home, tmp_path):
    src = write_lines(tmp_path / "w.txt", ["cat"])
    import_word_list(src, "gone")
    cache = lexicon.cache_path("gone")
    assert cache.is_file()
    remove_imported("gone")
    assert not cache.exists()
    with pytest.raises(UnknownLexiconError, match="no lexicon named 'gone'"):
        lexicon.load("gone")
    with pytest.raises(LexiconError, match="built-in lexicons cannot be removed"):
        remove_imported("enable")
