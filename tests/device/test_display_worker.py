"""The display worker: newest frame only, never blocking the caller, retries, sleep, clear."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from PIL import Image, ImageDraw

from device.display.display_worker import DisplayWorker
from device.display.refresh import CLEAN_IDLE_S, Activity, RefreshPlanner
from hardware.display import Box, PanelSpec
from hardware.panels import panel
from hardware.waveshare import PanelTimeout

WAIT = 10.0  # generous bound for thread hand-offs; never reached when things work


@dataclass
class SlowPanel:
    """A panel whose refreshes take as long as the test keeps `gate` closed (a 2-6 s refresh)."""

    spec: PanelSpec
    gate: threading.Event = field(default_factory=threading.Event)
    started: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(0))
    calls: list[tuple[str, Image.Image | None, Box | None]] = field(default_factory=list)
    failures: int = 0  # how many of the next refreshes raise PanelTimeout
    changed: threading.Condition = field(default_factory=threading.Condition)

    def _record(self, kind: str, image: Image.Image | None = None, box: Box | None = None) -> None:
        with self.changed:
            self.calls.append((kind, image, box))
            self.changed.notify_all()

    def _refresh(self, kind: str, image: Image.Image, box: Box | None) -> None:
        self.started.release()
        assert self.gate.wait(WAIT), "test never opened the gate"
        if self.failures:
            self.failures -= 1
            self._record("failed", image, box)
            raise PanelTimeout(f"{self.spec.model}: BUSY did not settle within 12 s during display")
        self._record(kind, image, box)

    def show_full(self, image: Image.Image) -> None:
        self._refresh("full", image, None)

    def show_fast(self, image: Image.Image) -> None:
        self._refresh("fast", image, None)

    def show_partial(self, image: Image.Image, box: Box) -> None:
        self._refresh("partial", image, box)

    def restore(self, image: Image.Image) -> None:
        self._record("restore", image)

    def clear(self) -> None:
        self._record("clear")

    def sleep(self) -> None:
        self._record("sleep")

    def close(self) -> None:
        self._record("close")

    def kinds(self) -> list[str]:
        return [kind for kind, _, _ in self.calls]

    def wait_for(self, kind: str, count: int = 1) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.kinds().count(kind) >= count, WAIT), \
                self.kinds()


SPEC = panel("epd2in7_V2")


def frame(n: int, box: Box = (20, 20, 60, 60)) -> Image.Image:
    """Frame number `n`: its number drawn inside `box` (a small change from frame to frame)."""
    image = Image.new("1", SPEC.size, 1)
    draw = ImageDraw.Draw(image)
    draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=1)
    draw.text((box[0] + 2, box[1] + 2), str(n), fill=0)
    return image


@pytest.fixture
def slow() -> SlowPanel:
    return SlowPanel(SPEC)


@pytest.fixture
def worker(slow: SlowPanel) -> Iterator[DisplayWorker]:
    w = DisplayWorker(slow, RefreshPlanner(SPEC), idle_sleep_s=None, backoff_s=(0.01, 0.05))
    yield w
    slow.gate.set()
    w.close()


def same(a: Image.Image | None, b: Image.Image) -> bool:
    return a is not None and a.tobytes() == b.tobytes()


def test_a_burst_of_50_frames_shows_only_the_newest_and_never_blocks(
        slow: SlowPanel, worker: DisplayWorker) -> None:
    worker.submit(frame(0), "game")
    assert slow.started.acquire(timeout=WAIT)  # the first (slow) refresh is under way

    def submit_burst() -> None:
        for n in range(1, 51):
            worker.submit(frame(n), "game")

    burst = threading.Thread(target=submit_burst)
    burst.start()
    burst.join(WAIT)
    assert not burst.is_alive(), "submit blocked while the panel was refreshing"

    slow.gate.set()
    assert worker.flush(WAIT)
    shown = [image for kind, image, _ in slow.calls if kind in ("full", "partial")]
    assert len(shown) == 2
    assert same(shown[0], frame(0)) and same(shown[1], frame(50))
    assert worker.status.dropped == 49
    assert worker.status.refreshes == {"full": 1, "partial": 1}


def test_a_small_change_is_a_partial_and_an_unchanged_frame_nothing(
        slow: SlowPanel, worker: DisplayWorker) -> None:
    slow.gate.set()
    worker.submit(frame(1), "game")
    worker.submit(frame(1), "game")
    assert worker.flush(WAIT)
    worker.submit(frame(1), "game")
    worker.submit(frame(2), "game")
    assert worker.flush(WAIT)
    assert slow.kinds() == ["full", "partial"]
    box = slow.calls[1][2]
    assert box is not None and box[1] % 8 == 0 and box[3] % 8 == 0


def test_a_secret_hidden_by_a_dropped_frame_still_gets_a_flashing_refresh(
        slow: SlowPanel, worker: DisplayWorker) -> None:
    slow.gate.set()
    worker.submit(frame(1), "deal")
    assert worker.flush(WAIT)
    assert slow.started.acquire(timeout=0)  # the first refresh started (and ended)
    slow.gate.clear()
    worker.submit(frame(2), "deal")
    assert slow.started.acquire(timeout=WAIT)  # frame 2's partial is under way
    worker.submit(frame(3), "deal", hide_secret=True)  # dropped: replaced before shown
    worker.submit(frame(4), "deal")
    slow.gate.set()
    assert worker.flush(WAIT)
    assert slow.kinds() == ["full", "partial", "fast"]  # epd2in7_V2 hides a secret by its fast refresh
    assert same(slow.calls[-1][1], frame(4))


def test_a_stuck_panel_is_retried_then_reported_and_the_game_goes_on(
        slow: SlowPanel, worker: DisplayWorker) -> None:
    slow.gate.set()
    worker.submit(frame(1), "game")
    assert worker.flush(WAIT)
    slow.failures = 2
    worker.submit(frame(2), "game")
    slow.wait_for("full", 2)  # third attempt, re-initialised with a full refresh, worked
    assert worker.flush(WAIT)
    status = worker.status
    assert slow.kinds() == ["full", "failed", "failed", "full"]
    assert status.failures == 0 and status.state == "idle"
    assert status.fault is not None and "BUSY did not settle" in status.fault
    worker.clear_fault()
    assert worker.status.fault is None


def test_after_the_retries_the_fault_stays_and_the_newest_frame_is_tried_again_later(
        slow: SlowPanel, worker: DisplayWorker) -> None:
    slow.gate.set()
    slow.failures = 4  # three attempts fail, then the first backoff retry fails too
    worker.submit(frame(1), "game")
    slow.wait_for("failed", 3)
    worker.submit(frame(2), "game")  # a newer frame replaces the failing one
    slow.wait_for("full")
    assert slow.kinds() == ["failed"] * 4 + ["full"]
    assert same(slow.calls[-1][1], frame(2))
    assert worker.status.fault is not None


def test_a_hung_driver_call_shows_in_the_status() -> None:
    now = [0.0]
    slow = SlowPanel(SPEC)
    w = DisplayWorker(slow, RefreshPlanner(SPEC), idle_sleep_s=None, clock=lambda: now[0])
    try:
        w.submit(frame(1), "game")
        assert slow.started.acquire(timeout=WAIT)
        assert w.status.state == "refreshing" and not w.status.hung
        now[0] = w.status.call_limit_s + 1
        assert w.status.hung
    finally:
        slow.gate.set()
        w.close()


def test_the_panel_sleeps_when_idle_and_a_change_wakes_it_with_restore_and_a_partial() -> None:
    slow = SlowPanel(SPEC)
    slow.gate.set()
    w = DisplayWorker(slow, RefreshPlanner(SPEC), idle_sleep_s=0.01)
    try:
        w.submit(frame(1), "game")
        slow.wait_for("sleep")
        assert w.status.state == "asleep"
        w.submit(frame(1), "game")  # unchanged: the glass still shows it, no refresh
        w.submit(frame(2), "game")
        slow.wait_for("partial")
        assert slow.kinds()[:4] == ["full", "sleep", "restore", "partial"]
        assert same(slow.calls[2][1], frame(1))  # the RAM gets what the glass shows
        assert same(slow.calls[3][1], frame(2))
    finally:
        w.close()


def test_no_sleep_while_frames_keep_coming(slow: SlowPanel, worker: DisplayWorker) -> None:
    slow.gate.set()
    for n in range(5):
        worker.submit(frame(n), "game")
        assert worker.flush(WAIT)
    assert "sleep" not in slow.kinds()


def test_close_clears_if_asked_then_sleeps_and_releases(slow: SlowPanel) -> None:
    slow.gate.set()
    w = DisplayWorker(slow, RefreshPlanner(SPEC), idle_sleep_s=None)
    w.submit(frame(1), "game")
    assert w.flush(WAIT)
    w.close(clear=True)
    assert slow.kinds() == ["full", "clear", "sleep", "close"]
    assert w.status.state == "closed"
    w.submit(frame(2), "game")  # ignored after close, and does not block
    assert slow.kinds()[-1] == "close"


def test_close_without_clear_leaves_the_last_frame(slow: SlowPanel) -> None:
    slow.gate.set()
    w = DisplayWorker(slow, RefreshPlanner(SPEC), idle_sleep_s=None)
    w.submit(frame(1), "game")
    assert w.flush(WAIT)
    w.close(clear=False)
    assert slow.kinds() == ["full", "sleep", "close"]


def test_a_frame_of_the_wrong_size_is_dropped_with_a_fault(slow: SlowPanel,
                                                           worker: DisplayWorker) -> None:
    slow.gate.set()
    worker.submit(Image.new("1", (10, 10), 1), "game")
    assert worker.flush(WAIT)
    assert slow.kinds() == []
    assert "10x10" in (worker.status.fault or "")
    worker.submit(frame(1), "game")  # the worker is still alive
    assert worker.flush(WAIT)
    assert slow.kinds() == ["full"]


def test_the_threaded_worker_cleans_in_the_idle_of_a_physical_action_and_not_during_a_countdown(
        slow: SlowPanel, worker: DisplayWorker) -> None:
    """The same core decides in real time: idle seconds after a drawing phase's frame clean."""
    slow.gate.set()
    ticking = Activity(countdown=True, physical=True, tick=True)
    ticks = SPEC.cleaning_every + 1
    for n in range(ticks + 1):
        worker.submit(frame(n % 2), "game", activity=ticking)  # the same pixels change each second
        assert worker.flush(WAIT)
    time.sleep(CLEAN_IDLE_S + 0.3)  # a running countdown: no cleaning however idle
    assert slow.kinds() == ["full"] + ["partial"] * ticks
    worker.submit(frame(99), "game", activity=Activity(physical=True))  # time's up, the table draws
    slow.wait_for("full", 2)
    assert slow.kinds()[-2:] == ["partial", "full"]  # the time's-up partial, then cleaning at once
    assert same(slow.calls[-1][1], frame(99))  # the cleaning redraws what the glass shows
