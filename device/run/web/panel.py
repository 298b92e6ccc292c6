"""A simulated e-paper panel: a Display that takes as long as the real model and flashes like it.

The display worker drives it exactly as it drives a Waveshare panel: each call blocks for the
capability table's time (`full_ms`, `fast_ms`, `partial_ms`, times `time_scale`). What the glass
shows meanwhile is reported to `on_glass`: a full refresh goes through the panel's flash (the
old picture inverted, black, white, the new picture inverted, then the new picture), a fast full
refresh through a shorter black/white flash, and a partial refresh changes its box only when
its time is up. Every finished refresh is reported to `on_refresh`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageChops

from hardware.display import Box, PanelSpec
from hardware.panels import BusyKind, busy_ms

RefreshKind = Literal["full", "fast", "partial"]
FULL_PHASES = ("invert", "black", "white", "invert-new")
FAST_PHASES = ("black", "white")


@dataclass(frozen=True)
class GlassFrame:
    """What the glass shows now: a picture, and which refresh phase (None when settled)."""

    image: Image.Image
    refresh: RefreshKind | None
    # a FULL_PHASES/FAST_PHASES name while flashing, "waiting" during a partial refresh,
    # "shown" when settled, "asleep" once the controller sleeps
    phase: str
    at: float = 0.0  # when the glass changed (monotonic seconds)


@dataclass(frozen=True)
class Refresh:
    """One finished refresh (or wake, or sleep): its kind, its start/end on the monotonic clock
    (seconds) and the capability table's time for it (what it costs on the real panel, whatever
    the time scale)."""

    kind: BusyKind
    start: float
    end: float
    panel_ms: int


class PanelAsleep(RuntimeError):
    """A partial refresh was asked of a sleeping controller without `restore` first."""


def blank(spec: PanelSpec, ink: bool = False) -> Image.Image:
    """A white (or black, with `ink`) frame in the panel's image mode."""
    if spec.colour:
        return Image.new("RGB", spec.size, (0, 0, 0) if ink else (255, 255, 255))
    return Image.new("1", spec.size, 0 if ink else 1)


def inverted(image: Image.Image) -> Image.Image:
    """The picture with every pixel inverted (how the flash shows the old and new frames)."""
    if image.mode == "1":
        return ImageChops.invert(image.convert("L")).convert("1")
    return ImageChops.invert(image.convert("RGB"))


class SimPanel:
    """A Display whose refreshes take the model's real time and report the glass as it changes."""

    def __init__(self, spec: PanelSpec, on_glass: Callable[[GlassFrame], None],
                 on_refresh: Callable[[Refresh], None] | None = None, *, time_scale: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.spec = spec
        self.time_scale = time_scale
        self._on_glass = on_glass
        self._on_refresh = on_refresh or (lambda _refresh: None)
        self._clock = clock
        self._abort = threading.Event()
        self.glass = blank(spec)
        self.ram: Image.Image | None = None  # what the controller holds (None: lost)
        self.asleep = False

    # -- Display -------------------------------------------------------------------------------

    def show_full(self, image: Image.Image) -> None:
        """A full refresh: the long flash, then the new picture."""
        new = self._frame(image)
        self._flash("full", FULL_PHASES, new)

    def show_fast(self, image: Image.Image) -> None:
        """The model's fast full refresh: a shorter flash, then the new picture."""
        if self.spec.fast_ms is None:
            raise ValueError(f"{self.spec.model} has no fast refresh")
        new = self._frame(image)
        self._flash("fast", FAST_PHASES, new)

    def show_partial(self, image: Image.Image, box: Box) -> None:
        """A partial refresh: after the partial time, `box` shows the new picture; no flash."""
        if self.asleep or self.ram is None:
            raise PanelAsleep(f"{self.spec.model}: partial refresh without the base picture; restore() first")
        new = self._frame(image)
        start = self._clock()
        self._on_glass(GlassFrame(self.glass, "partial", "waiting", start))  # busy, the glass unchanged yet
        self._wait_until(start, busy_ms(self.spec, "partial", box=box))
        glass = self.glass.copy()
        glass.paste(new.crop(box), box[:2])
        self.glass = glass
        self.ram = new
        end = self._clock()
        self._on_glass(GlassFrame(glass, None, "shown", end))
        self._on_refresh(Refresh("partial", start, end, busy_ms(self.spec, "partial", box=box)))

    def restore(self, image: Image.Image) -> None:
        """Wake the controller and load `image` as what the glass shows, without refreshing (wake_ms)."""
        ram = self._frame(image)
        start = self._clock()
        self._wait_until(start, busy_ms(self.spec, "wake"))
        self.asleep = False
        self.ram = ram
        self._on_refresh(Refresh("wake", start, self._clock(), busy_ms(self.spec, "wake")))

    def clear(self) -> None:
        """Blank the glass to white with a full refresh."""
        self._flash("full", FULL_PHASES, blank(self.spec))

    def sleep(self) -> None:
        """The controller sleeps (the driver's own delay: SLEEP_MS) and forgets its RAM; the glass
        keeps its picture."""
        start = self._clock()
        self._wait_until(start, busy_ms(self.spec, "sleep"))
        self.asleep = True
        self.ram = None
        end = self._clock()
        self._on_glass(GlassFrame(self.glass, None, "asleep", end))
        self._on_refresh(Refresh("sleep", start, end, busy_ms(self.spec, "sleep")))

    def close(self) -> None:
        """Nothing to release."""

    # -- the simulator's own -----------------------------------------------------------------

    def abort(self) -> None:
        """Cut the running and any later refresh short (shutting down: nobody waits to see it)."""
        self._abort.set()

    def _frame(self, image: Image.Image) -> Image.Image:
        if image.size != self.spec.size:
            raise ValueError(f"frame is {image.size[0]}x{image.size[1]} but {self.spec.model} shows "
                             f"{self.spec.width}x{self.spec.height}")
        return image.convert("RGB" if self.spec.colour else "1")

    def _flash(self, kind: RefreshKind, phases: tuple[str, ...], new: Image.Image) -> None:
        duration_ms = busy_ms(self.spec, kind)
        start = self._clock()
        self.asleep = False
        pictures = {"invert": inverted(self.glass), "black": blank(self.spec, ink=True),
                    "white": blank(self.spec), "invert-new": inverted(new)}
        changed = start
        for index, phase in enumerate(phases):
            self.glass = pictures[phase]
            self._on_glass(GlassFrame(self.glass, kind, phase, changed))
            self._wait_until(start, duration_ms * (index + 1) / len(phases))
            changed = self._clock()
        self.glass = new
        self.ram = new
        self._on_glass(GlassFrame(new, None, "shown", changed))
        self._on_refresh(Refresh(kind, start, changed, duration_ms))

    def _wait_until(self, start: float, after_ms: float) -> None:
        """Block until `after_ms` (panel time) past `start`; phases do not drift with encoding time."""
        remaining = start + after_ms / 1000 * self.time_scale - self._clock()
        if remaining > 0:
            self._abort.wait(remaining)
