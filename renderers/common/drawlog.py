"""What a picture wrote, for tests: while :func:`recording` is open, every text the renderers put
on an image is kept as a :class:`DrawnText` (its text, the face it was drawn in, its ink box on
the image it was drawn on, and the field it belongs to: a player's name, …, or None).

Every text is recorded, marked or not: the renderers' text helpers report what they paste from
kept masks with :func:`note` (a text made into a sprite that is pasted later with
:func:`note_sprite`, placed by :func:`note_pasted`), and any text drawn straight with Pillow's
``ImageDraw.text`` is recorded by that method itself, which the first recording wraps (so a new
drawing site is recorded without doing anything). A mask a helper rasterises to paste later is
drawn with :func:`rasterise`, which records nothing (the paste is what is noted). Drawing code
marks a field with :func:`field` (``with field("name", fitted): …``). When no recording is open
each of these costs one context-variable read per text.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field as dataclass_field
from typing import Any, Iterator

from PIL import ImageDraw

Box = tuple[int, int, int, int]


@dataclass(frozen=True, eq=False)
class Field:
    """What a drawn text is part of: ``kind`` ("name": a player's name, alone or in a line with
    other words), and the whole text of that line as it was fitted (the pieces it is drawn in
    belong to the same field)."""

    kind: str
    text: str


@dataclass(frozen=True)
class DrawnText:
    """A text put on an image: ``surface`` is that image (kept alive by the recording), ``box``
    its ink box there, ``face`` the font it was drawn with (a FreeType face; the font chain's
    runs of the text follow from it)."""

    text: str
    face: Any
    box: Box
    surface: Any
    size: tuple[int, int]
    field: Field | None


@dataclass
class Recording:
    texts: list[DrawnText] = dataclass_field(default_factory=list)
    #: sprites of text not pasted yet: id(sprite) -> (sprite, text, face, field)
    sprites: dict[int, tuple[Any, str, Any, Field | None]] = dataclass_field(default_factory=dict)


_RECORDING: ContextVar[Recording | None] = ContextVar("drawlog_recording", default=None)
_FIELD: ContextVar[Field | None] = ContextVar("drawlog_field", default=None)


#: Pillow's own ``ImageDraw.text``, before :func:`recording` wraps it
_PILLOW_TEXT = ImageDraw.ImageDraw.text


def _recorded_text(draw: ImageDraw.ImageDraw, xy, text, *args: Any, **kwargs: Any) -> None:
    """``ImageDraw.text``, and the text noted on the draw's image when a recording is open."""
    _PILLOW_TEXT(draw, xy, text, *args, **kwargs)
    if _RECORDING.get() is None or not text or not isinstance(text, str):
        return
    given = dict(zip(_TEXT_ARGUMENTS, args)) | kwargs
    box = draw.textbbox(xy, text, **{name: given[name] for name in _BOX_ARGUMENTS if name in given})
    font = given.get("font")
    note(draw.im, text, font if font is not None else draw.getfont(), box)


#: ``ImageDraw.text``'s arguments after the text, in order, and those its box depends on
_TEXT_ARGUMENTS = ("fill", "font", "anchor", "spacing", "align", "direction", "features", "language", "stroke_width")
_BOX_ARGUMENTS = ("font", "anchor", "spacing", "align", "direction", "features", "language", "stroke_width",
                  "embedded_color", "font_size")


def rasterise(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, **kwargs: Any) -> None:
    """``draw.text(xy, text, **kwargs)`` on a mask or sprite that is pasted (and noted) later:
    not recorded where it is drawn. It goes through ``ImageDraw.text`` as it is, so that another
    wrapper of it (a test's) still sees the text."""
    token = _RECORDING.set(None)
    try:
        draw.text(xy, text, **kwargs)
    finally:
        _RECORDING.reset(token)


@contextmanager
def recording() -> Iterator[Recording]:
    """Every text drawn while the block runs (this context only). The first recording of a
    process wraps ``ImageDraw.text`` to record texts drawn with it; the wrapper stays (one
    context-variable read per text while nothing is recorded)."""
    ImageDraw.ImageDraw.text = _recorded_text  # type: ignore[method-assign]
    made = Recording()
    token = _RECORDING.set(made)
    try:
        yield made
    finally:
        _RECORDING.reset(token)


def active() -> bool:
    return _RECORDING.get() is not None


@contextmanager
def field(kind: str, text: str) -> Iterator[None]:
    """Texts drawn in the block are (pieces of) the field ``kind`` whose whole text is ``text``.
    Costs nothing when no recording is open."""
    if _RECORDING.get() is None:
        yield
        return
    token = _FIELD.set(Field(kind, text))
    try:
        yield
    finally:
        _FIELD.reset(token)


def _surface_size(surface: Any) -> tuple[int, int]:
    return tuple(surface.size)  # type: ignore[return-value]


def note(surface: Any, text: str, face: Any, box: tuple[float, float, float, float]) -> None:
    """``text`` drawn in ``face`` on ``surface`` (an Image or an image core) with its ink in ``box``."""
    made = _RECORDING.get()
    if made is None or not text:
        return
    made.texts.append(DrawnText(text, face, tuple(round(edge) for edge in box), surface,  # type: ignore[arg-type]
                                _surface_size(surface), _FIELD.get()))


def note_sprite(sprite: Any, text: str, face: Any) -> None:
    """``sprite`` holds ``text`` drawn in ``face`` (edge to edge); :func:`note_pasted` places it."""
    made = _RECORDING.get()
    if made is None or not text:
        return
    made.sprites[id(sprite)] = (sprite, text, face, _FIELD.get())


def note_pasted(surface: Any, sprite: Any, xy: tuple[int, int]) -> None:
    """``sprite`` pasted on ``surface`` with its corner at ``xy``: recorded when it holds text."""
    made = _RECORDING.get()
    if made is None:
        return
    found = made.sprites.get(id(sprite))
    if found is None or found[0] is not sprite:
        return
    _, text, face, part_of = found
    box = _ink_box(sprite)
    if box is None:
        return
    made.texts.append(DrawnText(text, face, (xy[0] + box[0], xy[1] + box[1], xy[0] + box[2], xy[1] + box[3]),
                                surface, _surface_size(surface), part_of))


def _ink_box(sprite: Any) -> Box | None:
    alpha = sprite.getchannel("A") if sprite.mode == "RGBA" else sprite
    return alpha.getbbox()


def ink_box(mask: Any, x: int, y: int) -> tuple[int, int, int, int] | None:
    """The box of ``mask``'s ink (mode "L") placed with its corner at (x, y)."""
    box = mask.getbbox()
    return None if box is None else (x + box[0], y + box[1], x + box[2], y + box[3])
