"""Per-model refresh sequences on top of the vendor's Waveshare drivers.

The vendor's init, LUT and display-update methods run as they are. What this module changes
is how the pixels travel and what the controller keeps afterwards:

- a RAM plane goes in one bulk SPI transfer (`spi_writebyte2`), where some vendor methods
  send one byte per call (epd2in7_V2) or build Python lists per pixel (getbuffer);
- after a refresh both RAMs hold the frame on the glass: the new-image RAM and the base RAM a
  differential (partial) refresh compares it with. The vendor's fast refresh on the 2.13" and
  2.7" writes only the new-image RAM, and its partials on the 2.13", 2.7" and 4.2" leave the
  base behind, so a pixel that changes and later changes back would not be driven;
- `load` writes the frame the glass shows into both RAMs without refreshing (waking from
  sleep), so the next partial changes only what differs;
- the 2.7" partial keeps its window but drops the vendor's controller reset (0.4 s of fixed
  delays): every register the reset restores is set again by the sequence itself.

Frames arrive as `ram` bytes: the controllers' 1-bit layout in the driver's orientation, rows
MSB first, a set bit white (`native_bytes`).
"""

from __future__ import annotations

import abc
import types
from typing import Any, Literal

from PIL import Image

from hardware.display import PanelSpec

Window = tuple[int, int, int, int]  # native x0, y0, x1, y1; x0 and x1 multiples of 8, ends excl.
LoadedMode = Literal["full", "partial"]  # what `load` leaves the controller initialised for
INVERT = bytes(b ^ 0xFF for b in range(256))  # bytes.translate table: black-is-1 <-> white-is-1


class ModelError(RuntimeError):
    """The model cannot do what was asked (the adapter reports it as a PanelError)."""


def native_bytes(image: Image.Image, spec: PanelSpec) -> bytes:
    """A frame as the controller's 1-bit RAM: driver orientation, rows MSB first, 1 = white."""
    mono = image if image.mode == "1" else image.convert("1")  # dithers, as the vendor's does
    if spec.rotation % 360 == 90:
        mono = mono.rotate(90, expand=True)  # what the vendors' getbuffer does, in C
    elif spec.rotation % 360:
        raise ValueError(f"{spec.model}: rotation {spec.rotation} is not supported")
    return mono.tobytes()


def window_bytes(ram: bytes, row_bytes: int, window: Window) -> bytes:
    """The bytes of `window` out of a whole RAM plane, row after row."""
    x0, y0, x1, y1 = window
    return b"".join(ram[y * row_bytes + x0 // 8: y * row_bytes + x1 // 8] for y in range(y0, y1))


class PanelModel(abc.ABC):
    """One model's refresh sequences; subclasses say which vendor methods do what."""

    has_fast = True
    has_partial = True

    def __init__(self, epd: Any, config: types.ModuleType, spec: PanelSpec) -> None:
        self.epd = epd
        self.config = config
        self.spec = spec
        self.row_bytes = (epd.width + 7) // 8

    # -- the bus ---------------------------------------------------------------------------

    def command(self, command: int, data: bytes = b"") -> None:
        """A command byte (the vendor's send_command), then its data in one transfer."""
        self.epd.send_command(command)
        if data:
            self.data(data)

    def data(self, payload: bytes) -> None:
        """Data bytes in one SPI transfer, framed as the vendor's send_data2 frames them."""
        self.config.digital_write(self.epd.dc_pin, 1)
        self.config.digital_write(self.epd.cs_pin, 0)
        self.config.spi_writebyte2(payload)
        self.config.digital_write(self.epd.cs_pin, 1)

    def checked(self, result: Any, step: str) -> None:
        """Vendor init methods return -1 when the SPI device would not open."""
        if result not in (0, None):
            raise ModelError(f"{step} failed")

    # -- what the display adapter calls ----------------------------------------------------

    def buffer(self, image: Image.Image) -> bytes:
        """The bytes `full` and friends take for a frame."""
        return native_bytes(image, self.spec)

    def init_full(self) -> None:
        """Initialise the controller for full refreshes."""
        self.checked(self.epd.init(), "init")

    def init_fast(self) -> None:
        """Initialise the controller for the model's fast full refresh."""
        raise ModelError("has no fast refresh")

    def init_partial(self) -> None:  # noqa: B027 - a hook: most models need nothing here
        """Prepare partial refreshes after a full or fast one (most models need nothing)."""

    @abc.abstractmethod
    def full(self, ram: bytes) -> None:
        """Full refresh; both RAMs end up holding `ram`."""

    def fast(self, ram: bytes) -> None:
        """Fast full refresh (after init_fast); both RAMs end up holding `ram`."""
        raise ModelError("has no fast refresh")

    def partial(self, ram: bytes, window: Window) -> None:
        """Partial refresh of `window` from the base RAM; both RAMs end up holding `ram`."""
        raise ModelError("has no partial refresh")

    def load(self, ram: bytes) -> LoadedMode:
        """Initialise and write `ram` to both RAMs with no refresh; the mode it leaves."""
        raise ModelError("has no partial refresh")

    def clear(self) -> None:
        """Blank the panel to white with a full refresh (after init_full)."""
        white = Image.new("1", self.spec.size, 1)
        self.full(self.buffer(white))

    def sleep(self) -> None:
        """Deep sleep; the vendor's sleep also powers the HAT down."""
        self.epd.sleep()


class SsdModel(PanelModel):
    """The SSD1680/SSD1683 family: new-image RAM 0x24, base RAM 0x26, windowed addressing."""

    def set_window(self, window: Window) -> None:
        """RAM window and address counter, per the controller's 0x44/0x45/0x4E/0x4F."""
        x0, y0, x1, y1 = window
        last_x, last_y = x1 // 8 - 1, y1 - 1
        self.command(0x44, bytes((x0 // 8, last_x)))
        self.command(0x45, bytes((y0 & 0xFF, y0 >> 8, last_y & 0xFF, last_y >> 8)))
        self.command(0x4E, bytes((x0 // 8,)))
        self.command(0x4F, bytes((y0 & 0xFF, y0 >> 8)))

    def whole(self) -> Window:
        """The whole RAM as a window."""
        return 0, 0, self.row_bytes * 8, self.epd.height

    def write_plane(self, command: int, ram: bytes, window: Window | None = None) -> None:
        """Write `window` (default: all) of `ram` into RAM 0x24 or 0x26, in one transfer."""
        window = window or self.whole()
        self.set_window(window)
        payload = ram if window == self.whole() else window_bytes(ram, self.row_bytes, window)
        self.command(command, payload)

    def write_both(self, ram: bytes, window: Window | None = None) -> None:
        """The frame into the new-image RAM and the base RAM."""
        self.write_plane(0x24, ram, window)
        self.write_plane(0x26, ram, window)

    def load(self, ram: bytes) -> LoadedMode:
        """Initialise for full refreshes and fill both RAMs, without a display update."""
        self.init_full()
        self.write_both(ram)
        return "full"


class Epd2in13V4(SsdModel):
    """2.13" V4: the vendor's methods already send planes in bulk; fast and partial keep the base."""

    def init_fast(self) -> None:
        """The vendor's fast init (temperature register trick)."""
        self.checked(self.epd.init_fast(), "init_fast")

    def full(self, ram: bytes) -> None:
        """The vendor's base-image refresh: both RAMs, full update."""
        self.epd.displayPartBaseImage(ram)

    def fast(self, ram: bytes) -> None:
        """Both RAMs (the vendor's display_fast writes only 0x24), then the fast update."""
        self.write_both(ram)
        self.epd.TurnOnDisplay_Fast()

    def partial(self, ram: bytes, window: Window) -> None:
        """The vendor's partial (short reset pulse, whole plane), then the base follows."""
        self.epd.displayPartial(ram)
        self.write_plane(0x26, ram, window)  # only the window changed since the last refresh


class Epd2in7V2(SsdModel):
    """2.7" V2: bulk planes instead of one SPI call per byte; windowed partial with no reset."""

    def init_fast(self) -> None:
        """The vendor's fast init (temperature register trick)."""
        self.checked(self.epd.init_Fast(), "init_Fast")

    def full(self, ram: bytes) -> None:
        """Both RAMs, then the vendor's full update."""
        self.write_both(ram)
        self.epd.TurnOnDisplay()

    def fast(self, ram: bytes) -> None:
        """Both RAMs (the vendor's display_Fast writes only 0x24), then the fast update."""
        self.write_both(ram)
        self.epd.TurnOnDisplay_Fast()

    def partial(self, ram: bytes, window: Window) -> None:
        """The vendor's partial sequence minus its reset: border, window, 0x24, update; base."""
        # The vendor's reset restores defaults that this sequence sets again itself (window,
        # counters, border); data entry mode stays as init set it.
        self.command(0x3C, b"\x80")
        self.write_plane(0x24, ram, window)
        self.epd.TurnOnDisplay_Partial()
        self.write_plane(0x26, ram, window)


class Epd2in9V2(SsdModel):
    """2.9" V2: vendor methods send planes in bulk; its partial's RAM ping-pong keeps the base."""

    def init_fast(self) -> None:
        """The vendor's fast init (loads its WF_FULL LUT)."""
        self.checked(self.epd.init_Fast(), "init_Fast")

    def full(self, ram: bytes) -> None:
        """The vendor's display_Base: both RAMs, update with the loaded LUT."""
        self.epd.display_Base(ram)

    def fast(self, ram: bytes) -> None:
        """display_Base again: after init_Fast the loaded LUT is the fast one."""
        self.epd.display_Base(ram)

    def partial(self, ram: bytes, window: Window) -> None:
        """The vendor's partial: partial LUT, ping-pong on (0x37), 0x24, mode-2 update."""
        self.epd.display_Partial(ram)


class Epd4in2V2(SsdModel):
    """4.2" V2: vendor methods send planes in bulk; its partial leaves the base behind."""

    def init_fast(self) -> None:
        """The vendor's fast init, in its 1.5 s mode."""
        self.checked(self.epd.init_fast(self.epd.Seconds_1_5S), "init_fast")

    def full(self, ram: bytes) -> None:
        """The vendor's display: both RAMs, full update."""
        self.epd.display(ram)

    def fast(self, ram: bytes) -> None:
        """The vendor's display_Fast: both RAMs, fast update."""
        self.epd.display_Fast(ram)

    def partial(self, ram: bytes, window: Window) -> None:
        """The vendor's partial (whole plane into 0x24), then the base follows."""
        self.epd.display_Partial(ram)
        self.write_plane(0x26, ram, window)  # only the window changed since the last refresh


class Epd7in5V2(PanelModel):
    """7.5" V2 (UC8179): old data 0x10 is the partial base, new data 0x13; window 0x90."""

    # CDI (0x50) as the vendor's partial sets it: new data read with 1 = white (DDX=01) and
    # N2OCP on, so after each refresh the controller copies the new data into the old.
    PARTIAL_CDI = b"\xA9\x07"

    def init_fast(self) -> None:
        """The vendor's fast init."""
        self.checked(self.epd.init_fast(), "init_fast")

    def init_partial(self) -> None:
        """The vendor's partial init (a reset and power-on with the partial settings)."""
        self.checked(self.epd.init_part(), "init_part")

    def refresh(self) -> None:
        """Display refresh (DRF), then wait for BUSY as the vendor's display does."""
        self.epd.send_command(0x12)
        self.config.delay_ms(100)
        self.epd.ReadBusy()

    def full(self, ram: bytes) -> None:
        """Old data = the frame (white-is-1), new data = its inverse (DDX=00 reads black-is-1)."""
        self.command(0x10, ram)
        self.command(0x13, ram.translate(INVERT))
        self.refresh()

    def fast(self, ram: bytes) -> None:
        """Same RAM writes as the full refresh; init_fast chose the faster waveform."""
        self.full(ram)

    def partial(self, ram: bytes, window: Window) -> None:
        """The vendor's partial, sending only the window's bytes (it sends a whole frame)."""
        x0, y0, x1, y1 = window
        self.command(0x50, self.PARTIAL_CDI)
        self.epd.send_command(0x91)  # partial in
        self.command(0x90, bytes((x0 >> 8, x0 & 0xFF, (x1 - 1) >> 8, (x1 - 1) & 0xFF,
                                  y0 >> 8, y0 & 0xFF, (y1 - 1) >> 8, (y1 - 1) & 0xFF, 0x01)))
        self.command(0x13, window_bytes(ram, self.row_bytes, window))
        self.refresh()

    def load(self, ram: bytes) -> LoadedMode:
        """Partial init, the partial's CDI, and the frame into old and new data; no refresh."""
        self.init_partial()
        self.command(0x50, self.PARTIAL_CDI)
        self.command(0x10, ram)
        self.command(0x13, ram)
        return "partial"


class Epd7in3f(PanelModel):
    """7.3" (F), seven colours: the vendor's own methods (already bulk); full refresh only."""

    has_fast = False
    has_partial = False

    def buffer(self, image: Image.Image) -> bytes:
        """The vendor getbuffer's bytes (dithered to the 7 inks, two 4-bit pixels a byte),
        packed in C rather than its per-pixel Python loop."""
        if image.size != (self.epd.width, self.epd.height):
            raise ValueError(f"{self.spec.model}: rotation is not supported")
        indices = image.convert("RGB").quantize(palette=acep_palette()).tobytes()
        high = indices[0::2].translate(SHIFT_4)
        low = indices[1::2]
        packed = int.from_bytes(high, "big") | int.from_bytes(low, "big")
        return packed.to_bytes(len(high), "big")

    def full(self, ram: bytes) -> None:
        """The vendor's display."""
        self.epd.display(ram)

    def clear(self) -> None:
        """The vendor's Clear (white)."""
        self.epd.Clear()


# The 7-colour panel's palette indices, in the order its driver's getbuffer builds them.
ACEP_PALETTE: tuple[tuple[int, int, int], ...] = (
    (0, 0, 0), (255, 255, 255), (0, 255, 0), (0, 0, 255), (255, 0, 0), (255, 255, 0),
    (255, 128, 0),
)
SHIFT_4 = bytes((b << 4) & 0xFF for b in range(256))  # a palette index into the high nibble


def acep_palette() -> Image.Image:
    """The 7-colour panel's inks in its index order, as a PIL palette image."""
    palette = Image.new("P", (1, 1))
    palette.putpalette([c for rgb in ACEP_PALETTE for c in rgb] + [0, 0, 0] * 249)
    return palette


MODELS: dict[str, type[PanelModel]] = {
    "epd2in13_V4": Epd2in13V4,
    "epd2in7_V2": Epd2in7V2,
    "epd2in9_V2": Epd2in9V2,
    "epd4in2_V2": Epd4in2V2,
    "epd7in5_V2": Epd7in5V2,
    "epd7in3f": Epd7in3f,
}
