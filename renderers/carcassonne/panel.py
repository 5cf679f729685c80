"""The side panel: players, the drawn tile, and a legend of the symbols in play."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.carcassonne.tiles import all_tiles
from games.carcassonne.view import CarcassonneView
from renderers.carcassonne import figures, palette as P
from renderers.carcassonne.geometry import geometry
from renderers.carcassonne.icons import icon, paste_centred
from renderers.carcassonne.tilesprites import tile_sprite
from renderers.common import font

FOLLOWERS_TOTAL = 7            # rules §1: every player has seven followers


class Fonts:
    def __init__(self, scale: float):
        self.scale = scale
        self.title = font(round(26 * scale), bold=True)
        self.name = font(round(25 * scale))
        self.name_bold = font(round(25 * scale), bold=True)
        self.score = font(round(27 * scale), bold=True)
        self.small = font(round(19 * scale))
        self.small_bold = font(round(19 * scale), bold=True)


def _fit(text: str, f, width: float) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _marker(extras: dict[str, Any], key: str) -> tuple[int | None, int | None]:
    """King / robber holder from the view's extras: a seat, (seat, size) or {"seat", "size"}."""
    value = extras.get(key)
    if isinstance(value, dict):
        return value.get("seat"), value.get("size")
    if isinstance(value, (tuple, list)) and value:
        return value[0], (value[1] if len(value) > 1 else None)
    if isinstance(value, int):
        return value, None
    return None, None


def players_section(view: CarcassonneView, names: list[str], width: int, f: Fonts) -> Image.Image:
    s = f.scale
    pad = round(10 * s)
    row_h = round(62 * s)
    head_h = round(42 * s)
    image = Image.new("RGB", (width, head_h + row_h * len(view.players) + pad), P.PANEL_BG)
    d = ImageDraw.Draw(image)
    if view.phase == "over" or view.current is None:
        title = f"Game over · turn {view.turn}"
    else:
        title = f"Turn {view.turn} · {_tiles(view.tiles_left)} left"
    d.text((pad, head_h / 2), _fit(title, f.title, width - 2 * pad), fill=P.TEXT, font=f.title, anchor="lm")
    ih = round(20 * s)
    king, king_size = _marker(view.extras, "king")
    robber, robber_size = _marker(view.extras, "robber")
    for k, p in enumerate(view.players):
        top = head_h + k * row_h
        current = p.seat == view.current
        if current:
            d.rounded_rectangle((pad // 2, top + 2, width - pad // 2, top + row_h - 2), radius=round(8 * s),
                                fill=P.CURRENT_BG, outline=(200, 160, 40), width=max(1, round(2 * s)))
        marker_w = round(22 * s)
        if current:
            d.polygon([(pad, top + row_h * 0.3), (pad + marker_w * 0.7, top + row_h * 0.42), (pad, top + row_h * 0.54)],
                      fill=P.TEXT)
        meeple = figures.follower(p.colour, round(34 * s))
        paste_centred(image, meeple, (pad + marker_w + meeple.width / 2, top + row_h * 0.42))
        x = pad + marker_w + meeple.width + round(8 * s)
        score = str(p.score)
        score_w = f.score.getlength(score)
        name = names[p.seat] if p.seat < len(names) and names[p.seat] else f"Player {p.seat + 1}"
        name_font = f.name_bold if current else f.name
        label = f"{name} ({p.letter})"
        titles = []
        if king == p.seat:
            titles.append("King" + (f" {king_size}" if king_size else ""))
        if robber == p.seat:
            titles.append("Robber" + (f" {robber_size}" if robber_size else ""))
        room = width - x - score_w - 3 * pad
        if titles:
            badge = " ".join(titles)
            badge_w = f.small_bold.getlength(badge)
            room -= badge_w + pad
            d.text((width - 2.5 * pad - score_w, top + row_h * 0.34), badge, fill=(150, 100, 0), font=f.small_bold,
                   anchor="rm")
        d.text((x, top + row_h * 0.34), _fit(label, name_font, room), fill=P.TEXT, font=name_font, anchor="lm")
        d.text((width - pad * 1.5, top + row_h * 0.34), score, fill=P.TEXT, font=f.score, anchor="rm")
        details: list[tuple[Image.Image, str]] = [(figures.follower(p.colour, ih), f"{p.followers}/{FOLLOWERS_TOTAL}")]
        if "erweiterung" in view.options or p.large:
            details.append((figures.follower(p.colour, round(ih * 0.78), large=True), str(p.large)))
        if "haendler" in view.options or p.builder or p.pig:
            details.append((figures.builder(p.colour, round(ih * 0.9)), str(p.builder)))
            details.append((figures.pig(p.colour, round(ih * 0.75)), str(p.pig)))
        for good, n in p.goods:
            if good in ("wine", "grain", "cloth"):
                details.append((icon(good, ih), str(n)))
        _inline(image, d, details, (x, top + row_h * 0.74), width - pad, f)
    return image


def _inline(image: Image.Image, d: ImageDraw.ImageDraw, items: list[tuple[Image.Image, str]],
            start: tuple[float, float], right: float, f: Fonts) -> None:
    """Icon + number pairs on one line (what a player has in supply), cut at ``right``."""
    x, y = start
    gap = round(9 * f.scale)
    for sprite, text in items:
        if x + sprite.width + f.small.getlength(text) + gap > right:
            break
        paste_centred(image, sprite, (x + sprite.width / 2, y))
        x += sprite.width + 1
        d.text((x, y), text, fill=P.MUTED, font=f.small, anchor="lm")
        x += f.small.getlength(text) + gap


def drawn_section(view: CarcassonneView, width: int, f: Fonts) -> Image.Image | None:
    """The drawn tile in its four rotations, labelled r0..r3, so the rotation can be chosen by eye."""
    if not view.drawn:
        return None
    s = f.scale
    pad = round(10 * s)
    gap = round(10 * s)
    size = min(round(84 * s), (width - 2 * pad - 3 * gap) // 4)
    size -= size % 2
    head_h = round(36 * s)
    label_h = round(28 * s)
    image = Image.new("RGB", (width, head_h + size + label_h + pad), P.PANEL_BG)
    d = ImageDraw.Draw(image)
    d.text((pad, head_h / 2), f"Drawn: {view.drawn}", fill=P.TEXT, font=f.title, anchor="lm")
    d.text((width - pad, head_h / 2), f"{_tiles(view.tiles_left)} left incl. this", fill=P.MUTED, font=f.small,
           anchor="rm")
    for r in range(4):
        x = pad + r * (size + gap)
        image.paste(tile_sprite(view.drawn, r, size), (x, head_h))
        d.text((x + size / 2, head_h + size + label_h / 2), f"r{r}", fill=P.TEXT, font=f.small_bold, anchor="mm")
    return image


def _symbols_in_play(view: CarcassonneView) -> tuple[set[str], set[str]]:
    """Symbol kinds on the tiles in play (board and drawn tile) and figure kinds on the board."""
    symbols: set[str] = set()
    ids = {p.tile for p in view.tiles} | ({view.drawn} if view.drawn else set())
    for tile_id in ids:
        if tile_id in all_tiles():
            symbols |= {i.kind for i in geometry(tile_id).icons}
    return symbols, {fg.kind for fg in view.figures}


def legend_section(view: CarcassonneView, width: int, f: Fonts) -> Image.Image:
    s = f.scale
    pad = round(10 * s)
    h = round(30 * s)
    symbols, pieces = _symbols_in_play(view)
    items: list[tuple[list[Image.Image], str]] = []
    square = Image.new("RGB", (h, h), P.LEGAL)
    ImageDraw.Draw(square).rectangle((0, 0, h - 1, h - 1), outline=(120, 120, 120))
    frame = Image.new("RGB", (h, h), P.FIELD)
    ImageDraw.Draw(frame).rectangle((0, 0, h - 1, h - 1), outline=P.OUTLINE_LIGHT, width=max(2, round(3 * s)))
    if view.legal_placements:
        items.append(([square], "drawn tile fits here"))
    if view.last_placed:
        items.append(([frame], "last tile placed"))
    colour = view.players[view.current].colour if view.current is not None and view.current < len(view.players) \
        else (view.players[0].colour if view.players else "red")
    fh = round(h * 0.95)
    items.append(([figures.follower(colour, fh)], "knight / thief / monk"))
    items.append(([figures.follower(colour, fh, lying=True)], "farmer"))
    if "large" in pieces or "erweiterung" in view.options:
        items.append(([figures.follower(colour, fh, large=True)], "large follower"))
    if pieces & {"builder", "pig"} or "haendler" in view.options:
        items.append(([figures.builder(colour, fh), figures.pig(colour, round(fh * 0.8))], "builder, pig"))
    if pieces & {"dragon", "fairy"} or "drache" in view.options:
        items.append(([figures.dragon(h), figures.fairy(h)], "dragon, fairy"))
    symbol_text = [("monastery", "monastery"), ("pennant", "pennant"), ("cathedral", "cathedral"), ("inn", "inn"),
                   ("volcano", "volcano"), ("dragon", "dragon tile"), ("portal", "magic portal"),
                   ("princess", "princess")]
    for kind, text in symbol_text:
        if kind in symbols:
            items.append(([icon(kind, h)], text))
    goods = [k for k in ("wine", "grain", "cloth") if k in symbols]
    if goods:
        items.append(([icon(k, h) for k in goods], ", ".join(goods)))
    if view.phase == "deploy" and view.deploy_options:
        box = Image.new("RGB", (round(h * 1.3), h), (255, 255, 255))
        bd = ImageDraw.Draw(box)
        bd.rectangle((0, 0, box.width - 1, h - 1), outline=(0, 0, 0))
        bd.text((box.width / 2, h / 2), "cn", fill=(0, 0, 0), font=font(round(h * 0.55), bold=True), anchor="mm")
        items.append(([box], "deploy code"))
    cols = max(1, min(3, int(width // (300 * s))))
    col_w = (width - 2 * pad) // cols
    rows = (len(items) + cols - 1) // cols
    row_h = round(h * 1.2)
    image = Image.new("RGB", (width, round(34 * s) + rows * row_h + pad), P.PANEL_BG)
    d = ImageDraw.Draw(image)
    d.text((pad, round(17 * s)), "Legend", fill=P.TEXT, font=f.title, anchor="lm")
    for k, (sprites, text) in enumerate(items):
        x = pad + (k % cols) * col_w
        y = round(34 * s) + (k // cols) * row_h + row_h / 2
        for sprite in sprites:
            if sprite.mode == "RGBA":
                paste_centred(image, sprite, (x + sprite.width / 2, y))
            else:
                image.paste(sprite, (round(x), round(y - sprite.height / 2)))
            x += sprite.width + round(4 * s)
        d.text((x + round(4 * s), y), _fit(text, f.small, col_w - (x - pad - (k % cols) * col_w) - pad), fill=P.TEXT,
               font=f.small, anchor="lm")
    return image
