"""The driver cost benchmark's pieces, on the 2.7" (the model whose vendor path is per-byte)."""

from __future__ import annotations

from types import ModuleType

import pytest

from device.framework.resources import Resources
from hardware.panels import SPI_HZ, busy_ms, panel, spi_bytes, spi_ms
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


@pytest.mark.parametrize("model", ["epd2in13_V4", "epd2in7_V2", "epd2in9_V2", "epd4in2_V2", "epd7in5_V2"])
def test_the_fixed_delays_in_the_capability_table_are_the_vendor_driver_s(model: str) -> None:
    """hardware/panels.py DELAYS, as the real driver code waits them on the fake Pi (BUSY idle at once)."""
    spec = panel(model)
    b = bench()
    costs = b.easel_costs(model, b.frames_for(spec, Resources()), repeats=1)
    delays = spec.delays
    assert round(costs["full"].delays_ms) == delays.full  # init() after partials, then the refresh
    assert round(costs["fast"].delays_ms) == delays.fast
    assert round(costs["partial"].delays_ms) == delays.partial  # a partial after another partial
    assert round(costs["restore"].delays_ms) == delays.wake


def test_busy_times_add_the_driver_s_delays_and_the_spi_transfer_to_the_waveform() -> None:
    spec = panel("epd7in5_V2")
    window = (0, 0, 80, 48)  # 480 bytes of the new-data RAM: 1 ms at 4 MHz
    assert busy_ms(spec, "partial", box=window) == spec.partial_ms + spec.delays.partial + spec.delays.poll + 1
    assert busy_ms(spec, "partial") == spec.partial_ms + spec.delays.partial + spec.delays.poll + 96  # a whole plane
    assert busy_ms(spec, "partial", after_flash=True) == busy_ms(spec, "partial") + spec.delays.partial_init
    assert busy_ms(spec, "full") == spec.full_ms + 282 + 192  # old and new data, 48,000 bytes each
    assert spec.fast_ms is not None
    assert busy_ms(spec, "fast") == busy_ms(spec, "full") - spec.full_ms + spec.fast_ms  # the same RAM writes
    assert busy_ms(spec, "wake") == spec.delays.wake + spec.load_ms
    assert spec.load_ms == 2 * 800 * 480 // 8 * 8 * 1000 // SPI_HZ  # both planes at 4 MHz: 192 ms
    assert spi_ms(panel("epd7in3f"), "full") == 800 * 480 // 2 * 8 * 1000 // SPI_HZ  # 4 bits a pixel: 384 ms


@pytest.mark.parametrize("model", ["epd2in13_V4", "epd2in7_V2", "epd2in9_V2", "epd4in2_V2", "epd7in5_V2", "epd7in3f"])
def test_the_spi_traffic_in_the_capability_table_is_what_the_driver_sends(model: str) -> None:
    """hardware/panels.py TRAFFIC: the RAM data of each refresh, against every byte the real driver
    code sends on the fake Pi's SPI bus; commands, parameters and LUTs add under 5 % (the 2.9"
    partial reloads its 159-byte LUT each time)."""
    spec = panel(model)
    b = bench()
    frames = b.frames_for(spec, Resources())
    costs = b.easel_costs(model, frames, repeats=1)
    for kind, cost in costs.items():
        data = spi_bytes(spec, "wake" if kind == "restore" else kind, frames[2])
        assert data <= cost.bytes_sent <= data * 1.05, kind
