"""Every screen of every app, at every panel size and in both languages, against golden PNGs.

Regenerate after an intended change with: EASEL_UPDATE_GOLDENS=1 pytest tests/device/test_golden.py
(then look at the PNGs you changed before committing them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from device.run.gallery import SampleFrame, gallery_samples
from tests.conftest import check_golden

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
SCREENS = list(gallery_samples())  # states only: each test draws its own screen (a fast collection)


@pytest.mark.parametrize(("name", "sample"), SCREENS, ids=[n for n, _ in SCREENS])
def test_screen_matches_golden(name: str, sample: SampleFrame) -> None:
    """A screen renders exactly as its reviewed golden image."""
    check_golden(sample.render(), GOLDEN / name, __file__)


def test_every_golden_is_still_rendered() -> None:
    """No stale golden images: each file is a screen the gallery still renders."""
    rendered = {name for name, _ in SCREENS}
    stale = sorted(p.name for p in GOLDEN.glob("*.png") if p.name not in rendered)
    assert not stale, f"golden images for screens that no longer exist: {stale[:5]}"
