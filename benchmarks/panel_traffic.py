"""Panel traffic during a countdown: Easel's refresh planning against a naive full refresh.

For each supported model, a 90 s countdown (one frame per second; only the big digits
change) goes through the display worker, the refresh planner and the real Waveshare driver
on a fake Pi (hardware/fake_pi.py), and the bytes on the SPI bus and the refreshes the
controller performed are counted. The baseline sends every frame with a full refresh.
"Changed bytes" is the 8-pixel-aligned area that changed, the least any driver could send;
"panel busy" multiplies the refreshes by the model's typical refresh times.

Run: PYTHONPATH=. python benchmarks/panel_traffic.py [--seconds 90]
"""

from __future__ import annotations

import argparse
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import font_source_sans_pro  # type: ignore[import-untyped]
from PIL import Image, ImageChops, ImageDraw, ImageFont

from device.display_worker import DisplayWorker
from device.refresh import RefreshPlanner, align_box, changed_box
from hardware.display import PanelSpec
from hardware.fake_pi import FakePi
from hardware.panel_ram import as_frame, controller_for
from hardware.panels import PANELS
from hardware.waveshare import WaveshareDisplay

FONT = Path(font_source_sans_pro.font_directory) / "SourceSansPro-Bold.ttf"


def countdown_frame(spec: PanelSpec, seconds: int) -> Image.Image:
    """A countdown screen: a fixed title and border, and `m:ss` in digits >= 40% of the height."""
    width, height = spec.size
    image = Image.new("RGB" if spec.colour else "1", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, height - 1), outline="black", width=2)
    title = ImageFont.truetype(str(FONT), max(10, height // 10))
    draw.text((8, 4), "Sandglass", font=title, fill="black")
    digits = ImageFont.truetype(str(FONT), int(min(height * 0.68, width / 1.9)))
    text = f"{seconds // 60}:{seconds % 60:02d}"
    left, top, right, bottom = draw.textbbox((0, 0), "0:00", font=digits)
    x = (width - (right - left)) // 2 - left
    y = height - (bottom - top) - height // 12 - top
    draw.text((x, y), text, font=digits, fill="black")
    return image


def digit_height(spec: PanelSpec) -> float:
    """The drawn digits' height as a fraction of the panel height."""
    box = ImageChops.invert(countdown_frame(spec, 88).convert("L")).crop(
        (3, spec.height // 4, spec.width - 3, spec.height - 3)).getbbox()  # inside the border
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
        return (self.full * spec.full_ms + self.partial * spec.partial_ms) / 1000


def run(model: str, frames: list[Image.Image], easel: bool) -> Traffic:
    """Show `frames` through the real driver on a fake Pi; count bytes and refreshes."""
    with FakePi() as pi:
        display = WaveshareDisplay(model, pi.load(model), clock=pi.clock)
        show: Callable[[Image.Image], None]
        controller = controller_for(model)
        fed = sent = partial_bytes = 0
        if easel:
            worker = DisplayWorker(display, RefreshPlanner(display.spec), idle_sleep_s=None)

            def show(frame: Image.Image) -> None:
                worker.submit(frame, "countdown")
                if not worker.flush(60):
                    raise RuntimeError(f"{model}: the display worker did not finish")
        else:
            show = display.show_full
        for frame in frames:
            show(frame)
            partials = controller.refreshes["partial"]
            for transaction in pi.traffic.transactions[fed:]:
                controller.feed(transaction)
            fed = len(pi.traffic.transactions)
            if controller.refreshes["partial"] > partials:
                partial_bytes += pi.traffic.bytes_sent - sent
            sent = pi.traffic.bytes_sent
        assert controller.shown is not None
        shown = as_frame(controller.shown, display.spec).convert("RGB")
        if ImageChops.difference(shown, frames[-1].convert("RGB")).getbbox() is not None \
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
    print(f"{ticks} s countdown, one frame per second; bytes on the SPI bus, refreshes done "
          "by the controller (full/partial), panel busy time from typical refresh times.\n")
    print("| model | digits | Easel full/partial | Easel bytes | bytes per partial "
          "| changed bytes per tick | naive full | naive bytes | bytes saved "
          "| panel busy Easel / naive |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for model, spec in PANELS.items():
        frames = [countdown_frame(spec, s) for s in range(ticks, 0, -1)]
        easel = run(model, frames, easel=True)
        naive = run(model, frames, easel=False)
        per_partial = easel.partial_bytes / easel.partial if easel.partial else 0.0
        saved = 1 - easel.bytes_sent / naive.bytes_sent
        print(f"| {model} | {digit_height(spec):.0%} | {easel.full}/{easel.partial} "
              f"| {easel.bytes_sent:,} | {per_partial:,.0f} | {window_bytes(spec, frames):,.0f} "
              f"| {naive.full} "
              f"| {naive.bytes_sent:,} | {saved:.0%} "
              f"| {easel.busy_s(spec):.0f} s / {naive.busy_s(spec):.0f} s |")


if __name__ == "__main__":
    main()
