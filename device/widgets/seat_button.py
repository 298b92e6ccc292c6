"""A seat button drawn on screen: its number in a ring, so a row reads "press seat button 3",
not "item three" (issue 20: the numbers alone were taken for list numbering)."""

from __future__ import annotations

from device.render.fonts import font
from device.render.frame import Frame
from device.render.shapes import Ink


def button_width(frame: Frame, px: int) -> int:
    """The room one button glyph takes at text size `px`, the gap after it included."""
    return _diameter(frame, px) + max(2, frame.px(3))


def _diameter(frame: Frame, px: int) -> int:
    return max(9, int(px * 1.05))


def draw_seat_button(frame: Frame, left: int, cy: int, number: int, px: int,
                     fill: Ink | None = None) -> int:
    """The ring with `number` inside, its left edge at `left`, centred on `cy`; returns the x
    where the text after it starts."""
    ink = frame.ink if fill is None else fill
    size = _diameter(frame, px)
    top = cy - size // 2
    frame.draw.ellipse((left, top, left + size - 1, top + size - 1), outline=ink, width=1)
    digit_px = max(8, size * 3 // 4)
    centre = (left + size // 2, top + size // 2)
    frame.draw.text(centre, str(number), font=font(digit_px, "bold"), anchor="mm", fill=ink)
    frame.note((left, top, left + size, top + size), f"({number})", fill == frame.paper)
    return left + button_width(frame, px)
