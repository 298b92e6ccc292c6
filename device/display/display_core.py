"""The display worker's decisions, free of threads and clocks: which frame, which refresh,
when to clean, when to sleep, how to wake.

The threaded `DisplayWorker` drives a `DisplayCore` in real time against a panel; headless
mode drives the same core in virtual time against a simulated panel (`device.display.panel_sim`).
Both ask `next_action(now)`, perform it, and report back with `done` or `failed`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from PIL import Image

from device.display.refresh import NO_ACTIVITY, Activity, PanelState, Plan, RefreshPlanner

ActionKind = Literal["show", "clean", "sleep"]


@dataclass(frozen=True)
class Submission:
    """A frame handed to the display, with what the table is doing; `tag` is the caller's."""

    image: Image.Image
    screen_key: str
    hide_secret: bool = False
    activity: Activity = NO_ACTIVITY
    tag: Any = None


@dataclass(frozen=True)
class Action:
    """What the panel should do now: show `frame` by `plan`, clean (full refresh), or sleep."""

    kind: ActionKind
    plan: Plan | None = None
    frame: Submission | None = None


class DisplayCore:
    """The newest-frame-wins queue and the panel's state, as far as refresh planning cares.

    Times are seconds on the caller's clock (monotonic or virtual).
    """

    def __init__(self, planner: RefreshPlanner, idle_sleep_s: float | None = 60.0) -> None:
        self.planner = planner
        self.idle_sleep_s = idle_sleep_s
        self.pending: Submission | None = None
        self.shown: Image.Image | None = None  # what the glass shows (None: unknown)
        self.panel = PanelState()
        self.asleep = False
        self.activity = Activity()  # of the newest frame handed over: what the table does now
        self.last_shown_at: float | None = None  # when the last frame reached the glass

    # -- frames in ------------------------------------------------------------------------
    def submit(self, frame: Submission) -> Submission | None:
        """Make `frame` the pending one; returns the frame it replaced (never shown), if any."""
        dropped = self.pending
        if dropped is not None and dropped.hide_secret and not frame.hide_secret:
            # A dropped frame that hid a secret still requires the flash-free refresh.
            frame = replace(frame, hide_secret=True)
        self.pending = frame
        self.activity = frame.activity
        return dropped

    # -- decisions ------------------------------------------------------------------------
    def next_action(self, now: float) -> Action | None:
        """What to do at `now`: show the pending frame, clean, sleep, or nothing yet.

        Raises ValueError (the pending frame is dropped) for a frame of the wrong size.
        """
        if self.pending is not None:
            frame, self.pending = self.pending, None
            plan = self.planner.plan(self.panel, self.shown, frame.image, frame.screen_key,
                                     frame.hide_secret, frame.activity)
            return Action("show", plan, frame)
        if self.shown is None or self.asleep or self.last_shown_at is None:
            return None
        idle = now - self.last_shown_at
        if self.planner.cleaning_due(self.panel, self.activity, idle):
            return Action("clean", self.planner.cleaning_plan(self.activity))
        if self.idle_sleep_s is not None and idle >= self.idle_sleep_s:
            if not self.activity.countdown and self.planner.clean_before_sleep(self.panel):
                return Action("clean", Plan("full", "before-sleep"))
            return Action("sleep")
        return None

    def next_deadline(self) -> float | None:
        """The earliest time an idle action (cleaning, sleep) may become due, if any."""
        if self.pending is not None:
            return None
        if self.shown is None or self.asleep or self.last_shown_at is None:
            return None
        times = [self.last_shown_at + t for t in self.planner.cleaning_times(self.panel, self.activity)]
        if self.idle_sleep_s is not None:
            times.append(self.last_shown_at + self.idle_sleep_s)
        return min(times) if times else None

    # -- results --------------------------------------------------------------------------
    def done(self, action: Action, now: float) -> None:
        """`action` was performed successfully, ending at `now`."""
        if action.kind == "sleep":
            self.asleep = True
            self.panel = self.panel.lost()
            return
        assert action.plan is not None
        if action.kind == "clean":
            self.panel = self.panel.cleaned()
            return
        assert action.frame is not None
        plan = action.plan
        self.panel = self.panel.after(plan, action.frame.screen_key, action.frame.activity)
        if plan.kind != "none":
            self.shown = action.frame.image
            self.asleep = False
            self.last_shown_at = now
        elif self.last_shown_at is None:
            self.last_shown_at = now

    def ghosts(self) -> Image.Image | None:
        """The ghost count of every pixel on the glass ("L"), or None before the first frame."""
        return self.panel.ghosts.image() if self.panel.ghosts is not None else None

    def failed(self, action: Action) -> None:
        """`action` failed: the panel's content is unknown; its frame waits to be shown again."""
        self.panel = self.panel.lost()
        self.shown = None
        if action.frame is not None and self.pending is None:
            self.pending = action.frame

    def dropped(self) -> None:
        """The pending frame was refused (wrong size): forget it."""
        self.pending = None
