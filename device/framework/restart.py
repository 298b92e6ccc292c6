"""How the last run ended, and what that does to a sandglass that was running: the sandglass's
time is derived from what was saved (its start, flips, pauses and additions are steps, each saved
with the device and wall clocks beside it, `storage/store_clock.py`) and the clock, never written
while it runs.

- a view switch (the web page's panel or language): the game goes on, the sand ran on meanwhile;
- a clean stop (`q`, Ctrl-C, SIGTERM, the end of a script): the time is held where Easel closed
  until a press;
- anything else after a step (a power cut, a kill): a loss. The sand ran on while Easel was off,
  as a real glass's would: the wall clock tells how long. Held until a press, the table told.
  A wall clock that reads earlier than the last step (a Pi with no real-time clock restores its
  last saved time at boot; NTP may not have answered yet) cannot tell: the glass is held where
  the last step left it, and the notice says the length of the cut is unknown.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Literal

from device.clock import Clock, clock_text
from device.framework.deadlines import DeadlineScheduler
from device.framework.session import Session
from device.storage.store import Store
from device.storage.store_clock import ClockMark
from device.strings.all import STRINGS as T

log = logging.getLogger("easel")

Stop = Literal["none", "lost", "closed", "switch"]


@dataclass(frozen=True)
class Restart:
    """How the last run stopped (`none`: nothing to tell, e.g. a fresh database), how long the sand
    ran while Easel was stopped (`away_ms`), and whether that length is unknown (`unsure`)."""

    how: Stop
    away_ms: int = 0
    unsure: bool = False

    @property
    def holds(self) -> bool:
        """A running sandglass is held until a press (not after a view switch)."""
        return self.how in ("lost", "closed")


def restart(store: Store, wall_now: int | None) -> Restart:
    """How the run on this database stopped, read from its clock mark and `ticks` row."""
    saved, tick, mark = store.saved_ms(), store.tick_ms(), store.clock_mark()
    if saved is None:
        return Restart("none")
    if mark is None or mark.now_ms < max(saved, tick or 0):
        # an older Easel's database, or a script's acknowledged `wait` (virtual time) since the mark
        return Restart("lost") if tick is not None and tick > saved else Restart("none")
    if mark.how in ("closed", "lost"):
        return Restart(mark.how)
    gap = None if wall_now is None or mark.wall_ms is None else wall_now - mark.wall_ms
    away = max(0, gap or 0)
    if mark.how == "switch":
        return Restart("switch", away)
    return Restart("lost", away, unsure=gap is not None and gap < 0)


def held_message(stop: Restart, session: Session, now: int) -> str:
    """What the screen says while time is held after a stop: how it stopped, the time left if the
    open app's sandglass was running, and what the next press does."""
    left = session.app().time_left(session.state(), now)
    lang = session.settings.language
    if left is None:
        return T(lang, "stopped_paused" if stop.how == "closed" else "power_cut_paused")
    shown = clock_text(left)
    if stop.how == "closed":
        return T(lang, "stopped_closed", left=shown)
    if stop.unsure:
        return T(lang, "power_cut_unsure")  # the big digits show where it is held
    if left == 0:
        return T(lang, "power_cut_out")
    return T(lang, "power_cut", left=shown)


class StopClock:
    """A running sandglass's time across stops: the mark every saved step carries (the device and
    wall clocks), the mark a stop or the resuming press writes, and the catch-up and hold at start."""

    def __init__(self, store: Store, clock: Clock, deadlines: DeadlineScheduler) -> None:
        self.store = store
        self.clock = clock
        self.deadlines = deadlines
        self.stopped = restart(store, clock.wall_ms())
        store.stamp = self.stamp

    def stamp(self, now_ms: int) -> ClockMark:
        """The mark a step saved at `now_ms` carries: while time is held, the stop it is held for."""
        if self.deadlines.held:
            return ClockMark(now_ms, None, "closed" if self.stopped.how == "closed" else "lost")
        return ClockMark(now_ms, self.clock.wall_ms(), "step")

    def restarted(self, session: Session) -> Session:
        """A sandglass runs in the resumed session: the sand that ran while Easel was away is gone
        (no beep for the seconds nobody saw; its end, if it came, is still due); after a loss or a
        clean stop, time is held until a press and the message line says so."""
        self.clock.skip(self.stopped.away_ms)
        self.deadlines.woke(self.clock.now_ms())
        if not self.stopped.holds:
            return session
        self.deadlines.hold()
        message = held_message(self.stopped, session, self.clock.now_ms())
        log.warning("countdown held after a stop (%s, %d ms away, device clock %d ms): %s", self.stopped.how,
                    self.stopped.away_ms, self.clock.now_ms(), message)
        return replace(session, message=message)

    def resumed(self) -> None:
        """The press that lets held time run again: time runs from here (written, so a later cut
        counts from this press, not from before the hold)."""
        self.deadlines.release()
        self.store.mark_clock(self.stamp(self.clock.now_ms()))

    def closing(self, how: Literal["closed", "switch"], counting: bool) -> None:
        """Easel stops (`closed`) or the web view restarts (`switch`): mark where a running (or
        held) sandglass's time stands."""
        if self.deadlines.held:
            self.store.mark_clock(self.stamp(self.clock.now_ms()))
        elif counting:
            self.store.mark_clock(ClockMark(self.clock.now_ms(), self.clock.wall_ms(), how))
