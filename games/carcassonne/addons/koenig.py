"""King & Robber Baron (rules §13): 5 tiles; whoever completes the largest city so far becomes
King, the longest road Robber Baron, and at the end they score a point per completed city or road."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.carcassonne.addons.base import Capability
from games.carcassonne.rules import scoring
from games.carcassonne.rules.geometry import CITY, ROAD
from games.carcassonne.state import CarcassonneState, Marker
from games.carcassonne.view import LETTERS, ViewPart
from games.carcassonne.words import cities_msg, points_msg, roads_msg, tiles_msg
from games.core import Event, Msg, OptionSpec, SeatRef

if TYPE_CHECKING:
    from games.carcassonne.view import CarcassonneView


@dataclass(frozen=True)
class Holder:
    """Who holds the King or the Robber Baron, and the size of the city or road that earned it."""

    seat: int
    size: int


@dataclass(frozen=True)
class KingRobberPart(ViewPart):
    """The view's part of King & Robber Baron: the holders (None: nobody yet) and how many cities
    and roads are completed (what each holder scores at the end)."""

    king: Holder | None
    robber: Holder | None
    completed_cities: int
    completed_roads: int


def _holder_of(marker: Marker | None) -> Holder | None:
    return None if marker is None else Holder(marker.seat, marker.size)


def _holder(value: Holder | None, kind: str) -> Msg:
    if value is None:
        return Msg("nobody")
    if kind == "city":
        return Msg("{player} (city {size})", {"player": SeatRef(value.seat), "size": value.size})
    return Msg("{player} (road {size})", {"player": SeatRef(value.seat), "size": value.size})


class Koenig(Capability):
    option = OptionSpec("koenig", "King & Robber Baron: 5 tiles; bonuses for the largest city and longest road.")
    tile_set = "koenig"
    pieces = ("king", "robber")
    final_parts = ("king", "robber")

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

    def view_part(self, state: CarcassonneState) -> KingRobberPart:
        return KingRobberPart(_holder_of(state.king), _holder_of(state.robber), state.completed_cities,
                              state.completed_roads)

    def status_lines(self, view: CarcassonneView) -> list[Msg]:
        part = view.part(KingRobberPart)
        king, robber = (part.king, part.robber) if part is not None else (None, None)
        return [Msg("King: {king}   Robber: {robber}", {"king": _holder(king, "city"),
                                                        "robber": _holder(robber, "road")})]


__all__ = ["Koenig", "KingRobberPart", "Holder"]
