"""Every legal action of a seat: the candidates the hand, the displays and the holdings allow,
each confirmed by ``moves.check`` (so the list is exact)."""
from __future__ import annotations

import itertools
from typing import Any

from games.core import IllegalAction
from games.florenza import actions as A
from games.florenza.components import RES, artist_card, catalog
from games.florenza.rules import flow, moves, queries
from games.florenza.state import FlorenzaState


def legal_actions(state: FlorenzaState, seat: int) -> list[Any]:
    """Every action ``seat`` may take now (none when it is not that seat's turn)."""
    if seat not in flow.to_act(state):
        return []
    legal = []
    for action in candidates(state, seat):
        try:
            moves.check(state, seat, action)
        except IllegalAction:
            continue
        legal.append(action)
    return legal


def candidates(state: FlorenzaState, seat: int) -> list[Any]:
    """A superset of the legal actions, cheap to list: ``check`` decides each."""
    player = state.p[seat]
    if state.phase == 4:
        if state.step == "keep":
            return [A.Keep(c) for c in dict.fromkeys(player.hand)]
        if state.step == "captain":
            return [A.CaptainChoice(r) for r in queries.captain_options(state)]
        return [A.MerchantChoice(r) for r in queries.merchant_options(state)]
    # Cheap necessary conditions first, so that ``check`` mostly sees legal candidates.
    refs = moves.artist_refs(state, seat)
    held, supply = player.res, state.supply

    def can_hold(cost: tuple[int, ...]) -> bool:
        return all(have >= need for have, need in zip(held, cost))

    out: list[Any] = []
    cards, artists, locations = catalog().cards, catalog().artists, catalog().locations
    for card_id in dict.fromkeys(player.hand):
        info = cards[card_id]
        if not can_hold(info.cost) or info.fl > player.florins:
            continue
        if info.artists:
            out += [A.Play(card_id, ref) for ref in refs if artists[ref.id].type in info.artists]
        else:
            out.append(A.Play(card_id))
    for monument_id in [*state.mon_display, *player.reserved_monuments]:
        info = catalog().monuments[monument_id]
        if can_hold(info.cost):
            out += [A.Build(monument_id, ref) for ref in refs if artists[ref.id].type in info.artists]
    out += [A.ReserveMonument(m) for m in state.mon_display]
    out += [A.ReserveArtist(a) for a in dict.fromkeys(artist_card(i)[0] for i in state.art_display)]
    for location_id in dict.fromkeys(entry[0] for entry in state.locations if entry[1] is None):
        if locations[location_id].kind == "barter":
            out += [A.Use(location_id, give, get) for i, give in enumerate(RES) if held[i]
                    for j, get in enumerate(RES) if j != i and supply[j]]
        else:
            out.append(A.Use(location_id))
    out.append(A.Workers())
    out += [A.MarketSell(r) for i, r in enumerate(RES) if held[i]]
    if player.florins >= 100:
        out += [A.MarketBuy(r) for i, r in enumerate(RES) if supply[i]]
    for first, second in itertools.combinations_with_replacement(range(6), 2):
        if held[first] >= 1 + (first == second) and held[second]:
            out += [A.MarketTrade((RES[first], RES[second]), get) for j, get in enumerate(RES)
                    if j not in (first, second) and supply[j]]
    out.append(A.Inspire())
    return out
