"""Keyflower's turn-flow decisions: what a skipped turn does (``skip_action``) and which moves
/undo may take back (``reveals``)."""
from __future__ import annotations

import random

from games.core import reveal
from games.keyflower import GAME
from games.keyflower.rules import village as vil
from games.keyflower.actions import BoatAction, DoneAction, PassAction, PlaceAction, WinterAction

from tests.keyflower.helpers import state

ANN, BOB, CARA = 0, 1, 2


def test_a_skipped_turn_in_the_action_phase_is_a_pass():
    st = state(3, auction=["keywood", "alehouse"], supplies=["R2", "R2", "R2"])
    assert GAME.skip_action(st, ANN) == PassAction()
    assert GAME.skip_action(st, BOB) is None
    GAME.apply(st, ANN, GAME.skip_action(st, ANN))
    assert st.passes == 1 and st.turn == BOB


def test_every_phase_gets_its_least_action():
    """Random games, looking at every phase: a transport ends (done), the winter choice puts up
    the first winter tile alone, the boat is the first left in the row, a new tile goes to the
    first legal cell and rotation, the Flipper is passed up."""
    seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        st = GAME.setup(2 + seed % 3, frozenset(), seed)
        while GAME.outcome(st) is None:
            seat = rng.choice(sorted(GAME.to_act(st)))
            skip = GAME.skip_action(st, seat)
            player = st.seats[seat]
            if st.phase == "actions":
                expected = DoneAction() if st.transport is not None else PassAction()
                seen.add("transport" if st.transport is not None else "actions")
            elif st.phase == "winter_select":
                expected = WinterAction((player.winter_hand[0],))
            elif st.phase == "boats":
                expected = BoatAction(st.boats_left[0])
            elif st.phase == "placement":
                tid = next(t for t in player.pending if vil.placements(st, seat, t))
                expected = PlaceAction(tid, *vil.placements(st, seat, tid)[0])
            else:
                expected = PassAction()
            seen.add(st.phase)
            assert skip == expected, (st.phase, skip, expected)
            actions = GAME.legal_actions(st, seat)
            passes = [a for a in actions if str(a) in ("pass", "done")]
            GAME.apply(st, seat, passes[0] if passes and rng.random() < 0.3 else rng.choice(actions))
    assert seen >= {"actions", "transport", "winter_select", "boats", "placement"}, seen


def test_what_can_be_taken_back():
    st = state(3, auction=["keywood", "alehouse"], supplies=["R2", "R2", "R2"])
    for text in ("bid keywood 1 red", "use keywood 1 red", "pass"):
        assert GAME.reveals(st, ANN, GAME.parse(st, ANN, text), []) is False, text
    assert GAME.reveals(st, ANN, GAME.parse(st, ANN, "use alehouse 1 red"), []) == reveal.DREW
    # the last pass ends the season in public: losing bids go home, the boats are chosen
    GAME.apply(st, ANN, GAME.parse(st, ANN, "bid keywood 1 red"))
    GAME.apply(st, BOB, GAME.parse(st, BOB, "pass"))
    GAME.apply(st, CARA, GAME.parse(st, CARA, "pass"))
    assert GAME.reveals(st, ANN, PassAction(), []) is False
    GAME.apply(st, ANN, PassAction())
    assert st.phase == "boats" and st.seats[ANN].pending == ["keywood"]


def test_secret_choices_are_never_taken_back():
    st = GAME.setup(2, frozenset(), 3)
    st.phase = "winter_select"
    hand = st.seats[ANN].winter_hand
    assert GAME.reveals(st, ANN, WinterAction((hand[0],)), []) == reveal.SECRET
    st = state(2, season=0, auction=["keywood"], supplies=["R2", "R2"])
    st.phase = "placement"
    st.seats[ANN].pending = ["keywood"]
    q, r, k = vil.placements(st, ANN, "keywood")[0]
    assert GAME.reveals(st, ANN, PlaceAction("keywood", q, r, k), []) == reveal.SECRET
