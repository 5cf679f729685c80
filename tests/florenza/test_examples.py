"""Every worked example of the reference (§13) with its exact expected result."""
from __future__ import annotations

import pytest

from games.florenza import GAME
from games.florenza.components import RES, catalog
from tests.florenza.helpers import (
    A, B, C, NAMES, act, new, public_lines, rejected, set_hand, set_holdings, show_artists, show_monuments,
    turn_of,
)


def panel(state, seat):
    p = GAME.view(state, None).players[seat]
    return f"{p.pp} pp · hand {p.hand} · res {p.res} · fl-cards {p.fl_cards}"


def holdings(state, seat):
    p = state.p[seat]
    return dict(zip(RES, p.res)), p.florins


# -- P1 ------------------------------------------------------------------------------------------
def test_p1_setup_three_players():
    state = new(3, seed=7)
    assert len(state.decks["II"]) == 21 and len(state.decks["III"]) == 22
    assert len(state.draw) == 6 and all(len(p.hand) == 5 for p in state.p)
    assert len(state.locations) == 16
    ids = [entry[0] for entry in state.locations]
    assert ids.count("picconiere") == 2 and ids.count("baratto") == 2
    assert len(state.art_display) == 8 and len(state.art_deck) == 77
    assert all(state.anon_used[i] is False for i in range(3))
    assert len(state.mon_display) == 7 and len(state.mon_deck) == 20
    numbers = [catalog().monuments[m].number for m in state.mon_display]
    assert numbers == sorted(numbers)
    assert state.supply == [18, 18, 8, 8, 8, 8] and state.bank == 3100
    for seat in range(3):
        assert holdings(state, seat) == ({r: 1 for r in RES}, 300)
        assert panel(state, seat) == "0 pp · hand 5 · res 6 · fl-cards 3"
    assert (state.round, state.phase, state.turn) == (1, 3, 1)
    assert GAME.to_act(state) == {A} and state.captain == A


@pytest.mark.parametrize("players,deck1,artists,supply", [(2, 16, 6, [19, 19, 9, 9, 9, 9]),
                                                          (4, 26, 10, [17, 17, 7, 7, 7, 7])])
def test_setup_other_counts(players, deck1, artists, supply):
    state = new(players)
    assert len(state.draw) == deck1 - 5 * players
    assert len(state.art_display) == artists and len(state.art_deck) == 85 - artists
    assert state.supply == supply and state.bank == 4000 - 300 * players


# -- P2 ------------------------------------------------------------------------------------------
def p2_state(bottega=False):
    state = new(4, seed=3)
    set_hand(state, A, ["fontana", "casa", "pozzo", "sala", "ritratto"])
    set_holdings(state, A, 300, ma=1, wo=1, me=1, fa=1, go=1, sp=1)
    show_artists(state, ("romano-architect", 2), ("giambologna-sculptor", 3))
    if bottega:
        state.p[A].cards.append(["bottega-darte", None])
    return state


def test_p2_hiring_giambologna_for_fontana():
    state = p2_state()
    supply = list(state.supply)
    events = act(state, A, "play fontana with giambologna")
    assert public_lines(events)[0] == (
        "R1.T1 Alice: play fontana with giambologna-sculptor — paid ma1 me1 fl150; artist value 3; +6 pp (total 6)")
    assert holdings(state, A) == ({"ma": 0, "wo": 1, "me": 0, "fa": 1, "go": 1, "sp": 1}, 150)
    assert panel(state, A) == "6 pp · hand 4 · res 4 · fl-cards 2"
    assert state.supply[0] == supply[0] + 1 and state.supply[2] == supply[2] + 1
    assert GAME.view(state, None).players[A].cards[0].value == 3


def test_p2_variant_romano():
    state = p2_state()
    events = act(state, A, "play fontana with romano")
    assert "paid ma1 me1 fl150; artist value 2; +5 pp (total 5)" in public_lines(events)[0]


def test_p2_variant_anonymous_sculptor():
    state = p2_state()
    act(state, A, "play fontana with anon-s")
    assert holdings(state, A)[1] == 200 and state.p[A].pp == 3
    # unavailable to everyone until Phase 4 step 4
    turn_of(state, B)
    set_hand(state, B, ["giardino"])
    set_holdings(state, B, 300, ma=1, go=1)
    assert "already been hired" in rejected(state, B, "play giardino with anon-sculptor")
    state.p[B].hand = []
    for seat in (B, C, 3):
        turn_of(state, seat, 4)
        act(state, seat, "workers")
    assert state.phase == 4
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        if state.phase == 3:
            break
    assert state.round == 2 and state.anon_used == [False, False, False]


@pytest.mark.parametrize("artist,florins", [("giambologna", 100), ("anon-sculptor", 50)])
def test_p2_variant_bottega(artist, florins):
    state = p2_state(bottega=True)
    act(state, A, f"play fontana with {artist}")
    assert holdings(state, A)[1] == 300 - florins


# -- P3 ------------------------------------------------------------------------------------------
def p3_state(florins=450):
    state = new(3, seed=5)
    turn_of(state, B)
    state.p[B].cards += [["edificatore", None], ["bottega-darte", None]]
    set_holdings(state, B, florins, ma=4, wo=2, go=2, sp=2)
    show_monuments(state, "duomo-cupola", "uffizi-interni")
    show_artists(state, ("davinci-painter", 7), ("donatello-sculptor", 4))
    return state


def test_p3_monument_with_both_discounts():
    state = p3_state()
    events = act(state, B, "build duomo-cupola with leonardo-painter")
    assert holdings(state, B) == ({r: 0 for r in RES}, 50)
    assert state.p[B].pp == 26
    assert public_lines(events)[0].endswith("paid ma4 wo2 go2 sp2 fl400; artist value 7; +26 pp (total 26)")


def test_p3_rejections_and_anonymous():
    state = p3_state(350)
    assert "fl400" in rejected(state, B, "build duomo-cupola with leonardo-painter")
    assert GAME.to_act(state) == {B}
    state = p3_state()
    assert "sculptor" in rejected(state, B, "build duomo-cupola with donatello")
    act(state, B, "build duomo-cupola with anon-architect")
    assert holdings(state, B)[1] == 450 - 250 and state.p[B].pp == 19


# -- P4 ------------------------------------------------------------------------------------------
def test_p4_extra_turns():
    state = new(3, seed=11)
    state.round = 2
    state.p[B].cards.append(["casa", None])
    set_hand(state, A, ["palagio", "savonarola", "pozzo"])
    set_hand(state, B, ["lastricato"])
    set_hand(state, C, ["sacello"])
    set_holdings(state, A, 300, ma=2, wo=1, fa=1)
    slots, plan = [], {(2, A): "play palagio", (5, A): "play savonarola"}
    while state.phase == 3:
        seat = min(GAME.to_act(state))
        slots.append((state.turn, seat))
        act(state, seat, plan.get((state.turn, seat), "workers"))
    assert slots == [(t, s) for t in (1, 2, 3, 4) for s in (A, B, C)] + [(5, A), (7, B), (8, A)]
    assert [sum(1 for _, s in slots if s == seat) for seat in (A, B, C)] == [6, 5, 4]
    florins_before = state.p[A].florins
    assert state.step == "captain"          # every hand is down to one card: nothing to keep
    act(state, A, "captain ma")
    assert state.round == 3
    income = [line for line in public_lines_from_last(state) if "income: Alice" in line]
    assert income == ["R2.P4 income: Alice ma2 wo1 fl300"]
    assert state.p[A].florins == florins_before + 300
    draws = [line for line in public_lines_from_last(state) if ".P2 " in line]
    assert draws == ["R3.P2 Bob draws 5 cards (hand 6)", "R3.P2 Cara draws 4 cards (hand 5)",
                     "R3.P2 Alice draws 5 cards (hand 6)"]


def public_lines_from_last(state):
    return [msg.english(NAMES) for msg in state.last]


def test_p4_palagio_in_turn_six_gives_nothing_this_round():
    state = new(3, seed=12)
    state.p[B].cards.append(["casamento", None])
    set_hand(state, B, ["palagio"])
    set_holdings(state, B, 300, ma=2, wo=1, fa=1)
    slots = []
    while state.phase == 3:
        seat = min(GAME.to_act(state))
        slots.append((state.turn, seat))
        act(state, seat, "play palagio" if (state.turn, seat) == (6, B) else "workers")
    assert slots[12:] == [(6, B)]


# -- P5 ------------------------------------------------------------------------------------------
def test_p5_end_of_round():
    state = new(3, seed=13)
    state.round = 2
    show_monuments(state, "uffizi-interni", "ospedale-chiostro", "battistero-portali", "duomo-pulpito",
                   "duomo-altare")
    state.p[A].cards += [["cava", None], ["casamento", None]]
    state.p[B].cards.append(["arte-dei-mercatanti", None])
    set_hand(state, A, ["pozzo", "sala", "casa"])
    set_hand(state, B, ["loggia"])
    set_hand(state, C, [])
    set_holdings(state, A, 300)
    set_holdings(state, B, 300)
    set_holdings(state, C, 300)
    state.supply[RES.index("go")] = 5
    displayed_artists = list(state.art_display)
    turn_of(state, A, 6)
    events = public_lines(act(state, A, "workers"))
    assert state.phase == 4 and state.step == "keep"
    assert state.mon_display == ["duomo-pulpito", "duomo-altare"]
    assert {"uffizi-interni", "ospedale-chiostro", "battistero-portali"} <= set(state.mon_removed)
    assert state.art_display == [] and set(displayed_artists) <= set(state.art_removed)
    assert "R2.P4 Bob keeps their only card." in events
    assert GAME.to_act(state) == {A}
    act(state, A, "keep sala")
    assert GAME.to_act(state) == {A} and state.step == "captain"
    act(state, A, "captain go")
    assert GAME.to_act(state) == {B} and state.step == "merchant"
    before = [list(p.res) + [p.florins] for p in state.p]
    act(state, B, "merchant sp")
    lines = public_lines_from_last(state)
    assert [line for line in lines if "income" in line] == [
        "R2.P4 income: Alice ma2 wo1 go1 fl300", "R2.P4 income: Bob ma1 wo1 go1 sp1 fl200",
        "R2.P4 income: Cara ma1 wo1 go1 fl200"]
    assert "R2.P4 next captain: Bob" in lines
    assert state.captain == B and state.round == 3 and state.phase == 3
    assert len(state.art_display) == 8
    assert len(state.mon_display) == 7 and {"duomo-pulpito", "duomo-altare"} <= set(state.mon_display)
    numbers = [catalog().monuments[m].number for m in state.mon_display]
    assert numbers == sorted(numbers)
    assert [line for line in lines if ".P2 " in line] == [
        "R3.P2 Bob draws 4 cards (hand 5)", "R3.P2 Cara draws 4 cards (hand 4)", "R3.P2 Alice draws 5 cards (hand 6)"]
    assert [len(p.hand) for p in state.p] == [6, 5, 4]
    assert GAME.to_act(state) == {B}
    # values of discarded artists are never shown
    assert before[A][-1] == 350


# -- P6 ------------------------------------------------------------------------------------------
def test_p6_capitano_del_popolo():
    state = new(3, seed=17)
    state.round, state.captain = 3, B
    turn_of(state, B)
    for seat in (B, C, A, B, C):
        act(state, seat, "workers")
    assert GAME.to_act(state) == {A} and state.turn == 2
    act(state, A, "use capitano")
    act(state, B, "workers")
    assert "already been used" in rejected(state, C, "use capitano")
    assert GAME.to_act(state) == {C}
    while state.phase == 3:
        seat = min(GAME.to_act(state))
        act(state, seat, "workers")
    while state.step == "keep":
        seat = min(GAME.to_act(state))
        act(state, seat, "keep h1")
    assert GAME.to_act(state) == {B} and state.step == "captain"
    act(state, B, "captain ma")
    assert state.round == 4 and state.captain == A and state.order() == [A, B, C]
    assert GAME.to_act(state) == {A}


# -- P7 ------------------------------------------------------------------------------------------
def test_p7_locations_and_market():
    state = new(3, seed=19)
    set_holdings(state, C, 150, ma=2, me=1, sp=1)
    steps = [("use scarpellino", {"ma": 1, "me": 1, "sp": 1}, 350), ("market sell me", {"ma": 1, "sp": 1}, 450),
             ("market buy go", {"ma": 1, "go": 1, "sp": 1}, 350), ("market trade ma+sp>fa", {"go": 1, "fa": 1}, 350),
             ("use baratto go>wo", {"wo": 1, "fa": 1}, 350)]
    for text, res, florins in steps:
        turn_of(state, C)
        act(state, C, text)
        assert holdings(state, C) == ({r: res.get(r, 0) for r in RES}, florins), text
    view = GAME.view(state, None).players[C]
    assert (view.res, view.fl_cards) == (2, 4)


def test_p7_rejections():
    state = new(3, seed=19)
    set_holdings(state, C, 150, ma=2, me=1, sp=1, wo=1)
    turn_of(state, C)
    assert "different" in rejected(state, C, "use baratto wo>wo")
    set_holdings(state, C, 50, ma=2)
    assert "100 fl" in rejected(state, C, "market buy go")
    set_holdings(state, C, 150)
    assert "no ma" in rejected(state, C, "use scarpellino")
    state.supply[0] = 0
    assert "no ma left" in rejected(state, C, "use picconiere")
    set_holdings(state, C, 150, ma=2)
    assert "another type" in rejected(state, C, "mt ma+ma>ma")


# -- P8 ------------------------------------------------------------------------------------------
def test_p8_artist_rules_on_florenza_cards():
    state = new(3, seed=23)
    set_hand(state, A, ["giardino", "biblioteca"])
    set_holdings(state, A, 400, ma=1, wo=2, go=1)
    show_artists(state, ("perugino-painter", 2), ("romano-architect", 2))
    assert "painter" in rejected(state, A, "play giardino with perugino")
    assert "needs an artist" in rejected(state, A, "play giardino")
    assert "takes no artist" in rejected(state, A, "play biblioteca with romano")
    assert "not your turn" in rejected(state, B, "workers")
    events = public_lines(act(state, A, "play biblioteca"))
    assert events[0] == "R1.T1 Alice: play biblioteca — paid wo2 fl150; +5 pp (total 5)"
    assert holdings(state, A) == ({"ma": 1, "wo": 0, "me": 0, "fa": 0, "go": 1, "sp": 0}, 250)


# -- P9 ------------------------------------------------------------------------------------------
def test_p9_final_scoring():
    state = new(3, seed=29)
    a, b, c = state.p
    a.cards = [[x, None] for x in ("affresco", "sala", "abside", "cupola", "pozzo", "protettore")]
    a.monuments = [["uffizi-interni", "anon-architect"], ["ospedale-chiostro", "anon-architect"],
                   ["battistero-portali", "anon-architect"]]
    a.reserved_monuments = ["smn-cappella"]
    b.cards = [[x, None] for x in ("affresco", "sala", "abside", "cupola", "pozzo", "loggia", "mercato",
                                   "signore-de-lo-rione")]
    b.reserved_artists = [next(i for i, (aid, v) in enumerate(catalog().artist_cards)
                               if aid == "botticelli-painter" and v == 4)]
    c.cards = [[x, None] for x in ("arte-maggiore", "lanaiuolo", "erbolaio", "fabbro", "cava", "padrone", "casa",
                                   "casamento")]
    a.pp, b.pp, c.pp = 62, 58, 60
    a.res, b.res, c.res = [7, 0, 0, 0, 0, 0], [2, 2, 1, 1, 1, 0], [1, 1, 1, 0, 0, 0]
    a.florins, b.florins, c.florins = 450, 900, 450
    state.captain, state.round, state.phase, state.step = B, 5, 4, "over"
    outcome = GAME.outcome(state)
    assert outcome.scores == (76, 77, 81)
    assert outcome.ranks == (3, 2, 1) and outcome.winners() == [C]
    details = [m.english(NAMES) for m in outcome.details]
    assert "Cara wins with 81 pp." in details
    assert "Bob's reserved artist botticelli-painter is revealed: value 4." in details
    totals = [line for line in details if " pp = " in line]          # by rank
    assert totals == [
        "Cara: 81 pp = 60 in game + 0 sets + 18 guilds + 1 for resources (3) + 2 for florins (450 fl) + 0 captain − 0 reservations",
        "Bob: 77 pp = 58 in game + 14 sets + 0 guilds + 4 for resources (7) + 4 for florins (900 fl) + 1 captain − 4 reservations",
        "Alice: 76 pp = 62 in game + 5 sets + 9 guilds + 4 for resources (7) + 2 for florins (450 fl) + 0 captain − 6 reservations"]


# -- P10 -----------------------------------------------------------------------------------------
def _artist(aid, value):
    return next(i for i, (a, v) in enumerate(catalog().artist_cards) if a == aid and v == value)


def p10_state(extra_a=None, extra_b=None):
    state = new(2, seed=31)
    a, b = state.p
    a.monuments = [["duomo-facciata", _artist("buonarroti-sculptor", 7)]]
    b.monuments = [["duomo-cupola", _artist("caravaggio-painter", 5)]]
    a.pp, b.pp = 25, 24
    for player in state.p:
        player.res, player.florins = [0] * 6, 0
    state.captain, state.step = B, "over"      # B's captain point makes the totals level
    if extra_a:
        a.monuments = [extra_a]
    if extra_b:
        b.monuments = [extra_b]
    return state


def test_p10_tie_break_best_building():
    state = p10_state()
    outcome = GAME.outcome(state)
    assert outcome.scores[0] == outcome.scores[1] == 33
    assert outcome.winners() == [A] and outcome.ranks == (1, 2)


def test_p10_tie_break_second_building_and_shared_win():
    state = new(2, seed=31)
    a, b = state.p
    a.monuments = [["duomo-facciata", _artist("buonarroti-sculptor", 7)], ["uffizi-interni", "anon-architect"]]
    b.monuments = [["duomo-cupola", _artist("buonarroti-painter", 6)], ["smn-cappella", "anon-painter"]]
    a.cards, b.cards = [["pozzo", None]], [["edicola", None]]
    for player in state.p:
        player.res, player.florins = [0] * 6, 0
    state.captain, state.step = A, "over"
    a.pp, b.pp = 34, 35                     # A's captain point makes the totals level
    # buildings A: 25, 6, 3 / B: 25, 6, 4 → B wins at the third comparison
    outcome = GAME.outcome(state)
    assert outcome.scores == (43, 43) and outcome.winners() == [B]
    # identical lists: a shared win
    b.cards = [["pozzo", None]]
    a.pp, b.pp = 33, 34
    outcome = GAME.outcome(state)
    assert outcome.scores == (42, 42) and outcome.ranks == (1, 1)
