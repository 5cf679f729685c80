"""The shared board: header, boats, the auction (with bids drawn around each tile's edges) and
the information panel."""
from __future__ import annotations

from PIL import Image, ImageDraw

from games.keyflower.data import RESOURCES, SEASONS
from games.keyflower.view import KeyflowerView, TileView
from renderers.keyflower import style as S
from renderers.keyflower.hexes import draw_uses, paste_tile

SQ3 = 3 ** 0.5


def _name(names: list[str], seat: int, limit: int = 12) -> str:
    name = names[seat] if seat < len(names) else f"Player {seat + 1}"
    return name if len(name) <= limit else name[:limit - 1] + "…"


def header(view: KeyflowerView, names: list[str], width: int, scale: float) -> Image.Image:
    h = int(86 * scale)
    image = Image.new("RGB", (width, h), S.PANEL)
    d = ImageDraw.Draw(image)
    season = SEASONS[min(view.season, 3)].capitalize()
    phase = {"actions": f"action {view.action_no + 1}", "winter_select": "choosing winter tiles",
             "boats": "boat choice", "placement": "village expansion", "flip": "Flipper upgrade",
             "over": "game over"}.get(view.phase, view.phase)
    line = f"{season} · {phase}"
    if view.phase == "actions":
        line += f" · passes {view.passes}/{view.players}"
    big = S.f(24 * scale, True)
    d.text((10 * scale, 8 * scale), line, font=big, fill=S.INK)
    x = 10 * scale + d.textlength(line, font=big) + 14 * scale
    if view.to_act and view.phase != "over":
        d.text((x, 8 * scale), "▶", font=big, fill=S.INK)
        x += 26 * scale
        for seat in view.to_act[:6]:
            S.seat_badge(d, x + 11 * scale, 22 * scale, 11 * scale, seat)
            x += 28 * scale
        if len(view.to_act) == 1:
            d.text((x, 8 * scale), _name(names, view.to_act[0]), font=big, fill=S.INK)
    y = 56 * scale
    small = S.f(19 * scale)
    x = 10 * scale
    d.text((x, y), f"bag {view.bag_size}", font=small, fill=S.INK, anchor="lm")
    x += d.textlength(f"bag {view.bag_size}", font=small) + 14 * scale
    colour, letter, text = S.KEEPLE["green"]
    S.token(d, x + 11 * scale, y, 11 * scale, colour, letter, text)
    d.text((x + 26 * scale, y), f"{view.green}", font=small, fill=S.INK, anchor="lm")
    x += 26 * scale + d.textlength(f"{view.green}", font=small) + 16 * scale
    for res, n in view.stock:
        colour, letter, text = S.RESOURCE[res]
        S.token(d, x + 11 * scale, y, 11 * scale, colour, letter[0], text)
        d.text((x + 26 * scale, y), f"{n}", font=small, fill=S.INK, anchor="lm")
        x += 26 * scale + d.textlength(f"{n}", font=small) + 14 * scale
    d.text((x, y), f"skills {view.pile_size}", font=small, fill=S.INK, anchor="lm")
    return image


def boats_row(view: KeyflowerView, width: int, scale: float) -> Image.Image:
    n = max(1, len(view.boats))
    s = int(min(64 * scale, width / n / 2.15))
    cell = min(width / n, 2.25 * s)
    has_cargo = any(boat.cargo for boat in view.boats)
    h = int(SQ3 * s + (76 if has_cargo else 14) * scale)
    image = Image.new("RGB", (width, h), S.PAPER)
    d = ImageDraw.Draw(image)
    x0 = (width - cell * n) / 2
    cy = SQ3 * s / 2 + 6 * scale
    for i, boat in enumerate(view.boats):
        cx = x0 + cell * (i + 0.5)
        paste_tile(image, cx, cy, boat.id, False, 0, s)
        if not boat.available:
            d.polygon(S.hex_corners(cx, cy, s), fill=None, outline=(120, 120, 120))
            S.centred(d, (cx, cy + s * 0.2), "taken", S.f(s * 0.3, True), fill=(90, 90, 90), stroke=3)
        # cargo under the hex
        items = [(c, n_) for c, n_ in boat.cargo if c in S.KEEPLE]
        skills = [(k, n_) for k, n_ in boat.cargo if k not in S.KEEPLE]
        y = cy + SQ3 * s / 2 + 16 * scale
        chip_h = 20 * scale
        widths = [chip_h + chip_h * 0.15 + d.textlength(str(count), font=S.f(chip_h * 0.95, True)) for _, count in items]
        x = cx - (sum(widths) + 4 * scale * (len(items) - 1)) / 2
        for (c, count), w in zip(items, widths):
            colour, letter, text = S.KEEPLE[c]
            S.chip(d, x, y, chip_h, colour, letter, text, count)
            x += w + 4 * scale
        if skills:
            label = " ".join(f"{count}{k}" if count > 1 else k for k, count in skills)
            S.centred(d, (cx, y + 27 * scale), label, S.f(17 * scale), fill=S.INK)
    return image


def _badge_size(d: ImageDraw.ImageDraw, bid, scale: float) -> tuple[float, float]:
    label = f"{bid.count}"
    w = d.textlength(label, font=S.f(19 * scale, True)) + (48 if not bid.off else 70) * scale
    return w, 28 * scale


def _bid_badge(d: ImageDraw.ImageDraw, x: float, y: float, bid, scale: float) -> None:
    """Seat shape + count + keeple-colour square; thick when leading, grey when losing."""
    colour, letter, text_colour = S.KEEPLE[bid.colour]
    fnt = S.f(19 * scale, True)
    w, h = _badge_size(d, bid, scale)
    fill = (255, 255, 255) if bid.leading else (222, 222, 222)
    outline = S.INK if bid.leading else (150, 150, 150)
    d.rounded_rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), radius=int(6 * scale), fill=fill,
                        outline=outline, width=max(1, int((3 if bid.leading else 1) * scale)))
    S.seat_badge(d, x - w / 2 + 13 * scale, y, 9.5 * scale, bid.seat, dim=not bid.leading)
    tx = x - w / 2 + 27 * scale
    count = f"{bid.count}"
    d.text((tx, y), count, font=fnt, fill=S.INK if bid.leading else (110, 110, 110), anchor="lm")
    tx += d.textlength(count, font=fnt) + 2 * scale
    d.rounded_rectangle((tx, y - 10 * scale, tx + 17 * scale, y + 10 * scale), radius=int(4 * scale),
                        fill=colour, outline=S.INK)
    S.centred(d, (tx + 8.5 * scale, y), letter, S.f(15 * scale, True), fill=text_colour)
    if bid.off:
        d.text((tx + 21 * scale, y), "4a", font=S.f(15 * scale, True), fill=S.INK, anchor="lm")


def auction(view: KeyflowerView, width: int, scale: float) -> Image.Image:
    """Auction tiles in a grid; each player's bid sits outside 'their' edge (seat 0, or the viewer,
    at the bottom, then clockwise), as on BGA."""
    tiles: list[TileView] = list(view.orders) + list(view.auction)
    s = int(76 * scale)
    badge_room = 135 * scale
    cols = max(1, int(width // (1.5 * s + badge_room)))
    cell_w = width / cols
    cell_h = SQ3 * s + 2 * 34 * scale + 12 * scale
    rows = (len(tiles) + cols - 1) // cols
    image = Image.new("RGB", (width, int(rows * cell_h + 4 * scale)), S.PAPER)
    d = ImageDraw.Draw(image)
    order = list(view.order or range(view.players))
    viewer = view.seat if view.seat is not None and 0 <= view.seat < view.players else order[0]
    for i, t in enumerate(tiles):
        cx = cell_w * (i % cols + 0.5)
        cy = cell_h * (i // cols) + cell_h / 2
        paste_tile(image, cx, cy, t.id, False, 0, s, detail=True)
        if t.purple:
            S.centred(d, (cx - s * 0.45, cy - s * 0.64), "+P", S.f(s * 0.26, True), fill=(120, 40, 160), stroke=3)
        if t.lock:
            colour, letter, text = S.KEEPLE[t.lock]
            lx, ly = cx - s * 0.86, cy
            d.rectangle((lx - 9 * scale, ly - 12 * scale, lx + 9 * scale, ly + 12 * scale), fill=colour, outline=S.INK)
            S.centred(d, (lx, ly), letter, S.f(15 * scale, True), fill=text)
        draw_uses(d, cx, cy, s, t.uses, y_factor=0.3)
        for bid in t.bids:
            edge = (3 + order.index(bid.seat) - order.index(viewer)) % 6
            w, h = _badge_size(d, bid, scale)
            nx, ny = S.edge_point(0, 0, 1, edge, 1.0)
            norm = (nx * nx + ny * ny) ** 0.5
            nx, ny = nx / norm, ny / norm
            reach = s * SQ3 / 2 + abs(nx) * w / 2 + abs(ny) * h / 2 + 3 * scale
            _bid_badge(d, cx + nx * reach, cy + ny * reach, bid, scale)
    return image


def info_panel(view: KeyflowerView, names: list[str], width: int, scale: float) -> Image.Image:
    row = int(36 * scale)
    own = view.seat if view.seat is not None and 0 <= view.seat < view.players else None
    extra = 1 if own is not None else 0
    final = view.final is not None
    h = row * (len(view.seats) + 1 + extra) + int(8 * scale)
    image = Image.new("RGB", (width, h), S.PANEL)
    d = ImageDraw.Draw(image)
    head = S.f(16 * scale, True)
    body = S.f(20 * scale)
    bold = S.f(20 * scale, True)
    cols = [44, 236, 290, 380, 452, 530] if not final else [44, 236, 310]
    cols = [c * scale for c in cols]
    titles = ["player", "VP", "keeples", "skills", "winter", "W    S     I    Au"] if not final else \
        ["player", "score", "tiles + auto + storage + allocation + gold"]
    for c, t in zip(cols, titles):
        d.text((c, row / 2), t, font=head, fill=(80, 80, 80), anchor="lm")
    if final:       # the final table by rank (ties by seat)
        totals_all = [dict(r)["total"] for r in view.final]
        listed = sorted(range(view.players), key=lambda s: (-totals_all[s], s))
    else:           # by seat number, as the badges count (the clockwise order is in the status text)
        listed = list(range(view.players))
    for i, seat in enumerate(listed):
        p = view.seats[seat]
        y = row * (i + 1) + row / 2
        if p.seat in view.to_act and view.phase != "over":
            d.rectangle((0, y - row / 2, width, y + row / 2), fill=(255, 248, 200))
        S.seat_badge(d, 20 * scale, y, 12 * scale, p.seat)
        label = _name(names, p.seat) + (" ★" if p.purple else "") + (" ·pass" if p.passed and not final else "")
        if final:
            rank = 1 + sum(1 for t in totals_all if t > totals_all[p.seat])
            label = f"{rank}. " + label
        d.text((cols[0], y), label, font=bold if p.seat == own else body, fill=S.INK, anchor="lm")
        if final:
            result = dict(view.final[p.seat])
            d.text((cols[1], y), str(result["total"]), font=bold, fill=S.INK, anchor="lm")
            parts = f"{result['fixed']} + {result['auto']} + {result['storage']} + {result['alloc']} + {result['gold']}"
            d.text((cols[2], y), parts, font=body, fill=S.INK, anchor="lm")
            continue
        d.text((cols[1], y), str(p.vp), font=bold, fill=S.INK, anchor="lm")
        d.text((cols[2], y), str(p.keeple_total), font=body, fill=S.INK, anchor="lm")
        d.text((cols[3], y), str(p.skill_total), font=body, fill=S.INK, anchor="lm")
        d.text((cols[4], y), str(p.winter_count), font=body, fill=S.INK, anchor="lm")
        totals = {r: 0 for r in RESOURCES}
        for t in p.village:
            for r, n in t.res:
                totals[r] += n
        x = cols[5] + 13 * scale
        for r in RESOURCES:
            colour, letter, text = S.RESOURCE[r]
            S.token(d, x, y, 13 * scale, colour, "", text, count=totals[r])
            x += 32 * scale
    if own is not None:
        me = view.seats[own]
        y = row * (len(view.seats) + 1) + row / 2
        d.text((10 * scale, y), "you:", font=head, fill=(80, 80, 80), anchor="lm")
        x = 56 * scale
        for c, n in me.keeples or ():
            colour, letter, text = S.KEEPLE[c]
            x += S.chip(d, x, y, 22 * scale, colour, letter, text, n) + 10 * scale
        skills = " ".join(f"{n} {k}" for k, n in (me.skills or ()))
        winter = " ".join(me.winter_hand or ())
        rest = " · ".join(x for x in (skills, winter and f"winter: {winter}") if x)
        d.text((x + 6 * scale, y), rest, font=S.f(17 * scale), fill=S.INK, anchor="lm")
    return image


def section_title(text: str, width: int, scale: float) -> Image.Image:
    image = Image.new("RGB", (width, int(30 * scale)), S.PAPER)
    d = ImageDraw.Draw(image)
    d.text((10 * scale, 15 * scale), text, font=S.f(19 * scale, True), fill=(90, 70, 40), anchor="lm")
    d.line((10 * scale + d.textlength(text, font=S.f(19 * scale, True)) + 10 * scale, 15 * scale,
            width - 10 * scale, 15 * scale), fill=(200, 190, 170), width=max(1, int(2 * scale)))
    return image
