"""The refresh planner: which refresh (none, partial, full) shows a new frame best.

Pure: it compares images and counts, never touches a panel or the clock. The display worker
keeps a `PanelState`, asks `RefreshPlanner.plan` what to do with the newest frame, performs
the plan and moves the state on with `PanelState.after`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from PIL import Image, ImageChops

from hardware.display import Box, PanelSpec

PlanKind = Literal["none", "partial", "fast", "full"]
Reason = Literal[
    "unchanged", "first", "base-lost", "new-screen", "secret", "no-partial", "cleaning",
    "large-change", "small-change", "before-sleep",
]

ALIGN = 8  # panel RAM addresses 8 pixels per byte along the native x axis


@dataclass(frozen=True)
class Activity:
    """What the table is doing while a frame shows; the display worker plans around it.

    The open app says whether a countdown is running and whether the table's next action is
    physical (drawing, guessing, describing: idle seconds for a cleaning refresh); the runner
    marks the frames a countdown produced by ticking.
    """

    countdown: bool = False
    physical: bool = False
    tick: bool = False


NO_ACTIVITY = Activity()


@dataclass(frozen=True)
class Plan:
    """What to do with a frame: `kind`, the changed `box` for a partial, and why.

    `restore` asks to reload the controller RAM with the frame on the glass first (after sleep).
    """

    kind: PlanKind
    reason: Reason
    box: Box | None = None
    restore: bool = False


@dataclass(frozen=True)
class PanelState:
    """What the panel shows, as far as refresh planning cares."""

    screen_key: str | None = None
    partials_since_full: int = 0
    # The panel RAM holds the shown frame (partials need it); False until a full refresh and
    # after sleep, clear or a fault. The glass keeps its image meanwhile.
    base_valid: bool = False

    def after(self, plan: Plan, screen_key: str) -> PanelState:
        """The state once `plan` has been shown for a frame of `screen_key`."""
        if plan.kind == "full":
            return PanelState(screen_key, 0, True)
        if plan.kind == "fast":
            return replace(self, screen_key=screen_key, base_valid=True)
        if plan.kind == "partial":
            return replace(self, screen_key=screen_key, base_valid=True,
                           partials_since_full=self.partials_since_full + 1)
        return replace(self, screen_key=screen_key)

    def lost(self) -> PanelState:
        """The state after the panel RAM was lost (sleep, clear, power cycle, fault)."""
        return replace(self, base_valid=False)


def changed_box(shown: Image.Image, new: Image.Image) -> Box | None:
    """The bounding box of the pixels that differ (right/bottom exclusive), or None."""
    if shown.size != new.size:
        return (0, 0, *new.size)
    if shown.mode == new.mode == "1":
        diff = ImageChops.logical_xor(shown, new)
    else:
        diff = ImageChops.difference(shown.convert("RGB"), new.convert("RGB"))
    return diff.getbbox()


def align_box(box: Box, spec: PanelSpec) -> Box:
    """Widen `box` so its edges along the panel's native x axis fall on 8-pixel bytes.

    The native x axis is the frame's x axis at rotation 0/180 and its y axis at 90/270.
    """
    left, top, right, bottom = box
    width, height = spec.size
    if spec.rotation % 180 == 0:
        return (_floor(left), top, min(width, _ceil(right)), bottom)
    # rotation 90: native x runs along the frame's y axis
    return (left, _floor(top), right, min(height, _ceil(bottom)))


def _floor(value: int) -> int:
    return value // ALIGN * ALIGN


def _ceil(value: int) -> int:
    return -(-value // ALIGN) * ALIGN


@dataclass(frozen=True)
class RefreshPlanner:
    """Decides refreshes for one panel model.

    `large_change` is the fraction of the frame above which a change is shown with a full
    refresh even on the same screen (a partial over most of the panel ghosts like a full
    refresh would clean, without being much faster).
    """

    spec: PanelSpec
    large_change: float = 0.6

    def plan(self, state: PanelState, shown: Image.Image | None, new: Image.Image,
             screen_key: str, hide_secret: bool = False, activity: Activity = NO_ACTIVITY) -> Plan:
        """The refresh that shows `new` over `shown` (None if the panel shows nothing known)."""
        if new.size != self.spec.size:
            raise ValueError(
                f"frame is {new.size[0]}x{new.size[1]} but {self.spec.model} shows "
                f"{self.spec.width}x{self.spec.height}"
            )
        if shown is None:
            return Plan("full", "first")
        box = changed_box(shown, new)
        if box is None:
            return Plan("none", "unchanged")
        if not state.base_valid:
            return Plan("full", "base-lost")
        if hide_secret:
            return Plan("full", "secret")
        if screen_key != state.screen_key:
            return Plan("full", "new-screen")
        if self.spec.partial == "none":
            return Plan("full", "no-partial")
        every = self.spec.cleaning_every
        if every > 0 and state.partials_since_full >= every:
            return Plan("full", "cleaning")
        aligned = align_box(box, self.spec)
        area = (aligned[2] - aligned[0]) * (aligned[3] - aligned[1])
        if area > self.large_change * self.spec.width * self.spec.height:
            return Plan("full", "large-change")
        return Plan("partial", "small-change", aligned)

    def cleaning_due(self, state: PanelState, activity: Activity, idle_s: float) -> bool:
        """Whether to clean the panel now, `idle_s` after the last frame was shown."""
        return False

    def cleaning_times(self, state: PanelState, activity: Activity) -> list[float]:
        """Idle seconds after the last frame at which `cleaning_due` may turn true."""
        return []

    def clean_before_sleep(self, state: PanelState) -> bool:
        """Whether to clean the panel before it goes to sleep."""
        return False
