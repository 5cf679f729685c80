"""Keyflower's lines built from views: the status, a player's private lines and the turn prompt
(component names in the reader's language through :mod:`games.keyflower.words`)."""
from __future__ import annotations

from typing import Sequence

from games.core import Msg, SeatRef
from games.keyflower import words
from games.keyflower.actions import tile_name
from games.keyflower.components import SEASONS
from games.keyflower.view import KeyflowerView


@words.in_words
def status(view: KeyflowerView) -> list[Msg]:
    season = words.season(SEASONS[min(view.season, 3)])
    lines = []
    if view.phase == "actions":
        who = view.transport[0] if view.transport else view.turn
        lines.append(Msg("Keyflower, {season}: action {n}; {player} to act. Consecutive passes: {passes} of {players}.",
                         {"season": season, "n": view.action_no + 1, "player": SeatRef(who),
                          "passes": view.passes, "players": len(view.players)}))
        if view.transport:
            lines.append(Msg("{player} is transporting: {move} and {ups} left.",
                             {"player": SeatRef(view.transport[0]), "move": words.transport_steps(view.transport[2]),
                              "ups": words.upgrades(view.transport[3])}))
    elif view.phase == "winter_select":
        lines.append(Msg("Winter: waiting for secret winter tile choices from {players}.",
                         {"players": seats_param(view.to_act)}))
    elif view.phase == "boats":
        boats = tuple(words.tile(b.id) for b in view.boats if b.available) or "-"
        lines.append(Msg("{season} ends: {player} chooses a boat ({boats}).",
                         {"season": season, "player": SeatRef(view.to_act[0]) if view.to_act else SeatRef(0),
                          "boats": boats}))
    elif view.phase == "placement":
        lines.append(Msg("Village expansion: waiting for {players} to place their new tiles.",
                         {"players": seats_param(view.to_act)}))
    elif view.phase == "flip":
        lines.append(Msg("{player} may upgrade one tile for free (Flipper).", {"player": SeatRef(view.flip_seat or 0)}))
    else:
        lines.append(Msg("Keyflower is over."))
    for p in view.players:
        lines.append(Msg("{player}: {vp} VP, {keeples}, {skills}, {winter}",
                         {"player": SeatRef(p.seat), "vp": p.vp, "keeples": words.keeples(p.keeple_total),
                          "skills": words.skill_tiles(p.skill_total), "winter": words.winter_tiles(p.winter_count)}))
    if view.phase != "over":
        order = list(view.order or range(len(view.players)))
        start = order.index(view.purple) if view.purple in order else 0
        lines.append(Msg("Turn order, clockwise from {player} (purple start-player marker): {players}.",
                         {"player": SeatRef(view.purple), "players": seats_param(order[start:] + order[:start])}))
    if view.final is not None:
        totals = [dict(row)["total"] for row in view.final]
        for seat in sorted(range(len(totals)), key=lambda s: (-totals[s], s)):
            lines.append(Msg("{player} final score: {total}", {"player": SeatRef(seat), "total": totals[seat]}))
    return lines


@words.in_words
def private_lines(view: KeyflowerView) -> list[Msg]:
    me = view.me
    if me is None:
        return []
    keeples = " ".join(f"{c[0].upper()}{n}" for c, n in me.keeples) or "-"
    skills = ", ".join(f"{n} {s}" for s, n in me.skills) or "-"
    lines = [Msg("Your supply: {keeples}; skill tiles: {skills}.", {"keeples": keeples, "skills": skills})]
    if me.winter_hand:
        lines.append(Msg("Your winter tiles: {tiles}.", {"tiles": " ".join(me.winter_hand)}))
    if me.winter_choice:
        lines.append(Msg("Your winter choice: {tiles}.", {"tiles": " ".join(me.winter_choice)}))
    return lines


@words.in_words
def turn_prompt(view: KeyflowerView) -> list[Msg]:
    if view.seat is None or view.seat not in view.to_act:
        return []
    if view.phase == "placement":
        own = view.players[view.seat]
        cells = ", ".join(f"{name}={q},{r}" for name, q, r in view.labels) or "-"
        return [Msg("Place your tiles ({tiles}) with 'place TILE CELL rK'. Cells: {cells}.",
                    {"tiles": ", ".join(tile_name(t) for t in own.pending), "cells": cells})]
    if view.phase == "winter_select":
        return [Msg("Choose at least one winter tile to put up: 'winter TILE ...' ({tiles}).",
                    {"tiles": " ".join(view.me.winter_hand if view.me else ())})]
    if view.phase == "boats":
        return [Msg("Choose a boat: {boats}.", {"boats": ", ".join(f"boat {b.id}" for b in view.boats if b.available)})]
    if view.phase == "flip":
        return [Msg("Flipper: 'flip TILE' upgrades one of your tiles for free, or 'pass'.")]
    if view.transport:
        return [Msg("Transport: 'move [N] RESOURCE FROM TO' ({move} left), then 'up TILE' ({ups} left), or 'done'.",
                    {"move": view.transport[2], "ups": view.transport[3]})]
    return [Msg("Your turn: 'bid TILE N COLOUR', 'use TILE N COLOUR' or 'pass'.")]


def seats_param(seats: Sequence[int]) -> tuple[SeatRef, ...] | str:
    """Seats as a parameter the bot shows as the players' names."""
    return tuple(SeatRef(s) for s in seats) or "-"
