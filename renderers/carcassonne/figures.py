"""Figure sprites: followers (standing, lying, large), builder, pig, dragon and fairy.

Every player figure is filled with its seat colour and carries the colour's letter, so colour is
never the only cue; the shape tells the kind. Sprites are drawn once per (kind, colour, size).
"""
from __future__ import annotations


from PIL import Image, ImageDraw

from renderers.carcassonne import icons
from renderers.common import PLAYER_COLOURS, font, text_cache

SS = 4
HALO = (255, 255, 255, 255)

# a meeple in a unit box, clockwise from the neck
MEEPLE = [
    (0.37, 0.29), (0.63, 0.29), (0.95, 0.41), (1.0, 0.5), (0.95, 0.6), (0.68, 0.56), (0.82, 0.95),
    (0.79, 1.0), (0.58, 1.0), (0.5, 0.82), (0.42, 1.0), (0.21, 1.0), (0.18, 0.95), (0.32, 0.56),
    (0.05, 0.6), (0.0, 0.5), (0.05, 0.41),
]
MEEPLE_HEAD = (0.5, 0.17, 0.155)
BUILDER = [(0.36, 0.34), (0.64, 0.34), (0.98, 1.0), (0.02, 1.0)]
BUILDER_HEAD = (0.5, 0.25, 0.14)
BUILDER_HAT = [(0.1, 0.1), (0.3, 0.1), (0.36, 0.0), (0.64, 0.0), (0.7, 0.1), (0.9, 0.1), (0.9, 0.18), (0.1, 0.18)]


def _rgb(colour: str) -> tuple[tuple[int, int, int], tuple[int, int, int], str]:
    c = PLAYER_COLOURS[colour]
    return c.fill, c.text, c.letter


def _outline_for(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    luma = 0.3 * fill[0] + 0.59 * fill[1] + 0.11 * fill[2]
    return (235, 235, 235) if luma < 70 else (20, 20, 20)


def _silhouette(d: ImageDraw.ImageDraw, pts, head, box: tuple[float, float, float, float], fill, outline, width: int,
                hat=None, grow: bool = False) -> None:
    """Body, head and hat; ``grow`` strokes the outline outwards too (for the halo and rim)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0

    def tr(p):
        return (x0 + p[0] * w, y0 + p[1] * h)

    cx, cy, r = head
    cx, cy, rr = x0 + cx * w, y0 + cy * h, r * h
    shapes = [[tr(p) for p in pts]] + ([[tr(p) for p in hat]] if hat else [])
    if grow:
        for poly in shapes:
            d.polygon(poly, fill=fill)
            d.line(poly + [poly[0]], fill=fill, width=width, joint="curve")
        big = rr + width / 2
        d.ellipse((cx - big, cy - big, cx + big, cy + big), fill=fill)
        return
    d.polygon(shapes[0], fill=fill, outline=outline, width=width)
    d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill, outline=outline, width=width)
    # hide the outline where the head meets the body
    nx0, nx1 = shapes[0][0][0] + width, shapes[0][1][0] - width
    ny0, ny1 = cy + rr * 0.55, shapes[0][0][1] + width * 1.2
    if nx1 > nx0 and ny1 > ny0:
        d.rectangle((nx0, ny0, nx1, ny1), fill=fill)
    if hat:
        d.polygon(shapes[1], fill=fill, outline=outline, width=width)


def _letter(image: Image.Image, letter: str, centre: tuple[float, float], size: int, colour, outline,
            smallest: int = 0) -> None:
    """The colour's letter (a mark); left out when it would be smaller than ``smallest`` pixels."""
    if size < smallest:
        return
    d = ImageDraw.Draw(image)
    d.text(centre, letter, fill=colour, font=font(max(6, size), bold=True, mark=True), anchor="mm",
           stroke_width=max(1, size // 10) if colour != (0, 0, 0) else 0, stroke_fill=outline)


def _figure(pts, head, colour: str, height: int, width_ratio: float, lying: bool, hat=None,
            letter_at: float = 0.52, rim: bool = False, letter_min: int = 0) -> Image.Image:
    fill, text, letter = _rgb(colour)
    outline = _outline_for(fill)
    h = height * SS
    w = round(h * width_ratio)
    pad = max(2, round(h * (0.14 if rim else 0.08)))
    image = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    box = (pad, pad, pad + w, pad + h)
    if rim:
        _silhouette(d, pts, head, box, (20, 20, 20, 255), None, round(h * 0.26), hat, grow=True)
    _silhouette(d, pts, head, box, HALO, None, round(h * 0.14), hat, grow=True)
    _silhouette(d, pts, head, box, fill + (255,), outline + (255,), max(1, round(h * 0.05)), hat)
    if lying:
        image = image.transpose(Image.Transpose.ROTATE_90)
    small = image.resize((image.width // SS, image.height // SS), Image.Resampling.LANCZOS)
    # the letter sits on the chest; a lying figure has its head to the west
    inner = pad / SS / (small.height if not lying else small.width)
    at = inner + letter_at * (1 - 2 * inner)
    cx, cy = (small.width * at, small.height * 0.5) if lying else (small.width / 2, small.height * at)
    _letter(small, letter, (cx, cy), round(height * 0.42), text, fill, letter_min)
    return small


@text_cache(maxsize=1536)      # every colour and kind at every size of the board and the panel, per language
def follower(colour: str, height: int, lying: bool = False, large: bool = False, letter_min: int = 0) -> Image.Image:
    """A meeple; ``lying`` for a farmer; ``large`` for the large follower (bigger, dark rim).
    ``letter_min``: the smallest letter worth drawing (smaller figures carry none)."""
    if large:
        return _figure(MEEPLE, MEEPLE_HEAD, colour, round(height * 1.32), 0.96, lying, rim=True, letter_min=letter_min)
    return _figure(MEEPLE, MEEPLE_HEAD, colour, height, 0.96, lying, letter_min=letter_min)


@text_cache(maxsize=384)
def builder(colour: str, height: int, letter_min: int = 0) -> Image.Image:
    """The builder: a tall figure with a hat (no arms), in the owner's colour."""
    return _figure(BUILDER, BUILDER_HEAD, colour, round(height * 1.1), 0.78, False, BUILDER_HAT, 0.68, letter_min=letter_min)


@text_cache(maxsize=384)
def pig(colour: str, height: int, letter_min: int = 0) -> Image.Image:
    """The pig: a round body on four legs with a snout, in the owner's colour."""
    fill, text, letter = _rgb(colour)
    outline = _outline_for(fill)
    h = height * SS
    w = round(h * 1.45)
    pad = round(h * 0.12)
    image = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    lw = max(1, round(h * 0.05))

    def parts(colour_fill, colour_line, width):
        for lx in (0.2, 0.36, 0.6, 0.76):
            d.rectangle((pad + lx * w, pad + 0.62 * h, pad + (lx + 0.1) * w, pad + 0.98 * h), fill=colour_fill,
                        outline=colour_line, width=width)
        d.ellipse((pad + 0.08 * w, pad + 0.22 * h, pad + 0.86 * w, pad + 0.84 * h), fill=colour_fill,
                  outline=colour_line, width=width)
        d.polygon([(pad + 0.74 * w, pad + 0.28 * h), (pad + 0.8 * w, pad + 0.02 * h), (pad + 0.9 * w, pad + 0.3 * h)],
                  fill=colour_fill, outline=colour_line, width=width)
        d.ellipse((pad + 0.86 * w, pad + 0.36 * h, pad + 1.0 * w, pad + 0.62 * h), fill=colour_fill,
                  outline=colour_line, width=width)

    parts(HALO, HALO, round(h * 0.14))
    parts(fill + (255,), outline + (255,), lw)
    d.ellipse((pad + 0.93 * w, pad + 0.45 * h, pad + 0.96 * w, pad + 0.5 * h), fill=outline + (255,))
    d.arc((pad + 0.0 * w, pad + 0.3 * h, pad + 0.12 * w, pad + 0.5 * h), 90, 330, fill=outline + (255,), width=lw)
    small = image.resize((image.width // SS, image.height // SS), Image.Resampling.LANCZOS)
    _letter(small, letter, (small.width * 0.45, small.height * 0.52), round(height * 0.42), text, fill, letter_min)
    return small


@text_cache(maxsize=64)
def dragon(height: int) -> Image.Image:
    """The dragon figure: a red dragon on a white disc with a dark rim."""
    s = height * SS
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    d.ellipse((0, 0, s - 1, s - 1), fill=(255, 255, 255, 255), outline=(20, 20, 20, 255), width=round(s * 0.07))
    inner = round(s * 0.74)
    sprite = Image.new("RGBA", (inner, inner), (0, 0, 0, 0))
    icons.dragon(ImageDraw.Draw(sprite), inner, colour=(176, 20, 28))
    image.paste(sprite, ((s - inner) // 2, (s - inner) // 2), sprite)
    return image.resize((height, height), Image.Resampling.LANCZOS)


@text_cache(maxsize=64)
def fairy(height: int) -> Image.Image:
    """The fairy: a winged figure on a pale violet disc."""
    s = height * SS
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    ink = (20, 20, 20, 255)
    w = round(s * 0.05)
    d.ellipse((0, 0, s - 1, s - 1), fill=(236, 220, 255, 255), outline=ink, width=round(s * 0.07))
    for box in ((0.14, 0.22, 0.5, 0.52), (0.5, 0.22, 0.86, 0.52), (0.2, 0.48, 0.5, 0.72), (0.5, 0.48, 0.8, 0.72)):
        d.ellipse([v * s for v in box], fill=(160, 220, 255, 255), outline=ink, width=w)
    d.polygon([(0.5 * s, 0.36 * s), (0.64 * s, 0.86 * s), (0.36 * s, 0.86 * s)], fill=(240, 110, 180, 255),
              outline=ink, width=w)
    d.ellipse((0.41 * s, 0.16 * s, 0.59 * s, 0.34 * s), fill=(255, 224, 190, 255), outline=ink, width=w)
    return image.resize((height, height), Image.Resampling.LANCZOS)
