"""Waveshare e-paper panels through the vendor's drivers (the `waveshare-epaper` package).

The driver module is imported only when a real panel is opened: on import it checks for a
Raspberry Pi and claims GPIO 17, 18, 24 and 25 through gpiozero. Its BUSY waits are loops
with no timeout, so every driver call runs under a deadline checked each time the driver
reads a pin or delays: a panel whose BUSY line never settles raises `PanelTimeout` from
inside the loop, is powered down, and is re-initialised by the next call.
"""

from __future__ import annotations

import logging
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from PIL import Image

from hardware.display import Box, PanelSpec
from hardware.panels import call_timeout_s, panel

log = logging.getLogger(__name__)

Mode = Literal["off", "full", "partial"]


class PanelError(RuntimeError):
    """The panel or its driver failed; the message is one line naming the model."""


class PanelTimeout(PanelError):
    """The panel kept its BUSY line asserted past the call's deadline."""


@dataclass(frozen=True)
class Recipe:
    """Which driver methods do what on one model."""

    full: str  # a full refresh that also stores the base image partial refreshes start from
    partial: str | None = None
    window: bool = False  # the partial method takes a window (native x aligned to 8 pixels)
    window_buffer: bool = False  # ... and wants only the window's bytes, not the whole buffer
    partial_init: str | None = None  # called once before a run of partial refreshes
    init: str = "init"
    clear: str = "Clear"


RECIPES: dict[str, Recipe] = {
    "epd2in13_V4": Recipe(full="displayPartBaseImage", partial="displayPartial"),
    "epd2in7_V2": Recipe(full="display_Base", partial="display_Partial", window=True),
    "epd2in9_V2": Recipe(full="display_Base", partial="display_Partial"),
    "epd4in2_V2": Recipe(full="display", partial="display_Partial"),
    "epd7in5_V2": Recipe(full="display", partial="display_Partial", window=True,
                         window_buffer=True, partial_init="init_part"),
    "epd7in3f": Recipe(full="display"),
}


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
    """A frame box as driver coordinates (x0, y0, x1, y1; ends exclusive), x aligned to 8."""
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
    x1 = min(native_width, -(-x1 // 8) * 8)
    return x0, y0, x1, y1


class WaveshareDisplay:
    """A Waveshare panel driven by the vendor's module, with deadlines on every call."""

    def __init__(self, model: str, driver: types.ModuleType | None = None, *,
                 clock: Callable[[], float] = time.monotonic,
                 timeout_s: float | None = None) -> None:
        self.spec: PanelSpec = panel(model)
        if model not in RECIPES:
            raise PanelError(f"{model}: no refresh recipe; supported: {', '.join(RECIPES)}")
        self._recipe = RECIPES[model]
        self._driver = driver if driver is not None else load_driver(model)
        self._config: Any = self._driver.epdconfig
        self._epd: Any = self._driver.EPD()
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

    def _call(self, name: str, *args: Any) -> Any:
        """Run one driver method under the deadline; on failure power the panel down."""
        if self._closed:
            raise PanelError(f"{self.spec.model}: the panel is closed")
        self._call_name = name
        self._deadline = self._clock() + self._timeout_s
        try:
            return getattr(self._epd, name)(*args)
        except PanelTimeout:
            self._power_down()
            raise
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
        """Initialise the controller for full refreshes, or for partial ones."""
        if mode == "full" and self._mode != "full":
            self._init()
        elif mode == "partial" and self._mode != "partial":
            if self._mode == "off":
                self._init()
            if self._recipe.partial_init:
                self._call(self._recipe.partial_init)
            self._mode = "partial"

    def _init(self) -> None:
        if self._call(self._recipe.init) not in (0, None):
            self._power_down()
            raise PanelError(f"{self.spec.model}: init failed")
        self._mode = "full"

    def _buffer(self, image: Image.Image) -> Any:
        if image.size != self.spec.size:
            raise ValueError(f"frame is {image.size[0]}x{image.size[1]} but {self.spec.model} "
                             f"shows {self.spec.width}x{self.spec.height}")
        return self._epd.getbuffer(image)

    def show_full(self, image: Image.Image) -> None:
        """Show a whole frame with a full refresh (and store it as the partial base)."""
        buffer = self._buffer(image)
        self._enter("full")
        self._call(self._recipe.full, buffer)

    def show_partial(self, image: Image.Image, box: Box) -> None:
        """Show a frame where only `box` changed; a full refresh if the panel lost its base."""
        recipe = self._recipe
        if recipe.partial is None:
            raise PanelError(f"{self.spec.model} has no partial refresh")
        if self._mode == "off":
            self.show_full(image)
            return
        buffer = self._buffer(image)
        self._enter("partial")
        if not recipe.window:
            self._call(recipe.partial, buffer)
            return
        x0, y0, x1, y1 = native_box(box, self.spec)
        if recipe.window_buffer:
            row = self._epd.width // 8
            buffer = b"".join(bytes(buffer[y * row + x0 // 8: y * row + x1 // 8])
                              for y in range(y0, y1))
        self._call(recipe.partial, buffer, x0, y0, x1, y1)

    def clear(self) -> None:
        """Blank the panel to white with a full refresh."""
        self._enter("full")
        self._call(self._recipe.clear)

    def sleep(self) -> None:
        """Deep-sleep the panel and cut its power; the next show re-initialises it."""
        if self._mode == "off" or self._closed:
            return
        self._call("sleep")
        self._mode = "off"

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
