"""The display worker's decisions in virtual time: the real DisplayCore on a simulated panel."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image, ImageDraw

from device.display.display_core import DisplayCore, Submission
from device.display.panel_sim import SimulatedPanel
from device.display.refresh import CLEAN_IDLE_S, NO_ACTIVITY, Activity, RefreshPlanner
from hardware.panels import SLEEP_MS, busy_ms, panel

SPEC = panel("epd2in13_V4")
SLOW = panel("epd2in7_V2")
TICK = Activity(countdown=True, physical=True, tick=True)
DRAWING = Activity(physical=True)


def frame(n: int, spec: Any = SPEC) -> Image.Image:
    """Frame `n`: its number in a corner (a small change from frame to frame)."""
    image = Image.new("1", spec.size, 1)
    ImageDraw.Draw(image).text((10, 10), str(n), fill=0)
    return image


class Table:
    """A simulated panel with a log, fed frames at chosen virtual times."""

    def __init__(self, spec: Any = SPEC, idle_sleep_s: float | None = None) -> None:
        self.log = io.StringIO()
        self.panel = SimulatedPanel(spec, self.log, idle_sleep_s)
        self.count = 0

    def show(self, at_ms: int, n: int, key: str = "game", activity: Activity = NO_ACTIVITY,
             hide_secret: bool = False, step: int | None = None) -> None:
        self.count += 1
        self.panel.submit(frame(n, self.panel.spec), key, hide_secret, activity, f"{self.count:04d}.png",
                          step, at_ms)

    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.log.getvalue().splitlines()]


def test_the_newest_frame_wins_and_the_replaced_ones_are_logged_skipped() -> None:
    table = Table(SLOW)
    table.show(0, 0)  # first: a 6 s full refresh
    for n in range(1, 4):
        table.show(1000 * n, n)  # all arrive while the panel is busy
    table.panel.finish()
    kinds = [(line["frame"], line["kind"]) for line in table.lines()]
    assert kinds == [("0001.png", "full"), ("0002.png", "skipped"), ("0003.png", "skipped"),
                     ("0004.png", "partial")]
    last = table.lines()[-1]
    full = busy_ms(SLOW, "full")
    assert (last["start_ms"], last["end_ms"]) == (full, full + busy_ms(SLOW, "partial", True, last["box"]))
    assert table.lines()[1]["start_ms"] is None and table.lines()[1]["end_ms"] is None


def test_a_secret_is_hidden_by_a_flashing_refresh_even_when_its_frame_was_replaced() -> None:
    for spec, kind in ((SPEC, "full"), (SLOW, "fast")):
        table = Table(spec)
        table.show(0, 0)
        table.show(100, 1, hide_secret=True)  # replaced before shown...
        table.show(200, 2)  # ...by a frame that does not hide anything itself
        table.panel.finish()
        shown = [line for line in table.lines() if line["kind"] != "skipped"]
        assert (shown[-1]["kind"], shown[-1]["reason"]) == (kind, "secret")


def test_no_cleaning_while_a_countdown_runs_then_cleaning_right_after_it_when_the_table_draws() -> None:
    """The ruling: never clean during a countdown; its own pixels may pass the limit by its ticks;
    the time's-up frame is a partial; cleaning follows at once when the table's next action is physical."""
    table = Table()
    table.show(0, 0)
    start = busy_ms(SPEC, "full")
    for second in range(1, 60):  # a countdown: 59 ticks, the same digits' pixels far past the limit
        table.show(start + 1000 * second, second % 2, activity=TICK)
    times_up = start + 60_000
    table.show(times_up, 100, activity=DRAWING)  # time's up; the table draws on
    table.panel.run_until(90_000)
    lines = table.lines()
    ticks = [line for line in lines if line["countdown"]]
    assert len(ticks) == 59 and {line["kind"] for line in ticks} == {"partial"}
    assert all(line["end_ms"] - line["at_ms"] <= busy_ms(SPEC, "partial", True, line["box"]) for line in ticks)
    assert max(line["ghost"] for line in ticks) == 59 > 2 * SPEC.cleaning_every
    end, clean = lines[-2:]
    assert (end["frame"], end["kind"], end["reason"]) == ("0061.png", "partial", "times-up")
    assert end["end_ms"] - times_up == busy_ms(SPEC, "partial", box=end["box"])  # the alarm's frame does not wait
    assert (clean["kind"], clean["reason"], clean["cleaning"], clean["ghost"]) == ("full", "idle", True, 0)
    assert clean["start_ms"] == end["end_ms"]  # right after the countdown: nobody waits


def test_a_slow_panel_cleans_in_the_idle_seconds_of_a_physical_action() -> None:
    table = Table(SLOW)
    table.show(0, 0)
    start = busy_ms(SLOW, "full")
    for n in range(1, SLOW.cleaning_every):
        table.show(start + 1000 * n, n % 2)  # presses flipping the same pixels: partials
    rolled = start + 1000 * SLOW.cleaning_every
    table.show(rolled, 0, activity=DRAWING)  # the dice are rolled: the table draws
    table.panel.run_until(60_000)
    shown, clean = table.lines()[-2:]
    assert shown["ghost"] == SLOW.cleaning_every  # due
    assert clean["cleaning"] and clean["kind"] == "full" and clean["reason"] == "idle"
    assert clean["frame"] is None and clean["step"] is None
    assert clean["start_ms"] == shown["end_ms"] + int(CLEAN_IDLE_S * 1000)
    assert clean["end_ms"] - clean["start_ms"] == busy_ms(SLOW, "full")


def test_no_idle_cleaning_before_a_pixel_reaches_the_rate() -> None:
    table = Table(SLOW)
    table.show(0, 0)
    for n in range(1, SLOW.cleaning_every - 1):
        table.show(busy_ms(SLOW, "full") + 1000 * n, n % 2)
    table.show(busy_ms(SLOW, "full") + 1000 * SLOW.cleaning_every, 0, activity=DRAWING)
    table.panel.run_until(60_000)
    assert not any(line["cleaning"] for line in table.lines())


def test_a_pixel_past_twice_the_rate_forces_a_fast_refresh_on_the_press() -> None:
    table = Table(SPEC)
    table.show(0, 0)
    presses = 2 * SPEC.cleaning_every + 1
    for n in range(1, presses + 1):
        table.show(busy_ms(SPEC, "full") + 1000 * n, n % 2)
    table.panel.finish()
    shown = [line for line in table.lines() if line["kind"] != "skipped"]
    assert [line["kind"] for line in shown] == ["full"] + ["partial"] * (presses - 1) + ["fast"]
    assert shown[-1]["reason"] == "cleaning" and shown[-1]["ghost"] == 0
    assert max(line["ghost"] for line in shown) == 2 * SPEC.cleaning_every


def test_a_press_before_the_idle_seconds_pass_gets_no_cleaning() -> None:
    table = Table(SLOW)
    table.show(0, 0)
    for n in range(1, 7):
        table.show(SLOW.full_ms + 1000 * n, n, activity=DRAWING)  # a press every second
    table.panel.finish()
    assert not any(line["cleaning"] for line in table.lines())


def test_sleep_cleans_first_then_a_wake_is_restore_and_partial() -> None:
    table = Table(SPEC, idle_sleep_s=120)
    table.show(0, 0)
    table.show(1000, 1)  # a partial: something to clean before sleeping
    table.panel.run_until(200_000)
    partial_end = table.lines()[-2]["end_ms"]
    before_sleep = table.lines()[-1]
    assert (before_sleep["kind"], before_sleep["reason"], before_sleep["cleaning"]) == ("full", "before-sleep", True)
    assert before_sleep["start_ms"] == partial_end + 120_000
    assert table.panel.core.asleep
    table.show(300_000, 2, step=9)
    table.panel.finish()
    wake = table.lines()[-1]
    assert (wake["kind"], wake["reason"], wake["step"]) == ("partial", "wake", 9)
    assert wake["end_ms"] - wake["start_ms"] == busy_ms(SPEC, "wake") + busy_ms(SPEC, "partial", box=wake["box"])
    assert not table.panel.core.asleep


def test_a_frame_during_the_sleep_call_waits_for_it() -> None:
    table = Table(SPEC, idle_sleep_s=10)
    table.show(0, 0)
    sleep_at = busy_ms(SPEC, "full") + 10_000
    table.show(sleep_at + 500, 1)
    table.panel.finish()
    assert table.lines()[-1]["start_ms"] == sleep_at + SLEEP_MS


def test_the_core_reports_the_frame_it_replaced() -> None:
    core = DisplayCore(RefreshPlanner(SPEC), idle_sleep_s=None)
    first = Submission(frame(1), "game", tag="a")
    assert core.submit(first) is None
    assert core.submit(Submission(frame(2), "game", tag="b")) is first
    action = core.next_action(0.0)
    assert action is not None and action.frame is not None and action.frame.tag == "b"
    assert core.next_action(0.0) is None
