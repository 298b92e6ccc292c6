"""Letters stay distinct at every text size (issue 20: "Play again" read "Pley egein" on the 2.9").

Each size a text can be drawn at (`font()` for every asked size from the text floor up, in each
weight) is rendered 1-bit; its a and its e, cropped to their ink and scaled to a 12x12 grid, must
each be nearer the large (96 px) glyph of the same letter than the other letter's, over their
upper half, where they differ: the a's open hook against the e's closed bowl.
"""

from __future__ import annotations

from functools import cache

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from device.render.fonts import ALIKE_AE, _font, font
from device.render.frame import TEXT_FLOOR_PX

GRID = 12
MARGIN = 1.0  # the wrong letter's distance over the right one's
WEIGHTS = ("regular", "semibold", "bold")


def _ink(face: ImageFont.FreeTypeFont, letter: str, one_bit: bool) -> Image.Image:
    size = int(face.size) * 2
    image = Image.new("L", (size, size), 255)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1" if one_bit else "L"
    draw.text((2, 2), letter, font=face, fill=0)
    ink = ImageChops.invert(image)
    box = ink.getbbox()
    assert box is not None
    return ink.crop(box).resize((GRID, GRID), Image.Resampling.BOX).crop((0, 0, GRID, GRID // 2))


def _distance(a: Image.Image, b: Image.Image) -> float:
    return sum(abs(x - y) for x, y in zip(a.tobytes(), b.tobytes(), strict=True)) / 255


@cache
def _large(weight: str) -> dict[str, Image.Image]:
    return {letter: _ink(_font(96, weight), letter, one_bit=False) for letter in "ae"}


def distinctness(size: int, weight: str) -> float:
    """How much nearer each of a and e (1-bit at `size`) is to its own large glyph than to the other's."""
    large = _large(weight)
    small = {letter: _ink(_font(size, weight), letter, one_bit=True) for letter in "ae"}
    return min(_distance(small[mine], large[other]) / max(0.01, _distance(small[mine], large[mine]))
               for mine, other in (("a", "e"), ("e", "a")))


@pytest.mark.parametrize("weight", WEIGHTS)
def test_every_size_a_text_can_take_keeps_a_and_e_apart(weight: str) -> None:
    sizes = sorted({int(font(px, weight).size) for px in range(TEXT_FLOOR_PX, 200)})
    alike = [size for size in sizes if distinctness(size, weight) < MARGIN]
    assert not alike, f"{weight}: a and e alike at {alike} px"


@pytest.mark.parametrize("weight", WEIGHTS)
def test_the_sizes_skipped_are_really_the_alike_ones(weight: str) -> None:
    """Each size skipped fails the comparison (the list is not a guess), the one drawn instead
    passes, and it is the nearest that does (never below the text floor)."""
    for size, instead in ALIKE_AE[weight].items():
        assert distinctness(size, weight) < MARGIN <= distinctness(instead, weight)
        reach = abs(instead - size)
        nearer = [s for s in range(max(TEXT_FLOOR_PX, size - reach), size + reach) if abs(s - size) < reach]
        assert all(distinctness(s, weight) < MARGIN for s in nearer), nearer
