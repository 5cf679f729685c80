"""The picture of ``/help GAME``: a real position of the game drawn by its own renderer, where the
notation players type can be seen on the board (a Carcassonne tile with its deploy codes,
Quetzal's space codes and worker faces, Florenza's card positions, Stone Age's places, Keyflower's
tile ids), under a title and over a key that says what each code means. Made for a phone: at
least 640 pixels wide and never more than twice as tall as wide."""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any, Callable

from PIL import Image, ImageDraw

from games.core.contract import Game
from renderers import registry
from renderers.common import N_, encode_png, font, min_text_px, word
from renderers.common.phone import MIN_WIDTH, max_height
from renderers.common.picture_words import speaking, with_codes
from renderers.common.textfit import fit, wrap
from renderers.legends import legend_rows
from renderers.stone_age.players import FIGURE_MARKS

PAPER = (248, 244, 234)
INK = (30, 30, 30)
TITLE_BG = (50, 60, 80)
TITLE_FG = (255, 255, 255)
CODE_BG = (255, 255, 255)
LINE = (200, 190, 170)
#: characters a Japanese line never starts with
#: in a key's code: the move the scene played to get there, and the scene's example component
MOVE = "{move}"
EXAMPLE = "{example}"


@dataclass(frozen=True)
class Scene:
    """Where a game shows its notation: ``steps`` moves from the start (each the first legal move
    of the first seat to act), drawn as ``region`` of ``viewer``'s view; ``key``: (code as typed,
    what it means) rows."""

    steps: int
    region: str | None
    viewer: int | None
    key: tuple[tuple[str, str], ...]
    #: a component of the position that the key names as an example (its id)
    example: Callable[[Any], str] | None = None
    #: the band of the drawn board's rows (top, bottom) to leave out, given the view and the
    #: board's height: a part the key does not need, so that the board, the key and the legend
    #: fit a phone
    leave_out: Callable[[Any, int], tuple[int, int]] | None = None
    #: the key's codes that are marks the pictures draw in the picture's language (Stone Age's
    #: ``F T H S``, ``農・道・小・呪`` in Japanese), not notation typed as it is: translated
    marks: frozenset[str] = frozenset()


SCENES: dict[str, Scene] = {
    "carcassonne": Scene(1, "board", None, (
        (MOVE, N_("the move that placed this tile: the square x,y and the rotation r0–r3")),
        ("cs", N_("a knight on the city, south edge")),
        ("rn  rw  re", N_("a thief on the road at the north, west or east edge")),
        ("fnw  fne  fes", N_("a farmer on the field at a half-edge: north-west, north-east, east-south")),
        ("m", N_("a monk on a monastery")),
        ("-", N_("no follower: /place X,Y rK -")),
    )),
    "quetzal": Scene(0, None, None, (
        ("camp  stele  t1–t5", N_("spaces, resolved in the order of their numbers")),
        ("3a  3b  3c  bm  v1–v3  hm  ship", N_("the other spaces: each code is written on its space")),
        ("1…6  big", N_("your workers; a white face is an archaeologist (w), a black one an adventurer (k)")),
        ("team t2 1 white", N_("one white worker to temple 2")),
        ("A…H", N_("the temple display's slots: take B H")),
    ), leave_out=lambda view, height: quetzal_village_and_track(view)),
    "florenza": Scene(0, "common", None, (
        ("M1…", N_("the monuments on display")),
        ("A1…", N_("the artists on display (A architect, P painter, S sculptor)")),
        ("L1…", N_("the locations, each usable once per round")),
        ("H1…", N_("the cards in your hand (your private view, /hand)")),
        ("ma wo me fa go sp", N_("marble, wood, metal, fabric, gold, spice")),
        ("fl", N_("florins")),
    )),
    "stoneage": Scene(0, None, 0, (
        ("place forest 3", N_("three people to the forest")),
        ("hunt  forest  clay  quarry  river", N_("the gathering places: food, wood, brick, stone, gold")),
        ("toolmaker  field  hut", N_("the village: a tool, agriculture, a new person")),
        ("building1–4  card1–4", N_("the building stacks and the cards (a card costs its number)")),
        (FIGURE_MARKS, N_("farmers, tool makers, hut builders and shamans on your cards")),
    ), leave_out=lambda view, height: (height - stone_age_strips_below(view), height),
        marks=frozenset({FIGURE_MARKS})),
    "keyflower": Scene(0, "board", None, (
        (EXAMPLE, N_("a tile by its id, written under its name")),
        (f"bid {EXAMPLE} 2 red", N_("bid two red keeples for that tile")),
        ("r  b  y  g", N_("keeple colours: red, blue, yellow, green")),
        ("w  s  i  au", N_("wood, stone, iron, gold")),
        ("place TILE q,r rK", N_("a tile into your village: its place and rotation")),
    ), lambda view: next(t.id for t in view.auction if not t.id.startswith("to"))),
}


def quetzal_village_and_track(view: Any) -> tuple[int, int]:
    """The rows of Quetzal's board between the Temple display and the players (the Village and
    the discovery track), at the scale the help picture draws it: the players' workers, which
    the key explains, stay."""
    from renderers.quetzal.panels import draw_header
    from renderers.quetzal.places import board_layout, display_end, track_end, village_end
    header = draw_header(view, [""] * len(view.players), 1.0).height
    village = display_end(board_layout()[1])
    return header + round(village), header + round(track_end(view, village_end(village)))


def stone_age_strips_below(view: Any) -> int:
    """The height of Stone Age's player strips after the first (the viewer's strip shows what
    the key and the legend explain), with the gap before them."""
    from renderers.stone_age.board import GAP
    from renderers.stone_age.players import STRIP
    return (STRIP + GAP) * (len(view.players) - 1) + GAP + 2


def scene(game: Game) -> Scene | None:
    return SCENES.get(game.name)


def help_picture(game: Game, locale: str | None = None) -> bytes | None:
    """PNG of the game's notation shown on its board, in ``locale`` (None when the game has no
    renderer or no scene)."""
    found = scene(game)
    if found is None or not registry.has_pictures(game.name):
        return None
    with speaking(locale), with_codes():
        return encode_png(_picture(game, found))


def position(game: Game, found: Scene):
    """The scene's position: the state after its steps, and the last move played ("" for none)."""
    state = game.setup(game.min_players, frozenset(spec.name for spec in game.options if spec.default), 1)
    move = ""
    for _ in range(found.steps):
        seat = sorted(game.to_act(state))[0]
        action = game.legal_actions(state, seat)[0]
        move = str(action)
        game.apply(state, seat, action)
    return state, move


def key_rows(game: Game) -> list[tuple[str, str]]:
    """The key of the game's help picture: (code as typed, its meaning in the picture's language)."""
    found = scene(game)
    if found is None:
        return []
    state, move = position(game, found)
    example = found.example(game.view(state, None)) if found.example else ""
    return [(word(code) if code in found.marks else code.replace(MOVE, move).replace(EXAMPLE, example), word(meaning))
            for code, meaning in found.key]


def scene_board(game: Game, found: Scene) -> Image.Image:
    """The scene's position as the help picture shows it: drawn by the game's renderer, without
    the band the scene leaves out (in the language being spoken)."""
    state, _ = position(game, found)
    names = [word("Player {n}", n=seat + 1) for seat in range(game.min_players)]
    view = game.view(state, found.viewer)
    drawn = registry.render(game.name, view, names, region=found.region)
    if drawn is None:
        raise ValueError(f"{game.name} has a help scene but no renderer")
    board = Image.open(io.BytesIO(drawn)).convert("RGB")
    if found.leave_out is not None:
        board = without_rows(board, *found.leave_out(view, board.height))
    return board


def _picture(game: Game, found: Scene) -> Image.Image:
    board = scene_board(game, found)
    width = max(MIN_WIDTH, board.width)
    for _ in range(12):             # wider until it is no taller than twice its width
        title, key = _words(game, width)
        height = title.height + board.height + key.height
        if height <= max_height(width):
            break
        width = max(width + 8, math.ceil(height / 2))
    canvas = Image.new("RGB", (width, height), PAPER)
    canvas.paste(title, (0, 0))
    canvas.paste(board, ((width - board.width) // 2, title.height))
    canvas.paste(key, (0, title.height + board.height))
    assert canvas.height <= max_height(canvas.width)
    return canvas


def without_rows(image: Image.Image, top: int, bottom: int) -> Image.Image:
    """``image`` without its rows from ``top`` to ``bottom``: what was below moves up."""
    out = Image.new(image.mode, (image.width, image.height - (bottom - top)))
    out.paste(image.crop((0, 0, image.width, top)), (0, 0))
    out.paste(image.crop((0, bottom, image.width, image.height)), (0, top))
    return out


def _words(game: Game, width: int) -> tuple[Image.Image, Image.Image]:
    """The title band and the key (the codes players type, then the legend of the icons and
    abbreviations the pictures draw) laid out ``width`` pixels wide."""
    size = max(min_text_px(width), round(width / 40))
    title = _title(width, word("{game}: what to type", game=word(game.title)), size)
    key = _key(width, key_rows(game), size)
    legend = legend_rows(game.name)
    if legend:
        small = max(min_text_px(width), round(width / 48))
        key = _stack([key, _heading(width, word("What the pictures show"), small), _legend(width, legend, small)], width)
    return title, key


def _stack(parts: list[Image.Image], width: int) -> Image.Image:
    out = Image.new("RGB", (width, sum(p.height for p in parts)), PAPER)
    y = 0
    for part in parts:
        out.paste(part, (0, y))
        y += part.height
    return out


def _heading(width: int, text: str, size: int) -> Image.Image:
    band = Image.new("RGB", (width, round(size * 1.5)), PAPER)
    draw = ImageDraw.Draw(band)
    face = font(size * 1.1, True)
    draw.text((round(size * 0.6), band.height / 2), fit(text, width - size * 1.2, lambda t: draw.textlength(t, font=face)),
              fill=INK, font=face, anchor="lm")
    return band


def _title(width: int, text: str, size: int) -> Image.Image:
    band = Image.new("RGB", (width, round(size * 2.2)), TITLE_BG)
    draw = ImageDraw.Draw(band)
    face = font(size * 1.15, True)
    draw.text((round(size * 0.6), band.height / 2), fit(text, width - size * 1.2, lambda t: draw.textlength(t, font=face)), fill=TITLE_FG,
              font=face, anchor="lm")
    return band


#: the most lines a code or a meaning takes in the key (a longer one would be cut: none is)
KEY_LINES = 6


def key_layout(width: int, rows: list[tuple[str, str]], size: int) -> list[tuple[list[str], list[str]]]:
    """Each row of the key as (the code's lines, the meaning's lines), wrapped to fit ``width``;
    a line cut short ends with an ellipsis."""
    pad = round(size * 0.6)
    code_face, text_face = font(size, True), font(size)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    widest = max((probe.textlength(code, font=code_face) for code, _ in rows), default=0) + pad
    code_w = min(width * 0.4, widest)
    text_w = width - code_w - 4 * pad
    return [(wrap(code, code_w - pad / 2, lambda t: probe.textlength(t, font=code_face), KEY_LINES),
             wrap(meaning, text_w, lambda t: probe.textlength(t, font=text_face), KEY_LINES)) for code, meaning in rows]


def legend_layout(width: int, rows: list[tuple[str, str]], size: int) -> list[list[str]]:
    """Each line of the legend as the lines it takes ``width`` pixels wide: the first starts with
    the token (drawn in bold), the meaning follows it and goes on under it; none is cut short."""
    pad = round(size * 0.6)
    bold, plain = font(size, True), font(size)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    laid = []
    for token, meaning in rows:
        wider = probe.textlength(token, font=bold) - probe.textlength(token, font=plain)
        laid.append(wrap(f"{token}  {meaning}", width - 2 * pad - wider, lambda t: probe.textlength(t, font=plain),
                         KEY_LINES))
    return laid


def _legend(width: int, rows: list[tuple[str, str]], size: int) -> Image.Image:
    """The legend: one paragraph per token, the token in bold and its meaning after it."""
    pad = round(size * 0.6)
    bold, plain = font(size, True), font(size)
    laid = legend_layout(width, rows, size)
    line_h = round(size * 1.3)
    image = Image.new("RGB", (width, pad + sum(len(lines) * line_h + pad // 2 for lines in laid) + pad), PAPER)
    draw = ImageDraw.Draw(image)
    y = pad
    for (token, _), lines in zip(rows, laid):
        for i, text in enumerate(lines):
            x = pad
            if i == 0 and text.startswith(token):
                draw.text((x, y + line_h / 2), token, fill=INK, font=bold, anchor="lm")
                x += draw.textlength(token + "  ", font=bold)
                text = text[len(token):].lstrip()
            draw.text((x, y + line_h / 2), text, fill=INK, font=plain, anchor="lm")
            y += line_h
        y += pad // 2
    return image


def _key(width: int, rows: list[tuple[str, str]], size: int) -> Image.Image:
    """One row per code: the code in a white box as it is typed (or drawn), then its meaning."""
    pad = round(size * 0.6)
    code_face, text_face = font(size, True), font(size)
    laid = key_layout(width, rows, size)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    widest = max((probe.textlength(code, font=code_face) for code, _ in rows), default=0) + pad
    code_w = min(width * 0.4, widest)
    line_h = round(size * 1.35)
    height = pad + sum(max(1, len(code), len(lines)) * line_h + pad for code, lines in laid) + pad
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.line((pad, 2, width - pad, 2), fill=LINE, width=2)
    y = pad
    for code, lines in laid:
        row_h = max(1, len(code), len(lines)) * line_h
        draw.rounded_rectangle((pad, y, pad + code_w, y + len(code) * line_h), radius=round(size / 4), fill=CODE_BG,
                               outline=INK)
        for i, text in enumerate(code):
            draw.text((pad + code_w / 2, y + line_h * (i + 0.5)), text, fill=INK, font=code_face, anchor="mm")
        for i, text in enumerate(lines):
            draw.text((2 * pad + code_w, y + line_h * (i + 0.5)), text, fill=INK, font=text_face, anchor="lm")
        y += row_h + pad
    return image
