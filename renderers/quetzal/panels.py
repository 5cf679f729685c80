"""The sections of the Quetzal image, each drawn on its own canvas and stacked by ``render``: the
canvas, the sizes and helpers they share, and the header. The board's section is in places.py, the
players' in players.py."""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.quetzal.view import PromptView, QuetzalView
from renderers.common import textfit
from renderers.common import N_, drawlog, font, min_text_px, word
from renderers.common.text import length, text as put_text
from renderers.quetzal.palette import HEADER, HEADER_TEXT, INK, PAPER, WHITE
from renderers.quetzal.sprites import chip_sprite, px

WIDTH = 800
MARGIN = 12
GAP = 8
PHASE = {"reroll": N_("Rerolls"), "place": N_("Placement"), "resolve": N_("Resolution"), "over": N_("Game over")}


@dataclass
class Canvas:
    image: Image.Image
    height: int


def new_canvas(scale: float, height: float) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (px(WIDTH, scale), px(height, scale)), PAPER)
    return image, ImageDraw.Draw(image)


def name_of(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else word("Seat {n}", n=seat + 1)


def fit(text: str, size: int, limit: float, bold: bool = False) -> str:
    """Shorten ``text`` with an ellipsis so it fits ``limit`` pixels."""
    f = font(size, bold)
    return textfit.fit(text, limit, lambda t: length(t, f))


def fit_name(name: str, size: int, limit: float, bold: bool = False, before: str = "", after: str = "",
             floor: int = 0) -> tuple[str, int]:
    """(name, size): ``before + name + after`` in the largest size up to ``size`` that fits
    ``limit`` pixels, no smaller than ``floor`` (the picture's text floor); there the name is cut
    between grapheme clusters with an ellipsis."""
    return textfit.fit_name(name, limit, size, lambda t, step: length(t, font(step, bold)), min(size, floor or size),
                            before, after)


def prompt_text(prompt: PromptView) -> str:
    if prompt.kind == "place":
        return word("place a team")
    if prompt.kind == "workers":
        return word("name the workers: {team}", team=prompt.team)
    if prompt.kind == "camp-reroll":
        return word("Camp reroll ({n} left)", n=prompt.left)
    if prompt.kind == "reroll-tile":
        return word("reroll upgrade or keep")
    if prompt.kind == "store":
        return word("store a permanent tile")
    if prompt.kind == "take":
        return word("{space}: take {n}", space=prompt.space, n=prompt.need) + (word(" + draw") if prompt.draw else "")
    if prompt.kind == "sell":
        return word("Black Market: sell?")
    if prompt.kind == "upgrade":
        return word("{space}: choose a tile", space=prompt.space)
    chosen = word(" · chosen {cards}", cards=" ".join(prompt.chosen)) if prompt.chosen else ""
    if prompt.space == "hm":
        return word("Harbour worker {n}/{of}: deliver ≤{need}", n=prompt.index, of=prompt.of, need=prompt.need) + chosen
    return word("Ship: deliver ≤{need}", need=prompt.need) + chosen


# -- header ---------------------------------------------------------------------------------------
def draw_header(view: QuetzalView, names: list[str], scale: float) -> Canvas:
    s = scale
    lines = max(1, len(view.prompts))
    height = 58 + 40 * lines + 10
    image, draw = new_canvas(s, height)
    draw.rectangle((0, 0, px(WIDTH, s), px(54, s)), fill=HEADER)
    put_text(draw, (px(MARGIN, s), px(27, s)), word("QUETZAL"), fill=HEADER_TEXT, font=font(px(30, s), bold=True),
              anchor="lm")
    right = word("Round {n}/{of} · {phase}", n=view.round, of=view.rounds, phase=word(PHASE.get(view.phase, view.phase)))
    put_text(draw, (px(WIDTH - MARGIN, s), px(27, s)), right, fill=WHITE, font=font(px(26, s), bold=True),
              anchor="rm")
    y = 60
    if not view.prompts:
        text = word("Final scores below") if view.phase == "over" else "-"
        put_text(draw, (px(MARGIN, s), px(y + 18, s)), text, fill=INK, font=font(px(24, s)), anchor="lm")
    for prompt in view.prompts:
        chip = chip_sprite(prompt.seat, s, 32)
        image.paste(chip, (px(MARGIN, s), px(y + 2, s)), chip)
        after = word("{player}: {prompt}", player="", prompt=prompt_text(prompt))
        name, size = fit_name(name_of(names, prompt.seat), px(24, s), px(WIDTH - 2 * MARGIN - 50, s), True, after=after,
                              floor=min_text_px(px(WIDTH, s)))
        with drawlog.field("name", name):
            put_text(draw, (px(MARGIN + 42, s), px(y + 18, s)), name + after, fill=INK, font=font(size, bold=True),
                     anchor="lm")
        y += 40
    return Canvas(image, px(height, s))


__all__ = ["Canvas", "draw_header"]
