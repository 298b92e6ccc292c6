"""The simulated panel: the model's times, the flash phases, partial boxes, sleep and restore."""

from __future__ import annotations

import threading
import time

import pytest
from PIL import Image, ImageDraw

from device.display.display_worker import DisplayWorker
from device.display.refresh import RefreshPlanner
from device.run.web.panel import FAST_PHASES, FULL_PHASES, GlassFrame, PanelAsleep, Refresh, SimPanel, inverted
from hardware.panels import PANELS, SLEEP_MS, busy_ms

SPEC = PANELS["epd2in13_V4"]
SCALE = 0.05


def picture(text: str, box: tuple[int, int, int, int] = (10, 10, 60, 40)) -> Image.Image:
    """A white frame with a black box and a word in it."""
    image = Image.new("1", SPEC.size, 1)
    draw = ImageDraw.Draw(image)
    draw.rectangle(box, outline=0)
    draw.text((box[0] + 3, box[1] + 3), text, fill=0)
    return image


class Recorder:
    """Collects what the glass showed, when, and the finished refreshes."""

    def __init__(self) -> None:
        self.frames: list[tuple[float, GlassFrame]] = []
        self.refreshes: list[Refresh] = []
        self.busy = threading.Event()

    def glass(self, frame: GlassFrame) -> None:
        self.frames.append((time.monotonic(), frame))
        self.busy.set()

    def refresh(self, refresh: Refresh) -> None:
        self.refreshes.append(refresh)


def test_a_full_refresh_flashes_through_its_phases_for_full_ms() -> None:
    """Old picture inverted, black, white, new picture inverted, then the new picture, over full_ms."""
    seen = Recorder()
    panel = SimPanel(SPEC, seen.glass, seen.refresh, time_scale=SCALE)
    old, new = picture("old"), picture("new")
    panel.show_full(old)
    seen.frames.clear()
    started = time.monotonic()
    panel.show_full(new)
    took = time.monotonic() - started
    assert [f.phase for _, f in seen.frames] == [*FULL_PHASES, "shown"]
    pictures = [f.image.convert("1").tobytes() for _, f in seen.frames]
    white, black = Image.new("1", SPEC.size, 1), Image.new("1", SPEC.size, 0)
    assert pictures == [inverted(old).tobytes(), black.tobytes(), white.tobytes(), inverted(new).tobytes(),
                        new.tobytes()]
    assert took >= SPEC.full_ms / 1000 * SCALE
    # each phase holds its quarter of the refresh: phase i appears no earlier than i quarters in
    start = seen.refreshes[-1].start
    for index, (at, _) in enumerate(seen.frames):
        assert at - start >= SPEC.full_ms / 1000 * SCALE * index / len(FULL_PHASES)
    assert seen.refreshes[-1].kind == "full"
    assert seen.refreshes[-1].end - seen.refreshes[-1].start >= SPEC.full_ms / 1000 * SCALE


def test_a_fast_refresh_is_a_shorter_flash() -> None:
    """Black, white, then the picture, over fast_ms."""
    seen = Recorder()
    panel = SimPanel(SPEC, seen.glass, seen.refresh, time_scale=SCALE)
    panel.show_full(picture("a"))
    seen.frames.clear()
    panel.show_fast(picture("b"))
    assert [f.phase for _, f in seen.frames] == [*FAST_PHASES, "shown"]
    assert {f.refresh for _, f in seen.frames[:-1]} == {"fast"}
    assert SPEC.fast_ms is not None
    assert seen.refreshes[-1].end - seen.refreshes[-1].start >= SPEC.fast_ms / 1000 * SCALE
    assert panel.ram is not None and panel.ram.tobytes() == picture("b").tobytes()
    colour = PANELS["epd7in3f"]
    with pytest.raises(ValueError, match="no fast refresh"):
        SimPanel(colour, seen.glass).show_fast(Image.new("RGB", colour.size, (255, 255, 255)))


def test_a_partial_changes_only_its_box_after_partial_ms_without_a_flash() -> None:
    """The glass keeps the old picture while the partial runs; then only the box changes."""
    seen = Recorder()
    panel = SimPanel(SPEC, seen.glass, seen.refresh, time_scale=SCALE)
    old = picture("old")
    panel.show_full(old)
    seen.frames.clear()
    new = picture("new")
    ImageDraw.Draw(new).rectangle((200, 100, 210, 110), fill=0)  # outside the box: not refreshed
    panel.show_partial(new, (8, 8, 64, 48))
    assert [(f.refresh, f.phase) for _, f in seen.frames] == [("partial", "waiting"), (None, "shown")]
    assert seen.frames[0][1].image.tobytes() == old.tobytes()
    shown = seen.frames[1][1].image
    assert shown.crop((8, 8, 64, 48)).tobytes() == new.crop((8, 8, 64, 48)).tobytes()
    assert shown.crop((200, 100, 211, 111)).tobytes() == old.crop((200, 100, 211, 111)).tobytes()
    assert seen.frames[1][0] - seen.frames[0][0] >= SPEC.partial_ms / 1000 * SCALE * 0.95
    assert seen.refreshes[-1].kind == "partial"


def test_sleep_forgets_the_ram_and_restore_brings_it_back() -> None:
    """A partial on a sleeping controller fails; restore wakes it without touching the glass."""
    seen = Recorder()
    panel = SimPanel(SPEC, seen.glass, seen.refresh, time_scale=SCALE)
    shown = picture("shown")
    panel.show_full(shown)
    panel.sleep()
    assert seen.frames[-1][1].phase == "asleep" and seen.frames[-1][1].image.tobytes() == shown.tobytes()
    with pytest.raises(PanelAsleep):
        panel.show_partial(picture("next"), (8, 8, 64, 48))
    count = len(seen.frames)
    panel.restore(shown)
    assert len(seen.frames) == count and not panel.asleep
    assert [(r.kind, r.panel_ms) for r in seen.refreshes[-2:]] == [("sleep", SLEEP_MS), ("wake", busy_ms(SPEC, "wake"))]
    panel.show_partial(picture("next"), (8, 8, 64, 48))
    assert seen.frames[-1][1].image.tobytes() == picture("next").tobytes()


def test_abort_cuts_a_long_refresh_short() -> None:
    """Shutting down does not wait out the 35 s of the colour panel."""
    spec = PANELS["epd7in3f"]
    seen = Recorder()
    panel = SimPanel(spec, seen.glass, seen.refresh, time_scale=1.0)
    panel.abort()
    started = time.monotonic()
    panel.show_full(Image.new("RGB", spec.size, (255, 0, 0)))
    assert time.monotonic() - started < 1.0
    assert seen.frames[-1][1].image.getpixel((0, 0)) == (255, 0, 0)


def test_the_real_worker_merges_frames_handed_over_while_the_panel_is_busy() -> None:
    """Three frames during a full refresh: the worker shows the newest one only (newest wins)."""
    seen = Recorder()
    panel = SimPanel(SPEC, seen.glass, seen.refresh, time_scale=0.2)
    worker = DisplayWorker(panel, RefreshPlanner(SPEC), idle_sleep_s=None)
    try:
        worker.submit(picture("first"), "epd2in13_V4:home:home")
        assert seen.busy.wait(10)  # the first refresh has started: the panel is busy for 400 ms
        for word in ("second", "third", "fourth"):
            worker.submit(picture(word), "epd2in13_V4:home:home")
        assert worker.flush(10)
    finally:
        worker.close()
    assert seen.frames[-2][1].image.tobytes() != picture("second").tobytes()
    last_shown = [f.image.tobytes() for _, f in seen.frames if f.phase == "shown"]
    assert picture("fourth").tobytes() in last_shown
    assert picture("second").tobytes() not in last_shown and picture("third").tobytes() not in last_shown
    assert len([r for r in seen.refreshes if r.kind in ("full", "fast", "partial")]) == 2  # not 4
