"""Text built from views (rules §16): the status lines, the prompt for the player to act, and the
final breakdown."""
from __future__ import annotations

from games.carcassonne.addons import active
from games.carcassonne.rules.deploy import codes_text
from games.carcassonne.rules.final import PARTS
from games.carcassonne.rules.geometry import oriented
from games.carcassonne.state import CarcassonneState
from games.carcassonne.words import cities_msg, placements_summary, points_msg, seats_msg
from games.carcassonne.view import CarcassonneView, PlayerView
from games.core import N_, Msg, SeatRef, counted

def _player_line(view: CarcassonneView, p: PlayerView, total: int) -> Msg:
    params = {"player": SeatRef(p.seat), "letter": p.letter, "score": p.score, "followers": p.followers,
              "total": total}
    current = p.seat in view.to_act
    pieces = [piece for c in active(view.options) for piece in c.supply_text(p)]
    if not pieces:
        if current:
            return Msg("*{player}* ({letter})  {score}  followers {followers}/{total}", params)
        return Msg("{player} ({letter})  {score}  followers {followers}/{total}", params)
    params["pieces"] = " ".join(pieces)
    if p.goods:
        params.update(dict(p.goods))
        if current:
            return Msg("*{player}* ({letter})  {score}  followers {followers}/{total}  {pieces}  "
                       "wine {wine} grain {grain} cloth {cloth}", params)
        return Msg("{player} ({letter})  {score}  followers {followers}/{total}  {pieces}  "
                   "wine {wine} grain {grain} cloth {cloth}", params)
    if current:
        return Msg("*{player}* ({letter})  {score}  followers {followers}/{total}  {pieces}", params)
    return Msg("{player} ({letter})  {score}  followers {followers}/{total}  {pieces}", params)


def status_lines(view: CarcassonneView) -> list[Msg]:
    lines = [Msg("Carcassonne — turn {turn} — tiles left: {left} (incl. drawn)",
                 {"turn": view.turn, "left": view.tiles_left})]
    lines += [_player_line(view, p, view.followers_total) for p in view.players]
    for capability in active(view.options):
        lines += capability.status_lines(view)
    acting = view.to_act[0] if view.to_act else None
    if view.phase == "place" and view.drawn and acting is not None:
        # where it fits is the prompt's (and the picture's grey squares): not said twice
        lines.append(Msg("Drawn for {player}: {tile} [{edges}].",
                         {"player": SeatRef(acting), "tile": view.drawn, "edges": edges_text(view.drawn)}))
    elif view.phase == "deploy" and acting is not None and view.last_placed:
        tile = view.tiles[-1]
        # the deploy codes are the prompt's (and the picture's): not said twice
        lines.append(Msg("{player} placed {tile} at {x},{y} r{rotation} and is choosing where to deploy.",
                         {"player": SeatRef(acting), "tile": tile.tile, "x": tile.x, "y": tile.y,
                          "rotation": tile.rotation}))
    elif view.phase == "over":
        lines.append(Msg("Game over."))
    else:
        for capability in active(view.options):
            lines += capability.phase_lines(view)
    if view.discarded:
        lines.append(Msg("Discarded: {tiles}", {"tiles": " ".join(view.discarded)}))
    return lines


def turn_prompt_lines(view: CarcassonneView) -> list[Msg]:
    if view.phase == "place" and view.drawn and view.legal_placements:
        x, y, r = view.legal_placements[0]
        return [Msg("Your tile is {tile} [{edges}]. Place it with x,y rK and optionally a deploy code, "
                    "for example {example}. It fits at: {legal}",
                    {"tile": view.drawn, "edges": edges_text(view.drawn), "example": f"{x},{y} r{r}",
                     "legal": placements_summary(view.legal_placements, limit=20)})]
    if view.phase == "deploy":
        options = view.deploy_options
        if options and all(c.startswith("!") for c in options):
            return [Msg("The princess must send a knight of her city home: {codes}.", {"codes": codes_text(options)})]
        here = [c for c in options if "@" not in c and not c.startswith("~")]
        portal = [c for c in options if "@" in c]
        fairy = [c for c in options if c.startswith("~")]
        if here == ["-"]:
            lines = [Msg("Nothing can be deployed on this tile: write - to go on.")]
        else:
            lines = [Msg("Deploy a follower on the tile you placed: {codes} (- deploys nothing).",
                         {"codes": codes_text(here)})]
        if portal:
            lines.append(Msg("Magic portal: or deploy on another tile with code@x,y ({choices}), for example "
                             "{example}.", {"choices": counted("{count} choice", "{count} choices", count=len(portal)),
                                            "example": portal[0]}))
        if fairy:
            lines.append(Msg("Or move the fairy instead: {codes}.", {"codes": " ".join(fairy)}))
        return lines
    return [line for capability in active(view.options) for line in capability.prompt_lines(view)]


#: how the result line names the points of each add-on's end-game category
BONUS_PARTS = {"goods": N_("{points} for goods"), "king": N_("{points} for the King"),
               "robber": N_("{points} for the Robber Baron"), "fairy": N_("{points} for the fairy")}


def bonuses_msg(parts: list[tuple[str, int]]) -> Msg:
    """'3 for goods + 2 for the King': the add-ons' categories (one at least), in order."""
    joined = Msg(BONUS_PARTS[parts[-1][0]], {"points": parts[-1][1]})
    for part, points in reversed(parts[:-1]):
        joined = Msg("{first} + {rest}", {"first": Msg(BONUS_PARTS[part], {"points": points}), "rest": joined})
    return joined


def outcome_details(state: CarcassonneState) -> list[Msg]:
    final = state.final
    assert final is not None
    bonus = [part for c in active(state.options) for part in c.final_parts]     # only the add-ons that are on
    details = []
    for s in sorted(range(state.players), key=lambda s: (-state.scores[s], s)):      # by rank
        params = {"player": SeatRef(s), "total": points_msg(state.scores[s]), "farm_cities": cities_msg(final["farm_cities"][s]),
                  **{k: final[k][s] for k in PARTS}}
        if bonus:
            params["bonuses"] = bonuses_msg([(part, final[part][s]) for part in sorted(bonus, key=PARTS.index)])
            details.append(Msg("{player}: {total} = {play} during play + {city} for incomplete cities + {road} "
                               "for incomplete roads + {monastery} for incomplete monasteries + {farm} for farms "
                               "({farm_cities}) + {bonuses}.", params))
        else:
            details.append(Msg("{player}: {total} = {play} during play + {city} for incomplete cities + {road} "
                               "for incomplete roads + {monastery} for incomplete monasteries + {farm} for farms "
                               "({farm_cities}).", params))
    best = max(state.scores)
    details.append(Msg("Winner: {winners} with {points}.",
                       {"winners": seats_msg([s for s in range(state.players) if state.scores[s] == best]),
                        "points": points_msg(best)}))
    return details


def edges_text(tile_id: str) -> str:
    """Edge letters N E S W of the tile as drawn (r0), e.g. 'C R R F'."""
    return " ".join(oriented(tile_id, 0).edges)


__all__ = ["status_lines", "turn_prompt_lines", "outcome_details", "edges_text"]
