"""Quetzal's table options (reference sections 3.1, 3.2, 8.1, 9.2)."""
from __future__ import annotations

from games.core import N_, Numbers, OptionSpec, SeatChoice
from games.quetzal.components import rules

PUBLISHER_COINS = "publisher_coins"
OPEN_HANDS = "open_hands"
FIRST = "first"
DICE = "dice"

#: the worker "die" faces in the order the dice option lists their weights
FACES = "wksu"


def default_weights() -> str:
    """The weights of games/quetzal/data/defaults.yaml as the option writes them: ``17,17,4,2``."""
    return ",".join(str(rules().dice_weights[face]) for face in FACES)


#: the four weights of the dice option, in order (shown when a value is refused)
DICE_LABELS = N_("white, black, side, upright")

OPTIONS = (
    OptionSpec(PUBLISHER_COINS, "Starting coins by seat as in the publisher's rules: 4 for the start player, "
                                "then 5, 5, 6, 6 (default: 5 each with 2-3 players, 6 each with 4-5)."),
    OptionSpec(OPEN_HANDS, "Relic hands are public (by default only the number of cards is)."),
    OptionSpec(FIRST, "The start player: random (drawn at the start), or a seat number (1 is the first to join).",
               default="random", kind=SeatChoice(5)),
    OptionSpec(DICE, "The worker roll weights, in the order lying white, lying black, on its side, upright.",
               default=default_weights(),
               kind=Numbers(0, 99, count=4, labels=DICE_LABELS, examples=(default_weights(), "1,1,1,1"),
                            some_positive=True)),
)
