"""The tile and card data (games/stone_age/data) against the rules reference's tables."""
from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest

from games.stone_age.components import CULTURE_SYMBOLS, VALUE, buildings, cards
from games.stone_age.rules.payments import building_payments, payment_points

REFERENCE = Path(os.environ.get("STONE_AGE_RULES", "/work/shared/rules/stone-age.md"))
needs_reference = pytest.mark.skipif(not REFERENCE.exists(), reason="rules reference not available")


def table_rows(prefix: str) -> list[list[str]]:
    rows = []
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and re.fullmatch(prefix + r"\d\d", cells[0]):
            rows.append(cells)
    return rows


@needs_reference
def test_buildings_match_reference_tables():
    rows = table_rows("B")
    assert len(rows) == 28
    data = buildings()
    for cells in rows:
        tile = data[cells[0]]
        number = int(cells[0][1:])
        if number <= 17:
            assert tile.kind == "fixed"
            assert list(tile.cost) == [c.strip() for c in cells[1].split(",")]
            assert tile.points == int(cells[2])
        elif number <= 25:
            assert tile.kind == "count_kinds"
            assert (tile.count, tile.kinds) == (int(cells[1]), int(cells[2]))
            low, _, high = cells[3].split(" ")[0].partition("–")
            points = [payment_points(p) for p in building_payments(tile, [9, 9, 9, 9])]
            assert min(points) == int(low) and max(points) == int(high or low)
        else:
            assert tile.kind == "any" and (tile.min_count, tile.max_count) == (1, 7)
            assert cells[1] == "1–7" and cells[2] == "any" and cells[3] == "3–42"


def describe_top(c) -> str:
    return {
        "dice_for_all": "Dice for all",
        "food": f"{c.amount} food",
        "resource": f"{c.amount} {c.resource}",
        "resource_roll": f"Roll {c.dice} dice for {c.resource} (÷ {VALUE.get(c.resource or '', 0)})",
        "points": f"{c.amount} points",
        "tool": "+1 permanent tool (one tool step)",
        "agriculture": "Agriculture +1",
        "extra_card": "Extra card: take the top card of the deck, bottom half only",
        "one_use_tool": f"One-use tool, value {c.value}",
        "any_two_resources": "Any 2 resources, taken whenever the owner wants",
    }[c.top]


def describe_bottom(c) -> str:
    if c.bottom_type == "culture":
        return f"Culture: {c.symbol}"
    word = c.bottom_type.replace("_", " ")
    return f"{c.figures} {word}{'s' if c.figures > 1 else ''}"


@needs_reference
def test_cards_match_reference_table():
    rows = table_rows("C")
    assert len(rows) == 36
    data = cards()
    for cells in rows:
        c = data[cells[0]]
        assert describe_top(c) == cells[1], cells
        assert describe_bottom(c) == cells[2].replace(" (see note)", ""), cells


def test_building_invariants():
    data = buildings()
    assert len(data) == 28
    kinds = Counter(b.kind for b in data.values())
    assert kinds == {"fixed": 17, "count_kinds": 8, "any": 3}
    for tile in data.values():
        if tile.kind == "fixed":
            assert len(tile.cost) == 3
            assert tile.points == sum(VALUE[r] for r in tile.cost)


def test_card_invariants():
    data = cards()
    assert len(data) == 36
    tops = Counter(c.top for c in data.values())
    assert tops == {"dice_for_all": 10, "food": 7, "resource": 5, "resource_roll": 3, "points": 3,
                    "one_use_tool": 3, "agriculture": 2, "tool": 1, "extra_card": 1, "any_two_resources": 1}
    culture = Counter(c.symbol for c in data.values() if c.bottom_type == "culture")
    assert culture == {s: 2 for s in CULTURE_SYMBOLS}
    sand = [c for c in data.values() if c.bottom_type != "culture"]
    assert Counter(c.bottom_type for c in sand) == {"farmer": 5, "tool_maker": 5, "hut_builder": 5, "shaman": 5}
    figures = Counter()
    for c in sand:
        figures[c.bottom_type] += c.figures
    assert figures == {"farmer": 7, "hut_builder": 9, "tool_maker": 8, "shaman": 7}
    assert sum(c.amount for c in data.values() if c.top == "food") == 25
    assert data["C35"].figures == 2 and data["C35"].bottom_type == "tool_maker"   # the uncertain entry
