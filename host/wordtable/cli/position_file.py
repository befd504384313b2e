"""Position files read for the board-game commands (``wordtable move``, ``moves``, ``bot``, ``hint``):
the file is opened here, and the game is set up from its data by wordtable.games.position."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..games.position import PositionError


def read_position(path: str | Path) -> dict[str, Any]:
    """Read a position file (JSON); PositionError with the reason if it cannot be read."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PositionError(f"there is no position file {p}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PositionError(f"cannot read {p}: {e}") from None
    except json.JSONDecodeError as e:
        raise PositionError(f"{p} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    if not isinstance(data, dict):
        raise PositionError(f"{p} must hold a JSON object with game, board, racks ...")
    return data
