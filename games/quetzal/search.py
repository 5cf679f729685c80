"""What the search (games/core/search.py) needs from Quetzal: a fast copy, a determinization,
an evaluation in points and the greedy order of moves.

What a seat cannot know (view.py): the order of the relic deck, the other players' hands
(unless the table plays with open hands: then only the deck), the order of the upgrade stack
and the seed of every future roll and draw. The discard pile is public history (every card in
it was shown when it went there). A determinization keeps everything else; the cards the seat
cannot place (the deck and, with hidden hands, the other hands) go into one pool that is sorted,
shuffled from the seat's rng and dealt again, each other player getting as many as they hold
and the deck the rest; the stack is shuffled from its sorted contents; the seed is replaced.
"""
from __future__ import annotations

import random
from typing import Any, Hashable

from games.core import SeededRng
from games.core.search import SearchSettings
from games.quetzal.ai import (COIN, DISCOVERY, best_delivery, context, incoming_cards, opponents_can_reach,
                              potential, ranked, score, space_value, tile_value_kept)
from games.quetzal.actions import Place, TeamUse
from games.quetzal.components import rules
from games.quetzal.rules.options import OPEN_HANDS
from games.quetzal.rules.rounds import SURROUNDINGS
from games.quetzal.rules.scoring import final_score
from games.quetzal.state import Player, QuetzalState, Step, Team, Worker

#: the default budget: at most about a second of CPU a decision on a small server
SETTINGS = SearchSettings(iterations=None, seconds=0.9, depth=4, scale=3.0, exploration=0.4, samples=12)


# -- the copy --------------------------------------------------------------------------------------
def _player(p: Player) -> Player:
    return Player(coins=p.coins, workers=[Worker(w.wid, w.face, w.roll, w.where) for w in p.workers], vp=p.vp,
                  discovery=p.discovery, hand=list(p.hand), tiles=list(p.tiles), stored=list(p.stored),
                  reroll_window=list(p.reroll_window))


def clone(st: QuetzalState) -> QuetzalState:
    """An independent copy, field by field (much faster than the JSON round trip's ``asdict``)."""
    return QuetzalState(
        players=st.players, options=list(st.options), rng=SeededRng(st.rng.seed, st.rng.draws), round=st.round,
        phase=st.phase, marker=st.marker, turn=st.turn, camp_rerolls=st.camp_rerolls, team_space=st.team_space,
        team_colour=st.team_colour, team_count=st.team_count, deck=list(st.deck), discard=list(st.discard),
        display=list(st.display), surroundings={k: list(v) for k, v in st.surroundings.items()},
        stack=list(st.stack), village=list(st.village), seats=[_player(p) for p in st.seats],
        teams=[Team(t.seq, t.seat, t.space, t.colour, list(t.workers), t.paid) for t in st.teams], seq=st.seq,
        steps=[Step(s.space, s.seat, s.index, s.of, list(s.cards)) for s in st.steps])


# -- the determinization ---------------------------------------------------------------------------
def hands_hidden(st: QuetzalState) -> bool:
    return OPEN_HANDS not in st.options and rules().hands_hidden


def determinize(st: QuetzalState, seat: int, rng: random.Random) -> QuetzalState:
    r = rules()
    sample = clone(st)
    others = [s for s in range(st.players) if s != seat] if hands_hidden(st) else []
    pool = sorted(list(st.deck) + [c for s in others for c in st.seats[s].hand], key=r.card_order)
    rng.shuffle(pool)
    at = 0
    for s in others:
        size = len(st.seats[s].hand)
        sample.seats[s].hand = sorted(pool[at:at + size], key=r.card_order)
        at += size
    sample.deck = pool[at:]
    stack = sorted(st.stack)
    rng.shuffle(stack)
    sample.stack = stack
    sample.rng = SeededRng(rng.getrandbits(62))
    return sample


# -- the evaluation --------------------------------------------------------------------------------
POOL_WORKER = 0.8       # a worker still to place this round
HAND_LATER = 0.6        # what a card kept for a later round is worth of its delivery potential
DELIVERY_NOW = 0.9      # a delivery booked for this round
BONUS = {"vp": 1.0, "discovery": DISCOVERY, "coin": COIN}    # a Surroundings space's bonus (as greedy's)


def evaluate(st: QuetzalState) -> tuple[float, ...]:
    """Each seat's final score if the game ended now (track, marker, tiles; coins at their
    exchange rate, not rounded down) plus what is open: workers still to place, spaces booked
    and not yet resolved (valued as the greedy player values them), the hand's delivery
    potential, the effects of face-up upgrades for the rounds left. Exactly the final scores
    once the game is over."""
    r = rules()
    if st.phase == "over":
        return tuple(float(final_score(st, s).total) for s in range(st.players))
    later_rounds = r.rounds - st.round
    values = []
    for seat in range(st.players):
        player = st.seats[seat]
        final = final_score(st, seat)
        value = float(final.track + final.marker + final.tiles) + max(COIN, 1.0 / r.coins_per_vp) * player.coins
        value += 0.02 * player.discovery + (DISCOVERY * 0.1 if later_rounds else 0.0)
        ctx = context(st, seat)
        if st.phase in ("reroll", "place"):
            value += POOL_WORKER * len(player.pool())
            booked = [(t.space, len(t.workers)) for t in st.teams if t.seat == seat]
        else:
            booked = _pending(st, seat)
        sizes = [r.ship_cards if code == "ship" else r.harbour_cards
                 for code, n in booked if code in ("hm", "ship") for _ in range(n if code == "hm" else 1)]
        for code, n in booked:
            if code in ("hm", "ship", "camp"):
                continue
            if code in SURROUNDINGS:                # its cards count with the hand below
                value += 0.9 * BONUS[r.space[code].bonus or "vp"]
                continue
            gain = space_value(ctx, code, n)
            if st.phase == "place" and r.space[code].type == "auction":
                team = next((t for t in st.teams if t.seat == seat and t.space == code), None)
                if team is not None and opponents_can_reach(st, seat, team.colour or "w", n + 1):
                    gain *= 0.6
            value += 0.9 * gain
        cards = list(player.hand) + incoming_cards(st, seat)
        keep = HAND_LATER if later_rounds else 0.0
        current = st.steps[0] if st.phase == "resolve" and st.steps else None
        if current is not None and current.seat == seat and current.cards:
            # a delivery being built: its chosen cards are delivered whatever comes next
            room = (r.ship_cards if current.space == "ship" else r.harbour_cards) - len(current.cards)
            done, picked = best_delivery(ctx, cards, list(current.cards), room, 0.0)
            value += done
            for card in picked:
                cards.remove(card)
            sizes.pop(0)                            # (the seat's first pending step is this one)
        now, rest = _deliver(ctx, cards, sizes)
        value += max(DELIVERY_NOW * now + keep * potential(rest, ctx.dealers), keep * potential(cards, ctx.dealers))
        value += sum(tile_value_kept(st, seat, t) for t in player.tiles)
        values.append(value)
    return tuple(values)


def _deliver(ctx: Any, cards: list[str], sizes: list[int]) -> tuple[float, list[str]]:
    """The best deliveries of these sizes, one after the other: (their value, the cards left)."""
    rest, total = list(cards), 0.0
    for size in sizes:
        value, picked = best_delivery(ctx, rest, [], size, 0.0)
        if not picked or value <= 0:
            break
        total += value
        for card in picked:
            rest.remove(card)
    return total, rest


def _pending(st: QuetzalState, seat: int) -> list[tuple[str, int]]:
    """Spaces of ``seat`` still to resolve this round, with its team's size (Harbour: one per worker)."""
    out = []
    for step in st.steps:
        if step.seat != seat:
            continue
        if step.space == "hm":
            out.append(("hm", 1))
            continue
        team = next((t for t in st.teams if t.seat == seat and t.space == step.space), None)
        out.append((step.space, len(team.workers) if team else 1))
    return out


# -- chance and order ------------------------------------------------------------------------------
def chance_key(state: QuetzalState) -> Hashable:
    """What chance has made public: the rolls of every worker, the Temple display, the
    Surroundings and the Village display (the actions leading here fix the rest)."""
    return (tuple(state.display), tuple(state.village), tuple(tuple(v) for v in state.surroundings.values()),
            tuple(w.roll for p in state.seats for w in p.workers))


# -- order -----------------------------------------------------------------------------------------
#: how far below the default team a staged ``team ... use`` (the same team, other workers) ranks
STAGED_BELOW = 0.05


def action_order(state: QuetzalState, seat: int, actions: list[Any]) -> list[Any]:
    """The greedy player's order, except that a staged ``team ... use`` is not valued through
    all its variants (the slow part) but just below the same team with the default workers."""
    staged = [a for a in actions if isinstance(a, TeamUse)]
    if not staged:
        return ranked(state, seat, actions)
    plain = [a for a in actions if not isinstance(a, TeamUse)]
    values = dict(zip(map(str, plain), score(state, seat, plain)))
    by_team = {(a.space, a.colour, a.count): values[str(a)] for a in plain if isinstance(a, Place)}
    lowest = min(values.values(), default=0.0)
    for a in staged:
        values[str(a)] = by_team.get((a.space, a.colour, a.count), lowest) - STAGED_BELOW
    return sorted(actions, key=lambda a: -values[str(a)])


__all__ = ["SETTINGS", "clone", "determinize", "evaluate", "action_order", "chance_key", "hands_hidden"]
