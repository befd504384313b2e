"""Export of a finished game: JSON (every game) and GCG (the crossword games, via games/gcg.py)."""

from __future__ import annotations

from typing import Any

from ..games import registry
from ..games.gcg import export_gcg
from ..lexicon.protocol import Lexicon
from .database import StoreError
from .store import Store

EXPORT_FORMAT = "wordtable-game"
EXPORT_VERSION = 1


def _finished(store: Store, game_id: int) -> Any:
    row = store.game(game_id)
    if not row.finished:
        raise StoreError(f"game {game_id} ({row.game}) is not finished yet; only finished games are exported")
    return row


def game_json(store: Store, game_id: int) -> dict[str, Any]:
    """A finished game as one JSON document: who played what, every move with its score, the result,
    and the final state (``Game.from_dict`` reads it back)."""
    row = _finished(store, game_id)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game": row.game,
        "options": row.options,
        "players": row.players,
        "seed": row.seed,
        "started_at": row.started_at,
        "finished_at": row.finished_at,
        "result": row.result,
        "moves": [
            {
                "seq": m.seq,
                "player": m.player,
                "action": m.action,
                "score": m.score,
                "now_ms": m.now_ms,
                "note": m.note,
                "at": m.at,
            }
            for m in store.moves(game_id)
        ],
        "state": row.state,
    }


def game_gcg(store: Store, game_id: int, lexicon: Lexicon) -> str:
    """A finished crossword game (wordgame, Wordability) as a GCG record."""
    row = _finished(store, game_id)
    board = registry.names(board=True)
    if row.game not in board:
        raise StoreError(
            f"GCG records crossword games ({', '.join(sorted(board))}); game {game_id} is "
            f"{row.game}: export it as JSON"
        )
    game: Any = registry.get(row.game).restore(row.state, lexicon)
    return export_gcg(game)
