"""``wordtable lexicon ...``: the dictionary's commands.

Exit codes: 0 success (for ``check``: every word valid; for ``anagram``, ``match``, ``extend``,
``contained``: something found), 1 a negative answer (a word is not valid, nothing found), 2 an error
(unknown lexicon or profile, a missing source, a file that cannot be imported).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections import Counter
from collections.abc import Callable

from ..lexicon import cachefile
from ..lexicon.alphabet import BLANK, alphabet_ids
from ..lexicon.catalogue import all_specs, find_spec
from ..lexicon.errors import LexiconError
from ..lexicon.importer import import_word_list, remove_imported
from ..lexicon.lexicon import CompiledLexicon, cache_path, load
from ..lexicon.profiles import (
    DEFAULT_PROFILE,
    Profile,
    create_profile,
    delete_profile,
    edit_profile,
    get_profile,
    profile_names,
)


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``wordtable lexicon ...`` to the ``wordtable`` command."""
    lex = sub.add_parser("lexicon", help="the dictionary: check words, anagrams, import word lists, profiles")
    lsub = lex.add_subparsers(dest="lexicon_command", metavar="ACTION", required=True)

    def with_lexicon(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--lexicon", "-l", default=None, help="lexicon name (default: the profile's, else enable)"
        )
        p.add_argument(
            "--profile", "-p", default=None, help="profile to apply, e.g. classroom (default: none)"
        )

    p = lsub.add_parser("list", help="list the lexicons with language, word count and state")
    p.set_defaults(func=cmd_list)

    p = lsub.add_parser("info", help="source, licence, word count and cache of one lexicon")
    p.add_argument("name", help="lexicon name")
    p.add_argument("--profile", "-p", default=None, help="also show what this profile changes")
    p.set_defaults(func=cmd_info)

    p = lsub.add_parser("check", help="say for each word whether it is valid (exit 0 only if all are)")
    with_lexicon(p)
    p.add_argument("words", nargs="+", metavar="WORD")
    p.set_defaults(func=cmd_check)

    p = lsub.add_parser("anagram", help="words from a set of letters; ? is a blank")
    with_lexicon(p)
    p.add_argument(
        "letters", metavar="LETTERS", help="the rack, e.g. RETAIN? (quote it: the shell expands ?)"
    )
    p.add_argument("--exact", action="store_true", help="only words that use every letter")
    p.add_argument("--min-length", type=int, default=2, help="shortest word to list (default 2)")
    p.set_defaults(func=cmd_anagram)

    p = lsub.add_parser("match", help="words fitting a pattern: ? one letter, * any run, [AEIOU] one of")
    with_lexicon(p)
    p.add_argument("pattern", metavar="PATTERN", help="e.g. 'C?T', '*ING', '[BCR]AT*' (quote it)")
    p.set_defaults(func=cmd_match)

    p = lsub.add_parser("extend", help="words made by adding letters to a word or fragment")
    with_lexicon(p)
    p.add_argument("fragment", metavar="FRAGMENT")
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--front", dest="where", action="store_const", const="front", help="add letters in front"
    )
    where.add_argument(
        "--both", dest="where", action="store_const", const="both", help="add letters at both ends"
    )
    p.add_argument("--max-added", type=int, default=None, help="add at most this many letters")
    p.set_defaults(func=cmd_extend, where="back")

    p = lsub.add_parser("contained", help="words inside a word (admiration: ration, rat, ion, ...)")
    with_lexicon(p)
    p.add_argument("word", metavar="WORD")
    p.add_argument("--min-length", type=int, default=2, help="shortest word to list (default 2)")
    p.set_defaults(func=cmd_contained)

    p = lsub.add_parser("import", help="import a word list file (one word a line) as a new lexicon")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--name", required=True, help="name of the new lexicon (lower case, e.g. places)")
    p.add_argument(
        "--language", default="en", choices=alphabet_ids(), help="alphabet to spell it in (default en)"
    )
    p.add_argument("--join", action="store_true", help="join multi-word entries (New York -> NEWYORK)")
    p.add_argument(
        "--encoding",
        default="auto",
        choices=("auto", "utf-8", "latin-1"),
        help="auto: UTF-8, lines that are not are read as Latin-1 and reported (default)",
    )
    p.add_argument("--title", default=None, help="one line saying what the list is")
    p.add_argument("--licence", default=None, help="the list's licence, shown by `lexicon info`")
    p.add_argument("--replace", action="store_true", help="overwrite an imported lexicon of the same name")
    p.add_argument("--strict", action="store_true", help="import nothing if any line would be skipped")
    p.set_defaults(func=cmd_import)

    p = lsub.add_parser("remove", help="delete an imported lexicon")
    p.add_argument("name")
    p.set_defaults(func=cmd_remove)

    p = lsub.add_parser("build", help="compile lexicon caches now (they are otherwise built on first use)")
    p.add_argument(
        "names", nargs="*", metavar="NAME", help="lexicons (default: every one whose source is here)"
    )
    p.add_argument("--profile", "-p", default=None, help="also compile with this profile applied")
    p.set_defaults(func=cmd_build)

    prof = lsub.add_parser("profile", help="profiles: kid-safe mode, allow and block lists, default lexicon")
    psub = prof.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    p = psub.add_parser("list", help="list the profiles")
    p.set_defaults(func=cmd_profile_list)
    p = psub.add_parser("show", help="show one profile with its allow and block lists")
    p.add_argument("name")
    p.set_defaults(func=cmd_profile_show)
    p = psub.add_parser("create", help="create a profile as a copy of another")
    p.add_argument("name")
    p.add_argument(
        "--from", dest="source", default=DEFAULT_PROFILE, help="profile to copy (default: default)"
    )
    p.set_defaults(func=cmd_profile_create)
    p = psub.add_parser("set", help="change a profile's lexicon, kid-safe mode or description")
    p.add_argument("name")
    lexgroup = p.add_mutually_exclusive_group()
    lexgroup.add_argument("--lexicon", default=None, help="lexicon the profile uses")
    lexgroup.add_argument("--no-lexicon", action="store_true", help="leave the lexicon to the game (enable)")
    kid = p.add_mutually_exclusive_group()
    kid.add_argument(
        "--kid-safe", dest="kid_safe", action="store_const", const=True, help="filter offensive words"
    )
    kid.add_argument(
        "--no-kid-safe", dest="kid_safe", action="store_const", const=False, help="do not filter"
    )
    p.add_argument("--description", default=None)
    p.set_defaults(func=cmd_profile_set, kid_safe=None)
    for action, what in (("allow", "accept these words always"), ("block", "never accept these words")):
        p = psub.add_parser(action, help=f"{what} (--remove takes them off the {action} list)")
        p.add_argument("name")
        p.add_argument("words", nargs="+", metavar="WORD")
        p.add_argument("--remove", action="store_true", help=f"remove the words from the {action} list")
        p.set_defaults(func=cmd_profile_allow if action == "allow" else cmd_profile_block)
    p = psub.add_parser("reset", help="undo all edits of a built-in profile, or delete a created one")
    p.add_argument("name")
    p.set_defaults(func=cmd_profile_reset)


# -- plumbing --------------------------------------------------------------------------------------------


def _handled(func: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        return func(args)
    except LexiconError as exc:
        print(f"wordtable: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (``| head``) has gone; stop quietly, and keep Python from complaining at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _wrap(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        _log_to_stderr()
        return _handled(func, args)

    run.__doc__ = func.__doc__
    run.__name__ = func.__name__
    return run


def _log_to_stderr() -> None:
    # Building a cache takes seconds on first use; say so rather than sit silent.
    log = logging.getLogger("wordtable.lexicon")
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False


def _open(args: argparse.Namespace) -> CompiledLexicon:
    return load(args.lexicon, profile=args.profile)


def _show(lex: CompiledLexicon, word: str) -> str:
    return lex.alphabet.spell(word)


# -- commands --------------------------------------------------------------------------------------------


@_wrap
def cmd_list(args: argparse.Namespace) -> int:
    """Print one line per lexicon."""
    rows = [("NAME", "LANG", "WORDS", "STATE", "TITLE")]
    for spec in all_specs():
        words = "-"
        if not spec.installed:
            state = "not fetched (make lexicons)" if spec.builtin else "word file missing"
        else:
            state = "built on first use"
            try:
                header, _ = cachefile.read_cache(cache_path(spec.name))
                words = f"{header['meta']['word_count']:,}"
                state = "compiled"
            except (OSError, cachefile.CorruptCacheError, KeyError, TypeError):
                pass
        kind = "" if spec.builtin else " (imported)"
        rows.append((spec.name, spec.alphabet, words, state, spec.title + kind))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r[:4], widths, strict=True)) + "  " + r[4])
    return 0


@_wrap
def cmd_info(args: argparse.Namespace) -> int:
    """Print source, licence, word count and cache of one lexicon."""
    spec = find_spec(args.name)
    print(f"{spec.name}: {spec.title}")
    print(f"  alphabet:  {spec.alphabet}")
    print(f"  licence:   {spec.licence}")
    print(f"  source:    {spec.origin}")
    print(f"  file:      {spec.source_file}")
    if not spec.installed:
        how = "make setup" if spec.required else "make lexicons"
        print(f"  words:     unknown: the source is not on this machine; run `{how}`")
        return 2
    lex = load(spec.name, profile=args.profile)
    m = lex.meta
    print(f"  language:  {lex.language} ({lex.alphabet.name}: {lex.alphabet.letters})")
    print(f"  words:     {len(lex):,}")
    report = m.get("source_report") or {}
    if report:
        rejected = ", ".join(f"{n:,} {k}" for k, n in report.get("rejected", {}).items()) or "none"
        print(
            f"  read:      {report.get('lines', 0):,} entries ({report.get('encoding', '?')}); "
            f"skipped: {rejected}; duplicates: {report.get('duplicates', 0):,}; "
            f"accents dropped: {report.get('accents_dropped', 0):,}"
        )
    if lex.profile:
        print(f"  profile:   {lex.profile}: {len(lex.blocked):,} words blocked, {len(lex.added):,} added")
    print(f"  cache:     {m.get('cache_file')} (built {m.get('built_at')} in {m.get('build_seconds')} s)")
    print(
        f"  structures: DAWG {lex.dawg.node_count:,} nodes / {lex.dawg.edge_count:,} edges, "
        f"reverse DAWG {lex.reverse_dawg.node_count:,} / {lex.reverse_dawg.edge_count:,}"
    )
    return 0


@_wrap
def cmd_check(args: argparse.Namespace) -> int:
    """Print each word with its verdict."""
    lex = _open(args)
    width = max(len(w) for w in args.words)
    all_valid = True
    for text in args.words:
        verdict = lex.check(text)
        shown = _show(lex, verdict.word) if verdict.word else text
        if verdict.valid:
            print(f"{shown.ljust(width)}  valid")
        else:
            all_valid = False
            print(f"{shown.ljust(width)}  NOT VALID: {verdict.reason}")
    return 0 if all_valid else 1


@_wrap
def cmd_anagram(args: argparse.Namespace) -> int:
    """Print the words a rack makes, longest first, with what each blank stands for."""
    lex = _open(args)
    words = lex.anagrams(args.letters, exact=args.exact, min_length=args.min_length)
    rack_text = "".join(args.letters.split()).replace(BLANK, "")
    rack = Counter(lex.canonical(rack_text) or "") if rack_text else Counter()
    for w in words:
        blanks = Counter(w) - rack
        note = (
            "  " + " ".join(f"{BLANK}={_show(lex, c)}" for c in sorted(blanks.elements())) if blanks else ""
        )
        print(_show(lex, w) + note)
    print(f"({len(words)} words)", file=sys.stderr)
    return 0 if words else 1


@_wrap
def cmd_match(args: argparse.Namespace) -> int:
    """Print the words fitting a pattern."""
    lex = _open(args)
    words = lex.match(args.pattern)
    for w in words:
        print(_show(lex, w))
    print(f"({len(words)} words)", file=sys.stderr)
    return 0 if words else 1


@_wrap
def cmd_extend(args: argparse.Namespace) -> int:
    """Print the words made by adding letters to a fragment."""
    lex = _open(args)
    words = lex.extensions(args.fragment, where=args.where, max_added=args.max_added)
    for w in words:
        print(_show(lex, w))
    print(f"({len(words)} words)", file=sys.stderr)
    return 0 if words else 1


@_wrap
def cmd_contained(args: argparse.Namespace) -> int:
    """Print the words inside a word."""
    lex = _open(args)
    words = lex.contained_words(args.word, min_length=args.min_length)
    for w in words:
        print(_show(lex, w))
    return 0 if words else 1


@_wrap
def cmd_import(args: argparse.Namespace) -> int:
    """Import a word list and print what was taken and skipped."""
    started = time.perf_counter()
    result = import_word_list(
        args.file,
        args.name,
        alphabet=args.language,
        join=args.join,
        encoding=args.encoding,
        title=args.title,
        licence=args.licence,
        replace=args.replace,
        strict=args.strict,
    )
    print(result.report.summary())
    details = result.report.details(limit=20)
    if details:
        print(details)
        if result.report.skipped > 20:
            print(f"... the full list of skipped lines is in {result.report_file}")
    print(
        f"imported lexicon {args.name!r}: {len(result.lexicon):,} words "
        f"({time.perf_counter() - started:.1f} s); try `wordtable lexicon check -l {args.name} WORD`"
    )
    return 0


@_wrap
def cmd_remove(args: argparse.Namespace) -> int:
    """Delete an imported lexicon."""
    remove_imported(args.name)
    print(f"removed the imported lexicon {args.name!r}")
    return 0


@_wrap
def cmd_build(args: argparse.Namespace) -> int:
    """Compile caches now and print how long each took."""
    specs = [find_spec(n) for n in args.names] if args.names else [s for s in all_specs() if s.installed]
    for spec in specs:
        started = time.perf_counter()
        lex = load(spec.name, profile=args.profile)
        took = time.perf_counter() - started
        print(
            f"{lex.name}{'@' + lex.profile if lex.profile else ''}: {len(lex):,} words ready in {took:.2f} s"
        )
    return 0


def _print_profile(p: Profile) -> None:
    where = "saved edits" if p.saved else "built-in defaults"
    print(f"{p.name}: {p.description}")
    print(f"  ({where})")
    print(f"  lexicon:  {p.lexicon or 'the game chooses (default enable)'}")
    print(f"  kid-safe: {'on' if p.kid_safe else 'off'}")
    print(f"  allow:    {' '.join(p.allow) if p.allow else '-'}")
    print(f"  block:    {' '.join(p.block) if p.block else '-'}")


@_wrap
def cmd_profile_list(args: argparse.Namespace) -> int:
    """Print one line per profile."""
    for name in profile_names():
        p = get_profile(name)
        flags = ("kid-safe" if p.kid_safe else "unfiltered") + (f", lexicon {p.lexicon}" if p.lexicon else "")
        print(f"{name:<16} {flags:<28} {len(p.allow)} allowed, {len(p.block)} blocked")
    return 0


@_wrap
def cmd_profile_show(args: argparse.Namespace) -> int:
    """Print a profile."""
    _print_profile(get_profile(args.name))
    return 0


@_wrap
def cmd_profile_create(args: argparse.Namespace) -> int:
    """Create a profile as a copy of another."""
    _print_profile(create_profile(args.name, copy_from=args.source))
    return 0


@_wrap
def cmd_profile_set(args: argparse.Namespace) -> int:
    """Change a profile's settings."""
    lexicon: str | None | bool = False
    if args.no_lexicon:
        lexicon = None
    elif args.lexicon is not None:
        find_spec(args.lexicon)
        lexicon = args.lexicon
    _print_profile(
        edit_profile(args.name, lexicon=lexicon, kid_safe=args.kid_safe, description=args.description)
    )
    return 0


@_wrap
def cmd_profile_allow(args: argparse.Namespace) -> int:
    """Add words to (or remove them from) a profile's allow list."""
    if args.remove:
        p = edit_profile(args.name, unallow=args.words)
    else:
        p = edit_profile(args.name, allow=args.words)
    _print_profile(p)
    return 0


@_wrap
def cmd_profile_block(args: argparse.Namespace) -> int:
    """Add words to (or remove them from) a profile's block list."""
    if args.remove:
        p = edit_profile(args.name, unblock=args.words)
    else:
        p = edit_profile(args.name, block=args.words)
    _print_profile(p)
    return 0


@_wrap
def cmd_profile_reset(args: argparse.Namespace) -> int:
    """Undo a built-in profile's edits, or delete a created profile."""
    existed = delete_profile(args.name)
    print(f"{args.name}: {'edits removed' if existed else 'had no edits'}")
    return 0
