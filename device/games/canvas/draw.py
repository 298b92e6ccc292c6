"""Canvas drawing pieces: element icons (vector, never glyphs), the painting strip, the market."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from device.render.fonts import font
from device.render.frame import TEXT_FLOOR_PX, Frame
from device.render.shapes import Box, Ink
from device.widgets.seat_button import button_width, draw_seat_button
from engine.canvas.cards import ELEMENTS, Slot
from engine.canvas.setup import Setup


def _square(box: Box) -> Box:
    left, top, right, bottom = box
    size = min(right - left, bottom - top)
    x0 = (left + right - size) // 2
    y0 = (top + bottom - size) // 2
    return (x0, y0, x0 + size, y0 + size)


def draw_element(frame: Frame, name: str, box: Box, ink: Ink) -> None:
    """Hue: a paint drop (disc); Shape: a triangle; Texture: a hatched square; Tone: a half disc."""
    x0, y0, x1, y1 = _square(box)
    size = x1 - x0
    if size < 4:
        return
    width = max(1, size // 9)
    draw = frame.draw
    if name == "hue":
        draw.ellipse((x0, y0, x1, y1), fill=ink)
    elif name == "shape":
        draw.polygon([((x0 + x1) // 2, y0), (x1, y1), (x0, y1)], outline=ink, width=width)
    elif name == "texture":
        draw.rectangle((x0, y0, x1, y1), outline=ink, width=width)
        for k in (1, 2, 3):
            offset = size * k // 4
            draw.line((x0 + offset, y1, x1, y0 + offset), fill=ink, width=width)
            draw.line((x0, y0 + offset, x0 + offset, y0), fill=ink, width=width)
    elif name == "tone":
        draw.ellipse((x0, y0, x1, y1), outline=ink, width=width)
        draw.pieslice((x0, y0, x1, y1), 90, 270, fill=ink)


def draw_icon(frame: Frame, icon: str, box: Box, setup: Setup, ink: Ink | None = None) -> None:
    """An element, or a bonus icon: a rounded badge around its element and its points."""
    ink = frame.ink if ink is None else ink
    if not icon:
        return
    if icon in ELEMENTS:
        draw_element(frame, icon, box, ink)
        return
    bonus = next((b for b in setup.bonus_icons if b.id == icon), None)
    if bonus is None:
        return
    x0, y0, x1, y1 = _square(box)
    size = x1 - x0
    frame.draw.rounded_rectangle((x0, y0, x1, y1), radius=max(1, size // 4), outline=ink, width=max(1, size // 12))
    inner = size // 5
    draw_element(frame, bonus.element, (x0 + inner, y0 + inner // 2, x1 - inner, y1 - inner * 3 // 2), ink)
    px = max(6, size * 2 // 5)
    frame.text((x1 - max(1, size // 10), y1), f"+{bonus.points}", px, "bold", anchor="rd", fill=ink)


def draw_icon_keys(frame: Frame, box: Box, setup: Setup, names: Sequence[str]) -> None:
    """The table build's icon keys, two columns of four rows (elements, then their bonus icons):
    each seat button's key cap, the icon it enters and its name (`names`, one per icon; a bonus
    icon's name shortened to its "+N" when the full one does not fit beside it)."""
    left, top, right, bottom = box
    icons = setup.icons[1:9]
    rows = (len(icons) + 1) // 2
    row_h = (bottom - top) // max(1, rows)
    px = max(TEXT_FLOOR_PX, min(frame.small, row_h * 3 // 4))
    bonus = [next((b for b in setup.bonus_icons if b.id == icon), None) for icon in icons]
    while True:  # the largest size at which every full name fits, else "+N" for the bonus icons
        size = min(row_h - 2, px)
        lead = button_width(frame, px) + size + max(2, frame.px(3))  # key cap and icon before a name
        first_w = lead + max(frame.text_width(n, px) for n in names[:rows]) + frame.px(6)
        if lead + max(frame.text_width(n, px) for n in names[rows:]) <= right - left - first_w:
            break
        if px == TEXT_FLOOR_PX:
            shorts = (f"+{b.points}" if b else n for b, n in zip(bonus[rows:], names[rows:], strict=True))
            names = [*names[:rows], *shorts]
            break
        px -= 1
    for number, (icon, name) in enumerate(zip(icons, names, strict=False), 1):
        col, row = divmod(number - 1, rows)
        x = left if col == 0 else left + first_w
        found = bonus[number - 1]
        mid = top + row * row_h + row_h // 2
        x0 = draw_seat_button(frame, x, mid, number, px)
        element = found.element if found is not None else icon
        draw_element(frame, element, (x0, mid - size // 2, x0 + size, mid - size // 2 + size), frame.ink)
        frame.text((x + lead, mid), name, px, anchor="lm")


def draw_named_key(frame: Frame, box: Box, key: str, icon: str, setup: Setup, name: str) -> None:
    """One more legend row in `box`: a key cap with a word on it (`timer`), the icon it enters
    and its name, sized as the seat-button rows above it."""
    left, top, right, bottom = box
    row_h = bottom - top
    mid = top + row_h // 2
    px = max(TEXT_FLOOR_PX, min(frame.small, row_h * 3 // 4))
    cap_w = frame.text_width(key, px, "bold") + frame.px(6)
    cap_h = int(px * 1.15)
    frame.draw.rounded_rectangle((left, mid - cap_h // 2, left + cap_w, mid + cap_h - cap_h // 2),
                                 radius=max(1, cap_h // 4), fill=frame.ink)
    frame.text((left + cap_w // 2, mid), key, px, "bold", anchor="mm", fill=frame.paper)
    size = min(row_h - 2, px)
    x = left + cap_w + max(2, frame.px(3))
    bonus = next((b for b in setup.bonus_icons if b.id == icon), None)
    draw_element(frame, bonus.element if bonus else icon, (x, mid - size // 2, x + size, mid - size // 2 + size),
                 frame.ink)
    frame.fit((x + size + max(2, frame.px(3)), top, right, bottom), name, max_px=px, align="left")


def draw_bonus_tall(frame: Frame, icon: str, box: Box, setup: Setup) -> bool:
    """A bonus icon in a tall narrow box (a slot of the strip): its element, "+N" under it in
    text (a badge this small is unreadable); False if `icon` is no bonus icon."""
    bonus = next((b for b in setup.bonus_icons if b.id == icon), None)
    if bonus is None:
        return False
    left, top, right, bottom = box
    width = right - left
    px = max(TEXT_FLOOR_PX, min(frame.small, (bottom - top) * 2 // 5))
    size = min(width, bottom - top - px - frame.px(2))
    cx = (left + right) // 2
    draw_element(frame, bonus.element, (cx - size // 2, top, cx - size // 2 + size, top + size), frame.ink)
    frame.fit((left - frame.px(2), top + size + 1, right + frame.px(2), bottom), f"+{bonus.points}",
              max_px=px, weight="bold")
    return True


def draw_strip(frame: Frame, box: Box, slots: Sequence[Slot], current: int, setup: Setup) -> None:
    """The five slots as columns (top and bottom icon), numbered; `current` (1-5) is framed and
    a slot before it entered empty shows a dash."""
    left, top, right, bottom = box
    cell_w = (right - left) // len(slots)
    # The current slot's frame: thick, but never eating the icons' room in a narrow column
    # (issue 20, second read: on the 2.13" the icons sat on it).
    edge = max(1, min(frame.stroke * 2, cell_w // 10))
    number_h = frame.small + frame.px(2) + edge
    icon_h = (bottom - top - number_h) // 2
    pad = max(1, frame.px(2))
    for i, slot in enumerate(slots):
        x = left + i * cell_w
        number = i + 1
        is_current = number == current
        if is_current:
            frame.draw.rectangle((x, top, x + cell_w - 1, top + number_h - 1), fill=frame.ink)
        fill = frame.paper if is_current else frame.ink
        frame.draw.rectangle((x, top, x + cell_w - 1, bottom - 1), outline=frame.ink, width=edge if is_current else 1)
        frame.fit((x + edge + 1, top + edge + 1, x + cell_w - edge - 1, top + number_h - 1), str(number),
                  max_px=frame.small, weight="bold", fill=fill)
        if number < current and not slot.icons:
            # Entered with nothing in it (issue 20, second read: it looked like a slot not yet
            # entered): a dash across the middle of its column.
            cy = top + number_h + icon_h
            frame.draw.line((x + cell_w // 4, cy, x + cell_w - 1 - cell_w // 4, cy), fill=frame.ink,
                            width=max(1, frame.stroke))
        inset = pad + (edge if is_current else 0)  # clear of the current slot's thick frame
        for row, icon in enumerate((slot.top, slot.bottom)):
            y = top + number_h + row * icon_h
            size = min(cell_w, icon_h) - 2 * inset
            cx = x + cell_w // 2
            cy = y + icon_h // 2
            tall = (cx - size // 2, y + inset, cx + size // 2, y + icon_h - inset)
            if not draw_bonus_tall(frame, icon, tall, setup):
                draw_icon(frame, icon, (cx - size // 2, cy - size // 2, cx + size // 2, cy + size // 2), setup)


def draw_tokens_row(frame: Frame, box: Box, flips: Sequence[bool]) -> None:
    """Tossed tokens: filled discs face up, rings face down."""
    left, top, right, bottom = box
    if not flips:
        return
    size = min((right - left) // (len(flips) + 1), bottom - top)
    gap = size // 4
    total = len(flips) * size + (len(flips) - 1) * gap
    x = (left + right - total) // 2
    y = (top + bottom - size) // 2
    for up in flips:
        disc = (x, y, x + size, y + size)
        if up:
            frame.draw.ellipse(disc, fill=frame.ink)
        else:
            frame.draw.ellipse(disc, outline=frame.ink, width=frame.stroke)
        x += size + gap


def draw_market(frame: Frame, box: Box, tokens: Sequence[int], cursor: int, paint_label: str) -> None:
    """Five market cards with the tokens on each, then a "paint" box; the cursor box inverted."""
    left, top, right, bottom = box
    cells = len(tokens) + 1
    gap = frame.px(3)
    cell_w = int((right - left - gap * (cells - 1)) / (cells + 0.5))  # the "paint" box is wider
    for i in range(cells):
        x0 = left + i * (cell_w + gap)
        rect = (x0, top, right if i == len(tokens) else x0 + cell_w, bottom)
        selected = i == cursor
        if selected:
            frame.draw.rounded_rectangle(rect, radius=frame.px(3), fill=frame.ink)
        else:
            frame.draw.rounded_rectangle(rect, radius=frame.px(3), outline=frame.ink, width=frame.stroke)
        fill = frame.paper if selected else frame.ink
        if i == len(tokens):
            inset = frame.px(3)
            frame.fit(
                (x0 + inset, top + inset, right - inset, bottom - inset),
                paint_label,
                max_px=frame.body,
                fill=fill,
            )
            continue
        label_h = frame.small + frame.px(2)
        frame.text((x0 + cell_w // 2, top + label_h // 2 + 1), str(i + 1), frame.small, "bold", anchor="mm", fill=fill)
        _dots(frame, (x0 + 2, top + label_h, x0 + cell_w - 2, bottom - 2), tokens[i], fill)


def _dots(frame: Frame, box: Box, count: int, fill: Ink) -> None:
    left, top, right, bottom = box
    if count <= 0:
        return
    if count > 4:
        frame.fit(box, f"x{count}", max_px=frame.body, fill=fill)
        return
    cols = 2
    rows = (count + 1) // 2
    size = max(3, min((right - left) // (cols + 1), (bottom - top) // (rows + 1)))
    for k in range(count):
        row, col = divmod(k, cols)
        cx = left + (right - left) * (2 * col + 1) // (2 * cols)
        cy = top + (bottom - top) * (2 * row + 1) // (2 * rows)
        frame.draw.ellipse((cx - size // 2, cy - size // 2, cx + size // 2, cy + size // 2), fill=fill)


# layout helpers shared by the Canvas screens ------------------------------------------------
@lru_cache(maxsize=1024)
def shorten(text: str, width: int, px: int, weight: str = "semibold") -> str:
    """`text` cut with an ellipsis to fit `width` (cached: the same labels come back every frame)."""
    face = font(px, weight)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


Line = tuple[str, str, bool]  # left text, right text, bold (a card's line) or not (a detail)


def inner(frame: Frame, box: Box | None = None) -> Box:
    """The content area (or `box`) with a small margin."""
    left, top, right, bottom = box or frame.content
    pad = frame.px(3)
    return (left + pad, top + pad, right - pad, bottom - pad)


def number_screen(frame: Frame, question: str, value: str, hint: str) -> None:
    """A question, the number being chosen as large as fits, and a hint under it."""
    left, top, right, bottom = inner(frame)
    line = frame.body + frame.px(4)
    frame.fit((left, top, right, top + line), question, max_px=frame.body)
    hint_h = frame.small + frame.px(4) if hint else 0
    frame.big_number((left, top + line, right, bottom - hint_h), value)
    if hint:
        frame.fit((left, bottom - hint_h, right, bottom), hint, max_px=frame.small)


def text_list(frame: Frame, box: Box, lines: Sequence[Line], cursor: int | None = None) -> None:
    """Lines with a figure on the right; the `cursor` line is inverted and kept in view."""
    left, top, right, bottom = box
    px = frame.small
    row = int(px * 1.4)
    rows = max(1, (bottom - top) // row)
    first = 0 if cursor is None else max(0, min(cursor - rows + 1, len(lines) - rows))
    first = max(0, min(first, cursor if cursor is not None else 0))
    pad = frame.px(3)
    arrow = pad * 3 if len(lines) > rows else 0
    for i, (text, figure, bold) in enumerate(lines[first : first + rows]):
        y0 = top + i * row
        y = y0 + row // 2
        selected = first + i == cursor
        if selected:
            frame.draw.rectangle((left - pad, y0, right - arrow, y0 + row - 1), fill=frame.ink)
        fill = frame.paper if selected else frame.ink
        weight = "bold" if bold else "semibold"
        figure_w = frame.text_width(figure, px, "bold") + pad if figure else 0
        shown = shorten(text, right - left - figure_w - arrow, px, weight)
        frame.text((left, y), shown, px, weight, anchor="lm", fill=fill)
        if figure:
            frame.text((right - arrow - pad, y), figure, px, "bold", anchor="rm", fill=fill)
    if first > 0:
        frame.draw.polygon(
            [(right - pad, top), (right, top + pad * 2), (right - pad * 2, top + pad * 2)], fill=frame.ink
        )
    if first + rows < len(lines):
        frame.draw.polygon(
            [(right - pad * 2, bottom - pad * 2), (right, bottom - pad * 2), (right - pad, bottom)], fill=frame.ink
        )
