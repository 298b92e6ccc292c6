"""The ghost view: the glass tinted by each pixel's estimated ghost count, on the page in Chromium."""

from __future__ import annotations

import io
import urllib.request
from collections.abc import Callable
from typing import Any

from PIL import Image

from device.run.web.ghost_view import ORANGE, RED, YELLOW, tinted
from hardware.panels import PANELS
from tests.web.conftest import Served, canvas_image, same_picture, wait_presses


def counts_of(size: tuple[int, int], values: dict[tuple[int, int], int]) -> Image.Image:
    image = Image.new("L", size, 0)
    for xy, value in values.items():
        image.putpixel(xy, value)
    return image


def hue(pixel: float | tuple[int, ...] | None) -> str:
    """Which tint a pixel (of an RGB image) shows over white glass (or none)."""
    assert isinstance(pixel, tuple), "the tinted view is an RGB image"
    r, g, b = pixel
    if r == g == b:
        return "none"
    if g > 185:
        return "yellow"
    if g > 110:
        return "orange"
    return "red"


def test_the_tint_says_building_up_due_and_past_twice_the_rate() -> None:
    glass = Image.new("1", (8, 1), 1)
    counts = counts_of(glass.size, {(1, 0): 5, (2, 0): 20, (3, 0): 40, (4, 0): 41, (5, 0): 200})
    view = tinted(glass, counts, due=20)
    assert [hue(view.getpixel((x, 0))) for x in range(6)] == ["none", "yellow", "orange", "orange", "red", "red"]
    assert YELLOW != ORANGE != RED
    assert same_picture(tinted(glass, None, 20), glass)  # nothing known: the glass as it is


def test_the_switch_tints_the_changed_pixels_and_gives_the_glass_back(serve: Callable[..., Served],
                                                                      browser: Any) -> None:
    served = serve(panel="epd2in13_V4")
    page = served.page(browser)
    for n, button in enumerate(("down", "up", "down", "up")):  # the menu cursor: the same pixels each time
        page.click(f'button[data-button="{button}"]')
        wait_presses(page, n + 1)
    plain = canvas_image(page)
    assert page.is_hidden("#ghosts-legend")
    page.check("#ghosts")
    page.wait_for_function("easel.ghosts > 0")
    assert "estimate" in page.inner_text("label.ghosts") and page.is_visible("#ghosts-legend")
    view = canvas_image(page)
    assert view.size == PANELS["epd2in13_V4"].size
    hues = {hue(view.getpixel((x, y))) for x in range(0, view.width, 2) for y in range(0, view.height, 2)}
    assert "yellow" in hues  # the cursor rows went through partials
    with urllib.request.urlopen(served.url + "ghosts.png") as answer:
        assert answer.headers["Content-Type"] == "image/png"
        served_view = Image.open(io.BytesIO(answer.read())).convert("RGB")
    assert same_picture(served_view, view)
    page.uncheck("#ghosts")
    page.wait_for_function("document.getElementById('ghosts-legend').hidden")
    assert same_picture(canvas_image(page), plain)


def test_the_switch_reads_in_french(serve: Callable[..., Served], browser: Any) -> None:
    page = serve(panel="epd2in13_V4", language="fr").page(browser)
    assert "estimation" in page.inner_text("label.ghosts")
    assert "Fantômes" in page.evaluate("document.getElementById('ghosts-legend').textContent")
