"""WORDCHAIN at the table: the link card on its place, the word's cards laid after it on the chain row.

* OK (the player to move): the word is the link card and the cards on the chain row, from its first
  place, without gaps (the link card may be moved into the row itself: rule L, for a penalty). After a
  double with the dice, a second word on the row below also starts on the link card.
* OK again (after a word): the draw screen: how many consonants and vowels to take (previous/next, OK).
  Meanwhile the player tidies the table: the word's last card goes on the link place, the others on
  the discard pile (the cards left on the row are reported until they are gone).
* The seat menu (more): pass, the five-card draw, challenge (the word just laid, before its draw), hint.
* Dealt by people (``deal: "table"``): the card on the link place before the first word is the link
  card people turned up, and the cards of a word are shown to the game before it (a ``reveal``), so
  any real card a player holds is accepted.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...ai import wordchain as wordchain_ai
from ...display.views import MessageView
from ...games.wordchain import ALL, CONSONANT, VOWEL, WordchainGame
from ...lexicon.protocol import Lexicon
from ..layout import CHAIN, CHAIN_DOUBLE, LINK, GameLayout
from ..tags import Piece
from .base import (
    NEXT,
    OK,
    Action,
    Adapter,
    BotStep,
    MenuModal,
    Reply,
    Table,
    hand_for_hint,
    reveal_action,
    unshown_hands,
)
from .registry import register_adapter


@register_adapter
class WordchainAdapter(Adapter):
    game_name: ClassVar[str] = "wordchain"
    game: WordchainGame

    def __init__(self, game: WordchainGame, layout: GameLayout, lexicon: Lexicon) -> None:
        super().__init__(game, layout, lexicon)
        self.link_cell = layout.zone(LINK).cells[0]
        self.chain = layout.zone(CHAIN).cells
        self.double = layout.zone(CHAIN_DOUBLE).cells if layout.has_zone(CHAIN_DOUBLE) else ()

    def to_move(self) -> int | None:
        if self.game.is_over():
            return None
        if self.game.phase == "draw" and self.game.pending is not None:
            return self.game.pending.player
        return self.game.current

    def _discarded(self) -> set[str]:
        return {c.id for pile in self.game.discards.values() for c in pile.cards}

    def problems(self, table: Table) -> list[str]:
        g = self.game
        if g.phase != "play" or g.is_over():
            return []  # while a word waits for its draw, the players tidy the table
        out = []
        link = table.pieces.get(self.link_cell)
        in_row = any(p.game_id == g.link.id for c, p in table.pieces.items() if c in self.chain)
        if link is None and not in_row:
            out.append(
                f"The link card {g.link.face} belongs on the link place ({self.where(self.link_cell)})."
            )
        elif link is not None and link.game_id != g.link.id and not self._turned_up(link):
            out.append(f"The link place should hold {g.link.face}, not {link.label}. Please swap them.")
        gone = self._discarded()
        for cell in self.chain + self.double:
            piece = table.pieces.get(cell)
            if piece is not None and piece.game_id in gone:
                out.append(
                    f"{piece.label} on {self.where(cell)} was played already: put it on the discard pile."
                )
        return out

    def _turned_up(self, link: Piece) -> bool:
        """Dealt by people: before the first word, the link place holds the card people turned up."""
        return self.dealt_by_people and not self.game.words_played

    def _row(self, table: Table, cells: tuple[int, ...]) -> list[Piece] | str:
        laid = [(i, table.pieces.get(c)) for i, c in enumerate(cells)]
        last = max((i for i, p in laid if p is not None), default=-1)
        gap = next((i for i, p in laid[: last + 1] if p is None), None)
        if gap is not None:
            return f"There is a gap on {self.where(cells[gap])}: lay the word without gaps."
        return [p for _, p in laid[: last + 1] if p is not None]

    def _tokens(self, row: list[Piece]) -> list[str]:
        return ["@" if p.game_id == self.game.link.id else f"#{p.game_id}" for p in row]

    def info(self, table: Table) -> str:
        g = self.game
        waiting = self.hands_to_show()
        if waiting:
            return f"{self.name(waiting[0])}: lay the cards left in your hand on the chain row, then OK"
        if g.is_over():
            return ""
        if g.phase == "draw" and g.pending is not None:
            return f"{self.name(g.pending.player)}: OK to draw {g.pending.used}"
        dice = f" dice {'+'.join(map(str, g.dice))}" if g.dice else ""
        return f"link {g.link.face}{dice}: {self.name(g.current)} lays a word, then OK"

    def ok(self, player: int, table: Table, at_ms: int) -> Reply:
        g = self.game
        if g.is_over() and self.hands_to_show():
            return self._show_hand(player, table, at_ms)
        if g.is_over():
            return Reply(error="The game is over.")
        if player != self.to_move():
            return Reply(error=f"It is {self.name(self.to_move() or 0)}'s turn, not {self.name(player)}'s.")
        if g.phase == "draw":
            return self._draw_menu(player, "draw", g.pending.used if g.pending else 0, at_ms)
        problems = self.open_problems(table)
        if problems:
            return Reply(error=problems[0])
        words = []
        for cells in (self.chain, self.double):
            row = self._row(table, cells)
            if isinstance(row, str):
                return Reply(error=row)
            if row:
                link_in_row = any(p.game_id == g.link.id for p in row)
                words.append(self._tokens(row) if link_in_row else ["@"] + self._tokens(row))
        if not words:
            return Reply(error="Lay your word on the chain row after the link card, then press OK.")
        action: dict[str, Any] = {"type": "word", "player": player}
        if len(words) == 1:
            action["cards"] = words[0]
        else:
            action["words"] = words
        shown: list[Action] = []
        if self.dealt_by_people:
            link = table.pieces.get(self.link_cell)
            if link is not None and link.game_id != g.link.id and self._turned_up(link):
                shown.append(({"type": "reveal", "link": f"#{link.game_id}"}, at_ms))
            held = [t[1:] for w in words for t in w if t.startswith("#")]
            shown.append(reveal_action(player, held, at_ms))
        return Reply(actions=shown + [(action, at_ms)])

    def hands_to_show(self) -> list[int]:
        g = self.game
        if not (self.dealt_by_people and g.is_over() and g.options.count_cards_held):
            return []
        return unshown_hands(g)

    def _laid_on_rows(self, table: Table) -> list[str]:
        """Cards on the chain rows that are not the link card nor played already (a hand laid out)."""
        gone = self._discarded() | {self.game.link.id}
        return [
            str(p.game_id)
            for c in self.chain + self.double
            if (p := table.pieces.get(c)) is not None and p.game_id not in gone
        ]

    def _show_hand(self, player: int, table: Table, at_ms: int) -> Reply:
        """Game over, cards held count (dealt by people): one player after the other shows her hand on
        the chain row."""
        who = self.hands_to_show()[0]
        if player != who:
            return Reply(
                error=f"{self.name(who)} shows her hand first: lay it on the chain row and press OK."
            )
        held = self._laid_on_rows(table)
        if not held:
            return Reply(
                error=f"{self.name(who)}: lay the {len(self.game.hands[who])} card(s) left in your hand "
                f"on the chain row, then press OK."
            )
        return Reply(actions=[reveal_action(who, held, at_ms)])

    def _splits(self, count: int) -> list[tuple[str, Any]]:
        g = self.game
        if g.options.one_deck:
            n = min(count, g.available(ALL))
            return [(f"take {n} cards", {})]
        avail_c, avail_v = g.available(CONSONANT), g.available(VOWEL)
        total = min(count, avail_c + avail_v)
        out = []
        for v in range(total + 1):
            c = total - v
            if c <= avail_c and v <= avail_v:
                out.append((f"{c} consonants, {v} vowels", {"consonants": c, "vowels": v}))
        return out

    def _draw_menu(self, player: int, kind: str, count: int, at_ms: int) -> Reply:
        items = self._splits(count)
        if not items:
            return Reply(error="The decks are empty: there is nothing to draw.")
        suggested = wordchain_ai.draw_split(self.game, player, count)
        sel = next((i for i, (_, split) in enumerate(items) if split == suggested), 0)

        def chosen(split: dict[str, int], t: Table) -> Reply:
            return Reply(actions=[({"type": kind, "player": player, **split}, at_ms)])

        title = f"{self.name(player)}: draw {count}" if kind == "draw" else f"{self.name(player)}: five cards"
        self.modal = MenuModal(player, title, items, chosen, sel)
        return Reply()

    def menu_items(self, player: int, table: Table) -> list[tuple[str, Any]]:
        g = self.game
        items: list[tuple[str, Any]] = []
        if player == g.current and g.phase == "play":
            items += [("pass", "pass"), ("hint", "hint")]
            if g.options.five_card_draw and player not in g.five_used:
                items.append(("five-card draw", "five"))
        if (
            g.phase == "draw"
            and g.pending is not None
            and g.pending.player != player
            and g.options.challenges
        ):
            items.append(("challenge the word", "challenge"))
        return items

    def menu(self, player: int, key: Any, table: Table, at_ms: int) -> Reply:
        if key == "pass":
            return Reply(actions=[({"type": "pass", "player": player}, at_ms)])
        if key == "five":
            return self._draw_menu(player, "five_cards", self.game.options.five_card_count, at_ms)
        if key == "challenge":
            return Reply(actions=[({"type": "challenge", "player": player}, at_ms)])
        if key == "hint":
            game = (
                hand_for_hint(self.game, player, self._laid_on_rows(table), "on the chain row")
                if self.dealt_by_people
                else self.game
            )
            if isinstance(game, str):
                return Reply(view=MessageView("Hint", (game,), "info"))
            found = wordchain_ai.hint(game, player, "strongest", top=3)
            lines = tuple(f"{c.word}: {c.score.total}" for c in found) or (
                "No word fits: pass or draw five.",
            )
            return Reply(view=MessageView("Hint", lines, "info"))
        return Reply()

    def tidy(self, table: Table) -> BotStep | None:
        g = self.game
        if g.phase != "play" or g.is_over():
            return None
        link = table.pieces.get(self.link_cell)
        in_row = any(p.game_id == g.link.id for c, p in table.pieces.items() if c in self.chain)
        if (link is None and not in_row) or (
            link is not None and link.game_id != g.link.id and not self._turned_up(link)
        ):
            gone = self._discarded()
            lift = tuple(
                c for c in self.chain + self.double if c in table.pieces and table.pieces[c].game_id in gone
            )
            return BotStep(
                lay=((self.link_cell, self.sets[0], str(g.link.id)),),
                lift=(self.link_cell,) + lift,
                buttons=(),
            )
        return None

    # -- bots -------------------------------------------------------------------------------------------
    def bot_step(self, player: int, strength: str, table: Table) -> BotStep | None:
        g = self.game
        if g.is_over() or player != self.to_move():
            return None
        action = wordchain_ai.bot_action(g, strength)
        kind = action["type"]
        if kind == "draw":
            # tidy the table (the word's last card on the link place), then draw as the bot chose
            lift = tuple(c for c in (self.link_cell,) + self.chain + self.double if c in table.pieces)
            items = self._splits(g.pending.used if g.pending else 0)
            split = {k: action[k] for k in ("consonants", "vowels") if k in action}
            index = next((i for i, (_, s) in enumerate(items) if s == split), 0)
            sel = next(
                (
                    i
                    for i, (_, s) in enumerate(items)
                    if s == wordchain_ai.draw_split(g, player, g.pending.used if g.pending else 0)
                ),
                0,
            )
            moves = (index - sel) % len(items) if items else 0
            return BotStep(
                lay=((self.link_cell, self.sets[0], str(g.link.id)),),
                lift=lift,
                buttons=(OK,) + (NEXT,) * moves + (OK,),
            )
        if kind == "word":
            words = action.get("words") or [action["cards"]]
            lay = []
            hand = list(g.hands[player].cards)
            for cells, tokens in zip((self.chain, self.double), words, strict=False):
                rest = tokens[1:] if tokens[0].startswith("@") else tokens
                for cell, token in zip(cells, rest, strict=False):
                    if token.startswith("#"):
                        cid = token[1:]
                    else:  # a wild card named by its letter: any wild of the hand
                        cid = next(c.id for c in hand if c.wild)
                    hand = [c for c in hand if c.id != cid]
                    lay.append((cell, self.sets[0], cid))
            return BotStep(lay=tuple(lay), buttons=(OK,))
        keys = [k for _, k in self.menu_items(player, table)]
        key = {"pass": "pass", "five_cards": "five"}.get(kind, "pass")
        path = (NEXT,) * keys.index(key) + (OK,) if key in keys else ()
        extra: tuple[int, ...] = ()
        if kind == "five_cards":
            extra = (OK,)  # the suggested split is selected already
        return BotStep(buttons=(3,) + path + extra)
