"""The panel traffic benchmark's pieces, on the Toolbox's real sandglass screen."""

from __future__ import annotations

from types import ModuleType

from hardware.panels import panel
from tests.hardware.conftest import load_benchmark


def bench() -> ModuleType:
    return load_benchmark("panel_traffic")


def test_a_countdown_is_partial_refreshes_and_sends_less_than_full_refreshes() -> None:
    b = bench()
    spec = panel("epd2in7_V2")
    shown = b.sandglass_frames("epd2in7_V2", 30)[:12]
    frames = [item.image for item in shown]
    assert all(item.activity.countdown for item in shown)
    easel = b.run("epd2in7_V2", shown, easel=True)
    naive = b.run("epd2in7_V2", shown, easel=False)
    assert (easel.full, easel.partial) == (1, 11)
    assert (naive.full, naive.partial) == (12, 0)
    # A partial writes the changed window twice: the new-image RAM and the base RAM.
    assert easel.partial_bytes / easel.partial < 2 * 1.1 * b.window_bytes(spec, frames)
    # One window spans the sand picture and the digits, written to both RAMs: still well under
    # what a full refresh per second sends.
    assert easel.bytes_sent < naive.bytes_sent * 3 / 4
