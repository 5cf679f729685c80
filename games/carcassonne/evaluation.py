"""The search's evaluation of a Carcassonne position: each seat's points if the game ended now
(banked points, open features, farms, the add-ons' bonuses, exactly the final scoring) plus what
is still open is likely to add, measured the way the greedy player measures it
(games/carcassonne/ai.py): an open city or road may yet be completed and score double, an open
monastery may yet be surrounded, and followers still in the supply can claim points later.
With no tile left to draw the open part is worth nothing and the evaluation is the final score.
"""
from __future__ import annotations

from games.carcassonne.rules import scoring
from games.carcassonne.rules.deploy import figures_by_root
from games.carcassonne.rules.final import final_scoring
from games.carcassonne.rules.geometry import CITY, MONASTERY, ROAD
from games.carcassonne.state import CarcassonneState

#: chance that a city / road with this many open edges is completed (greedy's figures)
CITY_CHANCE = {1: 0.75, 2: 0.5, 3: 0.35}
ROAD_CHANCE = {1: 0.8, 2: 0.6}
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
    late = min(1.0, left / 15.0)
    for root, figs in figures_by_root(state).items():
        feature = board.features[root]
        if feature is None or feature.kind not in (CITY, ROAD) or feature.complete:
            continue
        winners = scoring.majority(scoring.strengths((f.seat, f.strength) for f in figs if f.is_follower))
        if not winners:
            continue
        tiles = len(feature.tiles)
        if feature.kind == CITY:
            chance = CITY_CHANCE.get(feature.open, 0.2)
            gain = scoring.city_points(tiles, feature.pennants, True, feature.cathedral) - \
                scoring.city_points(tiles, feature.pennants, False, feature.cathedral)
        else:
            chance = ROAD_CHANCE.get(feature.open, 0.4)
            gain = scoring.road_points(tiles, True, feature.inn) - scoring.road_points(tiles, False, feature.inn)
        for seat in winners:
            values[seat] += chance * late * gain
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


__all__ = ["evaluate"]
