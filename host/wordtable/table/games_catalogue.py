"""The five games as the session offers them: title, game class, table adapter, how to start one
(optionally from a position), and how to restore a saved one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games.base import Game
from .adapters.base import Adapter


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str

    def game_class(self) -> type[Game]:
        from ..games.wordability import Wordability
        from ..games.wordcard import WordcardGame
        from ..games.wordchain import WordchainGame
        from ..games.wordgame import Wordgame
        from ..games.wordsnake import WordsnakeGame

        return {"wordgame": Wordgame, "wordability": Wordability, "wordchain": WordchainGame,
                "wordcard": WordcardGame, "wordsnake": WordsnakeGame}[self.name]  # type: ignore[return-value]

    def adapter_class(self) -> type[Adapter]:
        from .adapters import ADAPTERS

        return ADAPTERS[self.name]

    def new(self, players: list[str], lexicon: Any, seed: int, position: dict[str, Any] | None = None) -> Game:
        """A new game; ``position`` (docs/table.md, "Positions") sets it up near an end, for short games."""
        cls: Any = self.game_class()
        if self.name in ("wordgame", "wordability"):
            if position is not None:
                from ..games.position import game_from_position

                data = dict(position, game=self.name, players=players)
                data.setdefault("seed", seed)
                return game_from_position(data, lexicon)
            return cls(players, lexicon, seed)
        opts = None
        if position is not None and position.get("options"):
            from ..games import wordcard, wordchain, wordsnake

            option_types: dict[str, Any] = {"wordchain": wordchain.WordchainOptions, "wordcard": wordcard.WordcardOptions,
                            "wordsnake": wordsnake.WordsnakeOptions}
            opts = option_types[self.name].from_dict(dict(position["options"]))
        game = cls(players, seed=seed, options=opts, lexicon=lexicon)
        if position is not None:
            if self.name == "wordchain":
                game.set_position(position["hands"], position["link"], position.get("tops"), position.get("current"))
            elif self.name == "wordsnake":
                game.set_position(position["hands"], position["centre"])
            elif self.name == "wordcard":
                game.set_position(position["hands"], position.get("stock"), position.get("discards"),
                                  position.get("current"))
        return game

    def restore(self, state: dict[str, Any], lexicon: Any) -> Game:
        cls: Any = self.game_class()
        return cls.from_dict(state, lexicon)


ALL_GAMES: tuple[GameEntry, ...] = (
    GameEntry("wordgame", "wordgame"),
    GameEntry("wordability", "Wordability"),
    GameEntry("wordchain", "WORDCHAIN"),
    GameEntry("wordcard", "WORDCARD"),
    GameEntry("wordsnake", "WordSnake"),
)


def _playable() -> tuple[GameEntry, ...]:
    from .adapters import ADAPTERS

    return tuple(g for g in ALL_GAMES if g.name in ADAPTERS)


GAMES: tuple[GameEntry, ...] = _playable()
"""The games the table can play now (those with an adapter), in menu order."""
BY_NAME = {g.name: g for g in GAMES}
