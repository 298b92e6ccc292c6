"""The device loop's core: presses and deadlines in, persisted sessions, frames and sounds out.

The loop (or a headless script) feeds the runner events and wakes it at deadlines. A press goes
through the press pipeline (device/framework/press_pipeline.py), time through the deadline
scheduler (deadlines.py), undo and redo through the undo service (undo.py), every step to disk
through the journal (journal.py), committed once the frame went to a sink: nothing waits for
the panel, and the glass never waits for the disk (the sync runs while the panel refreshes).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

from PIL import Image

from device.display.refresh import Activity
from device.framework.contract import Context
from device.framework.deadlines import DeadlineScheduler
from device.framework.deps import DeviceSetup, FrameSink, RunnerDeps
from device.framework.journal import Journal
from device.framework.loader import app, games_under_way, menu
from device.framework.press_pipeline import PressPipeline
from device.framework.restart import StopClock
from device.framework.resume import resume, with_notices
from device.framework.session import Session, apply_reply, open_app, paused_game, stored_session
from device.framework.undo import UndoService
from device.render.frame import Frame
from device.storage.history import GameRecord
from hardware.buzzer import Sound
from hardware.events import ButtonEvent
from hardware.panels import PANELS

__all__ = ["DeviceSetup", "FrameSink", "Runner", "RunnerDeps"]

log = logging.getLogger("easel")
MAX_TICKS_PER_WAKE = 100


class Runner:
    """One session, driven one event (or one wake-up) at a time, on a single thread."""

    def __init__(self, deps: RunnerDeps, device: DeviceSetup) -> None:
        self.deps, self.device, self.store, self.clock = deps, device, deps.store, deps.clock
        self.deadlines = DeadlineScheduler(deps.clock)
        self.stops = StopClock(deps.store, deps.clock, self.deadlines)  # how the last run ended, before any write
        start = Context(settings=device.settings, resources=deps.resources, now_ms=deps.clock.now_ms(),
                        locked=device.locked(), words=deps.store)
        self.session = resume(deps.store, device, start)
        self.journal = Journal(deps.store, deps.wall_clock)
        self.undo = UndoService(deps.store)
        self.pipeline = PressPipeline(self.journal, self.undo, self._context)
        if self._counting():  # a sandglass runs: the sand ran on while Easel was away, or it is held
            self.session = self.stops.restarted(self.session)
        self.session = with_notices(self.session, deps.store.notices)

    @property
    def history(self) -> Sequence[GameRecord]:
        """Every finished game in the database, oldest first."""
        return self.journal.history

    @property
    def held(self) -> bool:
        """True while time is held after a stop mid-countdown (until the next press)."""
        return self.deadlines.held

    def ctx(self, now_ms: int | None = None) -> Context:
        """The context apps see now (or at `now_ms`)."""
        return self._context(self.session, self.clock.now_ms() if now_ms is None else now_ms)

    def _context(self, session: Session, now: int) -> Context:
        return Context(settings=session.settings, resources=self.deps.resources, now_ms=now,
                       history=self.journal.history, menu=menu(games_under_way(session.states)),
                       locked=self.device.locked(), paused=paused_game(session), words=self.store,
                       seat_buttons=self.device.seat_buttons, held=self.held)

    # events ------------------------------------------------------------------------------
    def handle(self, event: ButtonEvent) -> None:
        """Process one button event completely (handed to the display, then committed to disk)."""
        if self.held:  # the first press after a stop mid-countdown only lets time run again
            self.stops.resumed()
            self.session = replace(self.session, message="")
            log.info("countdown resumed by a %s of %s", event.kind, event.button)
            self.show()
            return
        self.journal.commit(lambda: self._handle(event), self.clock.now_ms, self.show)

    def _handle(self, event: ButtonEvent) -> None:
        self.tick()  # deadlines that passed while the event waited come first (no beep is lost)
        now = self.clock.now_ms()
        ctx = self.ctx(now)
        self.deadlines.woke(now)
        pressed = self.pipeline.press(self.session, event, ctx)
        self.session = pressed.session
        if pressed.reply is None:
            self.show()
            return
        self._play(pressed.reply.sounds, now)
        self.show(pressed.reply.hide_secret)

    def storage_warning(self) -> str:
        """The persistent line shown while some steps are not on disk, else ''."""
        return self.journal.warning(self.session.settings.language)

    # time --------------------------------------------------------------------------------
    def next_deadline(self) -> int | None:
        """The earliest moment any app needs a tick (deadlines count from the last wake-up), or a
        retry of the steps waiting for the disk; none while time is held."""
        if self.held:
            return None
        return self.deadlines.next(self.session.states, self.ctx(self.deadlines.checked_ms), self.journal.retry_at)

    def _counting(self) -> bool:
        """Some app's time runs (a sandglass): it has a deadline of its own (not a retry's)."""
        since = self.ctx(self.deadlines.checked_ms)
        return not self.held and self.deadlines.next(self.session.states, since) is not None

    def tick(self) -> None:
        """Run every tick that is due (one context each); re-render once if anything was due."""
        self.journal.commit(self._tick, self.clock.now_ms, self.show)

    def _tick(self) -> None:
        due_any = not self.held and self.journal.retry(self.clock.now_ms())
        for _ in range(MAX_TICKS_PER_WAKE):
            ctx = self.ctx()
            due = self.deadlines.due(self.session.states, ctx)
            if not due:
                break
            due_any = True
            for key, state in due:
                self._tick_app(key, state, ctx)
        if due_any:  # nothing is written for a second that passes: the sandglass's time is derived
            self.show(tick=True)

    def _tick_app(self, key: str, state: Any, ctx: Context) -> None:
        """Let time pass in one app; saved when that changed the session (e.g. time's up)."""
        mode = self.session.mode
        reply = app(key).tick(state, ctx)
        self.session = apply_reply(self.session, key, reply, ctx)
        changed = reply.state != state or bool(reply.switch)
        if changed:
            self.journal.record(self.session, key, state, reply.state, ctx.now_ms)
        self._play(reply.sounds, ctx.now_ms)
        if mode != self.session.mode:
            log.info("switched to %s at a deadline", self.session.mode)

    def shutdown(self, how: Literal["closed", "switch"] = "closed") -> int:
        """Mark where a running countdown's time stands (a clean stop holds it at the next start, a
        view switch lets it run on), write what is pending if possible and close the store;
        returns how many steps could not be saved."""
        self.stops.closing(how, self._counting())
        return self.store.close()

    def _play(self, sounds: tuple[Sound, ...], now: int) -> None:
        for sound in sounds:
            if self.deps.on_sound is not None:
                self.deps.on_sound(now, sound)
            if self.deps.buzzer is not None and self.session.settings.buzzer:
                self.deps.buzzer.play(sound)

    # drawing -----------------------------------------------------------------------------
    def render(self, now_ms: int | None = None) -> tuple[Image.Image, str]:
        """The frame for the open app, with the message line if any."""
        return self._render(self.ctx(now_ms))

    def _render(self, ctx: Context) -> tuple[Image.Image, str]:
        spec = PANELS[self.session.settings.panel]
        frame = Frame.for_panel(spec)
        owner, state = self.session.app(), self.session.state()
        owner.render(state, ctx, frame)
        line = " | ".join(text for text in (self.storage_warning(), self.session.message) if text)
        if line and frame.message_cuts():  # the band would hide part of the screen: draw it above the band
            frame = Frame.for_panel(spec, message_band=True)
            owner.render(state, ctx, frame)
        if line:
            frame.toast(line)
        return frame.image, f"{spec.model}:{self.session.mode}:{owner.screen_key(state)}"

    def show(self, hide_secret: bool = False, tick: bool = False) -> None:
        """Render and hand the frame to the sink, with what the table is doing (`tick`: a deadline's frame)."""
        ctx = self.ctx()
        image, key = self._render(ctx)
        activity: Activity = self.session.app().activity(self.session.state(), ctx)
        if tick and activity.countdown:
            activity = replace(activity, tick=True)
        activity = replace(activity, cleaning=self.session.settings.screen_cleaning)
        self.deps.sink.submit(image, key, hide_secret, activity)

    def open(self, mode: str) -> None:
        """Open an app directly (used by tests and `--start`)."""
        self.session = open_app(self.session, mode, self.ctx())
        self.store.save(stored_session(self.session), self.clock.now_ms())
