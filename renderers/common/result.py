"""The result of a finished game as one picture worth posting: who won, the ranking (tied seats
share a rank) and the score by category (``Outcome.breakdown``), in the game's seat colours.
Phone-sized: 800 px wide at scale 1, never taller than wide by more than twice."""
from __future__ import annotations

from typing import Sequence

from PIL import Image, ImageDraw, ImageFont

from games.core.outcome import Outcome
from renderers.common.colors import PlayerColour
from renderers.common import drawlog
from renderers.common.fonts import font, min_text_px
from renderers.common.palette import build_palette
from renderers.common.png import encode_png
from renderers.common.picture_words import word, words
from renderers.common.text import draw_text, length
from renderers.common.textfit import fit, fit_name

WIDTH = 800
PAD = 24
PAPER = (250, 247, 239)
TITLE_BG = (44, 52, 70)
TITLE_FG = (255, 255, 255)
WIN_BG = (255, 226, 140)
INK = (28, 28, 28)
MUTED = (95, 95, 95)
LINE = (205, 198, 182)
STRIPE = (241, 236, 224)
MEDALS = {1: (232, 184, 30), 2: (190, 194, 200), 3: (196, 128, 70)}

RGB = tuple[int, int, int]


def _cut(draw: ImageDraw.ImageDraw, text: str, face, width: float) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    return fit(text, width, lambda t: length(t, face))


def _fit_name(name: str, face: ImageFont.FreeTypeFont, room: float, smallest: int, before: str = "",
              after: str = "") -> tuple[str, ImageFont.FreeTypeFont]:
    """``name`` (with ``before`` and ``after`` around it) in ``face``'s weight, shrunk down to
    ``smallest`` and then cut between grapheme clusters to fit ``room``; the name and its face."""
    bold = "Bold" in str(getattr(face, "path", ""))
    fitted, size = fit_name(name, room, int(face.size), lambda t, step: length(t, font(step, bold)), smallest,
                            before, after)
    return fitted, font(size, bold)


def _badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: PlayerColour) -> None:
    """The seat's colour with its letter (colour is never the only cue)."""
    half = size / 2
    draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=max(2, int(size / 5)),
                           fill=colour.fill, outline=INK, width=max(1, int(size / 16)))
    draw.text((cx, cy), colour.letter, fill=colour.text, font=font(size * 0.62, True, mark=True), anchor="mm")


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else word("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def render_result(title: str, outcome: Outcome, names: Sequence[str], colours: Sequence[PlayerColour],
                  scale: float = 1.0) -> bytes:
    """PNG (palette) of the result; the seat colours and the card's own colours stay exact."""
    image = result_image(title, outcome, names, colours, scale)
    keys = [c.fill for c in colours] + [c.text for c in colours] + [PAPER, TITLE_BG, TITLE_FG, WIN_BG, INK, MUTED, LINE,
                                                                    STRIPE, *MEDALS.values()]
    return encode_png(image.quantize(palette=build_palette(image, keys), dither=Image.Dither.NONE))


def result_image(title: str, outcome: Outcome, names: Sequence[str], colours: Sequence[PlayerColour],
                 scale: float = 1.0) -> Image.Image:
    """The result picture (RGB)."""
    def s(value: float) -> int:
        return round(value * scale)

    players = len(outcome.scores)
    names = [names[i] if i < len(names) else word("Player {n}", n=i + 1) for i in range(players)]
    order = sorted(range(players), key=lambda seat: (outcome.ranks[seat], seat))
    shared = {rank for rank in outcome.ranks if list(outcome.ranks).count(rank) > 1}
    equal_scores = len(set(outcome.scores)) < players
    width = s(WIDTH)
    title_h, win_h, rank_h, head_h, row_h = s(64), s(84), s(54), s(92), s(42)
    parts = list(outcome.breakdown)
    note = outcome.tiebreak if outcome.tiebreak and equal_scores else ""
    height = (title_h + win_h + s(56) + rank_h * players + s(16)
              + ((s(56) + head_h + row_h * (len(parts) + 1)) if parts else 0)
              + (s(44) if note else 0) + s(PAD))
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)

    # title and winner
    draw.rectangle((0, 0, width, title_h), fill=TITLE_BG)
    draw.text((s(PAD), title_h / 2), _cut(draw, word("{game} · final result", game=word(title)), font(s(30), True), width - 2 * s(PAD)),
              fill=TITLE_FG, font=font(s(30), True), anchor="lm")
    y = title_h
    draw.rectangle((0, y, width, y + win_h), fill=WIN_BG)
    winners = [seat for seat in order if outcome.ranks[seat] == 1]
    crown_r = s(24)
    cx, cy = s(PAD) + crown_r, y + win_h / 2
    draw.ellipse((cx - crown_r, cy - crown_r, cx + crown_r, cy + crown_r), fill=MEDALS[1], outline=INK, width=s(2))
    draw.text((cx, cy), "1", fill=INK, font=font(s(30), True), anchor="mm")
    label = word("Winner: {players}", players=_and([names[w] for w in winners])) if len(winners) == 1 else \
        word("Shared win: {players}", players=_and([names[w] for w in winners]))
    best = outcome.scores[winners[0]] if winners else 0
    points = words("{points} point", "{points} points", by="points", points=best)
    big = font(s(34), True)
    text_x = cx + crown_r + s(16)
    points_w = draw.textlength(points, font=font(s(28), True))
    room = width - text_x - points_w - 2 * s(PAD)
    smallest = min_text_px(width)
    if len(winners) == 1:
        before, _, after = word("Winner: {players}", players="\0").partition("\0")
        name, big = _fit_name(names[winners[0]], big, room, smallest, before, after)
        with drawlog.field("name", name):
            draw_text(draw, (text_x, cy), before + name + after, big, INK, "lm")
    else:
        label = _cut(draw, label, big, room)
        with drawlog.field("line", label):
            draw_text(draw, (text_x, cy), label, big, INK, "lm")
    draw.text((width - s(PAD), cy), points, fill=INK, font=font(s(28), True), anchor="rm")
    y += win_h

    # ranking
    y = _heading(draw, word("Ranking"), y, width, s)
    for index, seat in enumerate(order):
        top = y + index * rank_h
        if index % 2:
            draw.rectangle((0, top, width, top + rank_h), fill=STRIPE)
        rank = outcome.ranks[seat]
        mid = top + rank_h / 2
        medal = MEDALS.get(rank)
        rx = s(PAD) + s(20)
        if medal:
            draw.ellipse((rx - s(19), mid - s(19), rx + s(19), mid + s(19)), fill=medal, outline=INK, width=s(2))
        draw.text((rx, mid), str(rank), fill=INK, font=font(s(24), True), anchor="mm")
        _badge(draw, s(PAD) + s(70), mid, s(34), colours[seat])
        name_face = font(s(26), rank == 1)
        tie = word("tie") if rank in shared else ""
        score = str(outcome.scores[seat])
        room = width - s(PAD) - s(96) - s(120) - (s(70) if tie else 0)
        name, name_face = _fit_name(names[seat], name_face, room, min_text_px(width))
        with drawlog.field("name", name):
            draw_text(draw, (s(PAD) + s(96), mid), name, name_face, INK, "lm")
        if tie:
            tx = s(PAD) + s(96) + length(name, name_face) + s(12)
            draw.rounded_rectangle((tx, mid - s(14), tx + draw.textlength(tie, font=font(s(20), True)) + s(14), mid + s(14)),
                                   radius=s(6), outline=MUTED, width=s(2))
            draw.text((tx + s(7), mid), tie, fill=MUTED, font=font(s(20), True), anchor="lm")
        draw.text((width - s(PAD), mid), score, fill=INK, font=font(s(30), True), anchor="rm")
    y += rank_h * players + s(16)

    # the score by category: one column per player, in ranking order
    if parts:
        y = _heading(draw, word("Score by category"), y, width, s)
        label_w = s(300) if players > 4 else s(340)
        col_w = (width - 2 * s(PAD) - label_w) / players
        head_face = font(s(18), True)
        for index, seat in enumerate(order):
            cx = s(PAD) + label_w + col_w * (index + 0.5)
            _badge(draw, cx, y + s(24), s(34), colours[seat])
            short, face = _fit_name(names[seat], head_face, col_w - s(6), min_text_px(width))
            with drawlog.field("name", short):
                draw_text(draw, (cx, y + s(66)), short, face, INK, "mm")
        y += head_h
        body, bold = font(s(22)), font(s(24), True)
        for row, (category, points_by_seat) in enumerate(parts + [(word("Total"), outcome.scores)]):
            top = y + row * row_h
            last = row == len(parts)
            if last:
                draw.line((s(PAD), top, width - s(PAD), top), fill=INK, width=s(2))
            elif row % 2 == 0:
                draw.rectangle((s(PAD), top, width - s(PAD), top + row_h), fill=STRIPE)
            mid = top + row_h / 2
            face = bold if last else body
            draw.text((s(PAD) + s(8), mid), _cut(draw, word(category), face, label_w - s(12)), fill=INK, font=face, anchor="lm")
            for index, seat in enumerate(order):
                cx = s(PAD) + label_w + col_w * (index + 0.5)
                value = points_by_seat[seat]
                draw.text((cx, mid), str(value), fill=INK if value else MUTED, font=face, anchor="mm")
        y += row_h * (len(parts) + 1)
    if note:
        draw.text((s(PAD), y + s(24)), _cut(draw, word(note), font(s(20)), width - 2 * s(PAD)), fill=MUTED, font=font(s(20)),
                  anchor="lm")
    return image


def _heading(draw: ImageDraw.ImageDraw, text: str, y: int, width: int, s) -> int:
    face = font(s(24), True)
    draw.text((s(PAD), y + s(30)), text, fill=(90, 70, 40), font=face, anchor="lm")
    start = s(PAD) + draw.textlength(text, font=face) + s(12)
    draw.line((start, y + s(30), width - s(PAD), y + s(30)), fill=LINE, width=s(2))
    return y + s(56)
