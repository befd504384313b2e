"""WORDCARD at the table: rows laid in the seat's meld area, the face-up card on the discard place.

* At the start of a turn OK takes the top card of the deck (the dealer's first turn may take the
  face-up card instead: seat menu).
* Rows lie in the meld area in reading order with an empty cell between two rows. A row of new cards is
  a new laydown; a row on the table with new cards at one or both ends is a tag-on (also on another
  player's row, where the house rules allow it: lay the cards in that row's area). A row may be moved
  along its area (it is known by its cards, not by its cells).
* OK in the turn commits what was laid: the new rows and tag-ons as one play, then the card on the
  discard place (if it came from the hand) as the discard, or "done" when the hand is empty.
* OK after a deal starts the next deal (with several deals).
* A wild card whose letter the game cannot infer opens the letter picker; a real card laid in a played
  wild card's cell swaps it (rule 3); the face-up card moved from the discard place into a row is taken
  with that play (``from_discard``). Rows across rows (rule 17) are not read from the table.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...ai import wordcard as wordcard_ai
from ...display.views import MessageView
from ...games.base import GameError, InvalidMoveError
from ...games.wordcard import WordcardGame
from ...lexicon.protocol import Lexicon
from ..layout import DISCARD, MELD, GameLayout
from ..tags import Piece
from .base import (
    OK,
    Action,
    Adapter,
    BotStep,
    LetterModal,
    Reply,
    Table,
    hand_for_hint,
    reveal_action,
    unshown_hands,
)
from .registry import register_adapter


@register_adapter
class WordcardAdapter(Adapter):
    game_name: ClassVar[str] = "wordcard"
    game: WordcardGame

    def __init__(self, game: WordcardGame, layout: GameLayout, lexicon: Lexicon) -> None:
        super().__init__(game, layout, lexicon)
        self.wild_letters: dict[str, str] = {}
        """Letters chosen on the display for wild cards laid in this turn (card id -> letter)."""
        self.discard_cell = layout.zone(DISCARD).cells[0]
        self.areas = [layout.zone(MELD, seat).cells for seat in layout.seats]

    def to_move(self) -> int | None:
        g = self.game
        return None if g.phase in ("over", "deal_over", "choose") else g.current

    def _groups(self, player: int, table: Table) -> list[list[tuple[int, Piece]]]:
        """The rows in a player's area: runs of occupied cells in reading order."""
        out: list[list[tuple[int, Piece]]] = []
        run: list[tuple[int, Piece]] = []
        for cell in self.areas[player]:
            piece = table.pieces.get(cell)
            if piece is None:
                if run:
                    out.append(run)
                run = []
            else:
                run.append((cell, piece))
        if run:
            out.append(run)
        return out

    def _read(
        self, table: Table
    ) -> tuple[list[list[str]], list[dict[str, Any]], list[str], list[dict[str, Any]]]:
        """New rows of the player to move, tag-ons, problems, and wild cards replaced by real cards."""
        g = self.game
        on_table = {p.card.id for m in g.melds for p in m.cards}
        seen: set[int] = set()
        new_rows: list[list[str]] = []
        tag_ons: list[dict[str, Any]] = []
        swaps: list[dict[str, Any]] = []
        problems: list[str] = []
        for player in range(len(g.players)):
            for run in self._groups(player, table):
                ids = [str(p.game_id) for _, p in run]
                found = None
                for meld in g.melds:
                    found = self._match(ids, meld, on_table)
                    if found is not None:
                        break
                if found is not None:
                    meld, start, replaced = found
                    seen.add(meld.id)
                    cells = list(ids)
                    for j, real in replaced:
                        cells[start + j] = meld.cards[j].card.id  # the tag-on names the row as it was
                        swaps.append({"meld": meld.id, "card": f"#{real}"})
                    if len(ids) != len(meld.cards):
                        tag_ons.append({"meld": meld.id, "cells": [f"#{i}" for i in cells]})
                elif player == g.current:
                    new_rows.append([f"#{i}" for i in ids])
                else:
                    where = self.where(run[0][0])
                    problems.append(f"The cards at {where} are not a row of the game: take them back.")
        for meld in g.melds:
            if meld.id not in seen:
                text = "".join(p.letters or "?" for p in meld.cards)
                problems.append(
                    f"The row {text} ({self.name(meld.owner)}) is not on the table as it was played: "
                    f"please lay it again."
                )
        return new_rows, tag_ons, problems, swaps

    @staticmethod
    def _match(
        ids: list[str], meld: Any, on_table: set[str]
    ) -> tuple[Any, int, list[tuple[int, str]]] | None:
        """Where the row ``meld`` lies inside the run ``ids``: its start, and the wild cards of the row
        that a card not on the table now replaces (rule 3: the real card laid in the wild card's cell)."""
        key = [p.card for p in meld.cards]
        for start in range(len(ids) - len(key) + 1):
            replaced: list[tuple[int, str]] = []
            for j, card in enumerate(key):
                laid = ids[start + j]
                if laid == card.id:
                    continue
                if card.wild and laid not in on_table:
                    replaced.append((j, laid))
                    continue
                break
            else:
                return meld, start, replaced
        return None

    def _face_up_in_play(self, table: Table) -> bool:
        """The player to move laid the face-up card in her area: she takes it with the play (rule 11)."""
        g = self.game
        top = g.discards.cards[-1] if g.discards.cards else None
        return (
            top is not None
            and g.phase == "take"
            and any(
                str(p.game_id) == top.id
                for c in self.areas[g.current]
                if (p := table.pieces.get(c)) is not None
            )
        )

    def problems(self, table: Table) -> list[str]:
        g = self.game
        if g.phase in ("over", "deal_over"):
            return []
        out = self._read(table)[2]
        top = g.discards.cards[-1] if g.discards.cards else None
        piece = table.pieces.get(self.discard_cell)
        hand = {c.id for c in g.hands[g.current].cards}
        if self._face_up_in_play(table):
            return out  # the face-up card is taken with the play; the discard place may hold the discard
        if top is not None and piece is None:
            out.append(
                f"The face-up card {top.face} belongs on the discard place ({self.where(self.discard_cell)})."
            )
        elif (
            piece is not None
            and piece.game_id != (top.id if top else None)
            and piece.game_id not in hand
            and not self.dealt_by_people
        ):
            out.append(f"The discard place should show {top.face if top else 'nothing'}, not {piece.label}.")
        return out

    def info(self, table: Table) -> str:
        g = self.game
        if g.phase == "take":
            return f"{self.name(g.current)}: OK takes a card"
        if g.phase == "play":
            return f"{self.name(g.current)}: lay rows, discard, OK"
        if g.phase in ("deal_over", "over") and self.hands_to_show():
            return "lay the cards left in your hand in your area after your rows, then OK"
        if g.phase == "deal_over":
            return "OK for the next deal"
        return ""

    def ok(self, player: int, table: Table, at_ms: int) -> Reply:
        g = self.game
        if g.phase in ("deal_over", "over") and self.hands_to_show():
            return self._show_hands(table, at_ms)
        if g.phase == "deal_over":
            return Reply(actions=[({"type": "next_deal"}, at_ms)])
        if g.phase == "over":
            return Reply(error="The game is over.")
        if player != g.current:
            return Reply(error=f"It is {self.name(g.current)}'s turn, not {self.name(player)}'s.")
        problems = self.open_problems(table)
        if problems:
            return Reply(error=problems[0])
        top = g.discards.cards[-1] if g.discards.cards else None
        piece = table.pieces.get(self.discard_cell)
        taking = self._face_up_in_play(table)
        if g.phase == "take" and not taking:
            turned: list[Action] = []
            if (
                self.dealt_by_people
                and piece is not None
                and top is not None
                and piece.game_id != top.id
                and self._turned_at_deal()
            ):
                turned.append(({"type": "reveal", "discard": f"#{piece.game_id}"}, at_ms))
            return Reply(actions=turned + [({"type": "take", "player": player}, at_ms)])
        new_rows, tag_ons, _, swaps = self._read(table)
        actions: list[Action] = []
        used = (
            sum(len(r) for r in new_rows)
            + sum(len(t["cells"]) for t in tag_ons)
            - sum(len(next(m for m in g.melds if m.id == t["meld"]).cards) for t in tag_ons)
        )
        if new_rows or tag_ons or swaps:
            play: dict[str, Any] = {"type": "play", "player": player}
            if new_rows:
                play["melds"] = new_rows
            if tag_ons:
                play["tag_ons"] = tag_ons
            if swaps:
                play["replace_wilds"] = swaps
            if taking:
                play["from_discard"] = 1
            actions.append((play, at_ms))
        hand = {c.id for c in g.hands[player].cards}
        discarding = (
            piece is not None
            and piece.game_id != (top.id if top else None)
            and (piece.game_id in hand or self.dealt_by_people)
        )
        if piece is not None and discarding:
            actions.append(({"type": "discard", "player": player, "card": f"#{piece.game_id}"}, at_ms))
            used += 1
        elif len(g.hands[player]) + taking == used and used:
            actions.append(({"type": "done", "player": player}, at_ms))
        if not actions:
            return Reply(error="Lay a row or put a card on the discard place, then press OK.")
        if self.dealt_by_people:
            on_table = {p.card.id for m in g.melds for p in m.cards}
            held = [c[1:] for r in new_rows for c in r] + [
                c[1:] for t in tag_ons for c in t["cells"] if c[1:] not in on_table
            ]
            held += [sw["card"][1:] for sw in swaps]
            if discarding and piece is not None:
                held.append(str(piece.game_id))
            if taking and top is not None:
                held = [i for i in held if i != top.id]  # face up: the table saw it
            actions.insert(0, reveal_action(player, held, at_ms))
        return self._with_wild_letters(player, actions, table, at_ms)

    def _with_wild_letters(self, player: int, actions: list[Action], table: Table, at_ms: int) -> Reply:
        """Name the wild cards of the play with the letters chosen; when the game needs a letter for one
        (several make words), open the letter picker for it and commit after the choice."""
        g = self.game
        by_id = g.deck.by_id()
        for action, _ in actions:
            if action["type"] != "play":
                continue
            for row in action.get("melds", []):
                row[:] = [self._named(t) for t in row]
            for tag in action.get("tag_ons", []):
                tag["cells"] = [self._named(t) for t in tag["cells"]]
            wild = next(
                (
                    t[1:]
                    for row in action.get("melds", [])
                    for t in row
                    if t[1:] in by_id and by_id[t[1:]].wild
                ),
                None,
            )
            question = self._letter_question(player, actions)
            if question and wild is not None:

                def chosen(letter: str, t: Table, wild: str = wild) -> Reply:
                    self.wild_letters[wild] = letter
                    return self.ok(player, t, at_ms)

                self.modal = LetterModal(
                    player, f"{self.name(player)}: the wild card is", chosen, note=question
                )
                return Reply()
        return Reply(actions=actions)

    def _named(self, token: str) -> str:
        letter = self.wild_letters.get(token[1:]) if token.startswith("#") else None
        return f"{token}={letter}" if letter else token

    def _letter_question(self, player: int, actions: list[Action]) -> str:
        """The game's question when a wild card's letter is needed (checked on a copy), else ""."""
        g = self.game
        trial = type(g).from_dict(g.to_dict(), self.lexicon) if self.dealt_by_people else g
        try:
            for action, _ in actions:
                if action["type"] == "play":
                    trial.prepare_play(player, action)
                    break
                trial.apply(action)
        except InvalidMoveError as exc:
            if "which letter the wild card stands for" in str(exc):
                return str(exc)
        except GameError:
            pass
        return ""

    def committed(self, record: Any, table: Table) -> None:
        super().committed(record, table)
        if record.action.get("type") in ("play", "discard", "done"):
            self.wild_letters.clear()

    def _turned_at_deal(self) -> bool:
        g = self.game
        return len(g.discards) == 1 and not g.melds and g.turn_number == 1

    def hands_to_show(self) -> list[int]:
        if not self.dealt_by_people or self.game.phase not in ("deal_over", "over"):
            return []
        return unshown_hands(self.game)

    def _show_hands(self, table: Table, at_ms: int) -> Reply:
        """Deal over (dealt by people): the cards each player laid in her area after her rows are her
        hand; the game scores the deal again with them."""
        g = self.game
        on_table = {p.card.id for m in g.melds for p in m.cards}
        shown: list[Action] = []
        for seat in self.hands_to_show():
            held = [
                str(p.game_id)
                for c in self.areas[seat]
                if (p := table.pieces.get(c)) is not None and str(p.game_id) not in on_table
            ]
            if not held:
                return Reply(
                    error=f"{self.name(seat)}: lay the {len(g.hands[seat])} card(s) left in your hand in "
                    f"your area after your rows, then press OK."
                )
            shown.append(reveal_action(seat, held, at_ms))
        return Reply(actions=shown)

    def menu_items(self, player: int, table: Table) -> list[tuple[str, Any]]:
        g = self.game
        items: list[tuple[str, Any]] = []
        if player == g.current and g.phase == "take" and g.dealer_exchange and player == g.dealer:
            items.append(("take the face-up card", "take_discard"))
        if player == g.current and g.phase in ("take", "play"):
            items.append(("hint", "hint"))
        return items

    def menu(self, player: int, key: Any, table: Table, at_ms: int) -> Reply:
        if key == "take_discard":
            return Reply(actions=[({"type": "take", "player": player, "source": "discard"}, at_ms)])
        if key == "hint":
            game = self.game
            if self.dealt_by_people:
                on_table = {p.card.id for m in game.melds for p in m.cards}
                laid = [
                    str(p.game_id)
                    for c in self.areas[player]
                    if (p := table.pieces.get(c)) is not None and str(p.game_id) not in on_table
                ]
                found = hand_for_hint(game, player, laid, "in your area")
                if isinstance(found, str):
                    return Reply(view=MessageView("Hint", (found,), "info"))
                game = found
            lay = wordcard_ai.best_laydown(game, player, strength="club", budget_s=0.3)
            lines = tuple(_hint_line(r) for r in lay.rows[:3]) or ("No row to lay: discard a card.",)
            return Reply(view=MessageView("Hint", lines, "info"))
        return Reply()

    def tidy(self, table: Table) -> BotStep | None:
        g = self.game
        top = g.discards.cards[-1] if g.discards.cards else None
        piece = table.pieces.get(self.discard_cell)
        if g.phase in ("take", "play") and top is not None and piece is None:
            return BotStep(lay=((self.discard_cell, self.sets[0], str(top.id)),), buttons=())
        return None

    # -- bots: take, lay the best new rows after the bot's last row, discard --------------------------
    def bot_step(self, player: int, strength: str, table: Table) -> BotStep | None:
        g = self.game
        if player != g.current or g.phase not in ("take", "play"):
            return None
        if g.phase == "take":
            return BotStep(buttons=(OK,))
        trial = type(g).from_dict(g.to_dict(), self.lexicon)
        lay = wordcard_ai.best_laydown(trial, player, strength=strength, budget_s=0.3)
        area = self.areas[player]
        used = [i for i, c in enumerate(area) if c in table.pieces]
        k = (max(used) + 2) if used else 0
        steps = []
        kept = {c.id for c in g.hands[player].cards}
        for row in lay.rows:
            cards = [p.card for p in row.hand_cards]
            if len(cards) != len(row.tokens()) or k + len(cards) > len(area):
                continue  # rows using cards on the table (tag-ons) are left to people
            for card in cards:
                steps.append((area[k], self.sets[0], card.id))
                kept.discard(card.id)
                k += 1
            k += 1
        hand = [c for c in g.hands[player].cards if c.id in kept]
        if hand:
            worst = max(hand, key=lambda c: (not c.wild, c.points))
            steps.append((self.discard_cell, self.sets[0], worst.id))
        return BotStep(lay=tuple(steps), lift=(self.discard_cell,) if hand else (), buttons=(OK,))


def _hint_line(row: wordcard_ai.Row) -> str:
    """A hinted row as the player reads the cards: the word, the cards to lay from the hand by
    their faces (not their tag ids), the points."""
    faces = " ".join(p.face for p in row.hand_cards)
    if row.meld is not None:
        return f"{row.text}: add {faces} ({row.points})"
    return f"{row.text}: {faces} ({row.points})"
