"""The panel beside or below the board: players, the drawn tile, and a legend of what is in play."""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.carcassonne.addons.drache import DragonPart
from games.carcassonne.addons.koenig import Holder, KingRobberPart
from games.carcassonne.components import all_tiles
from games.carcassonne.view import CarcassonneView
from renderers.carcassonne import figures, palette as P
from renderers.carcassonne.geometry import geometry
from renderers.carcassonne.icons import icon
from renderers.carcassonne.overlays import DRAGON, FAIRY, PORTAL, PRINCESS, targets
from renderers.carcassonne.stamps import Stamp, stamp_rgb
from renderers.carcassonne.text import (
    draw_pieces, draw_text, fit, pieces_width, text_sprite, text_stamp, text_width,
)
from renderers.common import N_, PLAYER_COLOURS, drawlog, text_cache, textfit, word, words
from renderers.common.text import digit_pieces
from renderers.carcassonne.tilesprites import tile_sprite

#: the trade goods as the legend names them
GOODS = {"wine": N_("wine"), "grain": N_("grain"), "cloth": N_("cloth")}
FOLLOWERS_TOTAL = 7            # rules §1: every player has seven followers
GOLD = (150, 100, 0)
RGB = tuple[int, int, int]
TITLE_NUMBERS = 256            # the numbers of the players' title (turn, tiles left) drawn ahead


@dataclass(frozen=True)
class Fonts:
    """Font sizes of the panel at a scale, never below ``floor`` (text) and ``mark`` (a letter on
    a figure) pixels: the floors of the image's width."""
    scale: float
    floor: int = 0
    mark: int = 0

    @property
    def title(self) -> int:
        return max(self.floor, round(26 * self.scale))

    @property
    def name(self) -> int:
        return max(self.floor, round(25 * self.scale))

    @property
    def score(self) -> int:
        return max(self.floor, round(27 * self.scale))

    @property
    def small(self) -> int:
        return max(self.floor, round(19 * self.scale))

    @property
    def icon(self) -> int:
        """Height of a legend symbol: its code label (55 % of it) stays readable."""
        return max(round(30 * self.scale), math.ceil(self.small / 0.55))


def _tiles(n: int) -> str:
    return words("{n} tile", "{n} tiles", by="n", n=n)


def _holders(view: CarcassonneView) -> tuple[Holder | None, Holder | None]:
    """Who holds the King and who the Robber Baron (None: nobody, or King & Robber Baron is off)."""
    part = view.part(KingRobberPart)
    return (part.king, part.robber) if part is not None else (None, None)


def _dragon_step(view: CarcassonneView) -> int:
    """The dragon's step this turn (its path so far, where it woke up included)."""
    part = view.part(DragonPart)
    return len(part.path) if part is not None else 0


@dataclass(frozen=True)
class PlayersShape:
    """Where the players section puts things: its title (and the discarded tiles' note), then one
    row per player, ``pad`` below them."""
    pad: int
    row_h: int
    head_h: int         # the title and the note together
    note_h: int

    def row_top(self, k: int) -> int:
        return self.head_h + k * self.row_h

    def height(self, players: int) -> int:
        return self.head_h + self.row_h * players + self.pad


def players_shape(view: CarcassonneView, f: Fonts) -> PlayersShape:
    s = f.scale
    note_h = round(28 * s) if view.discarded else 0
    return PlayersShape(round(10 * s), round(62 * s), round(42 * s) + note_h, note_h)


def players_section(view: CarcassonneView, names: list[str], width: int, f: Fonts) -> Image.Image:
    """Turn and tiles left, then one row per player: colour and letter, name, score, and what the
    player has in supply; the current player's row is highlighted and marked with a triangle."""
    shape = players_shape(view, f)
    image = Image.new("RGB", (width, shape.height(len(view.players))), P.PANEL_BG)
    players_title(image, view, width, f)
    for k, p in enumerate(view.players):
        player_row(image, view, names, p, shape.row_top(k), width, f)
    return image


def players_title_text(view: CarcassonneView) -> tuple[str, str | None]:
    """The players section's title, and its note of discarded tiles (None without any)."""
    if view.phase == "over" or not view.to_act:
        title = word("Game over · turn {turn}", turn=view.turn)
    elif view.phase == "dragon":
        title = word("Turn {turn} · dragon step {step} of 6", turn=view.turn, step=_dragon_step(view))
    else:
        title = word("Turn {turn} · {tiles} left", turn=f"{view.turn}{'b' if view.second else ''}",
                     tiles=_tiles(view.tiles_left))
    note = None
    if view.discarded:
        shown = ", ".join(view.discarded[-6:])
        note = word("Discarded (no place fits): {tiles}", tiles=('…, ' if len(view.discarded) > 6 else '') + shown)
    return title, note


def players_title(image: Image.Image, view: CarcassonneView, width: int, f: Fonts) -> None:
    """The title (turn, tiles left) and the note of discarded tiles, at the top of ``image``."""
    shape = players_shape(view, f)
    pad, head_h = shape.pad, shape.head_h - shape.note_h
    title, note = players_title_text(view)
    draw_pieces(image, (pad, head_h / 2), fit(title, f.title, True, width - 2 * pad, pieces_width), f.title, True, P.TEXT)
    if note is not None:
        draw_text(image, (pad, head_h + shape.note_h / 2 - 2), fit(note, f.small, False, width - 2 * pad), f.small, False,
                  P.MUTED, "lm")


def row_shows(view: CarcassonneView, names: list[str], k: int) -> tuple:
    """Everything player ``k``'s row draws (besides the sizes): a key for the row's picture."""
    p = view.players[k]
    return (p, _row_label(names, p), p.seat in view.to_act, *_holders(view), "large" in view.pieces,
            "builder" in view.pieces)


def _row_name(names: list[str], p) -> str:
    return names[p.seat] if p.seat < len(names) and names[p.seat] else word("Player {n}", n=p.seat + 1)


def _row_label(names: list[str], p) -> str:
    return word("{name} ({letter})", name=_row_name(names, p), letter=p.letter)


def player_row(image: Image.Image, view: CarcassonneView, names: list[str], p, top: int, width: int, f: Fonts) -> None:
    """Player ``p``'s row, from ``top``: colour and letter, name, score and supply."""
    image.paste(row_image(view, names, p, width, f), (0, top))


def row_image(view: CarcassonneView, names: list[str], p, width: int, f: Fonts) -> Image.Image:
    """Player ``p``'s row (RGB, ``width`` wide): stamped from its sprites (renderers.carcassonne.stamps)."""
    under, stamps = row_stamps(view, names, p, width, f)
    return stamp_rgb(stamps, (width, players_shape(view, f).row_h), P.PANEL_BG, under)


@functools.lru_cache(maxsize=16)
def _highlight(width: int, row_h: int, pad: int, marker_w: int, s: float) -> Image.Image:
    """The current player's row: a pale yellow band with a triangle pointing at the player."""
    image = Image.new("RGB", (width, row_h), P.PANEL_BG)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((pad // 2, 2, width - pad // 2, row_h - 2), radius=round(8 * s), fill=P.CURRENT_BG,
                        outline=(200, 160, 40), width=max(1, round(2 * s)))
    d.polygon([(pad, row_h * 0.3), (pad + marker_w * 0.7, row_h * 0.42), (pad, row_h * 0.54)], fill=P.TEXT)
    return image


def _centred(sprite: Image.Image, centre: tuple[float, float]) -> Stamp:
    """A sprite with its centre at ``centre`` (where paste_centred puts it)."""
    return sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2))


def row_stamps(view: CarcassonneView, names: list[str], p, width: int, f: Fonts) -> tuple[RGB, list[Stamp]]:
    """The colour the row's sprites lie on, and its sprites and words and where they go: colour
    and letter, name, score and supply; the current player's row highlighted and marked with a
    triangle."""
    s = f.scale
    shape = players_shape(view, f)
    pad, row_h = shape.pad, shape.row_h
    ih = _supply_height(f)
    king, robber = _holders(view)
    current = p.seat in view.to_act
    marker_w = round(22 * s)
    stamps: list[Stamp | None] = []
    if current:
        stamps.append((_highlight(width, row_h, pad, marker_w, s), (0, 0)))
    meeple = figures.follower(p.colour, _meeple_height(f))
    stamps.append(_centred(meeple, (pad + marker_w + meeple.width / 2, row_h * 0.42)))
    x = pad + marker_w + meeple.width + round(8 * s)
    score = str(p.score)
    score_w = text_width(score, f.score, True)
    titles = []
    if king is not None and king.seat == p.seat:
        titles.append(word("King {size}", size=king.size) if king.size else word("King"))
    if robber is not None and robber.seat == p.seat:
        titles.append(word("Robber {size}", size=robber.size) if robber.size else word("Robber"))
    room = width - x - score_w - 3 * pad
    line = row_h * 0.34
    right = width - 2.5 * pad - score_w
    for title in reversed(titles):
        badge = _badge(max(round(30 * s), 2 * f.floor), title, PLAYER_COLOURS[p.colour].fill if p.colour in PLAYER_COLOURS else GOLD)
        right -= badge.width
        stamps.append((badge, (round(right), round(line - badge.height / 2))))
        right -= round(4 * s)
        room -= badge.width + round(4 * s)
    # the name and the score go on last, over the supply line: a tall figure there (the large
    # follower) must not hide the seat's letter at the end of the name
    after = word("{name} ({letter})", name="", letter=p.letter)
    name, size = textfit.fit_name(_row_name(names, p), room, f.name, lambda t, step: text_width(t, step, current),
                                  f.floor or f.name, after=after)
    with drawlog.field("name", name):
        words = [text_stamp((x, line), name + after, size, current, P.TEXT, "lm")]
    words.append(text_stamp((width - pad * 1.5, line), score, f.score, True, P.TEXT, "rm"))
    supply = supply_figures(p.colour, f)
    details: list[tuple[Image.Image, str]] = [(supply[0], f"{p.followers}/{FOLLOWERS_TOTAL}")]
    if "large" in view.pieces or p.large:
        details.append((supply[1], str(p.large)))
    if "builder" in view.pieces or p.builder or p.pig:
        details.append((supply[2], str(p.builder)))
        details.append((supply[3], str(p.pig)))
    for good, n in p.goods:
        if good in ("wine", "grain", "cloth"):
            details.append((icon(good, ih), str(n)))
    stamps += _inline(details, (x, row_h * 0.74), width - pad, f)
    stamps += words
    return P.CURRENT_BG if current else P.PANEL_BG, [found for found in stamps if found is not None]


def _meeple_height(f: Fonts) -> int:
    """The height of the figure that starts a player's row."""
    return max(round(34 * f.scale), math.ceil(f.mark / 0.42))


def _supply_height(f: Fonts) -> int:
    """The height of the symbols of a player's supply."""
    return max(round(24 * f.scale), math.ceil(f.mark / 0.42))


def supply_figures(colour: str, f: Fonts) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """A player's supply as its row shows it: follower, large follower, builder, pig."""
    ih = _supply_height(f)
    return (figures.follower(colour, ih), figures.follower(colour, round(ih * 0.78), large=True, letter_min=f.mark),
            figures.builder(colour, round(ih * 0.9), f.mark), figures.pig(colour, round(ih * 0.75), f.mark))


def _legend_figures(colour: str, f: Fonts) -> tuple[Image.Image, ...]:
    """The figures the legend shows, in the current player's colour: follower standing, lying,
    large, builder, pig."""
    fh = round(f.icon * 0.95)
    return (figures.follower(colour, fh, letter_min=f.mark), figures.follower(colour, fh, lying=True, letter_min=f.mark),
            figures.follower(colour, fh, large=True, letter_min=f.mark), figures.builder(colour, fh, f.mark),
            figures.pig(colour, round(fh * 0.8), f.mark))


def legend_figures(view: CarcassonneView, f: Fonts) -> tuple[Image.Image, ...]:
    """The figures of the legend: in the colour of the player to act."""
    if view.to_act and view.to_act[0] < len(view.players):
        colour = view.players[view.to_act[0]].colour
    else:
        colour = view.players[0].colour if view.players else "red"
    return _legend_figures(colour, f)


def warm_up(f: Fonts) -> None:
    """Draw every sprite of the panel that does not depend on a game (every colour's figures
    at the panel's sizes, the legend's symbols), so that no turn pays for one."""
    for colour in PLAYER_COLOURS:
        figures.follower(colour, _meeple_height(f))
        supply_figures(colour, f)
        _legend_figures(colour, f)
    figures.dragon(f.icon)
    figures.fairy(f.icon)
    titles = [word("Turn {turn} · {tiles} left", turn="10", tiles=_tiles(n)) for n in (1, 10)]
    titles += [word("Turn {turn} · dragon step {step} of 6", turn=10, step=1), word("Game over · turn {turn}", turn=10)]
    for title in titles + [str(n) for n in range(TITLE_NUMBERS)]:
        for piece in digit_pieces(title):
            text_sprite(piece, f.title, True, P.TEXT, "lm")
            text_width(piece, f.title, True)
    for kind in ("legal", "last", "portal", "path", "code", "fairy", "princess", "step"):
        _legend_square(f.icon, kind)
    for kind in ("monastery", "pennant", "cathedral", "inn", "volcano", "dragon", "portal", "princess", "wine", "grain",
                 "cloth"):
        icon(kind, f.icon)
    for good in GOODS:
        icon(good, _supply_height(f))


def _inline(items: list[tuple[Image.Image, str]], start: tuple[float, float], right: float, f: Fonts
            ) -> list[Stamp | None]:
    """Icon + number pairs on one line (what a player has in supply), cut at ``right``."""
    x, y = start
    gap = round(9 * f.scale)
    stamps: list[Stamp | None] = []
    for sprite, text in items:
        if x + sprite.width + text_width(text, f.small) + gap > right:
            break
        stamps.append(_centred(sprite, (x + sprite.width / 2, y)))
        x += sprite.width + 1
        stamps.append(text_stamp((x, y), text, f.small, False, P.MUTED, "lm"))
        x += text_width(text, f.small) + gap
    return stamps


def drawn_tile_size(width: int, scale: float) -> int:
    """The size of the drawn tile's four rotations in a drawn section ``width`` wide."""
    pad = gap = round(10 * scale)
    size = min(round(72 * scale), (width - 2 * pad - 3 * gap) // 4)
    return size - size % 4          # a multiple of 4, as the board's sizes


def drawn_section(view: CarcassonneView, width: int, f: Fonts) -> Image.Image | None:
    """The drawn tile in its four rotations, labelled r0..r3, so the rotation can be chosen by eye."""
    if not view.drawn:
        return None
    s = f.scale
    pad = gap = round(10 * s)
    size = drawn_tile_size(width, s)
    head_h = round(36 * s)
    label_h = max(round(28 * s), round(f.small * 1.4))
    image = Image.new("RGB", (width, drawn_height(width, f)), P.PANEL_BG)
    draw_text(image, (pad, head_h / 2), fit(word("Drawn: {tile}", tile=view.drawn), f.title, True, width - 2 * pad),
              f.title, True, P.TEXT, "lm")
    for r in range(4):
        x = pad + r * (size + gap)
        image.paste(tile_sprite(view.drawn, r, size), (x, head_h))
        draw_text(image, (x + size / 2, head_h + size + label_h / 2), f"r{r}", f.small, True, P.TEXT)
    return image


def drawn_height(width: int, f: Fonts) -> int:
    """The height of the drawn tile's section ``width`` wide."""
    s = f.scale
    return round(36 * s) + drawn_tile_size(width, s) + max(round(28 * s), round(f.small * 1.4)) + round(10 * s)


def _symbols_in_play(view: CarcassonneView) -> tuple[set[str], set[str]]:
    """Symbol kinds on the tiles in play (board and drawn tile) and figure kinds on the board."""
    symbols: set[str] = set()
    ids = {p.tile for p in view.tiles} | ({view.drawn} if view.drawn else set())
    for tile_id in ids:
        if tile_id in all_tiles():
            symbols |= {i.kind for i in geometry(tile_id).icons}
    return symbols, {fg.kind for fg in view.figures}


@text_cache(maxsize=64)
def _legend_square(h: int, kind: str) -> Image.Image:
    if kind == "legal":
        square = Image.new("RGB", (h, h), P.LEGAL)
        ImageDraw.Draw(square).rectangle((0, 0, h - 1, h - 1), outline=(120, 120, 120))
        return square
    if kind == "last":
        square = Image.new("RGB", (h, h), P.FIELD)
        d = ImageDraw.Draw(square)
        w = max(2, h // 9)
        d.rectangle((0, 0, h - 1, h - 1), outline=P.OUTLINE_DARK, width=w + 1)
        d.rectangle((w - 1, w - 1, h - w, h - w), outline=P.OUTLINE_LIGHT, width=w)
        return square
    if kind == "portal":
        square = Image.new("RGB", (h, h), P.FIELD)
        ImageDraw.Draw(square).rectangle((0, 0, h - 1, h - 1), outline=PORTAL, width=max(2, h // 8))
        return square
    if kind == "path":
        strip = Image.new("RGBA", (round(h * 1.3), h), (0, 0, 0, 0))
        d = ImageDraw.Draw(strip)
        d.line((2, h * 0.7, strip.width - 3, h * 0.3), fill=DRAGON + (255,), width=max(3, h // 6))
        r = max(2, h // 7)
        d.ellipse((2 - r / 2, h * 0.7 - r, 2 + r * 1.5, h * 0.7 + r), fill=DRAGON + (255,))
        return strip
    label, fill, ink, edge = {"code": ("cn", (255, 255, 255), (0, 0, 0), (0, 0, 0)),
                              "fairy": ("~", (255, 255, 255), (0, 0, 0), FAIRY),
                              "princess": ("!", PRINCESS, (255, 255, 255), PRINCESS),
                              "step": ("n", DRAGON, (255, 255, 255), DRAGON)}[kind]
    box = Image.new("RGB", (round(h * 1.3), h), fill)
    ImageDraw.Draw(box).rectangle((0, 0, box.width - 1, h - 1), outline=edge, width=1 if kind == "code" else 2)
    draw_text(box, (box.width / 2, h / 2), label, round(h * 0.55), True, ink)
    return box


@text_cache(maxsize=64)
def _badge(h: int, text: str, edge: tuple[int, int, int] = GOLD) -> Image.Image:
    """The King / Robber Baron badge: gold text, outlined in the holder's colour."""
    size = max(8, round(h * 0.5))
    badge = Image.new("RGB", (round(text_width(text, size, True) + h * 0.6), h), P.PANEL_BG)
    ImageDraw.Draw(badge).rounded_rectangle((1, 1, badge.width - 2, h - 2), radius=max(2, h // 5),
                                            fill=(255, 246, 214), outline=edge, width=max(2, h // 9))
    draw_text(badge, (badge.width / 2, h / 2), text, size, True, GOLD)
    return badge


def legend_items(view: CarcassonneView, f: Fonts) -> list[tuple[list[Image.Image], str]]:
    """The symbols a player may meet on this board, each with a few words."""
    h = f.icon
    symbols, pieces = _symbols_in_play(view)
    items: list[tuple[list[Image.Image], str]] = []
    if view.legal_placements:
        items.append(([_legend_square(h, "legal")], N_("drawn tile fits here")))
    if view.last_placed:
        items.append(([_legend_square(h, "last")], N_("last tile placed")))
    standing, lying, large, builder, pig = legend_figures(view, f)
    items.append(([standing], N_("knight / thief / monk")))
    items.append(([lying], N_("farmer")))
    if "large" in pieces or "large" in view.pieces:
        items.append(([large], N_("large follower")))
    if pieces & {"builder", "pig"} or "builder" in view.pieces:
        items.append(([builder, pig], N_("builder, pig")))
    if pieces & {"dragon", "fairy"} or "dragon" in view.pieces:
        items.append(([figures.dragon(h), figures.fairy(h)], N_("dragon, fairy")))
    for kind, text in (("monastery", N_("monastery")), ("pennant", N_("pennant")), ("cathedral", N_("cathedral")),
                       ("inn", N_("inn")), ("volcano", N_("volcano")), ("dragon", N_("dragon tile")),
                       ("portal", N_("magic portal")), ("princess", N_("princess"))):
        if kind in symbols:
            items.append(([icon(kind, h)], text))
    goods = [k for k in ("wine", "grain", "cloth") if k in symbols]
    if goods:
        items.append(([icon(k, h) for k in goods], word(", ").join(word(GOODS[k]) for k in goods)))
    if view.phase == "deploy" and view.deploy_options:
        items.append(([_legend_square(h, "code")], N_("deploy code")))
        found = targets(view)
        if found.portal:
            items.append(([_legend_square(h, "portal")], N_("portal: type code@x,y")))
        if found.fairy:
            items.append(([_legend_square(h, "fairy")], N_("fairy may go here: ~x,y")))
        if found.princess:
            items.append(([_legend_square(h, "princess")], N_("princess: send home, !x,y")))
    if view.phase == "dragon":
        items.append(([_legend_square(h, "path")], N_("dragon's path this turn")))
        items.append(([_legend_square(h, "step")], N_("dragon may step: dragon n")))
    if "king" in view.pieces:
        items.append(([_badge(max(h, 2 * f.floor), word("King")), _badge(max(h, 2 * f.floor), word("Robber"))],
                      N_("largest city / road")))
    return [(sprites, word(text)) for sprites, text in items]


def _item_width(sprites: list[Image.Image], text: str, f: Fonts) -> float:
    return sum(sp.width for sp in sprites) + round(4 * f.scale) * (len(sprites) + 1) + text_width(text, f.small)


def _legend_shape(items: list[tuple[list[Image.Image], str]], width: int, f: Fonts) -> tuple[int, int, int]:
    """Columns, row height and total height of the legend ``width`` wide: as many columns (up to
    three) as leave every item whole."""
    pad = round(10 * f.scale)
    widest = max((_item_width(sprites, text, f) for sprites, text in items), default=0)
    cols = 3
    while cols > 1 and widest + pad > (width - 2 * pad) / cols:
        cols -= 1
    row_h = max(round(36 * f.scale), f.icon + round(6 * f.scale))
    return cols, row_h, round(38 * f.scale) + math.ceil(len(items) / cols) * row_h + round(10 * f.scale)


def legend_height(items: list, width: int, f: Fonts) -> int:
    return _legend_shape(items, width, f)[2]


def legend_stamps(items: list[tuple[list[Image.Image], str]], width: int, f: Fonts,
                  figures_shown: tuple[Image.Image, ...] = ()) -> tuple[list[Stamp], list[Stamp]]:
    """The legend's words and symbols, then its figures (``figures_shown``, stamped last), and
    where each goes (renderers.carcassonne.stamps): the words and symbols change with the phase
    only, the figures with the player to act too (they are in that player's colour)."""
    s = f.scale
    pad = round(10 * s)
    cols, row_h, _ = _legend_shape(items, width, f)
    col_w = (width - 2 * pad) // cols
    base = [text_stamp((pad, round(19 * s)), word("Legend"), f.title, True, P.TEXT, "lm")]
    sprites_on: list[Stamp] = []
    for k, (sprites, text) in enumerate(items):
        x0 = pad + (k % cols) * col_w
        x = x0
        y = round(38 * s) + (k // cols) * row_h + row_h / 2
        for sprite in sprites:
            if sprite.mode == "RGBA":          # where paste_centred would put it
                at = (round(x + sprite.width / 2 - sprite.width / 2), round(y - sprite.height / 2))
            else:
                at = (round(x), round(y - sprite.height / 2))
            (sprites_on if any(sprite is shown for shown in figures_shown) else base).append((sprite, at))
            x += sprite.width + round(4 * s)
        base.append(text_stamp((x + round(4 * s), y), fit(text, f.small, False, col_w - (x - x0) - pad), f.small,
                               False, P.TEXT, "lm"))
    return [found for found in base if found is not None], sprites_on


def legend_section(items: list[tuple[list[Image.Image], str]], width: int, f: Fonts,
                   figures_shown: tuple[Image.Image, ...] = ()) -> Image.Image:
    """The legend (RGB): the symbols in play, each with a few words (``figures_shown``: see
    :func:`legend_stamps`)."""
    base, sprites = legend_stamps(items, width, f, figures_shown)
    return stamp_rgb(base + sprites, (width, legend_height(items, width, f)), P.PANEL_BG)
