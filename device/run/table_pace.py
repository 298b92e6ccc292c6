"""`easel play --headless --panel MODEL`: a script played at the pace of a table.

A press is delivered once the glass shows the answer to the previous press, or at its
scripted time if that is later (`wait` lines add time on top); the game's virtual clock
follows, so a slow panel costs the table sandglass time as it would at a real table. A press
after a countdown ran out is the table's answer to the alarm: it comes once the glass shows
time's up (a script's `wait` as long as the sandglass would otherwise press at the very moment
the sand runs out). Frames go
through the recorder (PNGs) and then to a `SimulatedPanel`, which logs every refresh.
"""

from __future__ import annotations

from PIL import Image

from device.clock import VirtualClock
from device.display.panel_sim import SimulatedPanel
from device.display.refresh import NO_ACTIVITY, Activity
from device.framework.runner import Runner
from device.run.headless import FrameRecorder
from device.run.script import Step, Wait


class PanelSink:
    """Records each new frame as a PNG, then hands it to the simulated panel."""

    def __init__(self, recorder: FrameRecorder, panel: SimulatedPanel, clock: VirtualClock) -> None:
        self.recorder = recorder
        self.panel = panel
        self.clock = clock
        self.step: int | None = None  # the script line of the press being handled
        self.countdown = False  # the last frame handed over was a running countdown's
        self.alarm = 0  # the sequence number of the last frame that ended a countdown (time's up)

    def submit(self, image: Image.Image, screen_key: str, hide_secret: bool = False,
               activity: Activity = NO_ACTIVITY) -> None:
        """Record the frame; a new one goes to the panel at the current virtual time."""
        before = self.recorder.count
        self.recorder.submit(image, screen_key, hide_secret, activity)
        if self.recorder.count != before:
            self.panel.submit(image, screen_key, hide_secret, activity, f"{self.recorder.count:04d}.png",
                              self.step, self.clock.now_ms())
            if self.countdown and not activity.countdown and self.step is None:
                self.alarm = self.panel.submitted
            self.countdown = activity.countdown


def advance(runner: Runner, clock: VirtualClock, panel: SimulatedPanel, until_ms: int | None,
            answer: int = 0) -> None:
    """Let virtual time pass to `until_ms` (or until the glass shows frame `answer`), firing the
    app's deadlines and the panel's refreshes in time order."""
    while True:
        if until_ms is None and panel.answered(answer):
            return
        times = [t for t in (runner.next_deadline(), panel.next_event_ms()) if t is not None]
        if until_ms is not None:
            times.append(until_ms)
        if not times:
            return  # nothing will ever happen: the answer cannot come (never the case in practice)
        now = max(clock.now_ms(), min(times))
        if until_ms is not None and now > until_ms:
            now = until_ms
        clock.set(now)
        panel.run_until(now)
        deadline = runner.next_deadline()
        if deadline is not None and deadline <= now:
            runner.tick()
        if until_ms is not None and now >= until_ms:
            return


def run_paced(runner: Runner, clock: VirtualClock, sink: PanelSink, steps: list[tuple[int, Step]]) -> None:
    """Feed numbered steps at table pace; ends when the glass shows the last frame."""
    panel = sink.panel
    answer = panel.submitted
    for number, step in steps:
        if isinstance(step, Wait):
            advance(runner, clock, panel, clock.now_ms() + step.ms)
            continue
        advance(runner, clock, panel, None, max(answer, sink.alarm))
        sink.step = number
        runner.handle(step)
        sink.step = None
        answer = panel.submitted
    panel.finish()
