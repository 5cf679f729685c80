"""Reasons an action cannot be taken back with /undo (see ``Game.reveals``), and the checks the
games share. An action "reveals" when, after it, someone knows something that was random or
hidden before it: taking it back would let its player choose again knowing it."""
from __future__ import annotations

from typing import Iterable

from games.core.messages import Event, Msg

#: dice were rolled (or workers thrown)
ROLLED = Msg("dice were rolled")
#: something came out of a face-down deck, a stack or a bag, or a pile was shuffled
DREW = Msg("something was drawn from a face-down deck, stack or bag")
#: a secret choice: the request to take it back would name it to everyone
SECRET = Msg("it was a secret choice, and asking to take it back would show it to everyone")
#: a card that only its owner had seen was shown
SHOWN = Msg("a card from a hand was shown to everyone")


def secret(events: Iterable[Event]) -> bool:
    """Whether some of ``events`` are addressed to some seats only (a hidden part of the move,
    or something drawn that only its owner sees)."""
    return any(event.to is not None for event in events)
