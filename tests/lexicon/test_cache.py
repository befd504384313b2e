"""The disk cache: built once, read after, rebuilt when the source changes or the file is damaged."""

from __future__ import annotations

import shutil
import warnings

import pytest
from wordtable import lexicon
from wordtable.lexicon import LexiconCacheWarning, SourceMissingError
from wordtable.lexicon.importer import import_word_list

from .conftest import write_lines


def test_second_load_reads_the_cache_without_rebuilding(private_home, tmp_path):
    import_word_list(write_lines(tmp_path / "w.txt", ["cat", "dog"]), "pets")
    cache = lexicon.cache_path("pets")
    stamp = cache.stat().st_mtime_ns
    built_at = lexicon.load("pets").meta["built_at"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = lexicon.load("pets")
    assert cache.stat().st_mtime_ns == stamp
    assert again.meta["built_at"] == built_at
    assert again.words() == ["CAT", "DOG"]


def test_changed_source_rebuilds_the_cache(private_home, tmp_path):
    import_word_list(write_lines(tmp_path / "w.txt", ["cat", "dog"]), "pets")
    words_file = private_home / "lexicons" / "pets" / "words.txt"
    words_file.write_text("CAT\nDOG\nEMU\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a changed source is no reason to warn
        lex = lexicon.load("pets")
    assert lex.is_word("emu") and len(lex) == 3


def test_corrupt_cache_is_rebuilt_with_a_warning(private_home, tmp_path):
    import_word_list(write_lines(tmp_path / "w.txt", ["cat", "dog"]), "pets")
    cache = lexicon.cache_path("pets")
    data = bytearray(cache.read_bytes())
    data[len(data) // 2] ^= 0xFF
    cache.write_bytes(bytes(data))
    with pytest.warns(LexiconCacheWarning, match="checksum mismatch"):
        lex = lexicon.load("pets")
    assert lex.words() == ["CAT", "DOG"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert lexicon.load("pets").is_word("dog")  # the rebuilt cache is good


@pytest.mark.parametrize(
    "damage",
    [b"", b"not a cache at all", b"WTLEX\x00\x01\n" + b"\x00" * 100],
    ids=["empty", "garbage", "truncated"],
)
def test_any_unreadable_cache_file_is_replaced(private_home, tmp_path, damage):
    import_word_list(write_lines(tmp_path / "w.txt", ["cat"]), "pets")
    lexicon.cache_path("pets").write_bytes(damage)
    with pytest.warns(LexiconCacheWarning, match="rebuilt it from the source"):
        assert lexicon.load("pets").is_word("cat")


def test_corrupt_enable_cache_is_rebuilt_from_the_real_source(enable, private_home):
    (private_home / "cache" / "lexicon").mkdir(parents=True)
    damaged = lexicon.cache_path("enable")
    shutil.copyfile(enable.meta["cache_file"], damaged)
    with damaged.open("r+b") as f:
        f.seek(4096)
        f.write(b"\xde\xad\xbe\xef")
    with pytest.warns(LexiconCacheWarning):
        lex = lexicon.load("enable")
    assert len(lex) == 172_820 and lex.is_word("aardvark")


def test_unwritable_cache_location_still_gives_a_lexicon(private_home, tmp_path):
    import_word_list(write_lines(tmp_path / "w.txt", ["cat"]), "pets")
    cache = lexicon.cache_path("pets")
    cache.unlink()
    cache.mkdir()  # a folder where the file should go: neither readable nor writable as a cache
    with pytest.warns(LexiconCacheWarning) as record:
        assert lexicon.load("pets").is_word("cat")
    messages = [str(w.message) for w in record]
    assert any("was unusable" in m for m in messages)
    assert any("could not write" in m for m in messages)


def test_missing_source_says_how_to_fetch_it(lexicon_home, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDTABLE_LEXICON_SOURCES", str(tmp_path / "nothing-here"))
    with pytest.raises(SourceMissingError, match="run `make setup`"):
        lexicon.load("enable")
    with pytest.raises(SourceMissingError, match="Debian package wngerman.*run `make lexicons`"):
        lexicon.load("de")
