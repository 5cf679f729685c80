"""Tile symbols (monastery, pennant, goods, ...) as small RGBA sprites, drawn upright.

Each icon is drawn once per pixel size (supersampled, then reduced) and cached.
"""
from __future__ import annotations

from typing import Callable

from PIL import Image, ImageDraw

from renderers.common import text_cache

SS = 4                      # supersampling factor
INK = (40, 30, 25, 255)

Draw = Callable[[ImageDraw.ImageDraw, float], None]     # draws into a square of side s


def _poly(d: ImageDraw.ImageDraw, pts: list[tuple[float, float]], s: float, fill, width: float = 0.05) -> None:
    d.polygon([(x * s, y * s) for x, y in pts], fill=fill, outline=INK, width=max(1, round(width * s)))


def _ellipse(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], s: float, fill, width: float = 0.05) -> None:
    d.ellipse([v * s for v in box], fill=fill, outline=INK, width=max(1, round(width * s)))


def monastery(d: ImageDraw.ImageDraw, s: float) -> None:
    _poly(d, [(0.12, 0.45), (0.88, 0.45), (0.88, 0.95), (0.12, 0.95)], s, (242, 234, 214))
    _poly(d, [(0.04, 0.5), (0.5, 0.14), (0.96, 0.5)], s, (190, 62, 48))
    _poly(d, [(0.42, 0.68), (0.58, 0.68), (0.58, 0.95), (0.42, 0.95)], s, (90, 60, 40))
    d.line([(0.5 * s, 0.0), (0.5 * s, 0.2 * s)], fill=INK, width=round(0.07 * s))
    d.line([(0.42 * s, 0.07 * s), (0.58 * s, 0.07 * s)], fill=INK, width=round(0.07 * s))


def cathedral(d: ImageDraw.ImageDraw, s: float) -> None:
    stone, roof = (214, 214, 222), (86, 96, 130)
    for x0 in (0.06, 0.7):
        _poly(d, [(x0, 0.3), (x0 + 0.24, 0.3), (x0 + 0.24, 0.96), (x0, 0.96)], s, stone)
        _poly(d, [(x0 - 0.02, 0.32), (x0 + 0.12, 0.04), (x0 + 0.26, 0.32)], s, roof)
    _poly(d, [(0.28, 0.46), (0.72, 0.46), (0.72, 0.96), (0.28, 0.96)], s, stone)
    _poly(d, [(0.26, 0.48), (0.5, 0.22), (0.74, 0.48)], s, roof)
    _ellipse(d, (0.42, 0.56, 0.58, 0.72), s, (240, 200, 90))
    _poly(d, [(0.43, 0.8), (0.57, 0.8), (0.57, 0.96), (0.43, 0.96)], s, (70, 50, 40))


def volcano(d: ImageDraw.ImageDraw, s: float) -> None:
    _poly(d, [(0.02, 0.95), (0.34, 0.3), (0.66, 0.3), (0.98, 0.95)], s, (112, 76, 56))
    _poly(d, [(0.34, 0.3), (0.66, 0.3), (0.6, 0.5), (0.52, 0.42), (0.46, 0.56), (0.4, 0.44)], s, (238, 90, 30))
    for x, y, r in ((0.42, 0.16, 0.07), (0.58, 0.1, 0.06), (0.5, 0.2, 0.05)):
        _ellipse(d, (x - r, y - r, x + r, y + r), s, (150, 150, 150), 0.03)


def pennant(d: ImageDraw.ImageDraw, s: float) -> None:
    shield = [(0.12, 0.08), (0.88, 0.08), (0.88, 0.5), (0.5, 0.96), (0.12, 0.5)]
    _poly(d, shield, s, (245, 245, 245), 0.08)
    _poly(d, [(0.5, 0.08), (0.88, 0.08), (0.88, 0.5), (0.5, 0.96)], s, (34, 78, 176), 0.0)
    d.polygon([(x * s, y * s) for x, y in shield], outline=INK, width=round(0.09 * s))


def wine(d: ImageDraw.ImageDraw, s: float) -> None:
    leaf = [(0.5, 0.16), (0.72, 0.02), (0.86, 0.14), (0.62, 0.24)]
    _poly(d, leaf, s, (70, 150, 60), 0.04)
    r = 0.13
    for x, y in ((0.28, 0.34), (0.5, 0.34), (0.72, 0.34), (0.39, 0.53), (0.61, 0.53), (0.5, 0.72), (0.5, 0.88)):
        _ellipse(d, (x - r, y - r, x + r, y + r), s, (128, 44, 140), 0.04)


def grain(d: ImageDraw.ImageDraw, s: float) -> None:
    gold = (236, 192, 60)
    for dx in (-0.22, 0.0, 0.22):
        d.line([((0.5 + dx * 0.4) * s, 0.98 * s), ((0.5 + dx) * s, 0.3 * s)], fill=INK, width=max(1, round(0.06 * s)))
    for dx in (-0.22, 0.0, 0.22):
        cx = 0.5 + dx
        for k in range(4):
            y = 0.08 + k * 0.11
            _ellipse(d, (cx - 0.09, y, cx + 0.09, y + 0.16), s, gold, 0.035)


def cloth(d: ImageDraw.ImageDraw, s: float) -> None:
    _poly(d, [(0.08, 0.22), (0.92, 0.22), (0.92, 0.82), (0.08, 0.82)], s, (120, 176, 230), 0.06)
    for y in (0.37, 0.52, 0.67):
        d.line([(0.08 * s, y * s), (0.92 * s, y * s)], fill=(40, 90, 160), width=max(1, round(0.05 * s)))
    _ellipse(d, (0.0, 0.16, 0.2, 0.88), s, (90, 140, 205), 0.06)


def princess(d: ImageDraw.ImageDraw, s: float) -> None:
    crown = [(0.06, 0.82), (0.06, 0.26), (0.3, 0.52), (0.5, 0.16), (0.7, 0.52), (0.94, 0.26), (0.94, 0.82)]
    _poly(d, crown, s, (246, 204, 40), 0.07)
    for x in (0.28, 0.5, 0.72):
        _ellipse(d, (x - 0.08, 0.6, x + 0.08, 0.76), s, (236, 96, 170), 0.035)


def inn(d: ImageDraw.ImageDraw, s: float) -> None:
    _ellipse(d, (0.0, 0.52, 0.62, 0.98), s, (96, 166, 232), 0.05)
    _poly(d, [(0.48, 0.42), (0.94, 0.42), (0.94, 0.8), (0.48, 0.8)], s, (250, 246, 236), 0.06)
    _poly(d, [(0.4, 0.46), (0.71, 0.12), (1.0, 0.46)], s, (196, 60, 44), 0.06)


def dragon(d: ImageDraw.ImageDraw, s: float, colour=(200, 36, 36)) -> None:
    _poly(d, [(0.5, 0.5), (0.02, 0.06), (0.2, 0.5), (0.08, 0.58)], s, colour, 0.05)
    _poly(d, [(0.5, 0.5), (0.98, 0.06), (0.8, 0.5), (0.92, 0.58)], s, colour, 0.05)
    _poly(d, [(0.5, 0.3), (0.64, 0.62), (0.56, 0.98), (0.44, 0.98), (0.36, 0.62)], s, colour, 0.05)
    _ellipse(d, (0.37, 0.12, 0.63, 0.38), s, colour, 0.05)
    _ellipse(d, (0.43, 0.2, 0.5, 0.27), s, (255, 230, 80), 0.0)
    _ellipse(d, (0.5, 0.2, 0.57, 0.27), s, (255, 230, 80), 0.0)


def portal(d: ImageDraw.ImageDraw, s: float) -> None:
    d.pieslice([0.1 * s, 0.05 * s, 0.9 * s, 0.85 * s], 180, 360, fill=(150, 60, 190), outline=INK, width=round(0.05 * s))
    _poly(d, [(0.1, 0.45), (0.3, 0.45), (0.3, 0.97), (0.1, 0.97)], s, (150, 60, 190))
    _poly(d, [(0.7, 0.45), (0.9, 0.45), (0.9, 0.97), (0.7, 0.97)], s, (150, 60, 190))
    d.pieslice([0.3 * s, 0.25 * s, 0.7 * s, 0.65 * s], 180, 360, fill=(236, 206, 255))
    d.rectangle([0.3 * s, 0.45 * s, 0.7 * s, 0.97 * s], fill=(236, 206, 255))
    for x, y in ((0.5, 0.5), (0.42, 0.72), (0.58, 0.8)):
        _ellipse(d, (x - 0.05, y - 0.05, x + 0.05, y + 0.05), s, (255, 255, 255), 0.0)


def junction(d: ImageDraw.ImageDraw, s: float) -> None:
    """A village square where roads end: a small slate-roofed hut (unlike the red monastery)."""
    _poly(d, [(0.15, 0.45), (0.85, 0.45), (0.85, 0.95), (0.15, 0.95)], s, (236, 230, 214), 0.09)
    _poly(d, [(0.02, 0.5), (0.5, 0.06), (0.98, 0.5)], s, (96, 100, 118), 0.09)


def spring(d: ImageDraw.ImageDraw, s: float) -> None:
    _ellipse(d, (0.04, 0.04, 0.96, 0.96), s, (78, 150, 222), 0.08)
    _ellipse(d, (0.3, 0.3, 0.7, 0.7), s, (190, 228, 255), 0.0)


def lake(d: ImageDraw.ImageDraw, s: float) -> None:
    _ellipse(d, (0.02, 0.1, 0.98, 0.9), s, (78, 150, 222), 0.04)
    d.arc([0.2 * s, 0.3 * s, 0.6 * s, 0.5 * s], 200, 340, fill=(200, 232, 255), width=max(1, round(0.04 * s)))
    d.arc([0.45 * s, 0.52 * s, 0.8 * s, 0.7 * s], 200, 340, fill=(200, 232, 255), width=max(1, round(0.04 * s)))


DRAWERS: dict[str, Draw] = {
    "monastery": monastery, "cathedral": cathedral, "volcano": volcano, "pennant": pennant,
    "wine": wine, "grain": grain, "cloth": cloth, "princess": princess, "inn": inn, "dragon": dragon,
    "portal": portal, "junction": junction, "spring": spring, "lake": lake,
}


@text_cache(maxsize=1024)
def icon(kind: str, size: int) -> Image.Image:
    """The symbol ``kind`` as an RGBA image of ``size`` x ``size`` pixels."""
    size = max(4, size)
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    DRAWERS[kind](ImageDraw.Draw(big), size * SS)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def paste_centred(target: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    target.paste(sprite, (x, y), sprite)

