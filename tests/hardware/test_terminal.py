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


def test_the_hint_to_the_browser_names_the_command_as_given() -> None:
    """Issue 28: the text view's hint says how this Easel was started (`.venv/bin/easel` when the
    install left the PATH alone), so it works as printed."""
    image = _sample("toolbox", "menu")
    display = TerminalDisplay(PANELS["epd2in7_V2"], io.StringIO(), command=".venv/bin/easel")
    text = " ".join(_shown(display.lines(image, 80, 24)))  # type: ignore[arg-type]
    assert "Or the browser: .venv/bin/easel play --web " in text
    assert "then .venv/bin/easel play --web --no-browser" in text


def test_a_resized_window_is_redrawn_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: a window made larger (or smaller) is redrawn at its new size on SIGWINCH, with no
    key pressed: the picture dot for dot once it fits, the text view again when it shrinks."""
    import os
    import signal

    spec = PANELS["epd2in13_V4"]
    out = io.StringIO()
    display = TerminalDisplay(spec, out)
    unwatch = display.watch_resizes()
    try:
        monkeypatch.setenv("COLUMNS", "80")
        monkeypatch.setenv("LINES", "24")
        display.show_full(_sample("toolbox", "menu", "epd2in13_V4"))  # type: ignore[arg-type]
        assert "needs a 127x35 terminal" in out.getvalue()
        out.truncate(0)
        out.seek(0)
        columns, lines = size_needed(spec)
        monkeypatch.setenv("COLUMNS", str(columns))
        monkeypatch.setenv("LINES", str(lines))
        os.kill(os.getpid(), signal.SIGWINCH)
        grown = out.getvalue()
        assert grown.startswith("\x1b[H\x1b[2J") and "needs a" not in grown
        assert len(grown.split("\r\n")) == lines  # border, every braille row, border, help, status
        out.truncate(0)
        out.seek(0)
        monkeypatch.setenv("COLUMNS", "60")
        monkeypatch.setenv("LINES", "20")
        os.kill(os.getpid(), signal.SIGWINCH)
        shrunk = _shown(out.getvalue().removeprefix("\x1b[H\x1b[2J").split("\r\n"))
        assert all(len(line) < 60 for line in shrunk) and not any("⣿" in line for line in shrunk)
    finally:
        unwatch()
    assert signal.getsignal(signal.SIGWINCH) in (signal.SIG_DFL, None, signal.SIG_IGN)


@pytest.mark.parametrize("panel", GALLERY_PANELS)
def test_at_80x24_the_home_rows_start_in_one_column(panel: str) -> None:
    """Issue 28: "Artem" (an A that overhangs its box) lines up with the menu rows above it, and
    the soft keys of one bar share one line."""
    image = _sample("home", "menu", panel)
    shown = _shown(TerminalDisplay(PANELS[panel], io.StringIO()).lines(image, 80, 24))  # type: ignore[arg-type]
    starts = {line.index(name) for line in shown for name in ("Toolbox", "#ARTBOX", "IDENTIK", "Artem")
              if name in line}
    assert len(starts) == 1, shown
    assert any("▲ Up" in line and "▼ Down" in line for line in shown)


def test_a_message_never_sits_beside_a_text_it_hides() -> None:
    """Issue 28: the message band covers the bottom of the screen on the panel; the text view shows
    the message on its own, not glued to the status it hides ("PAUSED Undid: ...")."""
    from device.render.frame import Frame

    frame = Frame(264, 176)
    frame.header("Sandglass", "paused")
    frame.text((132, frame.bottom - 12), "PAUSED", frame.small, anchor="mm")
    frame.toast("Undid: sandglass -10 s")
    shown = _shown(TerminalDisplay(PANELS["epd2in7_V2"], io.StringIO()).lines(frame.image, 80, 24))
    message_line = next(line for line in shown if "Undid: sandglass -10 s" in line)
    assert "PAUSED" not in "".join(shown)
    assert message_line.strip("│ ") == "Undid: sandglass -10 s"
