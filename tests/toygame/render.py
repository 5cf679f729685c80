"""Renderer of the test game: names, bets answered and the total as a bar."""
from __future__ import annotations

import os
import time
from pathlib import Path

from PIL import Image, ImageDraw

from typing import Hashable, Sequence

from renderers.common import PlayerColour, encode_png, font, player_colour
from renderers.contract import SEATS, Renderer
from tests.toygame.view import CountdownView


#: For the crash tests: the path of a file. While it exists, every render of this test game
#: waits (in the render thread, after the move was stored, before it is answered) and says so by
#: creating the file's name + ".reached": a test can SIGKILL the bot at exactly that moment.
GATE = "COUNTDOWN_RENDER_GATE"


def _wait_at_gate() -> None:
    gate = os.environ.get(GATE)
    if gate and os.path.exists(gate):
        Path(gate + ".reached").touch()
        while os.path.exists(gate):
            time.sleep(0.02)


def render(view: CountdownView, names: Sequence[str], scale: float = 1.0) -> bytes:
    _wait_at_gate()
    width, row = int(480 * scale), int(40 * scale)
    image = Image.new("RGB", (width, row * (len(names) + 2)), (250, 248, 240))
    draw = ImageDraw.Draw(image)
    draw.text((10, 8), f"{view.total} / {view.target}", fill=(0, 0, 0), font=font(int(24 * scale), bold=True))
    bar = int((width - 20) * min(1.0, view.total / view.target))
    draw.rectangle((10, row + 4, 10 + bar, row + row - 8), fill=(0, 114, 178))
    for seat, name in enumerate(names):
        colour = player_colour(seat)
        top = row * (seat + 2)
        draw.ellipse((10, top + 6, 10 + row - 12, top + row - 6), fill=colour.fill)
        draw.text((18, top + 8), colour.letter, fill=colour.text, font=font(int(18 * scale), bold=True))
        mark = "✓" if view.answered[seat] else "…"
        draw.text((row + 10, top + 6), f"{name} {mark}", fill=(0, 0, 0), font=font(int(20 * scale)))
    return encode_png(image)


class CountdownRenderer(Renderer):
    """The test game's pictures: one picture for every region."""

    def render(self, view: CountdownView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
               cache_key: Hashable | None = None) -> bytes:
        return render(view, names, scale)

    def seat_colours(self, view: CountdownView | None, players: int = SEATS) -> list[PlayerColour]:
        """The seats' colours for the result image, which the game's end draws instead of
        ``render``: it waits at the crash tests' gate too (``view`` is None when only the colours
        are asked)."""
        if view is not None:
            _wait_at_gate()
        return [player_colour(seat) for seat in range(8)]
