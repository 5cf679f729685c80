"""What a seat (or the public) sees of a Quetzal game: the contract between the engine, the
renderer and the messages. The deck and upgrade stack orders are never part of a view, and hands
are shown only to their owner unless the table plays with open hands. The shared words
(``seat``, ``to_act``, ``phase``, ``players``, ``me``) are those of ``games.core.views``."""
from __future__ import annotations

from dataclasses import dataclass, replace

from games.quetzal.actions import TeamUse, worker_key
from games.quetzal.components import rules
from games.quetzal.rules.flow import capacity, mid_move, prompt_kind, to_act
from games.quetzal.rules.placement import closed_spaces
from games.quetzal.rules.options import OPEN_HANDS
from games.quetzal.rules.rounds import SURROUNDINGS
from games.quetzal.rules.scoring import final_score
from games.quetzal.state import QuetzalState


@dataclass(frozen=True)
class WorkerView:
    wid: str
    face: str          # w, k or * (wild)
    roll: str          # last roll: w, k, s, u
    where: str         # "pool" or a space code


@dataclass(frozen=True)
class TeamView:
    seq: int
    seat: int
    space: str
    colour: str | None
    workers: tuple[str, ...]


@dataclass(frozen=True)
class QuetzalPlayerView:
    seat: int
    coins: int
    vp: int
    discovery: int
    marker: bool
    hand_count: int
    hand: tuple[str, ...] | None      # None when hidden from this viewer
    tiles: tuple[str, ...]            # permanent tiles face up
    stored: tuple[str, ...]           # personal discard pile
    workers: tuple[WorkerView, ...]
    reroll_window: tuple[str, ...]


@dataclass(frozen=True)
class QuetzalPrivateView:
    seat: int
    hand: tuple[str, ...]


@dataclass(frozen=True)
class PromptView:
    seat: int
    kind: str          # store, reroll-tile, place, workers, camp-reroll, take, sell, upgrade, deliver
    space: str = ""
    need: int = 0      # take: display cards to take; deliver: most cards
    draw: int = 0      # take: cards then drawn from the deck
    index: int = 0     # Harbour worker number (1-based)
    of: int = 0        # Harbour team size
    left: int = 0      # camp-reroll: rerolls still to make
    chosen: tuple[str, ...] = ()   # deliver: cards already chosen (``deliver <card> +``); the mover's only
    team: str = ""     # workers: the team whose workers are named next (``team 3a 2 black``)


@dataclass(frozen=True)
class FinalView:
    seat: int
    track: int
    marker: int
    coins: int
    tiles: int
    total: int
    discovery: int


@dataclass(frozen=True)
class QuetzalView:
    seat: int | None
    players: tuple[QuetzalPlayerView, ...]
    options: tuple[str, ...]
    round: int
    rounds: int
    phase: str                         # reroll, place, resolve, over
    marker: int
    to_act: tuple[int, ...]
    prompts: tuple[PromptView, ...]
    display: tuple[str | None, ...]    # Temple slots A-H
    surroundings: tuple[tuple[str, tuple[str, ...]], ...]
    village: tuple[str | None, ...]    # Village slots 1-3
    closed: tuple[str, ...]
    deck_count: int
    discard_count: int
    stack_count: int
    teams: tuple[TeamView, ...]
    open_hands: bool
    final: tuple[FinalView, ...] | None
    me: QuetzalPrivateView | None

    def prompt_for(self, seat: int | None) -> PromptView | None:
        for prompt in self.prompts:
            if prompt.seat == seat:
                return prompt
        return None


def prompt_view(state: QuetzalState, seat: int) -> PromptView | None:
    kind = prompt_kind(state, seat)
    if kind is None:
        return None
    if kind == "camp-reroll":
        return PromptView(seat, kind, "camp", left=state.camp_rerolls)
    if kind == "workers":
        team = TeamUse(state.team_space, state.team_colour, state.team_count)
        return PromptView(seat, kind, state.team_space, need=state.team_count, team=team.team_text())
    if kind in ("take", "sell", "upgrade", "deliver") and state.steps:
        step = state.steps[0]
        space = rules().space[step.space]
        if kind == "take":
            return PromptView(seat, kind, step.space, need=space.take, draw=space.draw)
        if kind == "deliver":
            return PromptView(seat, kind, step.space, need=capacity(step), index=step.index + 1, of=step.of,
                              chosen=tuple(step.cards))
        return PromptView(seat, kind, step.space)
    return PromptView(seat, kind)


def before_the_move(prompt: PromptView) -> PromptView:
    """What others see of a seat part-way through a move (``mid_move``): the prompt as it was
    before the move began (the team still to place; the delivery with no card chosen)."""
    if prompt.kind == "workers":
        return PromptView(prompt.seat, "place")
    return replace(prompt, chosen=())


def build_view(state: QuetzalState, seat: int | None) -> QuetzalView:
    open_hands = OPEN_HANDS in state.options or not rules().hands_hidden
    # a move in progress is its player's alone: others see the game as it was before it
    moving = {s for s in to_act(state) if s != seat and mid_move(state, s)}
    seats = []
    for s, p in enumerate(state.seats):
        visible = open_hands or s == seat
        hand = list(p.hand)
        if s in moving and state.steps and state.steps[0].seat == s:
            hand = sorted(hand + state.steps[0].cards, key=rules().card_order)
        seats.append(QuetzalPlayerView(
            seat=s, coins=p.coins, vp=p.vp, discovery=p.discovery, marker=state.marker == s,
            hand_count=len(hand), hand=tuple(hand) if visible else None, tiles=tuple(p.tiles),
            stored=tuple(p.stored),
            workers=tuple(WorkerView(w.wid, "*" if w.wild else w.face, w.roll, w.where)
                          for w in sorted(p.workers, key=lambda w: worker_key(w.wid))),
            reroll_window=tuple(p.reroll_window)))
    acting = sorted(to_act(state))
    prompts = tuple(before_the_move(pv) if pv.seat in moving else pv
                    for pv in (prompt_view(state, s) for s in acting) if pv is not None)
    final = None
    if state.phase == "over":
        final = tuple(FinalView(s, f.track, f.marker, f.coins, f.tiles, f.total, f.discovery)
                      for s, f in ((s, final_score(state, s)) for s in range(state.players)))
    me = None
    if seat is not None and 0 <= seat < state.players:
        me = QuetzalPrivateView(seat, tuple(state.seats[seat].hand))
    return QuetzalView(
        seat=seat, players=tuple(seats), options=tuple(state.options), round=state.round,
        rounds=rules().rounds, phase=state.phase, marker=state.marker, to_act=tuple(acting), prompts=prompts,
        display=tuple(state.display),
        surroundings=tuple((code, tuple(state.surroundings[code])) for code in SURROUNDINGS),
        village=tuple(state.village), closed=closed_spaces(state), deck_count=len(state.deck),
        discard_count=len(state.discard), stack_count=len(state.stack),
        teams=tuple(TeamView(t.seq, t.seat, t.space, t.colour, tuple(t.workers)) for t in state.teams),
        open_hands=open_hands, final=final, me=me)
