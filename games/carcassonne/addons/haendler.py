"""Traders & Builders (rules §12): 24 tiles; goods in cities go to the player who completes the
city and the most of each kind scores 10 at the end (§12.2); the builder earns a second turn when
its feature is extended (§12.3); the pig makes its farmer's field worth more (§12.4, scored by
the farm rules)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.carcassonne.addons.base import Capability
from games.carcassonne.rules import scoring
from games.carcassonne.rules.geometry import CITY, FIELD, ROAD, OrientedTile, deploy_code
from games.carcassonne.state import BUILDER, GOODS, PIG, CarcassonneState
from games.carcassonne.view import LETTERS
from games.carcassonne.words import goods_word, seats_msg
from games.core import Event, OptionSpec, SeatRef

if TYPE_CHECKING:
    from games.carcassonne.rules.board import Feature
    from games.carcassonne.rules.deploy import Deployer
    from games.carcassonne.view import PlayerView


def builder_fits(deployer: Deployer, local: int) -> bool:
    """The builder goes on an unfinished city or road of the new tile with one of its owner's followers."""
    info = deployer.sit.segment(local)
    return (deployer.sit.ot.segments[local].kind in (CITY, ROAD) and not info.complete
            and bool(info.followers(deployer.seat)))


def pig_fits(deployer: Deployer, local: int) -> bool:
    """The pig goes on a field of the new tile with one of its owner's farmers."""
    return deployer.sit.ot.segments[local].kind == FIELD and bool(deployer.sit.segment(local).followers(deployer.seat))


class Haendler(Capability):
    option = OptionSpec("haendler", "Traders & Builders: 24 tiles, goods, the builder and the pig.")
    tile_set = "haendler"
    pieces = ("builder", "pig")
    deploy_kinds = (BUILDER, PIG)
    final_parts = ("goods",)

    def setup(self, state: CarcassonneState) -> None:
        state.builders = [1] * state.players
        state.pigs = [1] * state.players

    def tile_placed(self, state: CarcassonneState, seat: int, ot: OrientedTile, x: int, y: int, number: int,
                    events: list[Event]) -> None:
        """§12.3: a tile that extends the feature of the player's builder earns a second turn
        (decided now, not in the second turn itself)."""
        if state.second:
            return
        mine = [f for f in state.figures if f.kind == BUILDER and f.seat == seat]
        if not mine:
            return
        board = state.board
        root = board.root_of(mine[0].x, mine[0].y, mine[0].feature, mine[0].segment)
        if any(r == root for _, r in board.roots_of_tile(number)):
            state.bonus = True

    def deploy_on_tile(self, deployer: Deployer, free: list[int]) -> list[str]:
        state, seat, ot = deployer.state, deployer.seat, deployer.sit.ot
        codes: list[str] = []
        if state.builders[seat] > 0:
            codes += ["B" + deploy_code(ot, local) for local in range(len(ot.segments)) if builder_fits(deployer, local)]
        if state.pigs[seat] > 0:
            codes += ["P" + deploy_code(ot, local) for local in range(len(ot.segments)) if pig_fits(deployer, local)]
        return codes

    def city_completed(self, state: CarcassonneState, seat: int, feature: Feature, events: list[Event]) -> list[str]:
        """§12.2: the player who placed the completing tile takes the city's goods."""
        if not feature.goods:
            return []
        counts = [feature.goods.get(kind, 0) for kind in GOODS]
        for k, n in enumerate(counts):
            state.goods[seat][k] += n
        events.append(Event.public("{player} completed the city and takes its goods: wine {wine}, grain {grain}, "
                                   "cloth {cloth}.", player=SeatRef(seat), wine=counts[0], grain=counts[1],
                                   cloth=counts[2]))
        return ["goods " + " ".join(f"{kind} {n}" for kind, n in zip(GOODS, counts) if n) + f" -> {LETTERS[seat]}"]

    def final_scoring(self, state: CarcassonneState, final: dict[str, list[int]], events: list[Event]) -> None:
        """§12.2: per kind, most tokens (at least one) gets 10, ties all."""
        for k, good in enumerate(GOODS):
            best = max(g[k] for g in state.goods)
            if best <= 0:
                continue
            winners = [s for s in range(state.players) if state.goods[s][k] == best]
            for seat in winners:
                state.scores[seat] += scoring.GOODS_MAJORITY
                final["goods"][seat] += scoring.GOODS_MAJORITY
            events.append(Event.public("Most {good} ({count}): {winners} get {points} points.", good=goods_word(good),
                                       count=best, winners=seats_msg(winners), points=scoring.GOODS_MAJORITY))

    def player_view(self, state: CarcassonneState, seat: int) -> dict[str, Any]:
        return {"goods": tuple(zip(GOODS, state.goods[seat]))}

    def supply_text(self, player: PlayerView) -> list[str]:
        return [f"B:{player.builder}", f"P:{player.pig}"]


__all__ = ["Haendler", "builder_fits", "pig_fits"]
