"""Ghosts counted per pixel from a headless run's frames, independently of the display core.

Replays refresh.jsonl against the PNG frames of the same run: a full or fast refresh (or a
cleaning line) drives every pixel, a partial adds one to each pixel it changes. A countdown's
tick partial also marks the pixels it changed as the countdown's own until they are cleaned.
Reports the highest count reached by a pixel outside a countdown, the highest of all, and the
ticks of the longest countdown (what the ruling lets countdown pixels go past the limit by).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

ONES = [0] + [1] * 255


def _peak(image: Image.Image) -> int:
    histogram = image.histogram()
    return max((value for value, n in enumerate(histogram) if n), default=0)


@dataclass
class GlassGhosts:
    """The worst ghost counts of one run."""

    outside: int = 0  # the highest count of a pixel no countdown tick changed
    overall: int = 0  # the highest count of any pixel
    ticks: int = 0  # the most tick partials of one countdown (frames marked countdown in a row)
    times_up_flashed: int = 0  # frames ending a countdown that were shown by a full or fast refresh
    times_up: int = 0  # frames ending a countdown
    peaks: list[int] = field(default_factory=list)  # the highest count after each refresh, in log order


def count(frames_dir: Path, lines: list[dict[str, Any]]) -> GlassGhosts:
    """Replay the log's refreshes over its frames; the worst counts."""
    result = GlassGhosts()
    glass: Image.Image | None = None
    counts: Image.Image | None = None
    ticked: Image.Image | None = None
    run = 0
    in_countdown = False
    for line in lines:
        kind = line["kind"]
        if line["frame"] is not None and kind != "none":
            if line["countdown"]:
                run += 1 if kind != "skipped" else 0
                in_countdown = True
            elif in_countdown and kind != "skipped":
                result.times_up += 1
                result.times_up_flashed += kind in ("full", "fast")
                result.ticks = max(result.ticks, run)
                run, in_countdown = 0, False
        if kind not in ("partial", "fast", "full"):
            continue
        image = glass if line["frame"] is None else Image.open(frames_dir / line["frame"]).convert("1")
        assert image is not None
        if kind != "partial" or glass is None:
            glass, counts, ticked = image, Image.new("L", image.size, 0), Image.new("L", image.size, 0)
            result.peaks.append(0)
            continue
        assert counts is not None and ticked is not None
        mask = ImageChops.logical_xor(glass, image).convert("L")
        counts = ImageChops.add(counts, mask.point(ONES))
        if line["countdown"]:
            ticked = ImageChops.lighter(ticked, mask)
        glass = image
        result.peaks.append(_peak(counts))
        result.overall = max(result.overall, result.peaks[-1])
        result.outside = max(result.outside, _peak(ImageChops.subtract(counts, ticked)))
    result.ticks = max(result.ticks, run)
    return result
