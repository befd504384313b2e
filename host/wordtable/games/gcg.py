"""Game records in GCG, the standard record of crossword games, for wordgame and Wordability.

Export writes one line per turn::

    #character-encoding UTF-8
    #player1 Ann Ann
    #player2 Bob Bob
    >Ann: AEINRST? 8E ReTAINS +62 62      play across: row then column; down: column then row
    >Bob: DEQ -Q +0 0                      exchange
    >Bob: DEIOPRS - +0 0                   pass
    >Ann: ... -- -24 62                    the previous play withdrawn after a challenge
    >Ann: ... (challenge) +5 67            a failed challenge (five-point rule)
    >Ann: (DEQ) +26 400                    went out: the others' tiles
    >Bob: DEQ (DEQ) -13 350                tiles left on the rack
    >Bob: DEQ (time) -10 340               over time

Letters played through are ``.``, blanks lower case. Extensions (documented in docs/rules/positions.md):
``#wordtable-game NAME``, ``#wordtable-options {json}``, ``#wordtable-seed N``, ``#player3``/``#player4``,
``#note`` lines after a turn (``lost turn``, ``time ran out``, ``challenged by NICK``),
``#wordtable-end agreed``, ``#wordtable-position {json}`` (the position a game was set up from), and for Wordability's eight directions a position ``CELL/DIR`` such as
``H8/SE``: the word starts on H8 and reads towards the south-east.

Import replays the record: before each turn the player's rack is set to the recorded one and the
draws are arranged so that the next recorded rack comes up; every score is checked against the record.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..lexicon.protocol import Lexicon
from . import registry
from .base import GameError, InvalidMoveError
from .crossword import CrosswordGame, CrosswordOptions
from .crossword_board import ACROSS, BLANK, DIRECTION_NAMES, DIRECTION_VECTORS, DOWN
from .crossword_rules import CrosswordRules


class GcgError(InvalidMoveError):
    """A record that cannot be read or does not replay; the message names the line."""


def _nick(name: str, taken: set[str]) -> str:
    base = re.sub(r"\s+", "_", name.strip()) or "player"
    nick = base
    i = 2
    while nick in taken:
        nick = f"{base}{i}"
        i += 1
    taken.add(nick)
    return nick


def _plain_positions(rules: CrosswordRules) -> bool:
    """True if every word of the game reads right or down, which is all GCG's own positions (8H, H8) say;
    other games write ``CELL/DIR``."""
    return set(rules.directions) <= {ACROSS, DOWN}


def _position(game: CrosswordGame, squares: list[int], direction: int) -> str:
    g = game.rules.geometry
    first = squares[0]
    if _plain_positions(game.rules):
        row, col = divmod(first, g.width)
        return f"{row + 1}{chr(65 + col)}" if direction == ACROSS else f"{chr(65 + col)}{row + 1}"
    return f"{g.name(first)}/{DIRECTION_NAMES[direction]}"


def export_gcg(game: CrosswordGame) -> str:
    """The game's record as GCG text (a running game too)."""
    taken: set[str] = set()
    nicks = [_nick(p.name, taken) for p in game.players]
    out = ["#character-encoding UTF-8", f"#wordtable-game {game.name}"]
    for i, player in enumerate(game.players):
        out.append(f"#player{i + 1} {nicks[i]} {player.name}")
    lex = getattr(game.lexicon, "name", None)
    if lex:
        out.append(f"#lexicon {lex}")
    out.append(f"#wordtable-seed {game.seed}")
    out.append(f"#wordtable-options {json.dumps(game.options.to_dict(), sort_keys=True)}")
    if game.starting_player:
        out.append(f"#wordtable-start {game.starting_player}")
    if game.setup is not None:
        out.append("#wordtable-position " + json.dumps(game.setup, separators=(",", ":")))
    elif game.layout_override:
        out.append("#wordtable-premiums " + "/".join(game.rules.layout.rows))
    total = [0] * len(game.players)
    last_place_rack: dict[int, str] = {}
    g = game.rules.geometry
    board = game.board.__class__(g)
    if game.setup is not None:
        for r, row in enumerate(game.setup["board"]):
            for c, ch in enumerate(row):
                if ch != ".":
                    board.put(g.square(r, c), ch.upper(), -1, ch.islower())
    for index, rec in enumerate(game.history):
        a = rec.action
        kind = a.get("type")
        p = rec.player
        pts = rec.score.total if rec.score else 0
        total[p] += pts
        head = f">{nicks[p]}:"
        if kind == "place":
            squares = [g.parse(c["cell"]) for c in a["placements"]]
            new = {
                sq: (c["letter"].lower() if c["blank"] else c["letter"])
                for sq, c in zip(squares, a["placements"], strict=True)
            }
            word_squares, direction = _main_word(game, board, new)
            text = "".join(new.get(s, ".") for s in word_squares)
            out.append(
                f"{head} {a['rack']} {_position(game, word_squares, direction)} {text} +{pts} {total[p]}"
            )
            for sq, c in zip(squares, a["placements"], strict=True):
                board.put(sq, c["letter"], c["tile"], c["blank"])
            last_place_rack[p] = a["rack"]
        elif kind == "pass":
            out.append(f"{head} {a['rack']} - +0 {total[p]}")
            if a.get("reason"):
                out.append(f"#note {a['reason']}")
        elif kind == "exchange":
            out.append(f"{head} {a['rack']} -{a['letters']} +0 {total[p]}")
        elif kind == "withdrawn":
            out.append(f"{head} {last_place_rack.get(p, '')} -- {pts} {total[p]}")
            out.append(f"#note challenged by {nicks[a['challenger']]}")
            # the withdrawn tiles leave the board again
            prev = next(
                r for r in reversed(game.history[:index]) if r.action.get("type") == "place" and r.player == p
            )
            for c in prev.action["placements"]:
                board.lift(g.parse(c["cell"]))
        elif kind == "challenge":
            out.append(f"{head} {last_place_rack.get(p, '')} (challenge) +{pts} {total[p]}")
            out.append(f"#note challenged by {nicks[a['challenger']]}")
        elif kind == "end":
            if a.get("others") is not None:
                out.append(f"{head} ({a['others']}) +{pts} {total[p]}")
            else:
                out.append(f"{head} {a['rack']} ({a['rack']}) {pts} {total[p]}")
        elif kind == "time_penalty":
            out.append(f"{head} {game.rack_letters(p)} (time) {pts} {total[p]}")
        elif kind == "agree_end":
            out.append("#wordtable-end agreed")
    return "\n".join(out) + "\n"


def _main_word(game: CrosswordGame, board: Any, new: dict[int, str]) -> tuple[list[int], int]:
    """The squares of the main word of a play (in reading order) and its direction."""
    rules = game.rules
    letters = board.letters
    squares = sorted(new)
    axes: tuple[int, ...]
    if len(squares) > 1:
        a = rules.geometry.axis_of(squares[0], squares[1])
        assert a is not None
        axes = (a,)
    else:
        axes = rules.axes
    step = rules.geometry.step
    for a in axes:
        s = squares[0]
        while step[a + 4][s] >= 0 and (letters[step[a + 4][s]] or step[a + 4][s] in new):
            s = step[a + 4][s]
        run = []
        while s >= 0 and (letters[s] or s in new):
            run.append(s)
            s = step[a][s]
        if len(run) > 1:
            # The rules' own reading decides the direction (backwards only if it reads so, and only
            # where the rules read backwards at all).
            word = rules.read(run, "".join(letters[s] or new[s].upper() for s in run), a, True)
            return list(word.squares), word.direction
    return squares, ACROSS


@dataclass
class _Event:
    line: int
    nick: str
    rack: str
    kind: str  # place, pass, exchange, withdrawn, challenge, end, time
    position: str = ""
    word: str = ""
    letters: str = ""
    score: int = 0
    total: int = 0
    notes: list[str] = field(default_factory=list)


_POSITION = re.compile(r"\d+[A-Za-z]|[A-Za-z]\d+|[A-Za-z]\d+/[A-Za-z]{1,2}")
_MOVE = re.compile(r"^>(?P<nick>[^:\s]+):\s*(?P<rest>.*)$")


def _parse_event(lineno: int, nick: str, rest: str) -> _Event:
    parts = rest.split()

    def bad() -> GcgError:
        return GcgError(f"line {lineno}: cannot read {rest!r} as a turn")

    if len(parts) < 2:
        raise bad()
    try:
        total = int(parts[-1])
        score = int(parts[-2])
    except ValueError:
        raise bad() from None
    body = parts[:-2]
    if len(body) == 1 and body[0].startswith("(") and body[0].endswith(")"):
        return _Event(lineno, nick, "", "end", letters=body[0][1:-1], score=score, total=total)
    if len(body) < 1:
        raise bad()
    rack, rest_body = body[0], body[1:]
    if rack.startswith(("-", "(")) or (
        len(body) == 2 and _POSITION.fullmatch(body[0]) and not body[1].startswith(("(", "-"))
    ):
        # a rack is optional in GCG; a line without one starts with the move
        rack, rest_body = "", body
    if rest_body == ["-"]:
        return _Event(lineno, nick, rack, "pass", score=score, total=total)
    if rest_body == ["--"]:
        return _Event(lineno, nick, rack, "withdrawn", score=score, total=total)
    if rest_body == ["(challenge)"]:
        return _Event(lineno, nick, rack, "challenge", score=score, total=total)
    if rest_body == ["(time)"]:
        return _Event(lineno, nick, rack, "time", score=score, total=total)
    if len(rest_body) == 1 and rest_body[0].startswith("(") and rest_body[0].endswith(")"):
        return _Event(lineno, nick, rack, "end", letters=rest_body[0][1:-1], score=score, total=total)
    if len(rest_body) == 1 and rest_body[0].startswith("-"):
        return _Event(lineno, nick, rack, "exchange", letters=rest_body[0][1:], score=score, total=total)
    if len(rest_body) == 2:
        return _Event(
            lineno, nick, rack, "place", position=rest_body[0], word=rest_body[1], score=score, total=total
        )
    raise bad()


def _placements(game: CrosswordGame, ev: _Event) -> list[dict[str, Any]]:
    g = game.rules.geometry
    pos = ev.position
    m_across = re.fullmatch(r"(\d+)([A-Za-z])", pos)
    m_down = re.fullmatch(r"([A-Za-z])(\d+)", pos)
    m_dir = re.fullmatch(r"([A-Za-z]\d+)/([A-Za-z]{1,2})", pos)
    try:
        if m_dir:
            start = g.parse(m_dir.group(1))
            name = m_dir.group(2).upper()
            if name not in DIRECTION_NAMES:
                raise GcgError(
                    f"line {ev.line}: unknown direction {name}; use one of {' '.join(DIRECTION_NAMES)}"
                )
            direction = DIRECTION_NAMES.index(name)
        elif m_across:
            start = g.parse(f"{m_across.group(2)}{m_across.group(1)}")
            direction = ACROSS
        elif m_down:
            start = g.parse(pos)
            direction = DOWN
        else:
            raise GcgError(f"line {ev.line}: {pos!r} is not a position (8H across, H8 down, H8/SE)")
    except GcgError:
        raise
    except InvalidMoveError as e:
        raise GcgError(f"line {ev.line}: {e}") from None
    if direction not in game.rules.directions:
        raise GcgError(f"line {ev.line}: {game.name} words do not read {DIRECTION_NAMES[direction]}")
    dr, dc = DIRECTION_VECTORS[direction]
    r, c = divmod(start, g.width)
    out = []
    for i, ch in enumerate(ev.word):
        rr, cc = r + i * dr, c + i * dc
        if not (0 <= rr < g.height and 0 <= cc < g.width):
            raise GcgError(f"line {ev.line}: the word {ev.word} runs off the board")
        if ch != ".":
            out.append({"cell": g.name(rr * g.width + cc), "letter": ch})
    return out


def import_gcg(text: str, lexicon: Lexicon, game_name: str | None = None) -> CrosswordGame:
    """Replay a GCG record into a game; GcgError naming the line when it cannot be read or replayed."""
    headers: dict[str, str] = {}
    players: list[tuple[str, str]] = []
    events: list[_Event] = []
    agreed_end = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, _, value = line[1:].partition(" ")
            m = re.fullmatch(r"player(\d)", key)
            if m:
                nick, _, full = value.strip().partition(" ")
                players.append((nick, full.strip() or nick))
            elif key == "note":
                if events:
                    events[-1].notes.append(value.strip())
            elif key == "wordtable-end":
                agreed_end = value.strip() == "agreed"
            else:
                headers[key] = value.strip()
            continue
        m2 = _MOVE.match(line)
        if not m2:
            raise GcgError(f"line {lineno}: {line!r} is neither a #pragma nor a >turn line")
        events.append(_parse_event(lineno, m2.group("nick"), m2.group("rest")))
    name = (
        game_name
        or headers.get("wordtable-game")
        or ("wordability" if any("/" in e.position for e in events) else "wordgame")
    )
    spec = registry.get(name)
    if not spec.board:
        raise GcgError(f"GCG records crossword games ({', '.join(registry.names(board=True))}), not {name}")
    cls: Any = spec.game
    if not players:
        raise GcgError("the record names no players (#player1 ..., #player2 ...)")
    nicks = [n for n, _ in players]
    try:
        options = (
            CrosswordOptions.from_dict(json.loads(headers["wordtable-options"]))
            if "wordtable-options" in headers
            else None
        )
        seed = int(headers.get("wordtable-seed", "0"))
        start = int(headers.get("wordtable-start", "0"))
        layout = None
        if "wordtable-premiums" in headers:
            from .crossword_board import Layout

            layout = Layout(cls.rules_class(lexicon).geometry, headers["wordtable-premiums"].split("/"))
        if "wordtable-position" in headers:
            game = spec.from_position(
                json.loads(headers["wordtable-position"]), lexicon=lexicon, options=options
            )
        else:
            game = cls(
                [full for _, full in players],
                lexicon=lexicon,
                seed=seed,
                options=options,
                starting_player=start,
                layout=layout,
            )
    except (ValueError, json.JSONDecodeError, GameError) as e:
        raise GcgError(f"the record's header cannot set up a {name} game: {e}") from None
    for i, ev in enumerate(events):
        if ev.nick not in nicks:
            raise GcgError(f"line {ev.line}: {ev.nick} is not one of the players ({', '.join(nicks)})")
        p = nicks.index(ev.nick)
        try:
            _replay(game, events, i, p, nicks)
        except GcgError:
            raise
        except GameError as e:
            raise GcgError(f"line {ev.line}: {e}") from None
        if not game.over and game.players[p].score != ev.total:
            raise GcgError(
                f"line {ev.line}: the record says {ev.nick} has {ev.total} but the replay gives "
                f"{game.players[p].score}"
            )
    if agreed_end and not game.over:
        game.apply({"type": "agree_end"})
    for p, nick in enumerate(nicks):
        last = next((e for e in reversed(events) if e.nick == nick), None)
        if last is not None and game.players[p].score != last.total:
            raise GcgError(
                f"line {last.line}: the record ends with {nick} on {last.total} but the replay gives "
                f"{game.players[p].score}"
            )
    return game


def _replay(game: CrosswordGame, events: list[_Event], i: int, p: int, nicks: list[str]) -> None:
    ev = events[i]
    challenger = next(
        (
            nicks.index(n[len("challenged by ") :])
            for n in ev.notes
            if n.startswith("challenged by ") and n[len("challenged by ") :] in nicks
        ),
        None,
    )
    if ev.kind in ("end",):
        return  # the game scores the end itself; the total is checked by the caller
    if ev.kind == "time":
        game.players[p].score += ev.score
        return
    if ev.kind == "pass" and any(n.startswith("lost turn") for n in ev.notes):
        return  # the game makes this pass itself after a failed challenge under the double rule
    if ev.kind in ("withdrawn", "challenge"):
        if challenger is None:
            challenger = (p + 1) % len(nicks)
        game.apply({"type": "challenge", "player": challenger})
        return
    if game.turn != p:
        raise InvalidMoveError(f"it is {nicks[game.turn]}'s turn in the replay, not {ev.nick}'s")
    if ev.rack:
        _force_rack(game, p, ev.rack)
    used = ""
    if ev.kind == "place":
        action: dict[str, Any] = {"type": "place", "placements": _placements(game, ev)}
        used = "".join(BLANK if c["letter"].islower() else c["letter"] for c in action["placements"])
    elif ev.kind == "exchange":
        action = {"type": "exchange", "letters": ev.letters}
        used = ev.letters
    else:
        action = {"type": "pass"}
    _stack_draws(game, events, i, p, used)
    before = game.players[p].score
    game.apply(action)
    if ev.kind == "place" and game.players[p].score - before != ev.score and not game.over:
        raise InvalidMoveError(
            f"the record scores this play {ev.score} but the rules give {game.players[p].score - before}"
        )


def _force_rack(game: CrosswordGame, p: int, letters: str) -> None:
    """Make the player's rack hold exactly ``letters`` (tiles swapped with the bag)."""
    game.bag.extend(game.racks[p])
    game.racks[p] = []
    for ch in letters:
        want = BLANK if ch == BLANK else ch.upper()
        pick = next((t for t in reversed(game.bag) if game.tiles[t].letter == want), None)
        if pick is None:
            raise InvalidMoveError(f"the rack {letters} needs a {want} but none is left in the bag")
        game.bag.remove(pick)
        game.racks[p].append(pick)


def _stack_draws(game: CrosswordGame, events: list[_Event], i: int, p: int, used: str) -> None:
    """Put the tiles the player's next recorded rack needs at the draw end of the bag."""
    nxt = next((e for e in events[i + 1 :] if e.nick == events[i].nick and (e.rack or e.kind == "end")), None)
    if nxt is None:
        return
    target = list(nxt.rack or nxt.letters)
    keep = [game.tiles[t].letter for t in game.racks[p]]
    for ch in used:
        if ch in keep:
            keep.remove(ch)
    for ch in keep:
        if ch in target:
            target.remove(ch)
    for ch in target:
        want = BLANK if ch == BLANK else ch.upper()
        pick = next((t for t in game.bag if game.tiles[t].letter == want), None)
        if pick is not None:
            game.bag.remove(pick)
            game.bag.append(pick)
