"""A heuristic computer player.

It sees only its own view (its hand and holdings, public information and the public value lists
of artists) and scores each legal action in prestige-point equivalents: prestige gained now,
plus the expected future worth of engine cards, minus what the spent resources and florins
would otherwise be worth. Resources needed for the cards it aims at are worth more.
"""
from __future__ import annotations

import random
from statistics import mean
from typing import TYPE_CHECKING, Any

from games.core import ComputerPlayer
from games.florenza import actions as A
from games.florenza.components import RES, ROUNDS, artist, card, catalog, monument
from games.florenza.rules.queries import CONST
from games.florenza.view import FlorenzaView

if TYPE_CHECKING:
    from games.florenza.game import Florenza
    from games.florenza.state import FlorenzaState

ACTION_WORTH = 1.6          # what one more action per round is worth (pp)
RES_WORTH = 0.8             # a resource in hand, pp
NEEDED_BONUS = 0.6          # ... if a target card or monument needs it
FLORIN_WORTH = 0.007        # per florin
#: a card drawn by inspiration before the last round. Such a card is played about one time in
#: seven (greedy self-play, 2 players: 123 of 826 drawn cards, most a round or more later), for
#: some 4.6 points over its cost, and then mostly instead of another card of the hand, which is
#: discarded down to one at every round's end. So it is worth well under a resource taken from a
#: location (RES_WORTH), which it used to outrank at 0.9.
INSPIRE_WORTH = 0.45
DISCOUNT = CONST["discount"]


class Context:
    """Numbers derived once per decision from the player's view."""

    def __init__(self, view: FlorenzaView) -> None:
        assert view.me is not None and view.seat is not None
        self.view = view
        self.me = view.me
        self.public = view.players[view.seat]
        self.owned = [placed.id for placed in self.public.cards]
        self.categories = [card(c).category for c in self.owned]
        self.guilds = {card(c).guild for c in self.owned if card(c).guild}
        self.incomes_left = ROUNDS - view.round + 1
        late = view.round == ROUNDS and view.phase_no == 3
        self.time = (0.35 + 0.08 * max(0, 8 - view.turn)) if late else 1.0
        if view.phase_no == 4:
            self.time = 0.3 if view.round == ROUNDS else 1.0
        self.need = self._needs()
        res_worth = [RES_WORTH * self.time + (NEEDED_BONUS if self.need[i] else 0.0) for i in range(6)]
        self.res_worth = res_worth
        self.florin_worth = FLORIN_WORTH * self.time * (1.4 if self.need[6] else 1.0)

    def fee(self, artist_id: str) -> int:
        fee = artist(artist_id).fee
        return max(0, fee - DISCOUNT) if "artist_discount" in self.guilds else fee

    def _targets(self) -> list[tuple[float, tuple[int, ...], int]]:
        """(merit, resource cost, florin cost) of cards in hand and monuments in reach."""
        out = []
        for card_id in dict.fromkeys(self.me.hand):
            info = card(card_id)
            if card_id in self.owned:
                continue
            fl = info.fl + (50 if info.artists else 0)
            out.append((self.card_gain(card_id, 1.5 if info.artists else 0.0), info.cost, fl))
        for monument_id in (*self.view.monuments, *self.public.reserved_monuments):
            info = monument(monument_id)
            out.append((info.pp + 2.0, info.cost, info.fl + 100))
        return out

    def _needs(self) -> list[bool]:
        need = [False] * 7
        ranked = []
        for merit, cost, fl in self._targets():
            missing = [max(0, c - h) for c, h in zip(cost, self.me.res)]
            short = sum(missing)
            if short <= 3 and merit > 0:
                ranked.append((merit / (1 + short), missing, fl))
        ranked.sort(key=lambda item: -item[0])
        for _, missing, fl in ranked[:3]:
            for i, m in enumerate(missing):
                need[i] = need[i] or m > 0
            need[6] = need[6] or fl > self.me.florins
        return need

    def spend(self, cost: tuple[int, ...], florins: int) -> float:
        return sum(n * w for n, w in zip(cost, self.res_worth)) + florins * self.florin_worth

    def artist_value(self, artist_id: str | None) -> float:
        if artist_id is None or artist(artist_id).anonymous:
            return 0.0
        value = mean(artist(artist_id).values)
        if "artists" in self.guilds:
            value += 1.0
        return value

    def card_gain(self, card_id: str, artist_value: float) -> float:
        """Prestige now plus future worth of ``card_id``'s effect."""
        info = card(card_id)
        gain = info.pp + artist_value
        cats = self.categories
        if info.category in ("PAL", "CHU", "DIS"):
            counts = {k: cats.count(k) for k in ("PAL", "CHU", "DIS")}
            before = min(counts.values())
            counts[info.category] += 1
            per_set = 7 if "sets" in self.guilds else 5
            if min(counts.values()) > before:
                gain += per_set
            elif counts[info.category] - 1 <= before:
                gain += 1.5
        view = self.view
        turns_left = self.incomes_left if view.phase_no == 4 else self.incomes_left - 1
        if info.extra_turn:
            this_round = view.phase_no == 3 and view.turn < info.extra_turn
            gain += ACTION_WORTH * (turns_left + (1 if this_round else 0))
        if info.extra_draw:
            gain += 0.6 * max(0, ROUNDS - view.round)
        income = sum(n * RES_WORTH for n in info.income) + info.income_fl * FLORIN_WORTH
        gain += income * self.incomes_left
        guild = info.guild
        if guild == "workshops":
            gain += 3 * (cats.count("WKS") + 0.4 * self.in_hand("WKS"))
        elif guild == "residences":
            gain += 3 * (cats.count("RES") + 0.4 * self.in_hand("RES"))
        elif guild == "monuments":
            gain += 3 * (len(self.public.monuments) + 0.5 * self.incomes_left)
        elif guild == "sets":
            gain += 2 * (min(cats.count("PAL"), cats.count("CHU"), cats.count("DIS")) + 0.5)
        elif guild == "artists":
            gain += 3.0
        elif guild == "artist_discount":
            gain += 0.5 * self.incomes_left
        elif guild == "monument_discount":
            gain += 0.4 * self.incomes_left
        elif guild == "choice_income":
            gain += RES_WORTH * self.incomes_left
        return gain

    def in_hand(self, category: str) -> int:
        return sum(1 for c in self.me.hand if card(c).category == category)


def score(ctx: Context, action: Any) -> float:
    view = ctx.view
    if isinstance(action, A.Play):
        info = card(action.card)
        artist_id = action.artist.id if action.artist else None
        florins = info.fl + (ctx.fee(artist_id) if artist_id else 0)
        return ctx.card_gain(info.id, ctx.artist_value(artist_id)) - ctx.spend(info.cost, florins)
    if isinstance(action, A.Build):
        info = monument(action.monument)
        base = max(0, info.fl - DISCOUNT) if "monument_discount" in ctx.guilds else info.fl
        gain = info.pp + ctx.artist_value(action.artist.id) + (3 if "monuments" in ctx.guilds else 0)
        return gain - ctx.spend(info.cost, base + ctx.fee(action.artist.id))
    if isinstance(action, A.ReserveMonument):
        return -2.0
    if isinstance(action, A.ReserveArtist):
        return -2.5
    if isinstance(action, A.Use):
        loc = catalog().locations[action.location]
        if loc.kind == "gain":
            return ctx.res_worth[RES.index(loc.resource)]
        if loc.kind == "sell":
            return 200 * ctx.florin_worth - ctx.res_worth[RES.index(loc.resource)]
        if loc.kind == "barter":
            return ctx.res_worth[RES.index(action.get)] - ctx.res_worth[RES.index(action.give)]
        return 1.2 if view.round == ROUNDS and view.order[1 % len(view.players)] != view.seat else 0.2
    if isinstance(action, A.Workers):
        return 50 * ctx.florin_worth
    if isinstance(action, A.MarketSell):
        return 100 * ctx.florin_worth - ctx.res_worth[RES.index(action.res)]
    if isinstance(action, A.MarketBuy):
        return ctx.res_worth[RES.index(action.res)] - 100 * ctx.florin_worth
    if isinstance(action, A.MarketTrade):
        given = sum(ctx.res_worth[RES.index(r)] for r in action.give)
        return ctx.res_worth[RES.index(action.get)] - given
    if isinstance(action, A.Inspire):
        return INSPIRE_WORTH if view.round < ROUNDS else 0.3
    if isinstance(action, A.Keep):
        info = card(action.card)
        if info.id in ctx.owned or (info.category == "PRE" and "PRE" in ctx.categories):
            return -10.0                                   # could never be played
        return ctx.card_gain(info.id, 2.0 if info.artists else 0.0) - 0.5 * ctx.spend(info.cost, info.fl)
    if isinstance(action, (A.CaptainChoice, A.MerchantChoice)):
        index = RES.index(action.res)
        return ctx.res_worth[index] + 0.01 * view.supply[index]
    return 0.0


def ranked_actions(game: "Florenza", state: "FlorenzaState", seat: int) -> list[Any]:
    """Legal actions of ``seat``, best first by the heuristic."""
    legal = game.legal_actions(state, seat)
    if not legal:
        return []
    ctx = Context(game.view(state, seat))
    scored = [(score(ctx, action), i, action) for i, action in enumerate(legal)]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [action for _, _, action in scored]


class HeuristicPlayer(ComputerPlayer):
    name = "greedy"

    def choose(self, game: Any, state: Any, seat: int, rng: random.Random) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"{game.name}: seat {seat} must act but has no legal action")
        ctx = Context(game.view(state, seat))
        values = [score(ctx, action) for action in legal]
        best = max(values)
        return rng.choice([a for a, v in zip(legal, values) if v >= best - 1e-9])
