"""The timed-game capability: a game states where its sandglass is and what time's up does in
its rules; the deadlines, the beeps and the alarm, the refresh policy and the catch-up after a
time-out nobody saw are derived here, once for every timed game."""

from __future__ import annotations

from typing import TypeVar

from device.clock import shown_seconds
from device.display.refresh import Activity
from device.framework.contract import Context, Reply
from device.widgets.bindings import KeyedApp
from engine.sandglass import Sandglass
from hardware.buzzer import Sound
from hardware.events import ButtonEvent

S = TypeVar("S")

WARN_SECONDS = 10  # a beep at each of the last 10 shown seconds


def countdown_deadline(glass: Sandglass, now_ms: int) -> int | None:
    """The next moment the shown seconds change or the sand runs out; None unless running."""
    if glass.status != "running":
        return None
    remaining = glass.remaining_ms(now_ms)
    if remaining <= 0:
        return now_ms
    return now_ms + (remaining % 1000 or 1000)


def countdown_tick(glass: Sandglass, now_ms: int) -> tuple[Sandglass, tuple[Sound, ...], bool]:
    """At a countdown deadline: (glass, sounds, just finished).

    A beep sounds at each of the last 10 seconds, the alarm at zero, where the glass is
    settled as done.
    """
    if glass.status != "running":
        return glass, (), False
    settled = glass.settle(now_ms)
    if settled.status == "done":
        return settled, ("alarm",), True
    sounds: tuple[Sound, ...] = ("tick",) if shown_seconds(glass.remaining_ms(now_ms)) <= WARN_SECONDS else ()
    return glass, sounds, False


class TimedApp(KeyedApp[S]):
    """A keyed app whose state holds a sandglass.

    The game supplies `glass` (where its sandglass is; None where no countdown counts) and
    `time_up` (what its rules do when the sand runs out); optionally `alarm` (where the screen
    goes when the alarm rings), `countdown_shown` (the screen shows the time) and `away` (the
    table's next action is physical). Everything else is derived here:

    - `next_deadline`: every shown second of a running glass, and its end;
    - `tick`: a beep in the last 10 s; at zero the alarm, `time_up`, then `alarm`;
    - `activity`: a countdown while a shown glass runs (a partial refresh every second);
    - `handle`: a press first applies `time_up` if the sand ran out unseen (`catches_up`).
    """

    catches_up: bool = True  # a press after an unseen time-out sees the time-up state first

    def glass(self, state: S) -> Sandglass | None:
        """Where this state's sandglass is; None where no countdown counts (no tick, no notice)."""
        raise NotImplementedError

    def time_up(self, state: S, ctx: Context) -> S:
        """What the rules do when the sand has run out at `ctx.now_ms` (e.g. the engine's TimeUp)."""
        raise NotImplementedError

    def alarm(self, state: S) -> S:
        """Where the screen goes when the alarm rings, after `time_up`; default: it stays."""
        return state

    def countdown_shown(self, state: S) -> bool:
        """The screen shown counts the time down (so each second refreshes); default: yes."""
        return True

    def away(self, state: S, ctx: Context) -> bool:
        """The table's next action is physical (drawing, guessing...); default: no."""
        return False

    def countdown_next(self, state: S, ctx: Context) -> bool:
        """The screen's next step may start (or resume) the glass: cleaning due is done now, so the
        countdown starts on time; default: no."""
        return False

    def running(self, state: S, now_ms: int) -> bool:
        """The glass still runs at `now_ms` (its sand not yet out)."""
        glass = self.glass(state)
        return glass is not None and glass.settle(now_ms).status == "running"

    def next_deadline(self, state: S, ctx: Context) -> int | None:
        """Each shown second of the running sandglass, and its end."""
        glass = self.glass(state)
        return None if glass is None else countdown_deadline(glass, ctx.now_ms)

    def tick(self, state: S, ctx: Context) -> Reply[S]:
        """Beep in the last 10 s; at zero ring the alarm, apply `time_up`, then `alarm`."""
        glass = self.glass(state)
        if glass is None:
            return Reply(state)
        _, sounds, finished = countdown_tick(glass, ctx.now_ms)
        if not finished:
            return Reply(state, sounds=sounds)
        return Reply(self.alarm(self.time_up(state, ctx)), sounds=sounds)

    def caught_up(self, state: S, ctx: Context) -> S:
        """The state with `time_up` applied if the sand ran out before `ctx.now_ms` unseen (no
        tick told us yet), when the game `catches_up`; else as is."""
        glass = self.glass(state)
        if not self.catches_up or glass is None or not glass.is_out(ctx.now_ms):
            return state
        return self.time_up(state, ctx)

    def handle(self, state: S, event: ButtonEvent, ctx: Context) -> Reply[S]:
        """Time's up first if the sand ran out unseen; then the key's action."""
        caught = self.caught_up(state, ctx)
        return self.bindings(caught, ctx).dispatch(caught, event, ctx)

    def activity(self, state: S, ctx: Context) -> Activity:
        """A countdown while the glass runs on a screen that shows it; `away` says the rest."""
        counting = self.countdown_shown(state) and self.running(state, ctx.now_ms)
        return Activity(countdown=counting, physical=self.away(state, ctx),
                        countdown_next=self.countdown_next(state, ctx))
