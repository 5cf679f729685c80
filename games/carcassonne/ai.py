"""The greedy computer player.

It values a placement by the change in expected points of every feature the tile touches (points
now for what it completes, expected final points for what stays open), for itself minus the
opponents' gains, plus the best follower use on the new tile (if any beats deploying nothing).
A follower costs something while it is tied up, more when few are left; a farmer never comes
back, so it must border enough cities to be worth it, which early in the game it rarely does.

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
FIGURE_VALUE = {"follower": 2.0, LARGE: 3.5, BUILDER: 2.0, PIG: 2.5}


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
            chance = {0: 1.0, 1: 0.75, 2: 0.5, 3: 0.35}.get(open_, 0.2)
        else:
            complete, partial = scoring.road_points(tiles, True, special), scoring.road_points(tiles, False, special)
            chance = {0: 1.0, 1: 0.8, 2: 0.6}.get(open_, 0.4)
        if open_:
            chance *= min(1.0, self.left / 15.0)
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
            cost += 2.0 + 6.0 * self.left / FULL_PILE
        return cost * (0.5 + 0.5 * min(1.0, self.left / 20.0))

    def feature_value(self, kind: str, tiles: int, pennants: int, open_: int, strengths: Mapping[int, int],
                      special: bool = False) -> float:
        winners = scoring.majority(strengths)
        return self.relative(self.expected(kind, tiles, pennants, open_, special), winners) if winners else 0.0

    def farm_value(self, complete: int, incomplete: int) -> float:
        return scoring.FARM_CITY * (complete + 0.5 * incomplete * min(1.0, self.left / 20.0))

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
        for g in groups:
            figs = [f for root in g.roots for f in self.by_root.get(root, ())]
            followers = [f for f in figs if f.is_follower]
            if g.kind == FIELD:
                if not followers and self.supply > 0 and deploy_here:
                    best_deploy = max(best_deploy, self._field_deploy(ot, g, group_of_local))
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

    def _field_deploy(self, ot: OrientedTile, g: Any, group_of_local: Mapping[int, Any]) -> float:
        board = self.board
        complete = incomplete = 0
        seen: set[int] = set()
        for root in g.roots:
            feature = board.features[root]
            assert feature is not None
            for city in feature.cities:
                city_root = board.find(city)
                if city_root not in seen:
                    seen.add(city_root)
                    if board.feature(city_root).complete:
                        complete += 1
                    else:
                        incomplete += 1
        for local in g.locals:
            for city_local in ot.segments[local].cities:
                cg = group_of_local[city_local]
                if any(root in seen for root in cg.roots):
                    continue
                seen.update(cg.roots)
                if cg.complete:
                    complete += 1
                else:
                    incomplete += 1
        return self.farm_value(complete, incomplete) - self.follower_cost(False, permanent=True)

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
            return self.farm_value(complete, len(cities) - complete) - \
                self.follower_cost(False, permanent=True, large=large)
        return self.claim_value(feature.kind, len(feature.tiles), feature.pennants, feature.open,
                                feature.cathedral or feature.inn, [f for f in figs if f.is_follower],
                                choice.kind == LARGE)

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


__all__ = ["GreedyPlayer", "ranked_actions"]
