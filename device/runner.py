"""One press at a time: key map -> engine command -> persist -> render -> hand to the display.

The runner owns the session; the loop (or a headless script) feeds it events and wakes it
at deadlines. Nothing here blocks on the panel: frames go to a sink (the display worker).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any, Protocol

from PIL import Image

from device.apps import PLAY_KEYS, app
from device.apps.base import Context, Reply
from device.clock import Clock
from device.history import GameRecord
from device.refresh import NO_ACTIVITY, Activity
from device.render.frame import Frame
from device.resources import Resources
from device.session import (
    Session,
    apply_reply,
    new_session,
    open_app,
    session_from_dict,
    session_to_dict,
)
from device.settings import Settings
from device.store import Store
from device.strings.all import STRINGS as T
from hardware.buzzer import Buzzer, Sound
from hardware.events import ButtonEvent
from hardware.panels import PANELS

log = logging.getLogger("easel")
MAX_TICKS_PER_WAKE = 100


class FrameSink(Protocol):
    """Takes rendered frames (the display worker, a PNG recorder, a test list)."""

    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool = False,
               activity: Activity = NO_ACTIVITY) -> None:
        """Show this frame when the panel is free (newest frame wins)."""


class Runner:
    """The device loop's single-threaded core."""

    def __init__(self, *, store: Store, resources: Resources, sink: FrameSink, clock: Clock,
                 settings: Settings, seed: int, buzzer: Buzzer | None = None,
                 panel_locked: bool = False, on_sound: Callable[[int, Sound], None] | None = None,
                 wall_clock: Callable[[], str] | None = None, forced: Mapping[str, Any] | None = None) -> None:
        self.store = store
        self.resources = resources
        self.sink = sink
        self.clock = clock
        self.buzzer = buzzer
        self.panel_locked = panel_locked
        self.on_sound = on_sound
        self.forced = dict(forced or {})
        self.wall_clock = wall_clock or (lambda: datetime.now().isoformat(timespec="seconds"))
        self.history = tuple(store.games())
        self.session = self._resume(settings, seed)
        self._checked_ms = clock.now_ms()
        self._warned_storage = False
        if store.notice:
            self.session = replace(self.session, message=store.notice)
            log.warning(store.notice)

    # start-up ----------------------------------------------------------------------------
    def _resume(self, settings: Settings, seed: int) -> Session:
        loaded = self.store.load()
        ctx = Context(settings=settings, resources=self.resources, now_ms=self.clock.now_ms())
        if loaded is not None:
            try:
                session = session_from_dict(loaded[0])
                if self.forced:
                    session = replace(session, settings=replace(session.settings, **self.forced))
                return self._lock_panel(session)
            except (ValueError, KeyError, TypeError) as exc:
                log.error("saved session unusable, starting fresh: %s", exc)
                fresh = new_session(settings, seed, ctx)
                return replace(self._lock_panel(fresh), message=f"saved game unusable: {exc}")
        session = self._lock_panel(new_session(settings, seed, ctx))
        self.store.save(session_to_dict(session), ctx.now_ms)
        return session

    def _lock_panel(self, session: Session) -> Session:
        if not self.panel_locked:
            return session
        from device.apps.settings import SettingsUi

        ui = session.states.get("settings")
        if isinstance(ui, SettingsUi) and not ui.panel_locked:
            session = session.with_state("settings", replace(ui, panel_locked=True))
        elif ui is None:
            session = session.with_state("settings", SettingsUi(panel_locked=True))
        return session

    def ctx(self, now_ms: int | None = None) -> Context:
        """The context apps see now."""
        now = self.clock.now_ms() if now_ms is None else now_ms
        return Context(settings=self.session.settings, resources=self.resources, now_ms=now,
                       history=self.history)

    # events ------------------------------------------------------------------------------
    def handle(self, event: ButtonEvent) -> None:
        """Process one button event completely (persisted and handed to the display)."""
        self.tick()  # deadlines that passed while the event waited come first (no beep is lost)
        now = self.clock.now_ms()
        ctx = self.ctx(now)
        self._checked_ms = now
        self.session = replace(self.session, message="")
        mode = self.session.mode
        if event.kind == "hold" and event.button in ("back", "ok") and mode in PLAY_KEYS:
            self._history_step("undo" if event.button == "back" else "redo", now)
            self.show()
            return
        before = self.session
        owner = self.session.app()
        reply: Reply[Any] = owner.handle(self.session.state(), event, ctx)
        started = set(before.states)
        self.session = apply_reply(self.session, mode, reply, ctx)
        new_modes = set(self.session.states) - started
        self._persist(before, mode, reply, now, new_modes)
        self._play(reply.sounds, now)
        self.show(reply.hide_secret)

    def _persist(self, before: Session, mode: str, reply: Reply[Any], now: int, new_modes: set[str]) -> None:
        data = session_to_dict(self.session)
        undo = None
        owner = app(mode)
        assert owner is not None
        if reply.label:
            undo = (mode, reply.label, owner.dump(before.states[mode]))
        for fresh in new_modes:
            self.store.forget(fresh, data, now)
        finished = self._finished(mode, before.states.get(mode), reply.state)
        self.store.save(data, now, undo, finished)
        if finished is not None:
            self.history = tuple(self.store.games())
        self._storage_notice()

    def _finished(self, mode: str, before: Any, after: Any) -> GameRecord | None:
        """A history record when this step ended a game."""
        owner = app(mode)
        if owner is None or before is None or owner.result(before) is not None:
            return None
        result = owner.result(after)
        if result is None:
            return None
        return GameRecord(game=mode, finished=self.wall_clock(), players=result.players, scores=result.scores,
                          winners=result.winners, seed=result.seed, key=f"{mode}:{result.seed}")

    def _storage_notice(self) -> None:
        if self.store.in_memory_fallback and not self._warned_storage:
            self._warned_storage = True
            log.error(self.store.notice)
            self.session = replace(self.session, message=T(self.session.settings.language, "storage_fault"))

    def _history_step(self, table: str, now: int) -> None:
        mode = self.session.mode
        owner = self.session.app()
        current = owner.dump(self.session.state())

        def session_after(restored: dict[str, Any]) -> dict[str, Any]:
            return session_to_dict(self.session.with_state(mode, owner.load(restored)))

        result = self.store.step_back(table, mode, current, session_after, now)
        lang = self.session.settings.language
        if result is None:
            key = "nothing_to_undo" if table == "undo" else "nothing_to_redo"
            self.session = replace(self.session, message=T(lang, key))
            return
        label, restored = result
        self.session = self.session.with_state(mode, owner.load(restored))
        key = "undid" if table == "undo" else "redid"
        self.session = replace(self.session, message=T(lang, key, label=label))

    # time --------------------------------------------------------------------------------
    def next_deadline(self) -> int | None:
        """The earliest moment any app needs a tick (deadlines count from the last wake-up)."""
        ctx = self.ctx(self._checked_ms)
        deadlines = []
        for key, state in self.session.states.items():
            owner = app(key)
            if owner is not None and (d := owner.next_deadline(state, ctx)) is not None:
                deadlines.append(d)
        return min(deadlines) if deadlines else None

    def tick(self) -> None:
        """Run every tick that is due; re-render once if anything was due."""
        due_any = False
        for _ in range(MAX_TICKS_PER_WAKE):
            now = self.clock.now_ms()
            ctx = self.ctx(now)
            since = self.ctx(self._checked_ms)
            due = [(k, s) for k, s in self.session.states.items()
                   if (a := app(k)) is not None and (d := a.next_deadline(s, since)) is not None and d <= now]
            self._checked_ms = now
            if not due:
                break
            due_any = True
            for key, state in due:
                owner = app(key)
                assert owner is not None
                before = self.session
                reply = owner.tick(state, ctx)
                self.session = apply_reply(self.session, key, reply, ctx)
                if reply.state != state or reply.switch:
                    finished = self._finished(key, state, reply.state)
                    self.store.save(session_to_dict(self.session), now, None, finished)
                    if finished is not None:
                        self.history = tuple(self.store.games())
                    self._storage_notice()
                self._play(reply.sounds, now)
                if before.mode != self.session.mode:
                    log.info("switched to %s at a deadline", self.session.mode)
        if due_any:
            self.show(tick=True)

    def _play(self, sounds: tuple[Sound, ...], now: int) -> None:
        for sound in sounds:
            if self.on_sound is not None:
                self.on_sound(now, sound)
            if self.buzzer is not None and self.session.settings.buzzer:
                self.buzzer.play(sound)

    # drawing -----------------------------------------------------------------------------
    def render(self, now_ms: int | None = None) -> tuple[Image.Image, str]:
        """The frame for the open app, with the message line if any."""
        spec = PANELS[self.session.settings.panel]
        frame = Frame.for_panel(spec)
        owner = self.session.app()
        state = self.session.state()
        owner.render(state, self.ctx(now_ms), frame)
        if self.session.message:
            frame.toast(self.session.message)
        return frame.image, f"{spec.model}:{self.session.mode}:{owner.screen_key(state)}"

    def show(self, hide_secret: bool = False, tick: bool = False) -> None:
        """Render and hand the frame to the sink, with what the table is doing (`tick`: a deadline's frame)."""
        image, key = self.render()
        owner = self.session.app()
        activity = owner.activity(self.session.state(), self.ctx())
        if tick and activity.countdown:
            activity = replace(activity, tick=True)
        self.sink.submit(image, key, hide_secret, activity)

    def open(self, mode: str) -> None:
        """Open an app directly (used by tests and `--start`)."""
        self.session = open_app(self.session, mode, self.ctx())
        self.store.save(session_to_dict(self.session), self.clock.now_ms())
