"""Component data of Florenza, loaded once from the YAML files in ``data/``.

Everything here is immutable. Resource amounts are 6-tuples in the order of ``RES``.
Named artist *cards* are numbered 0..84 (``ARTIST_CARDS``): the state refers to artist cards by
that number, because copies of one artist carry different hidden values.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from games.core import Term

DATA = Path(__file__).parent / "data"

RES: tuple[str, ...] = ("ma", "wo", "me", "fa", "go", "sp")
RES_NAMES: dict[str, str] = {"ma": "marble", "wo": "wood", "me": "metal", "fa": "fabric", "go": "gold", "sp": "spice"}
#: the resources as the Japanese help page names them (大理石1個、材木1個、200フロリン)
RES_JAPANESE: dict[str, str] = {"ma": "大理石", "wo": "材木", "me": "金属", "fa": "布", "go": "金", "sp": "香辛料"}
#: the florins' Japanese name, written after their count (50フロリン)
FLORINS_JAPANESE = "フロリン"
CATEGORIES: tuple[str, ...] = ("RES", "WKS", "PRE", "GLD", "PAL", "CHU", "DIS")
CATEGORY_ITALIAN: dict[str, str] = {
    "RES": "Abitazione", "WKS": "Bottega", "PRE": "Predicatore", "GLD": "Arte",
    "PAL": "Palazzo di Famiglia", "CHU": "Chiesa di Rione", "DIS": "Edificio di Rione",
}
#: the categories as the Japanese help pages name them (rules reference §2)
CATEGORY_JAPANESE: dict[str, str] = {
    "RES": "邸宅", "WKS": "工房", "PRE": "修道士", "GLD": "ギルド",
    "PAL": "大邸宅", "CHU": "地方教会", "DIS": "地方建築",
}
BUILDING_CATEGORIES = frozenset({"PAL", "CHU", "DIS"})
ARTIST_TYPES: dict[str, str] = {"A": "architect", "P": "painter", "S": "sculptor"}
TYPE_LETTER: dict[str, str] = {v: k for k, v in ARTIST_TYPES.items()}
ANONYMOUS: tuple[str, ...] = ("anon-architect", "anon-painter", "anon-sculptor")
ROUNDS = 5
TURNS = 8

Res = tuple[int, int, int, int, int, int]


def res_tuple(mapping: dict[str, int] | None) -> Res:
    mapping = mapping or {}
    unknown = set(mapping) - set(RES)
    if unknown:
        raise ValueError(f"unknown resource codes {sorted(unknown)}")
    return tuple(int(mapping.get(code, 0)) for code in RES)  # type: ignore[return-value]


def normalise(text: str) -> str:
    """Name key: case, accents, apostrophes, spaces and hyphens do not matter (§9.2)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed.lower() if ch.isascii() and (ch.isalnum() or ch == "#"))


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    gloss: str
    ja: str
    category: str
    cost: Res
    fl: int
    pp: int
    artists: tuple[str, ...]            # allowed artist type letters
    extra_turn: int | None
    extra_draw: int
    income: Res
    income_fl: int
    guild: str | None
    text: str
    decks: dict[str, tuple[int, int, int]]

    @property
    def display(self) -> Term:
        """The card as players know it: "Bottega: Fabbro", in Japanese "工房：ファッブロ"."""
        japanese = f"{CATEGORY_JAPANESE[self.category]}：{self.ja}" if self.ja else None
        return Term(f"{CATEGORY_ITALIAN[self.category]}: {self.name}", japanese)

    @property
    def named(self) -> Term:
        """The card named inside a sentence: its id, in Japanese its name with the id beside it."""
        return Term(self.id, f"{self.ja}（{self.id}）" if self.ja else None)

    @property
    def needs_artist(self) -> bool:
        return bool(self.artists)

    def copies(self, deck: str, players: int) -> int:
        return self.decks[deck][players - 2]


@dataclass(frozen=True)
class MonumentDef:
    number: int
    id: str
    name: str
    gloss: str
    pp: int
    cost: Res
    fl: int
    artists: tuple[str, ...]


@dataclass(frozen=True)
class ArtistDef:
    id: str
    name: str
    ja: str
    type: str                           # "A", "P" or "S"
    fee: int
    values: tuple[int, ...]
    aliases: tuple[str, ...]
    anonymous: bool

    @property
    def named(self) -> Term:
        """The artist named inside a sentence: the id, in Japanese the name with the id beside it."""
        return Term(self.id, f"{self.ja}（{self.id}）" if self.ja else None)

    def names(self) -> tuple[str, ...]:
        """Normalised names a player may type: the ID, aliases, alias-type, short anonymous forms."""
        kind = ARTIST_TYPES[self.type]
        found = [self.id, *self.aliases, *(f"{alias}-{kind}" for alias in self.aliases)]
        if self.anonymous:
            found.append(f"anon-{self.type.lower()}")
        return tuple(dict.fromkeys(normalise(name) for name in found))


@dataclass(frozen=True)
class LocationDef:
    id: str
    name: str
    kind: str                           # gain, sell, barter, captain
    resource: str | None
    copies: tuple[int, int, int]
    text: str


@dataclass(frozen=True)
class Catalog:
    cards: dict[str, CardDef]
    monuments: dict[str, MonumentDef]
    artists: dict[str, ArtistDef]
    locations: dict[str, LocationDef]
    artist_cards: tuple[tuple[str, int], ...]   # (artist id, hidden value) per named card
    components: dict[str, Any]

    def monument_by_number(self, number: int) -> MonumentDef | None:
        for monument in self.monuments.values():
            if monument.number == number:
                return monument
        return None


def _load(name: str) -> Any:
    with open(DATA / name, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml when present


@functools.lru_cache(maxsize=1)
def catalog() -> Catalog:
    cards: dict[str, CardDef] = {}
    for raw in _load("cards.yaml")["cards"]:
        effect = raw.get("effect") or {}
        income = dict(effect.get("income") or {})
        income_fl = int(income.pop("fl", 0))
        cards[raw["id"]] = CardDef(
            id=raw["id"], name=raw["name"], gloss=raw["gloss"], ja=raw["ja"], category=raw["category"],
            cost=res_tuple(raw["cost"]), fl=int(raw["fl"]), pp=int(raw["pp"]), artists=tuple(raw["artists"]),
            extra_turn=effect.get("extra_turn"), extra_draw=int(effect.get("extra_draw", 0)),
            income=res_tuple(income), income_fl=income_fl, guild=effect.get("guild"), text=raw["text"],
            decks={deck: tuple(counts) for deck, counts in raw["decks"].items()},
        )
    monuments = {
        raw["id"]: MonumentDef(number=int(raw["number"]), id=raw["id"], name=raw["name"], gloss=raw["gloss"],
                               pp=int(raw["pp"]), cost=res_tuple(raw["cost"]), fl=int(raw["fl"]),
                               artists=tuple(raw["artists"]))
        for raw in _load("monuments.yaml")["monuments"]
    }
    artists = {
        raw["id"]: ArtistDef(id=raw["id"], name=raw["name"], ja=raw["ja"], type=raw["type"][0].upper(),
                             fee=int(raw["fee"]), values=tuple(raw["values"]), aliases=tuple(raw["aliases"]),
                             anonymous=bool(raw["anonymous"]))
        for raw in _load("artists.yaml")["artists"]
    }
    locations = {
        raw["id"]: LocationDef(id=raw["id"], name=raw["name"], kind=raw["kind"], resource=raw["resource"],
                               copies=tuple(raw["copies"]), text=raw["text"])
        for raw in _load("locations.yaml")["locations"]
    }
    artist_cards = tuple((artist.id, value) for artist in artists.values() if not artist.anonymous
                         for value in artist.values)
    return Catalog(cards, monuments, artists, locations, artist_cards, _load("components.yaml"))


def card(card_id: str) -> CardDef:
    return catalog().cards[card_id]


def monument(monument_id: str) -> MonumentDef:
    return catalog().monuments[monument_id]


def artist(artist_id: str) -> ArtistDef:
    return catalog().artists[artist_id]


def location(location_id: str) -> LocationDef:
    return catalog().locations[location_id]


def artist_card(index: int) -> tuple[str, int]:
    """(artist id, hidden value) of named artist card ``index``."""
    return catalog().artist_cards[index]


def florin_cards(florins: int) -> int:
    """Public florin-card count: greedy 500/100/50 notes, as BGA counts them (§3.2)."""
    n500, rest = divmod(max(0, florins), 500)
    n100, rest = divmod(rest, 100)
    return n500 + n100 + rest // 50


def res_text(amounts: Res | tuple[int, ...], florins: int = 0, sign: str = "") -> str:
    """Notation of an amount, e.g. ``ma1 me1 fl150`` (``sign="+"``: ``ma+1 fl+200``)."""
    parts = [f"{code}{sign}{n}" for code, n in zip(RES, amounts) if n]
    if florins:
        parts.append(f"fl{sign}{florins}")
    return " ".join(parts)


def res_japanese(amounts: Res | tuple[int, ...], florins: int = 0) -> str:
    """An amount in Japanese words, each count after what it counts: ``大理石1個、金属1個、50フロリン``."""
    parts = [f"{RES_JAPANESE[code]}{n}個" for code, n in zip(RES, amounts) if n]
    if florins:
        parts.append(f"{florins}{FLORINS_JAPANESE}")
    return "、".join(parts)


def res_named(amounts: Res | tuple[int, ...], florins: int = 0) -> Term:
    """An amount as a message parameter: the notation in English (``ma1 me1 fl50``), the
    resources' Japanese names with their counts in Japanese (``大理石1個、金属1個、50フロリン``)."""
    return Term(res_text(amounts, florins), res_japanese(amounts, florins) or None)


_CHANGE = re.compile(r"(?<![A-Za-z])(ma|wo|me|fa|go|sp|fl)(?=[+\u2212-]\d)")


def changes_named(text: str) -> Term:
    """Changes of holdings as a message parameter: the notation in English (``ma−1, fl+200``),
    the Japanese names in Japanese (``大理石−1、フロリン+200``)."""
    names = {**RES_JAPANESE, "fl": FLORINS_JAPANESE}
    return Term(text, _CHANGE.sub(lambda m: names[m.group(1)], text).replace(", ", "、"))


def resource_named(code: str) -> Term:
    """One resource as a message parameter: its code in English, its Japanese name (``大理石``)."""
    return Term(code, RES_JAPANESE.get(code))
