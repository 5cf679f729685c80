"""Points, one small piece per rule (rules §7.4, §7.5, §9, §12, §13, §14.4). Pure functions on
plain numbers.

Add-on modifiers enter as arguments (cathedral, inn, pig, large follower strength) so the add-ons
only have to pass them in.
"""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

#: points a farm owner earns per completed bordering city (current rule) / a city winner (old rule)
FARM_CITY = 3
OLD_FARM_CITY = 4
#: ... with his pig in the field (§12.4; old rule: one more, §18 D-7)
PIG_FARM_CITY = 4
OLD_PIG_BONUS = 1
MONASTERY_COMPLETE = 9
GOODS_MAJORITY = 10          # §12.2, per kind of goods
FAIRY_TURN = 1               # §14.4, at the start of a turn
FAIRY_FEATURE = 3            # §14.4, per scored feature
KING_PER_CITY = 1            # §13.2, per completed city / road on the board


def city_points(tiles: int, pennants: int, complete: bool, cathedral: bool = False) -> int:
    """§7.4 / §9.1 / §11.2: BSW's 2-tile city scores 2 (plus pennants, none exist on 2-tile cities)."""
    if complete:
        if cathedral:
            return 3 * (tiles + pennants)
        if tiles == 2:
            return 2 + pennants
        return 2 * (tiles + pennants)
    return 0 if cathedral else tiles + pennants


def road_points(tiles: int, complete: bool, inn: bool = False) -> int:
    if complete:
        return 2 * tiles if inn else tiles
    return 0 if inn else tiles


def monastery_points(neighbours: int, complete: bool) -> int:
    return MONASTERY_COMPLETE if complete else 1 + neighbours


def majority(strengths: Mapping[int, int]) -> list[int]:
    """Seats with the highest strength (at least 1); ties all win (§7.5)."""
    best = max(strengths.values(), default=0)
    if best <= 0:
        return []
    return sorted(seat for seat, value in strengths.items() if value == best)


def strengths(figures: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Sum (seat, strength) pairs per seat (normal follower 1, large follower 2)."""
    out: dict[int, int] = {}
    for seat, value in figures:
        out[seat] = out.get(seat, 0) + value
    return out


def farms_current(fields: Iterable[tuple[Mapping[int, int], Iterable[int], Iterable[int]]]) -> dict[int, dict[int, bool]]:
    """§9.3 with §12.4: for each field (farmer strengths, completed bordering cities, seats with a
    pig there), its owners get the cities; each player counts each city once, and it is worth the
    pig's 4 if one of the fields through which he gets it holds his pig. Returns seat -> {city: pig}."""
    won: dict[int, dict[int, bool]] = {}
    for farmer_strengths, cities, pigs in fields:
        cities = set(cities)
        pigs = set(pigs)
        for seat in majority(farmer_strengths):
            mine = won.setdefault(seat, {})
            for city in cities:
                mine[city] = mine.get(city, False) or seat in pigs
    return won


def farm_points(cities: Mapping[int, bool]) -> int:
    """Points of the cities a player supplies (current rule): 3 each, 4 with his pig."""
    return sum(PIG_FARM_CITY if pig else FARM_CITY for pig in cities.values())


def farms_old(cities: Iterable[tuple[int, Iterable[int]]],
              field_farmers: Mapping[int, Iterable[tuple[int, int]]],
              field_pigs: Mapping[int, Iterable[int]] | None = None) -> dict[int, list[tuple[int, bool]]]:
    """§9.4: for each completed city (id, bordering fields), the players with most farmers in all
    those fields together (each field counted once) win it; with a pig of theirs in one of those
    fields it is worth one more (§18 D-7). Returns seat -> [(city, pig)]."""
    field_pigs = field_pigs or {}
    won: dict[int, list[tuple[int, bool]]] = {}
    for city, fields in cities:
        fields = set(fields)
        pooled = [f for field_id in fields for f in field_farmers.get(field_id, ())]
        pigs = {seat for field_id in fields for seat in field_pigs.get(field_id, ())}
        for seat in majority(strengths(pooled)):
            won.setdefault(seat, []).append((city, seat in pigs))
    return won


def old_farm_points(cities: Iterable[tuple[int, bool]]) -> int:
    return sum(OLD_FARM_CITY + (OLD_PIG_BONUS if pig else 0) for _, pig in cities)


def goods_points(goods: Sequence[Sequence[int]]) -> list[int]:
    """§12.2: per kind of goods, the players holding most tokens (at least one) get 10; ties all."""
    points = [0] * len(goods)
    for kind in range(len(goods[0]) if goods else 0):
        best = max(g[kind] for g in goods)
        if best > 0:
            for seat, g in enumerate(goods):
                if g[kind] == best:
                    points[seat] += GOODS_MAJORITY
    return points
