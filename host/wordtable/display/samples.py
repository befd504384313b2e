"""Sample views of every screen, for ``wordtable display preview`` and the reference-image tests.

The states are typical moments of real games (the breakdowns are as the games write them), so a
preview shows what players will see.
"""

from __future__ import annotations

from ..games.base import ScoreLine
from .views import (
    BoardLostView,
    LastMove,
    LetterPickView,
    MenuView,
    MessageView,
    PlayerLine,
    ResultView,
    StatusView,
    TagProblemView,
    View,
)

_PRESS = ScoreLine("PRESS", 16, "P 3 + R 1 + E 1 + S 1 + S 1x2 = 8, x2 (double word at H8) = 16; read down from H8")

SAMPLES: dict[str, View] = {
    "status": StatusView(
        "wordgame", (PlayerLine("Ann", 16), PlayerLine("Bob", 0, active=True)),
        LastMove("Ann", "PRESS", 16, (_PRESS,)), "bag 80"),
    "status-clock": StatusView(
        "Wordability", (PlayerLine("Mia", 52, True, 83_000), PlayerLine("Leo", 47, False, 120_000),
                        PlayerLine("Sam", 38, False, 120_000), PlayerLine("Zoe", 61, False, 120_000)),
        LastMove("Zoe", "WORTHY", 52, (
            ScoreLine("WORTHY", 26, "W 4 + O 1 + R 1 + T 1 + H 4 + Y 5x3 = 26; read across from H4"),
            ScoreLine("all tiles used", 26, "all 7 tiles in one move"))),
        "bag 41"),
    "status-wordchain": StatusView(
        "WORDCHAIN", (PlayerLine("Ava", 212), PlayerLine("Ben", 187, True), PlayerLine("Cy", 240)),
        LastMove("Ava", "NAPE", 34, (
            ScoreLine("B: card points", 22, "N 5 + A 1 + P 8 + E 1 (link card)"),
            ScoreLine("D: four-letter word", 12, "a bonus of 12"))),
        "link: E"),
    "error": MessageView(
        "Not a word", ("QZX is not in the word list.", "Take your tiles back and try again."),
        footer="Ann's turn"),
    "error-long": MessageView(
        "Tiles not in a line",
        ("All the tiles of a move go in one row or one column. The tile on H8 and the tile on J10 are not in "
         "one line.", "Move one of them and press done again."),
        footer="Bob's turn"),
    "menu": MenuView("Choose a game", ("wordgame", "Wordability", "WORDCHAIN", "WORDCARD", "WordSnake"), 1,
                     note="seat 1"),
    "menu-options": MenuView("Wordability: options", (
        "Players: 3", "Turn time: 2 minutes", "Challenges: off", "Word list: ENABLE", "Start the game"), 4,
        buttons=("up", "down", "OK", "back")),
    "letter-pick": LetterPickView("Blank on H8: which letter?", selected=4, note="Ann"),
    "tag-problem": TagProblemView("This is a WORDCHAIN card. This game uses the wordgame tiles. Please put it back "
                                  "in its box.", "It lies on grid row 8, column 8."),
    "tag-unknown": TagProblemView("This piece is not known. Please take it off the table.",
                                  "It lies on seat 2's row, place 3."),
    "tag-duplicate": TagProblemView("Two pieces say they are E 5 of 13. Please take one of them away.",
                                    "They lie on grid row 1, column 1 and seat 1's row, place 4."),
    "board-lost": BoardLostView("The board at /dev/ttyACM0 stopped answering.",
                                (PlayerLine("Ann", 16), PlayerLine("Bob", 24))),
    "result": ResultView("wordgame", (PlayerLine("Ann", 312), PlayerLine("Bob", 287)), (0,),
                         "Bob used all his tiles first."),
    "message": MessageView("Enroll the tiles", ("Lay A 1 of 8 on grid row 1, column 1.", "104 pieces left."),
                           kind="info", footer="wordgame tiles"),
}
"""Every screen, by the name ``wordtable display preview`` takes."""
