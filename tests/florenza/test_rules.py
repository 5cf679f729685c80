"""Rules beyond the worked examples: each precondition, each Phase-4 step, decks, scoring parts."""
from __future__ import annotations

import random

import pytest

from games.florenza import GAME
from games.florenza.components import RES, catalog
from games.florenza.rules.scoring import final_scores, majority_points
from tests.florenza.helpers import (
    A, B, C, D, NAMES, act, new, public_lines, rejected, set_hand, set_holdings, show_artists, show_monuments,
    turn_of,
)


def finish_phase3(state):
    """Everyone sends out workers (or, if the bank is empty, takes another simple action)."""
    while state.phase == 3:
        seat = min(GAME.to_act(state))
        legal = [str(a) for a in GAME.legal_actions(state, seat)]
        act(state, seat, next((t for t in ("workers", "inspire", "use capitano") if t in legal), legal[0]))


def finish_round(state, captain_res="ma"):
    finish_phase3(state)
    while state.step == "keep":
        seat = min(GAME.to_act(state))
        act(state, seat, "keep h1")
    if state.step == "captain":
        act(state, state.captain, f"captain {captain_res}")
    if state.step == "merchant":
        act(state, min(GAME.to_act(state)), f"merchant {captain_res}")


# -- playing cards ----------------------------------------------------------------------------------
def test_one_copy_per_card_id_and_two_facciate_are_different_cards():
    state = new(4)
    state.p[A].cards.append(["casa", None])
    set_hand(state, A, ["casa", "facciata-chiesa", "facciata-palazzo"])
    set_holdings(state, A, 1000, ma=5, wo=5)
    assert "only one copy" in rejected(state, A, "play casa")
    act(state, A, "play facciata-chiesa with anon-a")
    turn_of(state, A, 2)
    act(state, A, "play facciata-palazzo with anon-s")
    assert [c for c, _ in state.p[A].cards] == ["casa", "facciata-chiesa", "facciata-palazzo"]


def test_only_one_preacher_whatever_its_name():
    state = new(3)
    state.p[A].cards.append(["savonarola", None])
    set_hand(state, A, ["san-francesco"])
    assert "only one preacher" in rejected(state, A, "play san-francesco")


def test_discounts_apply_to_the_right_costs_only():
    state = new(3)
    state.p[A].cards += [["edificatore", None], ["bottega-darte", None]]
    set_hand(state, A, ["biblioteca", "sagrato"])
    set_holdings(state, A, 1000, ma=3, wo=3)
    show_artists(state, ("romano-architect", 2))
    act(state, A, "play biblioteca")                    # Edificatore never discounts cards
    assert state.p[A].florins == 850
    turn_of(state, A, 2)
    act(state, A, "play sagrato with romano")          # Bottega: fee only, card cost stays 100
    assert state.p[A].florins == 850 - 100 - 50


def test_a_discount_card_does_not_discount_itself():
    state = new(3)
    set_hand(state, A, ["bottega-darte"])
    set_holdings(state, A, 50, wo=1, sp=1)
    act(state, A, "play bottega-darte")
    assert state.p[A].florins == 0


def test_reserved_monument_only_for_its_owner_and_penalty():
    state = new(3)
    show_monuments(state, "ospedale-chiostro", "uffizi-interni")
    act(state, A, "rm ospedale-chiostro")
    assert "ospedale-chiostro" not in state.mon_display and state.p[A].reserved_monuments == ["ospedale-chiostro"]
    set_holdings(state, B, 500, ma=4)
    assert "reserved by Alice" in rejected(state, B, "build ospedale-chiostro with anon-a")
    turn_of(state, A, 2)
    set_holdings(state, A, 500, ma=4)
    act(state, A, "build r1 with anon-s")
    assert state.p[A].reserved_monuments == [] and state.p[A].pp == 7


def test_reserved_artist_hired_later_and_value_stays_hidden():
    state = new(3)
    show_artists(state, ("giambologna-sculptor", 3), ("giambologna-sculptor", 2))
    act(state, A, "ra giambologna")
    assert state.art_display != [] and len(state.p[A].reserved_artists) == 1
    view = GAME.view(state, A)
    assert view.players[A].reserved_artists == ("giambologna-sculptor",)
    assert "?" in " ".join(m.english(NAMES) for m in GAME.private_lines(view))
    assert "Anonymous artists cannot be reserved" in rejected(state, B, "ra anon-s")
    turn_of(state, A, 2)
    set_hand(state, A, ["pulpito"])
    set_holdings(state, A, 300, ma=1, wo=1)
    # the bare name takes the reserved copy; A1 would take the one on display
    action = GAME.parse(state, A, "play pulpito with giambologna")
    assert action.artist.source == "reserve"
    displayed = GAME.parse(state, A, "play pulpito with a1")
    assert displayed.artist.source == "display" and str(displayed) == "play pulpito with a1"
    assert GAME.parse(state, A, str(displayed)) == displayed
    GAME.apply(state, A, action)
    assert state.p[A].reserved_artists == [] and state.p[A].pp == 2 + 3


def test_reserved_monument_and_artist_penalties_at_the_end():
    state = new(2)
    state.p[A].reserved_monuments = ["duomo-cupola"]
    show_artists(state, ("caravaggio-painter", 6))
    state.p[B].reserved_artists = list(state.art_display)
    state.art_display = []
    state.step = "over"
    scores = final_scores(state)
    assert scores[A].penalty_monuments == 19 and scores[B].penalty_artists == 6
    assert scores[B].revealed == (("caravaggio-painter", 6),)


# -- locations, workers, market, inspiration -------------------------------------------------------
def test_each_location_copy_once_per_round_second_copy_free():
    state = new(3)
    act(state, A, "use picconiere")
    act(state, B, "use picconiere")                     # second copy in 3p
    assert "already been used" in rejected(state, C, "use picconiere")
    view = GAME.view(state, None)
    assert [used for loc, used in view.locations if loc == "picconiere"] == [A, B]


def test_workers_needs_bank_and_inspire_needs_a_deck():
    state = new(2)
    state.bank = 40
    assert "bank" in rejected(state, A, "workers")
    state.draw = []
    assert "draw deck is empty" in rejected(state, A, "inspire")


def test_inspire_is_private():
    state = new(3)
    top = state.draw[-1]
    events = act(state, A, "inspire")
    assert public_lines(events) == ["R1.T1 Alice: inspire — drew 1 card (hand 6)"]
    private = [e for e in events if e.to is not None]
    assert private[0].to == {A} and top in private[0].msg.english()
    assert state.p[A].hand[-1] == top


def test_market_trade_needs_both_resources_and_a_different_type():
    state = new(3)
    set_holdings(state, A, 300, ma=1)
    assert "do not have" in rejected(state, A, "mt ma+ma>go")
    set_holdings(state, A, 300, ma=1, go=1)
    assert "another type" in rejected(state, A, "mt ma+go>go")
    act(state, A, "mt go + ma > sp")
    assert state.p[A].res == [0, 0, 0, 0, 0, 1]


# -- turn order and phases -------------------------------------------------------------------------
def test_only_the_acting_player_and_no_pass():
    state = new(3)
    assert "not your turn" in rejected(state, C, "workers")
    assert "end of the round" in rejected(state, A, "keep h1")
    assert "not a move" in rejected(state, A, "hand")


def test_phase4_monument_discard_keeps_two_rightmost_or_all():
    state = new(2)
    show_monuments(state, "duomo-cupola")
    finish_phase3(state)
    assert state.mon_display == ["duomo-cupola"]


def test_keep_one_card_and_discards_go_to_the_pile_until_round_three():
    state = new(2, seed=3)
    finish_phase3(state)
    hand = list(state.p[A].hand)
    assert GAME.to_act(state) == {A, B}
    assert "not a card in your hand" in rejected(state, A, "keep duomo-cupola")
    act(state, A, f"keep {hand[2]}")
    assert state.p[A].hand == [hand[2]] and sorted(state.discard) == sorted(hand[:2] + hand[3:])
    assert GAME.to_act(state) == {B}
    assert "other players" in rejected(state, A, "keep h1")


def test_draw_decks_by_round_and_round_four_discards_removed():
    state = new(2, seed=5)
    deck2 = len(state.decks["II"])
    left = len(state.draw)
    finish_round(state)
    assert len(state.draw) + 4 * 2 == left + deck2                 # round 2: leftovers + deck II
    left = len(state.draw)
    finish_round(state)
    assert len(state.draw) + 8 == left + 16                        # round 3: + deck III (16 in 2p)
    left = len(state.draw)
    finish_phase3(state)
    while state.step == "keep":
        act(state, min(GAME.to_act(state)), "keep h1")
    pile = len(state.discard)
    assert pile > 0
    act(state, state.captain, "captain ma")
    assert state.round == 4 and state.discard == [] and len(state.draw) + 8 == left + pile
    finish_phase3(state)
    while state.step == "keep":
        act(state, min(GAME.to_act(state)), "keep h1")
    removed = len(state.removed)
    assert removed > 0 and state.discard == []                      # round-4 discards leave the game
    left = len(state.draw)
    act(state, state.captain, "captain ma")
    assert state.round == 5 and len(state.draw) == max(0, left - 8)


def test_phase2_draws_stop_when_the_deck_runs_out():
    state = new(3, seed=2)
    finish_phase3(state)
    while state.step == "keep":
        act(state, min(GAME.to_act(state)), "keep h1")
    state.draw = state.draw[:0]
    state.decks["II"] = ["casa"] * 6
    act(state, state.captain, "captain ma")
    order = [B, C, A]
    assert [len(state.p[s].hand) for s in order] == [1 + 4, 1 + 2, 1 + 0]


def test_round_five_has_no_keep_and_the_game_ends():
    state = new(2, seed=8)
    for _ in range(4):
        finish_round(state)
    assert state.round == 5
    finish_phase3(state)
    assert state.step == "captain"                                   # no keep step in round 5
    act(state, state.captain, "captain ma")
    assert state.over and GAME.to_act(state) == frozenset() and GAME.legal_actions(state, A) == []
    assert "game is over" in rejected(state, A, "workers")
    outcome = GAME.outcome(state)
    scores = final_scores(state)
    assert scores[state.captain].captain == 1 and outcome.scores == tuple(s.total for s in scores)


# -- income ----------------------------------------------------------------------------------------
def test_captain_must_name_a_type_with_supply_at_least_n():
    state = new(4)
    finish_phase3(state)
    while state.step == "keep":
        act(state, min(GAME.to_act(state)), "keep h1")
    state.supply[RES.index("go")] = 3
    assert "at least 4" in rejected(state, A, "captain go")
    assert [str(a) for a in GAME.legal_actions(state, A)] == ["captain ma", "captain wo", "captain me",
                                                               "captain fa", "captain sp"]
    state.supply = [0, 0, 0, 0, 2, 0]
    assert [str(a) for a in GAME.legal_actions(state, A)] == ["captain go"]
    state.supply = [0] * 6
    finish = GAME.to_json(state)
    from games.florenza.rules import flow
    events = []
    flow.continue_phase4(state, events)
    assert state.round == 2 and finish != GAME.to_json(state)


def test_income_shortage_hits_the_last_players_served():
    state = new(3)
    finish_phase3(state)
    while state.step == "keep":
        act(state, min(GAME.to_act(state)), "keep h1")
    state.supply[0] = 2                                      # two marble for three players
    state.supply[1] = 20
    act(state, A, "captain wo")
    lines = [m.english(NAMES) for m in state.last if "income" in m.text]
    assert lines == ["R1.P4 income: Alice ma1 wo2 fl200", "R1.P4 income: Bob ma1 wo2 fl200",
                     "R1.P4 income: Cara wo2 fl200"]


def test_workshop_income_and_merchant_choice():
    state = new(3)
    state.p[B].cards += [["miniera", None], ["arte-dei-mercatanti", None]]
    finish_phase3(state)
    while state.step == "keep":
        act(state, min(GAME.to_act(state)), "keep h1")
    act(state, A, "captain me")
    assert GAME.to_act(state) == {B}
    assert "Arte dei Mercatanti" in rejected(state, A, "merchant sp")
    act(state, B, "merchant fa")
    lines = [line for line in (m.english(NAMES) for m in state.last) if "income: Bob" in line]
    assert lines == ["R1.P4 income: Bob ma1 wo1 me1 fa1 go1 fl250"]


# -- scoring -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("values,points", [([7, 7, 3], [4, 4, 1]), ([5, 5, 5, 1], [4, 4, 4, 0]), ([3, 1], [4, 2]),
                                           ([9, 5, 5, 1], [4, 2, 2, 0]), ([1, 2, 3, 4], [0, 1, 2, 4])])
def test_majority_competition_ranking(values, points):
    assert majority_points(values) == points


def test_guilds_at_the_end():
    state = new(4)
    def idx(aid, v):
        return next(i for i, (a, w) in enumerate(catalog().artist_cards) if a == aid and w == v)
    a = state.p[A]
    a.cards = [["mastro-artista", None], ["sala", idx("romano-architect", 2)], ["affresco", idx("lippi-painter", 2)],
               ["camino", idx("mochi-sculptor", 1)], ["ritratto", "anon-painter"]]
    a.monuments = [["duomo-pulpito", idx("cellini-sculptor", 2)]]
    b = state.p[B]
    b.cards = [["arte-maggiore", None], ["fabbro", None], ["cava", None], ["padrone", None], ["casa", None]]
    c = state.p[C]
    c.cards = [["protettore", None]]
    c.monuments = [["uffizi-interni", "anon-painter"], ["duomo-altare", "anon-painter"]]
    d = state.p[D]
    d.cards = [["signore-de-lo-rione", None], ["sala", None], ["abside", None], ["pozzo", None], ["loggia", None]]
    state.step = "over"
    scores = final_scores(state)
    assert (scores[A].sets, scores[A].guilds) == (0, 5)       # one A+P+S set of named artists
    assert scores[B].guilds == 3 * 2 + 3 * 1
    assert scores[C].guilds == 6
    assert (scores[D].sets, scores[D].guilds) == (7, 0)


def test_counter_matches_area_after_random_play():
    from games.florenza.rules.scoring import ingame_prestige
    from tests.florenza.helpers import play_random
    state = new(4, seed=9)
    play_random(state, random.Random(9))
    assert all(p.pp == ingame_prestige(p) for p in state.p)
