"""Reading word list files: every line accounted for, and files that cannot be word lists refused."""

from __future__ import annotations

import gzip

import pytest
from wordtable.lexicon import WordListError, get_alphabet
from wordtable.lexicon.wordlist import read_word_list

from .conftest import write_lines

EN = get_alphabet("en")


def test_clean_list_is_normalised(tmp_path):
    path = write_lines(tmp_path / "w.txt", ["cat", "  Dog  ", "BIRD", "naïve"])
    report = read_word_list(path, EN)
    assert report.words == ["CAT", "DOG", "BIRD", "NAIVE"]
    assert report.lines == 4 and report.skipped == 0 and report.folded == 1
    assert report.encoding == "utf-8"


def test_digits_punctuation_and_spaces_are_rejected_with_line_numbers(tmp_path):
    path = write_lines(tmp_path / "w.txt", ["cat", "r2d2", "don't", "new york", "well-known", "dog"])
    report = read_word_list(path, EN)
    assert report.words == ["CAT", "DOG"]
    assert [(r.line, r.kind) for r in report.rejected] == [
        (2, "digit"),
        (3, "punctuation"),
        (4, "space"),
        (5, "punctuation"),
    ]
    assert report.rejected_by_kind() == {"punctuation": 2, "digit": 1, "space": 1}
    assert "rejected 4 lines" in report.summary()
    assert "line 2: rejected 'r2d2': contains the digit '2'" in report.details()


def test_duplicates_after_normalising_are_counted_and_shown(tmp_path):
    path = write_lines(tmp_path / "w.txt", ["cat", "Cat", "dog", "CAT", "cafe", "café"])
    report = read_word_list(path, EN)
    assert report.words == ["CAT", "DOG", "CAFE"]
    assert report.duplicate_count == 3
    assert [(d.line, d.first_line) for d in report.duplicates] == [(2, 1), (4, 1), (6, 5)]
    assert "skipped 3 duplicates" in report.summary()


def test_blank_lines_comments_crlf_and_bom_are_handled(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes(b"\xef\xbb\xbf# my list\r\ncat\r\n\r\ndog\r\n")
    report = read_word_list(path, EN)
    assert report.words == ["CAT", "DOG"]
    assert (report.comment_lines, report.blank_lines, report.lines) == (1, 1, 4)


def test_utf16_with_bom_is_read(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes("cat\nstraße\n".encode("utf-16"))
    report = read_word_list(path, get_alphabet("de"))
    assert report.words == ["CAT", "STRAẞE"] and report.encoding == "utf-16"


def test_mixed_utf8_and_latin1_lines_are_read_and_reported(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes("café\n".encode() + "naïve\n".encode("latin-1") + b"dog\n" + "Müller\n".encode("cp1252"))
    report = read_word_list(path, EN)
    assert report.words == ["CAFE", "NAIVE", "DOG", "MULLER"]
    assert report.latin1_lines == [2, 4]
    assert report.encoding == "mixed UTF-8 and Latin-1"
    assert "2 lines were not UTF-8 and were read as Latin-1" in report.summary()


def test_whole_latin1_file_is_named_as_such(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes("Äpfel\nÖl\n".encode("latin-1"))
    report = read_word_list(path, get_alphabet("de"))
    assert report.words == ["ÄPFEL", "ÖL"]
    assert report.encoding == "latin-1 (not UTF-8)"


def test_strict_utf8_rejects_the_latin1_lines(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes(b"cat\n" + "naïve\n".encode("latin-1"))
    report = read_word_list(path, EN, encoding="utf-8")
    assert report.words == ["CAT"]
    assert [(r.line, r.kind, r.reason) for r in report.rejected] == [(2, "encoding", "not valid UTF-8")]


def test_join_makes_one_word_of_a_place_name(tmp_path):
    path = write_lines(tmp_path / "places.txt", ["New York", "Baden-Baden", "St. Louis", "O'Hare", "Paris"])
    report = read_word_list(path, EN, join=True)
    assert report.words == ["NEWYORK", "BADENBADEN", "STLOUIS", "OHARE", "PARIS"]
    assert report.joined == 4


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(WordListError, match="no such file: .*nothere.txt"):
        read_word_list(tmp_path / "nothere.txt", EN)


def test_folder_is_a_clear_error(tmp_path):
    with pytest.raises(WordListError, match="is a folder"):
        read_word_list(tmp_path, EN)


def test_empty_file_is_a_clear_error(tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    with pytest.raises(WordListError, match="is empty"):
        read_word_list(tmp_path / "empty.txt", EN)


def test_binary_files_are_refused(tmp_path):
    gz = tmp_path / "words.txt.gz"
    gz.write_bytes(gzip.compress(b"cat\ndog\n" * 100))
    with pytest.raises(WordListError, match="not a text file"):
        read_word_list(gz, EN)
    noisy = tmp_path / "noise.bin"
    noisy.write_bytes(bytes(range(1, 32)) * 50)
    with pytest.raises(WordListError, match="not a text file .*control bytes"):
        read_word_list(noisy, EN)


def test_file_with_no_usable_word_is_an_error_that_shows_why(tmp_path):
    path = write_lines(tmp_path / "junk.txt", ["1234", "!!!", "", "# only a comment"])
    with pytest.raises(WordListError, match=r"no usable word(.|\n)*line 1: rejected '1234'"):
        read_word_list(path, EN)


def test_json_array_entries_that_are_not_strings_are_rejected(tmp_path):
    path = tmp_path / "w.json"
    path.write_text('["cat", 7, "dog", null]')
    report = read_word_list(path, EN, fmt="json-array")
    assert report.words == ["CAT", "DOG"]
    assert [(r.line, r.kind) for r in report.rejected] == [(2, "not text"), (4, "not text")]
    (tmp_path / "bad.json").write_text('{"cat": 1}')
    with pytest.raises(WordListError, match="not an array"):
        read_word_list(tmp_path / "bad.json", EN, fmt="json-array")


def test_source_rules_drop_proper_nouns_and_abbreviations(tmp_path):
    path = write_lines(tmp_path / "w.txt", ["Boston", "apple", "NATO", "Haus", "GmbH"])
    assert read_word_list(path, EN, drop_capitalised=True).words == ["APPLE"]
    assert read_word_list(path, get_alphabet("de"), drop_abbreviations=True).words == [
        "BOSTON",
        "APPLE",
        "HAUS",
    ]
