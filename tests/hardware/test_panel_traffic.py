"""The panel traffic benchmark's pieces, on a short countdown."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hardware.panels import GALLERY_PANELS, panel

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "panel_traffic.py"


def bench() -> ModuleType:
    if "panel_traffic" in sys.modules:
        return sys.modules["panel_traffic"]
    spec = importlib.util.spec_from_file_location("panel_traffic", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["panel_traffic"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("model", GALLERY_PANELS)
def test_countdown_digits_are_readable_across_a_table(model: str) -> None:
    """DESIGN.md: digits at least 40% of the panel height."""
    assert bench().digit_height(panel(model)) >= 0.40


def test_a_countdown_is_partial_refreshes_and_sends_less_than_full_refreshes() -> None:
    b = bench()
    spec = panel("epd2in7_V2")
    frames = [b.countdown_frame(spec, s) for s in range(30, 18, -1)]
    easel = b.run("epd2in7_V2", frames, easel=True)
    naive = b.run("epd2in7_V2", frames, easel=False)
    assert (easel.full, easel.partial) == (1, 11)
    assert (naive.full, naive.partial) == (12, 0)
    # A partial writes the changed window twice: the new-image RAM and the base RAM.
    assert easel.partial_bytes / easel.partial < 2 * 1.1 * b.window_bytes(spec, frames)
    assert easel.bytes_sent < naive.bytes_sent / 4
