"""Ghosts per pixel: how many partial refreshes changed each pixel since a full or fast refresh
last drove it.

A partial refresh drives only the pixels that change, and each leaves a faint trace of the old
picture; the count is an estimate of where ghosting gathers. Pixels a running countdown's ticks
changed are marked too: they may pass the forcing limit while the countdown runs.

Counts live in an 8-bit image (they stop at 255), so updates run in Pillow's C loops.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageChops

CAP = 255
_ONES = [0] + [1] * 255  # a changed-pixel mask (0 or 255) as 0 or 1


def changed_mask(shown: Image.Image, new: Image.Image) -> Image.Image:
    """The pixels that differ between two frames, as an "L" image of 0 and 255."""
    if shown.mode == new.mode == "1":
        return ImageChops.logical_xor(shown, new).convert("L")
    diff = ImageChops.difference(shown.convert("RGB"), new.convert("RGB")).convert("L")
    return diff.point([0] + [255] * 255)


def _peak(counts: Image.Image) -> int:
    histogram = counts.histogram()
    return max((value for value, n in enumerate(histogram) if n), default=0)


@dataclass(frozen=True)
class Ghosts:
    """The ghost count of every pixel, and which pixels a countdown's ticks changed.

    Never mutated: each refresh gives a new `Ghosts`. `None` images mean all zero.
    """

    size: tuple[int, int]
    counts: Image.Image | None = None  # "L": partials that changed the pixel since it was driven
    ticked: Image.Image | None = None  # "L" 0/255: pixels a countdown's tick changed since then
    peak: int = 0  # the highest count anywhere
    outside: int = 0  # the highest count among pixels no tick changed

    def cleaned(self) -> Ghosts:
        """After a full or fast refresh: every pixel driven, no ghost left."""
        return Ghosts(self.size)

    def after_partial(self, mask: Image.Image, tick: bool) -> Ghosts:
        """After a partial refresh that changed the pixels of `mask` (a countdown's tick if `tick`)."""
        ones = mask.point(_ONES)
        counts = ones if self.counts is None else ImageChops.add(self.counts, ones)
        ticked = self.ticked
        if tick:
            ticked = mask if ticked is None else ImageChops.lighter(ticked, mask)
        return Ghosts(self.size, counts, ticked, _peak(counts), _outside_peak(counts, ticked))

    def image(self) -> Image.Image:
        """The counts as an "L" image (zeros if none)."""
        return self.counts.copy() if self.counts is not None else Image.new("L", self.size, 0)


def _outside_peak(counts: Image.Image, ticked: Image.Image | None) -> int:
    """The highest count among pixels no tick changed."""
    if ticked is None:
        return _peak(counts)
    return _peak(ImageChops.subtract(counts, ticked))  # ticked pixels: count - 255 clips to 0
