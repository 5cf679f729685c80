"""The turn flow (rules §3): whose turn it is, the phases of a turn, drawing tiles and the end.

One turn: the add-ons' start of a turn (the fairy's point); the automatic draw (an add-on may take
a drawn tile aside, tiles that fit nowhere are discarded); ``place`` the tile; ``deploy`` one
choice (:mod:`deploy`); a phase an add-on opens after the deploy (``dragon``: each step by the
player whose step it is, :mod:`dragon`); score what the tile completed (:mod:`awards`); the
builder's second turn; the next player. The game is ``over`` when no tile is left to draw.
"""
from __future__ import annotations

from typing import Any, Sequence

from games.carcassonne.actions import NOTHING, Deploy, Place
from games.carcassonne.addons import active
from games.carcassonne.rules.awards import builders_check, remove_figures, score_placement
from games.carcassonne.rules.board import Board
from games.carcassonne.rules.deploy import (NONE, NOTHING_CHOICE, Choice, codes_text, deploy_codes, deployer_for,
                                            figure_for, placed_tile)
from games.carcassonne.rules.dragon import DRAGON_PHASE, STEPS, DragonStep, legal_steps, steps_text, target
from games.carcassonne.rules.final import final_scoring
from games.carcassonne.rules.geometry import OrientedTile, oriented
from games.carcassonne.rules.placement import (build_pile, check_placement, example_placement, fits_somewhere,
                                               legal_placements, start_tile)
from games.carcassonne.state import FOLLOWERS, GOODS, PREFIX, CarcassonneState, state_from_json, state_to_json
from games.carcassonne.view import LETTERS
from games.carcassonne.words import edge_word
from games.core import Event, IllegalAction, SeatRef, SeededRng, counted

PLACE, DEPLOY, OVER = "place", "deploy", "over"


# -- set-up -------------------------------------------------------------------------------------
def new_state(players: int, options: frozenset[str], seed: int, pile: Sequence[str] | None = None,
              first: int | None = None) -> CarcassonneState:
    """A new game with ``options`` (already checked); ``pile`` (tile ids, first drawn first, the
    start tile not among them) and ``first`` fix the draw order and the starting seat, otherwise
    both come from the seed."""
    rng = SeededRng(seed)
    if first is None:
        first = rng.randint(0, players - 1)
    if pile is None:
        start, tiles = build_pile(options, rng)
    else:
        start, tiles = start_tile(options), list(pile)
    zero = [0] * players
    state = CarcassonneState(players=players, options=options, rng=rng, first=first, current=first, pile=tiles,
                             supply=[FOLLOWERS] * players, large=list(zero), builders=list(zero), pigs=list(zero),
                             scores=list(zero), goods=[[0] * len(GOODS) for _ in range(players)])
    for capability in active(options):
        capability.setup(state)
    state.board = Board()
    state.board.place(oriented(start, 0), 0, 0)
    state.placements.append((start, 0, 0, 0))
    draw(state, [])
    return state


def copy_of(state: CarcassonneState) -> CarcassonneState:
    return state_from_json(state_to_json(state))


# -- whose turn, what is legal --------------------------------------------------------------------
def to_act(state: CarcassonneState) -> frozenset[int]:
    if state.over:
        return frozenset()
    return frozenset({state.mover if state.phase == DRAGON_PHASE else state.current})


def legal_actions(state: CarcassonneState, seat: int) -> list[Any]:
    if seat not in to_act(state):
        return []
    if state.phase == PLACE:
        assert state.drawn is not None
        return [Place(x, y, r) for x, y, r in legal_placements(state.board, state.drawn)]
    if state.phase == DRAGON_PHASE:
        return [DragonStep(d) for d in legal_steps(state)]
    return [Deploy(code) for code in deploy_codes(state, seat)]


def check_turn(state: CarcassonneState, seat: int) -> None:
    if state.over:
        raise IllegalAction("The game is over.")
    if state.phase == DRAGON_PHASE and seat != state.mover:
        raise IllegalAction("It is {player}'s step of the dragon.", player=SeatRef(state.mover))
    if state.phase != DRAGON_PHASE and seat != state.current:
        raise IllegalAction("It is {player}'s turn.", player=SeatRef(state.current))


def skip_action(state: CarcassonneState, seat: int) -> Any:
    """What a skipped turn does (see ``Carcassonne.skip_action``)."""
    if seat not in to_act(state):
        return None
    if state.phase == DRAGON_PHASE:
        steps = legal_steps(state)
        return DragonStep(steps[0]) if steps else None
    if state.phase == DEPLOY:
        codes = deploy_codes(state, seat)
        return Deploy(NOTHING if NOTHING in codes else codes[0])
    assert state.drawn is not None
    spots = legal_placements(state.board, state.drawn)
    if not spots:
        return None
    x, y, rotation = spots[0]
    whole = Place(x, y, rotation, NOTHING)
    try:
        apply(copy_of(state), seat, whole)
    except IllegalAction:       # a choice is forced on this tile (the princess): place it, then choose
        return Place(x, y, rotation)
    return whole


def reveals(state: CarcassonneState, seat: int, action: Any) -> bool:
    """Whether ``action`` shows anything new (see ``Carcassonne.reveals``)."""
    if not isinstance(action, Place) or action.deploy is not None or state.phase != PLACE:
        return True
    after = copy_of(state)
    try:
        apply(after, seat, action)
    except IllegalAction:
        return True
    return after.phase != DEPLOY or after.pile != state.pile or after.rng.draws != state.rng.draws


# -- applying -------------------------------------------------------------------------------------
def apply(state: CarcassonneState, seat: int, action: Any) -> list[Event]:
    check_turn(state, seat)
    if isinstance(action, DragonStep):
        return apply_step(state, seat, action)
    if state.phase == DRAGON_PHASE:
        raise IllegalAction("The dragon is moving: write dragon and a direction, one of {steps}.",
                            steps=steps_text(state))
    if isinstance(action, Place):
        return apply_place(state, seat, action)
    if isinstance(action, Deploy):
        return apply_deploy(state, seat, action)
    raise IllegalAction("That is not a Carcassonne action; write x,y rK and optionally a deploy code.")


def apply_place(state: CarcassonneState, seat: int, action: Place) -> list[Event]:
    if state.phase == DEPLOY:
        _, x, y = placed_tile(state)
        raise IllegalAction("Your tile is already placed at {x},{y}; now deploy: {codes} (or - for nothing).",
                            x=x, y=y, codes=codes_text(deploy_codes(state, seat)))
    assert state.drawn is not None
    if action.rotation not in (0, 1, 2, 3):
        raise IllegalAction("'{given}' is not a rotation; write r0, r1, r2 or r3 (or r90, r180, r270).",
                            given=f"r{action.rotation}")
    ot = oriented(state.drawn, action.rotation)
    check_placement(state, ot, action.x, action.y)
    choice: Choice | None = None
    code = None
    if action.deploy is not None:
        deployer = deployer_for(state, seat, ot, action.x, action.y)
        choice = deployer.parse(action.deploy)
        code = deployer.check(choice)
    # valid: change the state
    events: list[Event] = []
    put_tile(state, seat, ot, action.x, action.y, events)
    if choice is None:
        options = deployer_for(state, seat).codes()
        if options != [NOTHING]:
            state.phase = DEPLOY
            # what was done; the deploy choices are the status line's and the prompt's
            events.append(Event.public("{player} places {tile} at {x},{y} r{rotation}.",
                                       player=SeatRef(seat), tile=ot.id, x=action.x, y=action.y,
                                       rotation=action.rotation))
            return events
        choice, code = NOTHING_CHOICE, NOTHING
    assert code is not None
    apply_choice(state, seat, choice, events)
    return after_deploy(state, seat, code, events)


def apply_deploy(state: CarcassonneState, seat: int, action: Deploy) -> list[Event]:
    if state.phase != DEPLOY:
        raise IllegalAction("First place your tile {tile}: write x,y rK (for example {example}), "
                            "optionally followed by a deploy code.", tile=state.drawn, example=example_placement(state))
    deployer = deployer_for(state, seat)
    choice = deployer.parse(action.code)
    code = deployer.check(choice)
    events: list[Event] = []
    apply_choice(state, seat, choice, events)
    return after_deploy(state, seat, code, events)


def put_tile(state: CarcassonneState, seat: int, ot: OrientedTile, x: int, y: int, events: list[Event]) -> None:
    """Place the tile; then what the add-ons do with a placed tile (the builder's second turn,
    the volcano's dragon)."""
    number = state.board.place(ot, x, y)
    state.placements.append((ot.id, x, y, ot.rotation))
    state.drawn = None
    for capability in active(state.options):
        capability.tile_placed(state, seat, ot, x, y, number, events)


def apply_choice(state: CarcassonneState, seat: int, choice: Choice, events: list[Event]) -> None:
    """Carry out a checked deploy choice: a figure on the board, or an add-on's own choice."""
    if choice.kind == NONE:
        return
    if any(c.apply_choice(state, seat, choice, events) for c in active(state.options)):
        return
    ot, _, _ = placed_tile(state)
    fig = figure_for(choice, seat, state, ot)
    state.figures.append(fig)
    state.supply_of(fig.kind)[seat] -= 1


def after_deploy(state: CarcassonneState, seat: int, code: str, events: list[Event]) -> list[Event]:
    """The deploy is done: a phase an add-on opens now (the dragon's), or the end of the turn."""
    state.code = code
    if any(c.after_deploy(state, seat, events) for c in active(state.options)):
        return events
    return complete_turn(state, seat, events)


# -- the dragon's phase ---------------------------------------------------------------------------
def apply_step(state: CarcassonneState, seat: int, action: DragonStep) -> list[Event]:
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
    return complete_turn(state, state.current, events)


# -- the end of a turn ----------------------------------------------------------------------------
def complete_turn(state: CarcassonneState, seat: int, events: list[Event]) -> list[Event]:
    """Log the turn, score what the tile completed, then the builder's second turn or the next player."""
    capabilities = active(state.options)
    tile_id, x, y, r = state.placements[-1]
    again = state.bonus and not state.second and bool(state.pile)
    label = f"{state.turn}{'b' if state.second else 'a' if again else ''}"
    code = state.code or NOTHING
    events.append(Event.public("{turn}. {player} ({colour}): {tile} {x},{y} r{rotation} {deploy}",
                               turn=label, player=SeatRef(seat), colour=LETTERS[seat], tile=tile_id,
                               x=x, y=y, rotation=r, deploy=code))
    line = f"{label}. {LETTERS[seat]} {tile_id} {x},{y} r{r} {code}"
    line += "".join(c.turn_log(state) for c in capabilities)
    state.log.append(line + score_placement(state, seat, x, y, events))
    state.path, state.steps, state.eaten, state.code = [], [], [], ""
    state.phase = PLACE
    state.bonus = False
    if again:
        state.second = True
        events.append(Event.public("Builder: {player} plays a second turn.", player=SeatRef(seat)))
    else:
        state.second = False
        state.turn += 1
        state.current = (seat + 1) % state.players
    start_turn(state, events)
    return events


def start_turn(state: CarcassonneState, events: list[Event]) -> None:
    """The add-ons' start of a turn (the fairy's point), then the draw."""
    for capability in active(state.options):
        capability.start_turn(state, events)
    draw(state, events)


# -- drawing and the end --------------------------------------------------------------------------
def draw(state: CarcassonneState, events: list[Event]) -> None:
    """Draw for the current player: an add-on may take a drawn tile aside (§14.2), tiles that fit
    nowhere are discarded (§3 step 2); with no tile left the game ends."""
    capabilities = active(state.options)
    label = f"{state.turn}{'b' if state.second else ''}"
    while state.pile:
        tile_id = state.pile.pop(0)
        if any(c.takes_drawn(state, tile_id, label, events) for c in capabilities):
            continue
        if fits_somewhere(state.board, tile_id):
            state.drawn = tile_id
            state.phase = PLACE
            return
        state.discarded.append(tile_id)
        state.log.append(f"{label}. {LETTERS[state.current]} discard {tile_id}")
        events.append(Event.public("{turn}. {player} ({colour}): discard {tile} — it fits nowhere and is removed "
                                   "from the game.", turn=label, player=SeatRef(state.current),
                                   colour=LETTERS[state.current], tile=tile_id))
    state.drawn = None
    final_scoring(state, events)


__all__ = ["new_state", "copy_of", "to_act", "legal_actions", "check_turn", "skip_action", "reveals", "apply",
           "apply_place", "apply_deploy", "put_tile", "apply_choice", "after_deploy", "apply_step", "complete_turn",
           "start_turn", "draw", "PLACE", "DEPLOY", "OVER"]
