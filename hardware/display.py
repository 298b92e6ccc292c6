"""The Display protocol every panel driver and simulator implements."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from PIL import Image

PartialKind = Literal["none", "whole", "window"]
FlashKind = Literal["fast", "full"]
Box = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)


@dataclass(frozen=True)
class PanelPolicy:
    """How a model's changes are refreshed (device/display/refresh.py); hardware/panels.py says
    per model why."""

    new_screen: Literal["partial", "fast", "full"] = "partial"  # how a new screen is shown
    secret: FlashKind = "full"  # how a dealt word is hidden (fast falls back to full without fast_ms)
    flip_limit: float = 0.5  # above this fraction of pixels flipping, a partial is unreadable: fast


@dataclass(frozen=True)
class DriverDelays:
    """The vendor driver's fixed waits (ms) in one refresh of each kind, on top of the waveform.

    `partial_init`: once, for the first partial after a full or fast refresh; `wake`: waking
    the controller and reloading its RAM (restore); `poll`: the BUSY polling interval, by which
    the driver notices the end of a waveform late (counted once per refresh, at most).
    """

    full: int = 0
    fast: int = 0
    partial: int = 0
    partial_init: int = 0
    wake: int = 0
    poll: int = 0


@dataclass(frozen=True)
class PanelSpec:
    """What a panel can do: size, colours, refresh methods and their typical times."""

    model: str
    width: int
    height: int
    colour: bool = False
    partial: PartialKind = "whole"
    full_ms: int = 2000  # the waveform alone; the driver's fixed waits are in `delays`
    partial_ms: int = 300
    fast_ms: int | None = None
    cleaning_every: int = 20  # the vendor's rate: a full refresh after this many partials
    rotation: int = 0
    policy: PanelPolicy = PanelPolicy()
    delays: DriverDelays = DriverDelays()
    load_ms: int = 0  # sending both RAM planes when waking (restore), on top of delays.wake

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the frames the panel shows, after rotation."""
        return self.width, self.height


# A frame may carry what it says as text, for a display too small to show its pixels legibly
# (the terminal at 80x24): image.info[SCREEN_TEXT] is a list of (box, text, inverted), in
# drawing order; a shape is noted by its symbol (○ □ △ ╱).
SCREEN_TEXT = "easel.text"


class Display(Protocol):
    """A panel that shows frames (1-bit images, or RGB on colour panels)."""

    spec: PanelSpec

    def show_full(self, image: Image.Image) -> None:
        """Show a whole frame with a full (flashing, ghost-free) refresh."""

    def show_fast(self, image: Image.Image) -> None:
        """Show a whole frame with the model's fast full refresh (a shorter flash that still drives
        every pixel: it hides a secret and cleans ghosts); afterwards show_partial works from
        `image`. Only called when spec.fast_ms is not None."""

    def show_partial(self, image: Image.Image, box: Box) -> None:
        """Show a frame where only `box` changed, with a partial refresh."""

    def restore(self, image: Image.Image) -> None:
        """Wake the controller if it sleeps and load `image` as what the glass already shows
        (both controller RAMs), without refreshing, so the next show_partial changes only what
        differs. Only called on models with spec.partial != "none"."""

    def clear(self) -> None:
        """Blank the panel to white."""

    def sleep(self) -> None:
        """Put the panel into its low-power sleep (the next show wakes it)."""

    def close(self) -> None:
        """Release the panel and its pins."""
