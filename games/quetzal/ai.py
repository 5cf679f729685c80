"""A heuristic computer player: scores every legal action with rough VP estimates and takes the best.

Estimates (in VP): a coin is worth ``COIN``; a relic card is worth its marginal contribution to the
hand's best deliveries, discounted by the chance of delivering it; auction teams that an opponent
could still outbid are discounted. Good enough to beat random play clearly, cheap enough for
benchmarks."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from games.core import ComputerPlayer
from games.quetzal.actions import Action, Deliver, Done, Keep, Place, Reroll, Sell, Store, Take, TeamUse, Upgrade
from games.quetzal.components import rules
from games.quetzal.rules.flow import legal_actions
from games.quetzal.rules.gains import has_effect
from games.quetzal.rules.placement import all_places, place_cost
from games.quetzal.rules.rounds import SLOTS, SURROUNDINGS
from games.quetzal.rules.scoring import kind_points, score_delivery
from games.quetzal.state import Player, QuetzalState, Worker

COIN = 0.4
DISCOVERY = 0.9
ICON = {"vp": 1.0, "coin": COIN, "discovery": DISCOVERY, None: 0.0}
WORKER_COST = {"fixed": 0.0, "wild": 0.3, "big": 0.35}


def seated_worker(player: Player, wid: str) -> Worker:
    """A worker of ``player`` named by a legal action (so it exists)."""
    worker = player.worker(wid)
    if worker is None:
        raise ValueError(f"seat has no worker {wid!r}")
    return worker


def potential(cards: list[str] | tuple[str, ...], dealers: tuple[str, ...] = ()) -> float:
    """Points these cards would bring if delivered by kind (sets of up to 3), icons included."""
    r = rules()
    counts = Counter(r.card[c].kind for c in cards)
    value = sum(kind_points(kind, n) for kind, n in counts.items())
    value += sum(counts[k] for k in dealers)
    return value + sum(ICON[r.card[c].icon] for c in cards)


@dataclass
class Context:
    state: QuetzalState
    seat: int
    hand: list[str]
    dealers: tuple[str, ...]
    factor: float                # chance-like discount for cards not yet delivered
    base: float                  # potential of the current hand

    def gain(self, cards: list[str]) -> float:
        return (potential(self.hand + cards, self.dealers) - self.base) * self.factor


def context(state: QuetzalState, seat: int) -> Context:
    r = rules()
    player = state.player(seat)
    dealers = tuple(r.tile[t].kind or "" for t in has_effect(state, seat, "dealer"))
    delivering = any(t.seat == seat and t.space in ("hm", "ship") for t in state.teams)
    last = state.round >= r.rounds
    factor = 0.75 if not last else (0.7 if delivering else 0.25)
    hand = list(player.hand)
    return Context(state, seat, hand, dealers, factor, potential(hand, dealers))


def tile_value(state: QuetzalState, seat: int, tile_id: str) -> float:
    r = rules()
    tile = r.tile[tile_id]
    player = state.player(seat)
    left = r.rounds - state.round          # rounds still to play after this one
    value = float(tile.vp)
    if tile.permanent and any(r.tile[t].name == tile.name for t in player.tiles):
        return value
    if tile.effect == "discount":
        value += 0.8 * left
    elif tile.effect == "reroll":
        value += 0.4 * left
    elif tile.effect == "dealer":
        value += 0.5 * sum(1 for c in player.hand if r.card[c].kind == tile.kind) + 0.5 * left
    elif tile.effect == "coins":
        value += tile.amount * COIN
    elif tile.effect == "discovery":
        value += DISCOVERY * tile.amount
    elif tile.effect == "draw":
        value += 1.2 * tile.amount
    if tile.permanent and len(player.tiles) >= r.max_permanent:
        value -= min(tile_value_kept(state, seat, t) for t in player.tiles) * 0.5
    return value


def tile_value_kept(state: QuetzalState, seat: int, tile_id: str) -> float:
    """Value of keeping a face-up tile's effect (its VP stays either way)."""
    tile = rules().tile[tile_id]
    left = rules().rounds - state.round
    if tile.effect == "dealer":
        return 0.5 * sum(1 for c in state.player(seat).hand if rules().card[c].kind == tile.kind) + 0.5 * left
    return {"discount": 0.8, "reroll": 0.4}.get(tile.effect, 0.0) * left


def icon_weight(card: str) -> float:
    return ICON[rules().card[card].icon]


def best_delivery(ctx: Context, hand: list[str], fixed: list[str], room: int,
                  future: float) -> tuple[float, tuple[str, ...]]:
    """The best cards to add from ``hand`` to a delivery that already holds ``fixed``, at most
    ``room`` more: (value, added cards). The value is the delivery's (VP, coins and discovery
    at their estimates) plus ``future`` times the potential of the cards kept.

    Both parts add up kind by kind, and within a kind the cards with the better icons go first,
    so a small knapsack over the five kinds finds the best subset without listing subsets."""
    r = rules()
    per_kind: list[list[tuple[float, list[str]]]] = []
    for kind in r.kinds:
        k = kind.letter
        mine = sorted((c for c in hand if r.card[c].kind == k), key=lambda c: (-icon_weight(c), r.card_order(c)))
        held = sum(1 for c in fixed if r.card[c].kind == k)
        dealer = sum(1 for d in ctx.dealers if d == k)
        icons = [icon_weight(c) for c in mine]
        options = []
        for x in range(min(room, len(mine)) + 1):
            sent, kept = held + x, len(mine) - x
            now = kind_points(k, sent) + dealer * sent + sum(icons[:x]) if sent else 0.0
            later = kind_points(k, kept) + dealer * kept + sum(icons[x:])
            options.append((now + future * later, mine[:x]))
        per_kind.append(options)
    # best[n] = (value, cards) using exactly n added cards over the kinds seen so far
    best: dict[int, tuple[float, list[str]]] = {0: (0.0, [])}
    for options in per_kind:
        merged: dict[int, tuple[float, list[str]]] = {}
        for used, (value, cards) in best.items():
            for x, (gain, picked) in enumerate(options):
                if used + x > room:
                    break
                candidate = (value + gain, cards + picked)
                if used + x not in merged or candidate[0] > merged[used + x][0] + 1e-9:
                    merged[used + x] = candidate
        best = merged
    value, cards = max(best.values(), key=lambda vc: vc[0])
    fixed_icons = sum(icon_weight(c) for c in fixed)
    return value + fixed_icons, tuple(sorted(cards, key=r.card_order))


def delivery_value(ctx: Context, delivered: list[str] | tuple[str, ...], kept: list[str], future: float) -> float:
    """Value of delivering exactly ``delivered`` and keeping ``kept`` in hand."""
    s = score_delivery(delivered, ctx.dealers)
    return s.vp + s.coins * COIN + s.discovery * DISCOVERY + potential(kept, ctx.dealers) * future


def best_deliveries(ctx: Context, cards: list[str], workers: int, size: int) -> float:
    """Greedy value of ``workers`` deliveries of up to ``size`` cards each from ``cards``."""
    hand = list(cards)
    total = 0.0
    for _ in range(workers):
        value, pick = best_delivery(ctx, hand, [], size, 0.0)
        if not pick or value <= 0:
            break
        total += value
        for c in pick:
            hand.remove(c)
    return total


def opponents_can_reach(state: QuetzalState, seat: int, colour: str, count: int) -> bool:
    """Could another player still put ``count`` workers of ``colour`` somewhere?"""
    for other, player in enumerate(state.seats):
        if other == seat:
            continue
        usable = sum(1 for w in player.pool() if w.wild or w.face == colour)
        if usable >= count:
            return True
    return False


def incoming_cards(state: QuetzalState, seat: int) -> list[str]:
    """Cards this seat will most likely get this round (Surroundings it holds)."""
    return [c for code in SURROUNDINGS for t in state.teams_on(code) if t.seat == seat
            for c in state.surroundings[code]]


def place_value(ctx: Context, action: Place, cache: dict[Any, float]) -> float:
    state, seat = ctx.state, ctx.seat
    r = rules()
    space = r.space[action.space]
    player = state.player(seat)
    n = len(action.workers)
    kinds = Counter("big" if w == "big" else ("wild" if seated_worker(player, w).wild else "fixed") for w in action.workers)
    worker_cost = sum(WORKER_COST[k] * c for k, c in kinds.items())
    coins = place_cost(state, seat, space, n) * COIN
    key = (action.space, n)
    if key not in cache:
        cache[key] = space_value(ctx, action.space, n)
    value = cache[key]
    if space.type == "auction":
        if opponents_can_reach(state, seat, action.colour or "w", n + 1):
            value *= 0.55
        value -= 0.45 * (n - 1)
    if action.space == "camp":
        # one at a time keeps the reroll and later bids possible
        rerolls = n if len(player.pool()) > n else 0
        value = COIN * n + 0.15 * rerolls - 0.3 * (n - 1)
        # spend the colour we have more of first
        counts = Counter(w.face for w in player.pool() if not w.wild)
        for wid in action.workers:
            worker = seated_worker(player, wid)
            if not worker.wild and counts[worker.face] < max(counts.values(), default=0):
                value -= 0.1
    return value - worker_cost - coins


def space_value(ctx: Context, code: str, n: int) -> float:
    state, seat = ctx.state, ctx.seat
    r = rules()
    display = [c for c in state.display if c is not None]
    if code == "stele":
        return 1.3 + DISCOVERY
    if code.startswith("t"):
        take, draw = r.space[code].take, r.space[code].draw
        best = max((ctx.gain(list(combo)) for combo in combinations(display, min(take, len(display)))), default=0.0)
        return best + draw * 1.2 * ctx.factor
    if code in SURROUNDINGS:
        bonus = {"vp": 1.0, "discovery": DISCOVERY, "coin": COIN}[r.space[code].bonus or "vp"]
        return ctx.gain(list(state.surroundings[code])) + bonus
    if code == "bm":
        cards = ctx.hand + incoming_cards(state, seat)
        if not cards:
            return 0.0
        full = potential(cards, ctx.dealers)
        loss = min(full - potential([c for c in cards if c != x], ctx.dealers) for x in cards) * ctx.factor
        return r.black_market_coins * COIN - loss
    if code.startswith("v"):
        return max((tile_value(state, seat, t) for t in state.village if t), default=0.0)
    if code in ("hm", "ship"):
        cards = ctx.hand + incoming_cards(state, seat)
        booked = sum(len(t.workers) for t in state.teams_on("hm") if t.seat == seat)
        if code == "hm":
            value = best_deliveries(ctx, cards, booked + n, r.harbour_cards)
            value -= best_deliveries(ctx, cards, booked, r.harbour_cards) if booked else 0.0
            return value - 0.25 * ctx.base * (1 - ctx.factor)
        return best_deliveries(ctx, cards, 1, r.ship_cards)
    return 0.0


def reroll_value(state: QuetzalState, seat: int, action: Reroll) -> float:
    player = state.player(seat)
    pool = player.pool() if state.phase == "place" else player.workers
    counts = Counter(w.face for w in pool if not w.wild)
    wids = [w.wid for w in pool] if action.everything else list(action.workers)
    value = 0.0
    for wid in wids:
        worker = seated_worker(player, wid)
        if worker.big:
            value += 0.05
        elif worker.wild:
            value -= 0.6
        else:
            value += 0.25 if counts[worker.face] >= max(counts.values(), default=0) else 0.1
    return value


def score(state: QuetzalState, seat: int, actions: list[Action]) -> list[float]:
    """A value for each action (higher is better)."""
    ctx = context(state, seat)
    cache: dict[Any, float] = {}
    out = []
    later = [s for s in state.steps[1:] if s.seat == seat and s.space in ("hm", "ship")]
    teams: dict[Any, list[Place]] | None = None
    for action in actions:
        if isinstance(action, Place):
            out.append(place_value(ctx, action, cache))
        elif isinstance(action, TeamUse):
            # the best way to make this team, a hair below its default so that equal choices place at once
            teams = all_places(state, seat) if teams is None else teams
            variants = teams.get((action.space, action.colour, action.count), [])
            out.append(max((place_value(ctx, p, cache) for p in variants), default=0.0) - 1e-6)
        elif isinstance(action, Reroll):
            out.append(reroll_value(state, seat, action) if (action.workers or action.everything) else 0.0)
        elif isinstance(action, Keep):
            out.append(0.0)
        elif isinstance(action, Take):
            cards = [state.display[SLOTS.index(s)] for s in action.slots]
            out.append(ctx.gain([c for c in cards if c]))
        elif isinstance(action, Sell):
            if action.card is None:
                out.append(0.0)
            else:
                rest = [c for c in ctx.hand if c != action.card]
                out.append(rules().black_market_coins * COIN - (ctx.base - potential(rest, ctx.dealers)) * ctx.factor)
        elif isinstance(action, Upgrade):
            tile = state.village[action.slot - 1]
            out.append(tile_value(state, seat, tile) if tile else 0.0)
        elif isinstance(action, Store):
            out.append(-tile_value_kept(state, seat, action.tile))
        elif isinstance(action, (Deliver, Done)):
            out.append(deliver_value(ctx, action, bool(later)))
        else:
            out.append(0.0)
    return out


def deliver_value(ctx: Context, action: Deliver | Done, later: bool) -> float:
    """A delivery step: exactly the cards named (with those chosen before), or for ``deliver
    <card> +`` the best delivery that can still be built from there (a hair below finishing
    with the same cards, so that equal choices finish)."""
    state = ctx.state
    step = state.steps[0]
    future = 0.9 if later else (0.0 if state.round >= rules().rounds else 0.5)
    added = () if isinstance(action, Done) else action.cards
    chosen = list(step.cards) + list(added)
    kept = [c for c in ctx.hand if c not in added]
    if isinstance(action, Deliver) and action.more:
        room = (rules().ship_cards if step.space == "ship" else rules().harbour_cards) - len(chosen)
        value, _ = best_delivery(ctx, kept, chosen, room, future)
        return value - 1e-6
    return delivery_value(ctx, chosen, kept, future)


def ranked(state: QuetzalState, seat: int, actions: list[Action]) -> list[Action]:
    """``actions`` best first (stable for equal scores)."""
    values = score(state, seat, actions)
    order = sorted(range(len(actions)), key=lambda i: -values[i])
    return [actions[i] for i in order]


class HeuristicPlayer(ComputerPlayer):
    name = "greedy"

    def choose(self, game: Any, state: QuetzalState, seat: int, rng: random.Random) -> Action:
        actions = legal_actions(state, seat)
        if not actions:
            raise RuntimeError(f"quetzal: seat {seat} must act but has no legal action")
        values = score(state, seat, actions)
        top = max(values)
        best = [a for a, v in zip(actions, values) if v >= top - 1e-9]
        return rng.choice(best)


__all__ = ["HeuristicPlayer", "ranked", "score"]
