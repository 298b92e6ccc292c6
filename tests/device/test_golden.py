"""Every screen of every app, at every panel size and in both languages, against golden PNGs.

Regenerate after an intended change with: EASEL_UPDATE_GOLDENS=1 pytest tests/device/test_golden.py
(then look at the PNGs you changed before committing them).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops

from device.run.gallery import SampleFrame, gallery_samples
from tests.conftest import UPDATE

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
SCREENS = list(gallery_samples())  # states only: each test draws its own screen (a fast collection)


@pytest.mark.parametrize(("name", "sample"), SCREENS, ids=[n for n, _ in SCREENS])
def test_screen_matches_golden(name: str, sample: SampleFrame) -> None:
    """A screen renders exactly as its reviewed golden image."""
    image = sample.render()
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(path)
        return
    assert path.exists(), f"no golden image {path.name}; run EASEL_UPDATE_GOLDENS=1 pytest {__file__}"
    golden = Image.open(path)
    assert golden.size == image.size
    diff = ImageChops.difference(golden.convert("RGB"), image.convert("RGB")).getbbox()
    assert diff is None, f"{name} differs from its golden image in box {diff}"


def test_every_golden_is_still_rendered() -> None:
    """No stale golden images: each file is a screen the gallery still renders."""
    rendered = {name for name, _ in SCREENS}
    stale = sorted(p.name for p in GOLDEN.glob("*.png") if p.name not in rendered)
    assert not stale, f"golden images for screens that no longer exist: {stale[:5]}"
