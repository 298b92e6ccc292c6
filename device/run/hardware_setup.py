"""`easel play` on a Raspberry Pi: the Waveshare panel behind the display worker, GPIO buttons
and/or a serial pad, a buzzer, systemd's notify and watchdog, and a clean exit on SIGTERM."""

from __future__ import annotations

import logging
import queue
import signal
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

from device.clock import MonotonicClock
from device.config import Config, pin_map
from device.display.display_worker import DisplayWorker
from device.display.refresh import RefreshPlanner
from device.errors import UserError
from device.framework.resources import Resources
from device.framework.runner import DeviceSetup, Runner, RunnerDeps
from device.run.logs import setup_logging
from device.run.loop import STOP, run_loop
from device.settings import Settings
from device.storage.store import Store
from device.strings.all import STRINGS as T
from hardware import sdnotify
from hardware.claim import DevicesBusy, claim
from hardware.events import ButtonEvent

log = logging.getLogger("easel")


def button_sources(config: Config) -> list[Any]:
    """The configured inputs: GPIO buttons from the pin map, and the serial pad if any."""
    from hardware.buttons import GpioButtons
    from hardware.serial_pad import SerialPad, SerialPadError, check_serial_path

    sources: list[Any] = []
    pins = pin_map(config)
    if pins:
        sources.append(GpioButtons(pins))
    if config.serial:
        try:
            check_serial_path(config.serial)
        except SerialPadError as exc:
            raise UserError(f"{config.source}: {exc}") from None
        sources.append(SerialPad(config.serial))
    return sources


def has_seat_buttons(config: Config) -> bool:
    """True when the build has seat buttons: a seat in the pin map, or a serial button pad."""
    return bool(config.serial) or any(name.startswith("seat") for name in pin_map(config))


def open_display(config: Config) -> Any:
    """The Waveshare panel named in the config; UserError (one line) when it cannot start."""
    from hardware.waveshare import PanelError, WaveshareDisplay

    try:
        return WaveshareDisplay(config.panel)
    except PanelError as exc:
        raise UserError(str(exc)) from None


class PanelWatch:
    """Shows a panel fault on the next frame that gets through, and pings systemd."""

    def __init__(self, runner: Runner, worker: DisplayWorker) -> None:
        self.runner = runner
        self.worker = worker
        self.ready_sent = False

    def __call__(self) -> None:
        """Called by the loop after each event and each wake-up."""
        if not self.ready_sent:
            self.ready_sent = sdnotify.ready() or True
        sdnotify.watchdog()
        fault = self.worker.status.fault
        if fault:
            log.error("panel fault: %s", fault)
            lang = self.runner.session.settings.language
            self.runner.session = replace(self.runner.session, message=T(lang, "panel_fault", message=fault))
            self.worker.clear_fault()
            self.runner.show()


def run_on_hardware(config: Config, settings: Settings, seed: int, database: Path) -> int:
    """Run on the real panel until SIGTERM/SIGINT; returns the exit code."""
    try:
        held = claim()  # before any pin or the panel is touched: one Easel at a time
    except DevicesBusy as busy:
        who = f"Easel (pid {busy.pid})" if busy.pid is not None else "another Easel"
        raise UserError(f"{busy.node} is in use by {who}: stop it first (sudo systemctl stop "
                        "easel, or quit that 'easel play')") from None
    try:
        return _run_held(config, settings, seed, database)
    finally:
        held.release()


def _run_held(config: Config, settings: Settings, seed: int, database: Path) -> int:
    sources = button_sources(config)
    display = open_display(config)
    store = Store(database)  # refuses a database that is not Easel's before anything is written
    setup_logging(database.parent)
    worker = DisplayWorker(display, RefreshPlanner(display.spec), idle_sleep_s=config.sleep_after_s)
    buzzer = None
    if config.buzzer_pin:
        from hardware.gpio_buzzer import GpioBuzzer

        buzzer = GpioBuzzer(config.buzzer_pin, tonal=config.buzzer_tonal)
    resources = Resources(dice_file=config.dice_file, word_packs=config.word_packs)
    runner = Runner(RunnerDeps(store=store, resources=resources, sink=worker, clock=MonotonicClock(store.resume_ms()),
                               buzzer=buzzer),
                    DeviceSetup(settings=settings, seed=seed, panel_locked=True, forced={"panel": config.panel},
                                seat_buttons=has_seat_buttons(config)))
    events: queue.Queue[ButtonEvent | None] = queue.Queue()
    stop = threading.Event()
    handlers = {sig: signal.signal(sig, lambda *_: events.put(STOP)) for sig in (signal.SIGTERM, signal.SIGINT)}
    watch = PanelWatch(runner, worker)
    interval = sdnotify.watchdog_interval_s()
    try:
        for source in sources:
            source.start(events.put)
        log.info("started on %s with %d input source(s)", config.panel, len(sources))
        run_loop(runner, events, stop, heartbeat=watch,
                 heartbeat_ms=int(interval * 1000) if interval else 60_000)
    finally:
        sdnotify.stopping()
        for source in sources:
            source.close()
        worker.close(clear=config.clear_on_exit)
        display.close()
        if buzzer is not None:
            buzzer.close()
        write_error = store.write_error
        unsaved = runner.shutdown()
        for sig, previous in handlers.items():
            signal.signal(sig, previous)
        log.info("stopped cleanly" if not unsaved else f"stopped with {unsaved} steps not saved")
    from device.storage.unsaved import report_unsaved

    return report_unsaved(unsaved, write_error, database)
