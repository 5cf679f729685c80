"""Quetzal component data, loaded once from data/rules.yaml (confirmed) and data/defaults.yaml
(every unconfirmed value, so it can be corrected in one place)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).with_name("data")

WHITE, BLACK, WILD = "w", "k", "*"
COLOURS = (WHITE, BLACK)
BIG = "big"


@dataclass(frozen=True)
class Kind:
    letter: str
    name: str
    cards: int
    values: tuple[int, int, int]     # points for 1, 2, 3 cards of this kind in one delivery


@dataclass(frozen=True)
class Card:
    id: str                          # "V03"
    kind: str                        # "V"
    icon: str | None                 # "vp", "coin", "discovery" or None


@dataclass(frozen=True)
class Tile:
    id: str                          # "U07"
    name: str                        # identity for the "identical permanent" rule
    permanent: bool
    vp: int
    effect: str                      # discount, reroll, dealer, coins, discovery, draw
    kind: str | None = None          # dealer: the relic kind
    count: int | None = None         # reroll: how many workers (None = all or none)
    amount: int = 0                  # coins / discovery / draw


@dataclass(frozen=True)
class Space:
    code: str
    number: str
    name: str
    type: str                        # single, auction, free
    roles: str                       # w, k, either, mixed
    cost: int
    cost_per_worker: int
    take: int                        # temple rows: display cards taken
    draw: int                        # temple rows: cards drawn from the deck
    bonus: str | None                # surroundings: vp, discovery, coin
    aliases: tuple[str, ...]

    def colours(self) -> tuple[str, ...]:
        """Colours a single-colour team may have here (empty for mixed spaces)."""
        return {"w": (WHITE,), "k": (BLACK,), "either": COLOURS}.get(self.roles, ())


@dataclass(frozen=True)
class Rules:
    rounds: int
    setup: dict[int, dict[str, int]]
    publisher_coins: tuple[int, ...]
    surroundings_cards: int
    max_permanent: int
    black_market_coins: int
    harbour_cards: int
    ship_cards: int
    upgrade_space: int
    marker_vp: int
    coins_per_vp: int
    upright_coins: int
    camp_coins: int
    camp_upright_coins: int
    dice: str                        # one letter per weight unit, e.g. "w"*17 + "k"*17 + ...
    dice_weights: dict[str, int]
    temple_display: int
    closed: dict[int, tuple[str, ...]]
    delivery_group: int
    hands_hidden: bool
    kinds: tuple[Kind, ...]
    cards: tuple[Card, ...]
    tiles: tuple[Tile, ...]
    spaces: tuple[Space, ...]
    track: tuple[dict[str, int], ...]   # reward per discovery space (index = space)

    # -- lookups ------------------------------------------------------------------------------
    @functools.cached_property
    def card(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}

    @functools.cached_property
    def tile(self) -> dict[str, Tile]:
        return {t.id: t for t in self.tiles}

    @functools.cached_property
    def space(self) -> dict[str, Space]:
        return {s.code: s for s in self.spaces}

    @functools.cached_property
    def kind(self) -> dict[str, Kind]:
        return {k.letter: k for k in self.kinds}

    @functools.cached_property
    def space_alias(self) -> dict[str, str]:
        table = {s.code: s.code for s in self.spaces}
        for s in self.spaces:
            for alias in s.aliases:
                table[alias] = s.code
        return table

    @property
    def track_end(self) -> int:
        return len(self.track) - 1

    def card_order(self, card_id: str) -> tuple[int, int]:
        """Canonical card order: kinds in table order (V, T, W, S, M), then number."""
        return ("".join(k.letter for k in self.kinds).index(card_id[0]), int(card_id[1:]))


def _read(name: str) -> dict[str, Any]:
    with open(DATA / name, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml when present


def _cards(kinds: list[dict[str, Any]]) -> tuple[tuple[Kind, ...], tuple[Card, ...]]:
    out_kinds, out_cards = [], []
    for row in kinds:
        out_kinds.append(Kind(row["letter"], row["name"], row["cards"], tuple(row["values"])))
        icons = ["vp"] * row["vp"] + ["coin"] * row["coin"] + ["discovery"] * row["discovery"]
        icons += [None] * (row["cards"] - len(icons))
        for number, icon in enumerate(icons, start=1):
            out_cards.append(Card(f"{row['letter']}{number:02d}", row["letter"], icon))
    return tuple(out_kinds), tuple(out_cards)


def _tiles(rows: list[dict[str, Any]]) -> tuple[Tile, ...]:
    tiles = []
    for row in rows:
        count = row.get("count")
        for tile_id in row["ids"]:
            tiles.append(Tile(tile_id, row["name"], bool(row["permanent"]), int(row["vp"]), row["effect"],
                              kind=row.get("kind"), count=None if count in (None, "all") else int(count),
                              amount=int(row.get("amount", 0))))
    return tuple(tiles)


def _spaces(rows: list[dict[str, Any]], default_roles: dict[str, str]) -> tuple[Space, ...]:
    spaces = []
    for row in rows:
        roles = row.get("roles") or default_roles[row["code"]]
        spaces.append(Space(str(row["code"]), str(row["number"]), row["name"], row["type"], roles,
                            int(row.get("cost", 0)), int(row.get("cost_per_worker", 0)),
                            int(row.get("take", 0)), int(row.get("draw", 0)), row.get("bonus"),
                            tuple(row.get("aliases", ()))))
    return tuple(spaces)


@functools.lru_cache(maxsize=1)
def rules() -> Rules:
    """The merged rule data (cached)."""
    conf, dflt = _read("rules.yaml"), _read("defaults.yaml")
    kinds, cards = _cards(dflt["relic_kinds"])
    weights = {face: int(dflt["dice_weights"][face]) for face in "wksu"}
    track = [dict(dflt["discovery_track"][i] or {}) for i in range(len(dflt["discovery_track"]))]
    track[int(conf["discovery_upgrade_space"])] = {"upgrade": 1}
    return Rules(
        rounds=int(conf["rounds"]),
        setup={int(n): dict(row) for n, row in conf["setup"].items()},
        publisher_coins=tuple(conf["publisher_coins"]),
        surroundings_cards=int(conf["surroundings_cards"]),
        max_permanent=int(conf["max_permanent"]),
        black_market_coins=int(conf["black_market_coins"]),
        harbour_cards=int(conf["harbour_cards_per_worker"]),
        ship_cards=int(conf["ship_cards"]),
        upgrade_space=int(conf["discovery_upgrade_space"]),
        marker_vp=int(conf["final"]["marker_vp"]),
        coins_per_vp=int(conf["final"]["coins_per_vp"]),
        upright_coins=int(conf["upright_coins"]),
        camp_coins=int(conf["camp"]["coins"]),
        camp_upright_coins=int(conf["camp"]["upright_coins"]),
        dice="".join(face * weight for face, weight in weights.items()),
        dice_weights=weights,
        temple_display=int(dflt["temple_display"]),
        closed={int(n): tuple(codes) for n, codes in (dflt.get("closed_spaces") or {}).items()},
        delivery_group=int(dflt["delivery_group"]),
        hands_hidden=dflt["hands"] == "hidden",
        kinds=kinds,
        cards=cards,
        tiles=_tiles(dflt["upgrade_tiles"]),
        spaces=_spaces(conf["spaces"], dflt["space_roles"]),
        track=tuple(track),
    )


def raw_rules() -> dict[str, Any]:
    """The confirmed data file as read (for tests)."""
    return _read("rules.yaml")


def raw_defaults() -> dict[str, Any]:
    """The defaults data file as read (for tests)."""
    return _read("defaults.yaml")
