"""Building views from the state (the only way renderers and messages see a game)."""
from __future__ import annotations

from games.core.outcome import ranks_from_scores
from games.stone_age.rules import moves
from games.stone_age.rules.checks import all_locations, breakdown, closed_now, occupants, unplaced
from games.stone_age.state import Player, StoneAgeState
from games.stone_age.view import DiceForAllView, PlayerView, RollView, ScoreRow, StoneAgeView


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


def _player_view(state: StoneAgeState, seat: int, p: Player, viewer: int | None) -> PlayerView:
    hidden = "hidden_cards" in state.options and viewer != seat and state.phase != "over"
    home = unplaced(p) if state.phase == "place" else p.people - p.placed
    return PlayerView(
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
        turn=state.turn, to_act=tuple(sorted(moves.to_act(state))), occupancy=occupancy, closed=closed,
        stacks=tuple((stack[0] if stack else None, len(stack)) for stack in state.stacks),
        display=tuple(state.display), deck_count=len(state.deck),
        roll=_roll_view(state.roll), last_roll=_roll_view(state.last_roll),
        dice_for_all=_dfa_view(state.dfa) or _dfa_view(state.last_dfa),
        end_reason=state.end_reason,
        final=final_rows(state) if state.phase == "over" else None,
    )
