"""What the rest of the host needs from a lexicon, as a type: :class:`Lexicon`.

Games, bots, adapters, the session and the page are handed a lexicon; none of them opens a word list.
They see it through this protocol, so a reader knows exactly which questions a game may ask (is this a
word, why not, which words fit), and a test can hand a game any word list that answers them.
:class:`~wordtable.lexicon.lexicon.CompiledLexicon` (what :func:`wordtable.lexicon.load` returns) is the
one the table plays with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .alphabet import Alphabet
    from .dawg import Dawg
    from .lexicon import Verdict


@runtime_checkable
class Lexicon(Protocol):
    """A word list as games, bots and the table use it. All words are canonical (upper case, one code
    point per tile letter, see :mod:`.alphabet`); every query accepts any spelling."""

    alphabet: Alphabet
    """The letters, their order (the DAWGs' letter numbering) and the spelling rules."""
    dawg: Dawg
    """The words as a DAWG, for move generators."""
    reverse_dawg: Dawg
    """The words spelt backwards, for games that read right to left or extend to the front."""

    @property
    def name(self) -> str:
        """The lexicon's name (``enable``, ``de``, an imported list's name)."""
        ...

    def is_word(self, text: str) -> bool:
        """True when ``text`` is a word; never raises for odd input."""
        ...

    def check(self, text: str) -> Verdict:
        """Like :meth:`is_word`, with the canonical word and, when it is not a word, the reason."""
        ...

    def anagrams(
        self, letters: str, *, exact: bool = False, min_length: int = 2, max_length: int | None = None
    ) -> list[str]:
        """Words made from the multiset ``letters`` (``?`` a blank)."""
        ...

    def match(self, pattern: str) -> list[str]:
        """Words that fit ``pattern`` (``?`` one letter, ``*`` any run, ``[AEIOU]`` one of these)."""
        ...

    def extensions(
        self, fragment: str, *, where: str = "back", min_added: int = 1, max_added: int | None = None
    ) -> list[str]:
        """Words made by adding letters to ``fragment`` at the ``back``, the ``front`` or ``both``."""
        ...
