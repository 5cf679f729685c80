"""A greedy computer player: values each placement per person (food needs, tools, agriculture,
people, affordable buildings and cards, expected dice yield) and takes the best one; resolves
gathering first, adds tools only when they raise the yield, buys what it can afford and what is
worth its cost."""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from games.core import ComputerPlayer
from games.stone_age.rules import moves
from games.stone_age.actions import Action, Buy, Claim, FeedPay, Pick, Place, Resolve, Skip, Starve, Tools
from games.stone_age.components import GATHER, RESOURCES, VALUE, building, card
from games.stone_age.rules.payments import building_payments, cheapest, payment_points
from games.stone_age.rules.checks import legal_placements, unplaced
from games.stone_age.state import Player, StoneAgeState
from games.stone_age.rules.suggest import best_building_payment, best_tools

ORDER = ("hunt", "forest", "clay", "quarry", "river", "toolmaker", "field", "hut")


def rounds_left(state: StoneAgeState) -> int:
    by_cards = len(state.deck) // 3 + 1
    by_stacks = 2 * min(len(s) for s in state.stacks)
    return max(1, min(by_cards, by_stacks))


def card_value(state: StoneAgeState, p: Player, cid: str) -> float:
    """Rough points a card is worth to ``p``: its top half now plus its bottom half at the end,
    counting on some growth of the multiplied quantity in the rounds left."""
    c = card(cid)
    left = min(rounds_left(state), 8)
    top = {
        "dice_for_all": 3.0, "food": 0.8 * c.amount, "points": float(c.amount), "extra_card": 5.0,
        "tool": 1.0 + 0.5 * left, "agriculture": 0.9 * left, "one_use_tool": 0.8 * c.value,
        "any_two_resources": 9.0, "resource_roll": 4.0,
        "resource": 0.8 * c.amount * VALUE.get(c.resource or "wood", 3),
    }[c.top]
    if c.bottom_type == "culture":
        symbols = Counter(card(x).symbol for x in p.cards if card(x).bottom_type == "culture")
        if symbols[c.symbol] == 0:
            bottom = 2 * len(symbols) + 1 + 0.6 * left
        else:
            second = sum(1 for n in symbols.values() if n >= 2)
            bottom = 2 * second + 1 + 0.2 * left
    else:
        base = {"farmer": p.agriculture + 0.4 * left, "tool_maker": p.tool_total + 0.4 * left,
                "hut_builder": len(p.buildings) + 0.5 * left, "shaman": p.people + 0.2 * left}[c.bottom_type]
        bottom = c.figures * base
    return top + bottom


def figures(p: Player, kind: str) -> int:
    """The figures of one kind (farmer, tool_maker, hut_builder, shaman) on ``p``'s cards: the
    points each step of that kind's multiplier adds at the end."""
    return sum(card(cid).figures for cid in p.cards if card(cid).bottom_type == kind)


def cost_value(have: list[int], k: int) -> float | None:
    pay = cheapest(k, have)
    return None if pay is None else 0.8 * payment_points(pay)


class GreedyPlayer(ComputerPlayer):
    name = "greedy"

    def choose(self, game: Any, state: StoneAgeState, seat: int, rng: random.Random) -> Action:
        p = state.players[seat]
        legal = moves.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"stoneage: seat {seat} must act but has no legal action")
        if p.c36:
            return Claim((0, 0, 0, 2))
        if state.phase == "place":
            return self.place(state, seat)
        if state.phase == "feed":
            pay = cheapest(p.hunger, p.res)
            if pay is not None and 0.8 * payment_points(pay) < 10:
                return FeedPay(pay)
            return Starve()
        if state.dfa is not None:
            return max((a for a in legal if isinstance(a, Pick)), key=lambda a: self.die_value(p, a.face))
        if state.roll is not None:
            return self.tools(state, seat)
        return self.act(state, seat)

    # -- placement ------------------------------------------------------------------------------
    def place(self, state: StoneAgeState, seat: int) -> Action:
        p = state.players[seat]
        options = legal_placements(state, seat)
        left = unplaced(p)
        deficit = max(0, p.people - p.agriculture - p.food)
        singles: dict[str, float] = {}
        for action in options:
            if action.loc not in GATHER:
                singles[action.loc] = self.single_value(state, p, action.loc) / action.n
        best_single = max(singles.items(), key=lambda kv: kv[1], default=(None, -1.0))
        # People kept back for worthwhile single spots still open.
        reserve = min(left - 1, sum(1 for v in singles.values() if v > 3.2))
        best: tuple[float, Place] | None = None
        for loc in GATHER:
            counts = [a.n for a in options if a.loc == loc]
            if not counts:
                continue
            most = max(counts)
            if loc == "hunt":
                want = max(1, math.ceil(deficit * 2 / 3.5)) if deficit else max(1, left - reserve)
                n = min(most, want)
                food = 1.75 * n
                value = 3.0 * min(food, deficit) + 0.7 * max(0.0, food - deficit)
            else:
                n = max(1, min(most, left - reserve))
                div = VALUE[GATHER[loc]]
                units = max(0.0, (3.5 * n - (div - 1) / 2) / div)
                value = units * div * 0.9 * self.need_factor(state, p, GATHER[loc])
            per = value / n
            if best is None or per > best[0]:
                best = (per, Place(loc, n))
        if best_single[0] is not None and (best is None or best_single[1] >= best[0]):
            return next(a for a in options if a.loc == best_single[0])
        if best is not None:
            return best[1]
        return options[0]

    def need_factor(self, state: StoneAgeState, p: Player, resource: str) -> float:
        """Resources asked for by visible fixed tiles are worth a little more."""
        wanted = sum(building(s[0]).cost.count(resource) for s in state.stacks if s and building(s[0]).kind == "fixed")
        return 1.0 + 0.1 * min(wanted, 3) - (0.15 if p.res[RESOURCES.index(resource)] >= 4 else 0.0)

    def single_value(self, state: StoneAgeState, p: Player, loc: str) -> float:
        left = rounds_left(state)
        # A tool step, an agriculture step or a person also adds a point at the end for each
        # tool maker, farmer or shaman figure on the cards held: without them the spots that
        # raise a multiplier were valued as if the cards bought for it did not exist.
        if loc == "toolmaker":
            if p.tool_total >= 12:
                return 0.5
            return 1.35 + 0.54 * min(left, 8) * (1.0 if p.tool_total < 6 else 0.5) + figures(p, "tool_maker")
        if loc == "field":
            return 0.0 if p.agriculture >= 10 else 1.2 * min(left, 9) + figures(p, "farmer")
        if loc == "hut":
            if p.people >= 10 or left <= 1:
                return 0.0
            food_ok = p.agriculture + p.food >= p.people + 1
            # A person gathers some 3 points in every round left; counting at most 8 rounds at
            # 1.6 valued two people on the hut below a field or a tool step, so in 2 and 3 players
            # (two of the three village spots a round) the tribe stayed at 5 all game while food
            # piled up unused.
            return (2.0 * min(left, 10) - 3) * (1.0 if food_ok else 0.6) + figures(p, "shaman")
        if loc.startswith("building"):
            stack = state.stacks[int(loc[8:]) - 1]
            pays = building_payments(building(stack[0]), p.res)
            return max(payment_points(pay) for pay in pays) + 1.5 if pays else 0.0
        k = int(loc[4:])
        cid = state.display[k - 1]
        cost = cost_value(p.res, k)
        if cid is None or cost is None:
            return 0.0
        return card_value(state, p, cid) - cost

    # -- action turn ----------------------------------------------------------------------------
    def act(self, state: StoneAgeState, seat: int) -> Action:
        p = state.players[seat]
        for loc in ORDER:
            if loc in p.where:
                return Resolve(loc)
        for loc in sorted(p.where):
            if loc.startswith("building"):
                return best_building_payment(state, seat, loc) or Skip(loc)
        for loc in sorted(p.where, reverse=True):
            k = int(loc[4:])
            cid = state.display[k - 1]
            pay = cheapest(k, p.res)
            cost = cost_value(p.res, k)
            if pay is not None and cid is not None and cost is not None and card_value(state, p, cid) > cost:
                return Buy(loc, pay)
            return Skip(loc)
        raise RuntimeError("stoneage: action turn without locations")

    def tools(self, state: StoneAgeState, seat: int) -> Tools:
        roll = state.roll
        assert roll is not None
        div = VALUE[roll["resource"]]
        base = sum(roll["dice"])

        def worth(choice: Tools) -> float:
            gain = (base + sum(choice.permanent) + sum(choice.one_use)) // div
            return gain * div - 0.3 * sum(choice.permanent) - 1.2 * sum(choice.one_use)

        return max(best_tools(state, seat), key=worth)

    @staticmethod
    def die_value(p: Player, face: int) -> float:
        if face == 5:
            return 4.5 if p.tool_total < 12 else 0.0
        if face == 6:
            return 6.5 if p.agriculture < 10 else 0.0
        return 0.8 * VALUE[RESOURCES[face - 1]]

