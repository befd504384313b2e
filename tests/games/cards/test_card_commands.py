"""``wordtable score`` and ``wordtable hint`` for the card games: JSON out, clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordtable import cli, lexicon


@pytest.fixture
def run(
    games_home: Path,
    enable: lexicon.Lexicon,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
):
    monkeypatch.setenv("WORDTABLE_HOME", str(games_home))

    def go(*argv: str) -> tuple[int, dict | None, str]:
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, (json.loads(out) if out.strip() else None), err

    return go


def test_score_prints_every_step_of_the_chain(run) -> None:
    code, out, _ = run("score", "--game", "wordchain", "--cards", "K♠3,N♥7,O♦1,P♣8", "--link", "K")
    assert code == 0
    assert out["word"] == "KNOP" and out["is_word"] is True and out["lexicon"] == "enable"
    assert [(s["rule"], s["points"], s["total"]) for s in out["steps"]] == [("B", 19, 19), ("J", 6, 25)]
    assert out["total"] == 25


def test_score_takes_the_ascii_notation_and_a_link_elsewhere(run) -> None:
    code, out, _ = run("score", "--game", "wordchain", "--cards", "H/S/7,A/H/1,T/D/2", "--link", "T/D/2")
    assert code == 0
    assert out["link_position"] == 2
    assert [(s["rule"], s["total"]) for s in out["steps"]] == [("B", 10), ("L", 7)]


def test_score_with_all_cards_and_house_options(run) -> None:
    code, out, _ = run("score", "--game", "wordchain", "--cards", "D♥6,E♥1,N♥4", "--all-cards")
    assert [(s["rule"], s["total"]) for s in out["steps"]] == [("B", 11), ("E", 13), ("I", 20), ("J", 32)]
    code, out, _ = run(
        "score", "--game", "wordchain", "--cards", "D♥6,E♥1,N♥4", "--options", '{"scoring": "simple"}'
    )
    assert out["total"] == 3


def test_score_says_when_the_cards_make_no_word(run) -> None:
    code, out, _ = run("score", "--game", "wordchain", "--cards", "K♠3,T♥2,P♣8")
    assert code == 0 and out["is_word"] is False and out["why_not"] == "not in enable"


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--cards", "K♠3,N♥x"], "unknown card code 'N♥x'"),
        (["--cards", "K♠3,N"], "N: scoring needs each card's letter, suit and number"),
        (["--cards", "K♠3,*"], "say which letter the Multicard stands for"),
        (["--cards", "K♠3,N♥7", "--link", "Q"], "the word has no card Q for the link"),
        (["--cards", "K♠3,N♥7", "--options", "{dice: 2}"], "--options is not JSON"),
        (
            ["--cards", "K♠3,N♥7", "--options", '{"dicey": 2}'],
            "unknown option(s) for WordchainOptions: dicey",
        ),
        (["--cards", ""], "--cards is empty"),
    ],
)
def test_bad_input_is_one_clear_line_and_status_2(run, argv: list[str], message: str) -> None:
    code, out, err = run("score", "--game", "wordchain", *argv)
    assert code == 2 and out is None
    assert message in err and err.count("\n") == 1


def test_unknown_game_lists_the_games(run) -> None:
    code, _, err = run("score", "--game", "chess", "--cards", "K♠3")
    assert code == 2 and "no score for game 'chess' (games: " in err and "wordchain" in err


def test_hint_lists_the_best_words_with_the_cards_to_lay(run) -> None:
    hand = "D♥6,T♦6,D♠5,N♠4,G♦7,B♥8,O♣2,E♥3,S♣5,I♠1,E♠2,A♦2"
    code, out, _ = run("hint", "--game", "wordchain", "--hand", hand, "--link", "P♣8", "--top", "3")
    assert code == 0 and len(out["words"]) == 3
    best = out["words"][0]
    assert best["cards"][0] == "P♣8" and best["action_cards"][0] == "@"
    assert best["score"] == best["steps"][-1]["total"]
    assert [w["value"] for w in out["words"]] == sorted((w["value"] for w in out["words"]), reverse=True)


def test_hint_strengths_and_dice(run) -> None:
    hand = "D♥6,T♦6,D♠5,N♠4,G♦7,B♥8,O♣2,E♥3,S♣5,I♠1,E♠2,A♦2"
    _, beginner, _ = run(
        "hint", "--game", "wordchain", "--hand", hand, "--link", "P♣8", "--strength", "beginner"
    )
    assert all(len(w["cards"]) <= 4 for w in beginner["words"])
    _, dice, _ = run("hint", "--game", "wordchain", "--hand", hand, "--link", "P♣8", "--dice", "2")
    assert all(len(w["cards"]) <= 3 for w in dice["words"])
    code, _, err = run(
        "hint", "--game", "wordchain", "--hand", hand, "--link", "P♣8", "--strength", "grandmaster"
    )
    assert code == 2 and "--strength must be one of beginner, club, strongest" in err
    code, _, err = run("hint", "--game", "wordchain", "--hand", hand)
    assert code == 2 and "--link is needed" in err
