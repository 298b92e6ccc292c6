"""Drawing pieces of the IDENTIK screens: a star, a tick, quick text fitting, tiles, grids."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from device.render.fonts import font
from device.render.frame import TEXT_FLOOR_PX as READABLE_PX
from device.render.frame import Frame
from device.render.shapes import Box, Ink
from device.strings.all import STRINGS as T
from engine.identik.state import State


def readable_px(frame: Frame) -> int:
    """The smallest text size allowed on this panel: 10 px on the 250x122 panel; larger panels
    have about the same pixel pitch, so a little more than that, not the full scaled size."""
    return max(READABLE_PX, frame.px(READABLE_PX * 0.7))


def short(lang: str, game: State, seat: int) -> str:
    """A seat's name, or "S3" when it has none."""
    return game.setup.name_of(seat) or T(lang, "seat.short", seat=seat)


def draw_star(frame: Frame, box: Box, filled: bool = True) -> None:
    """A five-pointed star, as large as fits in `box` (a vector shape, never a glyph)."""
    left, top, right, bottom = box
    radius = min(right - left, bottom - top) / 2
    cx, cy = (left + right) / 2, (top + bottom) / 2 + radius * 0.1
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    if filled:
        frame.draw.polygon(points, fill=frame.ink)
    else:
        frame.draw.polygon(points, outline=frame.ink, width=frame.stroke)


def draw_check(frame: Frame, box: Box, fill: Ink) -> None:
    """A tick mark drawn with lines inside `box`."""
    left, top, right, bottom = box
    size = min(right - left, bottom - top)
    x, y = left + (right - left - size) // 2, top + (bottom - top - size) // 2
    width = max(frame.stroke, size // 6)
    frame.draw.line((x, y + size * 55 // 100, x + size * 38 // 100, y + size * 90 // 100,
                     x + size, y + size * 12 // 100), fill=fill, width=width, joint="curve")


@lru_cache(maxsize=2048)
def fit_size(text: str, width: int, height: int, max_px: int, weight: str, min_px: int = 8) -> int:
    """The largest size <= max_px at which `text` fits width x height (Frame.fit_px's test),
    found from one measurement scaled, then a step or two: screens render in a few ms."""

    def fits(px: int) -> bool:
        left, top, right, bottom = font(px, weight).getbbox(text)
        return right - left <= width and bottom - top <= height

    start = min(max_px, max(min_px, int(height / 1.05)))
    if fits(start):
        return start
    left, top, right, bottom = font(start, weight).getbbox(text)
    scale = min(width / max(1, right - left), height / max(1, bottom - top))
    px = max(min_px, min(start - 1, int(start * scale)))
    while px > min_px and not fits(px):
        px -= 1
    while px + 1 < start and fits(px + 1):
        px += 1
    return px


def fit_text(frame: Frame, box: Box, text: str, max_px: int | None = None, weight: str = "semibold",
             align: str = "center", fill: Ink | None = None) -> int:
    """Draw `text` as large as fits in `box` (up to max_px), like Frame.fit but quicker."""
    floor = readable_px(frame)
    px = fit_size(text, box[2] - box[0], box[3] - box[1], max(floor, max_px or frame.large * 3), weight, floor)
    text = frame.ellipsize(text, box[2] - box[0], px, weight)
    cy = (box[1] + box[3]) // 2
    if align == "left":
        frame.text((box[0], cy), text, px, weight, anchor="lm", fill=fill)
    else:
        frame.text(((box[0] + box[2]) // 2, cy), text, px, weight, anchor="mm", fill=fill)
    return px


def big_number(frame: Frame, box: Box, text: str) -> None:
    """Digits as tall as the box allows (bold)."""
    fit_text(frame, box, text, max_px=int((box[3] - box[1]) * 1.3), weight="bold")


def wrap_lines(text: str, width: int, px: int, weight: str) -> list[str]:
    """Break `text` into lines no wider than `width` at size `px`, at plain spaces only (a
    no-break space keeps "(again: clear)" on one line)."""
    measure = font(px, weight).getlength
    lines: list[str] = []
    for word in filter(None, text.split(" ")):
        if lines and measure(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@lru_cache(maxsize=512)
def wrap_layout(text: str, width: int, height: int, max_px: int, weight: str,
                min_px: int = READABLE_PX) -> tuple[int, tuple[str, ...]]:
    """The largest size <= max_px (and >= min_px) at which `text`, wrapped, fits; with its lines."""
    px = max(max_px, min_px)
    while True:
        lines = wrap_lines(text, width, px, weight)
        widest = max((font(px, weight).getlength(line) for line in lines), default=0)
        if (len(lines) * int(px * 1.15) <= height and widest <= width) or px <= min_px:
            return px, tuple(lines)
        px -= 1


def draw_wrapped(frame: Frame, box: Box, text: str, max_px: int, weight: str = "semibold",
                 align: str = "center") -> None:
    """`text` on as many lines as needed, at the largest size <= max_px that fits `box`."""
    left, top, right, bottom = box
    px, lines = wrap_layout(text, right - left, bottom - top, max_px, weight, readable_px(frame))
    line_h = int(px * 1.15)
    y = top + (bottom - top - len(lines) * line_h) // 2
    for line in lines:
        if align == "left":
            frame.text((left, y + line_h // 2), line, px, weight, anchor="lm")
        else:
            frame.text(((left + right) // 2, y + line_h // 2), line, px, weight, anchor="mm")
        y += line_h


def _tile_inside(frame: Frame, box: Box, thick: bool, check: bool | None) -> tuple[Box, Box, int]:
    """Where a tile draws: its outline, the band of its lines of text, and the size of the tick
    mark drawn just above that band (0 without one)."""
    pad = frame.px(2) + (frame.px(1) if thick else 0)
    left, top, right, bottom = box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad
    width = frame.stroke
    inner_l, inner_r = left + pad + width, right - pad - width
    y = top + width + 1  # a blank pixel inside the outline, above the first line and below the last
    usable = bottom - top - 2 * width - 2
    size = 0
    if check is not None:  # a strip above the text holds the tick mark, so names keep the full width
        size = min(usable // 5, (inner_r - inner_l) // 3)
        y += size + pad
        usable -= size + pad
    return (left, top, right, bottom), (inner_l, y, inner_r, y + usable), size


def tile_fits(frame: Frame, box: Box, lines: Sequence[tuple[str, float, str]], thick: bool = False,
              check: bool | None = None) -> bool:
    """Whether every line of a tile fits its share of the height and the width at the readable
    floor (else `tile` would draw them on top of each other or cut them)."""
    _, (inner_l, y, inner_r, y_end), _ = _tile_inside(frame, box, thick, check)
    floor = readable_px(frame)
    for text, share, weight in lines:
        x0, y0, x1, y1 = font(floor, weight).getbbox(text)
        if x1 - x0 > inner_r - inner_l or y1 - y0 > int((y_end - y) * share):
            return False
    return True


def tile(frame: Frame, box: Box, lines: Sequence[tuple[str, float, str]], inverted: bool,
         thick: bool = False, check: bool | None = None, dash: bool = False) -> None:
    """A rounded box with lines of (text, share of the height, weight); inverted = filled.

    `check` True draws a tick mark above the lines; False keeps its room empty, or with `dash`
    draws a dash there (a judge who said "not met").
    """
    if thick:
        # The four-key cursor: a frame around the cell, visible on a ticked (filled) tile too.
        frame.draw.rectangle(box, outline=frame.ink, width=max(1, frame.px(2) // 2 + 1))
    outline, (inner_l, y, inner_r, y_end), size = _tile_inside(frame, box, thick, check)
    radius = frame.px(4)
    if inverted:
        frame.draw.rounded_rectangle(outline, radius=radius, fill=frame.ink)
    frame.draw.rounded_rectangle(outline, radius=radius, outline=frame.ink, width=frame.stroke)
    fill = frame.paper if inverted else frame.ink
    if check:
        cx = (inner_l + inner_r) // 2
        draw_check(frame, (cx - size, y - size, cx + size, y), fill)  # at the foot of its strip
    elif dash and check is not None:
        cx = (inner_l + inner_r) // 2
        frame.draw.line((cx - size, y - size // 2, cx + size, y - size // 2), fill=fill, width=frame.stroke)
    usable = y_end - y
    floor = readable_px(frame)
    for text, share, weight in lines:
        h = int(usable * share)
        # Never below the readable floor: a long name is cut with an ellipsis instead.
        px = fit_size(text, inner_r - inner_l, h, max(floor, int(h * 0.8)), weight, floor)
        shown = frame.ellipsize(text, inner_r - inner_l, px, weight)
        x0, y0, x1, y1 = (int(v) for v in font(px, weight).getbbox(shown))  # the ink centred:
        frame.text(((inner_l + inner_r - x1 - x0) // 2, y + (h - y1 - y0) // 2), shown, px, weight,  # descenders
                   fill=fill)  # clear the outline
        y += h


def menu_row(frame: Frame) -> int:
    """The height of one row of `Frame.menu` at the body size (as it computes it)."""
    tallest = font(frame.body).getbbox("ÉfÇçgj", anchor="lm")
    return max(int(frame.body * 1.35), 2 * int(max(-tallest[1], tallest[3])) + 2)


def grid(box: Box, count: int, columns: int) -> list[Box]:
    """`count` cells filling `box` in rows of `columns`."""
    left, top, right, bottom = box
    rows = (count + columns - 1) // columns
    cell_w, cell_h = (right - left) // columns, (bottom - top) // max(rows, 1)
    cells = []
    for i in range(count):
        row, col = divmod(i, columns)
        in_row = min(columns, count - row * columns)
        offset = (columns - in_row) * cell_w // 2
        x = left + offset + col * cell_w
        cells.append((x, top + row * cell_h, x + cell_w, top + (row + 1) * cell_h))
    return cells


def star_number(frame: Frame, box: Box, number: str, notes: Sequence[tuple[str, str]]) -> None:
    """The super criterion: a star, the number in large digits, and notes beside them."""
    left, top, right, bottom = box
    pad = frame.px(4)
    width, height = right - left, bottom - top - 2 * pad
    many = len(notes) > 3  # four notes: a smaller star and narrower digits leave them room
    star_size = min(height * 2 // 3, width * (15 if many else 20) // 100)
    star_top = top + (bottom - top - star_size) // 2
    star = (left + pad, star_top, left + pad + star_size, star_top + star_size)
    draw_star(frame, star)
    digits_w = width * (34 if len(notes) < 3 else 20 if many else 26) // 100  # room for the notes
    digits_h = min(height, digits_w * 100 // 115)
    digits_top = top + (bottom - top - digits_h) // 2
    digits = (star[2] + pad, digits_top, star[2] + pad + digits_w, digits_top + digits_h)
    big_number(frame, digits, number)
    text_box = (digits[2] + pad * 2, top + pad, right - pad, bottom - pad)
    notes_in(frame, text_box, notes)


def notes_in(frame: Frame, box: Box, notes: Sequence[tuple[str, str]]) -> None:
    """Notes stacked in `box`, wrapped, all at the largest size at which they fit together."""
    left, top, right, bottom = box
    floor = readable_px(frame)
    # Sizes from the body size down, the gap between notes closing up at the smallest size.
    tries = [(px, px // 2) for px in range(max(frame.body, floor), floor - 1, -1)] + [(floor, 1)]
    for px, gap in tries:
        wrapped = [wrap_lines(text, right - left, px, weight) for text, weight in notes]
        line_h = int(px * 1.3)  # accents and descenders of two lines never touch
        height = sum(len(lines) for lines in wrapped) * line_h + gap * (len(notes) - 1)
        if height <= bottom - top:
            break
    y = top + max(0, bottom - top - height) // 2
    for lines, (_, weight) in zip(wrapped, notes, strict=True):
        for text in lines:
            frame.text((left, y + line_h // 2), text, px, weight, anchor="lm")
            y += line_h
        y += gap
