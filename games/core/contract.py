"""The game contract (see design.md, "games/").

A game is an object with the methods below. State is whatever the engine likes (usually a
dataclass) as long as ``to_json``/``from_json`` round-trip it exactly; ``apply`` mutates it in
place and must validate before mutating, so an ``IllegalAction`` leaves it untouched.

Actions are engine objects whose ``str()`` is the canonical notation of the rules reference:
``parse(state, seat, str(a)) == a`` for every legal ``a``.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
import random
from typing import Any, Hashable, Sequence

from games.core.messages import Event, Msg
from games.core.options import OptionSpec
from games.core.outcome import Outcome
from games.core.players import ComputerPlayer, RandomPlayer

State = Any
Action = Any
View = Any


class Game(ABC):
    """One game's rules. Subclasses set the class attributes and implement the methods."""

    name: str = ""                 # registry key and /join argument, ASCII lower case
    title: str = ""                # shown to people
    min_players: int = 2
    max_players: int = 2
    options: tuple[OptionSpec, ...] = ()
    #: slash-command verbs that carry this game's actions (``/play`` always works).
    verbs: tuple[str, ...] = ("play",)
    #: largest number of legal actions offered as buttons under a turn message.
    max_buttons: int = 10
    #: True when seats hold secrets (hands, hidden tiles): the bot then offers a "My hand" button.
    private_info: bool = False
    #: True when seat 0 has an advantage the rules leave to chance (e.g. the first captain): the
    #: table then shuffles the seat order from its seed at the start instead of using join order.
    random_seat_order: bool = False

    # -- life cycle -----------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: frozenset[str], seed: int) -> State:
        """A new game for ``players`` seats; all randomness derives from ``seed``."""

    @abstractmethod
    def to_act(self, state: State) -> frozenset[int]:
        """Seats that may act now (several in simultaneous phases, none when the game is over)."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action for ``seat`` now (empty if it is not that seat's turn)."""

    @abstractmethod
    def parse(self, state: State, seat: int, text: str) -> Action:
        """Read an action in the game's notation; raise ``IllegalAction`` on bad text."""

    @abstractmethod
    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """Validate and perform ``action``; raise ``IllegalAction`` without changing anything."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see (``None``: the public). Messages and images use only views.
        A view speaks the shared words of ``games.core.views`` (``seat``, ``to_act``, ``phase``,
        ``players``, ``me``) besides the game's own."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """Final scores and ranks once the game is over, else ``None``."""

    @abstractmethod
    def to_json(self, state: State) -> dict[str, Any]:
        """A JSON-safe dict from which ``from_json`` rebuilds the identical state."""

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> State:
        """Inverse of ``to_json``."""

    # -- text built from views --------------------------------------------------------------
    @abstractmethod
    def status(self, view: View) -> list[Msg]:
        """Status lines (whose turn, scores, ...) built from a view only."""

    def help_lines(self) -> list[Msg]:
        """``/help GAME``: how a turn goes and the notation, with an example for every verb."""
        return []

    def private_lines(self, view: View) -> list[Msg]:
        """The private part of a seat's view for ``/hand``; games with secrets override this."""
        return []

    def turn_prompt(self, view: View) -> list[Msg]:
        """Extra lines for the player to act (e.g. the drawn tile and where it fits)."""
        return []

    # -- conveniences with sensible defaults ------------------------------------------------
    def reveals(self, state: State, seat: int, action: Action, events: list[Event]) -> bool | Msg:
        """Whether ``action`` by ``seat`` showed anyone something random or hidden (a drawn tile
        or card, a dice roll, a secret choice made public). ``state`` is the state *before* the
        action, ``events`` what applying it returned. ``/undo`` takes back only actions that
        revealed nothing; a game may answer with a :class:`Msg` naming what was shown (see
        games/core/reveal.py) instead of ``True``, and the refusal then says so. The default
        answers True, so a game that does not override this never allows undo."""
        return True

    def mid_move(self, state: State, seat: int) -> bool:
        """Whether ``seat`` is part-way through one move: a first step staged before the rest of
        it (Quetzal's ``team t2 1 white use`` before the workers are named). The table tells only
        the mover until the move is complete, and then everyone once. The default: never."""
        return False

    def skip_action(self, state: State, seat: int) -> Action | None:
        """The least action that passes ``seat``'s turn without deciding anything for the player,
        for ``/option timeout skip``: a pass where the rules have one, otherwise what the rules
        force with the fewest consequences (each game documents its choice). The timer applies
        it, and asks again while the seat is still to act. ``None``: nothing of the kind exists
        now, and the computer moves instead. The default is the legal action written ``pass``,
        ``-`` or ``skip``."""
        return next((a for a in self.legal_actions(state, seat) if str(a).strip().lower() in ("pass", "-", "skip")), None)

    def has_secrets(self, options: frozenset[str]) -> bool:
        """Whether a seat's legal actions can depend on something only that seat sees (a hand,
        hidden tiles) with these options. Then the public turn message offers no move buttons:
        each player's choices are in their private panel only."""
        return self.private_info

    def is_over(self, state: State) -> bool:
        return self.outcome(state) is not None

    def suggestions(self, state: State, seat: int) -> list[Action]:
        """Actions worth offering as buttons: the legal ones when there are few."""
        actions = self.legal_actions(state, seat)
        return actions if 0 < len(actions) <= self.max_buttons else []

    def action_candidates(self, verb: str, text: str) -> list[str]:
        """Readings of a slash verb's text, most likely first: ``/bid 3 x`` may mean the
        notation line ``bid 3 x`` or, where the verb is only a label (``/place 1,0 r0``),
        the text as written. ``/play`` always carries the line as written."""
        text = text.strip()
        lowered = text.lower()
        if verb == "play" or lowered == verb or lowered.startswith(verb + " "):
            return [text]
        return [f"{verb} {text}", text] if text else [verb]

    def log_note(self, state: State, seat: int, action: Action) -> str:
        """A few words for the game log beside a move, naming what its notation leaves out (the
        tile placed, the card bought), read from ``state`` *before* the move; "" when the notation
        says it all. The log is public: name only what the move shows everyone."""
        return ""

    def action_label(self, action: Action) -> str:
        """Short button label for an action (defaults to its notation)."""
        return str(action)

    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        """The computer player for a level; games with a heuristic override this."""
        return RandomPlayer()

    def computer_levels(self) -> Sequence[str]:
        """The levels a table may seat. A game lists "strong" (which needs :meth:`supports_search`)
        once the arena (bench/arena.py) shows it beats "greedy": a level called strong that
        plays no better than normal would mislead players and the seats it takes over."""
        return ("random",)

    # -- what the search (the "strong" level, games/core/search.py) needs --------------------------
    # A game supports the search by overriding ``determinize`` and ``evaluate``; ``clone``,
    # ``chance_key`` and ``action_order`` have defaults that work everywhere. See games/core/SEARCH.md.
    def supports_search(self) -> bool:
        """Whether this game provides ``determinize`` and ``evaluate`` (then "strong" may be offered)."""
        return type(self).determinize is not Game.determinize and type(self).evaluate is not Game.evaluate

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A new full state that agrees with everything ``seat`` can know (its own view and the
        public history) in which everything it cannot see is drawn from ``rng``: the order of
        piles and decks, other seats' hidden cards, and a fresh value for any seed the state
        keeps for future dice and draws. The result, and how much of ``rng`` it uses, must depend
        only on what ``seat`` can know. ``state`` itself is left unchanged."""
        raise NotImplementedError(f"{self.name} does not support the search")

    def evaluate(self, state: State) -> tuple[float, ...]:
        """Each seat's worth of the position in points: points banked plus the expected value of
        what is still open (exactly the final scores once the game is over)."""
        raise NotImplementedError(f"{self.name} does not support the search")

    def clone(self, state: State) -> State:
        """An independent copy of ``state``; games with a faster way than the JSON round trip
        override this."""
        return self.from_json(self.to_json(state))

    def chance_key(self, state: State) -> Hashable:
        """What chance has made public in ``state`` that the actions leading to it do not
        determine (the tile just drawn, the dice just rolled): the search keeps one subtree per
        key. It must name public facts only. ``None`` (the default): nothing."""
        return None

    def action_order(self, state: State, seat: int, actions: list[Action]) -> list[Action]:
        """``actions`` best first by a cheap heuristic (the greedy player's value): the search
        widens its tree in this order and breaks ties with it. The default keeps the order."""
        return actions
