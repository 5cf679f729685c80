"""Drawing a replay: the public picture at each key moment with the move that led to it marked in
a band on top, then the result, as one GIF in a palette fixed from the renderer's colours (the
players' colours come out exactly in every frame). Plain functions of plain data, so that they
can run in a worker thread or process."""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Sequence

from PIL import Image, ImageDraw

from games import registry
from games.core.contract import Game
from renderers import registry as renderers
from renderers.common import PlayerColour, drawlog, font, min_text_px, word
from renderers.common.bidi import isolate
from renderers.common.palette import fixed_palette
from renderers.common.picture_words import speaking
from renderers.common.result import INK, PAPER, TITLE_BG, TITLE_FG, WIN_BG
from renderers.common.text import draw_text, length
from renderers.common.textfit import ELLIPSIS, fit, fit_name

MAX_BYTES = 10_000_000 - 600_000   # Discord's upload limit (10 MB) less a margin for the message
MIN_WIDTH = 640


@dataclass(frozen=True)
class Move:
    """One logged move: its number in the log, the seat and the notation."""

    n: int
    seat: int
    text: str


@dataclass(frozen=True)
class Moment:
    """The state after ``moves`` (the moves since the previous moment)."""

    snapshot: dict
    moves: tuple[Move, ...]


def key_moments(game: Game, players: int, options: frozenset[str], seed: int, moves: Sequence[Move]) -> list[Moment]:
    """The state at the start, after every change of who is to act, and at the end."""
    state = game.setup(players, options, seed)
    moments = [Moment(game.to_json(state), ())]
    waiting = game.to_act(state)
    since: list[Move] = []
    for move in moves:
        game.apply(state, move.seat, game.parse(state, move.seat, move.text))
        since.append(move)
        now = game.to_act(state)
        if now != waiting or game.outcome(state) is not None:
            moments.append(Moment(game.to_json(state), tuple(since)))
            since = []
        waiting = now
    if since:
        moments.append(Moment(game.to_json(state), tuple(since)))
    return moments


def sample(items: list, most: int) -> list:
    """At most ``most`` items spread evenly, keeping the first and the last."""
    if len(items) <= most:
        return list(items)
    step = (len(items) - 1) / (most - 1)
    return [items[round(i * step)] for i in range(most)]


def caption(width: int, moves: Sequence[Move], names: Sequence[str], colours: Sequence[PlayerColour]) -> Image.Image:
    """The band over a frame: the move that led to it (and how many before it since the last frame)."""
    size = max(min_text_px(width), round(width / 34))
    band = Image.new("RGB", (width, round(size * 2.1)), TITLE_BG)
    draw = ImageDraw.Draw(band)
    pad = round(size * 0.6)
    mid = band.height / 2
    if not moves:
        draw.text((pad, mid), word("The start"), fill=TITLE_FG, font=font(size, True), anchor="lm")
        return band
    last = moves[-1]
    colour = colours[last.seat % len(colours)] if colours else None
    x = pad
    if colour is not None:
        side = size * 1.3
        draw.rounded_rectangle((x, mid - side / 2, x + side, mid + side / 2), radius=4, fill=colour.fill,
                               outline=TITLE_FG, width=2)
        draw.text((x + side / 2, mid), colour.letter, fill=colour.text, font=font(size, True, mark=True), anchor="mm")
        x += side + pad / 2
    who = names[last.seat] if 0 <= last.seat < len(names) else "?"
    before, _, after = word("Move {n} · {player}: {move}", n=last.n, player="\0", move=last.text).partition("\0")
    if len(moves) > 1:
        after += " " + word("(+{count} before)", count=len(moves) - 1)
    face = font(size, True)
    room = width - x - pad
    if length(before + after + ELLIPSIS, face) > room:      # no room for the name: the line is cut as a whole
        text = fit(before + isolate(who) + after, room, lambda t: length(t, face), rstrip=True)
        with drawlog.field("line", text):
            draw_text(draw, (x, mid), text, face, TITLE_FG, "lm")
        return band
    who, _ = fit_name(who, room, size, lambda t, step: length(t, font(step, True)), size, before, after)
    with drawlog.field("name", who):
        draw_text(draw, (x, mid), before + who + after, face, TITLE_FG, "lm")
    return band


def frame(picture: Image.Image, band: Image.Image, width: int, height: int, background) -> Image.Image:
    """The picture under its band, on a canvas of the replay's size (pictures of different sizes
    centred horizontally, at the top)."""
    canvas = Image.new("RGB", (width, height), background)
    canvas.paste(band.resize((width, band.height)) if band.width != width else band, (0, 0))
    canvas.paste(picture, ((width - picture.width) // 2, band.height))
    return canvas


def build_gif(frames: list[Image.Image], palette: Image.Image, frame_ms: int) -> bytes:
    """Frames (RGB, one size) mapped to one fixed palette, the last one held longer."""
    mapped = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    durations = [frame_ms] * (len(mapped) - 1) + [frame_ms * 5]
    buffer = io.BytesIO()
    mapped[0].save(buffer, format="GIF", save_all=True, append_images=mapped[1:], duration=durations, loop=0,
                   disposal=1)
    return buffer.getvalue()


def make_replay(game_name: str, players: int, options: Sequence[str], seed: int, moves: Sequence[Move],
                names: Sequence[str], outcome, most: int, frame_ms: int, scale: float = 1.0,
                locale: str | None = None) -> tuple[bytes, int]:
    """The GIF of a finished game and the number of its frames (the result frame included), its
    words in ``locale``."""
    with speaking(locale):
        return _make_replay(game_name, players, options, seed, moves, names, outcome, most, frame_ms, scale)


def _make_replay(game_name: str, players: int, options: Sequence[str], seed: int, moves: Sequence[Move],
                 names: Sequence[str], outcome, most: int, frame_ms: int, scale: float) -> tuple[bytes, int]:
    game = registry.get(game_name)
    assert game is not None and renderers.has_pictures(game_name)
    moments = sample(key_moments(game, players, frozenset(options), seed, moves), max(1, most - 1))
    colours = renderers.seat_colours(game_name, None, players)
    scale = max(scale, 1.0)
    first = game.view(game.from_json(moments[0].snapshot), None)
    first_image = renderers.render_image(game_name, first, names, scale)
    assert first_image is not None              # the game has a renderer (above)
    width = max(MIN_WIDTH, first_image.width)
    band_h = caption(width, (), names, colours).height
    pictures = []
    for moment in moments:             # each picture leaves room for its band in a phone's 2:1
        view = game.view(game.from_json(moment.snapshot), None)
        pictures.append((renderers.render_image(game_name, view, names, scale, height=2 * width - band_h), moment.moves))
    final_view = game.view(game.from_json(moments[-1].snapshot), None)
    result = Image.open(io.BytesIO(renderers.render_result(game, outcome, names, final_view, width / 800))).convert("RGB")
    width = max(width, result.width, *(p.width for p, _ in pictures))
    bands = [caption(width, moves, names, colours) for _, moves in pictures]
    height = max(result.height, *(p.height + b.height for (p, _), b in zip(pictures, bands)))
    width = max(width, -(-height // 2))      # never taller than twice the width
    background = pictures[-1][0].getpixel((0, pictures[-1][0].height - 1))
    frames = [frame(p, band, width, height, background) for (p, _), band in zip(pictures, bands)]
    frames.append(frame(result, Image.new("RGB", (width, 0)), width, height, PAPER))
    keys = renderers.key_colours(game_name) + [PAPER, TITLE_BG, TITLE_FG, WIN_BG, INK]
    palette = fixed_palette(keys, [(255, 255, 255), INK, PAPER, background])
    gif = build_gif(frames, palette, frame_ms)
    while len(gif) > MAX_BYTES and len(frames) > 2:
        frames = sample(frames[:-1], max(1, (len(frames) - 1) // 2)) + frames[-1:]
        gif = build_gif(frames, palette, frame_ms)
    return gif, len(frames)
