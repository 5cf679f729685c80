"""Drawing primitives for Florenza: a vertical layout canvas, chips and card tiles (cached)."""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from renderers.common import textfit
from renderers.common import font, min_text_px, player_colour, text_cache
from renderers.common import drawlog
from renderers.common.picture_words import current_locale
from games.florenza.components import FLORINS_JAPANESE, RES_JAPANESE
from renderers.common.text import chained, coverage, digit_pieces, length, note_mask, paste_text, piece_starts
from renderers.florenza.palette import BADGE, CHIP_OUTLINE, FLAG, INK, PAPER, RESOURCE_COLOURS, WHITE


@dataclass
class Canvas:
    """A tall page drawn top to bottom; ``finish`` crops it to what was used."""

    width: int
    scale: float
    height: int = 6000

    def __post_init__(self) -> None:
        self.image = Image.new("RGB", (self.width, int(self.height * self.scale)), PAPER)
        self._pen, self._pen_on = ImageDraw.Draw(self.image), self.image
        self.y = 0
        self.floor = min_text_px(self.width)       # no text smaller (a phone shows it width-wide)

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        """The drawing on the page as it is now (a page that grew is a new image: ask again after
        ``ensure`` rather than keeping it)."""
        if self._pen_on is not self.image:
            self._pen, self._pen_on = ImageDraw.Draw(self.image), self.image
        return self._pen

    def s(self, value: float) -> int:
        return int(round(value * self.scale))

    def font(self, size: float, bold: bool = False) -> ImageFont.FreeTypeFont:
        """A font of ``size`` (at scale 1), never below the floor."""
        return font(max(self.floor, self.s(size)), bold)

    def fit(self, text: str, width: int, size: float, bold: bool = False) -> tuple[str, ImageFont.FreeTypeFont]:
        """``text`` in the largest font up to ``size`` (at scale 1) that fits ``width``, cut with an
        ellipsis at the floor if need be."""
        return fit(self.draw, text, width, max(self.floor, self.s(size)), bold, self.floor)

    def fit_name(self, name: str, width: int, size: float, bold: bool = False, before: str = "",
                 after: str = "") -> tuple[str, ImageFont.FreeTypeFont]:
        """``name`` (between ``before`` and ``after``, which stay whole) in the largest font up to
        ``size`` that fits ``width``, the name cut between grapheme clusters at the floor."""
        name, step = textfit.fit_name(name, width, max(self.floor, self.s(size)),
                                      lambda t, at: text_width(self.draw, t, font(at, bold)), self.floor, before, after)
        return name, font(step, bold)

    def ensure(self, more: int) -> None:
        """Grow the page when content runs past the bottom."""
        needed = self.y + more + self.s(40)
        if needed > self.image.height:
            bigger = Image.new("RGB", (self.width, max(needed, self.image.height * 2)), PAPER)
            bigger.paste(self.image, (0, 0))
            self.image = bigger

    def text(self, xy: tuple[int, int], text: str, fill: tuple[int, int, int],
             typeface: ImageFont.FreeTypeFont, anchor: str = "la") -> None:
        put_text(self.image, xy, text, fill, typeface, anchor)

    def run(self, xy: tuple[int, int], text: str, fill: tuple[int, int, int], typeface: ImageFont.FreeTypeFont) -> None:
        """``text`` left-aligned at ``xy``, a piece at a time (see :func:`put_run`)."""
        put_run(self.image, xy, text, fill, typeface)

    def page(self) -> Image.Image:
        """The used part (RGB)."""
        return self.image.crop((0, 0, self.width, self.y + self.s(8)))

    def finish(self) -> Image.Image:
        """The used part, reduced to a 255-colour palette (same look, a third of the bytes, faster PNG)."""
        return self.page().quantize(255, method=Image.Quantize.FASTOCTREE)


@text_cache(maxsize=8192)
def text_mask(text: str, typeface: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image, int, int]:
    """Rasterised text as an alpha mask, cached: most labels repeat from one image to the next
    (text the font cannot draw by itself is drawn by :func:`put_text` through the font chain)."""
    left, top, right, bottom = (int(edge) for edge in typeface.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    drawlog.rasterise(ImageDraw.Draw(mask), (-left, -top), text, fill=255, font=typeface, anchor=anchor)
    return mask, left, top


def put_text(image: Image.Image, xy: tuple[int, int], text: str, fill: tuple[int, int, int],
             typeface: ImageFont.FreeTypeFont, anchor: str = "la") -> None:
    if not text:
        return
    if chained(text, typeface):             # a name in another script, emoji: through the font chain
        mask, colour, left, top = coverage(text, typeface, anchor)
        paste_text(image, int(xy[0]) + left, int(xy[1]) + top, fill, mask, colour)
        if drawlog.active():
            note_mask(image.im, text, typeface, mask, int(xy[0]) + left, int(xy[1]) + top, colour)
        return
    mask, left, top = text_mask(text, typeface, anchor)
    image.paste(fill, (int(xy[0]) + left, int(xy[1]) + top), mask)
    if drawlog.active():
        note_mask(image.im, text, typeface, mask, int(xy[0]) + left, int(xy[1]) + top)


def put_run(image: Image.Image, xy: tuple[float, float], text: str, fill: tuple[int, int, int],
            typeface: ImageFont.FreeTypeFont, anchor: str = "la") -> float:
    """``text`` starting at ``xy`` (``anchor``: "la" or "lm"), drawn a piece at a time from the text
    cache (each digit, and the runs between digits, one after another at their advance): counts
    that change from turn to turn ("res 12", "discard 41") come from a few kept glyphs instead of
    a new rasterised text each. Returns the right end."""
    starts, end = piece_starts(xy[0], digit_pieces(text), lambda piece: length(piece, typeface))
    for start, piece in starts:
        put_text(image, (start, int(xy[1])), piece, fill, typeface, anchor)
    return end


def text_width(draw: ImageDraw.ImageDraw, text: str, typeface: ImageFont.FreeTypeFont) -> int:
    return int(length(text, typeface))


def fit(draw: ImageDraw.ImageDraw, text: str, width: int, size: int, bold: bool = False,
        smallest: int = 12) -> tuple[str, ImageFont.FreeTypeFont]:
    """Shrink the font (down to ``smallest``) and then cut the text so it fits ``width``."""
    text, size = textfit.shrink_and_fit(text, width, max(size, smallest),
                                        lambda t, step: text_width(draw, t, font(step, bold)), smallest)
    return text, font(size, bold)


def amount_label(code: str, amount: int | str) -> str:
    """An amount as the pictures write it: the code and count in English (``ma2``, ``fl150``);
    in Japanese the resource's name with the count after it (``大理石2``), florins after their
    count (``150フロリン``), as the Japanese help page writes them."""
    if current_locale() != "ja":
        return f"{code}{amount}"
    return f"{amount}{FLORINS_JAPANESE}" if code == "fl" else f"{RES_JAPANESE[code]}{amount}"


@text_cache(maxsize=512)
def chip(code: str, amount: int | str, height: int) -> Image.Image:
    """A rounded chip ``ma2`` / ``fl150`` (``大理石2`` / ``150フロリン``) in the resource's colour."""
    fill, ink = RESOURCE_COLOURS[code]
    typeface = font(int(height * 0.72), True)
    label = amount_label(code, amount)
    advance = length(label, typeface)
    width = int(advance) + int(height * 0.5)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, width - 1, height - 1), radius=height // 4, fill=fill,
                                            outline=CHIP_OUTLINE)
    put_run(image, (width // 2 - advance / 2, height // 2), label, ink, typeface, "lm")      # centred
    return image


def resource_label(code: str) -> str:
    """A resource as the pictures name it: its code in English (``ma``), its Japanese name
    (``大理石``) in Japanese."""
    return RES_JAPANESE[code] if current_locale() == "ja" else code


def chips(canvas: Canvas, x: int, y: int, cost: tuple[int, ...], florins: int, height: int,
          codes: tuple[str, ...], width: int | None = None) -> int:
    """Paste cost chips left to right; returns the x after the last chip. ``width``: the room
    the chips have; longer chips (the Japanese names, ``大理石2``) shrink to fit it, down to
    two thirds of ``height``, keeping their centre line."""
    amounts = [(code, amount) for code, amount in zip(codes, cost) if amount] + ([("fl", florins)] if florins else [])

    def laid(size: int) -> tuple[list[Image.Image], int]:
        sprites = [chip(code, amount, size) for code, amount in amounts]
        return sprites, sum(sprite.width + max(2, size // 6) for sprite in sprites)
    size = height
    sprites, total = laid(size)
    while width is not None and total > width and size > height * 2 // 3:
        size -= 1
        sprites, total = laid(size)
    gap = max(2, size // 6)
    for sprite in sprites:
        canvas.image.paste(sprite, (x, y + (height - size) // 2), sprite)
        x += sprite.width + gap
    return x


@text_cache(maxsize=64)
def seat_badge(seat: int, size: int) -> Image.Image:
    """The seat's colour with its letter: colour is never the only cue."""
    colour = player_colour(seat)
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 5, fill=colour.fill, outline=INK, width=2)
    draw.text((size // 2, size // 2), colour.letter, fill=colour.text, font=font(int(size * 0.68), True, mark=True), anchor="mm")
    return image


def flag(draw: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    """The captain mark: a small pennant on a pole."""
    draw.line((x, y, x, y + size), fill=INK, width=max(2, size // 8))
    draw.polygon([(x, y), (x + int(size * 0.8), y + size // 4), (x, y + size // 2)], fill=FLAG)


def pp_badge(canvas: Canvas, x: int, y: int, text: str, size: int, fill: tuple[int, int, int] = BADGE) -> int:
    """A dark rounded badge with prestige; returns its width."""
    typeface = canvas.font(size * 0.62, True)
    width = text_width(canvas.draw, text, typeface) + canvas.s(10)
    canvas.draw.rounded_rectangle((x, y, x + width, y + canvas.s(size)), radius=canvas.s(size) // 3, fill=fill)
    canvas.text((x + width // 2, y + canvas.s(size) // 2), text, WHITE, typeface, anchor="mm")
    return width
