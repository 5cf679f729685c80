"""What a seat (or the public) sees of a Stone Age game: the contract between the engine, the
renderer and the status messages, and how they are built from the state (``make_view``).

Never in a view: the order of the face-down card deck, the tiles below the top of each
building stack, the tiles left out of the game and the random-number state. With the
``hidden_cards`` option, other players' civilization cards are reduced to a count. The shared
words (``seat``, ``to_act``, ``phase``, ``players``, ``me``) are those of ``games.core.views``.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.core.outcome import ranks_from_scores
from games.stone_age.rules import flow
from games.stone_age.rules.checks import all_locations, breakdown, closed_now, occupants, unplaced
from games.stone_age.state import Player, StoneAgeState


@dataclass(frozen=True)
class StoneAgePlayerView:
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
class StoneAgePrivateView:
    seat: int
    cards: tuple[str, ...]                     # the seat's civilization cards, even with hidden_cards


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
    players: tuple[StoneAgePlayerView, ...]
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
    me: StoneAgePrivateView | None

    @property
    def count(self) -> int:
        return len(self.players)

    def people_on(self, loc: str) -> tuple[tuple[int, int], ...]:
        for key, who in self.occupancy:
            if key == loc:
                return who
        return ()

# -- building views from the state (the only way renderers and messages see a game) ---------------

def tiebreak_key(p: Player, options: frozenset[str]) -> tuple[int, ...]:
    """Section 8: agriculture, then tool value, then people; option ``tiebreak_sum``: their sum."""
    if "tiebreak_sum" in options:
        return (p.agriculture + p.tool_total + p.people,)
    return (p.agriculture, p.tool_total, p.people)


def final_rows(state: StoneAgeState) -> tuple[ScoreRow, ...]:
    rows = [breakdown(p) for p in state.players]
    keys = [(row["total"],) + tiebreak_key(p, state.options) for row, p in zip(rows, state.players)]
    ranks = ranks_from_scores(keys)
    return tuple(ScoreRow(seat=seat, rank=ranks[seat], **row) for seat, row in enumerate(rows))


def _player_view(state: StoneAgeState, seat: int, p: Player, viewer: int | None) -> StoneAgePlayerView:
    hidden = "hidden_cards" in state.options and viewer != seat and state.phase != "over"
    home = unplaced(p) if state.phase == "place" else p.people - p.placed
    return StoneAgePlayerView(
        seat=seat, people=p.people, home=home, food=p.food, res=tuple(p.res),  # type: ignore[arg-type]
        tools=tuple((v, bool(u)) for v, u in p.tools), one_use=tuple(p.one_use), agriculture=p.agriculture,
        score=p.score, card_count=len(p.cards), cards=None if hidden else tuple(p.cards),
        buildings=tuple(p.buildings), building_points=tuple(p.building_points), c36=p.c36, hunger=p.hunger,
        where=tuple((loc, n) for loc, n in p.where.items()),
    )


def _roll_view(data: dict | None) -> RollView | None:
    if data is None:
        return None
    return RollView(seat=data["seat"], source=data["source"], resource=data["resource"], dice=tuple(data["dice"]),
                    tools=tuple(data.get("tools", ())), one_use=tuple(data.get("one_use", ())),
                    gain=data.get("gain"))


def _dfa_view(data: dict | None) -> DiceForAllView | None:
    if data is None:
        return None
    pickers = data["pickers"]
    return DiceForAllView(buyer=data["buyer"], card=data["card"], dice=tuple(data["dice"]), left=tuple(data["left"]),
                          picks=tuple((s, f) for s, f in data["picks"]), picker=pickers[0] if pickers else None)


def make_view(state: StoneAgeState, seat: int | None) -> StoneAgeView:
    locs = all_locations(state)
    occupancy = tuple((loc, tuple(occupants(state, loc))) for loc in locs)
    # while people are placed the closures follow the board; afterwards they are the ones recorded
    # when placement ended (the action phase empties the locations, but they stay closed)
    closed = tuple(closed_now(state)) if state.phase == "place" else \
        tuple(state.closed) if state.phase in ("act", "feed") else ()
    return StoneAgeView(
        seat=seat,
        players=tuple(_player_view(state, s, p, seat) for s, p in enumerate(state.players)),
        options=tuple(sorted(state.options)), round=state.round, phase=state.phase, first=state.first,
        turn=state.turn, to_act=tuple(sorted(flow.to_act(state))), occupancy=occupancy, closed=closed,
        stacks=tuple((stack[0] if stack else None, len(stack)) for stack in state.stacks),
        display=tuple(state.display), deck_count=len(state.deck),
        roll=_roll_view(state.roll), last_roll=_roll_view(state.last_roll),
        dice_for_all=_dfa_view(state.dfa) or _dfa_view(state.last_dfa),
        end_reason=state.end_reason,
        final=final_rows(state) if state.phase == "over" else None,
        me=StoneAgePrivateView(seat, tuple(state.players[seat].cards))
        if seat is not None and 0 <= seat < len(state.players) else None,
    )
