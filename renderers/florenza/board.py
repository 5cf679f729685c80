"""Florenza's common area: the header (round, turn, who is to act), the monuments, the artists, the
locations and the supply, with the section titles every part of the picture uses."""
from __future__ import annotations

from games.florenza.components import ANONYMOUS, RES, catalog, location, monument
from games.florenza.view import FlorenzaView
from renderers.common import N_, drawlog, named, textfit, word
from renderers.florenza import parts
from renderers.florenza.draw import Canvas, chips, pp_badge, resource_label, seat_badge, text_width
from renderers.florenza.palette import (
    ARTIST_STRIPE, HEADER_FAINT, HEADER_FILL, HEADER_TEXT, INK, LINE, MONUMENT_COLOUR, MUTED, TYPE_COLOURS, USED_LOCATION,
    WHITE,
)

PAD = 12
STEP_LABELS = {"keep": N_("keeping a card:"), "captain": N_("captain chooses:"), "merchant": N_("merchant chooses:")}



# -- sections -------------------------------------------------------------------------------------------
def draw_title(canvas: Canvas, text: str, note: str = "") -> None:
    canvas.ensure(canvas.s(40))
    s = canvas.s
    canvas.y += s(6)
    text = word(text)
    canvas.text((s(PAD), canvas.y), text, fill=INK, typeface=canvas.font(24, True))
    if note:
        start = s(PAD) + text_width(canvas.draw, text, canvas.font(24, True)) + s(10)
        note, face = canvas.fit(word(note), canvas.width - start - s(PAD), 19)
        canvas.run((start, canvas.y + s(5)), note, fill=MUTED, typeface=face)
    canvas.y += s(32)
    canvas.draw.line((s(PAD), canvas.y, canvas.width - s(PAD), canvas.y), fill=LINE, width=max(1, s(2)))
    canvas.y += s(6)


HEADER = 96             # the header's height (at scale 1)
TITLE = 52              # its first line's height: the round and turn


def draw_header(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    """The header: the round and turn, then who is to act and the extra actions of turns 5-8 (two
    lines drawn apart, so that a turn image redraws the line that changed)."""
    draw_header_title(canvas, view)
    draw_header_to_act(canvas, view, names)


def draw_header_title(canvas: Canvas, view: FlorenzaView) -> None:
    """The header's first line: the round, the phase and the turn."""
    s = canvas.s
    canvas.ensure(s(HEADER))
    top = canvas.y
    canvas.draw.rectangle((0, top, canvas.width, top + s(TITLE) - 1), fill=HEADER_FILL)
    if view.over:
        title = word("Florenza · game over")
    elif view.phase_no == 3:
        title = word("Florenza · Round {n}/5 · Phase 3 · Turn {turn}", n=view.round, turn=view.turn)
    else:
        title = word("Florenza · Round {n}/5 · Phase 4 (end of round)", n=view.round)
    canvas.run((s(PAD), top + s(8)), title, fill=WHITE, typeface=canvas.font(27, True))
    canvas.y = top + s(TITLE)


def draw_header_to_act(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    """The header's second line (from ``canvas.y``): who is to act, and who has an extra action
    in turns 5-8."""
    s = canvas.s
    top = canvas.y
    bottom = top + s(HEADER) - s(TITLE)
    canvas.ensure(bottom - top + s(4))
    canvas.draw.rectangle((0, top, canvas.width, bottom), fill=HEADER_FILL)
    y = top
    x = s(PAD)
    if not view.over:
        label = word("to act:") if view.phase_no == 3 else word(STEP_LABELS.get(view.step, ""))
        canvas.text((x, y + s(2)), label, fill=HEADER_TEXT, typeface=canvas.font(21))
        x += text_width(canvas.draw, label, canvas.font(21)) + s(8)
        for seat in view.to_act:
            badge = seat_badge(seat, s(30))
            canvas.image.paste(badge, (x, y), badge)
            x += badge.width + s(4)
            if len(view.to_act) == 1:          # several (keep step): their letters are enough
                text, typeface = canvas.fit_name(names[seat], s(170), 21, True)
                with drawlog.field("name", text):
                    canvas.text((x, y + s(2)), text, fill=WHITE, typeface=typeface)
                x += text_width(canvas.draw, text, typeface) + s(10)
    # turns 5-8: who has an extra action
    strip_w = text_width(canvas.draw, "T5–8:", canvas.font(19)) + s(4) + sum(
        s(13) + (s(14) if not seats else s(21) * len(seats)) + s(6) for _, seats in view.eligible)
    strip_x = max(x + s(8), canvas.width - s(PAD) - strip_w)
    canvas.text((strip_x, y + s(3)), "T5–8:", fill=HEADER_TEXT, typeface=canvas.font(19))
    strip_x += text_width(canvas.draw, "T5–8:", canvas.font(19)) + s(4)
    for turn, seats in view.eligible:
        canvas.text((strip_x, y + s(3)), str(turn), fill=WHITE, typeface=canvas.font(19, True))
        strip_x += s(13)
        if not seats:
            canvas.text((strip_x, y + s(3)), "–", fill=HEADER_FAINT, typeface=canvas.font(19))
            strip_x += s(14)
        for seat in seats:
            badge = seat_badge(seat, s(20))
            canvas.image.paste(badge, (strip_x, y + s(5)), badge)
            strip_x += s(21)
        strip_x += s(6)
    canvas.y = bottom + s(4)


def draw_monuments(canvas: Canvas, view: FlorenzaView) -> None:
    s = canvas.s
    draw_title(canvas, word("Monuments"), word("deck {n} · the 2 rightmost stay at round end", n=view.monument_deck))
    columns, tile_h = 2, s(100)
    tile_w = (canvas.width - s(PAD) * (columns + 1)) // columns
    staying = set(view.monuments[-2:])
    for i, monument_id in enumerate(view.monuments):
        col, row = i % columns, i // columns
        x = s(PAD) + col * (tile_w + s(PAD))
        y = canvas.y + row * (tile_h + s(8))
        canvas.ensure(y - canvas.y + tile_h + s(10))
        _monument_tile(canvas, x, y, tile_w, tile_h, monument_id, f"M{i + 1}", monument_id in staying)
    rows = (len(view.monuments) + columns - 1) // columns
    canvas.y += rows * (tile_h + s(8))
    if not view.monuments:
        canvas.text((s(PAD), canvas.y), word("none on display"), fill=MUTED, typeface=canvas.font(20))
        canvas.y += s(28)


def _monument_tile(canvas: Canvas, x: int, y: int, w: int, h: int, monument_id: str, label: str,
                   stays: bool) -> None:
    s = canvas.s
    info = monument(monument_id)
    place, _, title = info.name.partition(": ")
    canvas.draw.rounded_rectangle((x, y, x + w, y + h), radius=s(8), fill=WHITE, outline=MONUMENT_COLOUR, width=s(3))
    canvas.draw.rectangle((x, y + s(4), x + s(8), y + h - s(4)), fill=MONUMENT_COLOUR)
    canvas.text((x + s(14), y + s(5)), label, fill=MONUMENT_COLOUR, typeface=canvas.font(22, True))
    pp_badge(canvas, x + w - s(48), y + s(6), f"{info.pp}", 30, MONUMENT_COLOUR)
    note = f"#{info.number} {place}" + (word(" · stays") if stays else "")
    text, typeface = canvas.fit(note, w - s(56) - s(56), 18, stays)
    canvas.text((x + s(56), y + s(9)), text, fill=MONUMENT_COLOUR if stays else MUTED, typeface=typeface)
    text, typeface = canvas.fit(title, w - s(24) - s(56), 23, True)
    canvas.text((x + s(14), y + s(36)), text, fill=INK, typeface=typeface)
    types_w = len(info.artists) * s(28)
    draw_types(canvas, x + w - s(10) - types_w, y + s(40), info.artists, s(24))
    chips(canvas, x + s(14), y + h - s(32), info.cost, info.fl, s(24), RES, width=w - s(18))


def draw_types(canvas: Canvas, x: int, y: int, types: tuple[str, ...], height: int) -> int:
    for letter in types:
        canvas.draw.rounded_rectangle((x, y, x + height, y + height), radius=height // 4, fill=TYPE_COLOURS[letter])
        canvas.text((x + height // 2, y + height // 2), letter, fill=WHITE, typeface=canvas.font(height / canvas.scale * 0.7, True),
                         anchor="mm")
        x += height + max(2, height // 6)
    return x


def draw_artists(canvas: Canvas, view: FlorenzaView) -> None:
    """The artists on display in two columns, then the anonymous artists."""
    s = canvas.s
    draw_title(canvas, word("Artists"), word("deck {n} · fee · values (hidden until hired)", n=view.artist_deck))
    row_h, columns = s(34), 2
    col_w = (canvas.width - s(PAD) * 2 - s(8)) // columns
    rows = (len(view.artists) + columns - 1) // columns
    canvas.ensure(rows * row_h + s(50))
    for i, artist_id in enumerate(view.artists):
        info = catalog().artists[artist_id]
        col, row = i // rows, i % rows
        x0, y = s(PAD) + col * (col_w + s(8)), canvas.y + row * row_h
        if row % 2 == 0:
            canvas.draw.rectangle((x0, y, x0 + col_w, y + row_h - s(2)), fill=ARTIST_STRIPE)
        canvas.text((x0 + s(4), y + s(4)), f"A{i + 1}", fill=INK, typeface=canvas.font(20, True))
        x = draw_types(canvas, x0 + s(44), y + s(4), (info.type,), s(26))
        detail = f"{info.fee} · {'|'.join(str(v) for v in info.values)}"
        detail_w = text_width(canvas.draw, detail, canvas.font(19))
        room = x0 + col_w - detail_w - s(10) - (x + s(4))
        name, typeface = canvas.fit(named(info.name, info.ja), room, 20, False)
        if name.endswith(textfit.ELLIPSIS):          # a long name (most Japanese ones): the surname, as a hired artist's tile says it
            name, typeface = canvas.fit(artist_short(info), room, 20, False)
        canvas.text((x + s(4), y + s(4)), name, fill=INK, typeface=typeface)
        canvas.text((x0 + col_w - s(4), y + s(5)), detail, fill=INK, typeface=canvas.font(19), anchor="ra")
    canvas.y += rows * row_h
    y = canvas.y + s(4)
    label = word("Anonymous (fee 50, 0 pp):")
    canvas.text((s(PAD + 4), y + s(2)), label, fill=INK, typeface=canvas.font(20))
    x = s(PAD + 4) + text_width(canvas.draw, label, canvas.font(20)) + s(8)
    for slot, available in enumerate(view.anonymous):
        letter = catalog().artists[ANONYMOUS[slot]].type
        x = draw_types(canvas, x, y, (letter,), s(26))
        text = word("free") if available else word("used")
        canvas.text((x, y + s(2)), text, fill=INK if available else MUTED, typeface=canvas.font(20, available))
        x += text_width(canvas.draw, text, canvas.font(20, True)) + s(12)
    canvas.y += row_h + s(4)


#: what a location does, beside its name: a resource gained (``+ma``; ``大理石+1`` in Japanese, the
#: count after the thing), a resource sold for 200 florins, a resource bartered for another
LOCATION_EFFECT = {"gain": N_("+{r}"), "sell": "{r}→200", "barter": "1→1", "captain": ""}


LOCATION_COLUMNS = parts.LOCATION_COLUMNS


def draw_locations(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    draw_locations_title(canvas)
    for first in range(0, len(view.locations), LOCATION_COLUMNS):
        draw_location_row(canvas, view, first)


def draw_locations_title(canvas: Canvas) -> None:
    draw_title(canvas, word("Locations"), word("each copy once per round"))


def draw_location_row(canvas: Canvas, view: FlorenzaView, first: int) -> None:
    """A row of locations from ``canvas.y``, the ``first`` one leftmost (a row is a part of the
    turn image of its own: using a location redraws its row only)."""
    s = canvas.s
    h = s(36)
    w = (canvas.width - s(PAD) * (LOCATION_COLUMNS + 1)) // LOCATION_COLUMNS
    for i in range(first, min(first + LOCATION_COLUMNS, len(view.locations))):
        location_id, used_by = view.locations[i]
        x, y = s(PAD) + (i - first) * (w + s(PAD)), canvas.y
        canvas.ensure(h + s(8))
        info = location(location_id)
        used = used_by is not None
        canvas.draw.rounded_rectangle((x, y, x + w, y + h), radius=s(6), fill=USED_LOCATION if used else WHITE,
                               outline=LINE if used else INK, width=max(1, s(2)))
        canvas.text((x + s(6), y + s(6)), f"L{i + 1}", fill=MUTED if used else INK, typeface=canvas.font(19, True))
        effect = word(LOCATION_EFFECT[info.kind], r=resource_label(info.resource)) if info.resource else \
            LOCATION_EFFECT[info.kind]
        space = w - s(50) - (s(26) if used else 0)
        text, typeface = canvas.fit(f"{info.name} {effect}".strip(), space, 19, False)
        canvas.text((x + s(42), y + s(7)), text, fill=MUTED if used else INK, typeface=typeface)
        if used:
            badge = seat_badge(used_by, s(24))
            canvas.image.paste(badge, (x + w - s(28), y + s(6)), badge)
    canvas.y += h + s(6)


def draw_supply(canvas: Canvas, view: FlorenzaView) -> None:
    """The supply: its title with the decks, then its resources on one line."""
    draw_decks(canvas, view)
    draw_supply_chips(canvas, view)


def draw_decks(canvas: Canvas, view: FlorenzaView) -> None:
    """The supply's title, with the decks."""
    draw_title(canvas, word("Supply"), word("draw deck {deck} · discard {discard}", deck=view.draw_deck, discard=view.discard)
           + (word(" · bank low") if view.bank_low else ""))


def draw_supply_chips(canvas: Canvas, view: FlorenzaView) -> None:
    """The supply's resources, from ``canvas.y``."""
    s = canvas.s
    canvas.ensure(s(44))
    chips(canvas, s(PAD), canvas.y, tuple(view.supply), 0, s(30), RES)
    canvas.y += s(38)


def artist_short(artist) -> str:
    """An artist in a few letters: the surname (in Japanese the name as the data writes it)."""
    if artist is None or artist.anonymous:
        return word("anon")
    return named(artist.name.split()[-1], artist.ja.split("・")[-1] if artist.ja else None)
