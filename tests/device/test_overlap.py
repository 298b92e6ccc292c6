"""Nothing overlaps, nothing loses its meaning: every gallery screen, every panel, both languages.

Issue 20 item 3: no two texts overlap, no text crosses a rule or the edge of a box or shape,
no word is cut with an ellipsis, and no text leaves the panel. Draw calls are recorded with
the boxes their ink covers (tests/device/drawn.py).
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from device.framework.registry import keys
from device.framework.resources import Resources
from device.i18n import LANGUAGES
from device.render.fonts import font
from device.run.gallery import panels_for, sample_frames
from tests.device.drawn import problems, recorded
from tests.device.test_readable import clear_drawing_caches

CASES = [(key, panel, lang) for key in keys() for panel in panels_for(key) for lang in LANGUAGES]


@pytest.mark.parametrize(("key", "panel", "lang"), CASES, ids=["-".join(c) for c in CASES])
def test_no_text_overlaps_or_is_cut(key: str, panel: str, lang: str) -> None:
    found: list[str] = []
    clear_drawing_caches()
    for sample in sample_frames(key, panel, lang, Resources()):
        with recorded() as recording:
            image = sample.render()
        found += [f"{sample.name}: {p}" for p in problems(image, recording)]
    assert not found, "\n".join(found)


def _frame_with(*draws: str) -> tuple[Image.Image, list[str]]:
    image = Image.new("1", (120, 60), 1)
    with recorded() as recording:
        draw = ImageDraw.Draw(image)
        for what in draws:
            if what == "two texts":
                draw.text((5, 5), "Seat 1", font=font(14))
                draw.text((30, 8), "12", font=font(14))
            elif what == "text on a rule":
                draw.text((5, 40), "paintbrush", font=font(14))
                draw.line((0, 52, 120, 52), fill=0)
            elif what == "label in a box":
                draw.rectangle((0, 0, 119, 25), fill=0)
                draw.text((5, 5), "Title", font=font(14), fill=1)
            elif what == "ellipsis":
                draw.text((5, 30), "paintbru…", font=font(14))
            elif what == "side by side":
                draw.text((5, 5), "Seat", font=font(14))
                draw.text((60, 5), "12", font=font(14))
    return image, problems(image, recording)


@pytest.mark.parametrize("case", ["two texts", "text on a rule", "ellipsis"])
def test_the_recorder_sees_a_clash(case: str) -> None:
    assert _frame_with(case)[1]


@pytest.mark.parametrize("case", ["label in a box", "side by side"])
def test_the_recorder_lets_a_clean_layout_pass(case: str) -> None:
    assert _frame_with(case)[1] == []
