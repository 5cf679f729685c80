"""The notation of section 13: the reference's input examples parse to the canonical forms."""
from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.keyflower import GAME

from tests.keyflower.helpers import state


@pytest.fixture
def st():
    s = state(3, season=1, auction=["boat2b", "store"], supplies=["R3", "R3", "R3"])
    s.seats[0].home = "home2"
    s.seats[0].village = {}
    from tests.keyflower.helpers import put
    put(s, 0, "home2", 0, 0)
    return s


CASES = [
    ("bid woodcutter 2 red", "bid woodcutter 2 red"),
    ("bid to1 1 b", "bid to1 1 blue"),
    ("BID Goldmine 2 Yellow FROM Alehouse", "bid goldmine 2 yellow from alehouse"),
    ("use workshop 1 b stone", "use workshop 1 blue stone"),
    ("use brewer 1 y pay saw", "use brewer 1 yellow pay saw"),
    ("use tavern 1 red pay blue", "use tavern 1 red pay blue"),
    ("use stable 1 r; move s workshop home; up home pay stone,iron",
     "use stable 1 red; move stone workshop home2; up home2 pay stone,iron"),
    ("use farrier 1 red; move 2 au workshop farrier; up farrier",
     "use farrier 1 red; move 2 gold workshop farrier; up farrier"),
    ("use store 3 1r+2y", "use store 3 1r+2y"),
    ("pass", "pass"),
    ("boat seabreese", "boat seabreese"),
    ("place barn 1,-1 r4", "place barn 1,-1 r4"),
    ("winter windmill keythedral", "winter keythedral windmill"),
    ("flip farrier", "flip farrier"),
    ("bid boat2 1 red", "bid boat2 1 red"),
    ("use pickaxe", None),
]


@pytest.mark.parametrize("text, canonical", CASES)
def test_reference_examples(st, text, canonical):
    if canonical is None:
        with pytest.raises(IllegalAction):
            GAME.parse(st, 0, text)
        return
    action = GAME.parse(st, 0, text)
    assert str(action) == canonical
    assert GAME.parse(st, 0, canonical) == action


def test_summer_boat_resolves_to_the_side_in_play(st):
    assert GAME.parse(st, 0, "bid boat2 1 red").tile == "boat2b"


def test_hidden_parts_are_redacted_in_the_public_log():
    from games.keyflower.rules.flow import public_text
    st = state(2, supplies=["", ""])
    assert public_text(GAME.parse(st, 0, "use brewer 1 y pay saw")) == "use brewer 1 yellow pay (hidden)"
    assert public_text(GAME.parse(st, 0, "use tavern 1 y pay blue")) == "use tavern 1 yellow pay blue"
    assert public_text(GAME.parse(st, 0, "up barn pay wood,saw")) == "up barn pay wood,(hidden)"


@pytest.mark.parametrize("text", ["use keystone ² blue", "bid woodcutter ² red", "use workshop 1 b; move ² stone workshop home",
                                  "use stable 1 r; move s workshop home@²"])
def test_superscript_and_other_digits_are_refused(st, text):
    """Found by the fuzz suite: '²' passed str.isdigit() and then failed in int()."""
    with pytest.raises(IllegalAction):
        GAME.parse(st, 0, text)
