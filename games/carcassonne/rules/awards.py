"""Scoring during play (rules §7): what a placed tile completes, with the add-ons' parts — the
cathedral and the inn (§11), goods for the completer (§12.2), King and Robber Baron (§13.2), the
fairy's bonus (§14.4) — and figures going home (scored features, the princess, the dragon, a
builder left without its owner's follower, §12.3). Final scoring (:mod:`final`) uses the same
pieces."""
from __future__ import annotations


from games.carcassonne.addons import active
from games.carcassonne.rules import scoring
from games.carcassonne.rules.deploy import figures_by_root
from games.carcassonne.rules.geometry import AROUND, CITY, FIELD, MONASTERY
from games.carcassonne.state import BUILDER, CarcassonneState, Figure
from games.carcassonne.words import kind_word, pennants_msg, points_msg, seats_msg, tiles_msg
from games.carcassonne.view import LETTERS
from games.core import Event, SeatRef, counted


def score_placement(state: CarcassonneState, seat: int, x: int, y: int, events: list[Event]) -> str:
    """Score what the tile at (x, y) completed (§7, with goods §12.2, King and Robber Baron
    §13.2 and the fairy §14.4); return the log suffix."""
    board = state.board
    capabilities = active(state.options)
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
        suffix += followers_scored(state, figs, events, None)
        if feature.kind == CITY:
            for capability in capabilities:
                suffix += capability.city_completed(state, seat, feature, events)
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
                suffix += followers_scored(state, monks, events, None)
    for capability in capabilities:
        suffix += capability.tile_scored(state, seat, largest, events)
    return_figures(state, returned, events)
    return "".join(f" | {s}" for s in suffix)


def award(state: CarcassonneState, figs: list[Figure], points: int) -> list[int]:
    """Give ``points`` to the majority of ``figs`` (§7.5; builders and pigs have no strength)."""
    winners = scoring.majority(scoring.strengths((f.seat, f.strength) for f in figs))
    for seat in winners:
        state.scores[seat] += points
    return winners


def followers_scored(state: CarcassonneState, figs: list[Figure], events: list[Event],
                     final: dict[str, list[int]] | None) -> list[str]:
    """What the add-ons add when a feature with ``figs`` has scored (``final`` in the final
    scoring): the fairy's bonus; the parts of the log line."""
    return [part for c in active(state.options) for part in c.followers_scored(state, figs, events, final)]


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


__all__ = ["score_placement", "award", "followers_scored", "completed_event",
           "return_figures", "remove_figures", "builders_check", "letters"]
