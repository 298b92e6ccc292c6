"""Paragraphs wrapped over as many lines as they need, never below the readable floor (10 px on
the 250x122 panel): the #ARTBOX screens shorten and wrap text rather than shrink it."""

from __future__ import annotations

from collections.abc import Sequence

from device.render.frame import TEXT_FLOOR_PX, Frame, wrap_words
from device.render.shapes import Box

Paragraph = tuple[str, str]  # (text, weight)


def wrap(frame: Frame, text: str, width: int, px: int, weight: str) -> list[str]:
    """`text` split at spaces into lines no wider than `width` (a lone long word is cut)."""
    return [frame.ellipsize(one, width, px, weight) for one in wrap_words(text, width, px, weight)]


def draw_paragraphs(frame: Frame, box: Box, paragraphs: Sequence[Paragraph], max_px: int,
                    align: str = "left") -> None:
    """The paragraphs top to bottom at the largest size (<= max_px) at which all lines fit."""
    left, top, right, bottom = box
    floor = max(TEXT_FLOOR_PX, frame.px(TEXT_FLOOR_PX))
    px = max(max_px, floor)
    while True:
        lines = [(line, weight) for text, weight in paragraphs
                 for line in wrap(frame, text, right - left, px, weight)]
        step = px * 6 // 5
        if step * len(lines) <= bottom - top or px <= floor:
            break
        px -= 1
    gap = max(0, (bottom - top - step * len(lines)) // (len(lines) + 1))
    y = top + gap
    for line, weight in lines:
        if y + step > bottom + step // 4:  # out of room even at the floor: stop, never shrink
            break
        x, anchor = (left, "lm") if align == "left" else ((left + right) // 2, "mm")
        frame.text((x, y + step // 2), line, px, weight, anchor=anchor)
        y += step + gap
