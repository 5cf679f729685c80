"""Florenza renderer: View → PNG, 800 px wide at scale 1 and made for a phone.

The turn image (``region=None``) shows the common area (monuments, artists, locations, supply,
round and turn) and one line per player. ``/board`` regions: ``common``, ``players`` (every
player's tableau) and a player's name or seat number (that tableau). Rendered from a seat's
view, the picture is that seat's private one: its tableau, hand and holdings
(``region="hand"``: the hand and holdings alone). Everything is drawn from the view, so the
public view (which has no hand) can never produce a private image.
"""
from __future__ import annotations

from pathlib import Path
from typing import Hashable, Sequence

from PIL import Image

from games.florenza.components import ANONYMOUS, RES, card, catalog, location, monument
from games.florenza.view import FlorenzaView, Placed, FlorenzaPlayerView
from renderers.common import textfit
from renderers.common import N_, encode_png, named, player_colour, word
from renderers.common.layers import compose
from renderers.common.palette import Palettes, literal_colours
from renderers.common.regions import seat_named
from renderers.contract import RGB, Renderer, is_turn_image
from renderers.florenza import parts
from renderers.florenza.draw import (
    CATEGORY_COLOURS, CATEGORY_TEXT, INK, LINE, MONUMENT_COLOUR, MUTED, PAPER, WHITE, Canvas, chips, flag,
    pp_badge, seat_badge, text_width,
)

WIDTH = 800
PAD = 12
REGIONS = (None, "common", "players", "hand")
TYPE_COLOURS = {"A": (70, 90, 150), "P": (150, 70, 110), "S": (90, 120, 70)}
CATEGORY_NAMES = {"RES": N_("Residence"), "WKS": N_("Workshop"), "PRE": N_("Preacher"), "GLD": N_("Guild"),
                  "PAL": N_("Palace"), "CHU": N_("Church"), "DIS": N_("District")}
PHASE_NAMES = {3: "actions", 4: "end of round"}
#: a category in three letters, on the small tiles of a player's cards
CATEGORY_SHORT = {"RES": N_("RES"), "WKS": N_("WKS"), "PRE": N_("PRE"), "GLD": N_("GLD"), "PAL": N_("PAL"),
                  "CHU": N_("CHU"), "DIS": N_("DIS")}
STEP_LABELS = {"keep": N_("keeping a card:"), "captain": N_("captain chooses:"), "merchant": N_("merchant chooses:")}
MODIFIER_NOTES = {"artist_discount": N_("artists −50"), "monument_discount": N_("monuments −50"),
                  "choice_income": N_("merchant income")}


def regions(view: FlorenzaView, names: list[str]) -> list[str]:
    """What /board shows besides the turn image: the common area, all tableaux, one player's."""
    return ["common", "players"] + [names[seat] for seat in range(min(len(view.players), len(names)))]


def key_colours() -> list[tuple[int, int, int]]:
    return [player_colour(seat).fill for seat in range(6)] + [player_colour(seat).text for seat in range(6)] + \
        literal_colours(Path(__file__).parent)


PALETTES = Palettes(key_colours())


def render(view: FlorenzaView, names: list[str], scale: float = 1.0, region: str | None = None,
           cache_key: Hashable | None = None) -> bytes:
    """PNG (palette) of the picture; ``cache_key``: the table's (its palette is kept across turns)."""
    if is_turn_image(view, region) and scale == 1.0:
        return encode_png(compose(_turn_parts(view, names), WIDTH, 8, PAPER, PALETTES, cache_key))
    return encode_png(PALETTES.to_palette(_canvas(view, names, scale, region).page(), cache_key))


def _turn_parts(view: FlorenzaView, names: list[str]) -> list[parts.Part]:
    """The public turn image as parts, each drawn once per what it shows (renderers.florenza.parts),
    stacked as _canvas draws them on one page (8 px of paper below)."""
    names = [names[i] if i < len(names) else word("Player {n}", n=i + 1) for i in range(len(view.players))]
    shows = parts.keys(view, names)

    def section(name: str, draw: parts.Section) -> parts.Part:
        return parts.section(shows[name], WIDTH, draw)

    return [section("title", lambda c: _header_title(c, view)), section("to act", lambda c: _header_to_act(c, view, names)),
            section("monuments", lambda c: _monuments(c, view)), section("artists", lambda c: _artists(c, view)),
            section("locations", _locations_title)] + \
        [parts.section(parts.location_row_key(view, first), WIDTH, lambda c, first=first: _location_row(c, view, first))
         for first in range(0, len(view.locations), LOCATION_COLUMNS)] + \
        [section("decks", lambda c: _decks(c, view)), section("supply", lambda c: _supply_chips(c, view)),
         section("players", _players_title)] + \
        [parts.section(parts.line_key(view, seat, names), WIDTH, lambda c, seat=seat: _player_line(c, view, seat, names))
         for seat in view.order]


def render_image(view: FlorenzaView, names: list[str], scale: float = 1.0, region: str | None = None) -> Image.Image:
    """The picture (RGB)."""
    return _canvas(view, names, scale, region).page()


def _canvas(view: FlorenzaView, names: list[str], scale: float, region: str | None) -> Canvas:
    names = [names[i] if i < len(names) else word("Player {n}", n=i + 1) for i in range(len(view.players))]
    seat = None
    if region not in REGIONS:
        seat = seat_named(region, names)
        if seat is None:
            raise ValueError(f"unknown region {region!r}; use common, players, hand or a player's name")
    if region == "hand" and view.me is None:
        raise ValueError("the public view has no hand to draw")
    canvas = Canvas(int(WIDTH * scale), scale)
    if region != "hand":
        _header(canvas, view, names)
    if seat is not None:
        _player(canvas, view, view.players[seat], names)
    elif view.me is not None and region is None:
        _player(canvas, view, view.players[view.me.seat], names)       # a seat's own picture
        _hand(canvas, view, names)
    elif region == "hand":
        _hand(canvas, view, names)
    else:
        if region in (None, "common"):
            _monuments(canvas, view)
            _artists(canvas, view)
            _locations(canvas, view, names)
            _supply(canvas, view)
        if region is None:
            _player_lines(canvas, view, names)
        if region == "players":
            if view.final:
                _final(canvas, view, names)
            for each in view.order:
                _player(canvas, view, view.players[each], names)
    return canvas


# -- sections -------------------------------------------------------------------------------------------
def _title(canvas: Canvas, text: str, note: str = "") -> None:
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


def _header(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    """The header: the round and turn, then who is to act and the extra actions of turns 5-8 (two
    lines drawn apart, so that a turn image redraws the line that changed)."""
    _header_title(canvas, view)
    _header_to_act(canvas, view, names)


def _header_title(canvas: Canvas, view: FlorenzaView) -> None:
    """The header's first line: the round, the phase and the turn."""
    s = canvas.s
    canvas.ensure(s(HEADER))
    top = canvas.y
    canvas.draw.rectangle((0, top, canvas.width, top + s(TITLE) - 1), fill=(60, 44, 36))
    if view.over:
        title = word("Florenza · game over")
    elif view.phase_no == 3:
        title = word("Florenza · Round {n}/5 · Phase 3 · Turn {turn}", n=view.round, turn=view.turn)
    else:
        title = word("Florenza · Round {n}/5 · Phase 4 (end of round)", n=view.round)
    canvas.run((s(PAD), top + s(8)), title, fill=WHITE, typeface=canvas.font(27, True))
    canvas.y = top + s(TITLE)


def _header_to_act(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    """The header's second line (from ``canvas.y``): who is to act, and who has an extra action
    in turns 5-8."""
    s = canvas.s
    top = canvas.y
    bottom = top + s(HEADER) - s(TITLE)
    canvas.ensure(bottom - top + s(4))
    canvas.draw.rectangle((0, top, canvas.width, bottom), fill=(60, 44, 36))
    y = top
    x = s(PAD)
    if not view.over:
        label = word("to act:") if view.phase_no == 3 else word(STEP_LABELS.get(view.step, ""))
        canvas.text((x, y + s(2)), label, fill=(235, 220, 190), typeface=canvas.font(21))
        x += text_width(canvas.draw, label, canvas.font(21)) + s(8)
        for seat in view.to_act:
            badge = seat_badge(seat, s(30))
            canvas.image.paste(badge, (x, y), badge)
            x += badge.width + s(4)
            if len(view.to_act) == 1:          # several (keep step): their letters are enough
                text, typeface = canvas.fit(names[seat], s(170), 21, True)
                canvas.text((x, y + s(2)), text, fill=WHITE, typeface=typeface)
                x += text_width(canvas.draw, text, typeface) + s(10)
    # turns 5-8: who has an extra action
    strip_w = text_width(canvas.draw, "T5–8:", canvas.font(19)) + s(4) + sum(
        s(13) + (s(14) if not seats else s(21) * len(seats)) + s(6) for _, seats in view.eligible)
    strip_x = max(x + s(8), canvas.width - s(PAD) - strip_w)
    canvas.text((strip_x, y + s(3)), "T5–8:", fill=(235, 220, 190), typeface=canvas.font(19))
    strip_x += text_width(canvas.draw, "T5–8:", canvas.font(19)) + s(4)
    for turn, seats in view.eligible:
        canvas.text((strip_x, y + s(3)), str(turn), fill=WHITE, typeface=canvas.font(19, True))
        strip_x += s(13)
        if not seats:
            canvas.text((strip_x, y + s(3)), "–", fill=(180, 170, 150), typeface=canvas.font(19))
            strip_x += s(14)
        for seat in seats:
            badge = seat_badge(seat, s(20))
            canvas.image.paste(badge, (strip_x, y + s(5)), badge)
            strip_x += s(21)
        strip_x += s(6)
    canvas.y = bottom + s(4)


def _monuments(canvas: Canvas, view: FlorenzaView) -> None:
    s = canvas.s
    _title(canvas, word("Monuments"), word("deck {n} · the 2 rightmost stay at round end", n=view.monument_deck))
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
    _types(canvas, x + w - s(10) - types_w, y + s(40), info.artists, s(24))
    chips(canvas, x + s(14), y + h - s(32), info.cost, info.fl, s(24), RES)


def _types(canvas: Canvas, x: int, y: int, types: tuple[str, ...], height: int) -> int:
    for letter in types:
        canvas.draw.rounded_rectangle((x, y, x + height, y + height), radius=height // 4, fill=TYPE_COLOURS[letter])
        canvas.text((x + height // 2, y + height // 2), letter, fill=WHITE, typeface=canvas.font(height / canvas.scale * 0.7, True),
                         anchor="mm")
        x += height + max(2, height // 6)
    return x


def _artists(canvas: Canvas, view: FlorenzaView) -> None:
    """The artists on display in two columns, then the anonymous artists."""
    s = canvas.s
    _title(canvas, word("Artists"), word("deck {n} · fee · values (hidden until hired)", n=view.artist_deck))
    row_h, columns = s(34), 2
    col_w = (canvas.width - s(PAD) * 2 - s(8)) // columns
    rows = (len(view.artists) + columns - 1) // columns
    canvas.ensure(rows * row_h + s(50))
    for i, artist_id in enumerate(view.artists):
        info = catalog().artists[artist_id]
        col, row = i // rows, i % rows
        x0, y = s(PAD) + col * (col_w + s(8)), canvas.y + row * row_h
        if row % 2 == 0:
            canvas.draw.rectangle((x0, y, x0 + col_w, y + row_h - s(2)), fill=(244, 238, 225))
        canvas.text((x0 + s(4), y + s(4)), f"A{i + 1}", fill=INK, typeface=canvas.font(20, True))
        x = _types(canvas, x0 + s(44), y + s(4), (info.type,), s(26))
        detail = f"{info.fee} · {'|'.join(str(v) for v in info.values)}"
        detail_w = text_width(canvas.draw, detail, canvas.font(19))
        room = x0 + col_w - detail_w - s(10) - (x + s(4))
        name, typeface = canvas.fit(named(info.name, info.ja), room, 20, False)
        if name.endswith(textfit.ELLIPSIS):          # a long name (most Japanese ones): the surname, as a hired artist's tile says it
            name, typeface = canvas.fit(_artist_short(info), room, 20, False)
        canvas.text((x + s(4), y + s(4)), name, fill=INK, typeface=typeface)
        canvas.text((x0 + col_w - s(4), y + s(5)), detail, fill=INK, typeface=canvas.font(19), anchor="ra")
    canvas.y += rows * row_h
    y = canvas.y + s(4)
    label = word("Anonymous (fee 50, 0 pp):")
    canvas.text((s(PAD + 4), y + s(2)), label, fill=INK, typeface=canvas.font(20))
    x = s(PAD + 4) + text_width(canvas.draw, label, canvas.font(20)) + s(8)
    for slot, available in enumerate(view.anonymous):
        letter = catalog().artists[ANONYMOUS[slot]].type
        x = _types(canvas, x, y, (letter,), s(26))
        text = word("free") if available else word("used")
        canvas.text((x, y + s(2)), text, fill=INK if available else MUTED, typeface=canvas.font(20, available))
        x += text_width(canvas.draw, text, canvas.font(20, True)) + s(12)
    canvas.y += row_h + s(4)


LOCATION_EFFECT = {"gain": "+{r}", "sell": "{r}→200", "barter": "1→1", "captain": ""}


LOCATION_COLUMNS = parts.LOCATION_COLUMNS


def _locations(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    _locations_title(canvas)
    for first in range(0, len(view.locations), LOCATION_COLUMNS):
        _location_row(canvas, view, first)


def _locations_title(canvas: Canvas) -> None:
    _title(canvas, word("Locations"), word("each copy once per round"))


def _location_row(canvas: Canvas, view: FlorenzaView, first: int) -> None:
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
        canvas.draw.rounded_rectangle((x, y, x + w, y + h), radius=s(6), fill=(215, 210, 200) if used else WHITE,
                               outline=LINE if used else INK, width=max(1, s(2)))
        canvas.text((x + s(6), y + s(6)), f"L{i + 1}", fill=MUTED if used else INK, typeface=canvas.font(19, True))
        effect = LOCATION_EFFECT[info.kind].format(r=info.resource)
        space = w - s(50) - (s(26) if used else 0)
        text, typeface = canvas.fit(f"{info.name} {effect}".strip(), space, 19, False)
        canvas.text((x + s(42), y + s(7)), text, fill=MUTED if used else INK, typeface=typeface)
        if used:
            badge = seat_badge(used_by, s(24))
            canvas.image.paste(badge, (x + w - s(28), y + s(6)), badge)
    canvas.y += h + s(6)


def _supply(canvas: Canvas, view: FlorenzaView) -> None:
    """The supply: its title with the decks, then its resources on one line."""
    _decks(canvas, view)
    _supply_chips(canvas, view)


def _decks(canvas: Canvas, view: FlorenzaView) -> None:
    """The supply's title, with the decks."""
    _title(canvas, word("Supply"), word("draw deck {deck} · discard {discard}", deck=view.draw_deck, discard=view.discard)
           + (word(" · bank low") if view.bank_low else ""))


def _supply_chips(canvas: Canvas, view: FlorenzaView) -> None:
    """The supply's resources, from ``canvas.y``."""
    s = canvas.s
    canvas.ensure(s(44))
    chips(canvas, s(PAD), canvas.y, tuple(view.supply), 0, s(30), RES)
    canvas.y += s(38)


def _player_lines(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    """One line per player (the turn image): seat, name, captain, counts, prestige; each player's
    whole tableau is one /board NAME away."""
    _players_title(canvas)
    for seat in view.order:
        _player_line(canvas, view, seat, names)


def _players_title(canvas: Canvas) -> None:
    _title(canvas, word("Players"), word("/board NAME: a player's cards"))


def _player_line(canvas: Canvas, view: FlorenzaView, seat: int, names: list[str]) -> None:
    """One player's line of the turn image, from ``canvas.y``."""
    s = canvas.s
    row_h = s(46)
    player = view.players[seat]
    canvas.ensure(row_h)
    y = canvas.y
    acting = seat in view.to_act and not view.over
    if acting:
        canvas.draw.rounded_rectangle((s(PAD // 2), y, canvas.width - s(PAD // 2), y + row_h - s(4)), radius=s(8),
                               outline=INK, width=s(3))
    badge = seat_badge(seat, s(32))
    canvas.image.paste(badge, (s(PAD), y + s(5)), badge)
    x = s(PAD) + badge.width + s(8)
    name, typeface = canvas.fit(names[seat], s(200), 23, True)
    canvas.text((x, y + s(8)), name, fill=INK, typeface=typeface)
    x += text_width(canvas.draw, name, typeface) + s(6)
    if player.captain:
        flag(canvas.draw, x, y + s(8), s(26))
        x += s(26)
    categories = [card(p.id).category for p in player.cards]
    sets = min(categories.count("PAL"), categories.count("CHU"), categories.count("DIS"))
    counts = word("hand {hand} · res {res} · cards {cards}", hand=player.hand, res=player.res,
                  cards=len(player.cards) + len(player.monuments))
    if sets:
        counts += " · " + word("sets {n}", n=sets)
    pp = word("{n} pp", n=player.pp)
    pp_w = text_width(canvas.draw, pp, canvas.font(36 * 0.62, True)) + s(10)
    counts, typeface = canvas.fit(counts, canvas.width - s(PAD) - pp_w - s(12) - (x + s(8)), 20)
    canvas.run((x + s(8), y + s(10)), counts, fill=INK, typeface=typeface)
    pp_badge(canvas, canvas.width - s(PAD) - pp_w, y + s(4), pp, 34)
    canvas.y += row_h


def _player(canvas: Canvas, view: FlorenzaView, player: FlorenzaPlayerView, names: list[str]) -> None:
    s = canvas.s
    canvas.ensure(s(120))
    top = canvas.y + s(10)
    canvas.y = top + s(6)
    colour = player_colour(player.seat)
    x = s(PAD + 8)
    badge = seat_badge(player.seat, s(36))
    canvas.image.paste(badge, (x, canvas.y), badge)
    x += badge.width + s(8)
    name, typeface = canvas.fit(names[player.seat], s(230), 26, True)
    canvas.text((x, canvas.y + s(2)), name, fill=INK, typeface=typeface)
    x += text_width(canvas.draw, name, typeface) + s(8)
    if player.captain:
        flag(canvas.draw, x, canvas.y + s(4), s(28))
        x += s(28)
    width = pp_badge(canvas, canvas.width - s(PAD + 96), canvas.y, word("{n} pp", n=player.pp), 36)
    del width
    canvas.y += s(42)
    counts = word("hand {hand} · res {res} · fl-cards {fl}", hand=player.hand, res=player.res, fl=player.fl_cards)
    if player.extra_turns:
        counts += word(" · extra turns {turns}", turns=" ".join(str(t) for t in player.extra_turns))
    categories = [card(p.id).category for p in player.cards]
    sets = min(categories.count("PAL"), categories.count("CHU"), categories.count("DIS"))
    if sets:
        counts += " · " + word("sets {n}", n=sets)
    canvas.text((s(PAD + 8), canvas.y), counts, fill=INK, typeface=canvas.font(21))
    canvas.y += s(30)
    if player.keep_pending:
        canvas.text((s(PAD + 8), canvas.y), word("choosing the card to keep…"), fill=MUTED, typeface=canvas.font(19))
        canvas.y += s(26)
    tiles = [_card_tile_spec(p) for p in sorted(player.cards, key=_card_order)]
    tiles += [_monument_spec(p) for p in player.monuments]
    _tile_rows(canvas, tiles)
    reserved = [f"{monument(m).name} −{monument(m).pp}" for m in player.reserved_monuments]
    for artist_id in player.reserved_artists:
        info = catalog().artists[artist_id]
        values = "|".join(str(v) for v in info.values)
        reserved.append(word("{name} ({type}, fee {fee}, {values}, ?)", name=named(info.name, info.ja), type=info.type,
                             fee=info.fee, values=values))
    reserved = [f"R{i + 1} {item}" for i, item in enumerate(reserved)]
    if reserved:
        canvas.ensure(s(30))
        text, typeface = canvas.fit(word("Reserved: {items}", items=" · ".join(reserved)), canvas.width - s(2 * PAD + 16), 19, False)
        canvas.text((s(PAD + 8), canvas.y), text, fill=INK, typeface=typeface)
        canvas.y += s(28)
    canvas.y += s(6)
    canvas.draw.rounded_rectangle((s(PAD // 2), top, canvas.width - s(PAD // 2), canvas.y), radius=s(10),
                           outline=colour.fill, width=s(4))


def _card_order(placed: Placed) -> tuple[int, str]:
    order = ("RES", "WKS", "PRE", "GLD", "PAL", "CHU", "DIS")
    return order.index(card(placed.id).category), placed.id


def _card_tile_spec(placed: Placed) -> tuple[str, str, str, tuple[int, int, int], tuple[int, int, int]]:
    info = card(placed.id)
    if placed.artist:
        artist = catalog().artists[placed.artist]
        bottom = f"{info.pp}+{placed.value} · {_artist_short(artist)}"
    elif info.pp:
        bottom = word("{n} pp", n=info.pp)
    else:
        bottom = word(CATEGORY_NAMES[info.category])
    return (word(CATEGORY_SHORT[info.category]), named(info.name, info.ja), bottom, CATEGORY_COLOURS[info.category], CATEGORY_TEXT.get(info.category, WHITE))


def _monument_spec(placed: Placed) -> tuple[str, str, str, tuple[int, int, int], tuple[int, int, int]]:
    info = monument(placed.id)
    artist = catalog().artists[placed.artist] if placed.artist else None
    who = _artist_short(artist)
    return (f"#{info.number}", info.name.split(": ")[-1], f"{info.pp}+{placed.value} · {who}", MONUMENT_COLOUR, WHITE)


def _artist_short(artist) -> str:
    """An artist in a few letters: the surname (in Japanese the name as the data writes it)."""
    if artist is None or artist.anonymous:
        return word("anon")
    return named(artist.name.split()[-1], artist.ja.split("・")[-1] if artist.ja else None)


def _tile_rows(canvas: Canvas, tiles: list[tuple[str, str, str, tuple[int, int, int], tuple[int, int, int]]]) -> None:
    s = canvas.s
    if not tiles:
        return
    columns, h = 3, s(62)
    w = (canvas.width - s(PAD + 8) * 2 - s(6) * (columns - 1)) // columns
    for i, (code, name, bottom, fill, ink) in enumerate(tiles):
        col, row = i % columns, i // columns
        x, y = s(PAD + 8) + col * (w + s(6)), canvas.y + row * (h + s(6))
        canvas.ensure(y - canvas.y + h + s(8))
        canvas.draw.rounded_rectangle((x, y, x + w, y + h), radius=s(6), fill=fill)
        text, typeface = canvas.fit(name, w - s(10), 21, True)
        canvas.text((x + s(6), y + s(4)), text, fill=ink, typeface=typeface)
        text, typeface = canvas.fit(f"{code} · {bottom}", w - s(10), 19, False)
        canvas.text((x + s(6), y + s(33)), text, fill=ink, typeface=typeface)
    canvas.y += ((len(tiles) + columns - 1) // columns) * (h + s(6))


def _final(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    s = canvas.s
    _title(canvas, word("Final scores"))
    best = max(score.key for score in view.final or ())
    for score in sorted(view.final or (), key=lambda sc: sc.key, reverse=True):
        canvas.ensure(s(64))
        badge = seat_badge(score.seat, s(30))
        canvas.image.paste(badge, (s(PAD), canvas.y), badge)
        winner = word(" ★ winner") if score.key == best else ""
        canvas.text((s(PAD + 38), canvas.y), word("{name}: {n} pp", name=names[score.seat], n=score.total) + winner, fill=INK,
                  typeface=canvas.font(23, True))
        canvas.y += s(32)
        detail = word("game {game} · sets {sets} · guilds {guilds} · res {res} ({res_total}) · fl {fl} ({fl_total}) · "
                      "captain {captain} · reserved −{reserved}", game=score.ingame, sets=score.sets, guilds=score.guilds,
                      res=score.resources, res_total=score.resource_total, fl=score.florins, fl_total=score.florin_total,
                      captain=score.captain, reserved=score.penalty_monuments + score.penalty_artists)
        text, typeface = canvas.fit(detail, canvas.width - s(2 * PAD + 38), 18, False)
        canvas.text((s(PAD + 38), canvas.y), text, fill=MUTED, typeface=typeface)
        canvas.y += s(30)


def _hand(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    s = canvas.s
    me = view.me
    assert me is not None
    canvas.y += s(10)
    canvas.ensure(s(140))
    top = canvas.y
    canvas.draw.rectangle((0, top, canvas.width, top + s(44)), fill=(30, 60, 90))
    title = word("Private: {name}'s hand and holdings", name=names[me.seat])
    text, typeface = canvas.fit(title, canvas.width - s(2 * PAD), 24, True)
    canvas.text((s(PAD), top + s(8)), text, fill=WHITE, typeface=typeface)
    canvas.y = top + s(52)
    after = chips(canvas, s(PAD), canvas.y, me.res, 0, s(30), RES)
    sprite_x = chips(canvas, after + s(6), canvas.y, (), me.florins, s(30), ())
    del sprite_x
    canvas.y += s(40)
    notes = []
    if me.modifiers:
        notes += [word(MODIFIER_NOTES[m]) for m in me.modifiers]
    if me.keep_pending:
        notes.append(word("keep one card: 'keep H1'…"))
    if notes:
        canvas.text((s(PAD), canvas.y), " · ".join(notes), fill=INK, typeface=canvas.font(20, True))
        canvas.y += s(30)
    columns, h = 2, s(112)
    w = (canvas.width - s(PAD) * (columns + 1)) // columns
    for i, card_id in enumerate(me.hand):
        col, row = i % columns, i // columns
        x, y = s(PAD) + col * (w + s(PAD)), canvas.y + row * (h + s(8))
        canvas.ensure(y - canvas.y + h + s(10))
        _hand_tile(canvas, x, y, w, h, card_id, f"H{i + 1}")
    canvas.y += ((len(me.hand) + columns - 1) // columns) * (h + s(8))
    if not me.hand:
        canvas.text((s(PAD), canvas.y), word("no cards in hand"), fill=MUTED, typeface=canvas.font(20))
        canvas.y += s(30)


def _hand_tile(canvas: Canvas, x: int, y: int, w: int, h: int, card_id: str, label: str) -> None:
    s = canvas.s
    info = card(card_id)
    fill = CATEGORY_COLOURS[info.category]
    canvas.draw.rounded_rectangle((x, y, x + w, y + h), radius=s(8), fill=WHITE, outline=fill, width=s(4))
    canvas.draw.rectangle((x + s(2), y + s(2), x + w - s(2), y + s(34)), fill=fill)
    ink = CATEGORY_TEXT.get(info.category, WHITE)
    canvas.text((x + s(8), y + s(5)), label, fill=ink, typeface=canvas.font(21, True))
    right = x + w - s(8)
    if info.pp:
        pp_badge(canvas, right - s(48), y + s(5), word("{n} pp", n=info.pp), 25, (40, 40, 40))
        right -= s(54)
    name, typeface = canvas.fit(named(info.name, info.ja), right - (x + s(50)), 20, True)
    canvas.text((x + s(50), y + s(6)), name, fill=ink, typeface=typeface)
    after = chips(canvas, x + s(8), y + s(42), info.cost, info.fl, s(26), RES)
    if info.artists:
        _types(canvas, after + s(4), y + s(42), info.artists, s(26))
    text, typeface = canvas.fit(f"{word(CATEGORY_NAMES[info.category])} · {short_effect(info)}", w - s(16), 19, False)
    canvas.text((x + s(8), y + h - s(30)), text, fill=INK, typeface=typeface)


GUILD_SHORT = {"workshops": N_("end: 3 per workshop"), "residences": N_("end: 3 per residence"),
               "monuments": N_("end: 3 per monument"), "artists": N_("end: 5 per A+P+S"), "sets": N_("sets score 7"),
               "artist_discount": N_("artists −50 fl"), "monument_discount": N_("monuments −50 fl"),
               "choice_income": N_("income: 1 of choice")}


def short_effect(info) -> str:
    """A few words for a hand tile; the full text is in the private message lines."""
    income = " ".join(f"{c}{n}" for c, n in zip(RES, info.income) if n) + (f" fl{info.income_fl}" if info.income_fl else "")
    if info.category == "RES":
        return word("extra turn {n} · +1 draw", n=info.extra_turn) + \
            (word(" · income {income}", income=income.strip()) if income.strip() else "")
    if info.category == "PRE":
        return word("extra turn {n}", n=info.extra_turn)
    if info.category == "WKS":
        return word("income {income}", income=income.strip())
    if info.category == "GLD":
        return word(GUILD_SHORT[info.guild])
    if info.artists:
        return word("needs artist {types}", types="/".join(info.artists))
    return word("no artist")


class FlorenzaRenderer(Renderer):
    """Florenza's pictures (see the module's docstring)."""

    def render(self, view: FlorenzaView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
               cache_key: Hashable | None = None) -> bytes:
        return render(view, list(names), scale, region, cache_key)

    def render_image(self, view: FlorenzaView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
                     height: int | None = None) -> Image.Image:
        return render_image(view, list(names), scale, region)

    def regions(self, view: FlorenzaView, names: Sequence[str]) -> list[str]:
        return regions(view, list(names))

    def key_colours(self) -> list[RGB]:
        return key_colours()


RENDERER = FlorenzaRenderer()
