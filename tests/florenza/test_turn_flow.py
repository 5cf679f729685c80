"""Florenza's turn-flow decisions: what a skipped turn does (``skip_action``, BGA's behaviour for
an absent player) and which moves /undo may take back (``reveals``)."""
from __future__ import annotations

from games.core import Msg, reveal
from games.florenza import GAME
from games.florenza import actions as F
from games.florenza.components import RES

from tests.florenza.helpers import A, B, act, new, set_hand, set_holdings, show_artists, show_monuments, turn_of


def to_phase4(state):
    while state.phase == 3:
        seat = min(GAME.to_act(state))
        act(state, seat, str(GAME.skip_action(state, seat)))


def shown(state, seat: int, text: str):
    return GAME.reveals(state, seat, GAME.parse(state, seat, text), [])


def test_a_skipped_action_sends_out_workers_or_else_takes_inspiration():
    state = new(2)
    seat = min(GAME.to_act(state))
    assert GAME.skip_action(state, seat) == F.Workers() and GAME.skip_action(state, 1 - seat) is None
    state.bank = 40                                 # workers need 50 florins from the bank
    assert GAME.skip_action(state, seat) == F.Inspire()


def test_a_skipped_keep_keeps_the_first_card_and_the_captain_names_the_largest_supply():
    state = new(2, seed=3)
    to_phase4(state)
    assert state.step == "keep"
    hand = list(state.p[A].hand)
    assert GAME.skip_action(state, A) == F.Keep(hand[0])
    act(state, A, str(GAME.skip_action(state, A)))
    assert state.p[A].hand == [hand[0]]
    act(state, B, str(GAME.skip_action(state, B)))
    assert state.step == "captain"
    state.supply = [3, 5, 5, 1, 2, 0]               # wood and metal share the largest supply: wood first
    assert GAME.skip_action(state, state.captain) == F.CaptainChoice(RES[1])


def test_what_can_be_taken_back():
    state = new(3)
    turn_of(state, A)
    set_holdings(state, A, 1000, ma=3, wo=3, me=1, fa=1, go=1, sp=1)
    show_monuments(state, "duomo-cupola")
    show_artists(state, ("giambologna-sculptor", 3))
    for text in ("workers", "market buy go", "market sell ma", "use capitano", "reserve monument duomo-cupola",
                 "reserve artist giambologna"):
        assert shown(state, A, text) is False, text
    assert shown(state, A, "inspire") == reveal.DREW
    set_hand(state, A, ["casa", "pulpito"])
    assert shown(state, A, "play casa") == reveal.SHOWN             # a card of the hand goes face up
    assert shown(state, A, "play pulpito with anon-s") == reveal.SHOWN


def test_hiring_a_named_artist_turns_up_its_value():
    state = new(3)
    turn_of(state, A)
    set_holdings(state, A, 3000, ma=9, wo=9, me=9, fa=9, go=9, sp=9)
    monument = state.mon_display[0]
    artists = [a for a in GAME.legal_actions(state, A) if isinstance(a, F.Build) and a.monument == monument]
    named = next(a for a in artists if a.artist.source == "display")
    anonymous = next(a for a in artists if a.artist.source == "anon")
    assert GAME.reveals(state, A, named, []) == Msg("a hired artist's hidden value was revealed")
    assert GAME.reveals(state, A, anonymous, []) is False


def test_keeping_a_card_is_a_secret_choice():
    state = new(2, seed=3)
    to_phase4(state)
    assert shown(state, A, f"keep {state.p[A].hand[0]}") == reveal.SECRET
