"""Every message met in whole games is in the catalogue (tests/test_i18n.py checks the catalogue against the code)."""
from __future__ import annotations

import random
import string
from pathlib import Path

from games.core import IllegalAction
from games.florenza import GAME
from bot.i18n.catalogues import templates
from tests.catalogues import japanese as ja_catalogue

ENGINE = Path(__file__).resolve().parents[2] / "games" / "florenza"


def engine_templates() -> set[str]:
    """Every template of the engine, as Babel extracts it for the catalogue."""
    return {t for t in templates([ENGINE]) if isinstance(t, str)}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def catalogue() -> dict[str, str]:
    return ja_catalogue(ENGINE)


def key(msg) -> str | tuple[str, str]:
    """A message's catalogue key: its template, or (singular, plural) for a counted one."""
    return msg.text if msg.plural is None else (msg.text, msg.plural)


def test_messages_met_in_play_are_all_catalogued():
    ja = catalogue()
    seen = set()
    rng = random.Random(3)
    state = GAME.setup(3, frozenset(), 3)
    state.p[0].cards.append(["arte-dei-mercatanti", None])
    greedy = GAME.computer_player("greedy")
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        scratch = GAME.from_json(GAME.to_json(state))
        for text in ("zzz", "play duomo", "workers now", "use baratto wo>wo", "keep h99", "captain xx"):
            try:
                GAME.apply(scratch, seat, GAME.parse(scratch, seat, text))
            except IllegalAction as error:
                seen.add(key(error.msg))
        for observer in (None, *range(3)):
            view = GAME.view(state, observer)
            seen.update(key(m) for m in GAME.status(view) + GAME.private_lines(view) + GAME.turn_prompt(view))
        seen.update(key(e.msg) for e in GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng)))
    seen.update(key(m) for m in GAME.outcome(state).details)
    assert not sorted(seen - set(ja))
