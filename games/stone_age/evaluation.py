"""The search's evaluation of a Stone Age position: each seat's worth in points.

Banked points are the final scoring as if the game ended now (``checks.breakdown``: the score
track, culture sets, the figures times today's multipliers, one point a resource). To that the
evaluation adds what the rest of the game is likely to make of what each seat holds, measured
in the same points:

- a resource is worth more than its final point while it can still pay for a building (whose
  points are the resources' values), less so as the game's end nears;
- people, agriculture and tools produce in every round left; people also eat, and a food
  shortage must be hunted for (or paid for with resources or 10 points);
- a pick still to make from a dice-for-all roll is worth about a good resource;
- people placed this round are worth what their locations will most likely give (the expected
  dice yield, the tool, field and hut steps, a building or card bought at a fair price), so the
  value of a placement does not wait for its action turn;
- the figures on a seat's cards gain from the growth of their multipliers still to come.

How many rounds are left is estimated from the card deck (the cards taken a round) and the
smallest building stack. Once the game is over the evaluation is the final score.
"""
from __future__ import annotations

from itertools import permutations

from games.stone_age.ai import card_value
from games.stone_age.components import GATHER, MAX_AGRICULTURE, MAX_PEOPLE, RESOURCES, VALUE, building, card
from games.stone_age.rules.checks import breakdown, unplaced
from games.stone_age.rules.payments import building_payments, from_list
from games.stone_age.state import Player, StoneAgeState
from games.stone_age.view import final_rows

#: points one person makes in a round by gathering (3.5 pips, about 0.7 points a pip)
PRODUCTION = 2.4
#: wood a person still to place is counted on to gather (its share of PRODUCTION), which may pay
#: for a card or building placed on before the gathering is
HOME_WOOD = 0.8
#: points a unit of food saves while food is short (the hunting it spares); surplus food
FOOD_SHORT = 1.3
FOOD_SPARE = 0.25
#: points one tool value adds a round
TOOL_ROUND = 0.55
#: points a one-use tool is worth per value
ONE_USE = 0.55
#: how much of a resource's value (beyond its final point) it keeps while buildings can be bought
RESOURCE_KEEP = 0.5
#: resource points a seat can spend in the rounds ahead, per round; more are worth their final point
SPENDABLE = 8.0
#: growth a round of each figure's multiplier (agriculture, tools, buildings, people)
GROWTH = {"farmer": 0.35, "tool_maker": 0.45, "hut_builder": 0.35, "shaman": 0.2}
#: what a building adds beyond its points (the hut builders, the stack run down)
BUILDING_BONUS = 2.0
#: worth a round still to play of each culture symbol held (the sets it may yet complete)
CULTURE_GROWTH = 0.5
#: what a pick still to make from a dice-for-all roll is worth
DICE_FOR_ALL_PICK = 3.5
#: cards taken from the display a round, per player count; building stack tiles bought a round
CARDS_A_ROUND = {2: 2.4, 3: 2.6, 4: 2.9}
TILES_A_ROUND = 0.6


def rounds_left(state: StoneAgeState) -> float:
    """Rounds still to play, this one included (at least 1)."""
    if any(not stack for stack in state.stacks):
        return 1.0
    by_cards = 1.0 + len(state.deck) / CARDS_A_ROUND.get(state.count, 2.6)
    by_stacks = 1.0 + (min(len(stack) for stack in state.stacks) - 1) / TILES_A_ROUND
    return max(1.0, min(by_cards, by_stacks))


def resource_worth(value: int, rounds: float) -> float:
    """A resource's worth: its final point plus part of what it buys while buildings are open."""
    return 1.0 + (value - 1) * RESOURCE_KEEP * min(1.0, rounds / 2.0)


def evaluate(state: StoneAgeState) -> tuple[float, ...]:
    if state.phase == "over":
        return tuple(float(row.total) for row in final_rows(state))
    rounds = rounds_left(state)
    return tuple(seat_value(state, seat, p, rounds) for seat, p in enumerate(state.players))


def seat_value(state: StoneAgeState, seat: int, p: Player, rounds: float) -> float:
    rows = breakdown(p)
    worth = [resource_worth(VALUE[r], rounds) for r in RESOURCES]
    # what this round will still bring: placed people, a waiting roll
    food = float(p.food)
    res = [float(n) for n in p.res]
    people, agriculture, tools = p.people, p.agriculture, p.tool_total
    extra = 0.0
    roll = state.roll
    if roll is not None and roll["seat"] == seat:
        div = VALUE[roll["resource"]]
        gain = (sum(roll["dice"]) + sum(p.unused_tools()) + sum(p.one_use)) // div
        if roll["resource"] == "food":
            food += gain
        else:
            res[RESOURCES.index(roll["resource"])] += gain
    dfa = state.dfa
    if dfa is not None and seat in dfa["pickers"]:
        extra += DICE_FOR_ALL_PICK
    for loc, n in p.where.items():
        if loc in GATHER:
            div = VALUE[GATHER[loc]]
            units = max(0.0, (3.5 * n + 0.5 * sum(p.unused_tools()) - (div - 1) / 2) / div)
            if loc == "hunt":
                food += units
            else:
                res[RESOURCES.index(GATHER[loc])] += units
        elif loc == "toolmaker":
            tools = min(12, tools + 1)
        elif loc == "field":
            agriculture = min(MAX_AGRICULTURE, agriculture + 1)
        elif loc == "hut":
            people = min(MAX_PEOPLE, people + 1)
    if state.phase == "place":          # people still to place will gather: some of it as wood for purchases
        home = unplaced(p)
        res[0] += HOME_WOOD * home
        extra += (PRODUCTION - HOME_WOOD * worth[0]) * home
    extra += purchases(state, p, res, worth)
    value = float(rows["total"]) + extra + BUILDING_BONUS * len(p.buildings)
    value += hoard_value(res, worth, rounds) + (sum(res) - sum(p.res))   # final point of new ones
    value += 2 * p.c36 * (worth[3] - 1.0)
    if p.hunger:
        value -= min(10.0, p.hunger * worth[0])
    # the rounds after this one
    later = rounds - 1.0
    feedings = rounds if state.phase in ("place", "act") else later
    need = max(0.0, (people - agriculture) * feedings)
    value += FOOD_SHORT * min(food, need) - FOOD_SHORT * need + FOOD_SPARE * max(0.0, food - need)
    value += PRODUCTION * people * later
    value += TOOL_ROUND * tools * (later + 0.5) + ONE_USE * sum(p.one_use)
    figures = figure_counts(p)
    value += later * sum(GROWTH[kind] * count for kind, count in figures.items())
    value += later * CULTURE_GROWTH * len({card(cid).symbol for cid in p.cards if card(cid).bottom_type == "culture"})
    return value


def hoard_value(res: list[float], worth: list[float], rounds: float) -> float:
    """What resources add beyond their final point: the most valuable first, as long as the
    rounds left can spend them (SPENDABLE points a round); the rest only their point."""
    room = SPENDABLE * rounds
    value = 0.0
    for kind in (3, 2, 1, 0):
        units = min(res[kind], max(0.0, room) / VALUE[RESOURCES[kind]])
        value += units * (worth[kind] - 1.0)
        room -= units * VALUE[RESOURCES[kind]]
    return value


def figure_counts(p: Player) -> dict[str, int]:
    counts: dict[str, int] = {}
    for cid in p.cards:
        c = card(cid)
        if c.bottom_type != "culture":
            counts[c.bottom_type] = counts.get(c.bottom_type, 0) + c.figures
    return counts


Option = tuple[float, tuple[int, ...]]      # what a purchase adds, and its payment


def purchases(state: StoneAgeState, p: Player, res: list[float], worth: list[float]) -> float:
    """What the buildings and cards ``p`` stands on add when bought, in the best order (each paid
    from what the ones before it left, skipped when it does not pay). The payments are taken out
    of ``res``, so the points returned include what was paid: a purchase adds its net gain."""
    spots = [loc for loc in p.where if loc.startswith(("building", "card"))]
    if not spots:
        return 0.0
    best, best_total, best_left = 0.0, 0.0, list(res)
    orders = permutations(spots) if len(spots) <= 3 else [tuple(spots)]
    for order in orders:
        left = list(res)
        net = total = 0.0
        for loc in order:
            value, pay = building_option(state, loc, left, worth) if loc.startswith("building") \
                else card_option(state, p, loc, left, worth)
            if value <= 0:
                continue
            net += value
            total += value + sum(n * w for n, w in zip(pay, worth))     # the payment leaves ``left``
            for i, n in enumerate(pay):
                left[i] -= n
        if net > best:
            best, best_total, best_left = net, total, left
    res[:] = best_left
    return best_total


def building_option(state: StoneAgeState, loc: str, res: list[float], worth: list[float]) -> Option:
    """What buying the building at ``loc`` at the best price adds (0 when it does not pay)."""
    stack = state.stacks[int(loc[8:]) - 1]
    if not stack:
        return 0.0, ()
    tile = building(stack[0])
    have = [max(0, int(n)) for n in res]
    if tile.kind == "fixed":
        pays = [from_list(tile.cost)] if all(h >= c for h, c in zip(have, from_list(tile.cost))) else []
    elif tile.kind == "count_kinds":
        pays = building_payments(tile, have)
    else:                                   # any 1-7: the most valuable resources
        units = sorted((i for i, n in enumerate(have) for _ in range(n)), reverse=True)[:tile.max_count]
        pays = [tuple(units.count(i) for i in range(4))] if units else []
    return max(((BUILDING_BONUS + sum(n * (VALUE[r] - w) for n, r, w in zip(pay, RESOURCES, worth)), tuple(pay))
                for pay in pays), default=(0.0, ()))


def card_option(state: StoneAgeState, p: Player, loc: str, res: list[float], worth: list[float]) -> Option:
    """What buying the card at ``loc`` with the cheapest resources adds (0 when it does not pay)."""
    k = int(loc[4:])
    cid = state.display[k - 1] if 1 <= k <= len(state.display) else None
    if cid is None:
        return 0.0, ()
    left, cost, pay = k, 0.0, []
    for n, w in zip(res, worth):
        take = min(max(0, int(n)), left)
        cost += take * w
        left -= take
        pay.append(take)
    if left:
        return 0.0, ()
    return card_value(state, p, cid) - cost, tuple(pay)


__all__ = ["evaluate", "rounds_left", "resource_worth"]
