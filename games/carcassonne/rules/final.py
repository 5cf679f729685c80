"""Final scoring (rules §8, §9): incomplete cities, roads and monasteries, farms (current or old
rule, with pigs), goods majorities (§12.2), King and Robber Baron (§13.2) and the fairy (§14.4)."""
from __future__ import annotations

from games.carcassonne.rules import scoring
from games.carcassonne.rules.awards import award, fairy_bonus
from games.carcassonne.rules.deploy import figures_by_root
from games.carcassonne.rules.geometry import CITY, FIELD, MONASTERY
from games.carcassonne.state import GOODS, PIG, CarcassonneState, Figure
from games.carcassonne.words import cities_msg, goods_word, pennants_msg, points_msg, roads_msg, seats_msg, tiles_msg
from games.core import N_, Event, Msg, SeatRef
from games.core.outcome import categories

#: the final breakdown's parts, in the order of the outcome details
PARTS = ("play", "city", "road", "monastery", "farm", "goods", "king", "robber", "fairy")


#: what each part is called on the result image
PART_NAMES = {"play": N_("During play"), "city": N_("Incomplete cities"), "road": N_("Incomplete roads"),
              "monastery": N_("Incomplete monasteries"), "farm": N_("Farms"), "goods": N_("Goods"), "king": N_("King"),
              "robber": N_("Robber Baron"), "fairy": N_("Fairy")}


def final_breakdown(final: dict[str, list[int]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The final breakdown as result categories (parts nobody scored in left out)."""
    return categories([(PART_NAMES[part], final[part]) for part in PARTS])


def final_scoring(state: CarcassonneState, events: list[Event]) -> None:
    board = state.board
    n = state.players
    final = {"play": list(state.scores), "city": [0] * n, "road": [0] * n, "monastery": [0] * n,
             "farm": [0] * n, "farm_cities": [0] * n, "goods": [0] * n, "king": [0] * n, "robber": [0] * n,
             "fairy": [0] * n}
    events.append(Event.public("No tiles left: the game is over. Final scoring:"))
    by_root = figures_by_root(state)
    fields: list[tuple[int, list[Figure]]] = []
    for root, figs in sorted(by_root.items()):
        feature = board.features[root]
        assert feature is not None
        followers = [f for f in figs if f.is_follower]
        if not followers:
            continue
        tiles = len(feature.tiles)
        if feature.kind == FIELD:
            fields.append((root, figs))
            continue
        if feature.complete:
            continue
        if feature.kind == CITY:
            points = scoring.city_points(tiles, feature.pennants, False, feature.cathedral)
            if feature.cathedral:
                event = Msg("Incomplete city of {tiles} with a cathedral: no points.")
            else:
                event = Msg("Incomplete city of {tiles} and {pennants}: {points} to {winners}.")
        else:
            points = scoring.road_points(tiles, False, feature.inn)
            if feature.inn:
                event = Msg("Incomplete road of {tiles} with an inn: no points.")
            else:
                event = Msg("Incomplete road of {tiles}: {points} to {winners}.")
        winners = award(state, followers, points)
        for seat in winners:
            final[feature.kind][seat] += points
        events.append(Event(Msg(event.text, {"tiles": tiles_msg(tiles), "pennants": pennants_msg(feature.pennants), "points": points_msg(points),
                                             "winners": seats_msg(winners)})))
        fairy_bonus(state, followers, events, final["fairy"])
    for fig in sorted((f for f in state.figures if f.feature == MONASTERY), key=lambda f: (f.y, f.x)):
        around = board.neighbours_around(fig.x, fig.y)
        points = scoring.monastery_points(around, around == 8)
        for seat in award(state, [fig], points):
            final[MONASTERY][seat] += points
        events.append(Event.public("Incomplete monastery at {x},{y}: {points} to {winners}.",
                                   x=fig.x, y=fig.y, points=points_msg(points), winners=seats_msg([fig.seat])))
        fairy_bonus(state, [fig], events, final["fairy"])
    _farms(state, fields, final, events)
    for _, figs in fields:
        fairy_bonus(state, [f for f in figs if f.is_follower], events, final["fairy"])
    if "haendler" in state.options:
        _goods(state, final, events)
    if "koenig" in state.options:
        _markers(state, final, events)
    state.final = final
    state.phase = "over"
    # the winner is named once, after each player's total (the outcome's details, text.py)


def _farms(state: CarcassonneState, fields: list[tuple[int, list[Figure]]], final: dict[str, list[int]],
           events: list[Event]) -> None:
    board = state.board
    bordering = {root: sorted({board.find(c) for c in board.feature(root).cities if board.feature(c).complete})
                 for root, _ in fields}
    farmers = {root: [(f.seat, f.strength) for f in figs if f.is_follower] for root, figs in fields}
    pigs = {root: sorted({f.seat for f in figs if f.kind == PIG}) for root, figs in fields}
    if "old" in state.options:
        city_fields: dict[int, list[int]] = {}
        for root, _ in fields:
            for city in bordering[root]:
                city_fields.setdefault(city, []).append(root)
        won_old = scoring.farms_old(sorted(city_fields.items()), farmers, pigs)
        for seat, cities in sorted(won_old.items()):
            points = scoring.old_farm_points(cities)
            _farm_points(state, final, events, seat, len(cities), sum(1 for _, pig in cities if pig), points, True)
        return
    won = scoring.farms_current((scoring.strengths(farmers[root]), bordering[root], pigs[root]) for root, _ in fields)
    for seat, cities in sorted(won.items()):
        points = scoring.farm_points(cities)
        _farm_points(state, final, events, seat, len(cities), sum(1 for pig in cities.values() if pig), points, False)


def _farm_points(state: CarcassonneState, final: dict[str, list[int]], events: list[Event], seat: int, cities: int,
                 with_pig: int, points: int, old: bool) -> None:
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


def _goods(state: CarcassonneState, final: dict[str, list[int]], events: list[Event]) -> None:
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


def _markers(state: CarcassonneState, final: dict[str, list[int]], events: list[Event]) -> None:
    """§13.2: 1 point per completed city to the King, per completed road to the Robber Baron."""
    if state.king is not None:
        points = scoring.KING_PER_CITY * state.completed_cities
        state.scores[state.king.seat] += points
        final["king"][state.king.seat] += points
        events.append(Event.public("King {player}: {points} for {cities}.",
                                   player=SeatRef(state.king.seat), points=points_msg(points), cities=cities_msg(state.completed_cities)))
    if state.robber is not None:
        points = scoring.KING_PER_CITY * state.completed_roads
        state.scores[state.robber.seat] += points
        final["robber"][state.robber.seat] += points
        events.append(Event.public("Robber Baron {player}: {points} for {roads}.",
                                   player=SeatRef(state.robber.seat), points=points_msg(points), roads=roads_msg(state.completed_roads)))


__all__ = ["final_scoring", "final_breakdown", "PARTS", "PART_NAMES"]
