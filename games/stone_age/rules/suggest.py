"""The common choices offered as buttons (section 5.5): one placement per open location, which
location to resolve next, how many tools to add, which die to take, feed or starve."""
from __future__ import annotations

from games.stone_age.rules import flow
from games.stone_age.actions import Action, Buy, FeedPay, Pick, Place, Resolve, Skip, Starve, Tools
from games.stone_age.components import VALUE, building
from games.stone_age.rules.payments import building_payments, cheapest, payment_points
from games.stone_age.rules.checks import legal_placements, tool_choices
from games.stone_age.state import StoneAgeState


def best_building_payment(state: StoneAgeState, seat: int, loc: str) -> Buy | None:
    """The payment worth the most points (ties: fewer resources, cheaper kinds kept)."""
    stack = state.stacks[int(loc[8:]) - 1]
    if not stack:
        return None
    pays = building_payments(building(stack[0]), state.players[seat].res)
    if not pays:
        return None
    return Buy(loc, max(pays, key=lambda pay: (payment_points(pay), -sum(pay))))


def best_tools(state: StoneAgeState, seat: int) -> list[Tools]:
    """``tools none`` and, for each higher yield reachable, the smallest tool set reaching it."""
    roll = state.roll
    assert roll is not None
    div = VALUE[roll["resource"]]
    base = sum(roll["dice"])
    best: dict[int, Tools] = {}
    for choice in tool_choices(state.players[seat]):   # sorted by added value, then count
        gain = (base + sum(choice.permanent) + sum(choice.one_use)) // div
        best.setdefault(gain, choice)
    return [best[g] for g in sorted(best)]


def suggestions(state: StoneAgeState, seat: int) -> list[Action]:
    if seat not in flow.to_act(state):
        return []
    p = state.players[seat]
    if state.phase == "place":
        chosen: dict[str, Place] = {}
        for action in legal_placements(state, seat):
            chosen[action.loc] = action            # the largest count per location
        return list(chosen.values())
    if state.phase == "feed":
        pay = cheapest(p.hunger, p.res)
        return [FeedPay(pay), Starve()] if pay else [Starve()]
    if state.dfa is not None:
        return [Pick(face) for face in sorted(set(state.dfa["left"]))]
    if state.roll is not None:
        return list(best_tools(state, seat))
    actions: list[Action] = []
    skips: list[Action] = []
    for loc in p.where:
        if loc.startswith("building"):
            buy = best_building_payment(state, seat, loc)
            if buy:
                actions.append(buy)
            skips.append(Skip(loc))
        elif loc.startswith("card"):
            pay = cheapest(int(loc[4:]), p.res)
            if pay:
                actions.append(Buy(loc, pay))
            skips.append(Skip(loc))
        else:
            actions.append(Resolve(loc))
    return actions + skips
