"""Florenza's players: one line each for the turn image, a player's tableau (its cards and
monuments as small tiles) and the final scores."""
from __future__ import annotations

from games.florenza.components import card, catalog, monument
from games.florenza.view import FlorenzaPlayerView, FlorenzaView, Placed
from renderers.common import N_, drawlog, named, player_colour, word
from renderers.florenza.board import PAD, artist_short, draw_title
from renderers.florenza.draw import Canvas, flag, pp_badge, seat_badge, text_width
from renderers.florenza.palette import CATEGORY_COLOURS, CATEGORY_TEXT, INK, MONUMENT_COLOUR, MUTED, WHITE

CATEGORY_NAMES = {"RES": N_("Residence"), "WKS": N_("Workshop"), "PRE": N_("Preacher"), "GLD": N_("Guild"),
                  "PAL": N_("Palace"), "CHU": N_("Church"), "DIS": N_("District")}
#: a category in three letters, on the small tiles of a player's cards
CATEGORY_SHORT = {"RES": N_("RES"), "WKS": N_("WKS"), "PRE": N_("PRE"), "GLD": N_("GLD"), "PAL": N_("PAL"),
                  "CHU": N_("CHU"), "DIS": N_("DIS")}


def draw_player_lines(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    """One line per player (the turn image): seat, name, captain, counts, prestige; each player's
    whole tableau is one /board NAME away."""
    draw_players_title(canvas)
    for seat in view.order:
        draw_player_line(canvas, view, seat, names)


def draw_players_title(canvas: Canvas) -> None:
    draw_title(canvas, word("Players"), word("/board NAME: a player's cards"))


def draw_player_line(canvas: Canvas, view: FlorenzaView, seat: int, names: list[str]) -> None:
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
    name, typeface = canvas.fit_name(names[seat], s(200), 23, True)
    with drawlog.field("name", name):
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


def draw_player(canvas: Canvas, view: FlorenzaView, player: FlorenzaPlayerView, names: list[str]) -> None:
    s = canvas.s
    canvas.ensure(s(120))
    top = canvas.y + s(10)
    canvas.y = top + s(6)
    colour = player_colour(player.seat)
    x = s(PAD + 8)
    badge = seat_badge(player.seat, s(36))
    canvas.image.paste(badge, (x, canvas.y), badge)
    x += badge.width + s(8)
    name, typeface = canvas.fit_name(names[player.seat], s(230), 26, True)
    with drawlog.field("name", name):
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
        bottom = f"{info.pp}+{placed.value} · {artist_short(artist)}"
    elif info.pp:
        bottom = word("{n} pp", n=info.pp)
    else:
        bottom = word(CATEGORY_NAMES[info.category])
    return (word(CATEGORY_SHORT[info.category]), named(info.name, info.ja), bottom, CATEGORY_COLOURS[info.category], CATEGORY_TEXT.get(info.category, WHITE))


def _monument_spec(placed: Placed) -> tuple[str, str, str, tuple[int, int, int], tuple[int, int, int]]:
    info = monument(placed.id)
    artist = catalog().artists[placed.artist] if placed.artist else None
    who = artist_short(artist)
    return (f"#{info.number}", info.name.split(": ")[-1], f"{info.pp}+{placed.value} · {who}", MONUMENT_COLOUR, WHITE)


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


def draw_final(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    s = canvas.s
    draw_title(canvas, word("Final scores"))
    best = max(score.key for score in view.final or ())
    for score in sorted(view.final or (), key=lambda sc: sc.key, reverse=True):
        canvas.ensure(s(64))
        badge = seat_badge(score.seat, s(30))
        canvas.image.paste(badge, (s(PAD), canvas.y), badge)
        winner = word(" ★ winner") if score.key == best else ""
        before, _, after = (word("{name}: {n} pp", name="\0", n=score.total) + winner).partition("\0")
        name, typeface = canvas.fit_name(names[score.seat], canvas.width - s(2 * PAD + 38), 23, True, before, after)
        with drawlog.field("name", name):
            canvas.text((s(PAD + 38), canvas.y), before + name + after, fill=INK, typeface=typeface)
        canvas.y += s(32)
        detail = word("game {game} · sets {sets} · guilds {guilds} · res {res} ({res_total}) · fl {fl} ({fl_total}) · "
                      "captain {captain} · reserved −{reserved}", game=score.ingame, sets=score.sets, guilds=score.guilds,
                      res=score.resources, res_total=score.resource_total, fl=score.florins, fl_total=score.florin_total,
                      captain=score.captain, reserved=score.penalty_monuments + score.penalty_artists)
        text, typeface = canvas.fit(detail, canvas.width - s(2 * PAD + 38), 18, False)
        canvas.text((s(PAD + 38), canvas.y), text, fill=MUTED, typeface=typeface)
        canvas.y += s(30)


