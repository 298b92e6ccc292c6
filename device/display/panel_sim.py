"""A panel in virtual time for headless mode: the real `DisplayCore` decides, the capability
table's times (hardware/panels.py) say how long each refresh keeps the panel busy, and every
frame's fate goes to `refresh.jsonl` as it is decided (one JSON object a line).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, TextIO

from PIL import Image

from device.display.display_core import Action, DisplayCore, Submission
from device.display.refresh import Activity, Plan, RefreshPlanner
from hardware.display import PanelSpec
from hardware.panels import busy_ms


@dataclass(frozen=True)
class FrameTag:
    """What the log needs to know about a frame handed to the display."""

    name: str
    step: int | None
    at_ms: int
    countdown: bool
    seq: int


def refresh_ms(spec: PanelSpec, action: Action, after_flash: bool = False) -> int:
    """How long `action` keeps the panel busy, from the capability table, the driver's fixed
    waits and the SPI transfer of its RAM data (a partial's: its window) (`after_flash`: the
    controller last ran a full or fast refresh)."""
    if action.kind == "sleep":
        return busy_ms(spec, "sleep")
    plan = action.plan
    assert plan is not None
    if plan.restore:
        return busy_ms(spec, "wake") + busy_ms(spec, plan.kind, box=plan.box)
    return busy_ms(spec, plan.kind, after_flash, plan.box)


class SimulatedPanel:
    """Runs a `DisplayCore` in virtual milliseconds, busy for each refresh's typical time."""

    def __init__(self, spec: PanelSpec, log: TextIO, idle_sleep_s: float | None) -> None:
        self.spec = spec
        self.core = DisplayCore(RefreshPlanner(spec), idle_sleep_s)
        self.log = log
        self.now_ms = 0
        self.busy: tuple[Action, int] | None = None  # the running action and when it ends
        self.submitted = 0  # sequence number of the newest frame handed over
        self.shown = 0  # the newest frame the glass shows (older ones count as shown)
        self.flashed = False  # the controller last ran a full or fast refresh (its mode for partials)

    # -- frames in ------------------------------------------------------------------------
    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool, activity: Activity,
               name: str, step: int | None, at_ms: int) -> None:
        """Hand a frame over at `at_ms` (the panel first catches up to that moment)."""
        self.run_until(at_ms)
        self.submitted += 1
        tag = FrameTag(name, step, at_ms, activity.tick, self.submitted)
        dropped = self.core.submit(Submission(image, screen_key, hide_secret, activity, tag))
        if dropped is not None:
            self._write(dropped.tag, "skipped", "replaced", None, None)
        self.run_until(at_ms)

    def answered(self, seq: int) -> bool:
        """Whether the glass shows frame `seq` or a newer one."""
        return self.shown >= seq

    # -- time -----------------------------------------------------------------------------
    def next_event_ms(self) -> int | None:
        """When the panel next has something to do (a refresh ends, an idle action is due)."""
        if self.busy is not None:
            return self.busy[1]
        if self.core.pending is not None:
            return self.now_ms
        deadline = self.core.next_deadline()
        if deadline is None:
            return None
        return max(self.now_ms + 1, math.ceil(deadline * 1000 - 1e-6))

    def run_until(self, until_ms: int) -> None:
        """Perform everything the core decides up to `until_ms`."""
        while True:
            if self.busy is not None:
                action, end = self.busy
                if end > until_ms:
                    break
                self.now_ms = max(self.now_ms, end)
                self.busy = None
                self.core.done(action, end / 1000)
                if action.frame is not None:
                    self.shown = max(self.shown, action.frame.tag.seq)
                continue
            chosen = self.core.next_action(self.now_ms / 1000)
            if chosen is not None:
                self._start(chosen)
                continue
            due = self.next_event_ms()
            if due is None or due > until_ms:
                break
            self.now_ms = due
        self.now_ms = max(self.now_ms, until_ms)

    def finish(self) -> None:
        """Show what is pending (no idle cleaning or sleep afterwards): the end of a script."""
        while self.busy is not None or self.core.pending is not None:
            self.run_until(self.busy[1] if self.busy is not None else self.now_ms)

    # -- log ------------------------------------------------------------------------------
    def _start(self, action: Action) -> None:
        start = self.now_ms
        end = start + refresh_ms(self.spec, action, self.flashed)
        self.busy = (action, end)
        plan = action.plan
        if action.kind == "sleep" or plan is None:
            self.flashed = False  # waking re-initialises the controller
            return
        if plan.kind != "none":
            self.flashed = plan.kind in ("full", "fast")
        ghost = self._ghost_after(plan)
        if action.kind == "clean":
            self._write(None, plan.kind, plan.reason, start, end, at_ms=start, ghost=ghost)
        elif plan.kind == "none":
            self._write(action.frame.tag if action.frame else None, "none", plan.reason, None, None, ghost=ghost)
        else:
            self._write(action.frame.tag if action.frame else None, plan.kind, plan.reason, start, end,
                        ghost=ghost, box=plan.box)

    def _ghost_after(self, plan: Plan) -> int:
        """The highest ghost count on the glass once `plan` is shown."""
        if plan.kind in ("full", "fast"):
            return 0
        if plan.ghosts is not None:
            return plan.ghosts.peak
        return self.core.panel.ghost

    def _write(self, tag: Any, kind: str, reason: str, start: int | None, end: int | None,
               at_ms: int | None = None, ghost: int | None = None, box: Any = None) -> None:
        line = {
            "frame": tag.name if tag else None,
            "step": tag.step if tag else None,
            "at_ms": tag.at_ms if tag else at_ms,
            "kind": kind,
            "reason": reason,
            "start_ms": start,
            "end_ms": end,
            "cleaning": tag is None,
            "countdown": bool(tag.countdown) if tag else False,
            "ghost": self.core.panel.ghost if ghost is None else ghost,
            "box": list(box) if box is not None else None,  # a partial's window (its SPI transfer)
        }
        self.log.write(json.dumps(line) + "\n")
