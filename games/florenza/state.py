"""The full (secret) game state and its exact JSON form.

A hired artist is stored as an ``int`` (named artist card number, see ``catalog.ARTIST_CARDS``)
or as the ID of an anonymous artist; ``None`` means no artist.

The discard pile and the removed pile hold every seat's discards together. What each seat
knows of them is recorded beside them: ``PlayerState.discarded``, the seat's own discards
(secret to it), and ``discard_parts`` / ``removed_parts``, each pile's parts as everyone saw
them made (at the end of which round, by which seat, how many cards). Games stored before these
were recorded load with them as far as they are known: no discards of one's own, and each
non-empty pile as one part of no known seat, made by the end of the last round that can have
made it.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Union

from games.core import Msg, SeatRef, SeededRng, Term

Hired = Union[int, str, None]


@dataclass
class PlayerState:
    florins: int = 0
    res: list[int] = field(default_factory=lambda: [0] * 6)
    hand: list[str] = field(default_factory=list)
    cards: list[list[Any]] = field(default_factory=list)          # [card id, hired artist]
    monuments: list[list[Any]] = field(default_factory=list)      # [monument id, hired artist]
    reserved_monuments: list[str] = field(default_factory=list)
    reserved_artists: list[int] = field(default_factory=list)
    pp: int = 0
    keep_pending: bool = False
    #: [round, card id] for each card this seat discarded, in order (secret to the seat; empty in
    #: a game stored before it was recorded: nothing known)
    discarded: list[list[Any]] = field(default_factory=list)

    def owns(self, card_id: str) -> bool:
        return any(entry[0] == card_id for entry in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"florins": self.florins, "res": list(self.res), "hand": list(self.hand),
                "cards": copy.deepcopy(self.cards), "monuments": copy.deepcopy(self.monuments),
                "reserved_monuments": list(self.reserved_monuments),
                "reserved_artists": list(self.reserved_artists), "pp": self.pp,
                "keep_pending": self.keep_pending, "discarded": [list(entry) for entry in self.discarded]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PlayerState":
        return cls(florins=data["florins"], res=list(data["res"]), hand=list(data["hand"]),
                   cards=[list(entry) for entry in data["cards"]],
                   monuments=[list(entry) for entry in data["monuments"]],
                   reserved_monuments=list(data["reserved_monuments"]),
                   reserved_artists=list(data["reserved_artists"]), pp=data["pp"],
                   keep_pending=data["keep_pending"],
                   discarded=[list(entry) for entry in data.get("discarded", [])])


@dataclass
class FlorenzaState:
    players: int
    rng: SeededRng
    p: list[PlayerState]
    round: int = 1
    phase: int = 3
    turn: int = 1
    pos: int = 0                      # index in the captain order of the seat acting in ``turn``
    step: str = ""                    # Phase 4: "keep", "captain", "merchant"; "over" at the end
    captain: int = 0
    supply: list[int] = field(default_factory=lambda: [0] * 6)
    bank: int = 0
    decks: dict[str, list[str]] = field(default_factory=dict)   # "II", "III": set aside for later rounds
    draw: list[str] = field(default_factory=list)               # this round's draw deck (top = end)
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    #: each pile's parts in pile order: [round, seat, count], the cards ``seat`` discarded at the
    #: end of ``round`` (seat ``None``: a part stored before parts were recorded, made by the end
    #: of ``round`` at the latest); the counts add up to the pile's size
    discard_parts: list[list[Any]] = field(default_factory=list)
    removed_parts: list[list[Any]] = field(default_factory=list)
    mon_deck: list[str] = field(default_factory=list)
    mon_display: list[str] = field(default_factory=list)        # in catalog order
    mon_removed: list[str] = field(default_factory=list)
    art_deck: list[int] = field(default_factory=list)
    art_display: list[int] = field(default_factory=list)        # left to right as turned up
    art_removed: list[int] = field(default_factory=list)
    anon_used: list[bool] = field(default_factory=lambda: [False, False, False])
    locations: list[list[Any]] = field(default_factory=list)    # [location id, seat that used it or None]
    capitano_user: int | None = None
    captain_choice: str | None = None
    merchant_choice: str | None = None
    last: list[Msg] = field(default_factory=list)               # public events of the last action

    @property
    def over(self) -> bool:
        return self.step == "over"

    def order(self) -> list[int]:
        """Seats in action order: the captain first, then seat order."""
        return [(self.captain + i) % self.players for i in range(self.players)]


def _value_to_json(value: Any) -> Any:
    """A message parameter as JSON: seats, Terms and nested (counted) messages tagged, lists element-wise."""
    if isinstance(value, SeatRef):
        return {"$seat": value.seat}
    if isinstance(value, Term):
        return {"$term": [value.en, value.ja]}
    if isinstance(value, Msg):
        return {"$msg": _msg_to_json(value)}
    if isinstance(value, (list, tuple)):
        return [_value_to_json(v) for v in value]
    return value


def _value_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "$seat" in value:
        return SeatRef(value["$seat"])
    if isinstance(value, dict) and "$term" in value:
        return Term(*value["$term"])
    if isinstance(value, dict) and "$msg" in value:
        return _msg_from_json(value["$msg"])
    if isinstance(value, list):
        return [_value_from_json(v) for v in value]
    return value


def _msg_to_json(msg: Msg) -> dict[str, Any]:
    params = {key: _value_to_json(value) for key, value in msg.params.items()}
    data: dict[str, Any] = {"text": msg.text, "params": params}
    if msg.plural is not None:                  # a counted message: its plural and the number's name
        data.update(plural=msg.plural, by=msg.by)
    return data


def _msg_from_json(data: dict[str, Any]) -> Msg:
    params = {key: _value_from_json(value) for key, value in data["params"].items()}
    text: str = data["text"]
    return Msg(text, params, data.get("plural"), data.get("by", "count"))


_SIMPLE = ("players", "round", "phase", "turn", "pos", "step", "captain", "bank", "capitano_user",
           "captain_choice", "merchant_choice")
_LISTS = ("supply", "draw", "discard", "removed", "mon_deck", "mon_display", "mon_removed", "art_deck",
          "art_display", "art_removed", "anon_used")


def state_to_json(state: FlorenzaState) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(state, name) for name in _SIMPLE}
    data.update({name: list(getattr(state, name)) for name in _LISTS})
    data["rng"] = state.rng.to_json()
    data["p"] = [player.to_json() for player in state.p]
    data["decks"] = {name: list(cards) for name, cards in state.decks.items()}
    data["locations"] = [list(entry) for entry in state.locations]
    data["last"] = [_msg_to_json(msg) for msg in state.last]
    data["discard_parts"] = [list(entry) for entry in state.discard_parts]
    data["removed_parts"] = [list(entry) for entry in state.removed_parts]
    return data


def _parts_from_json(data: dict[str, Any], pile: str) -> list[list[Any]]:
    """A pile's parts; for a game stored before they were recorded, the whole pile as one part
    made by the end of the last round that can have made it (this one once its end has begun)."""
    key = f"{pile}_parts"
    if key in data:
        return [list(entry) for entry in data[key]]
    latest = data["round"] if data["phase"] == 4 else data["round"] - 1
    return [[latest, None, len(data[pile])]] if data[pile] else []


def state_from_json(data: dict[str, Any]) -> FlorenzaState:
    state = FlorenzaState(players=data["players"], rng=SeededRng.from_json(data["rng"]),
                          p=[PlayerState.from_json(player) for player in data["p"]])
    for name in _SIMPLE:
        setattr(state, name, data[name])
    for name in _LISTS:
        setattr(state, name, list(data[name]))
    state.decks = {name: list(cards) for name, cards in data["decks"].items()}
    state.locations = [list(entry) for entry in data["locations"]]
    state.last = [_msg_from_json(msg) for msg in data["last"]]
    state.discard_parts = _parts_from_json(data, "discard")
    state.removed_parts = _parts_from_json(data, "removed")
    return state
