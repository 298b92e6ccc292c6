"""The refresh planner: which refresh (none, partial, fast, full) shows a new frame best,
and when to clean the panel.

Judged by press-to-glass, what a player waits for: a change is a partial refresh (a new screen
too) unless the model's policy in hardware/panels.py says otherwise or so many pixels flip
that a partial would leave the panel unreadable; a dealt word is hidden by a full or fast
refresh; cleaning full refreshes happen when nobody waits (the idle seconds of a physical
table action, or before sleep), never while a countdown runs, and are forced only past the
model's hard limit of partials. After sleep the controller RAM is restored, so a change is
still a partial.

Pure: it compares images and counts, never touches a panel or the clock. The display core
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
    "unchanged", "first", "new-screen", "secret", "no-partial", "cleaning",
    "large-change", "small-change", "wake", "idle", "before-sleep",
]

# Idle seconds after a frame of a physical table action before a cleaning refresh starts: a
# player about to press again does so sooner; a table drawing or guessing takes far longer.
CLEAN_IDLE_S = 1.5

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
    # Of those partials, the ones a running countdown made by ticking: they redraw only the
    # countdown's digits and sand, so they do not count toward the forced-cleaning limit.
    countdown_partials: int = 0

    @property
    def press_partials(self) -> int:
        """Partials since the last full refresh that were not countdown ticks."""
        return self.partials_since_full - self.countdown_partials

    def after(self, plan: Plan, screen_key: str, tick: bool = False) -> PanelState:
        """The state once `plan` has been shown for a frame of `screen_key` (`tick`: a countdown's)."""
        if plan.kind == "full":
            return PanelState(screen_key, 0, True)
        if plan.kind == "fast":
            return replace(self, screen_key=screen_key, base_valid=True)
        if plan.kind == "partial":
            return replace(self, screen_key=screen_key, base_valid=True,
                           partials_since_full=self.partials_since_full + 1,
                           countdown_partials=self.countdown_partials + tick)
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


def changed_pixels(shown: Image.Image, new: Image.Image) -> int:
    """How many pixels differ (what a partial refresh really has to drive)."""
    if shown.mode == new.mode == "1":
        return int(ImageChops.logical_xor(shown, new).histogram()[255])
    diff = ImageChops.difference(shown.convert("RGB"), new.convert("RGB")).convert("L")
    return int(sum(diff.histogram()[1:]))


@dataclass(frozen=True)
class RefreshPlanner:
    """Decides refreshes for one panel model, by the policy fields of its `PanelSpec`."""

    spec: PanelSpec

    def plan(self, state: PanelState, shown: Image.Image | None, new: Image.Image,
             screen_key: str, hide_secret: bool = False, activity: Activity = NO_ACTIVITY) -> Plan:
        """The refresh that shows `new` over `shown` (None if the glass shows nothing known)."""
        spec = self.spec
        if new.size != spec.size:
            raise ValueError(
                f"frame is {new.size[0]}x{new.size[1]} but {spec.model} shows "
                f"{spec.width}x{spec.height}"
            )
        if shown is None:
            return Plan("full", "first")
        box = changed_box(shown, new)
        if box is None:
            return Plan("none", "unchanged")
        if spec.partial == "none":
            return Plan("full", "secret" if hide_secret else "no-partial")
        if hide_secret:
            # When a cleaning is due anyway, the hand-on covers part of a real full refresh.
            due = state.partials_since_full >= spec.cleaning_every
            return Plan("full" if due else self._flash(spec.secret), "secret")
        counted = state.partials_since_full if spec.limit_counts_countdown else state.press_partials
        if counted >= spec.partial_limit and not activity.countdown:
            return Plan("full", "cleaning")
        restore = not state.base_valid
        flipped = changed_pixels(shown, new) / (spec.width * spec.height)
        if flipped > spec.flip_limit and not activity.countdown:
            # The flash drives every pixel: no RAM to restore first after sleep.
            return Plan(self._flash("fast"), "large-change")
        new_screen = screen_key != state.screen_key
        if new_screen and spec.new_screen != "partial" and not activity.countdown:
            return Plan(self._flash(spec.new_screen), "new-screen")
        reason: Reason = "wake" if restore else "new-screen" if new_screen else "small-change"
        return Plan("partial", reason, align_box(box, spec), restore)

    def _flash(self, kind: Literal["fast", "full"]) -> PlanKind:
        """`kind`, or a full refresh on a model without a fast one."""
        return "fast" if kind == "fast" and self.spec.fast_ms is not None else "full"

    def cleaning_due(self, state: PanelState, activity: Activity, idle_s: float) -> bool:
        """Clean now: the table is busy away from the device, no countdown runs, partials were shown."""
        return (self.spec.partial != "none" and activity.physical and not activity.countdown
                and state.partials_since_full >= self.spec.clean_idle_after and idle_s >= CLEAN_IDLE_S)

    def cleaning_times(self, state: PanelState, activity: Activity) -> list[float]:
        """Idle seconds after the last frame at which `cleaning_due` may turn true."""
        if self.cleaning_due(state, activity, CLEAN_IDLE_S):
            return [CLEAN_IDLE_S]
        return []

    def clean_before_sleep(self, state: PanelState) -> bool:
        """Clean before the panel sleeps if partials were shown since the last full refresh."""
        return self.spec.partial != "none" and state.partials_since_full > 0
