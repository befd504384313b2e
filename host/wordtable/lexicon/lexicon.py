"""The :class:`CompiledLexicon` every game asks (through the :class:`~.protocol.Lexicon` protocol), and
:func:`load`, which opens one from its cache or builds it."""

from __future__ import annotations

import hashlib
import json
import logging
import time
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import anagram_index, cachefile, locations
from .alphabet import BLANK, Alphabet, get_alphabet
from .catalogue import DEFAULT_LEXICON, LexiconSpec, find_spec
from .compiler import Structures, compile_words, from_sections, to_sections
from .dawg import ANY_LETTER, ANY_RUN, NO_NODE, Dawg
from .errors import LexiconCacheWarning, LexiconError, SourceMissingError
from .profiles import Profile, ProfileEffect, effect, get_profile
from .wordlist import read_word_list

log = logging.getLogger("wordtable.lexicon")

EXTENSION_PLACES = ("back", "front", "both")


@dataclass(frozen=True)
class Verdict:
    """The answer to "is this a word?" with the reason when it is not.

    ``text`` is what was asked, ``word`` its canonical form (None when it cannot be spelt in the alphabet).
    """

    text: str
    word: str | None
    valid: bool
    reason: str = ""


class CompiledLexicon:
    """One word list, compiled: validity, anagrams, patterns, extensions, contained words, and the DAWGs.

    All words are canonical (see :mod:`.alphabet`): upper case NFC, one code point per tile letter. Every
    query accepts any spelling (``"straße"``, ``"ijs"``, ``"Cat"``) and returns canonical words.
    """

    def __init__(self, meta: dict[str, Any], alphabet: Alphabet, structures: Structures) -> None:
        self.meta = meta
        self.alphabet = alphabet
        self.validity = structures.validity
        """The validity set (a dawgdic DAWG): ``word in lexicon.validity`` for canonical words."""
        self.dawg: Dawg = structures.dawg
        """DAWG of the words; see :mod:`wordtable.lexicon.dawg` for the walking API."""
        self.reverse_dawg: Dawg = structures.reverse
        """DAWG of the words spelt backwards (extension to the front, suffix search, right-to-left play)."""
        self.anagram_index = structures.anagrams
        self.blocked: Mapping[str, str] = dict(meta.get("blocked", {}))
        """Words the profile removed, each with the reason."""
        self.added: frozenset[str] = frozenset(meta.get("added", ()))
        """Words the profile's allow list added that the lexicon itself lacks."""
        self._contains = self.validity.__contains__
        letters = frozenset(alphabet.letters)
        # A miss on text made only of canonical letters is final: no spelling rule could change it.
        self._plain: Callable[[str], bool] = (
            letters.issuperset if not alphabet.digraphs else alphabet.is_canonical
        )
        self._size = len(self.anagram_index)
        self._ascii_upper = alphabet.ascii_upper_is_canonical

    # -- identity ------------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The lexicon's name (``enable``, ``de``, an imported name)."""
        return str(self.meta["name"])

    @property
    def profile(self) -> str | None:
        """The profile applied, or None."""
        return self.meta.get("profile")

    @property
    def language(self) -> str:
        """ISO 639-1 code of the language (``en``, ``de``, ``nl``)."""
        return self.alphabet.language

    @property
    def title(self) -> str:
        """One line saying what the list is."""
        return str(self.meta["title"])

    @property
    def licence(self) -> str:
        """The licence of the source list."""
        return str(self.meta["licence"])

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[str]:
        """All words, in alphabet order."""
        return iter(self.words())

    def words(self) -> list[str]:
        """All words, in alphabet order (a new list)."""
        return sorted(self.anagram_index.words())

    def __repr__(self) -> str:
        prof = f" profile={self.profile!r}" if self.profile else ""
        return f"<CompiledLexicon {self.name!r}{prof} {len(self)} words, alphabet {self.alphabet.id!r}>"

    # -- validity ------------------------------------------------------------------------------------

    def canonical(self, text: str) -> str | None:
        """The canonical form of ``text``, or None when it cannot be spelt in this alphabet."""
        return self.alphabet.canonical(text)

    def is_word(self, text: str) -> bool:
        """True when ``text`` (any case or accepted spelling) is a word. Never raises for odd input."""
        try:
            if self._contains(text):
                return True
        except TypeError:  # not text at all
            return False
        if self._plain(text):
            return False
        if self._ascii_upper and text.isascii():
            return self._contains(text.strip().upper())
        word = self.alphabet.canonical(text)
        return word is not None and word != text and self._contains(word)

    __contains__ = is_word

    def check(self, text: str) -> Verdict:
        """Like :meth:`is_word`, with the canonical word and, when it is not a word, the reason."""
        result = self.alphabet.canonicalise(text) if isinstance(text, str) else None
        if result is None or result.word is None:
            reason = result.reason if result is not None else "not text"
            return Verdict(str(text), None, False, reason)
        word = result.word
        if self._contains(word):
            return Verdict(text, word, True)
        why = self.blocked.get(word)
        if why is not None:
            return Verdict(text, word, False, why)
        return Verdict(text, word, False, f"not in {self.name}")

    # -- queries -------------------------------------------------------------------------------------

    def _rack(self, letters: str) -> tuple[list[int], int]:
        text = "".join(letters.split())
        blanks = text.count(BLANK)
        rest = text.replace(BLANK, "")
        if not rest:
            return [], blanks
        result = self.alphabet.canonicalise(rest)
        if result.word is None:
            raise LexiconError(
                f"the letters {letters!r} cannot be spelt in the {self.alphabet.name} alphabet: {result.reason}"
            )
        return list(self.alphabet.encode(result.word)), blanks

    def anagrams(
        self, letters: str, *, exact: bool = False, min_length: int = 2, max_length: int | None = None
    ) -> list[str]:
        """Words made from the multiset ``letters``; ``?`` is a blank that stands for any letter.

        By default every word of ``min_length`` or more that the letters can make (sub-anagrams); with
        ``exact``, only words using every letter. Longest first, then alphabetical. Which letter a blank
        stands for is the multiset difference between the word and the rack.
        """
        codes, blanks = self._rack(letters)
        total = len(codes) + blanks
        longest = total if max_length is None else min(total, max_length)
        index = self.anagram_index
        found = []
        for position, n in index.candidates(
            codes, blanks, partial=not exact, min_length=max(1, min_length), max_length=longest
        ):
            word = index.word(position)
            if len(word) == n:
                found.append(word)
        found.sort(key=lambda w: (-len(w), w))
        return found

    def _pattern_tokens(self, pattern: str) -> list[int]:
        tokens: list[int] = []
        literal: list[str] = []

        def flush() -> None:
            if literal:
                text = "".join(literal)
                literal.clear()
                result = self.alphabet.canonicalise(text)
                if result.word is None:
                    raise LexiconError(f"pattern {pattern!r}: {text!r} {result.reason}")
                tokens.extend(self.alphabet.encode(result.word))

        i = 0
        while i < len(pattern):
            ch = pattern[i]
            if ch in "?.":
                flush()
                tokens.append(ANY_LETTER)
            elif ch == "*":
                flush()
                if not tokens or tokens[-1] != ANY_RUN:
                    tokens.append(ANY_RUN)
            elif ch == "[":
                flush()
                end = pattern.find("]", i)
                if end < 0:
                    raise LexiconError(f"pattern {pattern!r}: '[' without ']'")
                mask = 0
                for member in pattern[i + 1 : end]:
                    c = self.alphabet.canonical(member)
                    if c is None or len(c) != 1:
                        raise LexiconError(f"pattern {pattern!r}: {member!r} in [...] is not a letter")
                    mask |= 1 << self.alphabet.index[c]
                if not mask:
                    raise LexiconError(f"pattern {pattern!r}: empty []")
                tokens.append(~mask)
                i = end
            elif ch.isspace():
                pass
            else:
                literal.append(ch)
            i += 1
        flush()
        return tokens

    def match(self, pattern: str) -> list[str]:
        """Words that fit ``pattern``, alphabetical.

        ``?`` (or ``.``) is one letter of any kind, ``*`` any run of letters (also none), ``[AEIOU]`` one of
        the letters listed; anything else is a letter. ``C?T`` gives CAT, COT, CUT; ``*ING`` every word
        ending in ING; ``[BCR]AT*`` words starting BAT, CAT or RAT.
        """
        tokens = self._pattern_tokens(pattern)
        decode = self.alphabet.decode
        if tokens and tokens[0] == ANY_RUN and tokens[-1] != ANY_RUN:
            # A fixed end is a fixed start of the reversed words: far fewer paths to follow.
            found = [decode(w[::-1]) for w in self.reverse_dawg.match(tokens[::-1])]
            found.sort()
            return found
        return [decode(w) for w in self.dawg.match(tokens)]

    def extensions(
        self, fragment: str, *, where: str = "back", min_added: int = 1, max_added: int | None = None
    ) -> list[str]:
        """Words made by adding letters to ``fragment``: at the ``back`` (words starting with it), the
        ``front`` (words ending with it) or ``both`` (words containing it). Shortest first, then alphabetical.
        """
        if where not in EXTENSION_PLACES:
            raise LexiconError(f"where must be one of {', '.join(EXTENSION_PLACES)}, not {where!r}")
        word = self.alphabet.canonical(fragment)
        if word is None:
            return []
        base = len(word)
        if where == "both":
            found = [w for w in self.anagram_index.words() if word in w and len(w) - base >= min_added]
        else:
            codes = self.alphabet.encode(word)
            decode = self.alphabet.decode
            if where == "back":
                node = self.dawg.walk(codes)
                tails = [] if node == NO_NODE else self.dawg.suffixes(node, max_added)
                found = [word + decode(t) for t in tails if len(t) >= min_added]
            else:
                node = self.reverse_dawg.walk(codes[::-1])
                tails = [] if node == NO_NODE else self.reverse_dawg.suffixes(node, max_added)
                found = [decode(t[::-1]) + word for t in tails if len(t) >= min_added]
        if max_added is not None:
            found = [w for w in found if len(w) - base <= max_added]
        found.sort(key=lambda w: (len(w), w))
        return found

    def hooks(self, fragment: str) -> tuple[str, str]:
        """Single letters that make a word in front of and behind ``fragment``: ``("", "S")`` style."""
        word = self.alphabet.canonical(fragment)
        if word is None:
            return "", ""
        codes = self.alphabet.encode(word)
        letters = self.alphabet.letters
        out = []
        for dawg, path in ((self.reverse_dawg, codes[::-1]), (self.dawg, codes)):
            node = dawg.walk(path)
            hooks = ""
            if node != NO_NODE:
                hooks = "".join(letters[c] for c, child in dawg.children(node) if dawg.terminal[child])
            out.append(hooks)
        return out[0], out[1]

    def contained_words(self, text: str, *, min_length: int = 2, include_self: bool = False) -> list[str]:
        """Words found as unbroken runs of letters inside ``text`` ("admiration": ration, rat, ion, ...).

        Ordered by where they start, then by length; each word once.
        """
        word = self.alphabet.canonical(text)
        if word is None:
            return []
        seen: set[str] = set()
        found = []
        prefixes = self.validity.prefixes
        for start in range(len(word)):
            for w in prefixes(word[start:]):
                if len(w) >= min_length and w not in seen and (include_self or w != word):
                    seen.add(w)
                    found.append(w)
        return found


# -- opening and building -------------------------------------------------------------------------------


def _resolve_profile(profile: str | Profile | None) -> Profile | None:
    if profile is None or isinstance(profile, Profile):
        return profile
    return get_profile(profile)


def _source_digest(spec: LexiconSpec) -> str:
    try:
        return hashlib.sha256(spec.source_file.read_bytes()).hexdigest()
    except FileNotFoundError:
        if not spec.builtin:
            raise SourceMissingError(
                f"the word file of the imported lexicon {spec.name!r} is missing ({spec.source_file}); "
                f"import the list again with `wordtable lexicon import FILE --name {spec.name} --replace`"
            ) from None
        how = "make setup" if spec.required else "make lexicons"
        raise SourceMissingError(
            f"the lexicon {spec.name!r} needs {spec.origin}, which is not on this machine "
            f"(looked for {spec.source_file}); run `{how}` to fetch it"
        ) from None


def _fingerprint(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def cache_path(name: str, profile: str | None = None) -> Path:
    """The cache file of lexicon ``name`` with ``profile`` applied (a profile that changes nothing shares
    the plain lexicon's file)."""
    key = name if profile is None else f"{name}@{profile}"
    return locations.lexicon_cache_dir() / f"{key}.wtlex"


def load(name: str | None = None, profile: str | Profile | None = None) -> CompiledLexicon:
    """Open lexicon ``name`` (default: the profile's lexicon, else ``enable``) with ``profile`` applied.

    The first use builds the cache (a few seconds for ENABLE); later uses read it (well under a second).
    A changed source or profile rebuilds it; a damaged cache is rebuilt with a :class:`LexiconCacheWarning`.
    Raises :class:`UnknownLexiconError`, :class:`SourceMissingError` or :class:`ProfileError` with a message
    that says what to do.
    """
    prof = _resolve_profile(profile)
    lex_name = name or (prof.lexicon if prof is not None else None) or DEFAULT_LEXICON
    spec = find_spec(lex_name)
    alphabet = get_alphabet(spec.alphabet)
    source_sha = _source_digest(spec)
    base_fp = _fingerprint(
        cachefile.FORMAT, anagram_index.SCHEME, alphabet.to_json(), spec.fmt, spec.rules, source_sha
    )
    eff = effect(prof, alphabet) if prof is not None else None
    if eff is not None and eff.unspellable:
        log.warning(
            "profile %s: %s cannot be spelt in the %s alphabet and is ignored for %s",
            prof.name if prof else "",
            ", ".join(eff.unspellable),
            alphabet.name,
            spec.name,
        )
    common = {
        "name": spec.name,
        "title": spec.title,
        "licence": spec.licence,
        "origin": spec.origin,
        "builtin": spec.builtin,
        "alphabet": alphabet.to_json(),
        "source_file": str(spec.source_file),
        "source_sha256": source_sha,
    }
    if eff is None or eff.is_empty:
        lex = _open(
            cache_path(spec.name), base_fp, alphabet, common, lambda: _words_from_source(spec, alphabet)
        )
        if prof is not None:
            lex.meta = dict(lex.meta, profile=prof.name)
        return lex
    assert prof is not None
    fp = _fingerprint(base_fp, eff.fingerprint())
    return _open(
        cache_path(spec.name, prof.name),
        fp,
        alphabet,
        dict(common, profile=prof.name),
        lambda: _words_with_profile(spec.name, eff),
    )


def _words_from_source(spec: LexiconSpec, alphabet: Alphabet) -> tuple[list[str], dict[str, Any]]:
    report = read_word_list(
        spec.source_file,
        alphabet,
        fmt=spec.fmt,
        drop_capitalised=spec.rules.get("drop_capitalised", False),
        drop_abbreviations=spec.rules.get("drop_abbreviations", False),
    )
    meta = {
        "source_report": {
            "lines": report.lines,
            "words": len(report.words),
            "rejected": report.rejected_by_kind(),
            "duplicates": report.duplicate_count,
            "accents_dropped": report.folded,
            "encoding": report.encoding,
        }
    }
    return report.words, meta


def _words_with_profile(name: str, eff: ProfileEffect) -> tuple[list[str], dict[str, Any]]:
    base = load(name)
    words = set(base.anagram_index.words())
    blocked = {w: why for w, why in eff.blocked.items() if w in words}
    added = sorted(eff.allowed - words)
    words.difference_update(blocked)
    words.update(added)
    meta = {
        "source_report": base.meta.get("source_report", {}),
        "blocked": blocked,
        "added": added,
        "base_word_count": len(base),
    }
    return sorted(words), meta


def _open(
    path: Path,
    fingerprint: str,
    alphabet: Alphabet,
    meta: dict[str, Any],
    words: Callable[[], tuple[list[str], dict[str, Any]]],
) -> CompiledLexicon:
    try:
        header, sections = cachefile.read_cache(path)
        if header.get("fingerprint") == fingerprint:
            return CompiledLexicon(
                dict(header["meta"], cache_file=str(path)), alphabet, from_sections(sections, alphabet)
            )
        log.info("lexicon %s: source or settings changed since %s was built; rebuilding", meta["name"], path)
    except FileNotFoundError:
        log.info("lexicon %s: building the cache %s (first use)", meta["name"], path)
    except (cachefile.CorruptCacheError, KeyError, ValueError, TypeError, OSError) as exc:
        warnings.warn(
            LexiconCacheWarning(f"the lexicon cache {path} was unusable ({exc}); rebuilt it from the source"),
            stacklevel=3,
        )
    started = time.perf_counter()
    word_list, extra = words()
    structures = compile_words(word_list, alphabet)
    seconds = time.perf_counter() - started
    full = dict(
        meta,
        **extra,
        word_count=len(structures.anagrams),
        built_at=datetime.now(UTC).isoformat(timespec="seconds"),
        build_seconds=round(seconds, 3),
    )
    try:
        cachefile.write_cache(path, {"fingerprint": fingerprint, "meta": full}, to_sections(structures))
    except OSError as exc:
        warnings.warn(
            LexiconCacheWarning(
                f"could not write the lexicon cache {path} ({exc}); it will be built again next time"
            ),
            stacklevel=3,
        )
    log.info("lexicon %s: %d words compiled in %.2f s", meta["name"], full["word_count"], seconds)
    return CompiledLexicon(dict(full, cache_file=str(path)), alphabet, structures)
