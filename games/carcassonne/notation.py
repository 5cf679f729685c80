"""Reading Carcassonne's notation (rules §15) into actions: ``x,y rK [code]`` places the drawn
tile (the rotation may be left out when only one fits), a deploy code follows a placed tile, and
``dragon <n|e|s|w>`` moves the dragon. A deploy code is read on the board as it will be, so a
placement written with one is checked before the code is read."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.carcassonne.actions import (NOTHING, NOTHING_WORDS, POSITION, SEGMENT_CODE, WORDS, Deploy, Place, is_addon_code,
                                       normalise, rotation_of)
from games.carcassonne.rules.deploy import codes_text, compact
from games.carcassonne.rules.dragon import DRAGON_PHASE, DragonStep, mentions_dragon, read_step, steps_text
from games.carcassonne.rules.geometry import oriented
from games.carcassonne.rules.placement import check_placement, example_placement, legal_rotations, no_fit
from games.carcassonne.state import CarcassonneState
from games.core import IllegalAction

if TYPE_CHECKING:
    from games.carcassonne.game import Carcassonne


def parse(game: Carcassonne, state: CarcassonneState, seat: int, text: str) -> Any:
    """The action ``text`` means for ``seat`` now (whose turn it is was checked already)."""
    t = normalise(text)
    if state.phase == DRAGON_PHASE:
        direction = read_step(t)
        if direction is None:
            raise IllegalAction("The dragon is moving: write dragon and a direction, one of {steps}.",
                                steps=steps_text(state))
        return DragonStep(direction)
    if mentions_dragon(t):
        raise IllegalAction("The dragon is not moving now; it moves after a dragon tile is placed.")
    match = POSITION.fullmatch(t)
    if state.phase == "deploy":
        if match:
            _, x, y = game.placed(state)
            raise IllegalAction("Your tile is already placed at {x},{y}; now deploy: {codes} (or - for nothing).",
                                x=x, y=y, codes=codes_text(game.deploy_options(state, seat)))
        deployer = game.deployer(state, seat)
        return Deploy(deployer.code(deployer.parse(t)))
    assert state.drawn is not None
    if not match:
        if t in NOTHING_WORDS or t in WORDS or SEGMENT_CODE.fullmatch(t) or is_addon_code(compact(t)):
            raise IllegalAction("First place your tile {tile}: write x,y rK (for example {example}), "
                                "optionally followed by a deploy code.", tile=state.drawn, example=example_placement(state))
        raise IllegalAction("I can't read '{given}'. Write x,y rK and optionally a deploy code, for example {example}.",
                            given=text.strip()[:40], example=example_placement(state))
    x, y = int(match.group(1)), int(match.group(2))
    rest = compact(match.group(3) or "").split()
    rotation: int | None = None
    if rest:
        rot = rotation_of(rest[0])
        if rot == -1:
            raise IllegalAction("'{given}' is not a rotation; write r0, r1, r2 or r3 (or r90, r180, r270).",
                                given=rest[0][:10])
        if rot is not None:
            rotation = rot
            rest = rest[1:]
    if len(rest) > 1:
        raise IllegalAction("I can't read '{given}'. Write x,y rK and optionally a deploy code, for example {example}.",
                            given=text.strip()[:40], example=example_placement(state))
    if rotation is None:
        rotations = legal_rotations(state.board, state.drawn, x, y)
        if len(rotations) == 0:
            raise no_fit(state, x, y)
        if len(rotations) > 1:
            raise IllegalAction("{x},{y}: {tile} fits in several rotations ({rotations}); add one, for example {example}.",
                                x=x, y=y, tile=state.drawn, rotations=", ".join(f"r{r}" for r in rotations),
                                example=f"{x},{y} r{rotations[0]}")
        rotation = rotations[0]
    deploy = None
    if rest and rest[0] in NOTHING_WORDS:
        deploy = NOTHING
    elif rest:
        # the deploy code is read on the board as it will be, so the placement must be legal
        ot = oriented(state.drawn, rotation)
        check_placement(state, ot, x, y)
        deployer = game.deployer(state, seat, ot, x, y)
        deploy = deployer.code(deployer.parse(rest[0]))
    return Place(x, y, rotation, deploy)
