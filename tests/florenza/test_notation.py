"""Notation (§9): short forms, name resolution, labels, round trips and helpful refusals."""
from __future__ import annotations

import random

import pytest

from games.core import IllegalAction
from games.florenza import GAME
from games.florenza import actions as Ac
from games.florenza.components import RES, catalog
from games.florenza.rules.moves import check
from tests.florenza.helpers import A, new, set_hand, set_holdings, show_artists, show_monuments


@pytest.fixture()
def state():
    state = new(3, seed=4)
    set_hand(state, A, ["fontana", "casa", "monumento-equestre", "pala-daltare"])
    set_holdings(state, A, 1000, ma=3, wo=3, me=3, fa=3, go=3, sp=3)
    show_monuments(state, "uffizi-interni", "ospedale-chiostro", "duomo-cupola")
    show_artists(state, ("giambologna-sculptor", 2), ("davinci-painter", 3), ("bernini-architect", 4),
                 ("buonarroti-sculptor", 5))
    return state


@pytest.mark.parametrize("text,expected", [
    ("p casa", "play casa"),
    ("PLAY Casa", "play casa"),
    ("play fontana with giambologna", "play fontana with giambologna-sculptor"),
    ("p fontana w a1", "play fontana with giambologna-sculptor"),
    ("play h1 w anon-s", "play fontana with anon-sculptor"),
    ("play monumento equestre", "play monumento-equestre"),
    ("play pala d'altare with leonardo", "play pala-daltare with davinci-painter"),
    ("build duomo-cupola with leonardo-painter", "build duomo-cupola with davinci-painter"),
    ("b #27 w leonardo", "build duomo-cupola with davinci-painter"),
    ("b m3 w a2", "build duomo-cupola with davinci-painter"),
    ("build uffizi w anon-a", "build uffizi-interni with anon-architect"),
    ("rm duomo-cupola", "reserve monument duomo-cupola"),
    ("reserve monument m1", "reserve monument uffizi-interni"),
    ("ra michelangelo", "reserve artist buonarroti-sculptor"),
    ("reserve artist a3", "reserve artist bernini-architect"),
    ("reserve caravaggio", None),
    ("u picconiere", "use picconiere"),
    ("use Monte di Pietà", "use monte-di-pieta"),
    ("use montedipieta", "use monte-di-pieta"),
    ("use baratto wo>go", "use baratto wo>go"),
    ("use baratto wood > gold", "use baratto wo>go"),
    ("use l1", "use picconiere"),
    ("use capitano", "use capitano"),
    ("wk", "workers"),
    ("workers", "workers"),
    ("ms me", "market sell me"),
    ("market buy gold", "market buy go"),
    ("mt sp+ma>fa", "market trade ma+sp>fa"),
    ("mt ma+ma>go", "market trade ma+ma>go"),
    ("draw", "inspire"),
    ("/play workers", "workers"),
    ("play build m1 with anon-p", "build uffizi-interni with anon-painter"),
    ("fontana with giambologna", "play fontana with giambologna-sculptor"),
])
def test_forms(state, text, expected):
    if expected is None:
        with pytest.raises(IllegalAction):
            GAME.parse(state, A, text)
        return
    action = GAME.parse(state, A, text)
    assert str(action) == expected
    assert GAME.parse(state, A, str(action)) == action


def test_phase4_forms():
    state = new(2, seed=1)
    set_hand(state, A, ["casa", "pozzo"])
    assert GAME.parse(state, A, "k h2") == Ac.Keep("pozzo")
    assert GAME.parse(state, A, "keep casa") == Ac.Keep("casa")
    assert GAME.parse(state, A, "cap go") == Ac.CaptainChoice("go")
    assert GAME.parse(state, A, "merchant spice") == Ac.MerchantChoice("sp")


def test_ambiguous_names_use_the_only_legal_reading(state):
    # "bernini" is an architect and a sculptor; Pala d'altare takes a painter only
    set_hand(state, A, ["pala-daltare", "fontana"])
    show_artists(state, ("bernini-architect", 4), ("bernini-sculptor", 3), ("davinci-painter", 3),
                 ("davinci-sculptor", 3))
    assert str(GAME.parse(state, A, "play pala w leonardo")) == "play pala-daltare with davinci-painter"
    with pytest.raises(IllegalAction) as error:
        GAME.parse(state, A, "play fontana w bernini")       # both fit Fontana (A/S)
    assert "bernini-architect" in str(error.value) and "bernini-sculptor" in str(error.value)


def test_two_facciate_in_hand():
    state = new(4, seed=2)
    set_hand(state, A, ["facciata-chiesa", "facciata-palazzo"])
    set_holdings(state, A, 500, ma=3)
    with pytest.raises(IllegalAction) as error:
        GAME.parse(state, A, "play facciata w anon-a")
    assert "several" in str(error.value)
    set_holdings(state, A, 500, ma=2)                       # only the palace façade is affordable
    assert GAME.parse(state, A, "play facciata w anon-a").card == "facciata-palazzo"


def test_refusals_say_what_would_be_right(state):
    cases = {"play duomo": "not a card in your hand", "build m1": "needs an artist", "zzz": "I can't read",
             "use nowhere": "not a location", "market buy gems": "not a resource", "ra anon-a": "cannot be reserved",
             "": "Empty command", "x" * 500: "too long", "mt ma>go": "exactly two", "use baratto": "Baratto needs",
             "#99": "I can't read", "b #99 w anon-a": "#1 to #27", "workers now": "takes nothing"}
    for text, fragment in cases.items():
        with pytest.raises(IllegalAction) as error:
            GAME.apply(state, A, GAME.parse(state, A, text))
        assert fragment in str(error.value), text


def test_build_with_a_hand_card_points_to_play(state):
    """A district building is played, not built: 'build biblioteca' says so instead of asking
    for a monument's artist."""
    set_hand(state, A, ["biblioteca", "fontana", "casa"])
    for text in ("build biblioteca", "/play build biblioteca", "build biblioteca with anon-a", "build h1"):
        with pytest.raises(IllegalAction) as error:
            GAME.parse(state, A, text)
        assert error.value.msg.english() == "biblioteca is a card in your hand, not a monument: build it with 'play biblioteca'.", text
    with pytest.raises(IllegalAction) as error:
        GAME.parse(state, A, "build fontana")          # a card that needs an artist: the example names one
    assert "'play fontana with anon-a'" in error.value.msg.english()
    with pytest.raises(IllegalAction, match="needs an artist"):
        GAME.parse(state, A, "build m1")                # a monument on display still asks for the artist


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_legal_action_round_trips(players, seed):
    state = new(players, seed)
    rng = random.Random(seed)
    checked = 0
    while not GAME.is_over(state):
        for seat in GAME.to_act(state):
            for action in GAME.legal_actions(state, seat):
                assert GAME.parse(state, seat, str(action)) == action, str(action)
                checked += 1
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 1000


def _everything(state, seat):
    """Every action object that could name something in play, plus a few names not in play."""
    cat = catalog()
    seen = {catalog().artist_cards[i][0] for i in state.art_display}
    seen |= {catalog().artist_cards[i][0] for p in state.p for i in p.reserved_artists}
    names = sorted(seen | {"anon-architect", "anon-painter", "anon-sculptor", "vasari-architect", "mochi-sculptor"})
    refs = [Ac.ArtistRef(a, src) for a in names for src in ("display", "reserve", "anon")]
    cards = sorted(set(state.p[seat].hand) | {"casa", "fontana", "sala", "savonarola"})
    out = [Ac.Play(c, r) for c in cards for r in [None, *refs]]
    out += [Ac.Build(m, r) for m in cat.monuments for r in refs]
    out += [Ac.ReserveMonument(m) for m in cat.monuments] + [Ac.ReserveArtist(a) for a in cat.artists]
    out += [Ac.Use(loc) for loc in cat.locations] + [Ac.Use(loc, g, t) for loc in cat.locations for g in RES for t in RES]
    out += [Ac.Workers(), Ac.Inspire()] + [Ac.MarketSell(r) for r in RES] + [Ac.MarketBuy(r) for r in RES]
    out += [Ac.MarketTrade((a, b), t) for a in RES for b in RES for t in RES]
    out += [Ac.Keep(c) for c in cat.cards] + [Ac.CaptainChoice(r) for r in RES] + [Ac.MerchantChoice(r) for r in RES]
    return out


@pytest.mark.parametrize("players,seed", [(2, 6), (4, 7)])
def test_legal_actions_are_exact(players, seed):
    """legal_actions == every action object the rules accept, over the whole action space."""
    state = new(players, seed)
    state.p[1].cards.append(["arte-dei-mercatanti", None])
    rng = random.Random(seed)
    visited = 0
    while not GAME.is_over(state) and visited < 14:
        for seat in range(players):
            legal = GAME.legal_actions(state, seat)
            assert len(legal) == len(set(legal))
            accepted = []
            for action in _everything(state, seat):
                try:
                    check(state, seat, action)
                except IllegalAction:
                    continue
                accepted.append(action)
            assert set(accepted) == set(legal)
        visited += 1
        for _ in range(rng.randint(1, 12)):
            if GAME.is_over(state):
                break
            mover = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, mover, rng.choice(GAME.legal_actions(state, mover)))
