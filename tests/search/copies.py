"""The check a state copy must pass (the search's clone, and each way the clone bench times)."""
from __future__ import annotations

import copy
from typing import Any, Callable


def check_copy(game: Any, state: Any, way: Callable[[Any], Any]) -> None:
    """The copy is equal, plays on the same, and playing it leaves the original unchanged."""
    before = game.to_json(state)
    twin = way(state)
    assert game.to_json(twin) == before
    seat = min(game.to_act(twin))            # the first of several seats acting at once
    action = game.legal_actions(twin, seat)[0]
    game.apply(twin, seat, action)
    rebuilt = game.from_json(copy.deepcopy(before))     # from_json may keep the dict's lists
    game.apply(rebuilt, seat, action)
    assert game.to_json(twin) == game.to_json(rebuilt)
    assert game.to_json(state) == before
