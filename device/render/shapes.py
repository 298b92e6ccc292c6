"""The #ARTBOX shapes drawn as vector primitives (never font glyphs)."""

from __future__ import annotations

from PIL import ImageDraw

Box = tuple[int, int, int, int]
# A colour to draw with: 0/1 on a 1-bit panel, an (r, g, b) triple on a colour one.
Ink = int | tuple[int, int, int]


def draw_shape(draw: ImageDraw.ImageDraw, shape: str, box: Box, width: int, ink: Ink = 0) -> None:
    """Draw `shape` (circle, square, triangle, line) inside `box` with stroke `width`."""
    left, top, right, bottom = box
    size = min(right - left, bottom - top)
    cx, cy = (left + right) // 2, (top + bottom) // 2
    half = size // 2
    x0, y0, x1, y1 = cx - half, cy - half, cx + half, cy + half
    if shape == "circle":
        draw.ellipse((x0, y0, x1, y1), outline=ink, width=width)
    elif shape == "square":
        inset = max(1, size // 10)
        draw.rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), outline=ink, width=width)
    elif shape == "triangle":
        points = [(cx, y0), (x1, y1), (x0, y1)]
        draw.polygon(points, outline=ink, width=width)
    elif shape == "line":
        draw.line((x0, y1, x1, y0), fill=ink, width=width)
    else:
        raise ValueError(f"unknown shape {shape!r}")


def draw_arrow(draw: ImageDraw.ImageDraw, direction: str, box: Box, ink: Ink = 0) -> None:
    """A filled triangle pointing up, down, left or right, inside `box`."""
    left, top, right, bottom = box
    cx, cy = (left + right) // 2, (top + bottom) // 2
    if direction == "up":
        points = [(cx, top), (right, bottom), (left, bottom)]
    elif direction == "down":
        points = [(left, top), (right, top), (cx, bottom)]
    elif direction == "left":
        points = [(right, top), (right, bottom), (left, cy)]
    else:
        points = [(left, top), (left, bottom), (right, cy)]
    draw.polygon(points, fill=ink)
