"""The driver cost benchmark's pieces, on the 2.7" (the model whose vendor path is per-byte)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from device.resources import Resources
from hardware.panels import panel

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "driver_cost.py"


def bench() -> ModuleType:
    if "driver_cost" in sys.modules:
        return sys.modules["driver_cost"]
    spec = importlib.util.spec_from_file_location("driver_cost", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["driver_cost"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


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
