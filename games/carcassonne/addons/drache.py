"""The Princess & the Dragon (rules §14): 30 tiles; dragon tiles wait until the first volcano is on
the board (§14.2), a volcano calls the dragon and a dragon tile makes it move (the moves
themselves are :mod:`games.carcassonne.rules.dragon`'s phase); a princess sends a knight of her
city home (§14.3); the fairy protects from the dragon and brings points (§14.4); a magic portal
deploys a follower on another tile (§14.5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.carcassonne.addons.base import PORTAL, Capability
from games.carcassonne.components import tile
from games.carcassonne.rules import scoring
from games.carcassonne.rules.awards import builders_check, letters, remove_figures
from games.carcassonne.rules.deploy import FAIRY, MONASTERY_LOCAL, PRINCESS, Choice, Deployer, Situation, deployer_for
from games.carcassonne.rules.dragon import DRAGON_PHASE, STEPS, DragonStep, legal_steps, steps_text
from games.carcassonne.rules.geometry import CITY, OrientedTile, deploy_code, oriented
from games.carcassonne.state import LARGE, CarcassonneState, Figure
from games.carcassonne.view import LETTERS, ViewPart
from games.core import Event, Msg, OptionSpec, SeatRef, counted

if TYPE_CHECKING:
    from games.carcassonne.view import CarcassonneView


@dataclass(frozen=True)
class DragonPart(ViewPart):
    """The view's part of the Princess & the Dragon: the dragon's path this turn (where it woke up
    first), the directions it may step in now (rules.dragon's 0-3: n, e, s, w; empty outside its
    phase) and the dragon tiles set aside until the first volcano."""

    path: tuple[tuple[int, int], ...]
    steps: tuple[int, ...]
    setaside: tuple[str, ...]


def princess_knights(sit: Situation) -> list[Figure]:
    """Knights in the city of the new tile's princess (§14.3); the princess must send one home."""
    for local, seg in enumerate(sit.ot.segments):
        if seg.kind == CITY and seg.princess:
            return sorted(sit.segment(local).followers(), key=lambda f: (f.y, f.x, f.seat, f.kind))
    return []


def portal_codes(deployer: Deployer) -> list[str]:
    """§14.5: a follower (or the large follower) on any unoccupied, unfinished feature of another
    tile but the dragon's."""
    sit, state, seat = deployer.sit, deployer.state, deployer.seat
    plain: list[str] = []
    for tile_id, x, y, r in sorted(state.placements, key=lambda p: (p[2], p[1])):
        if (x, y) == (sit.x, sit.y) or (x, y) == state.dragon:
            continue
        ot = oriented(tile_id, r)
        locals_ = ([MONASTERY_LOCAL] if ot.monastery else []) + list(range(len(ot.segments)))
        plain += [f"{deploy_code(ot, local)}@{x},{y}" for local in locals_ if _portal_target_free(sit, x, y, local)]
    codes = plain if state.supply[seat] > 0 else []
    if state.large[seat] > 0:
        codes = codes + ["L" + code for code in plain]
    return codes


def _portal_target_free(sit: Situation, x: int, y: int, local: int) -> bool:
    if local == MONASTERY_LOCAL:
        return not sit.monks(x, y) and not sit.monastery_complete(x, y)
    info = sit.other(x, y, local)
    return not info.complete and not info.followers()


def _where(kind: str, view: CarcassonneView) -> str:
    found = [f for f in view.figures if f.kind == kind and f.seat is None]
    return f"{found[0].x},{found[0].y}" if found else "-"


def _steps(steps: tuple[int, ...]) -> str:
    return " ".join(str(DragonStep(d)) for d in steps) or "-"


class Drache(Capability):
    option = OptionSpec("drache", "The Princess & the Dragon: 30 tiles, dragon, fairy, princesses, magic portals.")
    tile_set = "drache"
    pieces = ("dragon", "fairy")
    deploy_kinds = (FAIRY, PRINCESS, PORTAL)
    final_parts = ("fairy",)

    # -- the turn --------------------------------------------------------------------------------
    def takes_drawn(self, state: CarcassonneState, tile_id: str, label: str, events: list[Event]) -> bool:
        """§14.2: dragon tiles drawn before the first volcano are set aside."""
        if not tile(tile_id).dragon or state.dragon is not None:
            return False
        state.setaside.append(tile_id)
        state.log.append(f"{label}. {LETTERS[state.current]} setaside {tile_id}")
        events.append(Event.public("{turn}. {player} ({colour}): set aside {tile} — dragon tiles wait until a "
                                   "volcano is on the board.", turn=label, player=SeatRef(state.current),
                                   colour=LETTERS[state.current], tile=tile_id))
        return True

    def start_turn(self, state: CarcassonneState, events: list[Event]) -> None:
        """§14.4: a point for a follower beside the fairy (not in the builder's second turn)."""
        seat = state.current
        if state.fairy and not state.second and state.pile and any(
                f.seat == seat and f.is_follower and (f.x, f.y) == state.fairy for f in state.figures):
            state.scores[seat] += scoring.FAIRY_TURN
            events.append(Event(counted("Fairy: {player} gets {points} point for a follower beside the fairy.",
                                        "Fairy: {player} gets {points} points for a follower beside the fairy.",
                                        by="points", player=SeatRef(seat), points=scoring.FAIRY_TURN)))

    def tile_placed(self, state: CarcassonneState, seat: int, ot: OrientedTile, x: int, y: int, number: int,
                    events: list[Event]) -> None:
        """A volcano calls the dragon; the first one brings the set-aside dragon tiles back."""
        if not ot.tile.volcano:
            return
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

    def after_deploy(self, state: CarcassonneState, seat: int, events: list[Event]) -> bool:
        """After a dragon tile the dragon wakes up and moves (phase ``dragon``), if it can."""
        tile_id, x, y, r = state.placements[-1]
        if not tile(tile_id).dragon or state.dragon is None:
            return False
        state.phase = DRAGON_PHASE
        state.path = [state.dragon]
        state.steps = []
        state.eaten = []
        if legal_steps(state):
            events.append(Event.public("{player} placed the dragon tile {tile} at {x},{y}: the dragon wakes up at "
                                       "{dx},{dy} and makes up to six steps, {mover} first ({steps}).",
                                       player=SeatRef(seat), tile=tile_id, x=x, y=y, dx=state.dragon[0],
                                       dy=state.dragon[1], mover=SeatRef(state.mover), steps=steps_text(state)))
            return True
        events.append(Event.public("The dragon cannot move from {x},{y}.", x=state.dragon[0], y=state.dragon[1]))
        return False

    def turn_log(self, state: CarcassonneState) -> str:
        if state.phase != DRAGON_PHASE:
            return ""
        line = " | dragon " + (" ".join(state.steps) or "-")
        if state.eaten:
            line += " | ate " + " ".join(state.eaten)
        return line

    # -- deploying ---------------------------------------------------------------------------------
    def forced_knights(self, sit: Situation) -> list[Figure]:
        return princess_knights(sit)

    def deploy_elsewhere(self, deployer: Deployer) -> list[str]:
        state, seat = deployer.state, deployer.seat
        codes: list[str] = []
        if deployer.sit.ot.tile.portal and (state.supply[seat] > 0 or state.large[seat] > 0):
            codes += portal_codes(deployer)
        return codes + [f"~{x},{y}" for x, y in deployer.fairy_tiles()]

    def apply_choice(self, state: CarcassonneState, seat: int, choice: Choice, events: list[Event]) -> bool:
        if choice.kind == FAIRY:
            state.fairy = (choice.x, choice.y)
            events.append(Event.public("{player} moves the fairy to {x},{y}.", player=SeatRef(seat),
                                       x=choice.x, y=choice.y))
            return True
        if choice.kind == PRINCESS:
            knights = deployer_for(state, seat).knights
            fig = next(k for k in knights if (k.x, k.y, k.seat, k.kind == LARGE) ==
                       (choice.x, choice.y, choice.seat, choice.large))
            remove_figures(state, [fig])
            events.append(Event.public("The princess sends {owner}'s knight at {x},{y} home.",
                                       owner=SeatRef(fig.seat), x=fig.x, y=fig.y))
            builders_check(state, events)
            return True
        return False

    # -- scoring -----------------------------------------------------------------------------------
    def followers_scored(self, state: CarcassonneState, figs: list[Figure], events: list[Event],
                         final: dict[str, list[int]] | None) -> list[str]:
        """§14.4: 3 points to each owner of a follower of a scored feature on the fairy's tile."""
        if state.fairy is None:
            return []
        seats = sorted({f.seat for f in figs if f.is_follower and (f.x, f.y) == state.fairy})
        for seat in seats:
            state.scores[seat] += scoring.FAIRY_FEATURE
            if final is not None:
                final["fairy"][seat] += scoring.FAIRY_FEATURE
            events.append(Event.public("Fairy: {player} gets {points} extra points for a follower on the fairy's tile.",
                                       player=SeatRef(seat), points=scoring.FAIRY_FEATURE))
        return [f"fairy {scoring.FAIRY_FEATURE} -> {letters(seats)}"] if seats else []

    # -- what players see --------------------------------------------------------------------------
    def view_part(self, state: CarcassonneState) -> DragonPart:
        return DragonPart(tuple(state.path), tuple(legal_steps(state)), tuple(state.setaside))

    def status_lines(self, view: CarcassonneView) -> list[Msg]:
        lines = [Msg("Dragon: {dragon}   Fairy: {fairy}", {"dragon": _where("dragon", view),
                                                          "fairy": _where("fairy", view)})]
        part = view.part(DragonPart)
        if part is not None and part.setaside:
            lines.append(Msg("Set aside until the first volcano: {tiles}", {"tiles": " ".join(part.setaside)}))
        return lines

    def phase_lines(self, view: CarcassonneView) -> list[Msg]:
        """Who placed the dragon tile, who moves the dragon now, from where and where to."""
        acting = view.to_act[0] if view.to_act else None
        if view.phase != DRAGON_PHASE or acting is None:
            return []
        part = view.part(DragonPart)
        path, steps = (part.path, part.steps) if part is not None else ((), ())
        at = path[-1] if path else (0, 0)
        owner = view.turn_player if view.turn_player is not None else acting
        return [Msg("{owner} placed a dragon tile: {player} moves the dragon (step {step} of {steps}) from "
                    "{x},{y}: {options}",
                    {"owner": SeatRef(owner), "player": SeatRef(acting), "step": len(path), "steps": STEPS,
                     "x": at[0], "y": at[1], "options": _steps(steps)})]

    def prompt_lines(self, view: CarcassonneView) -> list[Msg]:
        if view.phase != DRAGON_PHASE:
            return []
        part = view.part(DragonPart)
        steps = part.steps if part is not None else ()
        example = str(DragonStep(steps[0])) if steps else "dragon n"
        return [Msg("Move the dragon one step: {options} (for example /play {example}).",
                    {"options": _steps(steps), "example": example})]


__all__ = ["Drache", "DragonPart", "princess_knights", "portal_codes"]
