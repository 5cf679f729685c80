"""Points, one small piece per rule (rules §7.4, §7.5, §9). Pure functions on plain numbers.

Add-on modifiers enter as arguments (cathedral, inn, pig, large follower strength) so the add-ons
only have to pass them in.
"""
from __future__ import annotations

from typing import Iterable, Mapping

#: points a farm owner earns per completed bordering city (current rule) / a city winner (old rule)
FARM_CITY = 3
OLD_FARM_CITY = 4
MONASTERY_COMPLETE = 9


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


def farms_current(fields: Iterable[tuple[Mapping[int, int], Iterable[int]]]) -> dict[int, set[int]]:
    """§9.3: for each field (farmer strengths, completed bordering cities), its owners get the
    cities; each player counts each city once. Returns seat -> set of cities scored."""
    won: dict[int, set[int]] = {}
    for farmer_strengths, cities in fields:
        cities = set(cities)
        for seat in majority(farmer_strengths):
            won.setdefault(seat, set()).update(cities)
    return won


def farms_old(cities: Iterable[tuple[int, Iterable[int]]],
              field_farmers: Mapping[int, Iterable[tuple[int, int]]]) -> dict[int, list[int]]:
    """§9.4: for each completed city (id, bordering fields), the players with most farmers in all
    those fields together (each field counted once) win it. Returns seat -> cities won."""
    won: dict[int, list[int]] = {}
    for city, fields in cities:
        pooled = [f for field_id in set(fields) for f in field_farmers.get(field_id, ())]
        for seat in majority(strengths(pooled)):
            won.setdefault(seat, []).append(city)
    return won
