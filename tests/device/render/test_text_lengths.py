"""Issue 30 item 5: each string is measured once per font (size and weight); the width is the one
FreeType gives, and the memory kept is bounded."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageFont

from device.render import fonts
from device.render.frame import wrap_words
from device.render.text import drawable


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The strings FreeType itself measures from now on (the remembered widths forgotten first)."""
    seen: list[str] = []
    real = ImageFont.FreeTypeFont.getlength

    def counting(self: ImageFont.FreeTypeFont, text: Any, *args: Any, **kwargs: Any) -> float:
        seen.append(text)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getlength", counting)
    fonts._length.cache_clear()
    return seen


def test_wrapping_again_measures_nothing(measured: list[str]) -> None:
    text = "Each judge ticks the criteria met by the drawing in front of them"
    first = wrap_words(text, 180, 20)
    count = len(measured)
    assert count > 0 and wrap_words(text, 180, 20) == first and len(measured) == count
    wrap_words(text, 180, 20, "bold")  # another weight is another font
    assert len(measured) > count


def test_the_width_is_freetypes(measured: list[str]) -> None:
    for px in (10, 17, 40):
        for weight in ("regular", "semibold", "bold"):
            face = fonts.font(px, weight)
            for text in ("œuvre", "S1 ticks", "line\nbreak", "x" * 40):
                expected = ImageFont.FreeTypeFont.getlength(face, drawable(text))
                assert face.getlength(text) == expected == face.getlength(text)


def test_the_widths_kept_are_bounded(measured: list[str]) -> None:
    face = fonts.font(12)
    for n in range(fonts.LENGTHS_KEPT + 5):
        face.getlength(f"w{n}")
    assert fonts._length.cache_info().currsize == fonts.LENGTHS_KEPT
