"""Screenshots of the page for the README, taken in Chromium; the glass in them is pixel-exact.

`EASEL_UPDATE_GOLDENS=1 .venv/bin/pytest tests/web/test_screenshots.py` rewrites docs/web-*.png.
"""

from __future__ import annotations

import io
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from tests.conftest import ROOT, UPDATE
from tests.web.conftest import Served, same_picture, wait_presses

# name, panel, button profile, keys pressed, viewport
SHOTS: list[tuple[str, str, str, list[str], tuple[int, int]]] = [
    ("web-epd2in13_V4", "epd2in13_V4", "table", ["Enter", "r"], (1280, 760)),
    ("web-epd2in7_V2-hat", "epd2in7_V2", "hat27", ["Enter", "Enter", "Enter"], (1100, 760)),
    ("web-epd7in5_V2", "epd7in5_V2", "table", ["Enter", "ArrowDown", "ArrowDown", "Enter"], (1400, 900)),
    ("web-epd7in3f", "epd7in3f", "none", ["ArrowDown", "ArrowDown", "ArrowDown", "Enter", "ArrowUp", "Enter"],
     (1400, 900)),
]


@pytest.mark.parametrize(("name", "model", "profile", "keys", "viewport"), SHOTS, ids=[s[0] for s in SHOTS])
def test_the_screenshot_shows_the_glass_pixel_exact(serve: Callable[..., Served], browser: Any, name: str,
                                                     model: str, profile: str, keys: list[str],
                                                     viewport: tuple[int, int]) -> None:
    """The panel area of the page's own screenshot is the frame, each pixel an integer k x k square."""
    served = serve(panel=model, profile=profile, scale=0.01)
    page = served.page(browser, *viewport)
    for number, key in enumerate(keys, 1):
        page.keyboard.press(key)
        wait_presses(page, number)
    page.evaluate("easel.idle()")
    page.mouse.move(0, 0)  # no hover effect in the picture
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    box = page.evaluate("""() => { const r = document.getElementById('glass').getBoundingClientRect();
        return [r.left * devicePixelRatio, r.top * devicePixelRatio, r.width * devicePixelRatio,
                r.height * devicePixelRatio]; }""")
    with urllib.request.urlopen(served.url + "frame.png") as answer:
        frame = Image.open(answer).convert("RGB")
    scale = box[2] / frame.width
    assert scale == int(scale) and box[3] == frame.height * scale and all(v == int(v) for v in box[:2])
    k, left, top = int(scale), int(box[0]), int(box[1])
    glass = shot.crop((left, top, left + frame.width * k, top + frame.height * k))
    assert same_picture(glass, frame.resize(glass.size, Image.Resampling.NEAREST)), "the glass is not pixel-exact"
    path = ROOT / "docs" / f"{name}.png"
    if UPDATE:
        shot.save(path, optimize=True)
    assert path.exists(), f"{path} missing: run with EASEL_UPDATE_GOLDENS=1"
    with Image.open(path) as committed:
        assert committed.size == shot.size
