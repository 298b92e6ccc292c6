"""A seat button drawn on screen: its number on a small filled key cap, so a row reads "press
seat button 3", not "item three" (issue 20: bare numbers were taken for list numbering)."""

from __future__ import annotations

from device.render.fonts import font
from device.render.frame import TEXT_FLOOR_PX, Frame
from device.render.shapes import Ink


def _digit_px(px: int) -> int:
    return max(TEXT_FLOOR_PX, px * 9 // 10)


def _cap(frame: Frame, px: int) -> tuple[int, int]:
    """The key cap's width and height for text of size `px` (the digit's ink plus a margin)."""
    face = font(_digit_px(px), "bold")
    boxes = [face.getbbox(digit, anchor="mm") for digit in "0123456789"]
    wide = max(int(b[2] - b[0]) for b in boxes)
    tall = max(int(b[3] - b[1]) for b in boxes)
    margin = max(2, frame.px(2)) + 1  # the ink keeps a clear pixel inside the cap's edge
    return wide + 2 * margin, tall + 2 * margin


def button_width(frame: Frame, px: int) -> int:
    """The room one button glyph takes at text size `px`, the gap after it included."""
    return _cap(frame, px)[0] + max(2, frame.px(3))


def draw_seat_button(frame: Frame, left: int, cy: int, number: int, px: int,
                     fill: Ink | None = None) -> int:
    """The key cap with `number` on it, its left edge at `left`, centred on `cy`, in `fill`
    (the ink, or the paper on an inverted row); returns the x where the text after it starts."""
    ink = frame.ink if fill is None else fill
    paper = frame.paper if ink == frame.ink else frame.ink
    width, height = _cap(frame, px)
    top = cy - height // 2
    frame.draw.rounded_rectangle((left, top, left + width - 1, top + height - 1),
                                 radius=max(1, height // 4), fill=ink)
    frame.text((left + width // 2, top + height // 2), str(number), _digit_px(px), "bold",
               anchor="mm", fill=paper)
    return left + button_width(frame, px)
