"""Keyflower component data, loaded from the YAML files in ``data/``.

Every piece that can lie in a village (home, season tiles, summer boats, winter tiles, boats,
turn-order tiles) is a :class:`TileDef`, so geometry, scoring and drawing treat them alike.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).with_name("data")

COLOURS = ("red", "blue", "yellow", "green")
RESOURCES = ("wood", "stone", "iron", "gold")
SKILLS = ("saw", "pick", "anvil")
SEASONS = ("spring", "summer", "autumn", "winter")
SEASON_CODES = ("Sp", "Su", "Au", "Wi")
BOAT_ORDER = ("keyflower", "seabastion", "seabreese", "flipper", "ianvincible", "whitewind")


@dataclass(frozen=True)
class Ability:
    """One side's ability; ``t`` is the type named in the reference's Appendix A."""

    t: str
    res: tuple[tuple[str, int], ...] = ()     # gain / pay_skill_gain_res
    options: tuple[str, ...] = ()             # gain_choice
    n: int = 0                                # draws / choices
    pay: str = ""                             # colour paid (pay_keeple_gain_green)
    green: int = 0
    skill: str = ""                           # named skill paid (pay_skill_gain_res)
    move: int = 0                             # transport points
    upgrades: int = 0
    text: str = ""                            # passive effects (summer boats)

    @property
    def usable(self) -> bool:
        return self.t not in ("none", "passive")


@dataclass(frozen=True)
class TileDef:
    id: str
    kind: str                 # home, village, summer_boat, winter, boat, turn_order
    season: str               # home, spring, summer, autumn, winter, boat, turn_order
    en: str
    ja: str
    edges: str
    vp: tuple[int, int] = (0, 0)
    upgrade_res: tuple[str, ...] = ()
    upgrade_skill: tuple[str, ...] = ()
    upgradable: bool = False
    ability: tuple[Ability, ...] = ()         # (front, upgraded) or () when never usable
    storage: tuple[tuple[str, ...], tuple[int, int]] | None = None
    scoring: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    pair: str = ""            # summer boats: the physical tile (boat1 .. boat4)
    number: int = 0           # turn-order tiles
    in_play: tuple[int, ...] = ()
    purple_at: tuple[int, ...] = ()
    min_players: int = 0      # boats
    cargo: dict[str, tuple[int, int]] = field(default_factory=dict, compare=False, hash=False)
    side: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def ability_of(self, upgraded: bool) -> Ability | None:
        if not self.ability:
            return None
        return self.ability[1 if upgraded else 0]

    def usable(self, upgraded: bool) -> bool:
        ability = self.ability_of(upgraded)
        return ability is not None and ability.usable

    def fixed_vp(self, upgraded: bool) -> int:
        """VP printed on the current side (section 11, step 1)."""
        if self.kind in ("home", "village"):
            return self.vp[1 if upgraded else 0]
        if self.scoring.get("t") in ("fixed", "fixed_plus_free_upgrade"):
            return int(self.scoring["vp"])
        return 0

    def transport(self, upgraded: bool) -> tuple[int, int]:
        ability = self.ability_of(upgraded)
        if ability is None or ability.t != "transport":
            return (0, 0)
        return (ability.move, ability.upgrades)


def _ability(raw: dict[str, Any]) -> Ability:
    return Ability(
        t=raw["t"],
        res=tuple((k, int(v)) for k, v in (raw.get("res") or {}).items()),
        options=tuple(raw.get("options") or ()),
        n=int(raw.get("n", 0)),
        pay=raw.get("pay", ""),
        green=int(raw.get("green", 0)),
        skill=raw.get("skill", ""),
        move=int(raw.get("move", 0)),
        upgrades=int(raw.get("upgrades", 0)),
        text=raw.get("text", ""),
    )


def _load_yaml(name: str) -> dict[str, Any]:
    with open(DATA_DIR / name, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


#: a space between a Japanese word and a number or code after it (``夏の船タイル 1a``, as the rules
#: reference's appendix writes the boats)
_SPACED_SIDE = re.compile(r"(?<=[\u3040-\u30ff\u4e00-\u9fff]) (?=[0-9A-Za-z])")


def japanese_name(name: str) -> str:
    """A tile's Japanese name as Japanese is set (JLReq): no space before a number or code that
    follows a Japanese word (``夏の船タイル1a``); the data keep the reference's spelling."""
    return _SPACED_SIDE.sub("", name)


def _tile(tid: str, raw: dict[str, Any]) -> TileDef:
    season = raw["season"]
    if season == "home":
        kind = "home"
    elif season == "winter":
        kind = "winter"
    elif "pair" in raw:
        kind = "summer_boat"
    else:
        kind = "village"
    upgrade = raw.get("upgrade") or {}
    storage = raw.get("storage")
    return TileDef(
        id=tid, kind=kind, season=season, en=raw["en"], ja=japanese_name(raw["ja"]), edges=raw["edges"],
        vp=tuple(raw.get("vp", (0, 0))),
        upgrade_res=tuple(upgrade.get("res") or ()), upgrade_skill=tuple(upgrade.get("skill") or ()),
        upgradable=bool(upgrade),
        ability=tuple(_ability(a) for a in raw.get("ability") or ()),
        storage=(tuple(storage["counts"]), tuple(storage["vp_per_resource"])) if storage else None,
        scoring=dict(raw.get("scoring") or {}),
        pair=raw.get("pair", ""),
    )


@functools.lru_cache(maxsize=None)
def tiles() -> dict[str, TileDef]:
    """Every piece by id, in data-file order."""
    result: dict[str, TileDef] = {}
    for tid, raw in _load_yaml("tiles.yaml").items():
        result[tid] = _tile(tid, raw)
    for tid, raw in _load_yaml("boats.yaml").items():
        result[tid] = TileDef(
            id=tid, kind="boat", season="boat", en=raw["en"], ja=raw["ja"], edges=raw["edges"],
            min_players=int(raw["min_players"]), scoring=dict(raw["winter"]),
            cargo={s: (int(v[0]), int(v[1])) for s, v in raw["cargo"].items()}, side=dict(raw["side"]),
        )
    for tid, raw in _load_yaml("turn_order.yaml").items():
        number = int(raw["number"])
        result[tid] = TileDef(
            id=tid, kind="turn_order", season="turn_order", en=f"Turn order {number}", ja=f"ターン順{number}",
            edges=raw["edges"], number=number, in_play=tuple(raw["in_play"]),
            purple_at=tuple(raw["purple_at"]), scoring=dict(raw["winter"]),
        )
    return result


@functools.lru_cache(maxsize=None)
def components() -> dict[str, Any]:
    return _load_yaml("components.yaml")


def tile(tid: str) -> TileDef:
    return tiles()[tid]


@functools.lru_cache(maxsize=None)
def season_tiles(season: str) -> tuple[str, ...]:
    """The 12 tiles of a season; summer boats appear once per physical tile (``boat1`` ...)."""
    out: list[str] = []
    for tid, t in tiles().items():
        if t.season != season or t.kind in ("home", "boat", "turn_order"):
            continue
        name = t.pair if t.kind == "summer_boat" else tid
        if name not in out:
            out.append(name)
    return tuple(out)


def home_ids() -> tuple[str, ...]:
    return tuple(tid for tid, t in tiles().items() if t.kind == "home")


def boats_for(players: int) -> tuple[str, ...]:
    return tuple(b for b in BOAT_ORDER if tile(b).min_players <= players)


def turn_order_for(players: int) -> tuple[str, ...]:
    return tuple(tid for tid, t in tiles().items() if t.kind == "turn_order" and players in t.in_play)


def purple_tile_for(players: int) -> str:
    return next(tid for tid in turn_order_for(players) if players in tile(tid).purple_at)


def player_counts(players: int) -> dict[str, Any]:
    return components()["players"][players]
