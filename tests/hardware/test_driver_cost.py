"""The driver cost benchmark's pieces, on the 2.7" (the model whose vendor path is per-byte)."""

from __future__ import annotations

from types import ModuleType

from device.framework.resources import Resources
from hardware.panels import panel
from tests.hardware.conftest import load_benchmark


def bench() -> ModuleType:
    return load_benchmark("driver_cost")


def test_both_paths_are_measured_on_real_frames_and_the_vendor_one_is_per_byte() -> None:
    b = bench()
    frames = b.frames_for(panel("epd2in7_V2"), Resources())
    assert frames[0].size == (264, 176) and frames[0].tobytes() != frames[1].tobytes()
    easel = b.easel_costs("epd2in7_V2", frames, repeats=1)
    vendor = b.vendor_costs("epd2in7_V2", frames, repeats=1)
    assert set(easel) == {"full", "fast", "partial", "restore"}
    assert set(vendor) == {"full", "fast", "partial"}
    assert vendor["full"].transfers > 2 * 22 * 264  # one transfer per byte of both planes
    assert easel["full"].transfers < 60 and easel["full"].bytes_sent > 2 * 22 * 264
    assert vendor["partial"].delays_ms >= 400 > easel["partial"].delays_ms  # its reset pulse
