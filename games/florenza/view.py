"""What a seat (or the public) may see (§8, §10). Renderers and messages use only these.

The public part never holds a hand, per-type holdings, exact florins, an unhired artist's value
or deck order; ``me`` (the seat's private part) is ``None`` in the public view. The shared
words (``seat``, ``to_act``, ``phase``, ``players``, ``me``) are those of ``games.core.views``.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.core import Msg
from games.florenza.components import artist_card, florin_cards, catalog
from games.florenza.rules.flow import to_act
from games.florenza.rules.queries import draw_size, extra_turns, merchant_owner, owns_guild
from games.florenza.rules.scoring import FinalScore, final_scores
from games.florenza.state import FlorenzaState


@dataclass(frozen=True)
class Placed:
    """A card or monument in an area with its hired artist (``value`` is public once hired)."""

    id: str
    artist: str | None
    value: int


@dataclass(frozen=True)
class FlorenzaPlayerView:
    seat: int
    pp: int
    hand: int
    res: int
    fl_cards: int
    captain: bool
    extra_turns: tuple[int, ...]
    cards: tuple[Placed, ...]
    monuments: tuple[Placed, ...]
    reserved_monuments: tuple[str, ...]
    reserved_artists: tuple[str, ...]       # IDs only: values stay hidden
    keep_pending: bool
    draw_next: int                          # cards drawn in the next Phase 2 (public: residences)


@dataclass(frozen=True)
class FlorenzaPrivateView:
    seat: int
    hand: tuple[str, ...]                   # H1..Hn in this order
    res: tuple[int, ...]
    florins: int
    modifiers: tuple[str, ...]              # guild effects in force: artist_discount, ...
    keep_pending: bool


@dataclass(frozen=True)
class FlorenzaView:
    seat: int | None
    players: tuple[FlorenzaPlayerView, ...]  # each player's cards in front of them, by seat
    round: int
    phase: str                               # a word from PHASES, or "over"
    phase_no: int                            # the rules' number of that phase (3 or 4)
    turn: int
    step: str                                # "", "keep", "captain", "merchant", "over"
    captain: int
    order: tuple[int, ...]
    to_act: tuple[int, ...]
    eligible: tuple[tuple[int, tuple[int, ...]], ...]   # turns 5-8 and who may act in them
    monuments: tuple[str, ...]               # M1.. on display, catalog order
    monument_deck: int
    artists: tuple[str, ...]                 # A1.. named artists on display (IDs only)
    artist_deck: int
    anonymous: tuple[bool, bool, bool]       # available (architect, painter, sculptor)
    locations: tuple[tuple[str, int | None], ...]   # L1..: ID and the seat that used it
    supply: tuple[int, ...]
    bank_low: bool
    draw_deck: int
    discard: int
    capitano_user: int | None
    captain_choice: str | None
    merchant_choice: str | None
    merchant_owner: int | None
    me: FlorenzaPrivateView | None
    last: tuple[Msg, ...]
    final: tuple[FinalScore, ...] | None

    @property
    def over(self) -> bool:
        return self.step == "over"


def _placed(entries: list[list[object]]) -> tuple[Placed, ...]:
    out = []
    for item, hired in entries:
        if isinstance(hired, int):
            name, value = artist_card(hired)
        else:
            name, value = (None if hired is None else str(hired)), 0
        out.append(Placed(str(item), name if hired is not None else None, value))
    return tuple(out)


MODIFIERS = ("artist_discount", "monument_discount", "choice_income")

#: the four phases of a round by their number in the rules (section 3); 1 and 2 play themselves.
PHASES = {1: "refresh", 2: "refill", 3: "actions", 4: "end_of_round"}


def build_view(state: FlorenzaState, seat: int | None) -> FlorenzaView:
    tableaux = []
    for s, player in enumerate(state.p):
        tableaux.append(FlorenzaPlayerView(
            seat=s, pp=player.pp, hand=len(player.hand), res=sum(player.res), fl_cards=florin_cards(player.florins),
            captain=s == state.captain, extra_turns=tuple(extra_turns(player)), cards=_placed(player.cards),
            monuments=_placed(player.monuments), reserved_monuments=tuple(player.reserved_monuments),
            reserved_artists=tuple(artist_card(i)[0] for i in player.reserved_artists),
            keep_pending=player.keep_pending, draw_next=draw_size(player)))
    me = None
    if seat is not None and 0 <= seat < state.players:
        player = state.p[seat]
        me = FlorenzaPrivateView(seat=seat, hand=tuple(player.hand), res=tuple(player.res), florins=player.florins,
                                 modifiers=tuple(m for m in MODIFIERS if owns_guild(player, m)),
                                 keep_pending=player.keep_pending)
    order = state.order()
    eligible = tuple((turn, tuple(s for s in order if turn in tableaux[s].extra_turns)) for turn in (5, 6, 7, 8))
    return FlorenzaView(
        seat=seat, players=tuple(tableaux), round=state.round, phase="over" if state.over else PHASES[state.phase],
        phase_no=state.phase, turn=state.turn, step=state.step,
        captain=state.captain, order=tuple(order), to_act=tuple(sorted(to_act(state))), eligible=eligible,
        monuments=tuple(state.mon_display), monument_deck=len(state.mon_deck),
        artists=tuple(artist_card(i)[0] for i in state.art_display), artist_deck=len(state.art_deck),
        anonymous=tuple(not used for used in state.anon_used),  # type: ignore[arg-type]
        locations=tuple((entry[0], entry[1]) for entry in state.locations), supply=tuple(state.supply),
        bank_low=state.bank < catalog().components["round"]["location_sale"], draw_deck=len(state.draw),
        discard=len(state.discard), capitano_user=state.capitano_user, captain_choice=state.captain_choice,
        merchant_choice=state.merchant_choice, merchant_owner=merchant_owner(state), me=me,
        last=tuple(state.last), final=tuple(final_scores(state)) if state.over else None,
    )
