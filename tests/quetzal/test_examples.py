"""Every worked example of the rules reference (section 12), with its exact expected result."""
from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.quetzal import GAME
from games.quetzal.rules.options import PUBLISHER_COINS
from games.quetzal.rules.rounds import start_round
from games.quetzal.state import POOL
from tests.quetzal.helpers import ScriptedRng, act, new_game, park, pool, set_pool

ANA, BEN, CY = 0, 1, 2


# -- E1: setup by player count --------------------------------------------------------------------
@pytest.mark.parametrize("players, workers, coins, village", [(2, 7, 5, 2), (3, 7, 5, 3), (4, 6, 6, 3), (5, 5, 6, 3)])
def test_e1_setup(players: int, workers: int, coins: int, village: int) -> None:
    for seed in (1, 2, 3):
        state = GAME.setup(players, frozenset(), seed)
        for player in state.seats:
            assert [w.wid for w in player.workers] == [str(i) for i in range(1, workers)] + ["big"]
            uprights = sum(1 for w in player.workers if w.roll == "u")
            assert player.coins == coins + uprights          # the round-1 roll has already happened
            assert (player.vp, player.discovery, player.hand, player.tiles) == (0, 0, [], [])
            assert all(w.where == POOL for w in player.workers)
        assert state.marker == state.turn
        assert sum(c is not None for c in state.display) == 8
        assert [len(state.surroundings[c]) for c in ("3a", "3b", "3c")] == [2, 2, 2]
        assert len(state.deck) == 61
        assert sum(t is not None for t in state.village) == village
        assert len(state.stack) == 24 - village
        assert state.round == 1 and state.phase == "place"


def test_e1_start_player_is_random_and_marked() -> None:
    starts = {GAME.setup(3, frozenset(), seed).marker for seed in range(30)}
    assert starts == {0, 1, 2}


def test_e1_two_players_close_village_row_3() -> None:
    state = new_game(2, marker=ANA)
    assert not [a for a in GAME.legal_actions(state, ANA) if a.space == "v3"]
    set_pool(state, ANA, "1k 2k")
    with pytest.raises(IllegalAction, match="closed"):
        act(state, ANA, "team v3 1 black")


def test_e1_publisher_coins_by_seat() -> None:
    state = GAME.setup(4, frozenset({PUBLISHER_COINS}), 11)
    start = state.marker
    for position, expected in enumerate((4, 5, 5, 6)):
        player = state.player((start + position) % 4)
        uprights = sum(1 for w in player.workers if w.roll == "u")
        assert player.coins - uprights == expected


# -- E2: rolling ----------------------------------------------------------------------------------
def test_e2_rolling() -> None:
    state = new_game(3, marker=ANA)
    for player in state.seats:
        player.coins = 5
    state.rng = ScriptedRng(list("wwkusku") + list("kkkwwww") + list("wkswkws"))
    events = [e.msg.english(["Ana", "Ben", "Cy"]) for e in start_round(state)]
    assert "Ana rolls 1w 2w 3k 4u 5s 6k big:u (+2 coins)." in events
    assert "Ben rolls 1k 2k 3k 4w 5w 6w big:w (+0 coins)." in events
    assert state.player(ANA).coins == 7 and state.player(BEN).coins == 5
    assert pool(state, ANA) == "1w 2w 3k 4* 5* 6k big*"
    assert pool(state, BEN) == "1k 2k 3k 4w 5w 6w big*"
    assert state.phase == "place" and state.turn == ANA


# -- E3: auction at the Quarry --------------------------------------------------------------------
def test_e3_quarry_auction() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2w 3k 4u 5s 6k big:u")
    set_pool(state, BEN, "1k 2k 3k 4w 5w 6w big:w")
    set_pool(state, CY, "1w 2k 3s 4w 5k 6w big:k")
    act(state, ANA, "team 3a 2 black")
    assert [t.workers for t in state.teams_on("3a")] == [["3", "6"]]
    with pytest.raises(IllegalAction, match="at least 3"):
        act(state, BEN, "team 3a 2 black")
    with pytest.raises(IllegalAction, match="black team"):
        act(state, BEN, "team 3a 3 white")
    events = act(state, BEN, "team 3a 3 black")
    assert [(t.seat, t.workers) for t in state.teams_on("3a")] == [(BEN, ["1", "2", "3"])]
    assert "Ana is outbid on 3a: workers 3,6 return to the pool as 3k 6k." in events
    assert pool(state, ANA) == "1w 2w 3k 4* 5* 6k big*"
    act(state, CY, "team camp 1")
    act(state, CY, "reroll none")
    act(state, ANA, "team 3a 4 black")
    assert [(t.seat, t.workers) for t in state.teams_on("3a")] == [(ANA, ["3", "4", "5", "6"])]
    assert {w.wid: w.face for w in state.player(ANA).workers if w.wid in "3456"} == dict.fromkeys("3456", "k")
    assert pool(state, BEN) == "1k 2k 3k 4w 5w 6w big*"
    assert not [a for a in GAME.legal_actions(state, BEN) if a.space == "3a"]
    with pytest.raises(IllegalAction):
        act(state, BEN, "team 3a 5 black")
    # If nothing else changes Ana wins 3a: its 2 cards and +1 VP.
    cards = list(state.surroundings["3a"])
    for seat in (ANA, BEN, CY):
        park(state, seat)
    from games.quetzal.rules.resolution import start_phase3
    start_phase3(state)
    assert all(c in state.player(ANA).hand for c in cards) and state.player(ANA).vp == 1


# -- E4: Camp with a reroll -----------------------------------------------------------------------
@pytest.mark.parametrize("result, coins, face", [("s", 6, "*"), ("u", 7, "*"), ("w", 6, "w")])
def test_e4_camp_reroll(result: str, coins: int, face: str) -> None:
    state = new_game(3, marker=CY)
    set_pool(state, CY, "1w 2k 3s 4w 5k 6w big*")
    state.player(CY).coins = 5
    act(state, CY, "team camp 1 black")
    assert state.player(CY).worker("2").where == "camp"
    assert state.player(CY).coins == 6 and state.turn == CY and state.camp_rerolls == 1
    state.rng = ScriptedRng([result])
    act(state, CY, "reroll 3")
    assert state.player(CY).coins == coins
    worker = state.player(CY).worker("3")
    assert ("*" if worker.wild else worker.face) == face
    assert state.turn == ANA and state.camp_rerolls == 0


# -- E5: Temple resolution ------------------------------------------------------------------------
def test_e5_temple() -> None:
    state = new_game(3, marker=ANA)
    state.display = ["V09", "M03", "S09", "T09", "W09", "V10", "T06", "S01"]
    state.deck = ["W10"] + [c for c in state.deck if c not in state.display and c != "W10"]
    for seat, spec in ((ANA, "1w"), (BEN, "1w"), (CY, "1k")):
        set_pool(state, seat, spec)
        park(state, seat, keep=["1"])
        state.player(seat).coins = 5
    act(state, ANA, "team t1 1 white")
    act(state, BEN, "team t3 1 white")
    with pytest.raises(IllegalAction, match="white workers only"):
        act(state, CY, "team t4 1 black")
    act(state, CY, "team t5 1 black")
    assert [state.player(s).coins for s in (ANA, BEN, CY)] == [0, 2, 4]
    assert state.phase == "resolve" and GAME.to_act(state) == {ANA}
    act(state, ANA, "take B H")
    assert state.player(ANA).hand == ["S01", "M03"]        # canonical order: kinds V T W S M
    act(state, BEN, "take C")
    assert sorted(state.player(BEN).hand) == ["S09", "W10"]
    assert state.display == ["V09", None, None, "T09", "W09", "V10", "T06", None]
    act(state, CY, "take A")
    assert state.player(CY).hand == ["V09"]
    # the round ended: the display keeps D E F G and is refilled to 8
    assert state.round == 2
    assert state.display[3:7] == ["T09", "W09", "V10", "T06"] and None not in state.display


# -- E6: Harbour Master, per-worker deliveries -----------------------------------------------------
def harbour_state() -> tuple:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2k")
    park(state, ANA, keep=["1", "2"])
    park(state, BEN)
    park(state, CY)
    ana = state.player(ANA)
    ana.coins, ana.hand = 8, ["V03", "V09", "V10", "T06", "M09"]
    return state, ana


def test_e6_harbour_master() -> None:
    state, ana = harbour_state()
    act(state, ANA, "team hm 2")
    assert ana.coins == 4 and state.phase == "resolve"
    with pytest.raises(IllegalAction, match="at most 3"):
        act(state, ANA, "deliver V03 V09 V10 M09")
    events = act(state, ANA, "deliver V03 V09 V10")
    assert (ana.vp, ana.coins, ana.discovery) == (6, 5, 0)
    assert any("V×3=6" in e and "+6 VP" in e for e in events)
    state.rng = ScriptedRng(["w"] * 21)          # the next round's roll: no upright coins
    act(state, ANA, "deliver M09 T06")
    assert (ana.vp, ana.coins, ana.discovery) == (10, 5, 1)
    assert ana.hand == []


# -- E7: Ship --------------------------------------------------------------------------------------
def test_e7_ship() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, BEN, "1k")
    park(state, ANA)
    park(state, BEN, keep=["1"])
    park(state, CY)
    ben = state.player(BEN)
    ben.hand = ["V09", "V10", "V11", "W12", "S09", "S10", "M01"]
    state.turn = BEN
    act(state, BEN, "bid ship 1 black")
    events = act(state, BEN, "deliver V09 V10 V11 S09 S10 M01")
    assert ben.vp == 16
    assert ben.hand == ["W12"]
    assert any("V×3=6 S×2=6 M×1=3, icons +1 VP" in e and "+16 VP" in e for e in events)


# -- E8: Black Market ------------------------------------------------------------------------------
def test_e8_black_market() -> None:
    state = new_game(3, marker=CY)
    set_pool(state, CY, "1k")
    for seat in (ANA, BEN):
        park(state, seat)
    park(state, CY, keep=["1"])
    cy = state.player(CY)
    cy.hand, cy.coins = ["T09", "S01"], 0
    act(state, CY, "team bm 1 black")
    assert GAME.legal_actions(state, CY)[0] == GAME.parse(state, CY, "sell none")
    state.rng = ScriptedRng(["k"] * 21)
    act(state, CY, "sell S01")
    assert (cy.coins, cy.vp, cy.hand) == (7, 0, ["T09"])
    assert "S01" in state.discard
    assert state.round == 2                     # no second sale: the step is over, the round ended


# -- E9: discovery space 6 --------------------------------------------------------------------------
def test_e9_discovery_space_6() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w")
    park(state, ANA, keep=["1"])
    park(state, BEN)
    park(state, CY)
    ana = state.player(ANA)
    ana.discovery, ana.coins = 5, 0
    state.stack.remove("U13")
    state.stack.insert(0, "U13")
    cards = list(state.surroundings["3b"])
    state.rng = ScriptedRng(["w"] * 21)
    act(state, ANA, "team 3b 1 white")
    assert ana.discovery == 6
    assert ana.coins == 5
    assert ana.stored == ["U13"] and ana.tiles == []
    assert all(c in ana.hand for c in cards)


# -- E10: final scoring and tie-break ---------------------------------------------------------------
def final_state(ben_coins: int = 5, ben_discovery: int = 2):
    state = new_game(2, marker=BEN)
    state.phase = "over"
    ana, ben = state.player(ANA), state.player(BEN)
    ana.vp, ana.coins, ana.tiles, ana.stored, ana.discovery = 30, 9, ["U03"], ["U17"], 4
    ben.vp, ben.coins, ben.tiles, ben.stored, ben.discovery = 31, ben_coins, [], ["U21"], ben_discovery
    return state


def test_e10_publisher_example() -> None:
    state = new_game(2, marker=ANA)
    state.phase = "over"
    ana = state.player(ANA)
    ana.vp, ana.coins, ana.tiles, ana.stored = 34, 8, ["U01", "U03"], ["U13"]
    assert GAME.outcome(state).scores[ANA] == 43


def test_e10_final_scoring() -> None:
    outcome = GAME.outcome(final_state())
    assert outcome.scores == (36, 35)
    assert outcome.ranks == (1, 2)


def test_e10_tie_break_by_discovery() -> None:
    assert GAME.outcome(final_state(ben_coins=6, ben_discovery=2)).ranks == (1, 2)
    assert GAME.outcome(final_state(ben_coins=6, ben_discovery=5)).ranks == (2, 1)
    tied = GAME.outcome(final_state(ben_coins=6, ben_discovery=4))
    assert tied.scores == (36, 36) and tied.ranks == (1, 1)
