"""Final scoring (rules §8, §9): incomplete cities, roads and monasteries and farms, then what the
add-ons add (their own farm rule, bonuses with the features' followers, categories of their own)."""
from __future__ import annotations

from games.carcassonne.rules import scoring
from games.carcassonne.addons import active
from games.carcassonne.rules.awards import award, followers_scored
from games.carcassonne.rules.farms import Fields, farm_points, field_cities
from games.carcassonne.rules.deploy import figures_by_root
from games.carcassonne.rules.geometry import CITY, FIELD, MONASTERY
from games.carcassonne.state import CarcassonneState, Figure
from games.carcassonne.words import pennants_msg, points_msg, seats_msg, tiles_msg
from games.core import N_, Event, Msg
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
        followers_scored(state, followers, events, final)
    for fig in sorted((f for f in state.figures if f.feature == MONASTERY), key=lambda f: (f.y, f.x)):
        around = board.neighbours_around(fig.x, fig.y)
        points = scoring.monastery_points(around, around == 8)
        for seat in award(state, [fig], points):
            final[MONASTERY][seat] += points
        events.append(Event.public("Incomplete monastery at {x},{y}: {points} to {winners}.",
                                   x=fig.x, y=fig.y, points=points_msg(points), winners=seats_msg([fig.seat])))
        followers_scored(state, [fig], events, final)
    _farms(state, fields, final, events)
    for _, figs in fields:
        followers_scored(state, [f for f in figs if f.is_follower], events, final)
    for capability in active(state.options):
        capability.final_scoring(state, final, events)
    state.final = final
    state.phase = "over"
    # the winner is named once, after each player's total (the outcome's details, text.py)


def _farms(state: CarcassonneState, fields: Fields, final: dict[str, list[int]], events: list[Event]) -> None:
    """§9: each completed city scores 3 for the players with the most farmers in the fields that
    supply it (4 with their pig), unless an add-on scores farms its own way."""
    if any(c.score_farms(state, fields, final, events) for c in active(state.options)):
        return
    bordering, farmers, pigs = field_cities(state, fields)
    won = scoring.farms_current((scoring.strengths(farmers[root]), bordering[root], pigs[root]) for root, _ in fields)
    for seat, cities in sorted(won.items()):
        points = scoring.farm_points(cities)
        farm_points(state, final, events, seat, len(cities), sum(1 for pig in cities.values() if pig), points, False)


__all__ = ["final_scoring", "final_breakdown", "PARTS", "PART_NAMES"]
