"""The display worker: one thread that shows the newest frame on the panel.

`submit` never blocks: it replaces the pending frame (a slow refresh never builds a backlog).
Every decision (which frame, which refresh, cleaning, sleep, waking) is the `DisplayCore`'s,
the same one headless mode runs in virtual time; this thread runs it in real time, performs
its actions on the panel, retries a failing panel with a full re-initialisation a few times,
then reports the fault in `status` and keeps trying with a growing pause, and can clear the
panel on close.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image

from device.display.display_core import Action, DisplayCore, Submission
from device.display.refresh import NO_ACTIVITY, Activity, RefreshPlanner, threshold
from hardware.display import Display
from hardware.panels import call_timeout_s

log = logging.getLogger(__name__)

WorkerState = Literal["idle", "refreshing", "asleep", "failed", "closed"]


@dataclass(frozen=True)
class WorkerStatus:
    """A snapshot the app reads to tell the players about the panel."""

    state: WorkerState
    fault: str | None  # the last fault, kept until `clear_fault`
    failures: int  # consecutive failed attempts (0 when the last refresh worked)
    shown_key: str | None
    refreshes: dict[str, int] = field(default_factory=dict)  # {"full": n, "partial": n}
    dropped: int = 0  # frames replaced by a newer one before they were shown
    busy_s: float = 0.0  # how long the current driver call has been running
    call_limit_s: float = 0.0

    @property
    def hung(self) -> bool:
        """A driver call has run past its limit without returning (the panel is not answering)."""
        return self.busy_s > self.call_limit_s > 0


class DisplayWorker:
    """Shows frames on `display` from its own thread, newest first, never blocking the caller.

    Every decision (which frame, which refresh, cleaning, sleep, waking) is the `DisplayCore`'s;
    this class runs it in real time and performs its actions on the panel.
    """

    def __init__(self, display: Display, planner: RefreshPlanner, *,
                 idle_sleep_s: float | None = 60.0, retries: int = 3,
                 backoff_s: tuple[float, float] = (5.0, 120.0),
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._display = display
        self._core = DisplayCore(planner, idle_sleep_s)
        self._retries = retries
        self._backoff = backoff_s
        self._clock = clock
        self._limit_s = call_timeout_s(display.spec)
        self._cond = threading.Condition()
        self._closing = False
        self._clear_on_close = False
        self._state: WorkerState = "idle"
        self._fault: str | None = None
        self._failures = 0
        self._retry_at: float | None = None
        self._busy_since: float | None = None
        self._dropped = 0
        self._refreshes: dict[str, int] = {"full": 0, "partial": 0}
        self._running = False
        self._thread = threading.Thread(target=self._run, name="display-worker", daemon=True)
        self._thread.start()

    # -- caller side (the app's loop thread) -------------------------------------------------

    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool = False,
               activity: Activity = NO_ACTIVITY) -> None:
        """Queue `image` for display, replacing any frame not yet shown; returns at once."""
        with self._cond:
            if self._closing:
                return
            # While a failed panel waits out its backoff, the new frame waits with it.
            if self._core.submit(Submission(image.copy(), screen_key, hide_secret, activity)) is not None:
                self._dropped += 1
            self._cond.notify_all()

    @property
    def status(self) -> WorkerStatus:
        """The worker's state, last fault and counters."""
        with self._cond:
            busy = 0.0 if self._busy_since is None else self._clock() - self._busy_since
            return WorkerStatus(self._state, self._fault, self._failures, self._core.panel.screen_key,
                                dict(self._refreshes), self._dropped, busy, self._limit_s)

    def ghosts(self) -> tuple[Image.Image | None, int]:
        """The ghost count of every pixel on the glass ("L", None before the first frame) and
        the count at which cleaning is due with the current setting."""
        with self._cond:
            return self._core.ghosts(), threshold(self._core.planner.spec, self._core.activity.cleaning)

    def clear_fault(self) -> None:
        """Forget the last fault once the app has shown it."""
        with self._cond:
            self._fault = None

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every submitted frame is shown (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(
                lambda: (self._core.pending is None or self._retry_at is not None) and not self._running,
                timeout)

    def close(self, clear: bool = False, timeout: float | None = None) -> None:
        """Stop after the running refresh, drop pending frames, clear if asked, sleep, release."""
        with self._cond:
            if self._closing:
                return
            self._closing = True
            self._clear_on_close = clear
            self._core.dropped()
            self._cond.notify_all()
        if timeout is None:
            timeout = self._limit_s * 3 + 1.0
        self._thread.join(timeout)
        if self._thread.is_alive():
            log.error("display worker did not stop within %.0f s (panel not answering)", timeout)

    # -- worker thread -------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            action = self._next_action()
            if action is None:
                break
            ok = self._perform(action)
            with self._cond:
                if ok:
                    self._core.done(action, self._clock())
                    if action.kind == "sleep":
                        self._state = "asleep"
                    elif action.plan is not None and action.plan.kind != "none":
                        self._state = "idle"
                self._running = False
                self._cond.notify_all()
        self._shutdown()

    def _next_action(self) -> Action | None:
        """Wait until the core has something to do now; None when closing."""
        with self._cond:
            while True:
                if self._closing:
                    return None
                now = self._clock()
                backing_off = self._retry_at is not None and now < self._retry_at
                if not backing_off:
                    try:
                        action = self._core.next_action(now)
                    except ValueError as exc:  # a frame of the wrong size: a bug upstream, drop it
                        log.error("frame not shown: %s", exc)
                        self._fault = str(exc)
                        self._cond.notify_all()
                        continue
                    if action is not None:
                        self._running = True
                        self._retry_at = None
                        return action
                self._cond.wait(self._wait_timeout(now))

    def _wait_timeout(self, now: float) -> float | None:
        deadline = self._retry_at if self._retry_at is not None else self._core.next_deadline()
        return None if deadline is None else max(0.0, deadline - now)

    def _perform(self, action: Action) -> bool:
        if action.kind == "sleep":
            try:
                self._display.sleep()
            except Exception as exc:
                log.warning("panel did not go to sleep: %s", exc)
            return True
        plan, frame = action.plan, action.frame
        assert plan is not None
        if plan.kind == "none":
            return True
        image = frame.image if frame is not None else self._core.shown
        assert image is not None
        with self._cond:
            self._state = "refreshing"
            self._busy_since = self._clock()
        try:
            if plan.restore and self._core.shown is not None:
                self._display.restore(self._core.shown)
            if plan.kind == "partial" and plan.box is not None:
                self._display.show_partial(image, plan.box)
            elif plan.kind == "fast":
                self._display.show_fast(image)
            else:
                self._display.show_full(image)
        except Exception as exc:  # the driver can fail in many ways; all mean "retry"
            self._failed(action, exc)
            return False
        with self._cond:
            self._busy_since = None
            self._refreshes[plan.kind] = self._refreshes.get(plan.kind, 0) + 1
            recovered = self._failures > 0
            self._failures = 0
        if recovered:
            log.warning("panel recovered: %s refresh worked again", plan.kind)
        key = frame.screen_key if frame is not None else "the shown frame"
        log.info("%s refresh (%s) for %s", plan.kind, plan.reason, key)
        return True

    def _failed(self, action: Action, exc: Exception) -> None:
        with self._cond:
            self._busy_since = None
            self._failures += 1
            self._fault = str(exc) or type(exc).__name__
            # The panel's content is unknown now: the next refresh re-initialises and is full.
            self._core.failed(action)
            if self._failures >= self._retries:
                self._state = "failed"
                rounds = self._failures - self._retries
                self._retry_at = self._clock() + min(self._backoff[0] * 2 ** rounds,
                                                      self._backoff[1])
                log.error("panel fault (%d attempts, next try in %.1f s): %s", self._failures,
                          self._retry_at - self._clock(), self._fault)
            else:
                log.warning("panel fault, re-initialising (attempt %d of %d): %s",
                            self._failures, self._retries, self._fault)

    def _shutdown(self) -> None:
        try:
            if self._clear_on_close:
                self._display.clear()
            self._display.sleep()
        except Exception as exc:
            log.warning("panel did not clear/sleep on close: %s", exc)
        try:
            self._display.close()
        except Exception as exc:
            log.warning("panel did not close cleanly: %s", exc)
        with self._cond:
            self._state = "closed"
            self._running = False
            self._cond.notify_all()
