"""King & Robber Baron (rules §13): 5 tiles; whoever completes the largest city so far becomes
King, the longest road Robber Baron, and at the end they score a point per completed city or road."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.carcassonne.addons.base import Capability
from games.carcassonne.rules import scoring
from games.carcassonne.rules.geometry import CITY, ROAD
from games.carcassonne.state import CarcassonneState, Marker
from games.carcassonne.view import LETTERS
from games.carcassonne.words import cities_msg, points_msg, roads_msg, tiles_msg
from games.core import Event, Msg, OptionSpec, SeatRef

if TYPE_CHECKING:
    from games.carcassonne.view import CarcassonneView


def _holder(value: tuple[int, int] | None, kind: str) -> Msg:
    if value is None:
        return Msg("nobody")
    if kind == "city":
        return Msg("{player} (city {size})", {"player": SeatRef(value[0]), "size": value[1]})
    return Msg("{player} (road {size})", {"player": SeatRef(value[0]), "size": value[1]})


class Koenig(Capability):
    option = OptionSpec("koenig", "King & Robber Baron: 5 tiles; bonuses for the largest city and longest road.")
    tile_set = "koenig"
    pieces = ("king", "robber")
    final_bonus = True

    def tile_scored(self, state: CarcassonneState, seat: int, largest: dict[str, int], events: list[Event]) -> list[str]:
        """§13.2: the completer of the first (or a strictly larger) city takes the King; roads and
        the Robber Baron likewise."""
        out = []
        for kind, attr in ((CITY, "king"), (ROAD, "robber")):
            size = largest[kind]
            held: Marker | None = getattr(state, attr)
            if size and (held is None or size > held.size):
                setattr(state, attr, Marker(seat, size))
                if attr == "king":
                    events.append(Event.public("{player} becomes King (largest completed city: {tiles}).",
                                               player=SeatRef(seat), tiles=tiles_msg(size)))
                else:
                    events.append(Event.public("{player} becomes Robber Baron (longest completed road: {tiles}).",
                                               player=SeatRef(seat), tiles=tiles_msg(size)))
                out.append(f"{attr} -> {LETTERS[seat]}")
        return out

    def final_scoring(self, state: CarcassonneState, final: dict[str, list[int]], events: list[Event]) -> None:
        """§13.2: 1 point per completed city to the King, per completed road to the Robber Baron."""
        if state.king is not None:
            points = scoring.KING_PER_CITY * state.completed_cities
            state.scores[state.king.seat] += points
            final["king"][state.king.seat] += points
            events.append(Event.public("King {player}: {points} for {cities}.", player=SeatRef(state.king.seat),
                                       points=points_msg(points), cities=cities_msg(state.completed_cities)))
        if state.robber is not None:
            points = scoring.KING_PER_CITY * state.completed_roads
            state.scores[state.robber.seat] += points
            final["robber"][state.robber.seat] += points
            events.append(Event.public("Robber Baron {player}: {points} for {roads}.", player=SeatRef(state.robber.seat),
                                       points=points_msg(points), roads=roads_msg(state.completed_roads)))

    def view_extras(self, state: CarcassonneState) -> dict[str, Any]:
        return {"king": None if state.king is None else (state.king.seat, state.king.size),
                "robber": None if state.robber is None else (state.robber.seat, state.robber.size),
                "completed": (state.completed_cities, state.completed_roads)}

    def status_lines(self, view: CarcassonneView) -> list[Msg]:
        return [Msg("King: {king}   Robber: {robber}", {"king": _holder(view.extras.get("king"), "city"),
                                                        "robber": _holder(view.extras.get("robber"), "road")})]


__all__ = ["Koenig"]
