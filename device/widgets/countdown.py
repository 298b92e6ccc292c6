"""The countdown widget's face: big m:ss and a sand level (its timing is device/widgets/timed.py)."""

from __future__ import annotations

from device.clock import clock_text
from device.render.frame import Frame
from device.render.shapes import Box
from device.strings.all import STRINGS
from engine.sandglass import Sandglass


def stands_still(glass: Sandglass, held: bool) -> bool:
    """Whether a running glass shows a held time (Context.held: after a stop, until the next press)."""
    return held and glass.status == "running"


def held_note(lang: str, glass: Sandglass, held: bool) -> str:
    """STOPPED under a glass whose time is held after a stop, else ''."""
    return STRINGS(lang, "countdown.held") if stands_still(glass, held) else ""


def draw_glass_icon(frame: Frame, box: Box, fraction_top: float) -> None:
    """A small sandglass drawing with its top bulb `fraction_top` full."""
    left, top, right, bottom = box
    width = min(right - left, (bottom - top) * 2 // 3)
    cx = (left + right) // 2
    x0, x1 = cx - width // 2, cx + width // 2
    mid = (top + bottom) // 2
    ink, stroke = frame.ink, frame.stroke
    frame.draw.line((x0, top, x1, top), fill=ink, width=stroke)
    frame.draw.line((x0, bottom, x1, bottom), fill=ink, width=stroke)
    frame.draw.line((x0, top, cx, mid, x1, top), fill=ink, width=stroke)
    frame.draw.line((x0, bottom, cx, mid, x1, bottom), fill=ink, width=stroke)
    fraction_top = max(0.0, min(1.0, fraction_top))
    half = mid - top
    top_level = mid - int(half * fraction_top)
    if fraction_top > 0:
        inset = (top_level - top) * (x1 - x0) // (2 * max(1, half))
        frame.draw.polygon([(x0 + inset, top_level), (x1 - inset, top_level), (cx, mid)], fill=ink)
    bottom_fill = 1.0 - fraction_top
    if bottom_fill > 0:
        level = bottom - int(half * bottom_fill)
        inset = (bottom - level) * (x1 - x0) // (2 * max(1, half))
        frame.draw.polygon([(x0 + inset, bottom), (x1 - inset, bottom), (cx, level)], fill=ink)


def draw_countdown(frame: Frame, box: Box, glass: Sandglass, now_ms: int, note: str = "") -> None:
    """Big m:ss digits (at least 40% of the panel height) with a sand-level icon beside them."""
    left, top, right, bottom = box
    remaining = glass.remaining_ms(now_ms)
    digits_h = max(int(frame.height * 0.52), 1)
    icon_w = (bottom - top) * 2 // 5
    pad = frame.px(4)
    icon_box = (left + pad, top + pad, left + pad + icon_w, bottom - pad)
    level = remaining / glass.length_ms
    if frame.coarse_time:
        level = -(-int(level * 8 * 1000) // 1000) / 8  # eight sand levels: a change every few refreshes
    draw_glass_icon(frame, icon_box, level)
    note_h = frame.small + pad if note else 0
    avail_h = bottom - top - note_h
    digit_top = top + max(0, (avail_h - digits_h) // 2)
    digit_box = (icon_box[2] + pad, digit_top, right - pad, digit_top + min(digits_h, avail_h))
    frame.big_number(digit_box, clock_text(remaining, frame.coarse_time))
    if note:
        frame.text(((digit_box[0] + digit_box[2]) // 2, bottom - pad), note, frame.small, "bold", anchor="md")
