"""Each line is said once: whole games of every game, played by the computer, never repeat a line
in a turn's public message (events, status, prompt), in a player's private panel (their view and
their prompt), or in the final announcement (events and the result's details). And counts read
right: ``1 coin``, ``2 coins``, never ``coin(s)``."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from games import registry

NAMES = ["Ann", "Bob", "Cara", "Dan"]
#: "1" before a plural of the nouns the games count
ONE_PLURAL = re.compile(r"(?<![\d.,+−-])\b1 (coins|cards|keeples|upgrades|steps|transport steps|skill tiles|winter tiles|"
                        r"followers|figures|pennants|farmers|shamans|tool makers|hut builders|points|tiles|completed cities|"
                        r"completed roads|unused tools|monuments|artists)\b")
GAMES = ["carcassonne", "keyflower", "stoneage", "florenza", "quetzal"]


def repeated(*parts: list[str]) -> list[str]:
    """Lines that more than one part says (a part may list alike things, e.g. two cards with the
    same effect; what is wrong is a second part saying a line again)."""
    seen = Counter(line for part in parts for line in set(part))
    return [line for line, n in seen.items() if n > 1]


@pytest.mark.parametrize("name", GAMES)
def test_no_line_is_said_twice(name):
    game = registry.get(name)
    players = 3 if game.max_players >= 3 else 2
    state = game.setup(players, frozenset(), 11)
    rng = random.Random(11)
    computer = game.computer_player("greedy")
    names = NAMES[:players]
    english = lambda msgs: [m.english(names) for m in msgs]          # noqa: E731
    events: list = []
    turns = 0
    said: set[str] = set()
    while not game.is_over(state):
        public = game.view(state, None)
        message = (english([e.msg for e in events if e.to is None]), english(game.status(public)),
                   english(game.turn_prompt(public)))
        assert not repeated(*message), (turns, repeated(*message), message)
        echoed = [(event, line) for event in message[0] for line in message[1] if len(event) > 20 and event in line]
        assert not echoed, (turns, echoed)          # e.g. "Last: <the event just announced>"
        for seat in sorted(game.to_act(state)):
            mine = game.view(state, seat)
            panel = (english(game.private_lines(mine)), english(game.turn_prompt(mine)))
            assert not repeated(*panel), (turns, seat, repeated(*panel), panel)
            echoed = [(mine, line) for mine in panel[0] for line in panel[1] if len(mine) > 12 and mine in line]
            assert not echoed, (turns, seat, echoed)        # e.g. a prompt ending with "Your pool: …" again
        seat = min(game.to_act(state))
        events = game.apply(state, seat, computer.choose(game, state, seat, rng))
        turns += 1
        said.update(line for part in message for line in part)
    final = (english([e.msg for e in events if e.to is None]), english(game.outcome(state).details))
    said.update(line for part in final for line in part)
    wrong = [line for line in said if "(s)" in line or ONE_PLURAL.search(line)]
    assert not wrong, wrong[:5]
    assert not repeated(*final), (repeated(*final), final)
