"""A heuristic computer player for Keyflower.

It scores every legal action with simple estimates: what a tile is worth to this player (VP of
its upgraded side, its production, winter scoring for the items held), what a use produces,
and what the keeples cost (keeples placed in one's own village come back). Transport moves
resources towards the upgrade that is closest to being paid for. It sees only what its seat
may know plus the public state.
"""
from __future__ import annotations

import random
from typing import Any

from games.core import ComputerPlayer
from games.keyflower.rules import geometry
from games.keyflower.rules import village as vil
from games.keyflower.actions import (BidAction, BoatAction, DoneAction, FlipAction, Move, PassAction, PlaceAction,
                                     Up, UseAction, WinterAction)
from games.keyflower.components import COLOURS, RESOURCES, tile as tile_def
from games.keyflower.rules.scoring import best_keeples, best_resources, best_skills
from games.keyflower.state import KeyflowerState

PRODUCTION = {"gain": 1.0, "gain_choice": 1.0, "draw_keeples": 1.1, "draw_skills": 1.3,
              "pay_keeple_gain_green": 0.6, "pay_any_keeple_draw_keeples": 0.9,
              "pay_any_skill_draw_keeples": 0.7, "pay_any_skill_draw_skills": 0.8, "pay_skill_gain_res": 1.0,
              "transport": 1.0}


class KeyflowerPlayer(ComputerPlayer):
    name = "greedy"

    def choose(self, game: Any, state: KeyflowerState, seat: int, rng: random.Random) -> Any:
        actions = game.legal_actions(state, seat)
        if not actions:
            raise RuntimeError("keyflower: no legal action")
        best, best_value = actions[0], float("-inf")
        for action in actions:
            value = self.value(state, seat, action) + rng.random() * 0.05
            if value > best_value:
                best, best_value = action, value
        return best

    # -- per action -----------------------------------------------------------------------
    def value(self, st: KeyflowerState, seat: int, action: Any) -> float:
        if isinstance(action, PassAction):
            return 0.0 if st.phase != "flip" else -1.0
        if isinstance(action, BidAction):
            return self._bid(st, seat, action)
        if isinstance(action, UseAction):
            return self._use(st, seat, action)
        if isinstance(action, Move):
            return self._move(st, seat, action)
        if isinstance(action, Up):
            defn = tile_def(action.tile)
            gain = defn.vp[1] - defn.vp[0] + 2.0
            return gain - (0.05 * len(action.pay))
        if isinstance(action, DoneAction):
            return 0.0
        if isinstance(action, BoatAction):
            return self._boat(st, seat, action.boat)
        if isinstance(action, PlaceAction):
            return self._place(st, seat, action)
        if isinstance(action, WinterAction):
            return self._winter(st, seat, action.tiles)
        if isinstance(action, FlipAction):
            defn = tile_def(action.tile)
            return defn.vp[1] - defn.vp[0] + 0.1
        return 0.0

    def tile_worth(self, st: KeyflowerState, seat: int, tid: str) -> float:
        defn = tile_def(tid)
        seasons_left = 3 - st.season
        if defn.kind == "turn_order":
            cargo = max((sum(c.values()) for c in st.cargo.values()), default=0)
            purple = 1.0 if st.players > 1 else 0.0
            return 1.0 + cargo * 0.35 + purple
        if defn.kind == "winter":
            return self._winter_tile_worth(st, seat, tid)
        if defn.kind == "summer_boat":
            return 2.5
        worth = defn.vp[0] + 0.6 * (defn.vp[1] - defn.vp[0])
        ability = defn.ability_of(False)
        if ability is not None and ability.usable:
            worth += PRODUCTION.get(ability.t, 0.5) * 1.5 * seasons_left
        if defn.storage is not None:
            worth += 3.0
        return worth

    def _winter_tile_worth(self, st: KeyflowerState, seat: int, tid: str) -> float:
        player = st.seats[seat]
        pool = {r: sum(p.res[r] for p in player.village.values()) for r in RESOURCES}
        if tid == "keythedral":
            return 12.0
        tiles = {tid}
        if tile_def(tid).scoring.get("cat") == "resource" or tid in ("jeweller", "mercers"):
            return sum(best_resources(pool, tiles)) - pool["gold"] + 2.0
        if tid in ("craftsmen", "villagehall", "keymarket", "apothecary"):
            return best_keeples(player.keeples, tiles) + 1.0
        return best_skills(player.skills, tiles) + 1.0

    def _keeple_cost(self, st: KeyflowerState, seat: int, n: int, sources: tuple[str, ...], own: bool) -> float:
        moved = sum(st.activity[t].bids[seat].count for t in sources if seat in st.activity[t].bids)
        fresh = n - moved
        per = 0.25 if own else (0.9 if st.season < 3 else 0.6)
        return fresh * per + moved * 0.1

    def _bid(self, st: KeyflowerState, seat: int, a: BidAction) -> float:
        record = st.peek(a.tile)
        best_other = record.best_other(seat)
        mine = record.bids.get(seat)
        total = (mine.count if mine else 0) + a.n
        worth = self.tile_worth(st, seat, a.tile)
        # overbidding by more than one keeple is rarely useful
        waste = max(0, total - best_other - 1)
        price = self._keeple_cost(st, seat, a.n, a.sources, own=False) * 1.2 + waste * 1.5
        return worth - price - 1.0

    def _use(self, st: KeyflowerState, seat: int, a: UseAction) -> float:
        owner = st.owner(a.tile)
        up = owner is not None and st.seats[owner].village[a.tile].upgraded
        ability = tile_def(a.tile).ability_of(up)
        if ability is None:
            return -5.0
        gain = 0.0
        t = ability.t
        if t in ("gain", "pay_skill_gain_res"):
            gain = sum(n for _, n in ability.res) * 1.0
            if owner == seat:
                gain += 0.5
            if t == "pay_skill_gain_res":
                gain -= 1.2
        elif t == "gain_choice":
            gain = 1.2
        elif t == "draw_keeples":
            gain = ability.n * 1.0
        elif t == "draw_skills":
            gain = ability.n * 1.4
        elif t == "pay_keeple_gain_green":
            gain = ability.green * 1.2 - 0.8
        elif t == "pay_any_keeple_draw_keeples":
            gain = ability.n - 1.0
        elif t in ("pay_any_skill_draw_keeples", "pay_any_skill_draw_skills"):
            gain = ability.n * 1.1 - 1.3
        elif t == "transport":
            gain = self._transport_prospect(st, seat, ability.move, ability.upgrades)
        cost = self._keeple_cost(st, seat, a.n, a.sources, own=owner == seat)
        extra = a.n - (st.peek(a.tile).last_use() + 1)
        return gain - cost - max(0, extra) * 0.8

    def _transport_prospect(self, st: KeyflowerState, seat: int, move: int, ups: int) -> float:
        player = st.seats[seat]
        best = 0.0
        wild = st.owns(seat, "boat3a")
        for tid, placed in player.village.items():
            defn = tile_def(tid)
            if vil.can_upgrade(defn, placed) and vil.auto_payment(defn, placed.res, player.skills, wild):
                best = max(best, defn.vp[1] - defn.vp[0] + 2.0)
        if best:
            return best
        total = sum(sum(p.res.values()) for p in player.village.values())
        return min(total, move) * 0.3

    def _move(self, st: KeyflowerState, seat: int, m: Move) -> float:
        """Prefer moves that bring a resource onto a tile whose upgrade needs it."""
        player = st.seats[seat]
        target = player.village[m.b]
        defn = tile_def(m.b)
        if not vil.can_upgrade(defn, target):
            return -0.5
        need = list(defn.upgrade_res)
        have = dict(target.res)
        for slot in list(need):
            if slot != "any" and have.get(slot, 0) > 0:
                have[slot] -= 1
                need.remove(slot)
        for slot in list(need):
            if slot == "any":
                spare = next((r for r in RESOURCES if have.get(r, 0) > 0), None)
                if spare:
                    have[spare] -= 1
                    need.remove(slot)
        fits = sum(1 for slot in need if slot in (m.res, "any")) or (1 if need and m.res == "gold" else 0)
        if not fits:
            return -0.5
        gain = defn.vp[1] - defn.vp[0]
        useful = min(m.k, fits)
        source = tile_def(m.a)
        source_need = 0.3 if vil.can_upgrade(source, player.village[m.a]) and m.res in source.upgrade_res else 0.0
        return gain * 0.25 * useful - 0.1 * m.k - source_need

    def _boat(self, st: KeyflowerState, seat: int, boat: str) -> float:
        if st.season < 3:
            cargo = st.cargo.get(boat, {})
            return sum(cargo.get(c, 0) for c in COLOURS) + 1.3 * sum(v for k, v in cargo.items() if k not in COLOURS)
        player = st.seats[seat]
        if boat == "keyflower":
            return float(sum(tile_def(t).transport(p.upgraded)[0] for t, p in player.village.items()))
        if boat == "seabastion":
            return float(geometry.best_loop(vil.edges_at(player)))
        if boat == "seabreese":
            chain = len(geometry.river_chain(vil.edges_at(player)))
            return float((0, 2, 4, 8, 16, 32)[min(chain + 1, 5)])
        if boat == "whitewind":
            return float(player.keeple_total()) * 0.8
        if boat == "flipper":
            return 2.0 + 4.0
        return float(tile_def(boat).fixed_vp(False))

    def _place(self, st: KeyflowerState, seat: int, a: PlaceAction) -> float:
        player = st.seats[seat]
        occupied = vil.edges_at(player, tentative=True)
        edges = geometry.rotated(tile_def(a.tile).edges, a.k)
        value = 0.0
        cell = (a.q, a.r)
        for d in range(6):
            other = occupied.get(geometry.neighbour(cell, d))
            if other is None:
                continue
            value += 0.3
            if edges[d] == "R" and other[(d + 3) % 6] == "R":
                value += 1.0
        river = geometry.river_next(occupied)
        kind = tile_def(a.tile).kind
        if kind in ("boat", "summer_boat"):
            if cell == river and edges[3] == "W":
                value += 6.0
        else:
            if cell == river:
                value -= 4.0
            for d in range(6):
                if geometry.neighbour(cell, d) == river and edges[d] == "R":
                    value -= 2.0
        if kind == "turn_order":
            value += sum(1 for d in range(6) if geometry.neighbour(cell, d) in occupied)
        return value - 0.01 * (abs(a.q) + abs(a.r))

    def _winter(self, st: KeyflowerState, seat: int, chosen: tuple[str, ...]) -> float:
        worths = sorted((self._winter_tile_worth(st, seat, t) for t in chosen), reverse=True)
        # put up the best tile, and a second one only if it is clearly worth fighting for
        return worths[0] + sum(w - 8.0 for w in worths[1:])
