"""Florenza's hand (a seat's private picture): its holdings and its cards as tiles, each with a few
words of its effect."""
from __future__ import annotations

from games.florenza.components import RES, card
from games.florenza.view import FlorenzaView
from renderers.common import N_, drawlog, named, word
from renderers.common.picture_words import current_locale
from renderers.florenza.board import PAD, draw_types
from renderers.florenza.draw import Canvas, amount_label, chips, pp_badge
from renderers.florenza.palette import BADGE, CATEGORY_COLOURS, CATEGORY_TEXT, HAND_HEADER, INK, MUTED, WHITE
from renderers.florenza.players import CATEGORY_NAMES

MODIFIER_NOTES = {"artist_discount": N_("artists −50"), "monument_discount": N_("monuments −50"),
                  "choice_income": N_("merchant income")}


def draw_hand(canvas: Canvas, view: FlorenzaView, names: list[str]) -> None:
    s = canvas.s
    me = view.me
    assert me is not None
    canvas.y += s(10)
    canvas.ensure(s(140))
    top = canvas.y
    canvas.draw.rectangle((0, top, canvas.width, top + s(44)), fill=HAND_HEADER)
    before, _, after = word("Private: {name}'s hand and holdings", name="\0").partition("\0")
    name, typeface = canvas.fit_name(names[me.seat], canvas.width - s(2 * PAD), 24, True, before, after)
    with drawlog.field("name", name):
        canvas.text((s(PAD), top + s(8)), before + name + after, fill=WHITE, typeface=typeface)
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
        pp_badge(canvas, right - s(48), y + s(5), word("{n} pp", n=info.pp), 25, BADGE)
        right -= s(54)
    name, typeface = canvas.fit(named(info.name, info.ja), right - (x + s(50)), 20, True)
    canvas.text((x + s(50), y + s(6)), name, fill=ink, typeface=typeface)
    after = chips(canvas, x + s(8), y + s(42), info.cost, info.fl, s(26), RES)
    if info.artists:
        draw_types(canvas, after + s(4), y + s(42), info.artists, s(26))
    text, typeface = canvas.fit(f"{word(CATEGORY_NAMES[info.category])} · {short_effect(info)}", w - s(16), 19, False)
    canvas.text((x + s(8), y + h - s(30)), text, fill=INK, typeface=typeface)


GUILD_SHORT = {"workshops": N_("end: 3 per workshop"), "residences": N_("end: 3 per residence"),
               "monuments": N_("end: 3 per monument"), "artists": N_("end: 5 per A+P+S"), "sets": N_("sets score 7"),
               "artist_discount": N_("artists −50 fl"), "monument_discount": N_("monuments −50 fl"),
               "choice_income": N_("income: 1 of choice")}


def short_effect(info) -> str:
    """A few words for a hand tile; the full text is in the private message lines."""
    amounts = [amount_label(c, n) for c, n in zip(RES, info.income) if n]
    amounts += [amount_label("fl", info.income_fl)] if info.income_fl else []
    income = ("、" if current_locale() == "ja" else " ").join(amounts)
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
