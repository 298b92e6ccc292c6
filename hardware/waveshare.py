"""Waveshare e-paper panels through the vendor's drivers (the `waveshare-epaper` package).

The driver module is imported only when a real panel is opened: on import it checks for a
Raspberry Pi and claims GPIO 17, 18, 24 and 25 through gpiozero. Its BUSY waits are loops
with no timeout, so every driver call runs under a deadline checked each time the driver
reads a pin or delays: a panel whose BUSY line never settles raises `PanelTimeout` from
inside the loop, is powered down, and is re-initialised by the next call. The refresh
sequences themselves (bulk RAM writes around the vendor's init and update methods) are in
hardware/panel_models.py.
"""

from __future__ import annotations

import logging
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NoReturn

from PIL import Image

from hardware.display import Box, PanelSpec
from hardware.panel_models import MODELS, ModelError
from hardware.panels import call_timeout_s, panel

log = logging.getLogger(__name__)

Mode = Literal["off", "full", "fast", "partial"]  # what the controller was initialised for


class PanelError(RuntimeError):
    """The panel or its driver failed; the message is one line naming the model."""


class PanelTimeout(PanelError):
    """The panel kept its BUSY line asserted past the call's deadline."""


def load_driver(model: str, cpuinfo: Path = Path("/proc/cpuinfo")) -> types.ModuleType:
    """Import the vendor driver module for `model`; PanelError says why it cannot start."""
    panel(model)  # an unknown name fails with the list of models
    try:
        on_pi = "Raspberry" in cpuinfo.read_text(errors="replace")
    except OSError:
        on_pi = False
    if not on_pi:  # the driver would fall back to Jetson Nano code and fail obscurely
        raise PanelError(
            f"{model}: this is not a Raspberry Pi ({cpuinfo} does not say so); "
            "use a simulated display on other computers"
        )
    try:
        import epaper
    except ImportError:
        raise PanelError(
            f"{model}: the waveshare-epaper package is missing; install Easel with the pi "
            "extra (pip install 'easel-companion[pi]')"
        ) from None
    try:
        module: types.ModuleType = epaper.epaper(model)
    except Exception as exc:  # the driver's import runs hardware checks that fail many ways
        raise PanelError(
            f"{model}: the Waveshare driver could not start ({type(exc).__name__}: {exc}); "
            "is this a Raspberry Pi with SPI enabled (sudo raspi-config nonint do_spi 0) "
            "and GPIO 17, 18, 24, 25 free?"
        ) from None
    return module


def native_box(box: Box, spec: PanelSpec) -> tuple[int, int, int, int]:
    """A frame box as driver coordinates (x0, y0, x1, y1; ends exclusive), x aligned to 8.

    On a panel whose native width is not a multiple of 8 (the 2.13": 122), x1 may be the end of
    the RAM row (128), past the last pixel.
    """
    left, top, right, bottom = box
    if spec.rotation % 360 == 0:
        x0, y0, x1, y1 = left, top, right, bottom
        native_width = spec.width
    elif spec.rotation % 360 == 90:
        # The drivers turn the frame by +90 degrees: frame (x, y) lands on (y, width-1-x).
        x0, y0, x1, y1 = top, spec.width - right, bottom, spec.width - left
        native_width = spec.height
    else:
        raise ValueError(f"{spec.model}: rotation {spec.rotation} is not supported")
    x0 = x0 // 8 * 8
    x1 = min(-(-native_width // 8) * 8, -(-x1 // 8) * 8)  # a RAM row ends on a whole byte
    return x0, y0, x1, y1


class WaveshareDisplay:
    """A Waveshare panel driven through the vendor's module, with deadlines on every call."""

    def __init__(self, model: str, driver: types.ModuleType | None = None, *,
                 clock: Callable[[], float] = time.monotonic,
                 timeout_s: float | None = None) -> None:
        self.spec: PanelSpec = panel(model)
        if model not in MODELS:
            raise PanelError(f"{model}: no refresh sequences; supported: {', '.join(MODELS)}")
        self._driver = driver if driver is not None else load_driver(model)
        self._config: Any = self._driver.epdconfig
        self._model = MODELS[model](self._driver.EPD(), self._config, self.spec)
        self._clock = clock
        self._timeout_s = timeout_s if timeout_s is not None else call_timeout_s(self.spec)
        self._deadline: float | None = None
        self._call_name = ""
        self._mode: Mode = "off"
        self._closed = False
        self._original = {name: getattr(self._config, name) for name in ("digital_read",
                                                                       "delay_ms")}
        self._config.digital_read = self._guarded(self._original["digital_read"])
        self._config.delay_ms = self._guarded(self._original["delay_ms"])

    def _guarded(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any) -> Any:
            if self._deadline is not None and self._clock() > self._deadline:
                raise PanelTimeout(
                    f"{self.spec.model}: BUSY did not settle within {self._timeout_s:.0f} s "
                    f"during {self._call_name}; the panel does not respond"
                )
            return function(*args)
        return guarded

    def _run(self, name: str, step: Callable[[], None]) -> None:
        """Run one step under the deadline; on failure power the panel down."""
        if self._closed:
            raise PanelError(f"{self.spec.model}: the panel is closed")
        self._call_name = name
        self._deadline = self._clock() + self._timeout_s
        try:
            step()
        except PanelTimeout:
            self._power_down()
            raise
        except ModelError as exc:
            self._power_down()
            raise PanelError(f"{self.spec.model}: {exc}") from None
        except Exception as exc:
            self._power_down()
            raise PanelError(
                f"{self.spec.model}: {name} failed: {type(exc).__name__}: {exc}") from exc
        finally:
            self._deadline = None

    def _power_down(self) -> None:
        """Drop to a known state (SPI closed, panel power off); the next call re-initialises."""
        self._mode = "off"
        try:
            self._config.module_exit()
        except Exception as exc:
            log.warning("%s: power-down after a fault failed: %s", self.spec.model, exc)

    def _enter(self, mode: Mode) -> None:
        """Initialise the controller for `mode` unless it already is."""
        if self._mode == mode:
            return
        if mode == "full":
            self._call_name = "init"
            self._model.init_full()
        elif mode == "fast":
            self._call_name = "init_fast"
            self._model.init_fast()
        elif mode == "partial":
            self._call_name = "init_partial"
            self._model.init_partial()
        self._mode = mode

    def _buffer(self, image: Image.Image) -> bytes:
        if image.size != self.spec.size:
            raise ValueError(f"frame is {image.size[0]}x{image.size[1]} but {self.spec.model} "
                             f"shows {self.spec.width}x{self.spec.height}")
        return self._model.buffer(image)

    def _refuse(self, what: str, refresh: str) -> NoReturn:
        raise PanelError(f"{self.spec.model} has no {refresh} refresh; {what} cannot be used on it")

    def show_full(self, image: Image.Image) -> None:
        """Show a whole frame with a full refresh (both RAMs then hold it)."""
        ram = self._buffer(image)

        def step() -> None:
            self._enter("full")
            self._call_name = "show_full"
            self._model.full(ram)
        self._run("show_full", step)

    def show_fast(self, image: Image.Image) -> None:
        """Show a whole frame with the model's fast full refresh; partials then work from it."""
        if not self._model.has_fast or self.spec.fast_ms is None:
            self._refuse("show_fast", "fast")
        ram = self._buffer(image)

        def step() -> None:
            self._enter("fast")
            self._call_name = "show_fast"
            self._model.fast(ram)
        self._run("show_fast", step)

    def show_partial(self, image: Image.Image, box: Box) -> None:
        """Show a frame where only `box` changed; a full refresh if the panel lost its RAM."""
        if not self._model.has_partial:
            raise PanelError(f"{self.spec.model} has no partial refresh")
        if self._mode == "off":
            self.show_full(image)
            return
        ram = self._buffer(image)
        window = native_box(box, self.spec)

        def step() -> None:
            self._enter("partial")
            self._call_name = "show_partial"
            self._model.partial(ram, window)
        self._run("show_partial", step)

    def restore(self, image: Image.Image) -> None:
        """Wake the controller and load `image` (what the glass shows) into both RAMs."""
        if not self._model.has_partial:
            self._refuse("restore", "partial")
        ram = self._buffer(image)

        def step() -> None:
            self._call_name = "restore"
            self._mode = "off"  # the load re-initialises whatever state the controller had
            self._mode = self._model.load(ram)
        self._run("restore", step)

    def clear(self) -> None:
        """Blank the panel to white with a full refresh."""
        def step() -> None:
            self._enter("full")
            self._call_name = "clear"
            self._model.clear()
        self._run("clear", step)

    def sleep(self) -> None:
        """Deep-sleep the panel and cut its power; the next show re-initialises it."""
        if self._mode == "off" or self._closed:
            return

        def step() -> None:
            self._model.sleep()
            self._mode = "off"
        self._run("sleep", step)

    def close(self) -> None:
        """Sleep the panel and release its pins and SPI device."""
        if self._closed:
            return
        try:
            self.sleep()
        finally:
            self._closed = True
            for name, function in self._original.items():
                setattr(self._config, name, function)
            try:
                self._config.module_exit(cleanup=True)
            except Exception as exc:
                log.warning("%s: releasing pins failed: %s", self.spec.model, exc)
