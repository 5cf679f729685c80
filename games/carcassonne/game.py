"""Carcassonne as BSW ran it, with its add-on options: turn flow, validation and scoring events.

One turn (rules §3, full order with every option): fairy point; automatic draw (river first,
dragon tiles set aside before the first volcano, unplaceable tiles discarded); place the tile (a
volcano calls the dragon); one deploy choice (:mod:`deploy`); the dragon's steps after a dragon
tile (:mod:`dragon`, each step by the player whose step it is); score what the tile completed
(goods, King and Robber Baron with it); the builder's second turn; the next player.

Decisions where the reference leaves room (besides its §18):

* the fairy's 3 points go with every feature scored with followers, also when it scores nothing
  (an incomplete cathedral city or inn road, a field that borders no completed city);
* the fairy must go to another tile (moving it onto its own tile is no move);
* whether a tile earns the builder's second turn is decided when it is placed, before the dragon
  or the princess may send the builder home;
* the fairy's point comes at the start of a turn that has tiles to draw, not in the builder's
  second turn (§3: "steps 2-7 again");
* a magic portal puts a follower on any tile but the placed one (deploying there is the normal
  deploy) and the dragon's; a volcano the dragon has left is a target like any other tile;
* set-aside dragon tiles count in "tiles left" until the game ends;
* notation: a deploy code names a segment by its first edge in N E S W order (P11a's ``Lcs`` is
  logged as ``Lce``); the princess's choice is ``!x,y``, with ``:C`` (``:LC`` for a large
  follower) only when that tile holds several knights of her city; the dragon's victims are logged
  as ``[L|B|P]<colour>(x,y)``; scoring adds ``goods wine 1 -> R``, ``king -> R``, ``robber -> R``
  and ``fairy 3 -> R`` to the log line.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from games.carcassonne import notation
from games.carcassonne.rules import scoring
from games.carcassonne.actions import NOTHING, Deploy, Place
from games.carcassonne.rules.awards import builders_check, remove_figures, score_placement
from games.carcassonne.rules.board import Board
from games.carcassonne.rules.deploy import (FAIRY, NONE, NOTHING_CHOICE, PRINCESS, Choice, Deployer, Situation,
                                      codes_text, figure_for, figures_by_root)
from games.carcassonne.rules.dragon import DRAGON_PHASE, STEPS, DragonStep, legal_steps, steps_text, target
from games.carcassonne.rules.final import final_breakdown, final_scoring
from games.carcassonne.rules.geometry import OrientedTile, oriented
from games.carcassonne.rules.placement import (SPRING, START_TILE, build_pile, check_placement, example_placement,
                                               fits_somewhere, legal_placements)
from games.carcassonne.text import outcome_details, status_lines, turn_prompt_lines
from games.carcassonne.state import (BUILDER, FOLLOWERS, GOODS, LARGE, PREFIX, CarcState, Figure, state_from_json,
                                     state_to_json)
from games.carcassonne.words import edge_word
from games.carcassonne.components import tile
from games.carcassonne.view import LETTERS, CarcassonneView, view_of
from games.core import (N_, ComputerPlayer, Event, Game, IllegalAction, Msg, OptionSpec, Outcome, RandomPlayer, counted,
                        SeatRef, SeededRng, validate_options)
from games.core.outcome import ranks_from_scores


class Carcassonne(Game):
    name = "carcassonne"
    title = N_("Carcassonne")      # marked for the catalogue: the name Japanese players know
    min_players = 2
    max_players = 5
    verbs = ("place", "play", "use")
    options = (
        OptionSpec("old", "Old farm rule: each completed city gives 4 points to the players with most "
                          "farmers in the fields bordering it."),
        OptionSpec("fluss", "The River: 12 river tiles are played first, starting from the spring."),
        OptionSpec("erweiterung", "Inns & Cathedrals: 18 tiles, inns, cathedrals and a large follower."),
        OptionSpec("haendler", "Traders & Builders: 24 tiles, goods, the builder and the pig."),
        OptionSpec("koenig", "King & Robber Baron: 5 tiles; bonuses for the largest city and longest road."),
        OptionSpec("drache", "The Princess & the Dragon: 30 tiles, dragon, fairy, princesses, magic portals."),
    )

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, players: int, options: frozenset[str], seed: int) -> CarcState:
        return self.new_state(players, options, seed)

    def new_state(self, players: int, options: Iterable[str] = (), seed: int = 0, *,
                  pile: Sequence[str] | None = None, first: int | None = None,
                  check_options: bool = True) -> CarcState:
        """A new game. Tests fix the draw order with ``pile`` (tile ids, first drawn first; the
        start tile or the spring is not part of it) and the starting seat with ``first``;
        otherwise both come from the seed."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Carcassonne needs 2 to 5 players, not {players}")
        chosen = validate_options(self.options, options) if check_options else frozenset(options)
        rng = SeededRng(seed)
        if first is None:
            first = rng.randint(0, players - 1)
        if pile is None:
            start, tiles = build_pile(chosen, rng)
        else:
            start, tiles = (SPRING if "fluss" in chosen else START_TILE), list(pile)
        one = [1] * players
        zero = [0] * players
        state = CarcState(players=players, options=chosen, rng=rng, first=first, current=first, pile=tiles,
                          supply=[FOLLOWERS] * players, large=list(one if "erweiterung" in chosen else zero),
                          builders=list(one if "haendler" in chosen else zero),
                          pigs=list(one if "haendler" in chosen else zero),
                          scores=list(zero), goods=[[0] * len(GOODS) for _ in range(players)])
        state.board = Board()
        state.board.place(oriented(start, 0), 0, 0)
        state.placements.append((start, 0, 0, 0))
        self._draw(state, [])
        return state

    # -- whose turn, what is legal -------------------------------------------------------------
    def to_act(self, state: CarcState) -> frozenset[int]:
        if state.over:
            return frozenset()
        return frozenset({state.mover if state.phase == DRAGON_PHASE else state.current})

    def legal_actions(self, state: CarcState, seat: int) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "place":
            assert state.drawn is not None
            return [Place(x, y, r) for x, y, r in legal_placements(state.board, state.drawn)]
        if state.phase == DRAGON_PHASE:
            return [DragonStep(d) for d in legal_steps(state)]
        return [Deploy(code) for code in self.deploy_options(state, seat)]

    def suggestions(self, state: CarcState, seat: int) -> list[Any]:
        actions = self.legal_actions(state, seat)
        if state.phase == "deploy" and len(actions) > self.max_buttons:
            # the choices on the tile itself first, then the others; "-" always stays
            rest = [a for a in actions if a.code != NOTHING]
            rest.sort(key=lambda a: ("@" in a.code or a.code[0] in "~!", 0))
            tail = [a for a in actions if a.code == NOTHING]
            return rest[: self.max_buttons - len(tail)] + tail
        return actions if 0 < len(actions) <= self.max_buttons else []

    def placed(self, state: CarcState) -> tuple[OrientedTile, int, int]:
        """The tile just placed (deploy and dragon phases)."""
        tile_id, x, y, r = state.placements[-1]
        return oriented(tile_id, r), x, y

    def deployer(self, state: CarcState, seat: int, ot: OrientedTile | None = None, x: int = 0, y: int = 0) -> Deployer:
        """The deploy rules for the tile just placed, or (given ``ot``, x, y) for a tile about to
        be placed there."""
        if ot is None:
            ot, x, y = self.placed(state)
            return Deployer(state, seat, Situation(state, ot, x, y, placed=True))
        return Deployer(state, seat, Situation(state, ot, x, y, placed=False))

    def deploy_options(self, state: CarcState, seat: int) -> list[str]:
        """Canonical deploy codes for the tile just placed, ``-`` last when allowed (deploy phase only)."""
        return self.deployer(state, seat).codes() if state.phase == "deploy" else []

    def figures_by_root(self, state: CarcState) -> dict[int, list[Figure]]:
        """Figures on cities, roads and fields, grouped by their feature's root."""
        return figures_by_root(state)

    # -- notation ---------------------------------------------------------------------------------
    def parse(self, state: CarcState, seat: int, text: str) -> Any:
        self._check_turn(state, seat)
        return notation.parse(self, state, seat, text)

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, state: CarcState, seat: int, action: Any) -> list[Event]:
        self._check_turn(state, seat)
        if isinstance(action, DragonStep):
            return self._apply_step(state, seat, action)
        if state.phase == DRAGON_PHASE:
            raise IllegalAction("The dragon is moving: write dragon and a direction, one of {steps}.",
                                steps=steps_text(state))
        if isinstance(action, Place):
            return self._apply_place(state, seat, action)
        if isinstance(action, Deploy):
            return self._apply_deploy(state, seat, action)
        raise IllegalAction("That is not a Carcassonne action; write x,y rK and optionally a deploy code.")

    def _check_turn(self, state: CarcState, seat: int) -> None:
        if state.over:
            raise IllegalAction("The game is over.")
        if state.phase == DRAGON_PHASE and seat != state.mover:
            raise IllegalAction("It is {player}'s step of the dragon.", player=SeatRef(state.mover))
        if state.phase != DRAGON_PHASE and seat != state.current:
            raise IllegalAction("It is {player}'s turn.", player=SeatRef(state.current))

    def _apply_place(self, state: CarcState, seat: int, action: Place) -> list[Event]:
        if state.phase == "deploy":
            _, x, y = self.placed(state)
            raise IllegalAction("Your tile is already placed at {x},{y}; now deploy: {codes} (or - for nothing).",
                                x=x, y=y, codes=codes_text(self.deploy_options(state, seat)))
        assert state.drawn is not None
        if action.rotation not in (0, 1, 2, 3):
            raise IllegalAction("'{given}' is not a rotation; write r0, r1, r2 or r3 (or r90, r180, r270).",
                                given=f"r{action.rotation}")
        ot = oriented(state.drawn, action.rotation)
        check_placement(state, ot, action.x, action.y)
        choice: Choice | None = None
        code = None
        if action.deploy is not None:
            deployer = self.deployer(state, seat, ot, action.x, action.y)
            choice = deployer.parse(action.deploy)
            code = deployer.check(choice)
        # valid: change the state
        events: list[Event] = []
        self._put_tile(state, seat, ot, action.x, action.y, events)
        if choice is None:
            options = self.deploy_options_after_place(state, seat)
            if options != [NOTHING]:
                state.phase = "deploy"
                # what was done; the deploy choices are the status line's and the prompt's
                events.append(Event.public("{player} places {tile} at {x},{y} r{rotation}.",
                                           player=SeatRef(seat), tile=ot.id, x=action.x, y=action.y,
                                           rotation=action.rotation))
                return events
            choice, code = NOTHING_CHOICE, NOTHING
        assert code is not None
        self._apply_choice(state, seat, choice, events)
        return self._after_deploy(state, seat, code, events)

    def deploy_options_after_place(self, state: CarcState, seat: int) -> list[str]:
        return self.deployer(state, seat).codes()

    def log_note(self, state: CarcState, seat: int, action: Any) -> str:
        """The tile a placement put down (its notation names only where): ``D08``."""
        return state.drawn or "" if isinstance(action, Place) else ""

    def reveals(self, state: CarcState, seat: int, action: Any, events: list[Event]) -> bool:
        """Every turn ends by drawing the next player's tile, which shows everyone a random tile.
        The one action that draws nothing is a staged placement (``x,y rK`` without a deploy
        code) that stops at the deploy step: that one may be taken back."""
        if not isinstance(action, Place) or action.deploy is not None or state.phase != "place":
            return True
        after = self.from_json(self.to_json(state))
        try:
            self.apply(after, seat, action)
        except IllegalAction:
            return True
        return after.phase != "deploy" or after.pile != state.pile or after.rng.draws != state.rng.draws

    def skip_action(self, state: CarcState, seat: int) -> Any:
        """Carcassonne has no pass: a tile that fits somewhere must be placed (rules §5), and the
        dragon must take its step. So a skipped turn places the drawn tile without deploying
        anything (``x,y rK -``), at the first legal position in the board's order (top row
        first, then left to right, then the lowest rotation) rather than where a player would
        choose; in the deploy step it deploys nothing (``-``), or where the rules force a choice
        (the princess) the first one offered; in the dragon's movement it takes the first legal
        step in N, E, S, W order."""
        if seat not in self.to_act(state):
            return None
        if state.phase == DRAGON_PHASE:
            steps = legal_steps(state)
            return DragonStep(steps[0]) if steps else None
        if state.phase == "deploy":
            codes = self.deploy_options(state, seat)
            return Deploy(NOTHING if NOTHING in codes else codes[0])
        assert state.drawn is not None
        spots = legal_placements(state.board, state.drawn)
        if not spots:
            return None
        x, y, rotation = spots[0]
        whole = Place(x, y, rotation, NOTHING)
        try:
            self.apply(self.from_json(self.to_json(state)), seat, whole)
        except IllegalAction:       # a choice is forced on this tile (the princess): place it, then choose
            return Place(x, y, rotation)
        return whole

    def _apply_deploy(self, state: CarcState, seat: int, action: Deploy) -> list[Event]:
        if state.phase != "deploy":
            raise IllegalAction("First place your tile {tile}: write x,y rK (for example {example}), "
                                "optionally followed by a deploy code.", tile=state.drawn, example=example_placement(state))
        deployer = self.deployer(state, seat)
        choice = deployer.parse(action.code)
        code = deployer.check(choice)
        events: list[Event] = []
        self._apply_choice(state, seat, choice, events)
        return self._after_deploy(state, seat, code, events)

    def _put_tile(self, state: CarcState, seat: int, ot: OrientedTile, x: int, y: int, events: list[Event]) -> None:
        """Place the tile; a volcano calls the dragon (and the set-aside dragon tiles come back);
        note whether it extends the player's builder's feature (§12.3)."""
        board = state.board
        builder_root = None
        if not state.second:
            mine = [f for f in state.figures if f.kind == BUILDER and f.seat == seat]
            if mine:
                builder_root = board.root_of(mine[0].x, mine[0].y, mine[0].feature, mine[0].segment)
        number = board.place(ot, x, y)
        state.placements.append((ot.id, x, y, ot.rotation))
        state.drawn = None
        if builder_root is not None:
            builder_root = board.find(builder_root)
            if any(root == builder_root for _, root in board.roots_of_tile(number)):
                state.bonus = True
        if "drache" in state.options and ot.tile.volcano:
            first = state.dragon is None
            state.dragon = (x, y)
            events.append(Event.public("The dragon moves onto the volcano at {x},{y}.", x=x, y=y))
            if first and state.setaside:
                count = len(state.setaside)
                state.pile += state.setaside
                state.setaside = []
                state.rng.shuffle(state.pile)
                events.append(Event.public("The first volcano is on the board: the set-aside dragon tiles ({count}) "
                                           "are shuffled back into the pile.", count=count))

    def _apply_choice(self, state: CarcState, seat: int, choice: Choice, events: list[Event]) -> None:
        ot, _, _ = self.placed(state)
        if choice.kind == NONE:
            return
        if choice.kind == FAIRY:
            state.fairy = (choice.x, choice.y)
            events.append(Event.public("{player} moves the fairy to {x},{y}.", player=SeatRef(seat),
                                       x=choice.x, y=choice.y))
            return
        if choice.kind == PRINCESS:
            knights = self.deployer(state, seat).knights
            fig = next(k for k in knights if (k.x, k.y, k.seat, k.kind == LARGE) ==
                       (choice.x, choice.y, choice.seat, choice.large))
            remove_figures(state, [fig])
            events.append(Event.public("The princess sends {owner}'s knight at {x},{y} home.",
                                       owner=SeatRef(fig.seat), x=fig.x, y=fig.y))
            builders_check(state, events)
            return
        fig = figure_for(choice, seat, state, ot)
        state.figures.append(fig)
        state.supply_of(fig.kind)[seat] -= 1

    # -- the dragon -------------------------------------------------------------------------------
    def _after_deploy(self, state: CarcState, seat: int, code: str, events: list[Event]) -> list[Event]:
        state.code = code
        ot, _, _ = self.placed(state)
        if "drache" in state.options and ot.tile.dragon and state.dragon is not None:
            state.phase = DRAGON_PHASE
            state.path = [state.dragon]
            state.steps = []
            state.eaten = []
            if legal_steps(state):
                _, x, y = self.placed(state)
                events.append(Event.public("{player} placed the dragon tile {tile} at {x},{y}: the dragon wakes up at "
                                           "{dx},{dy} and makes up to six steps, {mover} first ({steps}).",
                                           player=SeatRef(seat), tile=ot.id, x=x, y=y, dx=state.dragon[0],
                                           dy=state.dragon[1], mover=SeatRef(state.mover),
                                           steps=steps_text(state)))
                return events
            events.append(Event.public("The dragon cannot move from {x},{y}.", x=state.dragon[0], y=state.dragon[1]))
        return self._complete_turn(state, seat, events)

    def _apply_step(self, state: CarcState, seat: int, action: DragonStep) -> list[Event]:
        if state.phase != DRAGON_PHASE:
            raise IllegalAction("The dragon is not moving now; it moves after a dragon tile is placed.")
        steps = legal_steps(state)
        if action.direction not in steps:
            raise IllegalAction("The dragon cannot go {direction} from {x},{y}; it can go: {steps}.",
                                direction=edge_word(action.direction), x=state.path[-1][0], y=state.path[-1][1],
                                steps=steps_text(state))
        events: list[Event] = []
        x, y = target(state, action.direction)
        state.path.append((x, y))
        state.steps.append("nesw"[action.direction])
        state.dragon = (x, y)
        victims = [f for f in state.figures if (f.x, f.y) == (x, y)]
        events.append(Event.public("{player} moves the dragon {direction} to {x},{y}.", player=SeatRef(seat),
                                   direction=edge_word(action.direction), x=x, y=y))
        if victims:
            remove_figures(state, victims)
            state.eaten += [f"{PREFIX[f.kind]}{LETTERS[f.seat]}({x},{y})" for f in victims]
            for owner in sorted({f.seat for f in victims}):
                n = sum(1 for f in victims if f.seat == owner)
                events.append(Event(counted("The dragon eats {count} figure of {player} at {x},{y}; it goes home.",
                                            "The dragon eats {count} figures of {player} at {x},{y}; they go home.",
                                            count=n, player=SeatRef(owner), x=x, y=y)))
            builders_check(state, events)
        if legal_steps(state):
            return events
        if len(state.steps) < STEPS:
            events.append(Event.public("The dragon cannot move on from {x},{y}.", x=x, y=y))
        return self._complete_turn(state, state.current, events)

    # -- the end of a turn --------------------------------------------------------------------------
    def _complete_turn(self, state: CarcState, seat: int, events: list[Event]) -> list[Event]:
        tile_id, x, y, r = state.placements[-1]
        again = state.bonus and not state.second and bool(state.pile)
        label = f"{state.turn}{'b' if state.second else 'a' if again else ''}"
        code = state.code or NOTHING
        events.append(Event.public("{turn}. {player} ({colour}): {tile} {x},{y} r{rotation} {deploy}",
                                   turn=label, player=SeatRef(seat), colour=LETTERS[seat], tile=tile_id,
                                   x=x, y=y, rotation=r, deploy=code))
        line = f"{label}. {LETTERS[seat]} {tile_id} {x},{y} r{r} {code}"
        if state.phase == DRAGON_PHASE:
            line += " | dragon " + (" ".join(state.steps) or "-")
            if state.eaten:
                line += " | ate " + " ".join(state.eaten)
        state.log.append(line + score_placement(state, seat, x, y, events))
        state.path, state.steps, state.eaten, state.code = [], [], [], ""
        state.phase = "place"
        state.bonus = False
        if again:
            state.second = True
            events.append(Event.public("Builder: {player} plays a second turn.", player=SeatRef(seat)))
        else:
            state.second = False
            state.turn += 1
            state.current = (seat + 1) % state.players
        self._start_turn(state, events)
        return events

    def _start_turn(self, state: CarcState, events: list[Event]) -> None:
        """Fairy point (not in the builder's second turn), then the draw."""
        seat = state.current
        if state.fairy and not state.second and state.pile and any(
                f.seat == seat and f.is_follower and (f.x, f.y) == state.fairy for f in state.figures):
            state.scores[seat] += scoring.FAIRY_TURN
            events.append(Event(counted("Fairy: {player} gets {points} point for a follower beside the fairy.",
                                        "Fairy: {player} gets {points} points for a follower beside the fairy.",
                                        by="points", player=SeatRef(seat), points=scoring.FAIRY_TURN)))
        self._draw(state, events)

    # -- drawing and the end ----------------------------------------------------------------------
    def _draw(self, state: CarcState, events: list[Event]) -> None:
        """Draw for the current player: dragon tiles wait for the first volcano (§14.2), tiles that
        fit nowhere are discarded (§3 step 2)."""
        label = f"{state.turn}{'b' if state.second else ''}"
        while state.pile:
            tile_id = state.pile.pop(0)
            if "drache" in state.options and tile(tile_id).dragon and state.dragon is None:
                state.setaside.append(tile_id)
                state.log.append(f"{label}. {LETTERS[state.current]} setaside {tile_id}")
                events.append(Event.public("{turn}. {player} ({colour}): set aside {tile} — dragon tiles wait until a "
                                           "volcano is on the board.", turn=label, player=SeatRef(state.current),
                                           colour=LETTERS[state.current], tile=tile_id))
                continue
            if fits_somewhere(state.board, tile_id):
                state.drawn = tile_id
                state.phase = "place"
                return
            state.discarded.append(tile_id)
            state.log.append(f"{label}. {LETTERS[state.current]} discard {tile_id}")
            events.append(Event.public("{turn}. {player} ({colour}): discard {tile} — it fits nowhere and is removed "
                                       "from the game.", turn=label, player=SeatRef(state.current),
                                       colour=LETTERS[state.current], tile=tile_id))
        state.drawn = None
        final_scoring(state, events)

    def outcome(self, state: CarcState) -> Outcome | None:
        if not state.over or state.final is None:
            return None
        return Outcome(tuple(state.scores), ranks_from_scores(state.scores), tuple(outcome_details(state)),
                       final_breakdown(state.final))

    # -- JSON -------------------------------------------------------------------------------------------
    def to_json(self, state: CarcState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> CarcState:
        return state_from_json(data)

    # -- views and text ---------------------------------------------------------------------------------
    def view(self, state: CarcState, seat: int | None) -> CarcassonneView:
        placements = ()
        deploy: tuple[str, ...] = ()
        if state.phase == "place" and state.drawn:
            placements = tuple(legal_placements(state.board, state.drawn))
        elif state.phase == "deploy":
            deploy = tuple(self.deploy_options(state, state.current))
        return view_of(state, seat, placements, deploy, tuple(legal_steps(state)))

    def help_lines(self) -> list[Msg]:
        from games.carcassonne.help import LINES
        return list(LINES)

    def status(self, view: CarcassonneView) -> list[Msg]:
        return status_lines(view)

    def turn_prompt(self, view: CarcassonneView) -> list[Msg]:
        return turn_prompt_lines(view)

    # -- helpers for messages --------------------------------------------------------------------------
    # -- computer players -------------------------------------------------------------------------------
    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        if level == "random":
            return RandomPlayer()
        from games.carcassonne.ai import GreedyPlayer
        return GreedyPlayer()

    def computer_levels(self) -> Sequence[str]:
        return ("random", "greedy")


__all__ = ["Carcassonne"]
