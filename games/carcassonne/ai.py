"""The greedy computer player.

It values a placement by the change in expected points of every feature the tile touches (points
now for what it completes, expected final points for what stays open), for itself minus the
opponents' gains, plus the best follower use on the new tile (if any beats deploying nothing).
A follower costs something while it is tied up, more when few are left; a farmer never comes
back, so it must border enough cities to be worth it, which early in the game it rarely does.

It plays the staged actions itself: in the place phase it returns the placement of its best
(placement, deploy) pair; in the deploy phase it re-evaluates the deploy codes of the placed tile
with the same measure, so both stages agree.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from games.carcassonne import scoring
from games.carcassonne.actions import NOTHING, Deploy, Place
from games.carcassonne.board import Board
from games.carcassonne.geometry import AROUND, CITY, FIELD, OrientedTile, deploy_code, oriented
from games.carcassonne.placement import legal_placements
from games.carcassonne.state import CarcState, Figure
from games.core import ComputerPlayer

if TYPE_CHECKING:
    from games.carcassonne.engine import Carcassonne

FULL_PILE = 71
RETURN_BONUS = 1.0        # a follower that comes back is worth a little
FOLLOWER_COST = 1.5       # tying up one follower while it waits for its feature
SCARCE_COST = 2.0         # extra per follower below the reserve
RESERVE = 3


class GreedyPlayer(ComputerPlayer):
    name = "greedy"

    def choose(self, game: "Carcassonne", state: CarcState, seat: int, rng: random.Random) -> Any:
        ctx = _Context(game, state, seat)
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

    def __init__(self, game: "Carcassonne", state: CarcState, seat: int) -> None:
        self.game = game
        self.state = state
        self.board: Board = state.board
        self.seat = seat
        self.by_root = game.figures_by_root(state)
        self.monks = {(f.x, f.y): f for f in state.figures if f.feature == "monastery"}
        self.left = len(state.pile)
        self.weight_others = 1.0 / max(1, state.players - 1)
        self.supply = state.supply[seat]

    # -- value of points to the deciding player ---------------------------------------------
    def relative(self, points: float, winners: Iterable[int]) -> float:
        value = 0.0
        for seat in winners:
            value += points if seat == self.seat else -points * self.weight_others
        return value

    def strengths(self, figs: Iterable[Figure]) -> dict[int, int]:
        return scoring.strengths((f.seat, f.strength) for f in figs)

    def expected(self, kind: str, tiles: int, pennants: int, open_: int) -> float:
        """Expected final points of a city/road with these numbers."""
        if kind == CITY:
            complete, partial = scoring.city_points(tiles, pennants, True), scoring.city_points(tiles, pennants, False)
            chance = {0: 1.0, 1: 0.75, 2: 0.5, 3: 0.35}.get(open_, 0.2)
        else:
            complete, partial = scoring.road_points(tiles, True), scoring.road_points(tiles, False)
            chance = {0: 1.0, 1: 0.8, 2: 0.6}.get(open_, 0.4)
        if open_:
            chance *= min(1.0, self.left / 15.0)
        return chance * complete + (1 - chance) * partial

    def monastery_expected(self, around: int) -> float:
        if around >= 8:
            return float(scoring.MONASTERY_COMPLETE)
        chance = min(1.0, 0.1 + 0.12 * around) * min(1.0, self.left / 20.0)
        return chance * scoring.MONASTERY_COMPLETE + (1 - chance) * (1 + around)

    def follower_cost(self, returns_now: bool, permanent: bool = False) -> float:
        if returns_now:
            return 0.0
        after = self.supply - 1
        cost = FOLLOWER_COST + SCARCE_COST * max(0, RESERVE - after)
        if permanent:
            cost += 2.0 + 6.0 * self.left / FULL_PILE
        return cost * (0.5 + 0.5 * min(1.0, self.left / 20.0))

    def feature_value(self, kind: str, tiles: int, pennants: int, open_: int, strengths: Mapping[int, int]) -> float:
        winners = scoring.majority(strengths)
        return self.relative(self.expected(kind, tiles, pennants, open_), winners) if winners else 0.0

    def farm_value(self, complete: int, incomplete: int) -> float:
        return scoring.FARM_CITY * (complete + 0.5 * incomplete * min(1.0, self.left / 20.0))

    # -- a whole placement ----------------------------------------------------------------------
    def placement_value(self, ot: OrientedTile, x: int, y: int) -> float:
        board = self.board
        value = 0.0
        best_deploy = 0.0
        groups = board.preview(ot, x, y)
        group_of_local = {local: g for g in groups for local in g.locals}
        for g in groups:
            figs = [f for root in g.roots for f in self.by_root.get(root, ())]
            if g.kind == FIELD:
                if not figs and self.supply > 0:
                    best_deploy = max(best_deploy, self._field_deploy(ot, g, group_of_local))
                continue
            before = 0.0
            for root in g.roots:
                feature = board.features[root]
                assert feature is not None
                before += self.feature_value(feature.kind, len(feature.tiles), feature.pennants, feature.open,
                                             self.strengths(self.by_root.get(root, ())))
            value += self.feature_value(g.kind, g.tiles, g.pennants, g.open, self.strengths(figs)) - before
            if g.complete:
                value += RETURN_BONUS * sum(1 for f in figs if f.seat == self.seat)
            if not figs and self.supply > 0:
                mine = self.relative(self.expected(g.kind, g.tiles, g.pennants, g.open), [self.seat])
                best_deploy = max(best_deploy, mine - self.follower_cost(g.complete))
        for dx, dy in AROUND:
            monk = self.monks.get((x + dx, y + dy))
            if monk is not None:
                around = board.neighbours_around(monk.x, monk.y)
                gain = self.monastery_expected(around + 1) - self.monastery_expected(around)
                value += self.relative(gain, [monk.seat])
                if around + 1 == 8 and monk.seat == self.seat:
                    value += RETURN_BONUS
        if ot.monastery and self.supply > 0:
            around = board.neighbours_around(x, y)
            best_deploy = max(best_deploy, self.monastery_expected(around) - self.follower_cost(around == 8))
        return value + best_deploy

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
        game, state, board = self.game, self.state, self.board
        ot, x, y = game.placed(state)
        number = board.grid[(x, y)]
        best_code, best_value = NOTHING, 0.0
        for code in game.deploy_options(state, self.seat):
            if code not in ot.codes:
                continue
            local = ot.codes[code]
            if local == -1:
                around = board.neighbours_around(x, y)
                value = self.monastery_expected(around) - self.follower_cost(around == 8)
            else:
                root = board.find(board.seg_id(number, local))
                feature = board.feature(root)
                if feature.kind == FIELD:
                    cities = {board.find(c) for c in feature.cities}
                    complete = sum(1 for c in cities if board.feature(c).complete)
                    value = self.farm_value(complete, len(cities) - complete) - self.follower_cost(False, permanent=True)
                else:
                    mine = self.relative(self.expected(feature.kind, len(feature.tiles), feature.pennants, feature.open),
                                         [self.seat])
                    value = mine - self.follower_cost(feature.complete)
            if value > best_value:
                best_code, best_value = deploy_code(ot, local), value
        return best_code


__all__ = ["GreedyPlayer"]
