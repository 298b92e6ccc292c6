"""A simulated Raspberry Pi that runs the real Waveshare driver code off the Pi.

Only what lies below the vendor's code is replaced: the `spidev` module (a bus that records
commands and data, telling them apart by the DC pin's level at write time), the GPIO pins
(gpiozero's MockFactory, with a scripted BUSY pin and a RST pin that records resets), the
driver's Pi check (it greps /proc/cpuinfo), `RPi.GPIO` (imported, unused, by epd4in2_V2) and
time: the driver's `delay_ms` advances a virtual clock instead of sleeping. Used by the tests
and the panel traffic and driver cost benchmarks.
"""

from __future__ import annotations

import subprocess
import sys
import types
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Literal

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin

from hardware.panel_ram import SpiTraffic
from hardware.waveshare import WaveshareDisplay

BusyMode = Literal["alternate", "high", "low"]

DRIVER_PACKAGE = "epaper.e-Paper.RaspberryPi_JetsonNano.python.lib.waveshare_epd"
RST_PIN, DC_PIN, BUSY_PIN = 17, 25, 24
SPIDEV_WRITEBYTES_MAX = 4096  # the real spidev refuses longer lists in writebytes


class FakePi:
    """Fake SPI, mock pins and a virtual clock; use as a context manager, then `load` a model."""

    def __init__(self, busy: BusyMode = "alternate") -> None:
        self.traffic = SpiTraffic()
        self.busy: BusyMode = busy
        self.now = 0.0  # virtual seconds
        self.busy_reads = 0
        self.spi_opens = 0
        self._saved_modules: dict[str, types.ModuleType | None] = {}
        self._saved_factory: Any = None
        self._factory: MockFactory | None = None

    # -- virtual time ----------------------------------------------------------------------

    def clock(self) -> float:
        """The virtual time in seconds (what the driver's delays have added up to)."""
        return self.now

    def delay_ms(self, ms: float) -> None:
        """The driver's delay: advances the virtual clock instead of sleeping."""
        self.now += ms / 1000

    # -- pins ------------------------------------------------------------------------------

    def busy_level(self) -> bool:
        """The BUSY line's level for one read (each read takes 1 virtual ms)."""
        self.now += 0.001
        self.busy_reads += 1
        if self.busy == "alternate":
            return self.busy_reads % 2 == 1
        return self.busy == "high"

    def dc_high(self) -> bool:
        """The DC pin's level: high means the bytes on the bus are data, low a command."""
        assert self._factory is not None
        return bool(self._factory.pin(DC_PIN).state)

    # -- setup -----------------------------------------------------------------------------

    def __enter__(self) -> FakePi:
        for name in ("spidev", "RPi", "RPi.GPIO"):
            self._saved_modules[name] = sys.modules.get(name)
        sys.modules["spidev"] = _spidev_module(self)
        rpi = types.ModuleType("RPi")
        rpi_gpio = types.ModuleType("RPi.GPIO")
        rpi.GPIO = rpi_gpio  # type: ignore[attr-defined]  # a module built at run time
        sys.modules["RPi"], sys.modules["RPi.GPIO"] = rpi, rpi_gpio
        self._saved_factory = Device.pin_factory
        self._factory = MockFactory()
        Device.pin_factory = self._factory
        busy = self._factory.pin(BUSY_PIN, pin_class=BusyPin)
        reset = self._factory.pin(RST_PIN, pin_class=ResetPin)
        assert isinstance(busy, BusyPin) and isinstance(reset, ResetPin)
        busy.fake = reset.fake = self
        _purge_drivers()
        return self

    def __exit__(self, *exc: object) -> None:
        _purge_drivers()
        if self._factory is not None:
            self._factory.reset()
        Device.pin_factory = self._saved_factory
        for name, module in self._saved_modules.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module

    def load(self, model: str) -> types.ModuleType:
        """Import the vendor's driver module for `model` on this fake Pi."""
        import epaper

        with _cpuinfo_says_raspberry_pi():
            module: types.ModuleType = epaper.epaper(model)
        module.epdconfig.delay_ms = self.delay_ms
        return module

    def display(self, model: str, timeout_s: float | None = None) -> WaveshareDisplay:
        """Easel's display for `model` on the vendor's driver here, its deadlines on the virtual clock."""
        return WaveshareDisplay(model, self.load(model), clock=self.clock, timeout_s=timeout_s)


class BusyPin(MockPin):  # type: ignore[misc]  # gpiozero is untyped: MockPin is Any
    """The BUSY input, scripted by its FakePi."""

    fake: FakePi

    def _get_state(self) -> bool:
        return self.fake.busy_level()


class ResetPin(MockPin):  # type: ignore[misc]  # gpiozero is untyped: MockPin is Any
    """The RST output; a falling edge resets the controller, so it is recorded."""

    fake: FakePi

    def _change_state(self, value: bool) -> bool:
        changed: bool = super()._change_state(value)
        if changed and not value and getattr(self, "fake", None) is not None:
            self.fake.traffic.hw_reset()
        return changed


def _spidev_module(fake: FakePi) -> types.ModuleType:
    module = types.ModuleType("spidev")

    class SpiDev:
        """The calls epdconfig makes on spidev.SpiDev; writes go to the fake's traffic."""

        def __init__(self, bus: int | None = None, device: int | None = None) -> None:
            self.max_speed_hz = 0
            self.mode = 0
            self._open = False

        def open(self, bus: int, device: int) -> None:
            fake.spi_opens += 1
            self._open = True

        def close(self) -> None:
            self._open = False

        def writebytes(self, data: Iterable[int]) -> None:
            values = list(data)
            if len(values) > SPIDEV_WRITEBYTES_MAX:
                raise OverflowError("Argument list size exceeds 4096 bytes.")
            self._send(values)

        def writebytes2(self, data: Iterable[int]) -> None:
            self._send(data)

        def xfer3(self, data: Iterable[int]) -> list[int]:
            payload = self._send(data)
            return [0] * len(payload)

        def _send(self, data: Iterable[int]) -> bytes:
            if not self._open:
                raise OSError(9, "Bad file descriptor (SPI device not open)")
            masked = (int(v) & 0xFF for v in data)  # like the C module's cast to a byte
            payload = bytes(data) if isinstance(data, bytes | bytearray) else bytes(masked)
            fake.traffic.write(fake.dc_high(), payload)
            return payload

    module.SpiDev = SpiDev  # type: ignore[attr-defined]  # a module built at run time
    return module


def _purge_drivers() -> None:
    """Forget imported driver modules so the next import builds its pins on the current factory."""
    for name in [n for n in sys.modules if n.startswith(DRIVER_PACKAGE)]:
        del sys.modules[name]


@contextmanager
def _cpuinfo_says_raspberry_pi() -> Iterator[None]:
    """Answer epdconfig's `cat /proc/cpuinfo | grep Raspberry` as a Pi would."""
    real = subprocess.Popen

    class _CpuInfo:
        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

        def communicate(self, *args: object, **kwargs: object) -> tuple[str, None]:
            return "Model\t\t: Raspberry Pi 4 Model B Rev 1.4\n", None

    def popen(args: Any, *rest: Any, **kwargs: Any) -> Any:
        if isinstance(args, str) and "/proc/cpuinfo" in args:
            return _CpuInfo()
        return real(args, *rest, **kwargs)

    setattr(subprocess, "Popen", popen)  # noqa: B010 - mypy rejects assigning a class attr
    try:
        yield
    finally:
        setattr(subprocess, "Popen", real)  # noqa: B010
