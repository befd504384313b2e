"""The session as the page shows it: one JSON-able snapshot, read on the session's own thread.

It reads only what the session already decided (its state, the game's public state, the view it last
put on the display) and computes nothing about the game: scores and breakdowns are the game's own
``MoveRecord`` values. What a person's rack holds is shown for people, never for bots.
"""

from __future__ import annotations

import re
from typing import Any

from ..display.views import (
    LetterPickView,
    MenuView,
    MessageView,
    ResultView,
    TagProblemView,
)
from ..games.base import MoveRecord
from ..table.sim_pieces import virtual_uid
from ..table.tags import load_set
from .tablestate import face_of

BUTTON_NAMES = ("OK", "previous", "next", "more")
"""The seat buttons during play (table/adapters/base.py)."""


def summary(action: dict[str, Any]) -> str:
    """A move in a few words: the words it made, or what it was (passed, swapped 3 tiles)."""
    words = action.get("words")
    if words and all(isinstance(w, str) for w in words):
        return " ".join(words)
    kind = str(action.get("type", ""))
    cards = action.get("cards")
    if kind == "word" and isinstance(cards, list):
        # Card notation (games/cards.py): the letters lead each card, "@" is the link card.
        letters = "".join(m.group(0) for c in cards if (m := re.match(r"[A-Z]+", str(c))))
        return letters or "a word"
    if kind == "exchange":
        n = len(action.get("tiles", []))
        return f"swapped {n} {'tile' if n == 1 else 'tiles'}"
    if kind == "place" and action.get("placements"):
        return "laid " + str(len(action["placements"])) + " tiles"
    return {
        "pass": "passed",
        "challenge": "challenged",
        "withdrawn": "word taken back",
        "agree_end": "ended the game",
    }.get(kind, kind.replace("_", " "))


def record_json(game: Any, rec: MoveRecord) -> dict[str, Any]:
    name = game.players[rec.player].name if 0 <= rec.player < len(game.players) else ""
    out: dict[str, Any] = {"player": name, "summary": summary(rec.action), "total": None, "lines": []}
    if rec.score is not None:
        out["total"] = rec.score.total
        out["lines"] = [
            {"label": ln.label, "points": ln.points, "detail": ln.detail} for ln in rec.score.lines
        ]
    if rec.note:
        out["note"] = rec.note
    return out


def dealt_pieces(game: Any, player: int, set_name: str) -> list[dict[str, Any]] | None:
    """What the game dealt to ``player``, as the page draws pieces, with the simulated piece's UID: a
    crossword game's rack (piece id = tile id), a card game's hand (piece id = card id). None for a
    game that deals nothing."""
    racks = getattr(game, "racks", None)
    hands = getattr(game, "hands", None)
    if racks is not None:
        ids = [str(t) for t in racks[player]]
    elif hands is not None and player < len(hands):
        if not _may_see_hand(game, player):
            return []
        ids = [str(card.id) for card in hands[player]]
    else:
        return None
    pieces = load_set(set_name)
    return [face_of(pieces.piece(i)).to_json(virtual_uid(set_name, i)) for i in ids]


def _may_see_hand(game: Any, player: int) -> bool:
    """The card games say in ``state(viewer)`` whose hand a player may see (WordSnake: not before GO!)."""
    state = getattr(game, "state", None)
    if not callable(state):
        return True
    try:
        players = state(player).get("players", [])
        return player < len(players) and "hand" in players[player]
    except Exception:  # a game whose state() wants more: show what was dealt
        return True


def view_json(view: Any, seat: int | None) -> dict[str, Any]:
    """The part of the display's current screen the page turns into controls: a menu's items (so a
    tap on one presses the seat buttons that choose it), the buttons' labels, and a message."""
    out: dict[str, Any] = {"buttons": list(BUTTON_NAMES)}
    if isinstance(view, MenuView):
        out["menu"] = {
            "title": view.title,
            "items": list(view.items),
            "selected": view.selected,
            "seat": seat,
        }
        out["buttons"] = ["OK", "up", "down", "back"]
    elif isinstance(view, LetterPickView):
        out["menu"] = {
            "title": view.title,
            "items": list(view.letters),
            "selected": view.selected,
            "seat": seat,
            "letters": True,
        }
        out["buttons"] = ["OK", "◀", "▶", "back"]
    elif isinstance(view, ResultView):
        out["buttons"] = ["again", "", "", "menu"]
    if isinstance(view, MessageView):
        out["message"] = " ".join((view.title + ":",) + tuple(view.lines))
        out["message_kind"] = view.kind
    elif isinstance(view, TagProblemView):
        out["message"] = view.message + (f" ({view.where})" if view.where else "")
        out["message_kind"] = "error"
    return out


def session_snapshot(session: Any) -> dict[str, Any]:
    """Everything the page shows of a ``table.session.Session``; call it on the session's thread."""
    game = session.game
    entry = session.entry
    adapter = session.adapter
    modal = getattr(adapter, "modal", None) if adapter is not None else None
    menu_seat = adapter.seat_of(modal.player) if modal is not None else None
    snap: dict[str, Any] = {
        "state": session.state,
        "game": None,
        "players": [],
        "history": [],
        "lost": session.lost,
    }
    snap.update(view_json(session.view, menu_seat))
    if game is None or entry is None:
        return snap
    seats = session.seats
    snap["game"] = {
        "name": entry.name,
        "title": entry.title,
        "zones": entry.layout_name,
        "players": len(game.players),
        "over": bool(game.is_over()),
    }
    turn = adapter.to_move() if adapter is not None else None
    sets = tuple(session.sets())
    snap["sets"] = list(sets)
    reserved: list[str] = []
    offer: list[str] = []
    for i, p in enumerate(game.players):
        bot = seats[i].bot if i < len(seats) else None
        line: dict[str, Any] = {
            "name": p.name,
            "score": p.score,
            "active": i == turn and not game.is_over(),
            "seat": adapter.seat_of(i) if adapter is not None else None,
            "kind": f"bot, {bot}" if bot else "person",
        }
        rack = dealt_pieces(game, i, sets[0]) if sets else None
        if rack is not None:
            if bot:
                # The robot lays exactly these pieces for the bot: the box must not hand them out.
                reserved += [t["uid"] for t in rack]
            else:
                line["rack"] = rack
                offer += [t["uid"] for t in rack]
        snap["players"].append(line)
    snap["reserved"] = reserved
    rules = getattr(game, "rules", None)
    if rules is not None and getattr(rules, "layout", None) is not None:
        snap["premiums"] = rules.layout.codes  # one code per board square (games/crossword_board.PREMIUMS)
        board = game.board
        snap["blanks"] = {str(sq): board.letters[sq] for sq in board.occupied() if board.blank[sq]}
    if getattr(game, "racks", None) is not None or getattr(game, "hands", None) is not None:
        # The game deals from its own bag or deck (the display names what is drawn): the box holds
        # just what was dealt to the people at the table, so no piece is ever in two places.
        snap["offer"] = offer
    snap["history"] = [record_json(game, rec) for rec in game.history]
    if session.state == "result":
        snap["winners"] = [game.players[i].name for i in game.winners()]
    return snap
