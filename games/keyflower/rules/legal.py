"""Every legal action of a seat, generated from the same primitives the checks use.

Transport is staged: ``use stable 1 red`` opens a transport step in which the legal actions are
single ``move``/``up`` steps and ``done`` (the full one-line command is still accepted).
"""
from __future__ import annotations

from itertools import chain, combinations
from typing import Iterator

from games.keyflower.rules import action_phase
from games.keyflower.rules import village as vil
from games.keyflower.actions import (Action, BidAction, BoatAction, DoneAction, FlipAction, Move, PassAction,
                                     PlaceAction, Up, UseAction, WinterAction, norm_colours)
from games.keyflower.components import COLOURS, RESOURCES, SKILLS, Ability, tile as tile_def
from games.keyflower.rules.seasons import flip_targets
from games.keyflower.state import KeyflowerState


def _subsets(items: list[str]) -> Iterator[tuple[str, ...]]:
    return chain.from_iterable(combinations(items, n) for n in range(len(items) + 1))


def legal_actions(st: KeyflowerState, seat: int, to_act: frozenset[int]) -> list[Action]:
    if seat not in to_act:
        return []
    phase = st.phase
    if phase == "winter_select":
        hand = st.seats[seat].winter_hand
        return [WinterAction(tuple(c)) for c in _subsets(hand) if c]
    if phase == "boats":
        return [BoatAction(b) for b in st.boats_left]
    if phase == "placement":
        return [PlaceAction(t, q, r, k) for t in dict.fromkeys(st.seats[seat].pending)
                for q, r, k in vil.placements(st, seat, t)]
    if phase == "flip":
        return [*(FlipAction(t) for t in flip_targets(st, seat)), PassAction()]
    if phase != "actions":
        return []
    if st.transport is not None:
        return transport_steps(st, seat)
    return [PassAction()] + bids(st, seat) + uses(st, seat)


def bids(st: KeyflowerState, seat: int) -> list[Action]:
    player = st.seats[seat]
    losing = {t: st.activity[t].bids[seat] for t in action_phase.losing_groups(st, seat)}
    out: list[Action] = []
    for tid in st.auction + st.orders:
        record = st.peek(tid)
        mine = record.bids.get(seat)
        base = mine.count if mine else 0
        best = record.best_other(seat)
        if mine is not None:
            colours: tuple[str, ...] = (mine.colour,)
        elif record.lock is None:
            colours = COLOURS
        elif action_phase.may_offcolour_bid(st, seat, tid, record):
            colours = COLOURS
        else:
            colours = (record.lock,)
        for colour in colours:
            groups = sorted(t for t, b in losing.items() if t != tid and b.colour == colour)
            for subset in _subsets(groups):
                moved = sum(losing[t].count for t in subset)
                low = max(1, moved, best + 1 - base)
                for n in range(low, moved + player.keeples[colour] + 1):
                    out.append(BidAction(tid, n, colour, subset))
    return out


def usable_tiles(st: KeyflowerState) -> list[str]:
    found = [t for p in st.seats for t in p.village] + list(st.auction)
    return [t for t in found if action_phase.usable_reason(st, t) is None]


def _choices(st: KeyflowerState, seat: int, ability: Ability, need: dict[str, int]) -> list[str]:
    player = st.seats[seat]
    t = ability.t
    if t == "gain_choice":
        return list(ability.options)
    if t == "pay_any_keeple_draw_keeples":
        return [f"pay {c}" for c in COLOURS if player.keeples[c] - need.get(c, 0) >= 1]
    if t in ("pay_any_skill_draw_keeples", "pay_any_skill_draw_skills"):
        return [f"pay {s}" for s in SKILLS if player.skills[s] >= 1]
    if t == "pay_keeple_gain_green" and player.keeples[ability.pay] - need.get(ability.pay, 0) < 1:
        return []
    if t == "pay_skill_gain_res" and player.skills[ability.skill] < 1:
        return []
    return [""]


def uses(st: KeyflowerState, seat: int) -> list[Action]:
    player = st.seats[seat]
    losing = {t: st.activity[t].bids[seat] for t in action_phase.losing_groups(st, seat)}
    out: list[Action] = []
    for tid in usable_tiles(st):
        record = st.peek(tid)
        low_n, high_n = record.last_use() + 1, action_phase.MAX_USE - record.use_total()
        if low_n > high_n:
            continue
        ability = tile_def(tid).ability_of(action_phase.upgraded(st, tid))
        assert ability is not None
        mixed = st.owns(seat, "boat4b") and record.has_keeples()
        if not mixed:
            for colour in ((record.lock,) if record.lock else COLOURS):
                groups = sorted(t for t, b in losing.items() if t != tid and b.colour == colour)
                for subset in _subsets(groups):
                    moved = sum(losing[t].count for t in subset)
                    for n in range(max(low_n, moved), min(high_n, moved + player.keeples[colour]) + 1):
                        need = {colour: n - moved}
                        for choice in _choices(st, seat, ability, need):
                            out.append(UseAction(tid, n, ((colour, n),), subset, choice))
            continue
        for subset in _subsets(sorted(t for t in losing if t != tid)):
            moved = {c: 0 for c in COLOURS}
            for t in subset:
                moved[losing[t].colour] += losing[t].count
            for n in range(max(low_n, sum(moved.values())), high_n + 1):
                for mix in _mixes(n, moved, player.keeples):
                    need = {c: mix[c] - moved[c] for c in COLOURS}
                    for choice in _choices(st, seat, ability, need):
                        out.append(UseAction(tid, n, norm_colours(mix), subset, choice))
    return out


def _mixes(n: int, low: dict[str, int], supply: dict[str, int]) -> Iterator[dict[str, int]]:
    """Colour splits of n keeples with at least ``low`` and at most ``low + supply`` of each colour."""
    def rec(i: int, left: int, acc: dict[str, int]) -> Iterator[dict[str, int]]:
        colour = COLOURS[i]
        lo, hi = low[colour], low[colour] + supply[colour]
        if i == len(COLOURS) - 1:
            if lo <= left <= hi:
                yield {**acc, colour: left}
            return
        for k in range(lo, min(hi, left) + 1):
            yield from rec(i + 1, left - k, {**acc, colour: k})
    return rec(0, n, {})


def transport_steps(st: KeyflowerState, seat: int) -> list[Action]:
    tr = st.transport
    assert tr is not None
    player = st.seats[seat]
    out: list[Action] = [DoneAction()]
    if not tr.upgraded and tr.move_left > 0:
        dist = vil.all_distances(st, seat)
        for a, placed in player.village.items():
            for res in RESOURCES:
                have = placed.res[res]
                if not have:
                    continue
                for b, d in dist[a].items():
                    for k in range(1, min(have, tr.move_left // d) + 1):
                        out.append(Move(k, res, a, b))
    if tr.ups_left > 0:
        out += upgrades(st, seat)
    return out


def upgrades(st: KeyflowerState, seat: int) -> list[Action]:
    player = st.seats[seat]
    wild = st.owns(seat, "boat3a")
    out: list[Action] = []
    for tid, placed in player.village.items():
        defn = tile_def(tid)
        if not vil.can_upgrade(defn, placed):
            continue
        options = vil.payment_options(defn, placed.res, player.skills, wild)
        if not options:
            continue
        out.append(Up(tid))                                  # the automatic payment (6.4)
        out += [Up(tid, res + sk) for res, sk in options]   # every explicit payment
    return out

