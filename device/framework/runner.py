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

from device.clock import Clock
from device.countdown import running_countdown_ms
from device.display.refresh import NO_ACTIVITY, Activity
from device.framework.contract import Context, Reply
from device.framework.loader import app, games_under_way, menu
from device.framework.registry import GAMES, keys, known
from device.framework.resources import Resources
from device.framework.session import (
    Session,
    apply_reply,
    new_session,
    open_app,
    paused_game,
    session_from_dict,
    session_to_dict,
)
from device.render.frame import Frame
from device.settings import Settings
from device.storage.history import GameRecord
from device.storage.store import Store
from device.storage.word_history import attach
from device.strings.all import STRINGS as T
from hardware.buzzer import Buzzer, Sound
from hardware.events import ButtonEvent
from hardware.panels import PANELS

log = logging.getLogger("easel")
MAX_TICKS_PER_WAKE = 100
RETRY_MS = 2000  # while steps wait for the disk, try writing them this often (and at every press)


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
                 wall_clock: Callable[[], str] | None = None, forced: Mapping[str, Any] | None = None,
                 seat_buttons: bool = True) -> None:
        self.store = store
        self.resources = resources
        self.sink = sink
        self.clock = clock
        self.buzzer = buzzer
        self.panel_locked = panel_locked
        self.on_sound = on_sound
        self.forced = dict(forced or {})
        self.seat_buttons = seat_buttons  # False on a four-key build: screens say OK, not "your button"
        self.wall_clock = wall_clock or (lambda: datetime.now().isoformat(timespec="seconds"))
        attach(store)  # games read and name the words used in this database
        self.history = tuple(store.games())
        self.session = self._resume(settings, seed)
        self._checked_ms = clock.now_ms()
        self._retry_at: int | None = None
        self.held = False
        self._hold_after_cut()
        if store.notices:  # what opening the database set aside or dropped (the store logged it)
            told = [T(self.session.settings.language, n.key, name=n.name) for n in store.notices]
            self.session = replace(self.session, message=" | ".join([*told, self.session.message]).strip(" |"))

    # start-up ----------------------------------------------------------------------------
    def _resume(self, settings: Settings, seed: int) -> Session:
        loaded = self.store.load()
        ctx = Context(settings=settings, resources=self.resources, now_ms=self.clock.now_ms(),
                      locked=self._locked())
        if loaded is not None:
            try:
                session = session_from_dict(loaded[0], ctx)
                if self.forced:
                    session = replace(session, settings=replace(session.settings, **self.forced))
                return self._adapt(session, ctx)
            except (ValueError, KeyError, TypeError) as exc:
                self.store.discard(f"saved session unusable: {str(exc)[:80]}")
                self.history = tuple(self.store.games())
        session = self._adapt(new_session(settings, seed, ctx), ctx)
        self.store.save(session_to_dict(session), ctx.now_ms)
        return session

    def _hold_after_cut(self) -> None:
        """A countdown was running when Easel stopped: hold time where it stopped until a press."""
        saved, tick = self.store.saved_ms(), self.store.tick_ms()
        if saved is None or tick is None or tick <= saved or self.next_deadline() is None:
            return
        self.clock.hold()
        self.held = True
        left = running_countdown_ms(self.session.state(), self.clock.now_ms())
        lang = self.session.settings.language
        seconds = None if left is None else -(-left // 1000)
        shown = "" if seconds is None else f"{seconds // 60}:{seconds % 60:02d}"
        self.session = replace(self.session, message=T(lang, "power_cut", left=shown) if shown
                               else T(lang, "power_cut_paused"))
        log.warning("countdown held after a stop (device clock %d ms, %s left)", tick, shown or "?")

    def _locked(self) -> tuple[str, ...]:
        """The settings this device fixes: the panel, when a real one is configured."""
        return ("panel",) if self.panel_locked else ()

    def _adapt(self, session: Session, ctx: Context) -> Session:
        """Let every app fit its state to this device (e.g. Settings shows a real panel as locked)."""
        for key in keys():
            state = session.states.get(key)
            adapted = app(key).adapt(state, replace(ctx, settings=session.settings))
            if adapted is not None and adapted is not state:
                session = session.with_state(key, adapted)
        return session

    def ctx(self, now_ms: int | None = None) -> Context:
        """The context apps see now."""
        now = self.clock.now_ms() if now_ms is None else now_ms
        return Context(settings=self.session.settings, resources=self.resources, now_ms=now,
                       history=self.history, menu=menu(games_under_way(self.session.states)),
                       locked=self._locked(), paused=paused_game(self.session), words=self.store,
                       seat_buttons=self.seat_buttons)

    # events ------------------------------------------------------------------------------
    def handle(self, event: ButtonEvent) -> None:
        """Process one button event completely (persisted and handed to the display)."""
        if self.held:  # the first press after a stop mid-countdown only lets time run again
            self.held = False
            self.clock.release()
            self._checked_ms = self.clock.now_ms()
            self.session = replace(self.session, message="")
            log.info("countdown resumed by a %s of %s", event.kind, event.button)
            self.show()
            return
        self.tick()  # deadlines that passed while the event waited come first (no beep is lost)
        now = self.clock.now_ms()
        ctx = self.ctx(now)
        self._checked_ms = now
        self.session = replace(self.session, message="")
        mode = self.session.mode
        if event.kind == "hold" and event.button in ("back", "ok") and mode in GAMES:
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
        if reply.step is not None and self.session.mode in GAMES:
            self._history_step(reply.step, now)
        self._play(reply.sounds, now)
        self.show(reply.hide_secret)

    def _persist(self, before: Session, mode: str, reply: Reply[Any], now: int, new_modes: set[str]) -> None:
        data = session_to_dict(self.session)
        undo = None
        owner = app(mode)
        if reply.label:
            undo = (mode, reply.label, owner.dump(before.states[mode]))
        for fresh in new_modes:
            self.store.forget(fresh, data, now)
        finished = self._finished(mode, before.states.get(mode), reply.state)
        dealt = owner.words_dealt(before.states.get(mode), reply.state)
        self.store.save(data, now, undo, finished, dealt)
        if finished is not None:
            self.history = tuple(self.store.games())
        self._storage_notice(now)

    def _finished(self, mode: str, before: Any, after: Any) -> GameRecord | None:
        """A history record when this step ended a game."""
        owner = app(mode)
        if before is None or owner.result(before) is not None:
            return None
        result = owner.result(after)
        if result is None:
            return None
        return GameRecord(game=mode, finished=self.wall_clock(), players=result.players, scores=result.scores,
                          winners=result.winners, seed=result.seed, key=f"{mode}:{result.seed}")

    def _storage_notice(self, now: int) -> None:
        """Schedule a retry while steps wait for the disk (the warning itself is drawn by render)."""
        if self.store.pending and self._retry_at is None:
            self._retry_at = now + RETRY_MS
        elif not self.store.pending:
            self._retry_at = None

    def storage_warning(self) -> str:
        """The persistent line shown while some steps are not on disk, else ''."""
        if not self.store.pending:
            return ""
        return T(self.session.settings.language, "storage_unsaved", n=len(self.store.pending))

    def _history_step(self, table: str, now: int) -> None:
        mode = self.session.mode
        owner = self.session.app()
        current = owner.dump(self.session.state())

        def shown(restored: dict[str, Any]) -> Any:
            return owner.restored(owner.load(restored), self.ctx(now))

        def session_after(restored: dict[str, Any]) -> dict[str, Any]:
            return session_to_dict(self.session.with_state(mode, shown(restored)))

        lang = self.session.settings.language
        try:
            result = self.store.step_back(table, mode, current, session_after, now)
        except (ValueError, KeyError, TypeError) as exc:  # a stored step the app cannot read back
            log.error("%s step of %s unusable, dropped: %s", table, mode, exc)
            self.store.drop_newest(table, mode)
            self.session = replace(self.session, message=T(lang, "step_damaged"))
            return
        if result is None:
            key = "nothing_to_undo" if table == "undo" else "nothing_to_redo"
            self.session = replace(self.session, message=T(lang, key))
            return
        label, restored = result
        self.session = self.session.with_state(mode, shown(restored))
        key = "undid" if table == "undo" else "redid"
        self.session = replace(self.session, message=T(lang, key, label=label))

    # time --------------------------------------------------------------------------------
    def next_deadline(self) -> int | None:
        """The earliest moment any app needs a tick (deadlines count from the last wake-up), or a
        retry of the steps waiting for the disk; none while time is held."""
        if self.held:
            return None
        ctx = self.ctx(self._checked_ms)
        deadlines = [] if self._retry_at is None else [self._retry_at]
        for key, state in self.session.states.items():
            if known(key) and (d := app(key).next_deadline(state, ctx)) is not None:
                deadlines.append(d)
        return min(deadlines) if deadlines else None

    def tick(self) -> None:
        """Run every tick that is due; re-render once if anything was due."""
        due_any = self._retry_storage()
        saved_at = None
        for _ in range(MAX_TICKS_PER_WAKE):
            now = self.clock.now_ms()
            ctx = self.ctx(now)
            since = self.ctx(self._checked_ms)
            due = [(k, s) for k, s in self.session.states.items()
                   if known(k) and (d := app(k).next_deadline(s, since)) is not None and d <= now]
            self._checked_ms = now
            if not due:
                break
            due_any = True
            for key, state in due:
                before = self.session
                reply = app(key).tick(state, ctx)
                self.session = apply_reply(self.session, key, reply, ctx)
                if reply.state != state or reply.switch:
                    finished = self._finished(key, state, reply.state)
                    dealt = app(key).words_dealt(state, reply.state)
                    self.store.save(session_to_dict(self.session), now, None, finished, dealt)
                    saved_at = now
                    if finished is not None:
                        self.history = tuple(self.store.games())
                    self._storage_notice(now)
                self._play(reply.sounds, now)
                if before.mode != self.session.mode:
                    log.info("switched to %s at a deadline", self.session.mode)
        if due_any:
            now = self.clock.now_ms()
            if saved_at != now and self.next_deadline() is not None:
                self.store.save_tick(now)  # a running countdown survives a power cut to the second
            self.show(tick=True)

    def _retry_storage(self) -> bool:
        """At a retry deadline, try writing the pending steps; True when that changed what is shown."""
        if self._retry_at is None or self.clock.now_ms() < self._retry_at or self.held:
            return False
        written = self.store.flush()
        self._retry_at = None if written else self.clock.now_ms() + RETRY_MS
        if written:
            log.info("the steps waiting for the disk are saved")
        return written

    def shutdown(self) -> int:
        """Keep a running countdown's time, write what is pending if possible and close the store;
        returns how many steps could not be saved."""
        if not self.held and self.next_deadline() is not None:
            self.store.save_tick(self.clock.now_ms())
        return self.store.close()

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
        line = " | ".join(text for text in (self.storage_warning(), self.session.message) if text)
        if line:
            frame.toast(line)
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
