"""Artem colour tiles on a frame: a 1-bit pattern plus a letter, or the real colour.

On 1-bit panels the pattern follows the colour's panel RGB (black is solid, yellow the
lightest), so distinct colours, which the data file keeps distinct, get distinct patterns.
Patterns are laid on the frame's pixel grid, so a run of one colour reads as one block.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from device.games.artem.artem_data import PANEL_PALETTE, ColourInfo
from device.render.fonts import font
from device.render.frame import TEXT_FLOOR_PX, Frame
from device.render.shapes import Box

# Pattern by panel colour, darkest to lightest.
PATTERNS: dict[tuple[int, int, int], str] = {
    PANEL_PALETTE["black"]: "solid",
    PANEL_PALETTE["blue"]: "checker",
    PANEL_PALETTE["red"]: "diagonal",
    PANEL_PALETTE["green"]: "vertical",
    PANEL_PALETTE["orange"]: "horizontal",
    PANEL_PALETTE["yellow"]: "dots",
    PANEL_PALETTE["white"]: "blank",
}
_LIGHT = {PANEL_PALETTE["yellow"], PANEL_PALETTE["white"], PANEL_PALETTE["green"],
          PANEL_PALETTE["orange"]}


def _ink(kind: str, x: int, y: int, period: int) -> bool:
    """Whether pixel (x, y) of a pattern is inked."""
    half = period // 2
    if kind == "solid":
        return True
    if kind == "vertical":
        return x % period < half
    if kind == "horizontal":
        return y % period < half
    if kind == "diagonal":
        return (x + y) % period < half
    if kind == "checker":
        return (x // half + y // half) % 2 == 0
    if kind == "dots":
        dot = max(1, period // 4)
        return x % period < dot and y % period < dot
    return False


@lru_cache(maxsize=64)
def _pattern(kind: str, width: int, height: int, period: int) -> Image.Image:
    """A frame-sized 1-bit image of one pattern (0 = ink), tiled from one period cell."""
    step = period * 2  # the checker repeats every two half-periods
    tile = Image.new("1", (step, step), 1)
    tile.putdata([0 if _ink(kind, x, y, period) else 1 for y in range(step) for x in range(step)])
    image = Image.new("1", (width, height), 1)
    for y in range(0, height, step):
        for x in range(0, width, step):
            image.paste(tile, (x, y))
    return image


PLAIN_BELOW_PX = 20  # tiles smaller than this show their letter without a pattern


def pattern_period(frame: Frame) -> int:
    """Stripe period in pixels: 4 on the smallest panel, scaled."""
    return max(4, frame.px(4))


def draw_tile(frame: Frame, box: Box, colour: ColourInfo | None, lang: str,
              show_letter: bool = True) -> None:
    """One cell: the colour (or its pattern) and its letter; an empty cell stays blank."""
    if colour is None:
        return
    left, top, right, bottom = box
    image = _tile(colour.rgb, colour.letter_in(lang) if show_letter else "", right - left,
                  bottom - top, frame.is_colour, pattern_period(frame))
    frame.image.paste(image, (left, top))


@lru_cache(maxsize=256)
def _tile(rgb: tuple[int, int, int], letter: str, width: int, height: int, colour: bool,
          period: int) -> Image.Image:
    """A finished tile image (drawn once per colour, size and letter, then pasted)."""
    frame = Frame(width, height, colour)
    solid = rgb == PANEL_PALETTE["black"]
    if colour:
        frame.draw.rectangle((0, 0, width, height), fill=rgb)
    elif min(width, height) < PLAIN_BELOW_PX and letter:
        # A small tile (the 2.13"): no pattern, the letter alone and as large as the tile
        # allows; black stays solid. The letter names the colour either way.
        if solid:
            frame.draw.rectangle((0, 0, width, height), fill=frame.ink)
        px = max(TEXT_FLOOR_PX, int(min(width, height) * 0.85))
        inset = 3  # room for the board's cursor frame around the letter
        frame.fit((inset, inset, width - inset, height - inset), letter, max_px=px, weight="bold",
                  fill=frame.paper if solid else frame.ink)
        return frame.image
    else:
        kind = PATTERNS.get(rgb, "blank")
        frame.image.paste(_pattern(kind, width, height, period), (0, 0))
    if letter:
        _letter(frame, letter, rgb, solid)
    return frame.image


def _letter(frame: Frame, letter: str, rgb: tuple[int, int, int], solid: bool) -> None:
    """The tile's letter: plain on a real colour or on black, on a paper badge on a pattern."""
    size = min(frame.width, frame.height)
    px = max(TEXT_FLOOR_PX, int(size * 0.55))  # a 16 px tile of the 2.13" still holds 10 px
    cx, cy = frame.width // 2, frame.height // 2
    if solid or frame.is_colour:
        dark = solid or rgb not in _LIGHT
        fill = frame.paper if dark else frame.ink
        frame.draw.text((cx, cy), letter, font=font(px, "bold"), anchor="mm", fill=fill)
        return
    half = max(5, int(size * 0.3))
    frame.draw.rectangle((cx - half, cy - half, cx + half - 1, cy + half - 1), fill=frame.paper)
    frame.draw.text((cx, cy), letter, font=font(px, "bold"), anchor="mm", fill=frame.ink)
