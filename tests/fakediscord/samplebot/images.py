"""Tiny PNGs for the sample bot (Pillow, like the real renderers)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw


def board_png(label: str, size: tuple[int, int] = (96, 64)) -> bytes:
    img = Image.new("RGB", size, (240, 230, 200))
    draw = ImageDraw.Draw(img)
    draw.rectangle((2, 2, size[0] - 3, size[1] - 3), outline=(40, 40, 40))
    draw.text((6, 6), label[:14], fill=(0, 0, 0))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()
