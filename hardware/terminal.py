"""The simulated e-paper screen: the exact 1-bit frame drawn in a terminal with braille dots."""

from __future__ import annotations

import shutil
import sys
from typing import TextIO

from PIL import Image

from hardware.display import Box, PanelSpec

_DOTS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
         (0, 3, 0x40), (1, 3, 0x80))
HELP = ("arrows: up/down  Enter: ok  Backspace/Left: back  r: roll  t: timer  1-8: seats  "
        "Shift = hold (R T !@#..  Shift+arrows)  q: quit")


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

    def __init__(self, spec: PanelSpec, out: TextIO | None = None) -> None:
        self.spec = spec
        self.out = out or sys.stdout
        self.status = ""

    def _draw(self, image: Image.Image) -> None:
        size = shutil.get_terminal_size((100, 40))
        lines = to_braille(image, size.columns - 2, size.lines - 4)
        width = len(lines[0]) if lines else 0
        border = "─" * width
        body = "\r\n".join(f"│{line}│" for line in lines)
        help_line = HELP if len(HELP) <= size.columns else HELP[: size.columns - 1]
        text = f"\x1b[H\x1b[2J┌{border}┐\r\n{body}\r\n└{border}┘\r\n{help_line}\r\n{self.status}"
        self.out.write(text)
        self.out.flush()

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
