"""The device loop: one thread takes events from a queue and wakes at deadlines; no polling."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from device.framework.runner import Runner
from device.run import collector
from hardware.events import ButtonEvent

STOP = None


def run_loop(runner: Runner, events: queue.Queue[ButtonEvent | None], stop: threading.Event,
             heartbeat: Callable[[], None] | None = None, heartbeat_ms: int | None = None) -> None:
    """Process events until STOP (None) arrives or `stop` is set.

    Sleeps until the next event or the next deadline (and at most `heartbeat_ms`, for the
    systemd watchdog), so an idle device uses no CPU.
    """
    try:
        runner.show()
    finally:
        collector.done()
    while not stop.is_set():
        deadline = runner.next_deadline()
        now = runner.clock.now_ms()
        waits = []
        if deadline is not None:
            waits.append(max(0, deadline - now))
        if heartbeat_ms is not None:
            waits.append(heartbeat_ms)
        timeout = min(waits) / 1000 if waits else None
        try:
            event = events.get(timeout=timeout)
        except queue.Empty:
            event = None
            timed_out = True
        else:
            timed_out = False
            if event is STOP:
                break
        if event is not None:
            runner.handle(event)
        runner.tick()
        if heartbeat is not None and (timed_out or event is not None):
            heartbeat()
