"""Issue 21 item 3: any text from outside can be drawn. A notice holding CR/LF or bytes that were
not UTF-8 once crashed start-up (RuntimeError: raqm_layout() failed); every string is now
cleaned where text reaches the renderer (the font and Frame.text)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from PIL import ImageChops

from device.render.fonts import font
from device.render.frame import Frame, wrap_words
from device.render.text import drawable
from hardware.panels import PANELS
from tests.conftest import Harness

LONE_SURROGATES = ("\ud800", "\udbff", "\udc00", "\udfff", "\udcff\udcfe")
CONTROLS = (*(chr(c) for c in range(0x20)), "\x7f", *(chr(c) for c in range(0x80, 0xA0)),
            "\r\n", "\u2028", "\u2029", *LONE_SURROGATES)
PANEL_SIZES = [("epd2in13_V4", False), ("epd7in3f", True)]  # the smallest, and a colour panel


def texts(ch: str) -> list[str]:
    """The control character alone, inside words, at both ends, and many times over."""
    return [ch, f"Zoé{ch}Café", f"{ch}moved aside{ch}", f"a {ch} b" * 20]


def draw_everything(frame: Frame, text: str) -> None:
    """Every way a screen puts text on the frame."""
    frame.header(text, right=text)
    box = frame.content
    frame.text((2, box[1] + 2), text)
    for anchor in ("la", "lm", "mm", "rm"):
        frame.text((frame.width // 2, box[1] + 20), text, frame.small, "bold", anchor=anchor)
    frame.fit(box, text)
    frame.fit(box, text, align="left")
    frame.fit(box, text, align="right")
    frame.fit_px(text, box, frame.large)
    frame.big_number(box, text)
    frame.ellipsize(text, 60, frame.body)
    frame.text_width(text, frame.body)
    frame.menu(box, [text, "two", text], 0, right=[text, text])
    frame.softkeys({"up": text, "down": text, "ok": text, "back": text})
    frame.toast(text)
    wrap_words(text, 80, frame.body)


@pytest.mark.parametrize("ch", CONTROLS, ids=[f"U+{ord(c[0]):04X}{'+' if len(c) > 1 else ''}" for c in CONTROLS])
def test_every_text_helper_draws_every_control_character(ch: str) -> None:
    """C0, DEL, C1, CR/LF, the Unicode line and paragraph separators and lone surrogates: no crash."""
    for model, colour in PANEL_SIZES:
        spec = PANELS[model]
        assert spec.colour == colour
        for text in texts(ch):
            draw_everything(Frame.for_panel(spec), text)
            for weight in ("regular", "semibold", "bold"):
                face = font(14, weight)
                face.getlength(text)
                face.getbbox(text, anchor="mm")
                face.getmask2(text, "1")


@pytest.mark.parametrize("ch", CONTROLS, ids=[f"U+{ord(c[0]):04X}{'+' if len(c) > 1 else ''}" for c in CONTROLS])
def test_a_toast_draws_as_its_cleaned_text(ch: str) -> None:
    """What is drawn is the cleaned line: one line, the same pixels as the cleaned string."""
    spec = PANELS["epd2in13_V4"]
    raw, clean = Frame.for_panel(spec), Frame.for_panel(spec)
    raw.toast(f"a{ch}b.db moved aside")
    clean.toast(drawable(f"a{ch}b.db moved aside"))
    assert ImageChops.difference(raw.image, clean.image).getbbox() is None


def test_the_cleaning_rules() -> None:
    """Breaks and tabs are a space, other controls go, an undecodable byte is '?', the rest stays."""
    assert drawable("a\r\nb\nc\rd\te\u2028f\u2029g\x85h") == "a b c d e f g h"
    assert drawable("a\x00b\x1bc\x7fd\x9be") == "abcde"
    assert drawable("caf\udce9.db") == "caf?.db"
    assert drawable("\ud83d") == "?"
    plain = "Zoé et Chloë — 12 € · naïve ’quote’\u00a0😀"
    assert drawable(plain) == plain
    assert all(drawable(chr(c)) in ("", " ") for c in (*range(0x20), *range(0x7F, 0xA0)))


def test_a_damaged_database_in_a_folder_with_a_newline_starts_with_its_notice(tmp_path: Path) -> None:
    """The "moved aside" notice names a folder with CR/LF and a byte that is not UTF-8: shown, no crash."""
    folder = tmp_path / os.fsdecode(b"saves\r\nold \xff")
    folder.mkdir()
    db = folder / "easel.db"
    first = Harness(db)
    first.press("ok", "roll")
    first.store.close()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE current SET session='{\"settings\": 5, \"seed\": 1}'")
    conn.commit()
    conn.close()
    again = Harness(db)
    assert again.runner.session.message.startswith(f"{db}: unusable database (")
    image, _ = again.runner.render()
    again.runner.show()
    assert again.frames.count == 1
    blank = Frame.for_panel(PANELS[again.runner.session.settings.panel]).image
    assert ImageChops.difference(image.convert("1"), blank).getbbox() is not None
    again.store.close()
