"""Host CPU and SPI traffic per refresh: Easel's driver path against the vendor's own.

For every panel model, the real vendor driver (`waveshare-epaper`) runs on the fake Pi
(hardware/fake_pi.py: spidev, pins and delays replaced, everything above them real) and shows
real Toolbox sandglass frames from the gallery. Per refresh kind it measures the host CPU time
(time.process_time, median over repeats), the SPI transfers (spidev write calls), the bytes
sent, and the driver's fixed delays (virtual time on the fake Pi, BUSY always idle). "Easel"
is WaveshareDisplay (hardware/panel_models.py); "vendor" is what the driver package does by
itself: its getbuffer and display methods, one byte per SPI call on some models (the path
Easel used before). A full refresh is measured as a cleaning refresh after
partials (it includes the controller init), a fast one after a full refresh (it includes the
fast init), a partial one after another partial, a restore after sleep. The vendor has no
restore; it would answer the press after sleep with a full refresh.

Target (issue 11): at most 15 ms of host CPU per refresh on every model.

Run: PYTHONPATH=. .venv/bin/python benchmarks/driver_cost.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from device.display.refresh import align_box, changed_box
from device.framework.resources import Resources
from device.run.gallery import sample_frames
from hardware.display import Box, PanelSpec
from hardware.fake_pi import BusyMode, FakePi
from hardware.panels import PANELS
from hardware.waveshare import native_box

TARGET_MS = 15.0
BUSY_ACTIVE_LOW = {"epd7in5_V2", "epd7in3f"}  # their BUSY line is low while they work
KINDS = ("full", "fast", "partial", "restore")

# The vendor's own methods per model, as Easel called them before it had its own sequences:
# (init, full refresh), (fast init, fast refresh), partial refresh, partial init (once).
VENDOR: dict[str, dict[str, Any]] = {
    "epd2in13_V4": {"full": ("init", "displayPartBaseImage"),
                    "fast": ("init_fast", "display_fast"), "partial": "displayPartial"},
    "epd2in7_V2": {"full": ("init", "display_Base"), "fast": ("init_Fast", "display_Fast"),
                   "partial": "display_Partial", "window": True},
    "epd2in9_V2": {"full": ("init", "display_Base"), "fast": ("init_Fast", "display_Base"),
                   "partial": "display_Partial"},
    "epd4in2_V2": {"full": ("init", "display"), "fast": ("init_fast", "display_Fast"),
                   "partial": "display_Partial"},
    "epd7in5_V2": {"full": ("init", "display"), "fast": ("init_fast", "display"),
                   "partial": "display_Partial", "window": True, "window_buffer": True,
                   "partial_init": "init_part"},
    "epd7in3f": {"full": ("init", "display")},
}


@dataclass
class Cost:
    """One refresh kind on one path: median host CPU, and the traffic of one refresh."""

    cpu_ms: float
    transfers: int
    bytes_sent: int
    delays_ms: float  # the driver's fixed delays (reset pulses, power-on waits), virtual time


def frames_for(spec: PanelSpec, resources: Resources) -> tuple[Image.Image, Image.Image, Box]:
    """Two consecutive sandglass frames and the 8-pixel-aligned box where they differ."""
    samples = {s.name: s for s in sample_frames("toolbox", spec.model, "en", resources)}
    first = samples["sandglass-running"].render()
    second = samples["sandglass-last-seconds"].render()
    changed = changed_box(first, second)
    box = align_box(changed, spec) if changed else (0, 0, 8, 8)
    return first, second, box


def measure(pi: FakePi, model: str, setup: Callable[[], None], action: Callable[[], None],
            repeats: int) -> Cost:
    """Median CPU of `action` after `setup` each time; traffic and fixed delays of the last."""
    idle: BusyMode = "high" if model in BUSY_ACTIVE_LOW else "low"
    runs = []
    transfers = sent = 0
    delays = 0.0
    for _ in range(repeats):
        setup()
        transfers, sent = pi.traffic.transfers, pi.traffic.bytes_sent
        pi.busy = idle  # BUSY reads idle at once: only the driver's fixed delays pass
        virtual, reads = pi.now, pi.busy_reads
        start = time.process_time()
        action()
        runs.append((time.process_time() - start) * 1000)
        delays = (pi.now - virtual - (pi.busy_reads - reads) * 0.001) * 1000  # 1 ms a read
        pi.busy = "alternate"
        transfers, sent = pi.traffic.transfers - transfers, pi.traffic.bytes_sent - sent
        pi.traffic.clear()  # the recorded transactions would only grow
    return Cost(statistics.median(runs), transfers, sent, delays)


def easel_costs(model: str, frames: tuple[Image.Image, Image.Image, Box],
                repeats: int) -> dict[str, Cost]:
    """Every refresh kind the model has, through WaveshareDisplay."""
    first, second, box = frames
    costs: dict[str, Cost] = {}
    with FakePi() as pi:
        display = pi.display(model)
        spec = display.spec
        partial = spec.partial != "none"

        def after_partials() -> None:
            display.show_full(first)
            if partial:
                display.show_partial(second, box)

        costs["full"] = measure(pi, model, after_partials, lambda: display.show_full(first),
                                repeats)
        if spec.fast_ms is not None:
            costs["fast"] = measure(pi, model, lambda: display.show_full(first),
                                    lambda: display.show_fast(second), repeats)
        if partial:
            def after_a_partial() -> None:
                display.show_full(first)
                display.show_partial(first, box)  # the controller is now in partial mode

            costs["partial"] = measure(pi, model, after_a_partial,
                                       lambda: display.show_partial(second, box), repeats)

            def asleep() -> None:
                display.show_full(first)
                display.sleep()

            costs["restore"] = measure(pi, model, asleep, lambda: display.restore(first),
                                       repeats)
        display.close()
    return costs


def vendor_partial(epd: Any, recipe: dict[str, Any], box: Box, spec: PanelSpec,
                   image: Image.Image) -> Callable[[], None]:
    """The vendor's partial refresh of `image`, windowed at `box` if the recipe says so."""
    def partial() -> None:
        buffer = epd.getbuffer(image)
        if not recipe.get("window"):
            getattr(epd, recipe["partial"])(buffer)
            return
        x0, y0, x1, y1 = native_box(box, spec)
        if recipe.get("window_buffer"):
            row = epd.width // 8
            buffer = b"".join(bytes(buffer[y * row + x0 // 8: y * row + x1 // 8])
                              for y in range(y0, y1))
        getattr(epd, recipe["partial"])(buffer, x0, y0, x1, y1)

    return partial


def vendor_costs(model: str, frames: tuple[Image.Image, Image.Image, Box],
                 repeats: int) -> dict[str, Cost]:
    """The same refreshes with the vendor's getbuffer and display methods alone."""
    first, second, box = frames
    recipe = VENDOR[model]
    spec = PANELS[model]
    costs: dict[str, Cost] = {}
    with FakePi() as pi:
        epd = pi.load(model).EPD()

        def refresh(init: str | None, method: str, image: Image.Image) -> None:
            if init:
                getattr(epd, init)(*([epd.Seconds_1_5S] if init == "init_fast"
                                     and model == "epd4in2_V2" else []))
            getattr(epd, method)(epd.getbuffer(image))

        def full_first() -> None:
            refresh(*recipe["full"], first)

        costs["full"] = measure(pi, model, full_first,
                                lambda: refresh(*recipe["full"], first), repeats)
        if "fast" in recipe:
            costs["fast"] = measure(pi, model, full_first, lambda: refresh(*recipe["fast"], second),
                                    repeats)
        if "partial" in recipe:
            def partial_setup() -> None:
                full_first()
                if recipe.get("partial_init"):
                    getattr(epd, recipe["partial_init"])()

            costs["partial"] = measure(pi, model, partial_setup,
                                       vendor_partial(epd, recipe, box, spec, second),
                                       repeats)
    return costs


def cell(cost: Cost | None) -> str:
    """CPU, transfers, bytes and fixed delays of one path, or dashes."""
    if cost is None:
        return "— | — | — | —"
    return f"{cost.cpu_ms:.1f} | {cost.transfers} | {cost.bytes_sent} | {max(0.0, cost.delays_ms):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    resources = Resources()
    print("Host CPU per refresh (ms, median), SPI transfers, bytes and the driver's fixed "
          "delays (ms: reset pulses, power-on waits; BUSY waits excluded) of one refresh; "
          "real driver code on the fake Pi.\n")
    print("| model | refresh | Easel CPU ms | transfers | bytes | delays ms "
          "| vendor CPU ms | transfers | bytes | delays ms | CPU target |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    worst = 0.0
    for model, spec in PANELS.items():
        frames = frames_for(spec, resources)
        easel = easel_costs(model, frames, args.repeats)
        vendor = vendor_costs(model, frames, args.repeats)
        for kind in KINDS:
            if kind not in easel:
                continue
            cpu = easel[kind].cpu_ms
            worst = max(worst, cpu)
            verdict = "ok" if cpu <= TARGET_MS else "OVER"
            print(f"| {model} | {kind} | {cell(easel[kind])} | {cell(vendor.get(kind))} "
                  f"| {verdict} |")
    print(f"\nWorst Easel refresh: {worst:.1f} ms of host CPU (target {TARGET_MS:.0f} ms): "
          f"{'ok' if worst <= TARGET_MS else 'OVER'}")


if __name__ == "__main__":
    main()
