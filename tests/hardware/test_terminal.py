"""The terminal simulator at any size (issue 20 item 4): the picture dot for dot when the window
is big enough; below that the screen's texts where they stand, the size needed and the browser
over SSH; a help line that always fits, "q: quit" included."""

from __future__ import annotations

import io
import re

import pytest

from device.framework.resources import Resources
from device.run.gallery import sample_frames
from hardware.panels import GALLERY_PANELS, PANELS
from hardware.terminal import TerminalDisplay, help_line, size_needed

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _shown(lines: list[str]) -> list[str]:
    return [ANSI.sub("", line) for line in lines]


def _sample(key: str, name: str, panel: str = "epd2in7_V2") -> object:
    return next(s for s in sample_frames(key, panel, "en", Resources()) if s.name == name).render()


@pytest.mark.parametrize("columns", [40, 64, 80, 100, 200])
def test_the_help_line_fits_and_always_says_how_to_quit(columns: int) -> None:
    line = help_line(columns)
    assert len(line) < columns and "q" in line and "quit" in line
    if columns >= 80:
        assert all(word in line for word in ("roll", "timer", "seats", "hold", "ok", "back"))


@pytest.mark.parametrize("panel", GALLERY_PANELS)
def test_a_big_enough_terminal_shows_the_picture_dot_for_dot(panel: str) -> None:
    spec = PANELS[panel]
    columns, lines = size_needed(spec)
    image = _sample("toolbox", "menu", panel)
    shown = TerminalDisplay(spec, io.StringIO()).lines(image, columns, lines)  # type: ignore[arg-type]
    assert len(shown) <= lines
    body = shown[1:-3]
    assert len(body) == (spec.height + 3) // 4 and len(body[0]) == (spec.width + 1) // 2 + 2
    assert "quit" in shown[-2]


@pytest.mark.parametrize(("key", "name"), [("toolbox", "menu"), ("toolbox", "dice-shapes"),
                                           ("toolbox", "sandglass-running"), ("artbox", "setup")])
def test_at_80x24_every_text_of_the_screen_is_there_to_read(key: str, name: str) -> None:
    spec = PANELS["epd2in7_V2"]
    image = _sample(key, name)
    shown = _shown(TerminalDisplay(spec, io.StringIO()).lines(image, 80, 24))  # type: ignore[arg-type]
    assert len(shown) <= 24 and all(len(line) < 80 for line in shown)
    text = "\n".join(shown)
    notes = image.info["easel.text"]  # type: ignore[attr-defined]
    assert notes
    for _, words, _ in notes:
        assert words.strip() in text, f"{words!r} missing from the text view"
    assert "134x48" in text and "ssh -L 8421:127.0.0.1:8421" in text and "--web --no-browser" in text
    assert "q: quit" in shown[-2]


def test_the_selected_row_and_the_title_bar_are_in_reverse_video() -> None:
    image = _sample("toolbox", "menu")
    lines = TerminalDisplay(PANELS["epd2in7_V2"], io.StringIO()).lines(image, 80, 24)  # type: ignore[arg-type]
    assert "\x1b[7mToolbox · roll: dice\x1b[0m" in lines[1]  # the whole title bar, inverted


def test_a_rolled_die_reads_as_its_shape() -> None:
    """The shape dice are vector drawings on the panel; the text view names them by symbol."""
    image = _sample("toolbox", "dice-shapes")
    text = "\n".join(_shown(TerminalDisplay(PANELS["epd2in7_V2"], io.StringIO()).lines(image, 80, 24)))  # type: ignore[arg-type]
    assert any(symbol in text for symbol in "○□△╱")
