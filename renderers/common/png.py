"""PNG encoding, one setting for every picture: the fastest zlib level (a palette picture of flat
colours compresses well anyway; a bigger level costs more CPU than it saves in upload).

A turn image differs from the table's last one in a few places (whose turn, one space, one
player's row), and boards, panels and empty rows look alike across tables. So an 8-bit palette
picture is written in bands of rows, each band's compressed form kept by what its pixels are (a
bounded LRU, ``rendering.png_bands``): a picture compresses only the bands not seen before and
joins the kept ones. Each band is a self-contained piece of the zlib stream (a full flush ends it:
nothing after it refers back, and it ends on a byte), so any kept bands put one after the other
make one valid stream (its Adler-32 is taken over the whole picture). The pixels and palette are
those Pillow writes with ``PNG_SETTINGS`` (filter "none" on every row, as Pillow uses for palette
pictures); other pictures are left to Pillow.

The bands are compressed with zlib-ng at its fastest level ("deflate quick": short matches, fixed
Huffman codes), the same deflate format any PNG reader takes: faster than zlib's fastest level
on turn images, for files a little larger (docs/performance.md).
"""
from __future__ import annotations

import io
import struct
import zlib

from PIL import Image
from xxhash import xxh3_128_intdigest
from zlib_ng import zlib_ng

from renderers.common.lru import LRUCache

PNG_SETTINGS = {"compress_level": 1}
BAND_LEVEL = 1          # zlib-ng's level for bands: its fastest, "deflate quick"
BAND_ROWS = 16          # rows of a band: 12.8 KB of an 800-pixel picture
BANDS = 8192            # compressed bands kept (rendering.png_bands): about 1-3 KB each

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x01"       # deflate, 32 KB window, the fastest level (zlib's own header for it)
FINAL_BLOCK = zlib_ng.compressobj(BAND_LEVEL, zlib_ng.DEFLATED, -15).flush()      # an empty last block


class BandCache(LRUCache[tuple[int, int], bytes]):
    """Compressed bands by (length, 128-bit XXH3 hash of the band's bytes): the deflate piece,
    least recently used first out. XXH3 reads a picture's rows in a twentieth of a millisecond
    (Python's own hash took a quarter); two different bands meeting under one key is as likely as
    a 128-bit collision."""

    def __init__(self, size: int = BANDS) -> None:
        super().__init__(size)

    def nbytes(self) -> int:
        """Memory the kept pieces take (their compressed bytes)."""
        return sum(len(piece) for piece in self.values())


CACHE = BandCache()


def configure(size: int) -> None:
    """How many compressed bands are kept (``rendering.png_bands``)."""
    CACHE.resize(size)


def encode_png(image: Image.Image) -> bytes:
    """The picture as PNG with ``PNG_SETTINGS``: banded (above) for an 8-bit palette picture
    without transparency, Pillow's encoder for anything else."""
    palette = image.getpalette() if image.mode == "P" else None
    if palette is None or "transparency" in image.info or len(palette) <= 16 * 3 or image.width == 0:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", **PNG_SETTINGS)
        return buffer.getvalue()
    return _banded(image, bytes(palette))


def _banded(image: Image.Image, palette: bytes) -> bytes:
    width, height = image.size
    # the rows with their filter byte in front: the picture pasted one pixel in on a canvas of index 0
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    raw = memoryview(rows.tobytes())      # bands are views of it: hashed, checked and compressed in place
    stride = (width + 1) * BAND_ROWS
    bands = [raw[start:start + stride] for start in range(0, len(raw), stride)]
    keys = [(len(band), xxh3_128_intdigest(band)) for band in bands]
    found = CACHE.get_many(keys)
    compressor = None
    pieces = [ZLIB_HEADER]
    for band, key, kept in zip(bands, keys, found):
        if kept is None:
            if compressor is None:
                compressor = zlib_ng.compressobj(BAND_LEVEL, zlib_ng.DEFLATED, -15)
            kept = compressor.compress(band) + compressor.flush(zlib_ng.Z_FULL_FLUSH)
            CACHE.put(key, kept)
        pieces.append(kept)
    pieces.append(FINAL_BLOCK)
    pieces.append(struct.pack(">I", zlib_ng.adler32(raw)))     # SIMD: a few hundredths of a ms
    crc = zlib.crc32(b"IDAT")
    for piece in pieces:
        crc = zlib.crc32(piece, crc)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)     # 8 bits, palette colour
    # one copy of the compressed bands: the IDAT chunk's length, kind, data and CRC written round them
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     struct.pack(">I", sum(len(piece) for piece in pieces)), b"IDAT", *pieces,
                     struct.pack(">I", crc), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
