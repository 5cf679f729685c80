"""Plausible boards for sample images, tests and benchmarks (not a rules engine).

A greedy random placer lays tiles so that touching edges have the same type (and river tiles
continue the river); figures are put on random segments of the tiles. Nothing here is used to
render a real game.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from games.carcassonne.addons.drache import DragonPart
from games.carcassonne.addons.koenig import Holder, KingRobberPart
from games.carcassonne.components import DIRS, TileType, all_tiles, rotate_dir, rotate_half, tiles_of_set
from games.carcassonne.view import COLOURS, LETTERS, CarcassonneView, FigureView, PlacedTileView, PlayerView

if TYPE_CHECKING:
    from PIL import Image

OFFSET = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def edge_at(t: TileType, rotation: int, direction: str) -> str:
    """Edge type on board side ``direction`` of tile ``t`` placed with ``rotation``."""
    return t.edges[(DIRS.index(direction) - rotation) % 4]


def fits(board: dict[tuple[int, int], tuple[str, int]], t: TileType, x: int, y: int, r: int) -> bool:
    if (x, y) in board:
        return False
    neighbours = 0
    river_link = False
    for d, (dx, dy) in OFFSET.items():
        other = board.get((x + dx, y + dy))
        mine = edge_at(t, r, d)
        if other is None:
            continue
        theirs = edge_at(all_tiles()[other[0]], other[1], OPPOSITE[d])
        if mine != theirs:
            return False
        neighbours += 1
        river_link |= mine == "~"
    if t.river and not river_link:
        return False
    return neighbours > 0


def placements(board: dict[tuple[int, int], tuple[str, int]], tile_id: str) -> list[tuple[int, int, int]]:
    t = all_tiles()[tile_id]
    empty = {(x + dx, y + dy) for (x, y) in board for dx, dy in OFFSET.values()} - set(board)
    return sorted((x, y, r) for x, y in empty for r in range(4) if fits(board, t, x, y, r))


def _segments(t: TileType) -> list[tuple[str, int]]:
    segs = [("city", i) for i in range(len(t.cities))] + [("road", i) for i in range(len(t.roads))]
    segs += [("field", i) for i in range(len(t.fields))]
    if t.monastery:
        segs.append(("monastery", 0))
    return segs


def pile(sets: tuple[str, ...] = ("base",)) -> list[str]:
    """Every tile of the chosen sets, one entry per copy."""
    return [t.id for s in sets for t in tiles_of_set(s) for _ in range(t.count)]


def random_board(tile_ids: list[str], players: int = 4, seed: int = 1, follower_rate: float = 0.35,
                 drawn: bool = True, addons: bool = False, pile_size: int | None = None,
                 limit: int | None = None) -> CarcassonneView:
    """A board laid from ``tile_ids`` (in that order after the start tile; rivers first).

    With ``drawn`` the next tile is left undrawn as the current player's drawn tile, with its
    legal placements. ``addons`` also puts large followers, builders, pigs, dragon and fairy."""
    rng = random.Random(seed)
    rivers = [t for t in tile_ids if all_tiles()[t].river]
    land = [t for t in tile_ids if not all_tiles()[t].river]
    if rivers:
        start = "R01" if "R01" in rivers else rivers[0]
        rivers.remove(start)
        lake = [t for t in rivers if t == "R10"]
        course = [t for t in rivers if t != "R10"]
        rng.shuffle(course)
        order = course + lake
    else:
        start = "D" if "D" in land else land[0]
        land.remove(start)
        order = []
    rng.shuffle(land)
    order += land
    board: dict[tuple[int, int], tuple[str, int]] = {(0, 0): (start, 0)}
    placed = [PlacedTileView(0, 0, start, 0)]
    figures: list[FigureView] = []
    in_supply = {s: 7 for s in range(players)}
    specials = {s: {"large": 1, "builder": 1, "pig": 1} if addons else {} for s in range(players)}
    scores = {s: 0 for s in range(players)}
    turn = 0
    for tile_id in order[:-1] if drawn else order:
        if limit is not None and len(placed) >= limit:
            break
        options = placements(board, tile_id)
        if not options:
            continue
        # prefer squares with more neighbours: real boards grow compact
        def crowd(p: tuple[int, int, int]) -> float:
            x, y, _ = p
            return sum((x + dx, y + dy) in board for dx, dy in OFFSET.values()) + rng.random() * 1.5
        x, y, r = max(options, key=crowd)
        board[(x, y)] = (tile_id, r)
        placed.append(PlacedTileView(x, y, tile_id, r))
        seat = turn % players
        turn += 1
        scores[seat] += rng.choice((0, 0, 1, 2, 4))
        t = all_tiles()[tile_id]
        if rng.random() < follower_rate and in_supply[seat] > 1:
            feature, seg = rng.choice(_segments(t))
            kind = "follower"
            if specials[seat].get("large") and rng.random() < 0.3:
                kind, specials[seat]["large"] = "large", 0
            elif specials[seat].get("builder") and feature in ("city", "road") and rng.random() < 0.3:
                kind, specials[seat]["builder"] = "builder", 0
            elif specials[seat].get("pig") and feature == "field" and rng.random() < 0.3:
                kind, specials[seat]["pig"] = "pig", 0
            if kind == "follower":
                in_supply[seat] -= 1
            figures.append(FigureView(x, y, seat, kind, feature, seg))
            # completed features give followers back now and then
            mine = [i for i, f in enumerate(figures) if f.seat == seat and f.kind == "follower" and f.feature != "field"]
            if len(mine) > 3 and rng.random() < 0.5:
                figures.pop(rng.choice(mine))
                in_supply[seat] += 1
    next_tile = None
    if drawn and order:
        next_tile = next((t for t in [order[-1]] + order if placements(board, t)), None)
    if addons and len(placed) > 4:
        a, b = rng.sample(placed[1:], 2)
        figures.append(FigureView(a.x, a.y, None, "dragon", "", -1))
        figures.append(FigureView(b.x, b.y, None, "fairy", "", -1))
    players_view = tuple(
        PlayerView(seat=s, colour=COLOURS[s], letter=LETTERS[s], score=scores[s], followers=in_supply[s],
                   large=specials[s].get("large", 0), builder=specials[s].get("builder", 0),
                   pig=specials[s].get("pig", 0),
                   goods=(("wine", rng.randint(0, 3)), ("grain", rng.randint(0, 2)), ("cloth", rng.randint(0, 2)))
                   if addons else ())
        for s in range(players))
    legal = tuple(placements(board, next_tile)) if next_tile else ()
    options = ("fluss", "erweiterung", "haendler", "koenig", "drache") if addons else ()
    return CarcassonneView(
        seat=None, options=options, turn=turn + 1, to_act=(turn % players,) if next_tile else (),
        phase="place" if next_tile else "over", tiles=tuple(placed), figures=tuple(figures), players=players_view,
        drawn=next_tile, tiles_left=max(1, (pile_size or len(tile_ids)) - len(placed)) if next_tile else 0,
        legal_placements=legal, last_placed=(placed[-1].x, placed[-1].y),
        parts=(KingRobberPart(king=Holder(1, 6), robber=Holder(0, 5), completed_cities=0, completed_roads=0),)
        if addons else (),
    )


def early_board(seed: int = 3) -> CarcassonneView:
    """A game a few turns in: start tile plus five, a follower or two, the next tile drawn."""
    tiles = pile()
    rng = random.Random(seed)
    rng.shuffle(tiles)
    tiles.remove("D")
    return random_board(["D"] + tiles[:7], players=3, seed=seed, follower_rate=0.6, pile_size=72)


def full_base_board(seed: int = 7) -> CarcassonneView:
    """All 72 base tiles on the board, followers everywhere, game over."""
    return random_board(pile(), players=4, seed=seed, follower_rate=0.45, drawn=False)


def late_base_board(seed: int = 7) -> CarcassonneView:
    """A base game near its end: 70 tiles down, one drawn, legal squares shown."""
    return random_board(pile(), players=4, seed=seed, follower_rate=0.45)


def addon_board(seed: int = 11) -> CarcassonneView:
    """One tile of every type of every set (rivers first), add-on figures, one tile drawn."""
    ids = list(all_tiles())
    return random_board(ids, players=5, seed=seed, follower_rate=0.35, addons=True)


def large_board(n: int = 160, seed: int = 5) -> CarcassonneView:
    """``n`` tiles (up to 160) from every set, river first, one more drawn."""
    ids = pile(("fluss", "base", "erweiterung", "haendler", "koenig", "drache"))
    return random_board(ids, players=5, seed=seed, follower_rate=0.3, addons=True, limit=n)


def with_deploy(view: CarcassonneView, codes: tuple[str, ...]) -> CarcassonneView:
    """The same board in the deploy phase of the last placed tile, offering ``codes``."""
    return replace(view, phase="deploy", drawn=None, legal_placements=(), deploy_options=codes)


def deploy_codes(tile_id: str, rotation: int) -> tuple[str, ...]:
    """One deploy code per segment of a placed tile (as the engine would offer them), plus "-"."""
    t = all_tiles()[tile_id]
    codes = [f"c{rotate_dir(c.edges[0], rotation).lower()}" for c in t.cities]
    codes += [f"r{rotate_dir(r.edges[0], rotation).lower()}" for r in t.roads]
    for f in t.fields:
        h = f.halves[0]
        codes.append({"i1": "fi", "i2": "fi2"}.get(h) or f"f{rotate_half(h, rotation).lower()}")
    if t.monastery:
        codes.append("m")
    return tuple(codes) + ("-",)


def tile_sheet(size: int = 96, columns: int = 12) -> "Image.Image":
    """Every tile type in canonical orientation with its id (a picture of the tile data)."""
    from PIL import Image, ImageDraw

    from renderers.carcassonne.tilesprites import tile_sprite
    from renderers.common import font

    ids = list(all_tiles())
    rows = (len(ids) + columns - 1) // columns
    label = max(12, size // 5)
    cell_w, cell_h = size + 8, size + label + 10
    sheet = Image.new("RGB", (columns * cell_w + 8, rows * cell_h + 8), (250, 248, 242))
    d = ImageDraw.Draw(sheet)
    for k, tile_id in enumerate(ids):
        x, y = 8 + (k % columns) * cell_w, 8 + (k // columns) * cell_h
        d.text((x, y), tile_id, fill=(20, 20, 20), font=font(label, bold=True))
        sheet.paste(tile_sprite(tile_id, 0, size), (x, y + label + 4))
    return sheet


NAMES = ["Alice", "ボブ", "Chloé", "田中 太郎", "Eve"]
ALL_OPTIONS = frozenset({"fluss", "erweiterung", "haendler", "koenig", "drache"})


def addon_game_views(seed: int = 2, players: int = 4) -> dict[str, tuple[CarcassonneView, str | None]]:
    """Views of a real game with every add-on (greedy computer players, tiles placed in two stages
    so the deploy choices show): a deploy with magic-portal and fairy targets, the princess's
    choice, the dragon's movement and the final board. Name -> (view, region or None)."""
    from games.carcassonne import GAME
    from games.carcassonne.actions import Place

    state = GAME.setup(players, ALL_OPTIONS, seed)
    rng = random.Random(seed)
    greedy = GAME.computer_player("greedy")
    found: dict[str, tuple[CarcassonneView, str | None]] = {}
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        if state.phase == "place":
            action = greedy.choose(GAME, state, seat, rng)
            GAME.apply(state, seat, Place(action.x, action.y, action.rotation))
            continue
        view = GAME.view(state, None)
        last = f"{view.last_placed[0]},{view.last_placed[1]}" if view.last_placed else None
        codes = view.deploy_options
        if state.phase == "deploy" and "portal" not in found and len(state.placements) > 40 and \
                sum("@" in c for c in codes) > 5 and any(c.startswith("~") for c in codes):
            found["portal"] = (view, last)
        if state.phase == "deploy" and "princess" not in found and codes and codes[0].startswith("!"):
            found["princess"] = (view, None)
        dragon = view.part(DragonPart)
        if state.phase == "dragon" and "dragon" not in found and len(state.steps) >= 2 and \
                dragon is not None and len(dragon.steps) >= 2:
            found["dragon"] = (view, None)
        GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))
    found["final"] = (GAME.view(state, None), None)
    return found


def main(directory: str = "docs/images") -> None:
    """Write the sample images: ``python -m renderers.carcassonne.samples [directory]``."""
    import sys
    from pathlib import Path

    from renderers.carcassonne import render

    out = Path(sys.argv[1] if len(sys.argv) > 1 else directory)
    out.mkdir(parents=True, exist_ok=True)
    late = late_base_board()
    last = late.tiles[-1]
    deploying = with_deploy(late, deploy_codes(last.tile, last.rotation))
    images = {
        "carcassonne_early.png": render(early_board(), NAMES[:3]),
        "carcassonne_late.png": render(late, NAMES[:4]),
        "carcassonne_full72.png": render(full_base_board(), NAMES[:4]),
        "carcassonne_region.png": render(deploying, NAMES[:4], region=f"{last.x},{last.y}"),
        "carcassonne_addons.png": render(addon_board(), NAMES),
        "carcassonne_160.png": render(large_board(160), NAMES),
    }
    for key, (view, region) in addon_game_views().items():
        images[f"carcassonne_addons_{key}.png"] = render(view, NAMES[:4], region=region)
    for name, png in images.items():
        (out / name).write_bytes(png)
    tile_sheet().save(out / "carcassonne_tiles.png", optimize=True)
    print("wrote", ", ".join(sorted(images)), "and carcassonne_tiles.png to", out)


if __name__ == "__main__":
    main()
