"""Panel traffic during a countdown: Easel's refresh planning against a naive full refresh.

For each supported model, the Toolbox's real sandglass screen (digits and sand picture, as the
product shows it) counts down for 90 s, one frame per tick, through the display worker, the
refresh planner and the real Waveshare driver on a fake Pi (hardware/fake_pi.py); the bytes on
the SPI bus and the refreshes the controller performed are counted. The baseline sends every
frame with a full refresh. "Changed bytes" is the 8-pixel-aligned area that changed, the least
any driver could send; "panel busy" multiplies the refreshes by the model's typical times.

Run: PYTHONPATH=. python benchmarks/panel_traffic.py [--seconds 90]
"""

from __future__ import annotations

import argparse
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageChops

from device.clock import VirtualClock
from device.display.display_worker import DisplayWorker
from device.display.refresh import NO_ACTIVITY, Activity, RefreshPlanner, align_box, changed_box
from device.framework.resources import Resources
from device.framework.runner import DeviceSetup, Runner, RunnerDeps
from device.settings import Settings
from device.storage.store import Store
from hardware.display import PanelSpec
from hardware.events import ButtonEvent
from hardware.fake_pi import FakePi
from hardware.panel_ram import as_frame, controller_for
from hardware.panels import PANELS, busy_ms


@dataclass(frozen=True)
class Shown:
    """A frame the Toolbox handed to the display, and what the table was doing."""

    image: Image.Image
    activity: Activity


class _Collect:
    def __init__(self) -> None:
        self.frames: list[Shown] = []

    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool = False,
               activity: Activity = NO_ACTIVITY) -> None:
        self.frames.append(Shown(image, activity))


def sandglass_frames(model: str, seconds: int) -> list[Shown]:
    """The Toolbox's sandglass screen from the timer press to the end of a `seconds` glass."""
    sink = _Collect()
    clock = VirtualClock(0)
    runner = Runner(RunnerDeps(store=Store(None), resources=Resources(), sink=sink, clock=clock),
                    DeviceSetup(settings=Settings(panel=model, sandglass_s=seconds), seed=1))
    runner.open("toolbox")
    runner.handle(ButtonEvent("timer"))
    while (deadline := runner.next_deadline()) is not None:
        clock.set(deadline)
        runner.tick()
    return sink.frames


def countdown_frame(spec: PanelSpec, seconds: int) -> Image.Image:
    """The sandglass screen with `seconds` left of a 90 s glass (the product's own frame)."""
    frames = sandglass_frames(spec.model, 90)
    return frames[min(len(frames) - 1, 90 - seconds)].image


def digit_height(spec: PanelSpec) -> float:
    """The drawn digits' height as a fraction of the panel height.

    Measured on what changes from 1:00 to 0:59 (every digit), right of the sand picture.
    """
    before, after = countdown_frame(spec, 60).convert("L"), countdown_frame(spec, 59).convert("L")
    diff = ImageChops.difference(before, after).crop((spec.width // 4, 0, spec.width, spec.height))
    box = diff.getbbox()
    return 0.0 if box is None else (box[3] - box[1]) / spec.height


def window_bytes(spec: PanelSpec, frames: list[Image.Image]) -> float:
    """The mean size of the changed area per tick, 8-pixel aligned: the least any driver sends."""
    sizes = []
    for old, new in itertools.pairwise(frames):
        box = changed_box(old, new)
        if box is not None:
            left, top, right, bottom = align_box(box, spec)
            sizes.append((right - left) * (bottom - top) / 8)
    return sum(sizes) / max(1, len(frames) - 1)


@dataclass
class Traffic:
    """What one run sent to the panel."""

    full: int
    partial: int
    bytes_sent: int
    partial_bytes: int  # bytes sent for the frames shown with a partial refresh

    def busy_s(self, spec: PanelSpec) -> float:
        return (self.full * busy_ms(spec, "full") + self.partial * busy_ms(spec, "partial")) / 1000


def run(model: str, shown: list[Shown], easel: bool) -> Traffic:
    """Show the frames through the real driver on a fake Pi; count bytes and refreshes."""
    frames = [s.image for s in shown]
    with FakePi() as pi:
        display = pi.display(model)
        show: Callable[[Shown], None]
        controller = controller_for(model)
        fed = sent = partial_bytes = 0
        if easel:
            worker = DisplayWorker(display, RefreshPlanner(display.spec), idle_sleep_s=None)

            def show(item: Shown) -> None:
                worker.submit(item.image, "toolbox.sandglass", activity=item.activity)
                if not worker.flush(60):
                    raise RuntimeError(f"{model}: the display worker did not finish")
        else:
            def show(item: Shown) -> None:
                display.show_full(item.image)
        for item in shown:
            show(item)
            partials = controller.refreshes["partial"]
            for transaction in pi.traffic.transactions[fed:]:
                controller.feed(transaction)
            fed = len(pi.traffic.transactions)
            if controller.refreshes["partial"] > partials:
                partial_bytes += pi.traffic.bytes_sent - sent
            sent = pi.traffic.bytes_sent
        assert controller.shown is not None
        glass = as_frame(controller.shown, display.spec).convert("RGB")
        if ImageChops.difference(glass, frames[-1].convert("RGB")).getbbox() is not None \
                and not display.spec.colour:  # colour frames are dithered to 7 inks
            raise AssertionError(f"{model}: the panel does not show the last frame")
        if easel:
            worker.close()
        else:
            display.close()
        return Traffic(controller.refreshes["full"], controller.refreshes["partial"],
                       pi.traffic.bytes_sent, partial_bytes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=90)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    ticks = args.seconds
    print(f"The Toolbox's {ticks} s sandglass screen, one frame per tick; bytes on the SPI bus, refreshes "
          "done by the controller (full/partial), panel busy time from typical refresh times.\n")
    print("| model | digits | Easel full/partial | Easel bytes | bytes per partial "
          "| changed bytes per tick | naive full | naive bytes | bytes saved "
          "| panel busy Easel / naive |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for model, spec in PANELS.items():
        shown = sandglass_frames(model, ticks)
        frames = [item.image for item in shown]
        easel = run(model, shown, easel=True)
        naive = run(model, shown, easel=False)
        per_partial = easel.partial_bytes / easel.partial if easel.partial else 0.0
        saved = 1 - easel.bytes_sent / naive.bytes_sent
        print(f"| {model} | {digit_height(spec):.0%} | {easel.full}/{easel.partial} "
              f"| {easel.bytes_sent:,} | {per_partial:,.0f} | {window_bytes(spec, frames):,.0f} "
              f"| {naive.full} "
              f"| {naive.bytes_sent:,} | {saved:.0%} "
              f"| {easel.busy_s(spec):.0f} s / {naive.busy_s(spec):.0f} s |")


if __name__ == "__main__":
    main()
