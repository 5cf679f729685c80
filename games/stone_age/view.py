"""What a seat (or the public) sees of a Stone Age game: the contract between the engine, the
renderer and the status messages.

Never in a view: the order of the face-down card deck, the tiles below the top of each
building stack, the tiles left out of the game and the random-number state. With the
``hidden_cards`` option, other players' civilization cards are reduced to a count.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerView:
    seat: int
    people: int
    home: int                                  # people not on the board now
    food: int
    res: tuple[int, int, int, int]             # wood, brick, stone, gold
    tools: tuple[tuple[int, bool], ...]        # (value, used this round), largest first
    one_use: tuple[int, ...]
    agriculture: int
    score: int
    card_count: int
    cards: tuple[str, ...] | None              # None: hidden by the hidden_cards option
    buildings: tuple[str, ...]
    building_points: tuple[int, ...]
    c36: int                                   # unclaimed "any 2 resources"
    hunger: int                                # shortfall awaiting "feed pay"/"feed starve"
    where: tuple[tuple[str, int], ...]         # (location, people) this round

    @property
    def tool_total(self) -> int:
        return sum(v for v, _ in self.tools)


@dataclass(frozen=True)
class RollView:
    seat: int
    source: str                                # gathering location key or card id (C23-C25)
    resource: str
    dice: tuple[int, ...]
    tools: tuple[int, ...] = ()                # permanent tool values added
    one_use: tuple[int, ...] = ()              # one-use tool values added
    gain: int | None = None                    # None while waiting for tools

    @property
    def total(self) -> int:
        return sum(self.dice) + sum(self.tools) + sum(self.one_use)


@dataclass(frozen=True)
class DiceForAllView:
    buyer: int
    card: str
    dice: tuple[int, ...]                      # all dice rolled
    left: tuple[int, ...]                      # dice not yet taken
    picks: tuple[tuple[int, int], ...]         # (seat, face) so far
    picker: int | None                         # seat to pick now (None when done)


@dataclass(frozen=True)
class ScoreRow:
    seat: int
    track: int
    culture: int
    farmers: int
    tool_makers: int
    hut_builders: int
    shamans: int
    resources: int
    total: int
    rank: int


@dataclass(frozen=True)
class StoneAgeView:
    seat: int | None
    players: tuple[PlayerView, ...]
    options: tuple[str, ...]
    round: int
    phase: str                                 # place, act, feed, over
    first: int
    turn: int                                  # seat placing / in its action turn (-1 when over)
    to_act: tuple[int, ...]
    occupancy: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]   # location -> (seat, people)
    closed: tuple[str, ...]                    # closed by the 2/3-player rules this round
    stacks: tuple[tuple[str | None, int], ...]  # (top tile id, tiles left) per stack
    display: tuple[str | None, ...]            # slots 1..4
    deck_count: int
    roll: RollView | None                      # roll waiting for tools
    last_roll: RollView | None
    dice_for_all: DiceForAllView | None        # in progress or the last one this round
    end_reason: str | None
    final: tuple[ScoreRow, ...] | None

    @property
    def count(self) -> int:
        return len(self.players)

    def people_on(self, loc: str) -> tuple[tuple[int, int], ...]:
        for key, who in self.occupancy:
            if key == loc:
                return who
        return ()
