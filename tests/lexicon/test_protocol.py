"""The Lexicon protocol: what games, bots and the table may ask of a word list."""

from __future__ import annotations

from wordtable import lexicon
from wordtable.games.wordgame import Wordgame
from wordtable.lexicon.protocol import Lexicon


def test_the_loaded_lexicon_answers_every_question_of_the_protocol(enable: lexicon.CompiledLexicon) -> None:
    assert isinstance(enable, Lexicon)
    assert enable.name == "enable"
    assert enable.is_word("cat") and not enable.is_word("qxz")
    assert enable.check("qxz").valid is False
    assert enable.anagrams("CAT", exact=True) == ["ACT", "CAT"]
    assert "CAT" in enable.match("C?T")
    assert "CATS" in enable.extensions("CAT", max_added=1)


def test_a_word_list_that_answers_only_some_questions_is_not_a_lexicon() -> None:
    class WordsOnly:
        name = "tiny"

        def is_word(self, text: str) -> bool:
            return text.upper() in {"CAT", "DOG"}

    assert not isinstance(WordsOnly(), Lexicon)


def test_a_game_plays_with_the_lexicon_it_is_handed(enable: lexicon.CompiledLexicon) -> None:
    game = Wordgame(["Ann", "Bob"], lexicon=enable, seed=1)
    assert game.rules.lexicon is enable
