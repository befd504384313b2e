"""WordSnake at the table: everyone at once, each player's snake laid in her lane, the Stop! button.

* Before GO!: the nine centre cards lie on the centre cells; any seat's OK is the dealer's "1, 2, 3,
  GO!".
* While the hand is played, each player's lane is read in order (from its first cell, without gaps):
  whenever it has settled differently from the snake the game knows, it is the player's snake now,
  timed when its last card came to rest. A centre card moved into the lane is taken from the centre
  (one at a time, and it must be in a complete word at once, as the rules say).
* OK is **Stop!**, timed by the board's own clock at the moment the button went down (mapped to the
  host's time), so a Stop! that reaches the host after a card laid just before it still comes first.
* After a Stop!: OK (any player) lets it stand; the seat menu challenges one of the caller's words.
  Once the hand is over, OK closes it (the next hand is dealt, or the game is over).
* The seat menu (more): pass (stop playing this hand), hint (the best snake for the hand).
* Dealt by people (``deal: "table"``): the centre cards are those people laid (shown to the game at
  GO!), each card laid in a lane is shown to the game before the snake (a ``reveal``), and once the hand
  is over each player lays the cards left in her hand in her lane after the snake; OK shows them to the
  game, which scores exactly those, and closes the hand.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...ai import wordsnake as wordsnake_ai
from ...ai.wordsnake import SnakePlan
from ...display.views import MessageView
from ...games.wordsnake import WordsnakeGame
from ...lexicon.protocol import Lexicon
from ..layout import CENTRE, LANE, GameLayout
from ..tags import Piece
from .base import MORE, OK, Action, Adapter, BotStep, Reply, Table, reveal_action, unshown_hands
from .registry import register_adapter


@register_adapter
class WordsnakeAdapter(Adapter):
    game_name: ClassVar[str] = "wordsnake"
    game: WordsnakeGame

    def __init__(self, game: WordsnakeGame, layout: GameLayout, lexicon: Lexicon) -> None:
        super().__init__(game, layout, lexicon)
        self.centre = layout.zone(CENTRE).cells
        self.lanes = [layout.zone(LANE, seat).cells for seat in layout.seats]
        self.plans: dict[tuple[int, int], SnakePlan | None] = {}

    def to_move(self) -> int | None:
        return None

    def _lane(self, player: int, table: Table) -> list[Piece] | str:
        cells = self.lanes[player]
        laid = [table.pieces.get(c) for c in cells]
        last = max((i for i, p in enumerate(laid) if p is not None), default=-1)
        gap = next((i for i, p in enumerate(laid[: last + 1]) if p is None), None)
        if gap is not None:
            return f"{self.name(player)}: there is a gap in your snake on {self.where(cells[gap])}."
        return [p for p in laid[: last + 1] if p is not None]

    def problems(self, table: Table) -> list[str]:
        g = self.game
        out: list[str] = []
        if g.phase in ("ended", "over"):
            return out  # the hand is being scored and tidied
        in_lanes = {
            p.game_id for cells in self.lanes for c in cells if (p := table.pieces.get(c)) is not None
        }
        for slot, card in enumerate(g.centre):
            cell = self.centre[slot]
            piece = table.pieces.get(cell)
            if card is None:
                if piece is not None:
                    out.append(
                        f"{piece.label} on {self.where(cell)} was taken already: that centre place stays empty."
                    )
            elif piece is None and card.id not in in_lanes:
                out.append(f"The centre card {card.face} belongs on {self.where(cell)}.")
            elif (
                piece is not None
                and piece.game_id != card.id
                and not (self.dealt_by_people and g.phase == "deal")
            ):
                out.append(f"{self.where(cell)} should hold the centre card {card.face}, not {piece.label}.")
        if g.phase == "deal":
            for player, cells in enumerate(self.lanes):
                if any(c in table.pieces for c in cells):
                    out.append(
                        f"{self.name(player)}: keep your cards in your hand until GO! (clear your lane)."
                    )
        return out

    def info(self, table: Table) -> str:
        g = self.game
        if g.phase == "deal":
            return f"hand {g.hand_number}: OK is GO!"
        if g.phase == "play":
            return "OK: Stop! (every card in your snake)"
        if g.phase == "verify" and g.stop is not None:
            return f"{self.name(g.stop[0])} called Stop!: OK lets it stand, more challenges"
        if g.phase == "ended" and self.hands_to_show():
            return "hand over: lay the cards left in your hand in your lane after the snake, then OK"
        if g.phase == "ended":
            return f"hand over ({g.end_reason}): OK for the scores"
        return ""

    def on_table(self, table: Table) -> Reply:
        g = self.game
        if g.phase not in ("play", "verify"):
            return Reply()
        at = table.changed_ms if table.changed_ms is not None else table.now_ms
        actions = []
        for player in range(len(g.players)):
            s = g.snakes[player]
            if s.passed_ms is not None or s.out:
                continue
            lane = self._lane(player, table)
            if isinstance(lane, str):
                return Reply(error=lane)
            ids = [str(p.game_id) for p in lane]
            if ids == [c.id for c in s.cards]:
                continue
            action: dict[str, Any] = {"type": "snake", "player": player, "cards": [f"#{i}" for i in ids]}
            taken = [slot for slot, card in enumerate(g.centre) if card is not None and card.id in ids]
            if len(taken) > 1:
                return Reply(error=f"{self.name(player)}: take one centre card at a time.")
            if taken:
                action["centre"] = taken[0]
            if self.dealt_by_people:
                in_snake = {c.id for c in s.cards}
                centre_ids = {c.id for c in g.centre if c is not None}
                held = [i for i in ids if i not in in_snake and i not in centre_ids]
                if held:
                    actions.append(reveal_action(player, held, at))
            actions.append((action, at))
        return Reply(actions=actions)

    def ok(self, player: int, table: Table, at_ms: int) -> Reply:
        g = self.game
        if g.phase == "deal":
            problems = self.open_problems(table)
            if problems:
                return Reply(error=problems[0])
            shown: list[Action] = []
            if self.dealt_by_people:
                laid = [table.pieces.get(c) for c in self.centre]
                shown.append(
                    (
                        {"type": "reveal", "centre": [None if p is None else f"#{p.game_id}" for p in laid]},
                        at_ms,
                    )
                )
            return Reply(actions=shown + [({"type": "go"}, at_ms)])
        if g.phase == "play":
            return Reply(actions=[({"type": "stop", "player": player}, at_ms)])
        if g.phase == "verify":
            return Reply(actions=[({"type": "accept"}, at_ms)])
        if g.phase == "ended":
            shown = []
            for seat in self.hands_to_show():
                in_snake = {c.id for c in g.snakes[seat].cards}
                lane = [str(p.game_id) for c in self.lanes[seat] if (p := table.pieces.get(c)) is not None]
                held = [i for i in lane if i not in in_snake]
                if not held:
                    return Reply(
                        error=f"{self.name(seat)}: lay the {len(g.hands[seat])} card(s) left in your hand "
                        f"in your lane after the snake, then press OK."
                    )
                shown.append(reveal_action(seat, held, at_ms))
            return Reply(actions=shown + [({"type": "close_hand"}, at_ms)])
        return Reply(error="The game is over.")

    def hands_to_show(self) -> list[int]:
        if not self.dealt_by_people or self.game.phase != "ended":
            return []
        return unshown_hands(self.game)

    def menu_items(self, player: int, table: Table) -> list[tuple[str, Any]]:
        g = self.game
        items: list[tuple[str, Any]] = []
        if g.phase == "play":
            items += [("pass", "pass"), ("hint", "hint")]
        if g.phase in ("verify", "ended"):
            for target in range(len(g.players)):
                if target == player or (g.phase == "verify" and g.stop is not None and target != g.stop[0]):
                    continue
                for k, (a, b) in enumerate(g.words(target)):
                    text = "".join(c.letters for c in g.snakes[target].cards[a : b + 1])
                    items.append((f"challenge {text} ({self.name(target)})", ("challenge", target, k)))
        return items

    def menu(self, player: int, key: Any, table: Table, at_ms: int) -> Reply:
        if key == "pass":
            return Reply(actions=[({"type": "pass", "player": player}, at_ms)])
        if key == "hint":
            if self.dealt_by_people and player in unshown_hands(self.game):
                return Reply(
                    view=MessageView(
                        "Hint",
                        (
                            "The table does not know your cards (people dealt them), and laying them in your lane "
                            "plays them: no hint this hand.",
                        ),
                        "info",
                    )
                )
            plan = wordsnake_ai.best_snake_for(self.game, player, strength="club", budget_s=0.3).best
            lines = ("No snake found.",) if plan is None else (" ".join(plan.words), f"worth {plan.value}")
            return Reply(view=MessageView("Hint", lines, "info"))
        if isinstance(key, tuple) and key[0] == "challenge":
            return Reply(
                actions=[({"type": "challenge", "player": player, "target": key[1], "word": key[2]}, at_ms)]
            )
        return Reply()

    def tidy(self, table: Table) -> BotStep | None:
        g = self.game
        if g.phase != "deal":
            return None
        # dealt by people, the centre cards are whatever they laid: only empty places are filled
        lay = tuple(
            (self.centre[slot], self.sets[0], str(card.id))
            for slot, card in enumerate(g.centre)
            if card is not None
            and getattr(table.pieces.get(self.centre[slot]), "game_id", None) != card.id
            and not (self.dealt_by_people and self.centre[slot] in table.pieces)
        )
        lift = tuple(c for cells in self.lanes for c in cells if c in table.pieces)
        return BotStep(lay=lay, lift=lift, buttons=()) if lay or lift else None

    # -- bots: a bot lays its best snake word by word, then calls Stop! (or passes) -------------------
    def bot_step(self, player: int, strength: str, table: Table) -> BotStep | None:
        g = self.game
        s = g.snakes[player]
        if g.phase in ("deal", "ended") and player == g.dealer:
            return BotStep(buttons=(OK,))  # a dealing bot says GO! and closes the hand
        if g.phase == "verify" and g.stop is not None and player != g.stop[0]:
            return BotStep(buttons=(OK,))  # bots let a Stop! stand (they challenge nothing)
        if g.phase != "play" or s.passed_ms is not None or s.out:
            return None
        key = (g.hand_number, player)
        plan = self.plans.get(key)
        laid = len(s.cards)
        centre_ids = {c.id for c in g.centre if c is not None}
        if plan is not None and any(
            slot is not None and plan.cards[i].id not in centre_ids
            for i, slot in enumerate(plan.centre_slots)
            if i >= laid
        ):
            plan = None  # another player took a centre card this plan needs: think again
        if plan is None:
            plan = self.plans[key] = wordsnake_ai.best_snake_for(
                g, player, strength=strength, budget_s=0.5
            ).best
        if plan is None or [c.id for c in s.cards] != [c.id for c in plan.cards[:laid]]:
            return BotStep(
                buttons=(MORE, OK)
            )  # nothing (more) to lay from here: pass (the menu's first item)
        end = next((e for e in plan.word_ends if e >= laid), None)
        if end is None:
            if plan.uses_whole_hand:
                return BotStep(buttons=(OK,))
            return BotStep(buttons=(MORE, OK))
        lay, lift = [], []
        for i in range(laid, end + 1):
            slot = plan.centre_slots[i]
            if slot is not None:
                lift.append(self.centre[slot])
            lay.append((self.lanes[player][i], self.sets[0], plan.cards[i].id))
        return BotStep(lay=tuple(lay), lift=tuple(lift), buttons=(), words=" ".join(plan.words))
