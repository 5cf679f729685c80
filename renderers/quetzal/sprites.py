"""Cached Quetzal sprites: relic cards, upgrade tiles, workers, player chips and icons."""
from __future__ import annotations


from PIL import Image, ImageDraw

from games.quetzal.components import rules
from renderers.common import N_, font, player_colour, text_cache, word
from renderers.common.legend import mark
from renderers.common.text import text as put_text
from renderers.quetzal.palette import (
    BLACK_FACE, BLACK_FACE_EDGE, CARD_BG, DISC, GOLD, INK, PERMANENT_TILE, STAR, TEMPORARY_TILE, WHITE, WHITE_FACE,
    WILD_LABEL,
)

#: player colours for Quetzal seats: no black or white, which are worker faces in this game
ORDER = ("red", "yellow", "green", "blue", "purple")

CARD_NAME = {"V": "Vase", "T": "Tablet", "W": "Weapon", "S": "Statue", "M": "Mummy"}
TILE_LABEL = {"temple_discount": N_("Temple -1"), "reroll_two": N_("Reroll 2"), "full_reroll": N_("Reroll all"),
              "vase_dealer": N_("Vase +1"), "tablet_dealer": N_("Tablet +1"), "weapon_dealer": N_("Weapon +1"),
              "statuette_dealer": N_("Statue +1"), "mummy_dealer": N_("Mummy +1"), "gold": N_("Gold +5"),
              "discovery": N_("Discov. +1"), "excavation": N_("Dig 2 cards")}


def seat_colour(seat: int):
    return player_colour(seat, ORDER)


def px(value: float, scale: float) -> int:
    return max(1, int(round(value * scale)))


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill, outline=None) -> None:
    import math
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=fill, outline=outline)


#: how the legend names each icon (renderers/legends.py)
ICON_TOKENS = {"vp": "★", "coin": "●", "discovery": "◆"}


def icon(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float) -> None:
    """VP = star, coin = gold disc, discovery = blue diamond."""
    mark(ICON_TOKENS[kind])
    if kind == "vp":
        star(draw, cx, cy, r, STAR, INK)
    elif kind == "coin":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=INK, width=max(1, int(r / 5)))
    elif kind == "discovery":
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=DISC, outline=INK)


@text_cache(maxsize=512)
def card_sprite(card_id: str, scale: float, width: int = 92) -> Image.Image:
    """A relic card: kind colour, big kind letter, ID, corner icon and the 1/2/3 values."""
    r = rules()
    card = r.card[card_id]
    w, h = px(width, scale), px(width * 1.22, scale)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=px(8, scale), fill=CARD_BG[card.kind], outline=INK,
                           width=px(2, scale))
    put_text(draw, (px(8, scale), px(2, scale)), card.kind, fill=WHITE, font=font(px(40, scale), bold=True))
    if card.icon:
        icon(draw, card.icon, w - px(18, scale), px(18, scale), px(12, scale))
    put_text(draw, (w / 2, px(64, scale)), card_id, fill=WHITE, font=font(px(22, scale), bold=True),
              anchor="mm")
    values = "/".join(str(v) for v in r.kind[card.kind].values)
    band = (px(4, scale), h - px(30, scale), w - px(4, scale), h - px(5, scale))
    draw.rounded_rectangle(band, radius=px(5, scale), fill=WHITE)
    put_text(draw, (w / 2, (band[1] + band[3]) / 2), values, fill=INK, font=font(px(19, scale), bold=True), anchor="mm")
    return image


@text_cache(maxsize=128)
def tile_sprite(tile_id: str, scale: float, width: int = 150) -> Image.Image:
    """An upgrade tile: ID, short label, P(ermanent)/I(nstant) and its VP."""
    tile = rules().tile[tile_id]
    w, h = px(width, scale), px(78, scale)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    fill = PERMANENT_TILE if tile.permanent else TEMPORARY_TILE
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=px(8, scale), fill=fill, outline=INK, width=px(2, scale))
    put_text(draw, (px(8, scale), px(4, scale)), tile_id, fill=INK, font=font(px(20, scale), bold=True))
    put_text(draw, (w - px(8, scale), px(4, scale)), "P" if tile.permanent else "I", fill=INK,
              font=font(px(20, scale), bold=True), anchor="ra")
    put_text(draw, (px(8, scale), px(30, scale)), word(TILE_LABEL.get(tile.name, tile.name)), fill=INK,
              font=font(px(20, scale)))
    star(draw, w - px(40, scale), h - px(15, scale), px(10, scale), STAR, INK)
    mark("★")
    put_text(draw, (w - px(26, scale), h - px(15, scale)), str(tile.vp), fill=INK, font=font(px(18, scale), bold=True),
              anchor="lm")
    return image


@text_cache(maxsize=256)
def worker_sprite(wid: str, face: str, scale: float, dim: bool = False) -> Image.Image:
    """A worker as a rounded token: white face, black face or wild (half and half); the big
    worker is larger and square-shouldered. The ID is written on it."""
    big = wid == "big"
    w, h = px(46 if big else 36, scale), px(50 if big else 40, scale)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    box = (px(1, scale), px(1, scale), w - px(2, scale), h - px(2, scale))
    radius = px(6 if big else 14, scale)
    if face == "*":
        mark("*")
        draw.rounded_rectangle(box, radius=radius, fill=WHITE_FACE, outline=INK, width=px(2, scale))
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).polygon([(w, 0), (w, h), (0, h)], fill=255)
        dark = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        ImageDraw.Draw(dark).rounded_rectangle(box, radius=radius, fill=BLACK_FACE)
        image.paste(dark, (0, 0), Image.composite(dark.getchannel("A"), Image.new("L", (w, h), 0), mask))
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle(box, radius=radius, outline=INK, width=px(2, scale))
        label_fill, outline = WILD_LABEL, WHITE
    else:
        fill = WHITE_FACE if face == "w" else BLACK_FACE
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=INK if face == "w" else BLACK_FACE_EDGE,
                               width=px(2, scale))
        label_fill = INK if face == "w" else WHITE
        outline = None
    label = "B" if big else wid
    put_text(draw, (w / 2, h / 2), label, fill=label_fill, font=font(px(22 if big else 20, scale), bold=True),
              anchor="mm", stroke_width=px(2, scale) if outline else 0, stroke_fill=outline)
    if dim:
        veil = Image.new("RGBA", (w, h), (248, 243, 230, 150))
        image = Image.alpha_composite(image, Image.composite(veil, Image.new("RGBA", (w, h), (0, 0, 0, 0)),
                                                               image.getchannel("A")))
    return image


@text_cache(maxsize=64)
def chip_sprite(seat: int, scale: float, size: int = 34) -> Image.Image:
    """A player's token: their colour, their shape outline and their letter."""
    colour = seat_colour(seat)
    d = px(size, scale)
    image = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    m = px(1, scale)
    shape = colour.shape
    if shape == "square":
        draw.rectangle((m, m, d - m - 1, d - m - 1), fill=colour.fill, outline=INK, width=px(2, scale))
    elif shape == "triangle":
        draw.polygon([(d / 2, m), (d - m, d - m), (m, d - m)], fill=colour.fill, outline=INK)
    elif shape == "diamond":
        draw.polygon([(d / 2, m), (d - m, d / 2), (d / 2, d - m), (m, d / 2)], fill=colour.fill, outline=INK)
    elif shape == "star":
        star(draw, d / 2, d / 2 + m, d / 2, colour.fill, INK)
    else:
        draw.ellipse((m, m, d - m - 1, d - m - 1), fill=colour.fill, outline=INK, width=px(2, scale))
    y = d * (0.62 if shape == "triangle" else 0.52)
    put_text(draw, (d / 2, y), colour.letter, fill=colour.text, font=font(px(size * 0.55, scale), bold=True, mark=True),
              anchor="mm")
    return image
