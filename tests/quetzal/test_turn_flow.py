"""Quetzal's turn-flow decisions: what a skipped turn does (``skip_action``) and which moves
/undo may take back (``reveals``)."""
from __future__ import annotations

from games.core import reveal
from games.quetzal import GAME
from games.quetzal.actions import Deliver, Done, Keep, Place, Reroll, Sell, Store, Take
from games.quetzal.rules.gains import gain_tile
from games.quetzal.rules.options import OPEN_HANDS
from tests.quetzal.helpers import act, new_game, park, set_pool

ANA, BEN, CY = 0, 1, 2


def only(state, seat, spec):
    """``seat`` has exactly the workers in ``spec`` in its pool; the rest are parked at the Camp."""
    set_pool(state, seat, spec)
    park(state, seat, keep=[t.split(":")[0][:-1] if ":" not in t else "big" for t in spec.split()])


def shown(state, seat: int, text: str):
    return GAME.reveals(state, seat, GAME.parse(state, seat, text), [])


def test_a_skipped_placement_sends_one_worker_to_the_camp_and_rerolls_nothing():
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2k 3k")
    skip = GAME.skip_action(state, ANA)
    assert isinstance(skip, Place) and skip.space == "camp" and skip.count == 1 and str(skip) == "team camp 1"
    assert GAME.skip_action(state, BEN) is None
    act(state, ANA, str(skip))
    assert state.camp_rerolls == 1 and GAME.skip_action(state, ANA) == Reroll(())
    act(state, ANA, "reroll none")
    assert state.turn == BEN


def test_every_other_prompt_takes_its_no_or_the_first_choice():
    state = new_game(3, marker=ANA)
    state.phase = "reroll"
    state.player(ANA).reroll_window = ["U03"]
    assert GAME.skip_action(state, ANA) == Keep()
    state = new_game(3, marker=ANA)
    only(state, ANA, "1k")
    park(state, BEN)
    park(state, CY)
    state.player(ANA).hand = ["V09", "T09"]
    act(state, ANA, "team bm 1 black")
    assert GAME.skip_action(state, ANA) == Sell(None)
    state = new_game(3, marker=ANA)
    only(state, ANA, "1w")
    park(state, BEN)
    park(state, CY)
    act(state, ANA, "team t1 1 white")
    assert GAME.skip_action(state, ANA) == Take(("A", "B"))
    state = new_game(3, marker=ANA)
    only(state, ANA, "1k")
    park(state, BEN)
    park(state, CY)
    state.player(ANA).hand = ["M09", "M10"]
    act(state, ANA, "team ship 1 black")
    assert GAME.skip_action(state, ANA) == Deliver(())
    act(state, ANA, "deliver M09 +")
    assert GAME.skip_action(state, ANA) == Done()


def test_a_third_permanent_upgrade_stores_the_one_just_gained():
    state = new_game(3, marker=ANA)
    events: list = []
    for tile in ("U01", "U03", "U07"):
        gain_tile(state, ANA, tile, events)
    assert GAME.skip_action(state, ANA) == Store("U07")


def test_what_can_be_taken_back():
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2k 3k")
    for text in ("team camp 1", "team 3a 2 black", "team t1 1 white"):
        assert shown(state, ANA, text) is False, text
    act(state, ANA, "team camp 1")
    assert shown(state, ANA, "reroll none") is False
    assert shown(state, ANA, "reroll 2") == reveal.ROLLED
    # Temple rows: t1 takes display cards (public); t3 also draws one from the deck. (Ben's
    # Black Market choice comes next, so the round does not end with the row.)
    for row, expected in (("t1", False), ("t3", reveal.DREW)):
        state = new_game(3, marker=ANA)
        only(state, ANA, "1w")
        only(state, BEN, "1k")
        park(state, CY)
        state.player(BEN).hand = ["V09"]
        act(state, ANA, f"team {row} 1 white")
        act(state, BEN, "team bm 1 black")
        take = GAME.legal_actions(state, ANA)[0]
        assert GAME.reveals(state, ANA, take, []) == expected, row


def test_a_card_leaving_a_hidden_hand_is_shown():
    for options, expected in ((frozenset(), reveal.SHOWN), (frozenset({OPEN_HANDS}), False)):
        state = new_game(3, marker=ANA, options=options)
        only(state, ANA, "1k")
        only(state, BEN, "1k")
        park(state, CY)
        state.player(ANA).hand = ["V09", "T09"]
        state.player(BEN).hand = ["M09"]
        act(state, ANA, "team bm 1 black")
        act(state, BEN, "team ship 1 black")        # Ben's delivery comes after the Black Market
        assert shown(state, ANA, "sell V09") == expected
        assert shown(state, ANA, "sell none") is False
        act(state, ANA, "sell none")
        # Ben delivers nothing, but the round ends with it: new workers are thrown
        assert shown(state, BEN, "deliver none") == reveal.ROLLED
