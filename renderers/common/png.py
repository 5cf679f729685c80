"""PNG encoding, one setting for every picture: the fastest zlib level (a palette picture of flat
colours compresses well anyway; a bigger level costs more CPU than it saves in upload)."""
from __future__ import annotations

import io

from PIL import Image

PNG_SETTINGS = {"compress_level": 1}


def encode_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", **PNG_SETTINGS)
    return buffer.getvalue()
