"""The packaged font (Source Sans Pro, covers French accents and œ), cached by size."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import font_source_sans_pro
from PIL import ImageFont

_FILES = {
    "regular": "SourceSansPro-Regular",
    "semibold": "SourceSansPro-Semibold",
    "bold": "SourceSansPro-Bold",
}


def font_path(weight: str = "semibold") -> Path:
    """Path of the packaged TrueType file for a weight."""
    return Path(font_source_sans_pro.font_directory) / f"{_FILES[weight]}.ttf"


@lru_cache(maxsize=64)
def font(px: int, weight: str = "semibold") -> ImageFont.FreeTypeFont:
    """The font at `px` pixels (the em size)."""
    return ImageFont.truetype(str(font_path(weight)), max(6, px))
