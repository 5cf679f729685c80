"""The README's promise on the pictures' widths is what the renderers draw: 800 px (Stone Age
720), and Carcassonne's /board pictures alone wider, up to about 1000 px (the whole board keeps
its tiles at least 40 px; the zoom shows 7 × 7 squares at the full 120 px)."""
from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from games import registry
from renderers import registry as renderers
from renderers.carcassonne import windows
from renderers.common import result
from renderers.florenza import WIDTH as FLORENZA
from renderers.keyflower import BASE_WIDTH as KEYFLOWER
from renderers.quetzal import WIDTH as QUETZAL
from renderers.stone_age.board import WIDTH as STONE_AGE
from tests.renderers.positions import NAMES, configs, positions

README = Path(__file__).resolve().parents[2] / "README.md"


def pictures_section() -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split("### Pictures", 1)[1].split("\n|", 1)[0]
    return " ".join(section.split())


def test_the_readme_states_the_widths_the_renderers_use():
    text = pictures_section()
    assert windows.WIDTH == FLORENZA == KEYFLOWER == QUETZAL == result.WIDTH
    assert f"{windows.WIDTH} px wide (Stone Age {STONE_AGE})" in text, text
    assert f"up to about {windows.BOARD_WIDE} px" in text, text
    assert f"never below {windows.TILE_MIN} px" in text, text
    side = 2 * windows.REGION_RADIUS + 1
    assert f"the {side} × {side} squares round X,Y at the full tile size of {windows.TILE_REGION} px" in text, text


def test_carcassonnes_board_pictures_are_as_wide_as_the_readme_says():
    text = pictures_section()
    widest = int(re.search(r"up to about (\d+) px", text)[1])
    zoom = int(re.search(r"\(about (\d+) px wide\)", text)[1])
    game = registry.get("carcassonne")
    seen = {"whole": set(), "zoom": set(), "turn": set()}
    for players, options in configs(game):
        for snapshot in positions("carcassonne", players, options).values():
            view = game.view(game.from_json(snapshot), None)
            names = NAMES[:players]
            for region in [None, *renderers.regions("carcassonne", view, names), "100,100"]:
                png = renderers.render("carcassonne", view, names, region=region)
                kind = "turn" if region is None else "whole" if region == "board" else "zoom"
                seen[kind].add(Image.open(io.BytesIO(png)).width)
    assert seen["turn"] == {windows.WIDTH}, seen
    assert all(windows.WIDTH <= width <= widest * 1.05 for width in seen["whole"]), seen
    assert all(abs(width - zoom) <= zoom * 0.05 for width in seen["zoom"]), seen
