"""The search's evaluation of a Carcassonne position: each seat's points if the game ended now
(banked points, open features, farms, the add-ons' bonuses, exactly the final scoring) plus what
is still open is likely to add, measured the way the greedy player measures it
(games/carcassonne/ai.py): an open city or road may yet be completed and score double, an open
monastery may yet be surrounded, a farm may yet earn 3 for each open city it borders (the chance
the city is complete at the end) and for cities still to come, and followers still in the supply
can claim points later.
With no tile left to draw the open part is worth nothing and the evaluation is the final score.
"""
from __future__ import annotations

from games.carcassonne.ai import completion_chance, farm_growth, farmer_cost
from games.carcassonne.rules import scoring
from games.carcassonne.rules.deploy import figures_by_root
from games.carcassonne.rules.final import final_scoring
from games.carcassonne.rules.geometry import CITY, FIELD, MONASTERY, ROAD
from games.carcassonne.state import CarcassonneState

#: what one follower in the supply is worth, and the extra for each of the last few
SUPPLY_VALUE = 1.5
SCARCE_VALUE = 2.0
RESERVE = 3
LARGE_VALUE = 2.5


def evaluate(state: CarcassonneState, ended: CarcassonneState) -> tuple[float, ...]:
    """``ended`` is a copy of ``state`` the evaluation may finish (final-score) in place."""
    if state.over:
        return tuple(float(s) for s in state.scores)
    final_scoring(ended, [])
    values = [float(s) for s in ended.scores]
    left = len(state.pile) + len(state.setaside)
    if left == 0:
        return tuple(values)
    board = state.board
    by_root = figures_by_root(state)
    _add_farms(state, by_root, left, values)
    for root, figs in by_root.items():
        feature = board.features[root]
        if feature is None or feature.kind not in (CITY, ROAD) or feature.complete:
            continue
        winners = scoring.majority(scoring.strengths((f.seat, f.strength) for f in figs if f.is_follower))
        if not winners:
            continue
        tiles = len(feature.tiles)
        chance = completion_chance(feature.kind, feature.open, left)
        if feature.kind == CITY:
            gain = scoring.city_points(tiles, feature.pennants, True, feature.cathedral) - \
                scoring.city_points(tiles, feature.pennants, False, feature.cathedral)
        else:
            gain = scoring.road_points(tiles, True, feature.inn) - scoring.road_points(tiles, False, feature.inn)
        for seat in winners:
            values[seat] += chance * gain
    for fig in state.figures:
        if fig.feature == MONASTERY:
            around = board.neighbours_around(fig.x, fig.y)
            chance = min(1.0, 0.1 + 0.12 * around) * min(1.0, left / 20.0)
            values[fig.seat] += chance * (scoring.MONASTERY_COMPLETE - 1 - around)
    weight = 0.5 + 0.5 * min(1.0, left / 20.0)
    for seat in range(state.players):
        supply = state.supply[seat]
        values[seat] += weight * (SUPPLY_VALUE * supply + SCARCE_VALUE * min(supply, RESERVE) +
                                  LARGE_VALUE * state.large[seat])
    return tuple(values)


def _add_farms(state: CarcassonneState, by_root: dict, left: int, values: list[float]) -> None:
    """The farms' expected points beyond the final scoring's (which counts complete cities only):
    3 for each open city to every seat winning a farmed field bordering it (once a seat), times
    the chance the city is complete at the end, and each won field's growth from cities to come,
    less what each farmer costs by never coming back (the greedy player's measure)."""
    board = state.board
    tied = 0.5 + 0.5 * min(1.0, left / 20.0)
    owners: dict[int, set[int]] = {}
    for root, figs in by_root.items():
        feature = board.features[root]
        if feature is None or feature.kind != FIELD:
            continue
        farmers = [f for f in figs if f.is_follower]
        winners = scoring.majority(scoring.strengths((f.seat, f.strength) for f in farmers))
        for seat in winners:
            values[seat] += farm_growth(left)
        for farmer in farmers:
            values[farmer.seat] -= tied * farmer_cost(left)
        for city in {board.find(c) for c in feature.cities}:
            owners.setdefault(city, set()).update(winners)
    for city, seats in owners.items():
        feature = board.features[city]
        if feature is None or feature.complete:
            continue
        chance = completion_chance(CITY, feature.open, left)
        for seat in seats:
            values[seat] += chance * scoring.FARM_CITY


__all__ = ["evaluate"]
