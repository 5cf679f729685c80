"""The board's section of the Quetzal image: its places (the action spaces with the teams on them,
the card display and the village) and the discovery track."""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.quetzal.components import rules
from games.quetzal.view import QuetzalView, TeamView
from renderers.common import N_, coded, font, numbered, text_cache, word
from renderers.common.legend import mark
from renderers.common.text import length, text as put_text
from renderers.quetzal.palette import (
    BLACK_FACE, BOX, CARD_BG, CLOSED, CLOSED_LINE, DECK_CARD, DISPLAY_CARD, EMPTY_SLOT, INK, PAPER, REWARD, SECTION_TITLE,
    SPACE_SYMBOL, WHITE, WHITE_FACE,
)
from renderers.quetzal.panels import GAP, MARGIN, WIDTH, Canvas, new_canvas
from renderers.quetzal.sprites import chip_sprite, icon, px, tile_sprite

# -- board spaces ---------------------------------------------------------------------------------
def role_dots(draw: ImageDraw.ImageDraw, roles: str, x: float, y: float, s: float) -> float:
    """White/black dots for the roles a space accepts; returns the x after them."""
    faces = {"w": "w", "k": "k", "either": "wk", "mixed": "wk"}[roles]
    r = px(8, s)
    for i, face in enumerate(faces):
        cx = x + r + i * (r * 2 + px(3, s))
        draw.ellipse((cx - r, y - r, cx + r, y + r), fill=WHITE_FACE if face == "w" else BLACK_FACE,
                     outline=INK, width=px(2, s))
    if roles == "mixed":
        put_text(draw, (x + r * 4 + px(6, s), y), "+", fill=INK, font=font(px(20, s), bold=True), anchor="lm")
        return x + r * 4 + px(20, s)
    return x + len(faces) * (r * 2 + px(3, s)) + px(4, s)


def coin_cost(draw: ImageDraw.ImageDraw, text: str, x: float, y: float, s: float) -> None:
    """A gold coin with the cost written beside it (right-aligned at ``x``)."""
    f = font(px(20, s), bold=True)
    width = length(text, f)
    put_text(draw, (x, y), text, fill=INK, font=f, anchor="rm")
    icon(draw, "coin", x - width - px(12, s), y, px(9, s))


def team_chip(image: Image.Image, draw: ImageDraw.ImageDraw, team: TeamView, x: float, y: float, s: float) -> float:
    """Player token, ×count and the team's colour; returns the x after it."""
    chip = chip_sprite(team.seat, s, 30)
    image.paste(chip, (int(x), int(y)), chip)
    x += chip.width + px(3, s)
    f = font(px(22, s), bold=True)
    text = f"×{len(team.workers)}"
    put_text(draw, (x, y + chip.height / 2), text, fill=INK, font=f, anchor="lm")
    x += length(text, f) + px(3, s)
    if team.colour:
        r = px(8, s)
        cy = y + chip.height / 2
        draw.ellipse((x, cy - r, x + 2 * r, cy + r), fill=WHITE_FACE if team.colour == "w" else BLACK_FACE,
                     outline=INK, width=px(2, s))
        x += 2 * r
    return x + px(10, s)


def space_box(image: Image.Image, draw: ImageDraw.ImageDraw, code: str, closed: bool, box: tuple[int, ...],
              s: float, title: str) -> tuple[int, int]:
    """Frame, title, type symbol, roles and cost of a space; returns where its content starts."""
    space = rules().space[code]
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=px(8, s), fill=CLOSED if closed else BOX, outline=INK, width=px(2, s))
    symbol = mark({"single": "1", "auction": "+", "free": "∞"}[space.type])
    put_text(draw, (x0 + px(8, s), y0 + px(4, s)), title, fill=INK, font=font(px(21, s), bold=True))
    sym_font = font(px(20, s), bold=True)
    draw.rounded_rectangle((x1 - px(30, s), y0 + px(5, s), x1 - px(6, s), y0 + px(29, s)), radius=px(5, s),
                           fill=SPACE_SYMBOL)
    put_text(draw, (x1 - px(18, s), y0 + px(17, s)), symbol, fill=WHITE, font=sym_font, anchor="mm")
    row = y0 + px(44, s)
    after = role_dots(draw, space.roles, x0 + px(8, s), row, s)
    # a cost per worker: "2/w", in Japanese "2/人"
    cost = word("{cost}/w", cost=space.cost_per_worker) if space.cost_per_worker else (str(space.cost) if space.cost else "")
    if cost:
        coin_cost(draw, cost, x1 - px(8, s), row, s)
    if closed:
        draw.line((x0, y0, x1, y1), fill=CLOSED_LINE, width=px(3, s))
        put_text(draw, ((x0 + x1) / 2, y1 - px(16, s)), word("closed"), fill=INK, font=font(px(18, s), bold=True), anchor="mm")
    return int(after), int(row - px(15, s))


def draw_teams(image, draw, view: QuetzalView, code: str, x: float, y: float, right: float, s: float,
               merge: bool = False) -> None:
    teams = sorted((t for t in view.teams if t.space == code), key=lambda t: t.seq)
    if merge:                                    # Camp: one token per player with their total
        totals: dict[int, list[str]] = {}
        for team in teams:
            totals.setdefault(team.seat, []).extend(team.workers)
        teams = [TeamView(i, seat, code, None, tuple(w)) for i, (seat, w) in enumerate(sorted(totals.items()))]
    start = x
    for team in teams:
        if x + px(80, s) > right:
            x, y = start, y + px(34, s)
        x = team_chip(image, draw, team, x, y, s)


def mini_card(image: Image.Image, draw: ImageDraw.ImageDraw, card: str, x: float, y: float, s: float,
              width: int = 68) -> None:
    image.paste(mini_card_sprite(card, s, width), (int(x), int(y)), mini_card_sprite(card, s, width))


@text_cache(maxsize=512)
def mini_card_sprite(card_id: str, s: float, width: int = 68) -> Image.Image:
    """A small relic card: kind colour, ID in bold, icon dot."""
    c = rules().card[card_id]
    w, h = px(width, s), px(36, s)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=px(6, s), fill=CARD_BG[c.kind], outline=INK, width=px(2, s))
    put_text(d, (px(5, s), h / 2), card_id, fill=WHITE, font=font(px(20, s), bold=True), anchor="lm")
    if c.icon:
        icon(d, c.icon, w - px(11, s), h / 2, px(8, s))
    return im


@dataclass(frozen=True)
class Spot:
    """Where a space sits on the board image (unscaled pixels) and what it says besides its rules."""

    code: str
    box: tuple[float, float, float, float]
    title: str
    note: str = ""
    teams_y: float = 62


def board_layout() -> tuple[list[Spot], float]:
    """The five rows of spaces: Camp + Stele, Temple rows, Surroundings, Market + Village, Harbour + Ship."""
    inner = WIDTH - 2 * MARGIN
    spots: list[Spot] = []
    y = 6.0

    def row(codes: list[tuple[str, str, str]], widths: list[float], height: float, teams_y: float = 62) -> None:
        nonlocal y
        x = float(MARGIN)
        for (code, title, note), w in zip(codes, widths):
            spots.append(Spot(code, (x, y, x + w, y + height), title, note, teams_y))
            x += w + GAP
        y += height + GAP

    wide, narrow = inner * 0.64 - GAP / 2, inner * 0.36 - GAP / 2
    row([("camp", _space(0, N_("Camp"), "camp"), word("+1c & reroll each")),
         ("stele", _space(1, N_("Stele"), "stele"), word("marker +1◆"))], [wide, narrow], 100)
    row([(c, numbered(2, c, code=True) if c == "t1" else c, "") for c in ("t1", "t2", "t3", "t4", "t5")],
        [(inner - 4 * GAP) / 5] * 5, 100)
    row([("3a", word("3a {name}", name=word("Quarry")), ""), ("3b", word("3b {name}", name=word("Shrine")), ""),
         ("3c", word("3c {name}", name=word("Ruins")), "")], [(inner - 2 * GAP) / 3] * 3,
        150, teams_y=108)
    row([("bm", _space(4, N_("Market"), "bm"), word("1 card→7")), ("v1", numbered(5, "v1", code=True), ""), ("v2", "v2", ""), ("v3", "v3", "")],
        [(inner - 3 * GAP) / 4] * 4, 100)
    row([("hm", _space(6, N_("Harbour"), "hm"), word("≤3 cards per worker")),
         ("ship", _space(7, N_("Ship"), "ship"), word("≤6 cards"))], [wide, narrow], 100)
    return spots, y + 4


SURROUNDINGS_BONUS = {"3a": "vp", "3b": "discovery", "3c": "coin"}


def _space(number: int, name: str, code: str) -> str:
    """A space's title: its number in the resolution order and its name, with (in Japanese) the
    code typed for it."""
    return numbered(number, coded(word(name), code))


@text_cache(maxsize=16)
def spaces_skeleton(scale: float, closed: tuple[str, ...]) -> Image.Image:
    """Everything about the spaces that does not change during a game (cached per scale)."""
    s = scale
    spots, height = board_layout()
    image, draw = new_canvas(s, height)
    for spot in spots:
        x0, y0, x1, y1 = spot.box
        box = (px(x0, s), px(y0, s), px(x1, s), px(y1, s))
        after, _ = space_box(image, draw, spot.code, spot.code in closed, box, s, spot.title)
        if spot.code in SURROUNDINGS_BONUS:
            icon(draw, SURROUNDINGS_BONUS[spot.code], after + px(14, s), px(y0 + 44, s), px(10, s))
            put_text(draw, (after + px(28, s), px(y0 + 44, s)), "+1", fill=INK, font=font(px(18, s), bold=True),
                      anchor="lm")
        if spot.code.startswith("t"):
            space = rules().space[spot.code]
            gx = px(x1 - 38, s)
            for kind in ["deck"] * space.draw + ["display"] * space.take:
                gx -= px(15, s)
                draw.rounded_rectangle((gx, px(y0 + 7, s), gx + px(12, s), px(y0 + 26, s)), radius=px(2, s),
                                       fill=DISPLAY_CARD if kind == "display" else DECK_CARD, outline=INK)
        if spot.code == "stele":
            put_text(draw, (px(x1 - 8, s), px(y0 + 78, s)), spot.note, fill=INK, font=font(px(18, s)), anchor="rm")
        elif spot.code == "bm":
            put_text(draw, (px(x1 - 8, s), px(y0 + 44, s)), spot.note, fill=INK, font=font(px(18, s), bold=True),
                      anchor="rm")
        elif spot.note:
            put_text(draw, (after + px(6, s), px(y0 + 44, s)), spot.note, fill=INK, font=font(px(18, s)), anchor="lm")
    return image


def draw_board(view: QuetzalView, names: list[str], scale: float) -> Canvas:
    s = scale
    image, draw = new_canvas(s, 1300)
    skeleton = spaces_skeleton(s, tuple(view.closed))
    image.paste(skeleton, (0, 0))
    spots, height = board_layout()
    for spot in spots:
        draw_space(image, draw, view, spot, s)
    y = draw_display(image, draw, view, height, s)
    y = draw_village(image, draw, view, y, s)
    y = draw_track(image, draw, view, y, s)
    return Canvas(image, px(y, s))


def space_rows() -> list[tuple[float, float, list[Spot]]]:
    """The rows of spaces, top to bottom: where each row's band starts and ends (unscaled; the
    first from the top of the board, the last to where the Temple display starts) and its spots."""
    spots, height = board_layout()
    tops = sorted({spot.box[1] for spot in spots})
    rows = []
    for k, top in enumerate(tops):
        start = 0.0 if k == 0 else top
        end = tops[k + 1] if k + 1 < len(tops) else height
        rows.append((start, end, [spot for spot in spots if spot.box[1] == top]))
    return rows


def draw_space(image: Image.Image, draw: ImageDraw.ImageDraw, view: QuetzalView, spot: Spot, s: float) -> None:
    """What lies on a space: the Surroundings' cards and the teams placed there."""
    x0, y0, x1, _ = spot.box
    for i, card in enumerate(dict(view.surroundings).get(spot.code, ())):
        mini_card(image, draw, card, px(x0 + 8 + i * 74, s), px(y0 + 62, s), s)
    draw_teams(image, draw, view, spot.code, px(x0 + 7, s), px(y0 + spot.teams_y, s), px(x1 - 4, s), s,
               merge=spot.code == "camp")


def section_title(draw: ImageDraw.ImageDraw, text: str, y: float, s: float, right: str = "") -> None:
    put_text(draw, (px(MARGIN, s), px(y, s)), text, fill=SECTION_TITLE, font=font(px(24, s), bold=True))
    if right:
        put_text(draw, (px(WIDTH - MARGIN, s), px(y + 4, s)), right, fill=INK, font=font(px(20, s)), anchor="ra")


def draw_display(image, draw, view: QuetzalView, y: float, s: float) -> float:
    from renderers.quetzal.sprites import card_sprite
    section_title(draw, word("Temple display"), y, s,
                  word("deck {deck} · discard {discard}", deck=view.deck_count, discard=view.discard_count))
    y += 34
    slot_w = (WIDTH - 2 * MARGIN - 7 * 6) / 8
    for i, card in enumerate(view.display):
        x = MARGIN + i * (slot_w + 6)
        put_text(draw, (px(x + slot_w / 2, s), px(y + 10, s)), "ABCDEFGH"[i], fill=INK, font=font(px(22, s), bold=True),
                  anchor="mm")
        top = y + 24
        if card is None:
            draw.rounded_rectangle((px(x, s), px(top, s), px(x + slot_w, s), px(top + slot_w * 1.22, s)),
                                   radius=px(8, s), outline=EMPTY_SLOT, width=px(2, s))
        else:
            sprite = card_sprite(card, s, int(slot_w))
            image.paste(sprite, (px(x, s), px(top, s)), sprite)
    return display_end(y - 34)


def display_end(y: float) -> float:
    """Where the Temple display that starts at ``y`` ends (unscaled)."""
    slot_w = (WIDTH - 2 * MARGIN - 7 * 6) / 8
    return y + 34 + 24 + slot_w * 1.22 + 12


def draw_village(image, draw, view: QuetzalView, y: float, s: float) -> float:
    section_title(draw, word("Village upgrades"), y, s, word("stack {n}", n=view.stack_count))
    y += 34
    w = (WIDTH - 2 * MARGIN - 2 * GAP) / 3
    for i, tile in enumerate(view.village):
        x = MARGIN + i * (w + GAP)
        put_text(draw, (px(x + 4, s), px(y + 39, s)), str(i + 1), fill=INK, font=font(px(24, s), bold=True), anchor="lm")
        if tile is None:
            draw.rounded_rectangle((px(x + 24, s), px(y, s), px(x + w, s), px(y + 78, s)), radius=px(8, s),
                                   outline=EMPTY_SLOT, width=px(2, s))
        else:
            sprite = tile_sprite(tile, s, int(w - 24))
            image.paste(sprite, (px(x + 24, s), px(y, s)), sprite)
    return village_end(y - 34)


def village_end(y: float) -> float:
    """Where the Village upgrades that start at ``y`` end (unscaled)."""
    return y + 34 + 78 + 14


def reward_text(reward: dict[str, int]) -> tuple[str | None, str]:
    if reward.get("coins"):
        return "coin", f"+{reward['coins']}"
    if reward.get("vp"):
        return "vp", f"+{reward['vp']}"
    if reward.get("upgrade"):
        return None, word("tile")
    return None, ""


@text_cache(maxsize=16)
def track_skeleton(scale: float, height: int) -> Image.Image:
    """The discovery track cells with their numbers and rewards (cached per scale and height)."""
    s = scale
    track = rules().track
    w = (WIDTH - 2 * MARGIN) / len(track)
    image = Image.new("RGB", (px(WIDTH, s), px(height, s) + 1), PAPER)
    draw = ImageDraw.Draw(image)
    for i, reward in enumerate(track):
        x = MARGIN + i * w
        fill = REWARD if reward else BOX
        draw.rectangle((px(x, s), 0, px(x + w, s), px(height, s)), fill=fill, outline=INK, width=px(1, s))
        put_text(draw, (px(x + 5, s), px(2, s)), str(i), fill=INK, font=font(px(20, s), bold=True))
        kind, text = reward_text(reward)
        if kind:
            icon(draw, kind, px(x + 14, s), px(42, s), px(8, s))
            put_text(draw, (px(x + 25, s), px(42, s)), text, fill=INK, font=font(px(17, s), bold=True), anchor="lm")
        elif text:
            put_text(draw, (px(x + w / 2, s), px(42, s)), text, fill=INK, font=font(px(17, s), bold=True), anchor="mm")
    return image


def draw_track(image, draw, view: QuetzalView, y: float, s: float) -> float:
    section_title(draw, word("Discovery track"), y, s)
    y += 34
    track = rules().track
    w = (WIDTH - 2 * MARGIN) / len(track)
    by_space: dict[int, list[int]] = {}
    for seat in view.players:
        by_space.setdefault(seat.discovery, []).append(seat.seat)
    h = track_height(view)
    image.paste(track_skeleton(s, h), (0, px(y, s)))
    for i in range(len(track)):
        x = MARGIN + i * w
        for j, seat in enumerate(by_space.get(i, [])):
            chip = chip_sprite(seat, s, 26)
            image.paste(chip, (px(x + 4 + (j % 2) * 30, s), px(y + 58 + (j // 2) * 30, s)), chip)
    return y + h + 14


def track_height(view: QuetzalView) -> int:
    """The discovery track's cells: taller when several tokens share a cell."""
    counts: dict[int, int] = {}
    for seat in view.players:
        counts[seat.discovery] = counts.get(seat.discovery, 0) + 1
    rows = max(counts.values(), default=1)
    return 62 + 30 * max(1, (rows + 1) // 2)


def track_end(view: QuetzalView, y: float) -> float:
    """Where the discovery track that starts at ``y`` ends (unscaled)."""
    return y + 34 + track_height(view) + 14
