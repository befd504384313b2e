"""Errors of the lexicon package. Each message says what to do about it."""

from __future__ import annotations


class LexiconError(Exception):
    """Base class of everything the lexicon package raises on purpose."""


class UnknownLexiconError(LexiconError):
    """No built-in or imported lexicon has this name."""


class UnknownAlphabetError(LexiconError):
    """No alphabet (language) has this id."""


class SourceMissingError(LexiconError):
    """A built-in lexicon's source file was not fetched on this machine (``make setup`` fetches it)."""


class WordListError(LexiconError):
    """A word list file cannot be used at all: missing, empty, binary, or without a single acceptable word."""


class ProfileError(LexiconError):
    """A profile is unknown, malformed, or an edit to it is not possible."""


class LexiconCacheWarning(UserWarning):
    """A cache file was unreadable or corrupt and has been rebuilt from the source."""
