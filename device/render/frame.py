"""A frame being drawn: the panel-sized image plus the layout helpers every screen uses.

Sizes scale with `unit` (1.0 on the smallest 250x122 panel), so one layout serves every
panel from 250x122 to 800x480. Screens draw with `ink` on `paper`; on a colour panel the
image is RGB and `colour()` gives real colours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageChops, ImageDraw

from device.render.fonts import font, snap
from device.render.shapes import Box, Ink, draw_arrow, draw_shape
from device.render.text import drawable
from hardware.display import SCREEN_TEXT, PanelSpec

SOFT_KEYS: tuple[str, ...] = ("up", "down", "ok", "back")
KEY_SYMBOLS = {"up": "▲", "down": "▼", "ok": "●", "back": "◀"}
SHAPE_SYMBOLS = {"circle": "○", "square": "□", "triangle": "△", "line": "╱"}
_REFERENCE_PX = 100
TEXT_FLOOR_PX = 10  # no text is drawn smaller (font size): readable at arm's length on the 2.13"
PALETTE: dict[str, tuple[int, int, int]] = {
    "black": (0, 0, 0), "white": (255, 255, 255), "green": (0, 255, 0), "blue": (0, 0, 255),
    "red": (255, 0, 0), "yellow": (255, 255, 0), "orange": (255, 128, 0),
}


def wrap_words(text: str, width: int, px: int, weight: str = "semibold") -> list[str]:
    """`text` broken at spaces into lines no wider than `width` at `px` (a word longer than
    `width` keeps a line of its own)."""
    measure = font(px, weight).getlength
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and int(measure(candidate)) > width:
            lines.append(line)
            candidate = word
        line = candidate
    return [*lines, line]


class Frame:
    """An image of the panel's size with helpers for headers, soft keys, text and shapes."""

    def __init__(self, width: int, height: int, colour: bool = False, coarse_time: bool = False) -> None:
        self.width = width
        self.height = height
        self.is_colour = colour
        # A panel without partial refresh cannot redraw every second: countdowns go coarse.
        self.coarse_time = coarse_time
        if colour:
            self.image = Image.new("RGB", (width, height), PALETTE["white"])
            self.ink: Ink = PALETTE["black"]
            self.paper: Ink = PALETTE["white"]
        else:
            self.image = Image.new("1", (width, height), 1)
            self.ink = 0
            self.paper = 1
        self.draw = ImageDraw.Draw(self.image)
        self.notes: list[tuple[Box, str, bool]] = []  # what the frame says, for a text-only view
        self.image.info[SCREEN_TEXT] = self.notes
        self.unit = min(width / 250, height / 122)
        self.top = 0
        self.bottom = height
        self.band = 0  # the room kept above the soft keys for a message (reserve_message_band)

    @classmethod
    def for_panel(cls, spec: PanelSpec, message_band: bool = False) -> Frame:
        """A blank frame for a panel: its size, its colours, coarse countdowns without partial
        refresh; with `message_band`, the band of a message kept out of the content area."""
        frame = cls(spec.width, spec.height, spec.colour, coarse_time=spec.partial == "none")
        if message_band:
            frame.reserve_message_band()
        return frame

    # sizes -------------------------------------------------------------------------------
    def px(self, base: float) -> int:
        """A size given for the 250x122 panel, scaled to this one."""
        return max(1, round(base * self.unit))

    @property
    def small(self) -> int:
        """Font size for secondary text."""
        return self.px(11)

    @property
    def body(self) -> int:
        """Font size for ordinary text."""
        return self.px(14)

    @property
    def large(self) -> int:
        """Font size for the one thing a screen is about."""
        return self.px(22)

    @property
    def stroke(self) -> int:
        """Line width for outlines."""
        return max(1, self.px(1.6))

    def colour(self, name: str) -> Ink:
        """A palette colour on a colour panel; ink on a 1-bit one."""
        return PALETTE[name] if self.is_colour else self.ink

    # text --------------------------------------------------------------------------------
    def text_width(self, text: str, px: int, weight: str = "semibold") -> int:
        """How wide `text` is at `px`."""
        return int(font(px, weight).getlength(text))

    def text(self, xy: tuple[int, int], text: str, px: int | None = None, weight: str = "semibold",
             anchor: str = "la", fill: Ink | None = None) -> None:
        """Draw `text` at `xy` (PIL anchor, default left-ascender), as one line of drawable text."""
        text = drawable(text)
        face = font(px or self.body, weight)
        self.draw.text(xy, text, font=face, anchor=anchor, fill=self.ink if fill is None else fill)
        box = self.draw.textbbox(xy, text, font=face, anchor=anchor)
        # across: where the line stands (its advance from the anchor), not its ink, so that a text
        # starting with an overhanging letter ("Artem") lines up with the rows above it
        advance = face.getlength(text)
        left = {"l": xy[0], "m": xy[0] - advance / 2, "r": xy[0] - advance}.get(anchor[0], box[0])
        self.note((int(left), int(box[1]), int(left + advance), int(box[3])), text, fill == self.paper)

    def note(self, box: Box, text: str, inverted: bool = False) -> None:
        """Record what the frame shows in `box` as text (the terminal's text view reads it)."""
        self.notes.append((box, text, inverted))

    def fit_px(self, text: str, box: Box, max_px: int, min_px: int = TEXT_FLOOR_PX, weight: str = "semibold") -> int:
        """The largest size <= max_px at which `text` fits inside `box`, never below the text floor.

        Glyph boxes scale linearly with the size, so one measurement at a reference size
        predicts the answer; a couple of checks correct the rounding. A text that does not fit
        at the floor gets the floor (`fit` then shortens it).
        """
        min_px = max(TEXT_FLOOR_PX, min_px)
        width, height = box[2] - box[0], box[3] - box[1]
        if not text or width <= 0 or height <= 0:
            return min_px
        left, top, right, bottom = font(_REFERENCE_PX, weight).getbbox(text)
        scale = min(width / max(1, right - left), height / max(1, bottom - top))
        px = snap(max(min_px, min(max_px, int(_REFERENCE_PX * scale))))
        for _ in range(6):
            left, top, right, bottom = font(px, weight).getbbox(text)
            if (right - left <= width and bottom - top <= height) or px <= min_px:
                break
            px = snap(max(min_px, px - 1))
        return px

    def fit(self, box: Box, text: str, max_px: int | None = None, min_px: int = TEXT_FLOOR_PX,
            weight: str = "semibold", align: str = "center", fill: Ink | None = None) -> int:
        """Draw `text` as large as fits in `box` (up to max_px), centred or left-aligned; a text
        too wide even at the text floor is cut with an ellipsis rather than overflowing."""
        px = self.fit_px(text, box, max_px or self.large * 3, min_px, weight)
        left, _, right, _ = font(px, weight).getbbox(text)
        if right - left > box[2] - box[0]:
            text = self.ellipsize(text, box[2] - box[0], px, weight)
        # The ink is placed, not the em box: digits (no descender) would otherwise sit low and
        # touch a box's lower edge.
        left, top, right, bottom = font(px, weight).getbbox(text)
        y = (box[1] + box[3] - (bottom - top)) // 2 - top
        if align == "left":
            x = box[0] - left
        elif align == "right":
            x = box[2] - right
        else:
            x = (box[0] + box[2] - (right - left)) // 2 - left
        self.text((int(x), int(y)), text, px, weight, fill=fill)
        return px

    def ellipsize(self, text: str, width: int, px: int, weight: str = "semibold") -> str:
        """`text`, cut with an ellipsis so it fits `width`."""
        if self.text_width(text, px, weight) <= width:
            return text
        while text and self.text_width(text + "…", px, weight) > width:
            text = text[:-1]
        return text + "…"

    # regions -----------------------------------------------------------------------------
    def header(self, title: str, right: str = "") -> None:
        """An inverted title bar across the top; the content area starts below it."""
        height = min(self.px(17), max(17, self.height // 7))
        self.draw.rectangle((0, 0, self.width - 1, height - 1), fill=self.ink)
        px = int(height * 0.72)
        pad = self.px(4)
        cy = height // 2
        right_w = self.text_width(right, px) + pad if right else 0
        shown = self.ellipsize(title, self.width - 2 * pad - right_w, px, "bold")
        self.text((pad, cy), shown, px, "bold", anchor="lm", fill=self.paper)
        if right:
            self.text((self.width - pad, cy), right, px, anchor="rm", fill=self.paper)
        self.top = height

    def softkeys(self, labels: Mapping[str, str]) -> None:
        """The bar of the four keys (up, down, ok, back) with what each does now.

        A key with no label does nothing on this screen and is drawn empty.
        """
        height = min(self.px(15), max(15, self.height // 8))
        top = self.height - height
        self.draw.line((0, top, self.width, top), fill=self.ink, width=1)
        cell = self.width / len(SOFT_KEYS)
        icon = int(height * 0.5)
        pad = self.px(3)
        room = int(cell) - icon - 2 * pad - 1
        px = int(height * 0.7)
        while px > TEXT_FLOOR_PX and not all(self._fits_key(label, px, room, height) for label in labels.values()):
            px -= 1  # one size for the whole bar, the largest at which every label fits
        for i, key in enumerate(SOFT_KEYS):
            label = labels.get(key, "")
            left = int(i * cell)
            if i:
                self.draw.line((left, top, left, self.height), fill=self.ink, width=1)
            if not label:
                continue
            iy = top + (height - icon) // 2
            ibox = (left + pad, iy, left + pad + icon, iy + icon)
            if key == "ok":
                self.draw.ellipse(ibox, fill=self.ink)
            else:
                draw_arrow(self.draw, {"up": "up", "down": "down", "back": "left"}[key], ibox, self.ink)
            # a first letter whose ink starts left of its origin ("Voir", "Annuler") keeps the gap
            text_left = ibox[2] + pad - min(0, int(font(px).getbbox(label, anchor="lm")[0]))
            shown = self.ellipsize(label, int(left + cell) - text_left - 1, px)
            self.text((text_left, top + height // 2), shown, px, anchor="lm")
            box, _, _ = self.notes.pop()
            self.note((ibox[0], box[1], box[2], box[3]), f"{KEY_SYMBOLS[key]} {shown}")
        self.bottom = top - self.band

    def _fits_key(self, label: str, px: int, room: int, height: int) -> bool:
        """Whether a soft-key label fits its cell at `px`, accents clear of the rule above it."""
        left, top, right, bottom = font(px).getbbox(label, anchor="lm")
        return right - left <= room and -top <= height // 2 - 2 and bottom <= height // 2

    @property
    def content(self) -> Box:
        """The area between the header and the soft keys."""
        return (0, self.top, self.width, self.bottom)

    def reserve_message_band(self) -> None:
        """Keep the message's band out of the content area (call before drawing the screen): for a
        screen whose drawing the band would cut through (big digits, a sandglass)."""
        self.band = self._band_height() + self.px(2)  # and a blank margin above it

    def message_cuts(self) -> bool:
        """Whether a message band drawn now would hide part of the screen (a drawing it cuts
        through, or a row of it, such as the Maestro's chips), so the screen should be drawn again
        with the band kept out of it; a band over blank paper changes nothing else."""
        band_top = self.bottom - self._band_height()
        hidden = self.image.crop((0, band_top, self.width, self.bottom))
        blank = Image.new(self.image.mode, hidden.size, self.paper)
        return ImageChops.difference(hidden, blank).getbbox() is not None or self._cut_top(band_top)[1]

    def _band_height(self) -> int:
        return int(self.small * 1.5)

    def toast(self, text: str) -> None:
        """A one-line message (why a press was refused) over the bottom of the content area, or in
        the band kept for it.

        Whatever the band cuts through (a highlighted seat, a line of text) is cleared above it
        up to the first blank row, so no sliver of it is left showing over the message.
        """
        px = self.small
        height = self._band_height()
        if self.band:  # the screen was drawn above the band and its margin: nothing to clear
            box = (0, self.bottom + self.band - height, self.width, self.bottom + self.band)
            cleared = box[1]
        else:
            box = (0, self.bottom - height, self.width, self.bottom)
            cleared = self._clear_cut_rows(box[1])
        # the texts it hides are no longer on the glass: the text view must not show them beside it
        self.notes[:] = [n for n in self.notes if n[0][3] <= cleared or n[0][1] >= box[3]]
        self.draw.rectangle(box, fill=self.ink)
        shown = self.ellipsize(text, self.width - self.px(8), px)
        self.text((self.width // 2, box[1] + height // 2), shown, px, anchor="mm", fill=self.paper)

    def _cut_top(self, band_top: int) -> tuple[int, bool]:
        """How far up from `band_top` to blank (a margin, then on up to the first blank row), and
        whether a drawing goes on above that (no blank row within reach)."""
        margin, limit = self.px(2), self.px(16)
        top = max(self.top, band_top - margin)
        blank = Image.new(self.image.mode, (self.width, 1), self.paper)
        while top > max(self.top, band_top - limit):
            row = self.image.crop((0, top - 1, self.width, top))
            if ImageChops.difference(row, blank).getbbox() is None:
                return top, False
            top -= 1
        return top, top > self.top

    def _clear_cut_rows(self, band_top: int) -> int:
        """Blank the rows just above `band_top` that the band cuts through; the top row blanked
        (`band_top` when none was)."""
        top = self._cut_top(band_top)[0]
        if top < band_top:
            self.draw.rectangle((0, top, self.width - 1, band_top - 1), fill=self.paper)
        return min(top, band_top)

    # widgets -----------------------------------------------------------------------------
    def menu(self, box: Box, items: Sequence[str], cursor: int, px: int | None = None,
             right: Sequence[str] = ()) -> None:
        """A vertical list with the cursor row inverted, scrolled to keep the cursor visible."""
        px = px or self.body
        tallest = font(px).getbbox("ÉfÇçgj", anchor="lm")  # accents and descenders inside the row
        row = max(int(px * 1.35), 2 * int(max(-tallest[1], tallest[3])) + 2)
        rows = max(1, (box[3] - box[1]) // row)
        first = min(max(0, cursor - rows + 1), max(0, len(items) - rows))
        first = max(0, min(first, cursor))
        pad = self.px(4)
        scrolling = len(items) > rows
        arrow_w = pad * 3 if scrolling else 0
        for i, item in enumerate(items[first:first + rows]):
            index = first + i
            top = box[1] + i * row
            selected = index == cursor
            fill = self.paper if selected else self.ink
            if selected:
                self.draw.rectangle((box[0], top, box[2] - 1, top + row - 1), fill=self.ink)
            extra = right[index] if index < len(right) else ""
            extra_w = self.text_width(extra, px) + 2 * pad if extra else 0
            shown = self.ellipsize(item, box[2] - box[0] - 2 * pad - extra_w - arrow_w, px)
            self.text((box[0] + pad, top + row // 2), shown, px, anchor="lm", fill=fill)
            if extra:
                self.text((box[2] - pad - arrow_w, top + row // 2), extra, px, anchor="rm", fill=fill)
        rows_bottom = box[1] + min(rows, len(items)) * row
        if first > 0:
            draw_arrow(self.draw, "up", (box[2] - pad * 2, box[1] + pad, box[2] - 2, box[1] + pad * 3),
                       self.paper if cursor == first else self.ink)
        if first + rows < len(items):
            last_selected = cursor == first + rows - 1
            draw_arrow(self.draw, "down", (box[2] - pad * 2, rows_bottom - pad * 3, box[2] - 2, rows_bottom - pad),
                       self.paper if last_selected else self.ink)

    def shape(self, name: str, box: Box, width: int | None = None) -> None:
        """Draw one of the dice shapes inside `box`."""
        draw_shape(self.draw, name, box, width or self.stroke, self.ink)
        self.note(box, SHAPE_SYMBOLS.get(name, name))

    def big_number(self, box: Box, text: str) -> int:
        """Digits as tall as the box allows (the countdown); returns the size used."""
        return self.fit(box, text, max_px=int((box[3] - box[1]) * 1.3), weight="bold")

    def invert(self, box: Box) -> None:
        """Invert a rectangle (1-bit frames only)."""
        region = self.image.crop(box)
        self.image.paste(ImageChops.invert(region.convert("L")).convert(self.image.mode), box[:2])
