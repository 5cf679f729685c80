"""Tile types loaded from ``data/tiles.jsonl`` (the rules reference's JSON lines, kept as data).

Geometry (rules §2): edges N E S W; half-edges ``Nw Ne En Es Se Sw Ws Wn`` clockwise; a rotation
``r`` turns the tile ``r`` quarter turns clockwise.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

DIRS = ("N", "E", "S", "W")
HALVES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
ENCLOSED = ("i1", "i2")


@dataclass(frozen=True)
class CitySegment:
    edges: str                    # canonical edges, e.g. "NW"
    pennant: int = 0
    cathedral: bool = False
    goods: str | None = None
    princess: bool = False


@dataclass(frozen=True)
class RoadSegment:
    edges: str
    inn: bool = False
    tunnel: bool = False


@dataclass(frozen=True)
class FieldSegment:
    halves: tuple[str, ...]       # canonical half-edges, or ("i1",) for an enclosed field
    cities: tuple[int, ...] = ()  # 0-based indexes into the tile's cities


@dataclass(frozen=True)
class TileType:
    id: str
    set: str
    count: int
    edges: str                    # 4 characters, N E S W, canonical orientation
    cities: tuple[CitySegment, ...] = ()
    roads: tuple[RoadSegment, ...] = ()
    fields: tuple[FieldSegment, ...] = ()
    monastery: bool = False
    volcano: bool = False
    dragon: bool = False
    portal: bool = False
    river: str = ""
    start: bool = False
    raw: str = ""                 # the source line, for reference


def rotate_dir(direction: str, rotation: int) -> str:
    """Where canonical edge ``direction`` lies after ``rotation`` quarter turns clockwise."""
    return DIRS[(DIRS.index(direction) + rotation) % 4]


def rotate_half(half: str, rotation: int) -> str:
    if half in ENCLOSED:
        return half
    return HALVES[(HALVES.index(half) + 2 * rotation) % 8]


def _tile(data: dict, raw: str) -> TileType:
    return TileType(
        id=data["id"], set=data["set"], count=data["n"], edges=data["edges"],
        cities=tuple(CitySegment(c["e"], c.get("pennant", 0), bool(c.get("cathedral")), c.get("goods"),
                                 bool(c.get("princess"))) for c in data.get("cities", [])),
        roads=tuple(RoadSegment(r["e"], bool(r.get("inn")), bool(r.get("tunnel"))) for r in data.get("roads", [])),
        fields=tuple(FieldSegment(tuple(f["h"]), tuple(i - 1 for i in f.get("c", []))) for f in data.get("fields", [])),
        monastery=bool(data.get("monastery")), volcano=bool(data.get("volcano")), dragon=bool(data.get("dragon")),
        portal=bool(data.get("portal")), river=data.get("river", ""), start=bool(data.get("start")), raw=raw,
    )


@functools.lru_cache(maxsize=None)
def all_tiles() -> dict[str, TileType]:
    """Every tile type of every set, by id."""
    path = Path(__file__).with_name("data") / "tiles.jsonl"
    tiles: dict[str, TileType] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            tile = _tile(json.loads(line), line)
            tiles[tile.id] = tile
    return tiles


def tile(tile_id: str) -> TileType:
    return all_tiles()[tile_id]


def tiles_of_set(name: str) -> list[TileType]:
    return [t for t in all_tiles().values() if t.set == name]
