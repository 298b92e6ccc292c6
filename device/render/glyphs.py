"""Which characters the bundled font draws: the Unicode map (cmap) of each weight, read once.

A character missing from the map would be drawn as the font's empty box (.notdef). The map is
read from the TrueType file itself (its format 12 or format 4 subtable, the Windows Unicode
ones every Source Sans Pro file has), so no font library beyond Pillow is needed.
"""

from __future__ import annotations

import struct
from functools import lru_cache

from device.render.fonts import font_path

WEIGHTS = ("regular", "semibold", "bold")  # every weight a screen draws with


def _u16(data: bytes, at: int) -> int:
    value: int = struct.unpack_from(">H", data, at)[0]
    return value


def _u32(data: bytes, at: int) -> int:
    value: int = struct.unpack_from(">I", data, at)[0]
    return value


def _cmap_subtables(data: bytes) -> dict[tuple[int, int], int]:
    """(platform, encoding) -> offset of each subtable of the font's cmap table."""
    tables = {data[12 + 16 * i: 16 + 16 * i]: _u32(data, 20 + 16 * i) for i in range(_u16(data, 4))}
    cmap = tables[b"cmap"]
    return {(_u16(data, cmap + 4 + 8 * i), _u16(data, cmap + 6 + 8 * i)): cmap + _u32(data, cmap + 8 + 8 * i)
            for i in range(_u16(data, cmap + 2))}


def _format12(data: bytes, at: int) -> set[int]:
    """Characters a format 12 subtable maps to a real glyph (not glyph 0, .notdef)."""
    mapped: set[int] = set()
    for group in range(_u32(data, at + 12)):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * group)
        mapped.update(range(start + (glyph == 0), end + 1))
    return mapped


def _format4(data: bytes, at: int) -> set[int]:
    """Characters a format 4 subtable (the Basic Multilingual Plane) maps to a real glyph."""
    segments = _u16(data, at + 6) // 2
    ends, starts = at + 14, at + 16 + 2 * segments
    deltas, ranges = starts + 2 * segments, starts + 4 * segments
    mapped: set[int] = set()
    for i in range(segments):
        start, end = _u16(data, starts + 2 * i), _u16(data, ends + 2 * i)
        delta, offset = _u16(data, deltas + 2 * i), _u16(data, ranges + 2 * i)
        for char in range(start, min(end, 0xFFFE) + 1):
            glyph = char if offset == 0 else _u16(data, ranges + 2 * i + offset + 2 * (char - start))
            if glyph and (glyph + delta) & 0xFFFF:
                mapped.add(char)
    return mapped


@lru_cache(maxsize=len(WEIGHTS))
def font_characters(weight: str) -> frozenset[int]:
    """The code points the bundled font of `weight` has a glyph for."""
    data = font_path(weight).read_bytes()
    subtables = _cmap_subtables(data)
    if (3, 10) in subtables:
        return frozenset(_format12(data, subtables[(3, 10)]))
    return frozenset(_format4(data, subtables[(3, 1)]))


@lru_cache(maxsize=1)
def drawable_characters() -> frozenset[int]:
    """The code points every weight of the bundled font draws."""
    return frozenset.intersection(*(font_characters(weight) for weight in WEIGHTS))


def first_undrawable(text: str) -> str | None:
    """The first character of `text` the bundled font has no glyph for, or None."""
    drawable = drawable_characters()
    return next((ch for ch in text if ord(ch) not in drawable), None)
