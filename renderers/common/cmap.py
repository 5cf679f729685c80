"""Which characters a font file has glyphs for, read from its ``cmap`` table (TrueType and
OpenType fonts, and the first font of a collection such as NotoSansCJK-Regular.ttc).

Only the table's best Unicode subtable is read (format 12, else format 4), by seeking to it: the
coverage of Noto Sans CJK is a few thousand ranges, read in milliseconds, where parsing the
whole table into a dictionary of every character costs a large part of a second and tens of
megabytes in each drawing process.
"""
from __future__ import annotations

import bisect
import struct
from dataclasses import dataclass
from typing import BinaryIO

#: the Unicode subtables, best first: (platform, encoding)
_PREFERRED = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0), (3, 0))


@dataclass(frozen=True)
class Coverage:
    """Sorted, disjoint ranges of code points (both ends included) that have a glyph."""

    starts: tuple[int, ...] = ()
    ends: tuple[int, ...] = ()

    def __contains__(self, code: object) -> bool:
        if not isinstance(code, int):
            return False
        at = bisect.bisect_right(self.starts, code) - 1
        return at >= 0 and code <= self.ends[at]

    def __len__(self) -> int:
        return sum(end - start + 1 for start, end in zip(self.starts, self.ends))


def _read(file: BinaryIO, at: int, size: int) -> bytes:
    file.seek(at)
    data = file.read(size)
    if len(data) != size:
        raise ValueError("the font file ends early")
    return data


def read_coverage(path: str, font_number: int = 0) -> Coverage:
    """The code points the font at ``path`` (``font_number`` of a collection) maps to a glyph."""
    with open(path, "rb") as file:
        base = 0
        if _read(file, 0, 4) == b"ttcf":
            count = struct.unpack(">I", _read(file, 8, 4))[0]
            if not 0 <= font_number < count:
                raise ValueError(f"{path} has {count} fonts")
            base = struct.unpack(">I", _read(file, 12 + 4 * font_number, 4))[0]
        tables = struct.unpack(">H", _read(file, base + 4, 2))[0]
        directory = _read(file, base + 12, 16 * tables)
        cmap = next((struct.unpack(">I", directory[16 * i + 8:16 * i + 12])[0] for i in range(tables)
                     if directory[16 * i:16 * i + 4] == b"cmap"), None)
        if cmap is None:
            return Coverage()
        count = struct.unpack(">H", _read(file, cmap + 2, 2))[0]
        records = _read(file, cmap + 4, 8 * count)
        found: dict[tuple[int, int], list[int]] = {}
        for i in range(count):
            platform, encoding, offset = struct.unpack(">HHI", records[8 * i:8 * i + 8])
            found.setdefault((platform, encoding), []).append(cmap + offset)
        for key in _PREFERRED:
            for at in found.get(key, []):
                kind = struct.unpack(">H", _read(file, at, 2))[0]
                if kind == 12:
                    return _merge(_format_12(file, at))
                if kind == 4:
                    return _merge(_format_4(file, at))
    return Coverage()


def _format_12(file: BinaryIO, at: int) -> list[tuple[int, int]]:
    groups = struct.unpack(">I", _read(file, at + 12, 4))[0]
    data = _read(file, at + 16, 12 * groups)
    ranges = []
    for start, end, glyph in struct.iter_unpack(">III", data):
        if glyph == 0:                   # the first character maps to the missing glyph
            start += 1
        if start <= end:
            ranges.append((start, end))
    return ranges


def _format_4(file: BinaryIO, at: int) -> list[tuple[int, int]]:
    length = struct.unpack(">H", _read(file, at + 2, 2))[0]
    table = _read(file, at, length)
    segments = struct.unpack(">H", table[6:8])[0] // 2
    words = struct.unpack(f">{(length - 14) // 2}H", table[14:14 + (length - 14) // 2 * 2])
    ends = words[:segments]
    starts = words[segments + 1:2 * segments + 1]
    deltas = words[2 * segments + 1:3 * segments + 1]
    offsets = words[3 * segments + 1:4 * segments + 1]
    ranges = []
    for i in range(segments):
        start, end, delta, offset = starts[i], ends[i], deltas[i], offsets[i]
        if start == 0xFFFF:
            continue
        for code in range(start, end + 1):
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                index = 3 * segments + 1 + i + offset // 2 + (code - start)
                glyph = words[index] if index < len(words) else 0
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                ranges.append((code, code))
    return ranges


def _merge(ranges: list[tuple[int, int]]) -> Coverage:
    starts: list[int] = []
    ends: list[int] = []
    for start, end in sorted(ranges):
        if ends and start <= ends[-1] + 1:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return Coverage(tuple(starts), tuple(ends))
