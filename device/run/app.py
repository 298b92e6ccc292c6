"""`easel play`: wire config, storage, display, buttons and buzzer around the loop, then run."""

from __future__ import annotations

import logging
import queue
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from device.clock import MonotonicClock
from device.config import Config
from device.framework.resources import Resources
from device.framework.runner import DeviceSetup, Runner, RunnerDeps
from device.invocation import easel_command
from device.run.logs import setup_logging
from device.run.loop import STOP, run_loop
from device.settings import Settings
from device.storage.store import Store
from hardware.events import ButtonEvent
from hardware.panels import PANELS

log = logging.getLogger("easel")


class TerminalSink:
    """Frames straight to the terminal simulator (it has no refresh cost to plan around)."""

    def __init__(self, display: Any) -> None:
        self.display = display

    def submit(self, image: Any, screen_key: str, hide_secret: bool = False, activity: Any = None) -> None:
        """Draw the frame now."""
        self.display.show_full(image)

    def close(self, clear: bool = False) -> None:
        """Leave the terminal tidy."""
        self.display.close()


def run_interactive(config: Config, settings: Settings, seed: int, database: Path,
                    forced: dict[str, Any] | None = None) -> int:
    """Run until `q`, Ctrl-C or SIGTERM; returns the exit code."""
    from hardware.keyboard import Keyboard
    from hardware.terminal import TerminalBell, TerminalDisplay

    if config.real_panel:
        from device.run.hardware_setup import run_on_hardware

        return run_on_hardware(config, settings, seed, database)
    if not sys.stdin.isatty():
        print("easel: the terminal simulator needs a terminal; use --web for the browser page, or "
              "--headless --script FILE", file=sys.stderr)
        return 2
    store = Store(database)  # refuses a database that is not Easel's before anything is written
    try:
        setup_logging(database.parent)
    except BaseException:
        store.close()
        raise
    clock = MonotonicClock(store.resume_ms())
    display = TerminalDisplay(PANELS[settings.panel], command=easel_command())
    sink = TerminalSink(display)
    resources = Resources(dice_file=config.dice_file, word_packs=config.word_packs)
    runner = Runner(RunnerDeps(store=store, resources=resources, sink=sink, clock=clock, buzzer=TerminalBell()),
                    DeviceSetup(settings=settings, seed=seed, forced=forced or {},
                                seat_buttons=not config.four_keys_only))
    events: queue.Queue[ButtonEvent | None] = queue.Queue()
    stop = threading.Event()
    keyboard = Keyboard(events.put)
    previous = signal.signal(signal.SIGTERM, lambda *_: events.put(STOP))
    unwatch = display.watch_resizes()
    keyboard.start()
    try:
        run_loop(runner, events, stop)
    finally:
        keyboard.close()
        unwatch()
        signal.signal(signal.SIGTERM, previous)
        sink.close()
        write_error = store.write_error
        unsaved = runner.shutdown()
    from device.storage.unsaved import report_unsaved

    return report_unsaved(unsaved, write_error, database)
