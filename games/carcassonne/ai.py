"""The greedy computer player.

It values a placement by the change in expected points of every feature the tile touches (points
now for what it completes, expected final points for what stays open), for itself minus the
opponents' gains, plus the best follower use on the new tile (if any beats deploying nothing).
A follower costs something while it is tied up, more when few are left; a farmer never comes
back, so it must border enough cities to be worth it.

Farms are part of every placement's measure: each city is worth 3 at the end to every seat that
wins a farmed field bordering it (once a seat), times the chance the city is complete by then.
A placement changes that by completing a city or bringing it closer, by joining fields (their
farmers then share, or lose, the cities) and by the cities of the tile that border farms; a
farmer adds its seat to the owners of its field's cities (contesting a city an opponent's farm
already has is worth as much as taking a free one) plus what a farm gains from cities still to
come, more early in the game.

The add-ons enter the same measure: cathedrals and inns change a feature's expected points,
goods and the builder's extra turn add to a placement, the large follower counts double, the
builder and the pig are worth what they are likely to bring, a magic portal deploy is valued
like one on the tile, the fairy goes where it earns most, the princess sends home the knight
that hurts the opponents most, and the dragon steps where it eats most of the opponents' figures.

It plays the staged actions itself: in the place phase it returns the placement of its best
(placement, deploy) pair; in the deploy phase it re-evaluates the deploy codes of the placed tile
with the same measure, so both stages agree.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from games.carcassonne.rules import scoring
from games.carcassonne.actions import Deploy, Place
from games.carcassonne.rules.board import Board, Group
from games.carcassonne.rules.deploy import FAIRY, NONE, PRINCESS, Choice, Deployer, MONASTERY_LOCAL
from games.carcassonne.rules.dragon import DragonStep, legal_steps, target
from games.carcassonne.rules.geometry import AROUND, CITY, FIELD, MONASTERY, OrientedTile, oriented
from games.carcassonne.rules.placement import legal_placements
from games.carcassonne.state import BUILDER, LARGE, PIG, CarcassonneState, Figure
from games.core import ComputerPlayer

if TYPE_CHECKING:
    from games.carcassonne.game import Carcassonne

FULL_PILE = 71
RETURN_BONUS = 1.0        # a follower that comes back is worth a little
FOLLOWER_COST = 1.5       # tying up one follower while it waits for its feature
SCARCE_COST = 2.0         # extra per follower below the reserve
RESERVE = 3
LARGE_COST = 2.5          # the large follower is worth keeping for a contested or big feature
GOODS_VALUE = 2.5         # one goods token, towards a 10-point majority
EXTRA_TURN = 4.0          # the builder's second turn
FARM_GROWTH = 3.0         # cities a farm placed at the start is likely to gain, in points
#: chance that a city / road with this many open edges is completed (more: 0.2 / 0.4), early in the game
CITY_CHANCE = {1: 0.75, 2: 0.5, 3: 0.35}
ROAD_CHANCE = {1: 0.8, 2: 0.6}
FIGURE_VALUE = {"follower": 2.0, LARGE: 3.5, BUILDER: 2.0, PIG: 2.5}


def completion_chance(kind: str, open_: int, left: int) -> float:
    """The chance that a city or road with ``open_`` open edges is complete at the end of the game,
    with ``left`` tiles still to draw."""
    if open_ == 0:
        return 1.0
    if kind == CITY:
        chance = CITY_CHANCE.get(open_, 0.2)
    else:
        chance = ROAD_CHANCE.get(open_, 0.4)
    return chance * min(1.0, left / 15.0)


def farmer_cost(left: int) -> float:
    """What a farmer costs beyond any follower's tie-up, with ``left`` tiles to draw: it never
    comes back, so it will claim nothing else for the rest of the game."""
    return 2.0 + 6.0 * left / FULL_PILE


def farm_growth(left: int) -> float:
    """What a farm is likely to gain from cities not yet drawn, with ``left`` tiles to draw."""
    return FARM_GROWTH * left / FULL_PILE


class GreedyPlayer(ComputerPlayer):
    name = "greedy"

    def choose(self, game: "Carcassonne", state: CarcassonneState, seat: int, rng: random.Random) -> Any:
        ctx = _Context(game, state, seat)
        if state.phase == "dragon":
            return ctx.best_step(rng)
        if state.phase == "deploy":
            return Deploy(ctx.best_deploy_after_place())
        best: tuple[float, Place] | None = None
        assert state.drawn is not None
        for x, y, r in legal_placements(state.board, state.drawn):
            value = ctx.placement_value(oriented(state.drawn, r), x, y) + rng.random() * 1e-6
            if best is None or value > best[0]:
                best = (value, Place(x, y, r))
        assert best is not None
        return best[1]


class _Context:
    """Per-decision constants: who owns what, how far the game is."""

    def __init__(self, game: "Carcassonne", state: CarcassonneState, seat: int) -> None:
        self.game = game
        self.state = state
        self.board: Board = state.board
        self.seat = seat
        self.by_root = game.figures_by_root(state)
        self.monks = {(f.x, f.y): f for f in state.figures if f.feature == MONASTERY}
        self.left = len(state.pile)
        self.weight_others = 1.0 / max(1, state.players - 1)
        self.supply = state.supply[seat]
        self.builder_root = next((self.board.root_of(f.x, f.y, f.feature, f.segment) for f in state.figures
                                  if f.kind == BUILDER and f.seat == seat), None)
        # the farms: each farmed field's farmer strengths, and the farmed fields bordering each city
        self.farm_strengths: dict[int, dict[int, int]] = {}
        self.farms_of_city: dict[int, list[int]] = {}
        for root, figs in self.by_root.items():
            feature = self.board.features[root]
            if feature is None or feature.kind != FIELD:
                continue
            strengths = self.strengths(f for f in figs if f.is_follower)
            if strengths:
                self.farm_strengths[root] = strengths
                for city in {self.board.find(c) for c in feature.cities}:
                    self.farms_of_city.setdefault(city, []).append(root)

    # -- value of points to the deciding player ---------------------------------------------
    def relative(self, points: float, winners: Iterable[int]) -> float:
        value = 0.0
        for seat in winners:
            value += points if seat == self.seat else -points * self.weight_others
        return value

    def strengths(self, figs: Iterable[Figure]) -> dict[int, int]:
        return scoring.strengths((f.seat, f.strength) for f in figs)

    def expected(self, kind: str, tiles: int, pennants: int, open_: int, special: bool = False) -> float:
        """Expected final points of a city/road with these numbers (``special``: a cathedral or an
        inn, worth more complete and nothing incomplete)."""
        if kind == CITY:
            complete = scoring.city_points(tiles, pennants, True, special)
            partial = scoring.city_points(tiles, pennants, False, special)
        else:
            complete, partial = scoring.road_points(tiles, True, special), scoring.road_points(tiles, False, special)
        chance = completion_chance(kind, open_, self.left)
        return chance * complete + (1 - chance) * partial

    def monastery_expected(self, around: int) -> float:
        if around >= 8:
            return float(scoring.MONASTERY_COMPLETE)
        chance = min(1.0, 0.1 + 0.12 * around) * min(1.0, self.left / 20.0)
        return chance * scoring.MONASTERY_COMPLETE + (1 - chance) * (1 + around)

    def follower_cost(self, returns_now: bool, permanent: bool = False, large: bool = False) -> float:
        if returns_now:
            return 0.0
        after = self.supply - (0 if large else 1)
        cost = FOLLOWER_COST + SCARCE_COST * max(0, RESERVE - after) + (LARGE_COST if large else 0.0)
        if permanent:
            cost += farmer_cost(self.left)
        return cost * (0.5 + 0.5 * min(1.0, self.left / 20.0))

    def feature_value(self, kind: str, tiles: int, pennants: int, open_: int, strengths: Mapping[int, int],
                      special: bool = False) -> float:
        winners = scoring.majority(strengths)
        return self.relative(self.expected(kind, tiles, pennants, open_, special), winners) if winners else 0.0

    def city_chance(self, open_: int) -> float:
        """The chance that a city with ``open_`` open edges is complete at the end (when farms score)."""
        return completion_chance(CITY, open_, self.left)

    def city_owners(self, city: int, skip: Iterable[int] = ()) -> set[int]:
        """Seats that win a farmed field (other than ``skip``) bordering the city with this root."""
        return {seat for farm in self.farms_of_city.get(city, ()) if farm not in skip
                for seat in scoring.majority(self.farm_strengths[farm])}

    def farm_growth(self) -> float:
        """What a new farm is likely to gain from cities not yet drawn."""
        return farm_growth(self.left)

    def farm_change(self, ot: OrientedTile, groups: list[Group], group_of_local: Mapping[int, Group],
                    farmer_in: Group | None = None, large: bool = False) -> float:
        """The change in every seat's expected farm points (to me, relative) from placing the tile,
        with my (large) farmer in the field group ``farmer_in`` if given: the cities it completes or
        brings closer to completion, the fields it joins (whose farmers then share the cities),
        the cities of the tile that border farms. Each city counts once a seat (rules §9.3)."""
        board, find = self.board, self.board.find
        touched = {root for g in groups if g.kind == FIELD for root in g.roots}
        city_groups = [g for g in groups if g.kind == CITY]
        if farmer_in is None and not any(root in self.farm_strengths for root in touched) and \
                not any(root in self.farms_of_city for g in city_groups for root in g.roots):
            return 0.0
        # cities after the placement: a tile's city group is one identity (-1, -2, ...) with its new chance
        ident_of_group = {id(g): -1 - i for i, g in enumerate(city_groups)}
        identity: dict[int, int] = {}
        chance_after: dict[int, float] = {}
        for g in city_groups:
            for root in g.roots:
                identity[root] = ident_of_group[id(g)]
            chance_after[ident_of_group[id(g)]] = self.city_chance(g.open)
        affected = {root for g in city_groups for root in g.roots}
        owners_after: dict[int, set[int]] = {}
        for g in groups:
            if g.kind != FIELD:
                continue
            strengths: dict[int, int] = {}
            for root in g.roots:
                for seat, strength in self.farm_strengths.get(root, {}).items():
                    strengths[seat] = strengths.get(seat, 0) + strength
            if g is farmer_in:
                strengths[self.seat] = strengths.get(self.seat, 0) + (2 if large else 1)
            winners = scoring.majority(strengths)
            if not winners:
                continue
            cities = {find(c) for root in g.roots for c in board.feature(root).cities}
            affected |= cities
            idents = {identity.get(c, c) for c in cities}
            idents.update(ident_of_group[id(group_of_local[c])] for local in g.locals for c in ot.segments[local].cities)
            for ident in idents:
                owners_after.setdefault(ident, set()).update(winners)
        before = after = 0.0
        for city in affected:
            chance = self.city_chance(board.feature(city).open)
            before += chance * self.relative(scoring.FARM_CITY, self.city_owners(city))
            ident = identity.get(city, city)
            owners_after.setdefault(ident, set()).update(self.city_owners(city, touched))
            chance_after.setdefault(ident, chance)
        for ident, owners in owners_after.items():
            after += chance_after.get(ident, 0.0) * self.relative(scoring.FARM_CITY, owners)
        return after - before

    def claim_value(self, kind: str, tiles: int, pennants: int, open_: int, special: bool,
                    figs: list[Figure], large: bool) -> float:
        """What putting one (large) follower into a city/road is worth to me, given who is there."""
        strengths = self.strengths(figs)
        before = self.feature_value(kind, tiles, pennants, open_, strengths, special)
        strengths[self.seat] = strengths.get(self.seat, 0) + (2 if large else 1)
        after = self.feature_value(kind, tiles, pennants, open_, strengths, special)
        return after - before - self.follower_cost(open_ == 0, large=large)

    # -- a whole placement ----------------------------------------------------------------------
    def placement_value(self, ot: OrientedTile, x: int, y: int) -> float:
        board, state = self.board, self.state
        value = 0.0
        best_deploy = 0.0
        groups = board.preview(ot, x, y)
        group_of_local = {local: g for g in groups for local in g.locals}
        deploy_here = not ot.tile.volcano
        farms = self.farm_change(ot, groups, group_of_local)
        value += farms
        for g in groups:
            figs = [f for root in g.roots for f in self.by_root.get(root, ())]
            followers = [f for f in figs if f.is_follower]
            if g.kind == FIELD:
                if not followers and self.supply > 0 and deploy_here:
                    with_farmer = self.farm_change(ot, groups, group_of_local, farmer_in=g)
                    best_deploy = max(best_deploy, with_farmer - farms + self.farm_growth() -
                                      self.follower_cost(False, permanent=True))
                continue
            before = 0.0
            for root in g.roots:
                feature = board.features[root]
                assert feature is not None
                before += self.feature_value(feature.kind, len(feature.tiles), feature.pennants, feature.open,
                                             self.strengths(self.by_root.get(root, ())),
                                             feature.cathedral or feature.inn)
            special = g.cathedral or g.inn
            value += self.feature_value(g.kind, g.tiles, g.pennants, g.open, self.strengths(followers), special) - before
            if g.complete:
                value += RETURN_BONUS * sum(1 for f in followers if f.seat == self.seat)
                if g.kind == CITY:
                    value += GOODS_VALUE * g.goods
            if self.builder_root is not None and self.builder_root in g.roots and not state.second:
                value += EXTRA_TURN * min(1.0, self.left / 5.0)
            if not followers and self.supply > 0 and deploy_here:
                mine = self.relative(self.expected(g.kind, g.tiles, g.pennants, g.open, special), [self.seat])
                best_deploy = max(best_deploy, mine - self.follower_cost(g.complete))
        for dx, dy in AROUND:
            monk = self.monks.get((x + dx, y + dy))
            if monk is not None:
                around = board.neighbours_around(monk.x, monk.y)
                gain = self.monastery_expected(around + 1) - self.monastery_expected(around)
                value += self.relative(gain, [monk.seat])
                if around + 1 == 8 and monk.seat == self.seat:
                    value += RETURN_BONUS
        if ot.monastery and self.supply > 0 and deploy_here:
            around = board.neighbours_around(x, y)
            best_deploy = max(best_deploy, self.monastery_expected(around) - self.follower_cost(around == 8))
        value += self._princess_value(ot, group_of_local)       # princess tiles come with their add-on only
        return value + best_deploy

    def _princess_value(self, ot: OrientedTile, group_of_local: Mapping[int, Group]) -> float:
        """A princess tile in a city with knights: the best knight to send home, roughly."""
        for local, seg in enumerate(ot.segments):
            if seg.kind == CITY and seg.princess:
                knights = [f for root in group_of_local[local].roots for f in self.by_root.get(root, ())
                           if f.is_follower]
                if knights:
                    return max(self._removal_value(k) for k in knights)
        return 0.0

    def _removal_value(self, fig: Figure) -> float:
        worth = FIGURE_VALUE.get(fig.kind, 2.0) + 2.0
        return -worth if fig.seat == self.seat else worth * self.weight_others * 1.5

    # -- the deploy stage -----------------------------------------------------------------------
    def best_deploy_after_place(self) -> str:
        game, state = self.game, self.state
        deployer = game.deployer(state, self.seat)
        best_code, best_value = None, float("-inf")
        for code in deployer.codes():
            value = self.code_value(deployer, deployer.parse(code))
            if value > best_value:
                best_code, best_value = code, value
        assert best_code is not None
        return best_code

    def code_value(self, deployer: Deployer, choice: Choice) -> float:
        board = self.board
        if choice.kind == NONE:
            return 0.0
        if choice.kind == PRINCESS:
            fig = next(k for k in deployer.knights if (k.x, k.y, k.seat, k.kind == LARGE) ==
                       (choice.x, choice.y, choice.seat, choice.large))
            return self._removal_value(fig)
        if choice.kind == FAIRY:
            return self._fairy_value(choice.x, choice.y)
        if choice.local == MONASTERY_LOCAL:
            around = board.neighbours_around(choice.x, choice.y)
            large = choice.kind == LARGE
            return self.monastery_expected(around) - self.follower_cost(around == 8, large=large) - (1.0 if large else 0)
        number = board.grid[(choice.x, choice.y)]
        root = board.find(board.seg_id(number, choice.local))
        feature = board.feature(root)
        figs = self.by_root.get(root, [])
        if choice.kind == BUILDER:
            chance = {1: 0.5, 2: 0.7}.get(feature.open, 0.8) if feature.open else 0.0
            return EXTRA_TURN * chance * min(1.0, self.left / 10.0) - 0.5
        if feature.kind == FIELD:
            cities = {board.find(c) for c in feature.cities}
            complete = sum(1 for c in cities if board.feature(c).complete)
            if choice.kind == PIG:
                return (scoring.PIG_FARM_CITY - scoring.FARM_CITY) * (complete + 0.5 * (len(cities) - complete)) - 0.5
            large = choice.kind == LARGE
            return self.farmer_value(cities) - self.follower_cost(False, permanent=True, large=large)
        return self.claim_value(feature.kind, len(feature.tiles), feature.pennants, feature.open,
                                feature.cathedral or feature.inn, [f for f in figs if f.is_follower],
                                choice.kind == LARGE)

    def farmer_value(self, cities: Iterable[int]) -> float:
        """My farmer alone in an unfarmed field bordering these cities (roots), growth included:
        the same measure as ``farm_change`` with the farmer, once the tile lies."""
        gain = 0.0
        for city in cities:
            owners = self.city_owners(city)
            if self.seat not in owners:
                chance = self.city_chance(self.board.feature(city).open)
                gain += chance * (self.relative(scoring.FARM_CITY, owners | {self.seat}) -
                                  self.relative(scoring.FARM_CITY, owners))
        return gain + self.farm_growth()

    def _fairy_value(self, x: int, y: int) -> float:
        """A point a turn while my followers stay there, and 3 when their feature is scored."""
        state = self.state
        mine = [f for f in state.figures if (f.x, f.y) == (x, y) and f.seat == self.seat and f.is_follower]
        turns = min(5.0, self.left / max(1, state.players))
        here = 0.5 * turns + 1.0 * len(mine)
        if state.fairy is not None:
            old = [f for f in state.figures if (f.x, f.y) == state.fairy and f.seat == self.seat and f.is_follower]
            here -= 0.5 * turns + 1.0 * len(old) if old else 0.0
        return here * 0.5

    # -- the dragon -----------------------------------------------------------------------------
    def best_step(self, rng: random.Random) -> DragonStep:
        state = self.state
        best: tuple[float, int] | None = None
        for d in legal_steps(state):
            x, y = target(state, d)
            value = 0.0
            for f in state.figures:
                if (f.x, f.y) == (x, y):
                    worth = FIGURE_VALUE.get(f.kind, 2.0)
                    value += -worth if f.seat == self.seat else worth * self.weight_others
            value += rng.random() * 1e-6
            if best is None or value > best[0]:
                best = (value, d)
        assert best is not None
        return DragonStep(best[1])


def ranked_actions(game: "Carcassonne", state: CarcassonneState, seat: int, actions: list[Any]) -> list[Any]:
    """``actions`` (all legal, of one phase) best first by the greedy player's measure, for the
    search's move order; the dragon's steps keep their order."""
    ctx = _Context(game, state, seat)
    if state.phase == "place" and state.drawn is not None:
        drawn = state.drawn
        values = {a: ctx.placement_value(oriented(drawn, a.rotation), a.x, a.y) for a in actions}
    elif state.phase == "deploy":
        deployer = game.deployer(state, seat)
        values = {a: ctx.code_value(deployer, deployer.parse(a.code)) for a in actions}
    else:
        return list(actions)
    return sorted(actions, key=lambda a: -values[a])


__all__ = ["GreedyPlayer", "ranked_actions", "completion_chance", "farm_growth", "farmer_cost", "CITY_CHANCE", "ROAD_CHANCE"]
