"""Keyflower's header: the season, phase and who acts on its first line, the bag and what is in stock
on its second. Every size follows the picture's text floor (renderers.common.phone)."""
from __future__ import annotations

from typing import Callable

from PIL import Image, ImageDraw

from games.keyflower.components import SEASONS
from games.keyflower.view import KeyflowerView
from renderers.common import N_, drawlog, textfit, word
from renderers.common.phone import Floors
from renderers.keyflower import style as S
from renderers.keyflower.board import NAME_CLUSTERS, player_name
from renderers.keyflower.words import keeple_mark, stock_mark
from renderers.keyflower.palette import INK, PANEL

PHASES = {"winter_select": N_("choosing winter tiles"), "boats": N_("boat choice"), "placement": N_("village expansion"),
          "flip": N_("Flipper upgrade"), "over": N_("game over")}
SEASON_NAMES = {"spring": N_("Spring"), "summer": N_("Summer"), "autumn": N_("Autumn"), "winter": N_("Winter")}


def header_height(fl: Floors) -> int:
    return max(80, round(fl.text * 4.6))


def header_lines_shows(view: KeyflowerView, names: list[str]) -> tuple[tuple, tuple]:
    """Everything each line of the header draws besides its sizes (keys for their pictures): the
    season, phase and who acts; the bag and what is in stock."""
    acting = player_name(names, view.to_act[0], NAME_CLUSTERS) if len(view.to_act) == 1 else None
    return ((view.season, view.phase, view.action_no, view.passes, len(view.players), tuple(view.to_act[:6]), acting),
            (view.bag_size, view.green, view.stock, view.pile_size))


def header_split(fl: Floors) -> int:
    """Where the header's first line ends and its second begins."""
    return header_height(fl) // 2


def header(view: KeyflowerView, names: list[str], width: int, fl: Floors) -> Image.Image:
    """The season, phase and who acts over the bag and what is in stock (each line drawn
    apart: :func:`header_line`)."""
    image = Image.new("RGB", (width, header_height(fl)), PANEL)
    image.paste(header_line(view, names, width, fl, 0), (0, 0))
    image.paste(header_line(view, names, width, fl, 1), (0, header_split(fl)))
    return image


def header_parts(view: KeyflowerView, names: list[str], width: int, fl: Floors) -> list[tuple[tuple, Callable[[], Image.Image], int]]:
    """The header's lines as parts (what each shows, how to draw it, its height): most turns
    change the first line only."""
    h, split = header_height(fl), header_split(fl)
    shows = header_lines_shows(view, names)
    return [(("keyflower", "header", line, width, fl, shows[line]),
             lambda line=line: header_line(view, names, width, fl, line), split if line == 0 else h - split)
            for line in (0, 1)]


def header_line(view: KeyflowerView, names: list[str], width: int, fl: Floors, line: int) -> Image.Image:
    """The header's first line (``line`` 0: season, phase, who acts) or its second (1: the bag,
    green keeples, resources and skills in stock), as tall as its half of the header."""
    h, split = header_height(fl), header_split(fl)
    image = Image.new("RGB", (width, split if line == 0 else h - split), PANEL)
    d = ImageDraw.Draw(image)
    pad = round(fl.text * 0.6)
    if line == 0:
        _status_line(d, view, names, width, fl, pad, h * 0.27)
    else:
        _stock_line(d, view, width, fl, pad, h * 0.73 - split)
    return image


def _status_line(d: ImageDraw.ImageDraw, view: KeyflowerView, names: list[str], width: int, fl: Floors, pad: int,
                 top: float) -> None:
    season = word(SEASON_NAMES[SEASONS[min(view.season, 3)]])
    phase = word("action {n}", n=view.action_no + 1) if view.phase == "actions" else word(PHASES.get(view.phase, view.phase))
    line = [season, " · ", phase]
    if view.phase == "actions":
        line += [" · ", word("passes {n}/{of}", n=view.passes, of=len(view.players))]
    big = S.f(max(fl.text, 24 * width / 800), True)
    x = S.text_run(d, (pad, top), line, font=big, fill=INK) + pad
    if view.to_act and view.phase != "over":
        S.text(d, (x, top), "▶", font=big, fill=INK, anchor="lm")
        x += big.size * 1.1
        r = big.size * 0.45
        for seat in view.to_act[:6]:
            S.seat_badge(d, x + r, top, r, seat, mark=fl.mark)
            x += r * 2.4
        if len(view.to_act) == 1:
            name, size = textfit.fit_name(player_name(names, view.to_act[0], NAME_CLUSTERS), width - pad - x, int(big.size),
                                          lambda t, step: S.length(t, S.f(step, True)), fl.text)
            with drawlog.field("name", name):
                S.text(d, (x, top), name, font=S.f(size, True), fill=INK, anchor="lm")


def _stock_line(d: ImageDraw.ImageDraw, view: KeyflowerView, width: int, fl: Floors, pad: int, y: float) -> None:
    small = S.f(max(fl.text, 19 * width / 800))
    r = small.size * 0.62
    x = pad
    bag = word("bag {n}", n=view.bag_size)
    S.text(d, (x, y), bag, font=small, fill=INK, anchor="lm")
    x += S.length(bag, small) + pad
    colour, _, text = S.KEEPLE["green"]
    S.token(d, x + r, y, r, colour, keeple_mark("green"), text)
    S.text(d, (x + 2.3 * r, y), f"{view.green}", font=small, fill=INK, anchor="lm")
    x += 2.3 * r + S.length(f"{view.green}", small) + pad
    for res, n in view.stock:
        colour, _, text = S.RESOURCE[res]
        S.token(d, x + r, y, r, colour, stock_mark(res), text)
        S.text(d, (x + 2.3 * r, y), f"{n}", font=small, fill=INK, anchor="lm")
        x += 2.3 * r + S.length(f"{n}", small) + pad
    S.text(d, (x, y), word("skills {n}", n=view.pile_size), font=small, fill=INK, anchor="lm")
