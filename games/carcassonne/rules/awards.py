"""Scoring during play (rules §7): what a placed tile completes, with the add-ons' parts — the
cathedral and the inn (§11), goods for the completer (§12.2), King and Robber Baron (§13.2), the
fairy's bonus (§14.4) — and figures going home (scored features, the princess, the dragon, a
builder left without its owner's follower, §12.3). Final scoring (:mod:`final`) uses the same
pieces."""
from __future__ import annotations

from typing import Iterable

from games.carcassonne.rules import scoring
from games.carcassonne.rules.deploy import figures_by_root
from games.carcassonne.rules.geometry import AROUND, CITY, FIELD, MONASTERY
from games.carcassonne.state import BUILDER, GOODS, CarcassonneState, Figure, Marker
from games.carcassonne.words import kind_word, pennants_msg, points_msg, seats_msg, tiles_msg
from games.carcassonne.view import LETTERS
from games.core import Event, SeatRef, counted


def score_placement(state: CarcassonneState, seat: int, x: int, y: int, events: list[Event]) -> str:
    """Score what the tile at (x, y) completed (§7, with goods §12.2, King and Robber Baron
    §13.2 and the fairy §14.4); return the log suffix."""
    board = state.board
    number = board.grid[(x, y)]
    by_root = figures_by_root(state)
    suffix: list[str] = []
    returned: list[Figure] = []
    seen: set[int] = set()
    largest = {CITY: 0, "road": 0}
    for local, root in board.roots_of_tile(number):
        feature = board.features[root]
        assert feature is not None
        if feature.kind == FIELD or root in seen or not feature.complete:
            continue
        seen.add(root)
        figs = by_root.get(root, [])
        tiles = len(feature.tiles)
        if feature.kind == CITY:
            points = scoring.city_points(tiles, feature.pennants, True, feature.cathedral)
            state.completed_cities += 1
        else:
            points = scoring.road_points(tiles, True, feature.inn)
            state.completed_roads += 1
        largest[feature.kind] = max(largest[feature.kind], tiles)
        winners = award(state, figs, points)
        returned += figs
        suffix.append(f"{feature.kind} {tiles} {points} -> {letters(winners)}")
        events.append(completed_event(feature.kind, tiles, feature.pennants, points, winners,
                                      feature.cathedral or feature.inn))
        suffix += fairy_bonus(state, figs, events, None)
        if feature.kind == CITY and feature.goods:
            suffix.append(take_goods(state, seat, feature.goods, events))
    for mx, my in [(x, y)] + [(x + dx, y + dy) for dx, dy in AROUND]:
        if (mx, my) in board.monasteries and board.neighbours_around(mx, my) == 8:
            monks = [f for f in state.figures if f.feature == MONASTERY and (f.x, f.y) == (mx, my)]
            if monks:
                points = scoring.monastery_points(8, True)
                winners = award(state, monks, points)
                returned += monks
                suffix.append(f"monastery {mx},{my} {points} -> {letters(winners)}")
                events.append(Event.public("Monastery at {x},{y} completed: {points} to {winners}.",
                                           x=mx, y=my, points=points_msg(points), winners=seats_msg(winners)))
                suffix += fairy_bonus(state, monks, events, None)
    if "koenig" in state.options:
        suffix += update_markers(state, seat, largest, events)
    return_figures(state, returned, events)
    return "".join(f" | {s}" for s in suffix)


def award(state: CarcassonneState, figs: list[Figure], points: int) -> list[int]:
    """Give ``points`` to the majority of ``figs`` (§7.5; builders and pigs have no strength)."""
    winners = scoring.majority(scoring.strengths((f.seat, f.strength) for f in figs))
    for seat in winners:
        state.scores[seat] += points
    return winners


def fairy_bonus(state: CarcassonneState, figs: Iterable[Figure], events: list[Event],
                final: list[int] | None) -> list[str]:
    """§14.4: 3 points to each owner of a follower of a scored feature on the fairy's tile."""
    if state.fairy is None:
        return []
    seats = sorted({f.seat for f in figs if f.is_follower and (f.x, f.y) == state.fairy})
    for seat in seats:
        state.scores[seat] += scoring.FAIRY_FEATURE
        if final is not None:
            final[seat] += scoring.FAIRY_FEATURE
        events.append(Event.public("Fairy: {player} gets {points} extra points for a follower on the fairy's tile.",
                                   player=SeatRef(seat), points=scoring.FAIRY_FEATURE))
    return [f"fairy {scoring.FAIRY_FEATURE} -> {letters(seats)}"] if seats else []


def take_goods(state: CarcassonneState, seat: int, goods: dict[str, int], events: list[Event]) -> str:
    """§12.2: the player who placed the completing tile takes the city's goods."""
    counts = [goods.get(kind, 0) for kind in GOODS]
    for k, n in enumerate(counts):
        state.goods[seat][k] += n
    events.append(Event.public("{player} completed the city and takes its goods: wine {wine}, grain {grain}, "
                               "cloth {cloth}.", player=SeatRef(seat), wine=counts[0], grain=counts[1],
                               cloth=counts[2]))
    return "goods " + " ".join(f"{kind} {n}" for kind, n in zip(GOODS, counts) if n) + f" -> {LETTERS[seat]}"


def update_markers(state: CarcassonneState, seat: int, largest: dict[str, int], events: list[Event]) -> list[str]:
    """§13.2: the completer of the first (or a strictly larger) city takes the King; roads and
    the Robber Baron likewise."""
    out = []
    for kind, attr in ((CITY, "king"), ("road", "robber")):
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


def completed_event(kind: str, tiles: int, pennants: int, points: int, winners: list[int],
                    doubled: bool = False) -> Event:
    """The announcement of a completed city or road (``doubled``: with a cathedral or an inn)."""
    if kind == CITY:
        if not winners:
            return Event.public("City of {tiles} completed: no knight, nobody scores.", tiles=tiles_msg(tiles))
        if doubled:
            return Event.public("City of {tiles} with a cathedral completed: {points} to {winners}.",
                                tiles=tiles_msg(tiles), points=points_msg(points), winners=seats_msg(winners))
        if pennants:
            return Event.public("City of {tiles} and {pennants} completed: {points} to {winners}.",
                                tiles=tiles_msg(tiles), pennants=pennants_msg(pennants), points=points_msg(points), winners=seats_msg(winners))
        return Event.public("City of {tiles} completed: {points} to {winners}.",
                            tiles=tiles_msg(tiles), points=points_msg(points), winners=seats_msg(winners))
    if not winners:
        return Event.public("Road of {tiles} completed: no thief, nobody scores.", tiles=tiles_msg(tiles))
    if doubled:
        return Event.public("Road of {tiles} with an inn completed: {points} to {winners}.",
                            tiles=tiles_msg(tiles), points=points_msg(points), winners=seats_msg(winners))
    return Event.public("Road of {tiles} completed: {points} to {winners}.",
                        tiles=tiles_msg(tiles), points=points_msg(points), winners=seats_msg(winners))


def return_figures(state: CarcassonneState, figs: list[Figure], events: list[Event]) -> None:
    """Figures of scored features go home, announced (§7.6)."""
    if not figs:
        return
    remove_figures(state, figs)
    counts: dict[int, int] = {}
    for fig in figs:
        if fig.is_follower:
            counts[fig.seat] = counts.get(fig.seat, 0) + 1
    for seat in sorted(counts):
        events.append(Event(counted("{player} gets {count} follower back.", "{player} gets {count} followers back.",
                                    player=SeatRef(seat), count=counts[seat])))
    for fig in figs:
        if fig.kind == BUILDER:
            events.append(Event.public("{player}'s builder goes home.", player=SeatRef(fig.seat)))


def remove_figures(state: CarcassonneState, figs: list[Figure]) -> None:
    """Take figures off the board into their owners' supplies."""
    gone = set(map(id, figs))
    state.figures = [f for f in state.figures if id(f) not in gone]
    for fig in figs:
        state.supply_of(fig.kind)[fig.seat] += 1


def builders_check(state: CarcassonneState, events: list[Event]) -> None:
    """A builder whose owner no longer has a follower in its feature goes home (§12.3)."""
    board = state.board
    by_root = figures_by_root(state)
    lonely = []
    for fig in state.figures:
        if fig.kind == BUILDER:
            root = board.root_of(fig.x, fig.y, fig.feature, fig.segment)
            if not any(f.is_follower and f.seat == fig.seat for f in by_root.get(root, ())):
                lonely.append(fig)
    for fig in lonely:
        events.append(Event.public("{player}'s builder has no follower left in its {kind} and goes home.",
                                   player=SeatRef(fig.seat), kind=kind_word(fig.feature)))
    remove_figures(state, lonely)


def letters(seats: list[int]) -> str:
    """Colour letters of seats for the log ("R,Y"), "-" for nobody."""
    return ",".join(LETTERS[s] for s in seats) or "-"


__all__ = ["score_placement", "award", "fairy_bonus", "take_goods", "update_markers", "completed_event",
           "return_figures", "remove_figures", "builders_check", "letters"]
