"""PNG encoding tuned for speed over the last few bytes."""
from __future__ import annotations

import io

from PIL import Image


def encode_png(image: Image.Image, compress_level: int = 3) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=compress_level)
    return buffer.getvalue()
