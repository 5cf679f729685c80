"""What the farm rules share (rules §9): the completed cities each field borders, its farmers'
strengths and its pigs, and the farm points with their event."""
from __future__ import annotations

from games.carcassonne.state import PIG, CarcassonneState, Figure
from games.carcassonne.words import cities_msg, points_msg
from games.core import Event, Msg, SeatRef

Fields = list[tuple[int, list[Figure]]]


def field_cities(state: CarcassonneState, fields: Fields) -> tuple[dict[int, list[int]], dict[int, list[tuple[int, int]]],
                                                                    dict[int, list[int]]]:
    """Per field root: the completed cities it borders, its farmers (seat, strength), its pigs' seats."""
    board = state.board
    bordering = {root: sorted({board.find(c) for c in board.feature(root).cities if board.feature(c).complete})
                 for root, _ in fields}
    farmers = {root: [(f.seat, f.strength) for f in figs if f.is_follower] for root, figs in fields}
    pigs = {root: sorted({f.seat for f in figs if f.kind == PIG}) for root, figs in fields}
    return bordering, farmers, pigs


def farm_points(state: CarcassonneState, final: dict[str, list[int]], events: list[Event], seat: int, cities: int,
                with_pig: int, points: int, old: bool) -> None:
    """Give ``seat`` its farm points (``cities`` supplied or won, ``with_pig`` of them with the pig)."""
    state.scores[seat] += points
    final["farm"][seat] += points
    final["farm_cities"][seat] = cities
    params = {"player": SeatRef(seat), "cities": cities_msg(cities), "points": points_msg(points), "pigs": with_pig}
    if old and with_pig:
        msg = Msg("Farms (old rule): {player} wins {cities} ({pigs} with the pig): {points}.",
                  params)
    elif old:
        msg = Msg("Farms (old rule): {player} wins {cities}: {points}.", params)
    elif with_pig:
        msg = Msg("Farms: {player} supplies {cities} ({pigs} with the pig): {points}.", params)
    else:
        msg = Msg("Farms: {player} supplies {cities}: {points}.", params)
    events.append(Event(msg))


__all__ = ["Fields", "field_cities", "farm_points"]
