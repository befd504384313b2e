"""wordgame and Wordability at the table: tiles laid on the board grid, committed with OK.

* The move is every tile on a board square the committed game has empty; lifting one takes it out.
* Tiles of one letter are interchangeable: the game deals from its own bag (the display names the
  letters a player draws), so a tile whose own id is not on the player's rack counts as one of the
  same letter that is (a blank as a blank).
* A blank's letter is inferred when exactly one letter makes every word valid; otherwise the player
  picks it on the display (previous/next, OK).
* The seat menu (more): pass, exchange (the tiles laid on the board are the ones swapped), challenge
  (another player's last move, under a challenge rule), hint, end the game (all agree).
* Tiles left on the board that the game does not have there (exchanged, withdrawn after a challenge)
  are reported until they are taken off; a tile lifted from a committed word is reported until it is
  put back.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...ai import crossword_bots
from ...display.views import MessageView
from ...games.base import GameError, MoveRecord
from ...games.crossword import CrosswordGame
from ...games.crossword_board import BLANK
from ...lexicon.protocol import Lexicon
from ..layout import BOARD, GameLayout
from ..tags import Piece
from .base import OK, Adapter, BotStep, LetterModal, Reply, Table
from .registry import register_adapter

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class CrosswordAdapter(Adapter):
    """Shared by the crossword board games (wordgame, Wordability); a variant declares its ``game_name``."""

    game: CrosswordGame

    def __init__(self, game: CrosswordGame, layout: GameLayout, lexicon: Lexicon) -> None:
        super().__init__(game, layout, lexicon)
        self.board_cells = layout.zone(BOARD).cells
        self.square_of = {cell: sq for sq, cell in enumerate(self.board_cells)}
        self.blank_letters: dict[int, str] = {}
        """Letters chosen for blanks of the move being laid, by square."""
        self.leftover: dict[int, Piece] = {}
        """Tiles that lay on the board when an action took them out of the game (exchanged, withdrawn)."""

    def to_move(self) -> int | None:
        return None if self.game.over else self.game.turn

    def where(self, cell: int) -> str:
        sq = self.square_of.get(cell)
        return self.game.geometry.name(sq) if sq is not None else super().where(cell)

    def letter_of(self, piece: Piece) -> str:
        return self.game.tiles[int(piece.game_id)].letter

    # -- the table against the game -------------------------------------------------------------------
    def expected_cells(self) -> dict[int, str]:
        b = self.game.board
        return {self.board_cells[sq]: (BLANK if b.blank[sq] else b.letters[sq]) for sq in b.occupied()}

    def problems(self, table: Table) -> list[str]:
        out = []
        b = self.game.board
        for sq in b.occupied():
            cell = self.board_cells[sq]
            want = "a blank" if b.blank[sq] else b.letters[sq]
            piece = table.pieces.get(cell)
            if piece is None:
                out.append(f"The {want} on {self.where(cell)} was lifted. Please put it back.")
            elif (self.letter_of(piece) == BLANK) != bool(b.blank[sq]) or (
                not b.blank[sq] and self.letter_of(piece) != b.letters[sq]
            ):
                out.append(f"{self.where(cell)} should hold {want}, not {piece.label}. Please swap them.")
        for cell, piece in sorted(self.leftover.items()):
            if table.pieces.get(cell) == piece:
                out.append(
                    f"Please take the {piece.label.split(' ')[0]} off {self.where(cell)}: "
                    f"it is not in the game any more."
                )
        return out

    def pending(self, table: Table) -> list[tuple[int, Piece]]:
        """(square, piece) of every tile of the move being laid, in square order."""
        b = self.game.board
        out = []
        for cell, piece in table.pieces.items():
            sq = self.square_of.get(cell)
            if sq is not None and not b.letters[sq] and self.leftover.get(cell) != piece:
                out.append((sq, piece))
        return sorted(out, key=lambda x: x[0])

    def info(self, table: Table) -> str:
        pend = self.pending(table)
        if self.game.over:
            return ""
        who = self.name(self.game.turn)
        if not pend:
            return f"{who}: lay your tiles, then OK"
        letters = "".join(
            self.blank_letters.get(sq, "?") if self.letter_of(p) == BLANK else self.letter_of(p)
            for sq, p in pend
        )
        return f"{who} laid {letters}: OK to play"

    # -- the move ---------------------------------------------------------------------------------------
    def _resolve(self, player: int, pend: list[tuple[int, Piece]]) -> list[dict[str, Any]]:
        """Placement dicts with rack tile ids (same letter stands in for the tile the game dealt)."""
        free = list(self.game.racks[player])
        out = []
        for sq, piece in pend:
            tid = int(piece.game_id)
            if tid not in free:
                letter = self.letter_of(piece)
                tid = next((t for t in free if self.game.tiles[t].letter == letter), tid)
            if tid in free:
                free.remove(tid)
            item: dict[str, Any] = {"square": sq, "tile": tid}
            if self.game.tiles[tid].letter == BLANK and sq in self.blank_letters:
                item["letter"] = self.blank_letters[sq]
            out.append(item)
        return out

    def _infer_blanks(self, player: int, placements: list[dict[str, Any]]) -> None:
        """Give each blank without a letter the only letter that makes every word valid, if only one does."""
        open_blanks = [
            p for p in placements if "letter" not in p and self.game.tiles[p["tile"]].letter == BLANK
        ]
        if len(open_blanks) != 1:
            return  # two open blanks: 676 tries and rarely one answer; the players choose
        item = open_blanks[0]
        fits = []
        for letter in ALPHABET:
            item["letter"] = letter
            try:
                ev = self.game.evaluate(self.game.read_placements(placements, player))
            except GameError:
                continue
            finally:
                del item["letter"]
            if not ev.invalid:
                fits.append(letter)
        if len(fits) == 1:
            item["letter"] = fits[0]
            self.blank_letters[item["square"]] = fits[0]

    def ok(self, player: int, table: Table, at_ms: int) -> Reply:
        game = self.game
        if game.over:
            return Reply(error="The game is over.")
        if player != game.turn:
            return Reply(error=f"It is {self.name(game.turn)}'s turn, not {self.name(player)}'s.")
        problems = self.open_problems(table)
        if problems:
            return Reply(error=problems[0])
        pend = self.pending(table)
        if not pend:
            return Reply(
                error="Lay your tiles on the board first, then press OK. "
                "The more button has pass, exchange and hint."
            )
        placements = self._resolve(player, pend)
        self._infer_blanks(player, placements)
        for item in placements:
            if game.tiles[item["tile"]].letter == BLANK and "letter" not in item:
                sq = item["square"]

                def chosen(letter: str, t: Table, sq: int = sq) -> Reply:
                    self.blank_letters[sq] = letter
                    return self.ok(player, t, at_ms)

                self.modal = LetterModal(player, f"Blank on {game.geometry.name(sq)}: which letter?", chosen)
                return Reply()
        return Reply(actions=[({"type": "place", "player": player, "placements": placements}, at_ms)])

    # -- the seat menu ----------------------------------------------------------------------------------
    def menu_items(self, player: int, table: Table) -> list[tuple[str, Any]]:
        items: list[tuple[str, Any]] = []
        if player == self.game.turn:
            items += [("pass", "pass"), ("exchange the tiles laid", "exchange"), ("hint", "hint")]
        window = self.game.window
        if window is not None and window.get("player") != player:
            items.append(("challenge the last word", "challenge"))
        items.append(("end the game (all agree)", "agree_end"))
        return items

    def menu(self, player: int, key: Any, table: Table, at_ms: int) -> Reply:
        if key == "pass":
            return Reply(actions=[({"type": "pass", "player": player}, at_ms)])
        if key == "exchange":
            pend = self.pending(table)
            if not pend:
                return Reply(error="Lay the tiles you want to swap on the board, then choose exchange again.")
            tiles = [p["tile"] for p in self._resolve(player, pend)]
            return Reply(actions=[({"type": "exchange", "player": player, "tiles": tiles}, at_ms)])
        if key == "challenge":
            return Reply(actions=[({"type": "challenge", "player": player}, at_ms)])
        if key == "agree_end":
            return Reply(actions=[({"type": "agree_end"}, at_ms)])
        if key == "hint":
            found = crossword_bots.hints(self.game, top=3)
            lines = tuple(f"{h['placement']} ({h['direction']}): {h['score']}" for h in found) or (
                "No word fits this rack: pass or exchange.",
            )
            return Reply(view=MessageView("Hint", lines, "info"))
        return Reply()

    def committed(self, record: MoveRecord, table: Table) -> None:
        self.blank_letters.clear()
        b = self.game.board
        kind = record.action.get("type")
        if kind in ("exchange", "withdrawn", "pass"):
            for cell, piece in table.pieces.items():
                sq = self.square_of.get(cell)
                if sq is not None and not b.letters[sq]:
                    self.leftover[cell] = piece
        self.leftover = {c: p for c, p in self.leftover.items() if table.pieces.get(c) == p}

    def table_changed(self) -> None:
        super().table_changed()

    def timed(self, now_ms: int) -> list[MoveRecord]:
        return self.game.tick(now_ms)

    # -- bots ---------------------------------------------------------------------------------------------
    def bot_step(self, player: int, strength: str, table: Table) -> BotStep | None:
        if self.game.over or player != self.game.turn:
            return None
        choice = crossword_bots.choose(self.game, strength)
        action = choice.action
        if action.get("type") != "place":
            return BotStep(buttons=(3,) + _menu_path(self.menu_items(player, table), str(action.get("type"))))
        placements = self.game.read_placements(action["placements"], player)
        lay = []
        for p in placements:
            self.blank_letters[p.square] = p.letter if p.blank else ""
            lay.append((self.board_cells[p.square], self.sets[0], str(p.tile)))
        self.blank_letters = {sq: ch for sq, ch in self.blank_letters.items() if ch}
        return BotStep(
            lay=tuple(lay),
            buttons=(OK,),
            words=crossword_bots.main_word(self.game, choice.move) if choice.move is not None else "",
        )


def _menu_path(items: list[tuple[str, Any]], key: str) -> tuple[int, ...]:
    """The buttons that choose ``key`` in a just-opened seat menu."""
    keys = [k for _, k in items]
    if key not in keys:
        return (3,)  # close the menu again: nothing to choose
    return (2,) * keys.index(key) + (OK,)


@register_adapter
class WordgameAdapter(CrosswordAdapter):
    game_name: ClassVar[str] = "wordgame"


@register_adapter
class WordabilityAdapter(CrosswordAdapter):
    game_name: ClassVar[str] = "wordability"
