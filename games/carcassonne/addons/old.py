"""The old farm rule (rules §9, BSW's "old" option): each completed city gives 4 points to the
players with the most farmers in the fields bordering it (with the pig, 5), instead of the
current rule's 3 points per completed city a field supplies."""
from __future__ import annotations

from games.carcassonne.addons.base import Capability
from games.carcassonne.rules import scoring
from games.carcassonne.rules.farms import farm_points, field_cities
from games.carcassonne.state import CarcassonneState, Figure
from games.core import Event, OptionSpec


class OldFarms(Capability):
    option = OptionSpec("old", "Old farm rule: each completed city gives 4 points to the players with most "
                               "farmers in the fields bordering it.")

    def score_farms(self, state: CarcassonneState, fields: list[tuple[int, list[Figure]]],
                    final: dict[str, list[int]], events: list[Event]) -> bool:
        bordering, farmers, pigs = field_cities(state, fields)
        city_fields: dict[int, list[int]] = {}
        for root, _ in fields:
            for city in bordering[root]:
                city_fields.setdefault(city, []).append(root)
        won_old = scoring.farms_old(sorted(city_fields.items()), farmers, pigs)
        for seat, cities in sorted(won_old.items()):
            points = scoring.old_farm_points(cities)
            farm_points(state, final, events, seat, len(cities), sum(1 for _, pig in cities if pig), points, True)
        return True


__all__ = ["OldFarms"]
