"""The contract every game engine meets, and the pieces they share."""
from games.core.contract import Game, View
from games.core.messages import BLANK, Event, IllegalAction, Msg, N_, SeatRef, Term, counted
from games.core.options import (
    Choice, Numbers, OptionError, OptionSpec, SeatChoice, default_options, option_value, set_option, toggle_option,
    validate_options,
)
from games.core.outcome import Outcome, ranks_from_scores
from games.core.players import ComputerPlayer, RandomPlayer
from games.core.rng import SeededRng

__all__ = [
    "BLANK", "N_", "Term", "Choice", "ComputerPlayer", "Event", "Game", "IllegalAction", "Msg", "Numbers",
    "OptionError", "OptionSpec", "Outcome", "RandomPlayer", "SeatChoice", "SeatRef", "SeededRng", "View",
    "counted", "default_options", "option_value", "ranks_from_scores", "set_option", "toggle_option",
    "validate_options",
]
