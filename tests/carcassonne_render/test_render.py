"""Whole images: PNG, sizes, golden pixels of the board, panel, region view and big boards."""
from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageDraw

from games.carcassonne.addons.drache import DragonPart
from games.carcassonne.addons.koenig import Holder, KingRobberPart
from games.carcassonne.view import FigureView, PlacedTileView
from renderers.carcassonne import palette as P, render, render_image
from renderers.carcassonne.windows import TILE_MIN, layout, region_window, square_box, whole_window
from renderers.carcassonne.deploy import segment_of, spots
from renderers.carcassonne.geometry import geometry
from renderers.carcassonne.shapes import rotate_point
from renderers.carcassonne.panel import Fonts, drawn_section, legend_items, players_section
from renderers.carcassonne.samples import early_board, large_board, with_deploy
from renderers.carcassonne.tilesprites import anchor, tile_sprite
from renderers.common import PLAYER_COLOURS, font, has_cjk_font
from tests.carcassonne_render.helpers import close, count_near, decode, pixels, players, small_view

NAMES = ["Alice", "Bob", "Chloé", "Dan", "Eve"]
RED = PLAYER_COLOURS["red"].fill
YELLOW = PLAYER_COLOURS["yellow"].fill


def around(box, u: float, v: float, r: int) -> tuple[int, int, int, int]:
    left, top, size = box
    x, y = left + u * size, top + v * size
    return round(x - r), round(y - r), round(x + r), round(y + r)


def test_png_decodes_with_a_sane_size():
    image = decode(render(small_view(), NAMES))
    assert 400 <= image.width <= 2500 and 300 <= image.height <= 2500


def test_tiles_are_where_the_coordinates_say():
    view = small_view()
    image = decode(render(view, NAMES))
    d = square_box(view, 0, 0)
    e = square_box(view, 0, -1)
    assert d and e and e[1] + e[2] == d[1]                     # y grows to the south
    # D r0: city on the north edge, road west-east, field south
    assert close(image.getpixel((d[0] + d[2] // 5, d[1] + 3)), P.CITY, 20)
    assert close(image.getpixel((d[0] + 4, d[1] + d[2] // 2)), P.ROAD, 20)
    assert close(image.getpixel((d[0] + d[2] // 2, d[1] + d[2] - 6)), P.FIELD, 20)
    # E r2: its city faces south, joining the start tile's city
    assert close(image.getpixel((e[0] + e[2] // 5, e[1] + e[2] - 3)), P.CITY, 20)
    assert close(image.getpixel((e[0] + e[2] // 2, e[1] + 6)), P.FIELD, 20)


def test_followers_stand_on_their_feature_in_player_colour():
    view = small_view()
    image = decode(render(view, NAMES))
    knight = square_box(view, 0, 0)
    u, v = anchor("D", 0, "city", 0)
    assert count_near(image, around(knight, u, v, 10), RED, 16) >= 20
    farmer = square_box(view, 1, 0)
    u, v = anchor("U", 0, "field", 1)
    assert v > 0.55                                        # south of the road
    assert count_near(image, around(farmer, u, v, 12), YELLOW, 16) >= 20
    # nobody stands on the north field of U
    u, v = anchor("U", 0, "field", 0)
    assert count_near(image, around(farmer, u, v, 8), YELLOW, 16) == 0


def test_legal_squares_are_grey_and_labelled():
    view = small_view()
    image = decode(render(view, NAMES))
    for x, y in ((-1, 0), (2, 0)):
        left, top, size = square_box(view, x, y)
        box = (left + 4, top + 4, left + size - 4, top + size - 4)
        area = (size - 8) ** 2
        assert count_near(image, box, P.LEGAL, 6) > area * 0.5
        assert count_near(image, box, (20, 20, 20), 60) > 20        # the "x,y" label
    left, top, size = square_box(view, 0, 1)                      # empty, not legal
    assert count_near(image, (left + 4, top + 4, left + size - 4, top + size - 4), P.LEGAL, 6) == 0


def test_last_placed_tile_is_outlined():
    view = small_view()
    image = decode(render(view, NAMES))
    left, top, size = square_box(view, 1, 0)
    edge = [image.getpixel((left + k, top + 2)) for k in range(8, size - 8)]
    assert sum(close(px, (255, 255, 255), 20) for px in edge) > len(edge) * 0.8
    left, top, size = square_box(view, 0, 0)                      # not the last tile
    edge = [image.getpixel((left + k, top + 2)) for k in range(8, size - 8)]
    assert sum(close(px, (255, 255, 255), 20) for px in edge) < len(edge) * 0.2


def test_coordinate_labels_on_all_four_sides():
    view = small_view()
    image = decode(render(view, NAMES))
    left, top, size = square_box(view, 0, 0)
    w = whole_window(view)
    bottom = top + (w.y1 - 0 + 1) * size
    right = left + (w.x1 - 0 + 1) * size
    first_left = left - (0 - w.x0) * size
    first_top = top - (0 - w.y0) * size
    ink = (60, 60, 60)
    assert count_near(image, (left, 0, left + size, first_top), ink, 50) > 10            # top
    assert count_near(image, (left, bottom, left + size, bottom + first_top), ink, 50) > 10  # bottom
    assert count_near(image, (0, top, first_left, top + size), ink, 50) > 10             # left
    assert count_near(image, (right, top, right + first_left, top + size), ink, 50) > 10  # right


def test_drawn_tile_is_shown_in_four_rotations():
    view = small_view()
    section = drawn_section(view, 440, Fonts(1.0))
    assert section is not None
    size = 72                                       # a size of the board's ladder
    for r in range(4):
        x = 10 + r * (size + 10)
        crop = section.crop((x, 36, x + size, 36 + size))
        assert ImageChops.difference(crop, tile_sprite("V", r, size)).getbbox() is None
    assert drawn_section(replace(view, drawn=None), 440, Fonts(1.0)) is None


def test_current_player_is_marked():
    view = small_view(to_act=(1,))
    section = players_section(view, NAMES, 440, Fonts(1.0))
    row_h, head_h = 62, 42
    first = section.crop((0, head_h, 440, head_h + row_h))
    second = section.crop((0, head_h + row_h, 440, head_h + 2 * row_h))
    assert count_near(second, (0, 0, 440, row_h), P.CURRENT_BG, 4) > 1000
    assert count_near(first, (0, 0, 440, row_h), P.CURRENT_BG, 4) == 0


@pytest.mark.skipif(not has_cjk_font(), reason="Noto Sans CJK is not installed")
def test_japanese_names_render_as_glyphs_not_tofu():
    f = font(24)

    def ink(text: str) -> Image.Image:
        image = Image.new("L", (160, 40), 0)
        ImageDraw.Draw(image).text((2, 2), text, font=f, fill=255)
        return image

    # missing glyphs all come out as the same box; real ones differ from each other and from it
    tofu_a, tofu_b = ink("\U000F0000"), ink("\U000F0001")
    assert ImageChops.difference(tofu_a, tofu_b).getbbox() is None
    ta, naka = ink("田"), ink("中")
    assert ta.getbbox() is not None and ImageChops.difference(ta, naka).getbbox() is not None
    assert ImageChops.difference(ta, tofu_a).getbbox() is not None
    # and through the player panel
    view = small_view()
    a = players_section(view, ["田中太郎", "ボブ"], 440, Fonts(1.0))
    b = players_section(view, ["\U000F0000" * 4, "\U000F0001" * 2], 440, Fonts(1.0))
    name_box = (80, 44, 330, 80)
    assert count_near(a, name_box, P.TEXT, 40) > 40               # ink where the name is
    assert ImageChops.difference(a.crop(name_box), b.crop(name_box)).getbbox() is not None


def test_region_view_is_a_full_size_window():
    view = early_board()
    image = decode(render(view, NAMES, region="0,0"))
    window = region_window("0,0")
    assert window.cols == 7 and window.rows == 7 and window.tile >= 100
    assert image.width >= 7 * window.tile
    left, top, size = square_box(view, 0, 0, region="0,0")
    assert size == window.tile
    start = tile_sprite(view.tiles[0].tile, view.tiles[0].rotation, size)
    crop = image.crop((left, top, left + size, top + size))
    same = sum(close(a, b, 16) for a, b in zip(pixels(crop), pixels(start)))
    assert same > size * size * 0.6                       # figures and the frame may cover some of it
    assert square_box(view, 10, 10, region="0,0") is None
    with pytest.raises(ValueError):
        render(view, NAMES, region="north")


def test_board_scales_down_as_it_grows_and_stays_sane():
    small = early_board()
    big = large_board(160)
    assert len(big.tiles) >= 140
    assert whole_window(small).tile > whole_window(big).tile >= TILE_MIN
    image = decode(render(big, NAMES))
    assert image.width <= 3000 and image.height <= 3000
    assert whole_window(big, scale=0.5).tile < whole_window(big).tile


def test_scale_changes_the_size():
    view = small_view()
    a = render_image(view, NAMES, scale=1.0)
    b = render_image(view, NAMES, scale=0.5)
    assert b.width < a.width and b.height < a.height


def test_neutral_figures_builder_and_pig():
    view = small_view(figures=(
        FigureView(0, 0, None, "dragon", "", -1),
        FigureView(1, 0, None, "fairy", "", -1),
        FigureView(1, 0, 0, "builder", "road", 0),
        FigureView(0, 0, 1, "pig", "field", 1),
        FigureView(0, -1, 0, "large", "field", 0),
    ), players=players(2, builder=0, pig=0, large=0), options=("erweiterung", "haendler", "drache"))
    image = decode(render(view, NAMES))
    u, v = anchor("U", 0, "road", 0)
    assert count_near(image, around(square_box(view, 1, 0), u, v, 12), RED, 16) >= 15
    u, v = anchor("D", 0, "field", 1)
    assert count_near(image, around(square_box(view, 0, 0), u, v, 12), YELLOW, 16) >= 15
    # the dragon's white disc in the north-west corner of its tile
    assert count_near(image, around(square_box(view, 0, 0), 0.27, 0.27, 8), (255, 255, 255), 10) > 40


def test_deploy_spots_show_where_codes_put_the_figure():
    view = with_deploy(small_view(), ("re", "fnw", "fse", "-"))
    image = decode(render(view, NAMES))
    box = square_box(view, 1, 0)
    for code, (u, v) in spots("U", 0, view.deploy_options):
        assert count_near(image, around(box, u, v, 6), (255, 255, 255), 10) > 10, code
    assert segment_of("D", 1, "ce") == ("city", 0)
    assert segment_of("D", 1, "cn") is None
    assert segment_of("D", 1, "rn") == ("road", 0) and segment_of("D", 1, "rs") == ("road", 0)
    assert segment_of("D", 1, "fne") == ("field", 0)       # f1 = En Wn turns to Se Ne
    assert segment_of("D", 1, "Lfsw") == ("field", 1)
    assert segment_of("A", 2, "m") == ("monastery", 0)
    assert segment_of("I03", 0, "fi") == ("field", 0)
    assert segment_of("D", 0, "cs@0,-2") is None


def test_board_without_tiles_and_unknown_tiles_still_render():
    empty = small_view(tiles=(), figures=(), legal_placements=(), last_placed=None, drawn=None, phase="over",
                       to_act=())
    assert decode(render(empty, NAMES)).width > 100
    odd = small_view(tiles=(PlacedTileView(0, 0, "Z9", 0),), figures=(FigureView(0, 0, 0, "follower", "city", 0),))
    assert decode(render(odd, NAMES)).width > 100


def test_more_names_than_players_and_missing_names():
    view = small_view()
    assert decode(render(view, [])).width > 100
    assert decode(render(view, ["A very long player name that will not fit in the panel at all"] * 2)).width > 100


def test_discarded_tiles_are_mentioned():
    plain = players_section(small_view(), NAMES, 440, Fonts(1.0))
    noted = players_section(small_view(discarded=("C",)), NAMES, 440, Fonts(1.0))
    assert noted.height > plain.height
    assert count_near(noted, (10, 44, 400, 68), P.MUTED, 40) > 20


def test_monk_stands_on_the_monastery_where_it_is_drawn():
    """R04's monastery lies beside the river, not in the tile centre; the engine numbers the
    monastery segment -1."""
    view = small_view(tiles=(PlacedTileView(0, 0, "R04", 2),), figures=(FigureView(0, 0, 0, "follower", "monastery", -1),),
                      legal_placements=(), last_placed=None, drawn=None)
    image = decode(render(view, NAMES))
    u, v = anchor("R04", 2, "monastery", 0)
    assert v > 0.6                                          # r2: the monastery is south of the river
    box = square_box(view, 0, 0)
    assert count_near(image, around(box, u, v, 10), RED, 16) >= 20
    assert count_near(image, around(box, 0.5, 0.5, 5), RED, 16) == 0


# -- add-on overlays ---------------------------------------------------------------------------------

def test_dragon_phase_shows_the_path_and_the_possible_steps():
    from renderers.carcassonne.overlays import DRAGON
    view = small_view(phase="dragon", drawn=None, legal_placements=(), to_act=(1,),
                      figures=(FigureView(1, 0, None, "dragon", "", -1),),
                      parts=(DragonPart(path=((0, -1), (0, 0), (1, 0)), steps=(), setaside=()),), turn_player=0,
                      options=("drache",))
    image = decode(render(view, NAMES))
    left, top, size = square_box(view, 0, 0)
    # the red path runs through the centre of 0,0 and on to 1,0
    assert count_near(image, (left + size // 2 - 4, top + size // 2 - 4, left + size // 2 + 4, top + size // 2 + 4),
                      DRAGON, 30) > 20
    stepping = replace(view, parts=(DragonPart(path=((0, -1), (0, 0)), steps=(1,), setaside=()),))
    image = decode(render(stepping, NAMES))
    box = square_box(stepping, 1, 0)
    assert count_near(image, around(box, 0.22, 0.5, 10), DRAGON, 30) > 40      # the "e" box near the shared edge
    texts = [text for _, text in legend_items(stepping, Fonts(1.0))]
    assert "dragon may step: dragon n" in texts and "dragon's path this turn" in texts
    assert players_section(stepping, NAMES, 440, Fonts(1.0)).height > 0


def test_a_large_boards_turn_image_follows_the_dragon_while_it_moves():
    from renderers.carcassonne.overlays import DRAGON
    big = large_board(160)
    xs, ys = [t.x for t in big.tiles], [t.y for t in big.tiles]
    last = big.last_placed or (0, 0)
    # the tile farthest from the last one placed: the dragon stands there, one step to take east
    far = max(big.tiles, key=lambda t: abs(t.x - last[0]) + abs(t.y - last[1]))
    view = replace(big, phase="dragon", drawn=None, legal_placements=(), to_act=(1,), options=("drache",),
                   figures=(FigureView(far.x, far.y, None, "dragon", "", -1),),
                   parts=(DragonPart(path=((far.x, far.y),), steps=(1,), setaside=()),), turn_player=0)
    assert max(xs) - min(xs) > 10 or max(ys) - min(ys) > 14      # too large to show whole
    assert square_box(replace(view, phase="place"), far.x, far.y) is None    # off the usual window
    box = square_box(view, far.x, far.y)
    assert box is not None and square_box(view, far.x + 1, far.y) is not None
    assert layout(view, NAMES).focus == "dragon" and layout(replace(view, phase="place"), NAMES).focus == "last"
    image = decode(render(view, NAMES))
    assert count_near(image, around(square_box(view, far.x + 1, far.y), 0.22, 0.5, 10), DRAGON, 30) > 40


def test_a_large_boards_turn_image_shows_where_the_drawn_tile_fits_when_not_near_the_last_tile():
    big = large_board(160)
    last = big.last_placed or (0, 0)
    far = max(big.tiles, key=lambda t: abs(t.x - last[0]) + abs(t.y - last[1]))
    spot = (far.x, far.y - 1) if all((t.x, t.y) != (far.x, far.y - 1) for t in big.tiles) else (far.x + 1, far.y)
    view = replace(big, phase="place", drawn="D", legal_placements=((spot[0], spot[1], 0), (spot[0], spot[1], 2)))
    assert square_box(view, *last) is None                    # the last tile is not shown: no place near it
    assert layout(view, NAMES).focus == "fits"
    left, top, size = square_box(view, *spot)
    image = decode(render(view, NAMES))
    assert count_near(image, (left + 4, top + 4, left + size - 4, top + size - 4), P.LEGAL, 12) > size * size // 4


def test_portal_fairy_and_princess_targets_are_marked():
    from renderers.carcassonne.overlays import FAIRY, PORTAL, PRINCESS
    view = with_deploy(small_view(options=("drache",)), ("re", "fnw", "fse", "cn@0,0", "fen@0,0", "Lcn@0,0",
                                                         "fnw@0,-1", "~0,0", "-"))
    image = decode(render(view, NAMES, region="0,0"))
    left, top, size = square_box(view, 0, 0, region="0,0")
    assert count_near(image, (left, top, left + size, top + 6), PORTAL, 30) > size // 2     # violet outline
    u, v = anchor("D", 0, "field", 0)
    assert count_near(image, around((left, top, size), u, v, 18), PORTAL, 12) > 10          # the "fen" box
    assert count_near(image, around((left, top, size), 0.76, 0.24, 14), FAIRY, 12) > 10     # the "~" box
    texts = [text for _, text in legend_items(view, Fonts(1.0))]
    assert "portal: type code@x,y" in texts and "fairy may go here: ~x,y" in texts
    princess = with_deploy(small_view(options=("drache",)), ("!0,0",))
    image = decode(render(princess, NAMES))
    box = square_box(princess, 0, 0)
    u, v = anchor("D", 0, "city", 0)
    assert count_near(image, around(box, u, max(0.12, v - 0.24), 8), PRINCESS, 30) > 20
    assert "princess: send home, !x,y" in [text for _, text in legend_items(princess, Fonts(1.0))]
    # nothing of the sort in a plain deploy phase
    plain = with_deploy(small_view(), ("re", "fnw", "fse", "-"))
    texts = [text for _, text in legend_items(plain, Fonts(1.0))]
    assert not any(t.startswith(("portal", "fairy", "princess", "dragon")) for t in texts)


def test_builder_or_pig_only_spots_show_their_code():
    assert spots("U", 0, ("fnw", "Bre", "Lfnw", "Pfse", "-")) == [
        ("fnw", rotate_point(geometry("U").anchors[("field", 0)], 0)),
        ("Bre", rotate_point(geometry("U").anchors[("road", 0)], 0)),
        ("Pfse", rotate_point(geometry("U").anchors[("field", 1)], 0)),
    ]


def test_king_and_robber_badges_and_legend():
    view = small_view(options=("koenig",), parts=(KingRobberPart(king=Holder(0, 5), robber=Holder(1, 3), completed_cities=1,
                                                                 completed_roads=1),))
    section = players_section(view, NAMES, 440, Fonts(1.0))
    plain = players_section(small_view(), NAMES, 440, Fonts(1.0))
    assert count_near(section, (200, 42, 380, 84), (150, 100, 0), 40) > 20                 # "King 5" badge text
    assert count_near(plain, (200, 42, 380, 84), (150, 100, 0), 40) == 0
    assert "largest city / road" in [text for _, text in legend_items(view, Fonts(1.0))]
    assert "largest city / road" not in [text for _, text in legend_items(small_view(), Fonts(1.0))]


def test_a_monk_stands_beside_its_monastery():
    """The monastery's red roof stays visible with a monk on it (the monk stands beside it)."""
    roof = (190, 62, 48)
    bare = small_view(tiles=(PlacedTileView(0, 0, "D", 0), PlacedTileView(1, 0, "B", 0)), figures=())
    monk = small_view(tiles=bare.tiles, figures=(FigureView(1, 0, 1, "follower", "monastery", -1),))
    box = square_box(bare, 1, 0)
    area = (box[0], box[1], box[0] + box[2], box[1] + box[2])
    without = count_near(decode(render(bare, NAMES)), area, roof, 12)
    with_monk = count_near(decode(render(monk, NAMES)), area, roof, 12)
    assert without > 30 and with_monk >= without * 0.8
    assert count_near(decode(render(monk, NAMES)), area, YELLOW, 16) > 20      # and the monk is there
