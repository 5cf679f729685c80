"""Stone Age components: goods, board locations, building tiles and civilization cards.

Tiles and cards are loaded from ``data/*.json`` (the rules reference's machine-readable copy,
checked against the reference's tables by tests/stone_age/test_data.py).
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).with_name("data")

#: resources in payment order (cheapest first); food is not a resource.
RESOURCES = ("wood", "brick", "stone", "gold")
LETTER = {"wood": "w", "brick": "b", "stone": "s", "gold": "g", "food": "f"}
VALUE = {"food": 2, "wood": 3, "brick": 4, "stone": 5, "gold": 6}

#: gathering locations (1-5) and what they yield.
GATHER = {"hunt": "food", "forest": "wood", "clay": "brick", "quarry": "stone", "river": "gold"}
RESOURCE_SPOTS = ("forest", "clay", "quarry", "river")
VILLAGE = ("toolmaker", "field", "hut")
NUMBER = {"hunt": 1, "forest": 2, "clay": 3, "quarry": 4, "river": 5,
          "toolmaker": 6, "field": 7, "hut": 8, "building": 9, "card": 10}

MAX_PEOPLE = 10
START_PEOPLE = 5
START_FOOD = 12
MAX_AGRICULTURE = 10
MAX_TOOL_VALUE = 4
MAX_TOOLS = 3
RESOURCE_SPOT_CAPACITY = 7
STACK_SIZE = 7
DISPLAY_SLOTS = 4

#: dice-for-all faces (section 6.9): 1-4 a resource, 5 a tool step, 6 agriculture.
DICE_FOR_ALL = {1: "wood", 2: "brick", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture"}

CULTURE_SYMBOLS = ("art", "healing", "music", "pottery", "sundial", "transport", "weaving", "writing")
FIGURES = ("farmer", "tool_maker", "hut_builder", "shaman")


@dataclass(frozen=True)
class Building:
    id: str
    kind: str                       # "fixed", "count_kinds" or "any"
    cost: tuple[str, ...] = ()      # fixed tiles
    points: int | None = None       # fixed tiles
    count: int = 0                  # count_kinds
    kinds: int = 0                  # count_kinds
    min_count: int = 0              # any
    max_count: int = 0              # any


@dataclass(frozen=True)
class Card:
    id: str
    top: str                        # dice_for_all, food, resource, resource_roll, points, tool, ...
    bottom_type: str                # culture or one of FIGURES
    symbol: str | None = None       # culture symbol
    figures: int = 0                # number of figures on a sand card
    amount: int = 0                 # food / resource / points amount
    resource: str | None = None     # resource / resource_roll cards
    dice: int = 0                   # resource_roll cards
    value: int = 0                  # one-use tool value


@functools.lru_cache(maxsize=None)
def buildings() -> dict[str, Building]:
    rows = json.loads((DATA / "buildings.json").read_text(encoding="utf-8"))
    result: dict[str, Building] = {}
    for row in rows:
        result[row["id"]] = Building(
            id=row["id"], kind=row["kind"], cost=tuple(row.get("cost", ())), points=row.get("points"),
            count=row.get("count", 0), kinds=row.get("kinds", 0),
            min_count=row.get("min_count", 0), max_count=row.get("max_count", 0))
    return result


@functools.lru_cache(maxsize=None)
def cards() -> dict[str, Card]:
    rows = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
    result: dict[str, Card] = {}
    for row in rows:
        bottom = row["bottom"]
        result[row["id"]] = Card(
            id=row["id"], top=row["top"], bottom_type=bottom["type"], symbol=bottom.get("symbol"),
            figures=bottom.get("count", 0), amount=row.get("amount", 0), resource=row.get("resource"),
            dice=row.get("dice", 0), value=row.get("value", 0))
    return result


def building(building_id: str) -> Building:
    return buildings()[building_id]


def card(card_id: str) -> Card:
    return cards()[card_id]
