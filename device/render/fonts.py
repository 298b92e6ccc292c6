"""The packaged font (Source Sans Pro, covers French accents and œ), cached by size.

Every string measured or drawn with it is cleaned by `drawable` first: text from outside (a
path with a newline, bytes that were not UTF-8) cannot crash the text layout.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import font_source_sans_pro
from PIL import ImageFont

from device.render.text import drawable

_FILES = {
    "regular": "SourceSansPro-Regular",
    "semibold": "SourceSansPro-Semibold",
    "bold": "SourceSansPro-Bold",
}


def font_path(weight: str = "semibold") -> Path:
    """Path of the packaged TrueType file for a weight."""
    return Path(font_source_sans_pro.font_directory) / f"{_FILES[weight]}.ttf"


def snap(px: int) -> int:
    """Round a size down onto a short ladder of sizes (each loaded face costs ~300 KB).

    Every size up to 24 px, even sizes to 48 px, then steps of 6 px: at most a few percent
    smaller than asked, and a countdown keeps one size from second to second.
    """
    px = max(6, px)
    if px <= 24:
        return px
    if px <= 48:
        return px - px % 2
    return px - px % 6


# Sizes at which the a and the e come out alike once rendered 1-bit (the 2.9"'s 11 px soft
# keys read "Pley egein": the a's open hook closes into an e's bowl), each with the nearest size
# that keeps them apart (never below the 10 px text floor; a tie goes up).
# tests/device/render/test_letters.py finds them by comparing each rendering with the large glyphs.
ALIKE_AE: dict[str, dict[int, int]] = {
    "regular": {10: 12, 11: 12}, "semibold": {11: 10, 12: 13}, "bold": {13: 14},
}


def font(px: int, weight: str = "semibold") -> ImageFont.FreeTypeFont:
    """The font at `px` pixels (the em size), snapped onto the size ladder, off the sizes where
    a and e look alike."""
    size = snap(px)
    return _font(ALIKE_AE.get(weight, {}).get(size, size), weight)


LENGTHS_KEPT = 8192  # measured widths remembered (all sizes together); a game needs a few hundred


class DrawableFont(ImageFont.FreeTypeFont):
    """A FreeType font that measures and draws every string as `drawable` makes it."""

    weight = "semibold"  # set by _font: the key of its remembered widths, with the size

    def getlength(self, text: str | bytes, *args: Any, **kwargs: Any) -> float:
        """Width of the cleaned text (remembered per size, weight and string: _length)."""
        if args or kwargs or not isinstance(text, str):
            return super().getlength(drawable(text) if isinstance(text, str) else text, *args, **kwargs)
        return _length(int(self.size), self.weight, text)

    def getbbox(self, text: str | bytes | bytearray, *args: Any, **kwargs: Any) -> tuple[float, float, float, float]:
        """Bounding box of the cleaned text."""
        return super().getbbox(drawable(text) if isinstance(text, str) else text, *args, **kwargs)

    def getmask(self, text: str | bytes, *args: Any, **kwargs: Any) -> Any:
        """Mask of the cleaned text."""
        return super().getmask(drawable(text) if isinstance(text, str) else text, *args, **kwargs)

    def getmask2(self, text: str | bytes, *args: Any, **kwargs: Any) -> Any:
        """Mask and offset of the cleaned text (what ImageDraw.text draws with)."""
        return super().getmask2(drawable(text) if isinstance(text, str) else text, *args, **kwargs)


# Faces kept open. FreeType maps the whole font file (about 300 KB resident) for each face, so
# each costs that much; 16 hold every size a screen draws with (a full #ARTBOX game on the 7.5"
# uses 30 sizes in all, most only while fitting a text once), and reopening one is a fraction
# of a millisecond. With 32, that game's peak was 3.9 MB higher.
@lru_cache(maxsize=16)
def _font(px: int, weight: str) -> ImageFont.FreeTypeFont:
    face = DrawableFont(str(font_path(weight)), px)
    face.weight = weight
    return face


# Each string's width at each size and weight, measured once: wrapping tries every word at every
# size it considers, and the screens of a game repeat their texts (an IDENTIK game on the 7.5"
# asked FreeType 24,000 widths of 634 strings).
@lru_cache(maxsize=LENGTHS_KEPT)
def _length(px: int, weight: str, text: str) -> float:
    return ImageFont.FreeTypeFont.getlength(_font(px, weight), drawable(text))
