"""The simulated e-paper screen: the exact 1-bit frame drawn in a terminal with braille dots."""

from __future__ import annotations

import shutil
import signal
import sys
from collections.abc import Callable
from typing import TextIO

from PIL import Image

from hardware.display import SCREEN_TEXT, Box, PanelSpec

_DOTS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
         (0, 3, 0x40), (1, 3, 0x80))
# The keys, as long as the terminal allows: every form keeps "q: quit" (80 columns is an SSH default).
HELPS = (
    "arrows: up/down  Enter: ok  Backspace/Left: back  r: roll  t: timer  1-8: seats  "
    "Shift = hold (R T !@#..  Shift+arrows)  q: quit",
    "↑↓: up/down  Enter: ok  ←: back  r: roll  t: timer  1-8: seats  Shift: hold  q: quit",
    "↑↓: up/down Enter: ok ←: back r: roll t: timer 1-8: seats Shift: hold q: quit",  # 77
    "↑↓ Enter ← keys  r roll  t timer  1-8 seats  Shift hold  q quit",
    "q: quit",
)
WEB_PORT = 8421


def help_line(columns: int) -> str:
    """The longest key help that fits `columns` with the last column left free (writing there
    wraps some terminals)."""
    return next((h for h in HELPS if len(h) < columns), HELPS[-1])


def size_needed(spec: PanelSpec) -> tuple[int, int]:
    """The terminal (columns, lines) that shows the panel dot for dot: braille is 2x4 dots a
    character, plus the border, the help line and the status line."""
    return (spec.width + 1) // 2 + 2, (spec.height + 3) // 4 + 4


def too_small_note(spec: PanelSpec, columns: int, lines: int, command: str = "easel") -> list[str]:
    """What to do when the terminal cannot show the picture: the size it needs, the browser
    (`command`: how the user starts Easel here, `easel` or `.venv/bin/easel`)."""
    need_cols, need_lines = size_needed(spec)
    first = (f"Text view: the {spec.width}x{spec.height} picture needs a {need_cols}x{need_lines} "
             f"terminal (this one is {columns + 1}x{lines}).")
    second = (f"Or the browser: {command} play --web (over SSH: ssh -L {WEB_PORT}:127.0.0.1:{WEB_PORT} "
              f"pi@host, then {command} play --web --no-browser)")
    return [line for text in (first, second) for line in _wrap(text, columns)]


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


def text_view(image: Image.Image, columns: int, rows: int) -> list[str]:
    """The frame's texts (image.info[SCREEN_TEXT]) laid out on a grid of `columns` x `rows` where
    they are on the panel; inverted texts (a title bar, the selected row) in reverse video."""
    width, height = image.size
    notes = image.info.get(SCREEN_TEXT) or []
    grid: list[list[tuple[int, int, str, bool]]] = [[] for _ in range(rows)]  # (start, end, text, inv)
    lines: list[tuple[Box, int]] = []  # the texts placed so far and their rows
    for box, text, inverted in sorted(notes, key=lambda n: ((n[0][1] + n[0][3]) / 2, n[0][0])):
        text = text.strip()
        if not text:
            continue
        row = _row_of(box, lines, min(rows - 1, int((box[1] + box[3]) / 2 * rows / height)))
        lines.append((box, row))
        col = min(max(0, columns - len(text)), int(box[0] * columns / width))
        row, col = _free_place(grid, row, col, len(text), columns)
        if row >= 0:
            grid[row].append((col, col + len(text), text, inverted))
    return [_row_text(cells, columns) for cells in grid]


def _row_of(box: Box, placed: list[tuple[Box, int]], row: int) -> int:
    """The row of a text already placed on the same line of the panel (most of their heights
    overlap: "▲ Up" and "▼ Down" of one soft-key bar), else `row`."""
    for other, other_row in placed:
        overlap = min(box[3], other[3]) - max(box[1], other[1])
        if overlap * 2 >= min(box[3] - box[1], other[3] - other[1]) > 0:
            return other_row
    return row


def _free_place(grid: list[list[tuple[int, int, str, bool]]], row: int, col: int, length: int,
                columns: int) -> tuple[int, int]:
    """The place nearest (row, col) where `length` characters fit without touching another text:
    further right on the row, else the rows below, else the rows above; (-1, 0) if nowhere."""
    order = [*range(row, len(grid)), *range(row - 1, -1, -1)]
    for r in order:
        start = col
        for begin, end, _, _ in sorted(grid[r]):
            if start + length + 1 > begin and start < end + 1:
                start = end + 1
        if start + length <= columns:
            return r, start
    return -1, 0


def _row_text(cells: list[tuple[int, int, str, bool]], columns: int) -> str:
    out = ""
    for begin, _end, text, inverted in sorted(cells):
        out += " " * (begin - len(_plain(out)))
        out += f"\x1b[7m{text}\x1b[0m" if inverted else text
    return out + " " * (columns - len(_plain(out)))


def _plain(text: str) -> str:
    return text.replace("\x1b[7m", "").replace("\x1b[0m", "")


def to_braille(image: Image.Image, columns: int, rows: int) -> list[str]:
    """The image as braille lines (2x4 dots a character), scaled down only if it must be."""
    mono = image.convert("1")
    width, height = mono.size
    scale = min(1.0, (columns * 2) / width, (rows * 4) / height)
    if scale < 1.0:
        mono = mono.convert("L").resize((max(2, int(width * scale)), max(4, int(height * scale))),
                                        Image.Resampling.BOX).point(lambda v: 255 if v > 160 else 0, "1")
    width, height = mono.size
    pixels = mono.load()
    assert pixels is not None
    lines = []
    for top in range(0, height, 4):
        chars = []
        for left in range(0, width, 2):
            code = 0
            for dx, dy, bit in _DOTS:
                x, y = left + dx, top + dy
                if x < width and y < height and pixels[x, y] == 0:
                    code |= bit
            chars.append(chr(0x2800 + code))
        lines.append("".join(chars))
    return lines


class TerminalDisplay:
    """A Display that redraws the terminal (full and partial refreshes look the same here)."""

    def __init__(self, spec: PanelSpec, out: TextIO | None = None, command: str = "easel") -> None:
        self.spec = spec
        self.out = out or sys.stdout
        self.status = ""
        self.command = command  # how the user starts Easel here, for the hint to the browser page
        self.shown: Image.Image | None = None
        self._drawing = False
        self._resized = False

    def _draw(self, image: Image.Image) -> None:
        self.shown = image
        self._drawing = True
        try:
            self._resized = True
            while self._resized:  # a resize signalled while drawing draws again at the new size
                self._resized = False
                size = shutil.get_terminal_size((100, 40))
                self.out.write("\x1b[H\x1b[2J" + "\r\n".join(self.lines(image, size.columns, size.lines)))
                self.out.flush()
        finally:
            self._drawing = False

    def redraw(self) -> None:
        """Draw the frame shown again at the terminal's size now (the window was resized)."""
        if self._drawing:
            self._resized = True
        elif self.shown is not None:
            self._draw(self.shown)

    def watch_resizes(self) -> Callable[[], None]:
        """Redraw whenever the window is resized (SIGWINCH; call from the main thread); returns
        what puts the previous handler back."""
        previous = signal.signal(signal.SIGWINCH, lambda *_: self.redraw())

        def unwatch() -> None:
            signal.signal(signal.SIGWINCH, previous)

        return unwatch

    def lines(self, image: Image.Image, columns: int, lines: int) -> list[str]:
        """What the terminal shows for `image`: the picture dot for dot when the terminal is big
        enough, else the screen's texts where they stand, with the size needed and the browser."""
        need_cols, need_lines = size_needed(self.spec)
        help_text = [help_line(columns)]
        if columns >= need_cols and lines >= need_lines:
            picture = to_braille(image, columns - 2, lines - 4)
        else:
            note = too_small_note(self.spec, columns - 1, lines, self.command)  # the last column stays free
            room = max(1, lines - 4 - len(note))
            picture = text_view(image, max(1, columns - 3), room)
            help_text = [*note, *help_text]
        width = len(_plain(picture[0])) if picture else 0
        border = "─" * width
        body = [f"│{line}│" for line in picture]
        return [f"┌{border}┐", *body, f"└{border}┘", *help_text, self.status]

    def show_full(self, image: Image.Image) -> None:
        """Redraw the whole frame."""
        self._draw(image)

    def show_fast(self, image: Image.Image) -> None:
        """Redraw the whole frame (a terminal has no fast mode: every redraw is instant)."""
        self._draw(image)

    def show_partial(self, image: Image.Image, box: Box) -> None:
        """Redraw (a terminal has no ghosting to avoid)."""
        self._draw(image)

    def restore(self, image: Image.Image) -> None:
        """Nothing to reload: the terminal never loses its picture."""

    def clear(self) -> None:
        """Blank the terminal."""
        self.out.write("\x1b[H\x1b[2J")
        self.out.flush()

    def sleep(self) -> None:
        """Nothing to power down."""

    def close(self) -> None:
        """Leave the cursor below the picture."""
        self.out.write("\r\n")
        self.out.flush()


class TerminalBell:
    """The simulator's buzzer: the terminal bell (twice for warnings, thrice for the alarm)."""

    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out or sys.stdout

    def play(self, sound: str) -> None:
        """Ring the bell."""
        self.out.write("\a" * {"tick": 1, "warn": 2, "alarm": 3, "error": 1}.get(sound, 1))
        self.out.flush()

    def close(self) -> None:
        """Nothing to release."""
