"""The mutable state of a Stone Age game and its exact JSON form."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from games.core import SeededRng
from games.stone_age.components import START_FOOD, START_PEOPLE


@dataclass
class Player:
    people: int = START_PEOPLE
    food: int = START_FOOD
    res: list[int] = field(default_factory=lambda: [0, 0, 0, 0])   # wood, brick, stone, gold
    tools: list[list[int]] = field(default_factory=list)              # [value, used 0/1], <= 3
    one_use: list[int] = field(default_factory=list)                  # unused one-use tool values
    agriculture: int = 0
    score: int = 0
    cards: list[str] = field(default_factory=list)                    # incl. C32 extra draws
    buildings: list[str] = field(default_factory=list)
    building_points: list[int] = field(default_factory=list)          # parallel to buildings
    c36: int = 0                                                      # unclaimed "any 2 resources"
    where: dict[str, int] = field(default_factory=dict)               # location -> people there
    hunger: int = 0                                                   # shortfall awaiting a choice

    @property
    def placed(self) -> int:
        return sum(self.where.values())

    @property
    def tool_total(self) -> int:
        return sum(value for value, _ in self.tools)

    def unused_tools(self) -> list[int]:
        return sorted((value for value, used in self.tools if not used), reverse=True)


@dataclass
class StoneAgeState:
    players: list[Player]
    options: frozenset[str]
    rng: SeededRng
    stacks: list[list[str]]                 # building stacks, index 0 = top (face up)
    display: list[str | None]               # slots 1..4 (index 0 = slot 1, cost 1)
    deck: list[str]                         # face-down civilization cards, index 0 = top
    first: int                              # first player this round
    round: int = 1
    phase: str = "place"                    # place, act, feed, over
    turn: int = 0                           # seat placing / taking its action turn
    roll: dict[str, Any] | None = None      # a roll waiting for tools
    dfa: dict[str, Any] | None = None       # dice-for-all picks in progress
    last_roll: dict[str, Any] | None = None  # last settled roll, for the image
    last_dfa: dict[str, Any] | None = None   # last finished dice-for-all, for the image
    end_reason: str | None = None
    dice_queue: list[int] = field(default_factory=list)   # fixed dice (tests, replays of real games)
    taken_cards: list[int] = field(default_factory=list)  # slots emptied this round (1-4)
    #: locations the 2/3-player rules closed when placement ended: they stay closed (and marked)
    #: for the rest of the round although the action phase empties them again
    closed: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.players)


def to_json(state: StoneAgeState) -> dict[str, Any]:
    return {
        "players": [asdict(p) for p in state.players],
        "options": sorted(state.options),
        "rng": state.rng.to_json(),
        "stacks": [list(s) for s in state.stacks],
        "display": list(state.display),
        "deck": list(state.deck),
        "first": state.first,
        "round": state.round,
        "phase": state.phase,
        "turn": state.turn,
        "roll": _copy(state.roll),
        "dfa": _copy(state.dfa),
        "last_roll": _copy(state.last_roll),
        "last_dfa": _copy(state.last_dfa),
        "end_reason": state.end_reason,
        "dice_queue": list(state.dice_queue),
        "taken_cards": list(state.taken_cards),
        "closed": list(state.closed),
    }


def from_json(data: dict[str, Any]) -> StoneAgeState:
    players = []
    for row in data["players"]:
        p = Player(**{k: v for k, v in row.items()})
        p.res = list(p.res)
        p.tools = [list(t) for t in p.tools]
        p.one_use = list(p.one_use)
        p.cards = list(p.cards)
        p.buildings = list(p.buildings)
        p.building_points = list(p.building_points)
        p.where = dict(p.where)
        players.append(p)
    return StoneAgeState(
        players=players, options=frozenset(data["options"]), rng=SeededRng.from_json(data["rng"]),
        stacks=[list(s) for s in data["stacks"]], display=list(data["display"]), deck=list(data["deck"]),
        first=data["first"], round=data["round"], phase=data["phase"], turn=data["turn"],
        roll=_copy(data["roll"]), dfa=_copy(data["dfa"]), last_roll=_copy(data["last_roll"]),
        last_dfa=_copy(data["last_dfa"]),
        end_reason=data["end_reason"], dice_queue=list(data["dice_queue"]),
        taken_cards=list(data["taken_cards"]),
        closed=list(data.get("closed", ())),      # absent in snapshots stored before it existed
    )


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value
