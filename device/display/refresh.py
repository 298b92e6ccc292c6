"""The refresh planner: which refresh (none, partial, fast, full) shows a new frame best,
and when to clean the panel.

Judged by press-to-glass, what a player waits for: a change is a partial refresh (a new screen
too) unless the model's policy in hardware/panels.py says otherwise or so many pixels flip
that a partial would leave the panel unreadable; a dealt word is hidden by a full or fast
refresh. Ghosts are counted per pixel (device/display/ghosts.py): cleaning is due when a pixel
has been changed by `cleaning_every` partials since a full or fast refresh drove it, and is done
when nobody waits (the idle seconds of a physical table action, right after a countdown ends
when the table's next action is physical, before sleep), never while a countdown runs. It is
forced, by the fast refresh, only when a pixel outside a running countdown would pass twice
that; the frame that ends a countdown (time's up) is always a partial. After sleep the
controller RAM is restored, so a change is still a partial.

Pure: it compares images and counts, never touches a panel or the clock. The display core
keeps a `PanelState`, asks `RefreshPlanner.plan` what to do with the newest frame, performs
the plan and moves the state on with `PanelState.after`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from PIL import Image, ImageChops

from device.display.ghosts import Ghosts, changed_mask
from device.settings import CLEANING_FACTOR, Cleaning
from hardware.display import Box, PanelSpec

PlanKind = Literal["none", "partial", "fast", "full"]
Reason = Literal[
    "unchanged", "first", "new-screen", "secret", "no-partial", "cleaning",
    "large-change", "small-change", "wake", "idle", "before-sleep", "times-up", "before-countdown",
]

# Idle seconds after a frame of a physical table action before a cleaning refresh starts: a
# player about to press again does so sooner; a table drawing or guessing takes far longer.
CLEAN_IDLE_S = 1.5

ALIGN = 8  # panel RAM addresses 8 pixels per byte along the native x axis


@dataclass(frozen=True)
class Activity:
    """What the table is doing while a frame shows; the display worker plans around it.

    The open app says whether a countdown is running, whether the table's next action is
    physical (drawing, guessing, describing: idle seconds for a cleaning refresh) and whether the
    next step on this screen may start a countdown (`countdown_next`: cleaning due is done now,
    so the countdown starts on time); the runner marks the frames a countdown produced by
    ticking and adds the owner's cleaning setting.
    """

    countdown: bool = False
    physical: bool = False
    tick: bool = False
    cleaning: Cleaning = "normal"
    countdown_next: bool = False


NO_ACTIVITY = Activity()


@dataclass(frozen=True)
class Plan:
    """What to do with a frame: `kind`, the changed `box` for a partial, and why.

    `restore` asks to reload the controller RAM with the frame on the glass first (after sleep).
    `ghosts`: the ghost counts once the plan is shown (None: the planner did not work them out).
    """

    kind: PlanKind
    reason: Reason
    box: Box | None = None
    restore: bool = False
    ghosts: Ghosts | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class PanelState:
    """What the panel shows, as far as refresh planning cares."""

    screen_key: str | None = None
    # The panel RAM holds the shown frame (partials need it); False until a full refresh and
    # after sleep, clear or a fault. The glass keeps its image meanwhile.
    base_valid: bool = False
    ghosts: Ghosts | None = None  # None until the first frame (its size) is known
    countdown: bool = False  # the frame on the glass is a running countdown's
    ended: bool = False  # the frame on the glass ended a countdown (nobody has pressed since)

    @property
    def ghost(self) -> int:
        """The highest ghost count on the glass."""
        return self.ghosts.peak if self.ghosts is not None else 0

    def after(self, plan: Plan, screen_key: str, activity: Activity = NO_ACTIVITY) -> PanelState:
        """The state once `plan` has been shown for a frame of `screen_key` made during `activity`."""
        ghosts = plan.ghosts if plan.ghosts is not None else self.ghosts
        if plan.kind in ("full", "fast") and ghosts is not None:
            ghosts = ghosts.cleaned()
        if plan.kind == "none":
            return replace(self, screen_key=screen_key)
        return PanelState(screen_key, True, ghosts, activity.countdown,
                          self.countdown and not activity.countdown)

    def cleaned(self) -> PanelState:
        """The state after a cleaning refresh of what the glass shows."""
        return replace(self, base_valid=True, ended=False,
                       ghosts=self.ghosts.cleaned() if self.ghosts is not None else None)

    def lost(self) -> PanelState:
        """The state after the panel RAM was lost (sleep, clear, power cycle, fault)."""
        return replace(self, base_valid=False)


def threshold(spec: PanelSpec, cleaning: Cleaning) -> int:
    """The ghost count at which cleaning is due for `spec` with the owner's setting."""
    return max(1, round(spec.cleaning_every * CLEANING_FACTOR[cleaning]))


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
    """Decides refreshes for one panel model, by its `PanelSpec` and policy."""

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
            return Plan("full", "first", ghosts=Ghosts(spec.size))
        box = changed_box(shown, new)
        if box is None:
            return Plan("none", "unchanged")
        if spec.partial == "none":
            return Plan("full", "secret" if hide_secret else "no-partial")
        if hide_secret:
            # The model's flash, cleaning due or not: the fast one drives every pixel and cleans
            # too (hardware/panels.py), and a full one on 2.7"-7.5" outlasts the 3 s hand-on.
            return Plan(self._flash(spec.policy.secret), "secret")
        return self._change(state, shown, new, box, screen_key, activity)

    def _change(self, state: PanelState, shown: Image.Image, new: Image.Image, box: Box,
                screen_key: str, activity: Activity) -> Plan:
        """A partial for a change, unless ghosts, a large flip or the policy call for a flash."""
        spec = self.spec
        mask = changed_mask(shown, new)
        ghosts = (state.ghosts or Ghosts(spec.size)).after_partial(mask, activity.tick)
        restore = not state.base_valid
        partial = Plan("partial", "wake" if restore else "small-change", align_box(box, spec), restore, ghosts)
        if state.countdown and not activity.countdown:
            return replace(partial, reason="wake" if restore else "times-up")  # never a flash
        due = threshold(spec, activity.cleaning)
        if activity.countdown_next and not activity.countdown and ghosts.peak >= due:
            # a countdown may start next: clean now, never on its start press (its first second late)
            return Plan(self._flash("fast"), "before-countdown")
        worst = ghosts.outside if activity.countdown else ghosts.peak
        starting = activity.countdown and not state.countdown
        if worst > 2 * due and not starting:
            return Plan(self._flash("fast"), "cleaning")
        flipped = mask.histogram()[255] / (spec.width * spec.height)
        if flipped > spec.policy.flip_limit and not activity.countdown:
            # The flash drives every pixel: no RAM to restore first after sleep.
            return Plan(self._flash("fast"), "large-change")
        new_screen = screen_key != state.screen_key
        if new_screen and spec.policy.new_screen != "partial" and not activity.countdown:
            return Plan(self._flash(spec.policy.new_screen), "new-screen")
        if new_screen and not restore:
            return replace(partial, reason="new-screen")
        return partial

    def _flash(self, kind: Literal["fast", "full"]) -> PlanKind:
        """`kind`, or a full refresh on a model without a fast one."""
        return "fast" if kind == "fast" and self.spec.fast_ms is not None else "full"

    def cleaning_due(self, state: PanelState, activity: Activity, idle_s: float) -> bool:
        """Clean now: ghosts reached the limit, no countdown runs, and nobody waits (the table is
        busy away from the device, or a countdown has just ended) or a countdown may start next,
        or a countdown left pixels past twice the limit (the first idle moment after it)."""
        if self.spec.partial == "none" or activity.countdown:
            return False
        due = threshold(self.spec, activity.cleaning)
        if state.ghost < due:
            return False
        if (activity.physical or activity.countdown_next) and (state.ended or idle_s >= CLEAN_IDLE_S):
            return True
        return state.ghost > 2 * due and idle_s >= CLEAN_IDLE_S

    def cleaning_plan(self, activity: Activity) -> Plan:
        """How to clean once `cleaning_due`: a full refresh while the table is busy away from the
        device; the fast one when a player may press any moment (pixels left past twice the
        limit by a countdown), as a forced cleaning would be."""
        if activity.physical:
            return Plan("full", "idle")
        return Plan(self._flash("fast"), "idle")

    def cleaning_times(self, state: PanelState, activity: Activity) -> list[float]:
        """Idle seconds after the last frame at which `cleaning_due` may turn true."""
        for idle in (0.0, CLEAN_IDLE_S):
            if self.cleaning_due(state, activity, idle):
                return [idle]
        return []

    def clean_before_sleep(self, state: PanelState) -> bool:
        """Clean before the panel sleeps if any pixel carries a ghost."""
        return self.spec.partial != "none" and state.ghost > 0
