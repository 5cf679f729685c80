"""Status lines and prompts built from a view only (section 11.3)."""
from __future__ import annotations

from games.core import Msg, SeatRef, counted
from games.stone_age.actions import loc_text
from games.stone_age.components import GATHER, VALUE, card
from games.stone_age.words import bottom_msg, good_msg, goods_msg, loc_msg, top_msg
from games.stone_age.view import StoneAgePlayerView, StoneAgeView


def progress(view: StoneAgeView) -> Msg:
    stacks = "/".join(str(n) for _, n in view.stacks)
    return Msg("Round {round} · Buildings {stacks} · Civ deck {deck} · First player: {player}",
               {"round": view.round, "stacks": stacks, "deck": view.deck_count, "player": SeatRef(view.first)})


def status(view: StoneAgeView) -> list[Msg]:
    lines = [progress(view)]
    lines += phase_lines(view)
    if view.phase != "over":
        lines += [player_line(p) for p in view.players]
    return lines


def player_line(p: StoneAgePlayerView) -> Msg:
    tools = ",".join(("(" + str(v) + ")") if used else str(v) for v, used in p.tools) or "-"
    if p.one_use:
        tools += " " + " ".join(f"u{v}" for v in p.one_use)
    return Msg("{player}: {score} · people {home}/{people} · food {food} · agriculture {agriculture} · "
               "resources {res} · tools {tools} · buildings {buildings} · cards {cards}",
               {"player": SeatRef(p.seat), "score": counted("{count} point", "{count} points", count=p.score), "home": p.home, "people": p.people, "food": p.food,
                "agriculture": p.agriculture, "res": goods_msg(p.res), "tools": tools,
                "buildings": len(p.buildings), "cards": p.card_count})


def phase_lines(view: StoneAgeView) -> list[Msg]:
    if view.phase == "over":
        return final_lines(view)
    if view.phase == "place":
        p = view.players[view.turn]
        line = Msg("Round {round} — placement — {player} to place ({left}).",
                   {"round": view.round, "player": SeatRef(view.turn),
                    "left": counted("{count} person left", "{count} people left", count=p.home)})
        if view.closed:
            return [line, Msg("Closed this round: {closed}.", {"closed": tuple(loc_msg(loc) for loc in view.closed)})]
        return [line]
    if view.phase == "feed":
        return [Msg("{player} is {short} food short: 'feed pay …' ({resources}) or 'feed starve' (−10).",
                    {"player": SeatRef(p.seat), "short": p.hunger,
                     "resources": counted("{count} resource", "{count} resources", count=p.hunger)})
                for p in view.players if p.hunger]
    lines = []
    if view.roll is not None:
        lines.append(roll_line(view))
    elif view.dice_for_all is not None and view.dice_for_all.picker is not None:
        lines.append(pick_line(view))
    else:
        actor = view.players[view.turn]
        left = tuple(Msg("{place} ({id}, {n})", {"place": loc_msg(loc), "id": loc_text(loc), "n": n}) if loc in GATHER
                     else loc_msg(loc) if loc.startswith(("card", "building"))      # "card 2" is its id already
                     else Msg("{place} ({id})", {"place": loc_msg(loc), "id": loc_text(loc)}) for loc, n in actor.where)
        lines.append(Msg("Round {round} — actions — {player}: {left} left to resolve.",
                         {"round": view.round, "player": SeatRef(view.turn), "left": left or "-"}))
    return lines


def roll_line(view: StoneAgeView) -> Msg:
    roll = view.roll
    assert roll is not None
    p = view.players[roll.seat]
    div = VALUE[roll.resource]
    total = roll.total
    unused = [str(v) for v, used in p.tools if not used] + [f"u{v}" for v in p.one_use]
    where = loc_msg(roll.source) if roll.source in GATHER else Msg("card {card}", {"card": roll.source})
    need = (total // div + 1) * div
    return Msg("Roll at the {where}: {dice} = {total} → {gain} {good}. Unused tools: {unused}. "
               "Total {need} gives {more} {good}. Reply 'tools …' or 'ok'.",
               {"where": where, "dice": " ".join(map(str, roll.dice)), "total": total, "gain": total // div,
                "good": good_msg(roll.resource), "unused": ", ".join(unused) or "-", "need": need,
                "more": total // div + 1})


def pick_line(view: StoneAgeView) -> Msg:
    dfa = view.dice_for_all
    assert dfa is not None and dfa.picker is not None
    faces = ", ".join(str(f) for f in sorted(dfa.left))
    return Msg("{player}, pick a die: {faces} (1-4: wood/brick/stone/gold, 5: tool, 6: agriculture).",
               {"player": SeatRef(dfa.picker), "faces": faces})


def final_lines(view: StoneAgeView) -> list[Msg]:
    reason = (Msg("Game over: a building stack is empty.") if view.end_reason == "stack"
              else Msg("Game over: the civilization-card display cannot be refilled."))
    lines = [reason]
    for row in sorted(view.final or (), key=lambda r: r.rank):
        lines.append(Msg("{rank}. {player}: {total} = track {track} + culture {culture} + farmers {farmers} + "
                         "tool makers {tool_makers} + hut builders {hut_builders} + shamans {shamans} + "
                         "resources {resources}",
                         {"rank": row.rank, "player": SeatRef(row.seat), "total": row.total, "track": row.track,
                          "culture": row.culture, "farmers": row.farmers, "tool_makers": row.tool_makers,
                          "hut_builders": row.hut_builders, "shamans": row.shamans, "resources": row.resources}))
    return lines


def turn_prompt(view: StoneAgeView) -> list[Msg]:
    """Extra help for the seat that acts: the card offer and what each die gives."""
    if view.phase == "place":
        lines = []
        for slot, cid in enumerate(view.display, start=1):
            if cid:
                c = card(cid)
                lines.append(Msg("Card {k} ({cid}, costs {k}): {top} / {bottom}",
                                 {"k": slot, "cid": cid, "top": top_msg(c), "bottom": bottom_msg(c)}))
        return lines
    return []


def private_lines(view: StoneAgeView) -> list[Msg]:
    """The viewer's own cards (useful with ``hidden_cards``)."""
    me = view.me
    if me is None:
        return []
    lines = [Msg("Your cards: {count}.", {"count": len(me.cards)})]
    for cid in me.cards:
        lines.append(Msg("{cid}: {bottom}", {"cid": cid, "bottom": bottom_msg(card(cid))}))
    if view.players[me.seat].c36:
        lines.append(Msg("You may still take any 2 resources: 'claim w g'."))
    return lines

