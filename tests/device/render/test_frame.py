"""Frame helpers (issue 13): no text below 10 px, a too-long text is shortened rather than
overflowing, and a toast leaves no sliver of what it covers."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image

from device.render.frame import TEXT_FLOOR_PX, Frame
from device.settings import Settings
from tests.conftest import Harness
from tests.device.test_readable import drawn_text


def _ink_columns(image: Image.Image) -> tuple[int, int] | None:
    box = Image.eval(image.convert("L"), lambda v: 255 - v).getbbox()
    return None if box is None else (box[0], box[2])


def test_fit_never_goes_below_the_text_floor() -> None:
    frame = Frame(250, 122)
    assert frame.fit_px("a rather long line of text", (0, 0, 40, 8), max_px=30) == TEXT_FLOOR_PX
    assert frame.fit_px("long words", (0, 0, 30, 30), max_px=30, min_px=6) == TEXT_FLOOR_PX


def test_fit_ellipsizes_a_text_too_long_at_the_floor_and_stays_in_its_box() -> None:
    frame = Frame(250, 122)
    box = (100, 40, 160, 70)
    with drawn_text() as seen:
        px = frame.fit(box, "tie with S2: their drawing broke the rules, S1 already has one")
    assert px == TEXT_FLOOR_PX
    assert seen[0][0] == TEXT_FLOOR_PX and seen[0][1].endswith("…")
    columns = _ink_columns(frame.image)
    assert columns is not None and box[0] <= columns[0] and columns[1] <= box[2]


def test_fit_keeps_a_text_that_fits_whole() -> None:
    frame = Frame(250, 122)
    with drawn_text() as seen:
        frame.fit((0, 0, 250, 60), "Time!", max_px=40)
    assert seen == [(40, "Time!")]


def _rows_blank(image: Image.Image, top: int, bottom: int) -> bool:
    return image.crop((0, top, image.width, bottom)).convert("L").getextrema()[0] == 255


def _band_top(image: Image.Image, bottom: int) -> int:
    """The top row of the toast's band (solid ink at its left edge) that ends at `bottom`."""
    y = bottom
    while y > 0 and image.convert("L").getpixel((1, y - 1)) == 0:
        y -= 1
    return y


def test_a_toast_over_the_waiting_seats_hides_nothing() -> None:
    """The Toolbox's order screen on the 2.13": S2 highlighted in the waiting row, then a refused
    seat button's toast. The band would cover the waiting seats: the screen is drawn above the
    band instead (issue 28), every text still there, no sliver of anything cut, a blank row
    between the screen and the band; once the message goes the screen is as it was."""
    h = Harness(settings=Settings(panel="epd2in13_V4"))
    h.press("ok", "seat3", "seat1")
    plain, _ = h.runner.render()
    h.press("seat3")  # refused: seat 3 already holds #1
    assert h.runner.session.message == "Seat 3 already holds #1"
    shown, _ = h.runner.render()
    assert shown.size == (250, 122)
    frame = Frame(250, 122)
    frame.softkeys({})
    bar_top = frame.bottom
    band_top = _band_top(shown, bar_top)
    assert bar_top - band_top >= 12  # the toast band itself
    assert not _rows_blank(plain, band_top - 1, band_top)  # without the band, ink stood there
    assert _rows_blank(shown, band_top - 1, band_top)  # with it, the screen ends above the band
    texts = {text for _, text, _ in shown.info["easel.text"]}
    assert {text for _, text, _ in plain.info["easel.text"]} <= texts
    h.runner.session = replace(h.runner.session, message="")
    assert h.runner.render()[0].tobytes() == plain.tobytes()


def _key_gap(label: str, size: tuple[int, int]) -> int:
    """The blank columns between the ok key's symbol and the ink of its label."""
    frame = Frame(*size)
    frame.softkeys({"ok": label})
    cell = frame.width // 4
    top = frame.height - min(frame.px(15), max(15, frame.height // 8)) + 1  # below the rule
    strip = frame.image.crop((2 * cell + 2, top, 3 * cell - 1, frame.height - 1))  # after the cell rule
    inked = [any(strip.getpixel((x, y)) == 0 for y in range(strip.height)) for x in range(strip.width)]
    gap_start = inked.index(False, inked.index(True))
    return inked.index(True, gap_start) - gap_start


@pytest.mark.parametrize("label", ["Voir", "Annuler", "Attendre", "Yes"])
@pytest.mark.parametrize("size", [(250, 122), (800, 480)])
def test_a_soft_key_label_never_touches_its_symbol(label: str, size: tuple[int, int]) -> None:
    """Issue 28: "●Voir" read as one word on the 2.13": a label whose first letter overhangs to
    the left keeps (about) the gap a plain one ("Show") has: two blank columns at least."""
    gap = _key_gap(label, size)
    assert gap >= 2 and gap >= _key_gap("Show", size) * 3 // 4
