"""The game behind the page: the runner and its loop thread, presses in, a panel/language switch.

The session lives in the SQLite store, so a switch of panel model or language stops the loop,
closes the store and starts a new runner on the same database with the new settings imposed:
the game goes on where it was.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from device.clock import Clock, MonotonicClock
from device.config import Config
from device.framework.resources import Resources
from device.framework.runner import DeviceSetup, Runner, RunnerDeps
from device.framework.session import stored_session
from device.i18n import LANGUAGES
from device.invocation import easel_command
from device.run.loop import STOP, run_loop
from device.run.web.glass import GlassHost
from device.run.web.hub import Hub
from device.run.web.readout import PressTimer, Reading
from device.settings import Settings
from device.storage.store import Store
from device.strings.all import STRINGS as T
from device.strings.web import WEB
from hardware.buzzer import PATTERNS, Sound
from hardware.events import BUTTONS, HOLD_MS, ButtonEvent
from hardware.panels import PANELS

log = logging.getLogger("easel")

# Each model's diagonal in inches and the string that names it around the diagonal.
PANEL_NAMES: dict[str, tuple[str, str]] = {
    "epd2in13_V4": ("2.13", "web.inches"), "epd2in7_V2": ("2.7", "web.inches_hat"),
    "epd2in9_V2": ("2.9", "web.inches"), "epd4in2_V2": ("4.2", "web.inches"),
    "epd7in5_V2": ("7.5", "web.inches"), "epd7in3f": ("7.3", "web.seven_colours"),
}
SLOW_MS = 10_000  # a full refresh this long (with no partial one) is worth a warning in the menu


def decimal(text: str, lang: str) -> str:
    """A decimal number as the language writes it (7.5 in English, 7,5 in French)."""
    return text.replace(".", ",") if lang == "fr" else text


def panel_name(model: str, lang: str) -> str:
    """How the page names a model: its diagonal (and HAT, or 7 colours), in the language's numbers."""
    diagonal, key = PANEL_NAMES[model]
    return T(lang, key, d=decimal(diagonal, lang))


def panel_note(model: str, lang: str) -> str:
    """A warning for a model whose every change is a long full refresh ('' for the others)."""
    spec = PANELS[model]
    if spec.partial != "none" or spec.full_ms < SLOW_MS:
        return ""
    return T(lang, "web.slow_panel", s=decimal(f"{spec.full_ms / 1000:g}", lang))
KEY_BUTTONS = ("up", "down", "ok", "back")  # the soft-key bar's order, KEY1..KEY4 on the HAT
TABLE_BUTTONS = (*(f"seat{i}" for i in range(1, 9)), "roll", "timer")
PAGE_STRINGS = WEB.keys()


def build_of(config: Config) -> str:
    """Which buttons the page draws: the HAT's four keys, or the table build's."""
    if config.four_keys_only:
        return "hat27"
    return "table"  # the table build, or no profile at all: the simulator offers every button


class Answer(threading.Event):
    """Set once a press is handled and saved; `resumed` when it only let held time run again."""

    resumed = False


class PageBuzzer:
    """The runner's buzzer: each sound goes to the pages, which beep with Web Audio."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def play(self, sound: Sound) -> None:
        """Send the sound's pattern (frequency, on ms, off ms steps) to every page."""
        self.hub.publish("sound", {"sound": sound, "steps": [list(step) for step in PATTERNS[sound]]})

    def close(self) -> None:
        """Nothing to release."""


class _Runner(Runner):
    """A runner that reports each handled press (for the press-to-glass readout)."""

    def __init__(self, table: WebTable, deps: RunnerDeps, device: DeviceSetup) -> None:
        self.table = table
        super().__init__(deps, device)

    def handle(self, event: ButtonEvent) -> None:
        """Handle the event, then time it until the glass shows the answer (a press that raised is
        let go unsaved, so no later press is answered with its arrival)."""
        resumed = self.held  # the first press after a stop mid-countdown only lets time run again
        try:
            super().handle(event)
        except BaseException:
            self.table.arrivals.let_go(event)
            raise
        self.table.handled(event, resumed)


class Arrivals:
    """Each queued press's arrival time and the answer set once it is handled and saved, paired
    with the press itself (not by queue order, which one press that raised would shift)."""

    def __init__(self) -> None:
        self._waiting: dict[int, tuple[ButtonEvent, float, Answer]] = {}
        self._lock = threading.Lock()

    def arrive(self, event: ButtonEvent) -> Answer:
        """Note a press as it is queued; the answer returned is set once it is handled and saved."""
        saved = Answer()
        with self._lock:
            self._waiting[id(event)] = (event, time.monotonic(), saved)  # held here: the id stays its own
        return saved

    def handled(self, event: ButtonEvent, resumed: bool = False) -> float:
        """The press is handled and saved (`resumed`: it only let held time run again): its waiter
        is told; returns when it arrived."""
        with self._lock:
            _, at, saved = self._waiting.pop(id(event), (event, time.monotonic(), Answer()))
        saved.resumed = resumed
        saved.set()
        return at

    def let_go(self, event: ButtonEvent) -> None:
        """The press raised: forget it, its waiter never told it was saved."""
        with self._lock:
            self._waiting.pop(id(event), None)

    def clear(self) -> None:
        """Forget every press (the loop restarts)."""
        with self._lock:
            self._waiting.clear()


class WebTable:
    """Owns the runner, its loop thread and the simulated panel; thread-safe entry points."""

    def __init__(self, config: Config, settings: Settings, seed: int, database: Path,
                 forced: dict[str, Any] | None = None, *, time_scale: float = 1.0, hub: Hub | None = None,
                 game_clock: Callable[[int], Clock] = MonotonicClock) -> None:
        self.config = config
        self.settings = settings
        self.seed = seed
        self.database = database
        self.forced = dict(forced or {})
        self.time_scale = time_scale
        self.game_clock = game_clock  # tests freeze the game's time; the panel's stays real
        self.hub = hub or Hub()
        self.build = build_of(config)
        self.command = easel_command()  # how the user starts Easel here, for the page's hints
        self.timer = PressTimer(lambda r: self.hub.publish("readout", r.to_dict()))
        self.glass = GlassHost(self.hub, self.timer, time_scale=time_scale, sleep_after_s=config.sleep_after_s)
        self._lock = threading.RLock()
        self.arrivals = Arrivals()
        self._events: queue.Queue[ButtonEvent | None] = queue.Queue()
        self._runner: Runner | None = None
        self._store: Store | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._shown_view: tuple[str, str] | None = None

    # -- lifecycle -------------------------------------------------------------------------------

    def start(self, keep_choice: bool = False) -> None:
        """Open the store, resume (or start) the game and run the loop on its own thread.

        `keep_choice`: save the session before the loop starts, so a panel or language chosen on
        the page survives a restart even if no press follows.
        """
        with self._lock:
            self._store = Store(self.database)
            resources = Resources(dice_file=self.config.dice_file, word_packs=self.config.word_packs)
            deps = RunnerDeps(store=self._store, resources=resources, sink=self.glass,
                              clock=self.game_clock(self._store.resume_ms()), buzzer=PageBuzzer(self.hub))
            self._runner = _Runner(self, deps, DeviceSetup(settings=self.settings, seed=self.seed, forced=self.forced,
                                                            seat_buttons=not self.config.four_keys_only))
            self.glass.use(self._runner.session.settings.panel)  # the glass exists before the first frame
            self._runner.show()  # handed over before start() returns (the loop's own first show changes nothing)
            if keep_choice:
                self._store.save(stored_session(self._runner.session), self._runner.clock.now_ms())
            self._events = queue.Queue()
            self.arrivals.clear()
            self._stop = threading.Event()
            self._thread = threading.Thread(target=self._loop, args=(self._runner, self._events, self._stop),
                                            name="easel-loop", daemon=True)
            self._thread.start()
            self._shown_view = None
            self.publish_view()



    def _loop(self, runner: Runner, events: queue.Queue[ButtonEvent | None], stop: threading.Event) -> None:
        try:
            run_loop(runner, events, stop)
        except Exception:  # a bug: say so on the terminal, the server keeps answering
            log.exception("the game loop stopped")
            raise

    def stop(self) -> None:
        """Stop the loop (every handled press is already saved), the panel and the store."""
        with self._lock:
            self._halt("closed")
            self.glass.close()
            self.timer.close()

    def _halt(self, how: Literal["closed", "switch"]) -> None:
        """Stop the loop and close the store, marking where a running sandglass stands: held at the
        next start after a stop, running on through a view switch."""
        if self._thread is not None:
            self._events.put(STOP)  # after the presses already queued: each is handled and saved first
            self._thread.join()
            self._thread = None
        if self._runner is not None:
            self._runner.shutdown(how)
        elif self._store is not None:
            self._store.close()
        self._store = None
        self._runner = None

    def switch(self, panel: str | None = None, language: str | None = None) -> None:
        """Restart the view with another panel model and/or language; the game is kept."""
        if panel is not None and panel not in PANELS:
            raise ValueError(f"unknown panel {panel!r}; choose one of: {', '.join(PANELS)}")
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; choose en or fr")
        with self._lock:
            self._halt("switch")
            if panel is not None:
                self.forced["panel"] = panel
                self.timer.reset()
            if language is not None:
                self.forced["language"] = language
            self.start(keep_choice=True)

    # -- presses ---------------------------------------------------------------------------------

    def press(self, button: str, hold: bool = False) -> Answer:
        """Queue a press (or hold) of a logical button; the answer is set once it is handled and saved
        (`resumed`: it only let a sandglass held after a stop run again).

        ValueError names the valid buttons.
        """
        if button not in BUTTONS:
            raise ValueError(f"unknown button {button!r}; valid buttons: {', '.join(BUTTONS)}")
        event = ButtonEvent(button, "hold" if hold else "press")
        with self._lock:
            saved = self.arrivals.arrive(event)
            self._events.put(event)
        return saved

    def handled(self, event: ButtonEvent, resumed: bool = False) -> None:
        """Called on the loop thread after each press: start timing it to the glass."""
        at = self.arrivals.handled(event, resumed)
        if self.glass.worker is not None:
            self.timer.pressed(at, self.glass.worker, self.glass.take_secret())
        self.publish_view()

    def publish_view(self) -> None:
        """Tell the pages the panel model and language, when they changed (Settings can change them)."""
        runner = self._runner
        if runner is None:
            return
        current = (runner.session.settings.panel, runner.session.settings.language)
        if current != self._shown_view:
            self._shown_view = current
            self.hub.publish("view", self.view())

    @property
    def reading(self) -> Reading:
        """The readout now."""
        return self.timer.reading

    @property
    def runner(self) -> Runner | None:
        """The running runner (None while switching or stopped)."""
        return self._runner

    # -- what the page draws ---------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The panel model, its size and times, the build's buttons and the page's texts."""
        session = self._runner.session if self._runner is not None else None
        settings = session.settings if session is not None else self.settings
        spec = PANELS[settings.panel]
        lang = settings.language
        return {
            "panel": spec.model, "name": panel_name(spec.model, lang), "width": spec.width, "height": spec.height,
            "colour": spec.colour, "full_ms": spec.full_ms, "fast_ms": spec.fast_ms,
            "partial_ms": spec.partial_ms if spec.partial != "none" else None,
            "time_scale": self.time_scale, "language": lang, "build": self.build,
            "keys": list(KEY_BUTTONS), "table": list(TABLE_BUTTONS) if self.build == "table" else [],
            "hold_ms": HOLD_MS, "note": panel_note(spec.model, lang),
            "panels": [[model, panel_name(model, lang), panel_note(model, lang)] for model in PANELS],
            "strings": {key[4:]: T(lang, key, **({"easel": self.command} if key == "web.disconnected" else {}))
                        for key in PAGE_STRINGS},
            "help": T(lang, "web.keys_help_" + self.build),
        }
