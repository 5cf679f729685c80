"""The contract every game engine meets, and the pieces they share."""
from games.core.contract import Game, View
from games.core.messages import BLANK, Event, IllegalAction, Msg, N_, SeatRef, Term, counted
from games.core.options import OptionSpec, OptionError, validate_options, toggle_option
from games.core.outcome import Outcome, ranks_from_scores
from games.core.players import ComputerPlayer, RandomPlayer
from games.core.rng import SeededRng

__all__ = [
    "BLANK", "N_", "Term", "ComputerPlayer", "Event", "Game", "IllegalAction", "Msg", "OptionError", "OptionSpec",
    "Outcome", "RandomPlayer", "SeatRef", "SeededRng", "View", "ranks_from_scores",
    "counted", "toggle_option", "validate_options",
]
