"""The dictionary: word lists into a fast validity set, anagram index and DAWGs; languages; kid-safe profiles.

Every game asks one place whether a word is acceptable::

    from wordtable import lexicon

    words = lexicon.load()                       # ENABLE, English, no filter
    words = lexicon.load("de", profile="classroom")
    words.is_word("straße")                      # True; any case and spelling is accepted
    words.check("xyzzy").reason                  # "not in enable"
    words.anagrams("RETAIN?")                    # sub-anagrams of a rack, ? is a blank
    words.match("C?T"), words.extensions("CAT"), words.contained_words("admiration")
    words.dawg                                   # flat-array DAWG for move generators (see .dawg)

docs/lexicons.md describes the sources and licences, the canonical form of words (upper case NFC; German
sharp s as ẞ; Dutch IJ as the one letter Ĳ), where data and caches live, and profiles.
"""

from .alphabet import BLANK, Alphabet, alphabet_ids, get_alphabet
from .catalogue import DEFAULT_LEXICON, LexiconSpec, all_specs, builtin_names, find_spec, imported_names
from .dawg import ANY_LETTER, ANY_RUN, NO_NODE, Dawg, build_dawg
from .errors import (
    LexiconCacheWarning,
    LexiconError,
    ProfileError,
    SourceMissingError,
    UnknownAlphabetError,
    UnknownLexiconError,
    WordListError,
)
from .lexicon import CompiledLexicon, Verdict, cache_path, load
from .profiles import CLASSROOM_PROFILE, DEFAULT_PROFILE, Profile, get_profile, profile_names
from .protocol import Lexicon

__all__ = [
    "ANY_LETTER",
    "ANY_RUN",
    "BLANK",
    "CLASSROOM_PROFILE",
    "DEFAULT_LEXICON",
    "DEFAULT_PROFILE",
    "NO_NODE",
    "Alphabet",
    "Dawg",
    "CompiledLexicon",
    "Lexicon",
    "LexiconCacheWarning",
    "LexiconError",
    "LexiconSpec",
    "Profile",
    "ProfileError",
    "SourceMissingError",
    "UnknownAlphabetError",
    "UnknownLexiconError",
    "Verdict",
    "WordListError",
    "all_specs",
    "alphabet_ids",
    "build_dawg",
    "builtin_names",
    "cache_path",
    "find_spec",
    "get_alphabet",
    "get_profile",
    "imported_names",
    "load",
    "profile_names",
]
