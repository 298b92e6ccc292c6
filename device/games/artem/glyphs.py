"""Lines that mix text and seat-button key caps ("or [3] C5 · [5] E5"), and the hollow cap of an
entry the rules forbid now."""

from __future__ import annotations

from collections.abc import Sequence

from device.render.fonts import font
from device.render.frame import TEXT_FLOOR_PX, Frame
from device.widgets.seat_button import button_width, draw_seat_button

Part = str | int  # a text, or the number of a seat button drawn as its key cap


def parts_width(frame: Frame, parts: Sequence[Part], px: int, weight: str = "semibold") -> int:
    """How wide a line of texts and key caps is at text size `px`."""
    return sum(button_width(frame, px) if isinstance(p, int) else frame.text_width(p, px, weight) for p in parts)


def draw_parts(frame: Frame, x: int, cy: int, parts: Sequence[Part], px: int, weight: str = "semibold") -> int:
    """Draw texts and key caps from `x`, centred on `cy`; returns the x after them."""
    for part in parts:
        if isinstance(part, int):
            x = draw_seat_button(frame, x, cy, part, px)
        else:
            frame.text((x, cy), part, px, weight, anchor="lm")
            x += frame.text_width(part, px, weight)
    return x


def hollow_button(frame: Frame, left: int, cy: int, number: int, px: int) -> int:
    """A seat button's cap drawn as an outline: its entry cannot be chosen now. Same size and
    place as a filled cap; returns the x where the text after it starts."""
    face = font(max(TEXT_FLOOR_PX, px * 9 // 10), "bold")
    boxes = [face.getbbox(digit, anchor="mm") for digit in "0123456789"]
    margin = max(2, frame.px(2)) + 1
    width = max(int(b[2] - b[0]) for b in boxes) + 2 * margin
    height = max(int(b[3] - b[1]) for b in boxes) + 2 * margin
    top = cy - height // 2
    frame.draw.rounded_rectangle((left, top, left + width - 1, top + height - 1),
                                 radius=max(1, height // 4), outline=frame.ink, width=1)
    frame.text((left + width // 2, top + height // 2), str(number), max(TEXT_FLOOR_PX, px * 9 // 10),
               "bold", anchor="mm")
    return left + button_width(frame, px)
