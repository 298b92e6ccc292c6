"""Every text on every gallery screen is readable at arm's length on the smallest panel.

Issue "Table flow": text is never drawn below 10 px (font size) on the 250x122 panel, soft keys
included; a text that does not fit is shortened, never shrunk below that.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import ImageDraw

from device.framework.registry import keys
from device.framework.resources import Resources
from device.i18n import LANGUAGES
from device.run.gallery import sample_frames

SMALLEST_PANEL = "epd2in13_V4"
FLOOR_PX = 10


@contextmanager
def drawn_text() -> Iterator[list[tuple[int, str]]]:
    """Record the font size and text of every text drawn while the block runs."""
    seen: list[tuple[int, str]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
             *args: Any, **kwargs: Any) -> None:
        seen.append((int(getattr(font, "size", 0)), str(text)))
        original(self, xy, text, fill, font, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def clear_drawing_caches() -> None:
    """Forget every cached drawing (e.g. Artem's tiles) so each text is drawn, and seen, again."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("device.") or name == "device.framework.loader":
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", keys())
def test_no_text_below_ten_px_on_the_smallest_panel(key: str, lang: str) -> None:
    too_small: list[str] = []
    clear_drawing_caches()
    for sample in sample_frames(key, SMALLEST_PANEL, lang, Resources()):
        with drawn_text() as seen:
            sample.render()
        too_small += [f"{sample.name}: {size}px {text!r}" for size, text in seen if size < FLOOR_PX]
    assert not too_small, "\n".join(too_small)


def test_the_recorder_sees_small_text() -> None:
    from PIL import Image

    from device.render.fonts import font
    image = Image.new("1", (50, 20), 1)
    with drawn_text() as seen:
        ImageDraw.Draw(image).text((0, 0), "tiny", font=font(7, "semibold"))
    assert seen == [(7, "tiny")]
