"""What a Waveshare panel's controller makes of the bytes it receives.

`SpiTraffic` records the SPI bus split into commands (DC low) and data (DC high), plus
hardware resets, and counts the SPI transfers (one per spidev write call). The controller
models replay that traffic: they keep the display RAM as the controller would (windows,
address counters, wrap-around), count refreshes per kind, and keep the image the glass shows
after each refresh. Tests compare that image with the frame Easel rendered; the panel traffic
benchmark counts bytes and refreshes with it.

Two controller families cover the supported 1-bit models: the SSD16xx family (epd2in13_V4,
epd2in7_V2, epd2in9_V2, epd4in2_V2) and the UC8179 (epd7in5_V2). The 7-colour epd7in3f has
its own 4-bit-per-pixel model.

A partial (differential) refresh drives only the pixels whose new and old (base) RAM bits
differ, so the model keeps the glass as it was wherever they agree: a base RAM that does not
follow what the glass shows leaves stale pixels, as it would on the panel. Deep sleep loses
both RAMs: the vendor's sleep() cuts the HAT's power right after the command.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from PIL import Image, ImageChops

from hardware.display import PanelSpec
from hardware.panel_models import ACEP_PALETTE
from hardware.panels import panel

HW_RESET = -1  # a pseudo-command recorded when the RST line goes low
LOST = 0x5A  # what a RAM byte reads after deep sleep and power-off: anything but the frame


@dataclass
class Transaction:
    """One command byte and the data bytes sent after it."""

    command: int
    data: bytearray = field(default_factory=bytearray)
    transfers: int = 0  # SPI transfers that carried the data


class SpiTraffic:
    """Everything written to the panel, and how many bytes that took."""

    def __init__(self) -> None:
        self.transactions: list[Transaction] = []
        self.bytes_sent = 0
        self.transfers = 0  # spidev write calls: the host's cost per transfer is fixed

    def write(self, is_data: bool, payload: bytes) -> None:
        """Record one SPI transfer of bytes written with DC high (data) or low (commands)."""
        self.bytes_sent += len(payload)
        self.transfers += 1
        if is_data:
            if not self.transactions:
                self.transactions.append(Transaction(HW_RESET))
            self.transactions[-1].data.extend(payload)
            self.transactions[-1].transfers += 1
        else:
            self.transactions.extend(Transaction(b) for b in payload)

    def hw_reset(self) -> None:
        """Record a pulse on the panel's RST line."""
        self.transactions.append(Transaction(HW_RESET))

    def clear(self) -> None:
        """Forget what was recorded (the controller model keeps its own state)."""
        self.transactions.clear()
        self.bytes_sent = 0
        self.transfers = 0


class Controller(Protocol):
    """A model of one panel controller fed with recorded transactions."""

    refreshes: Counter[str]
    shown: Image.Image | None

    def feed(self, transaction: Transaction) -> None:
        """Apply one command and its data."""

    def ram_frames(self) -> dict[str, tuple[Image.Image, Box | None]]:
        """Each display RAM as a 1-bit image (1 = white), with the area it is meaningful in."""


Box = tuple[int, int, int, int]  # native pixels: left, top, right, bottom (ends exclusive)


def _differential(shown: Image.Image | None, new: Image.Image, old: Image.Image) -> Image.Image:
    """The glass after a differential refresh: `new` where it differs from `old`, else as was."""
    if shown is None:
        return new
    return Image.composite(new, shown, ImageChops.logical_xor(new, old))


class SsdController:
    """SSD1680/SSD1683-style controller: BW RAM 0x24, old/red RAM 0x26, update via 0x22/0x20."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.row_bytes = (width + 7) // 8
        self.ram = {0x24: bytearray([0xFF] * (self.row_bytes * height)),
                    0x26: bytearray([0xFF] * (self.row_bytes * height))}
        self.refreshes: Counter[str] = Counter()
        self.shown: Image.Image | None = None
        self.update_control = 0xF7
        self.invert_bw = False
        self.ping_pong = False
        self._reset_registers()

    def _reset_registers(self) -> None:
        self.x_window = (0, self.row_bytes - 1)
        self.y_window = (0, self.height - 1)
        self.x, self.y = 0, 0
        self.entry_mode = 0x03
        self.ping_pong = False

    def feed(self, transaction: Transaction) -> None:
        """Apply one command and its data."""
        cmd, data = transaction.command, transaction.data
        handler = _SSD1680_COMMANDS.get(cmd)
        if handler is not None:
            handler(self, data)
        elif cmd in self.ram:
            self._write_ram(self.ram[cmd], data)

    def _on_reset(self, data: bytearray) -> None:
        # hardware reset or SWRESET: registers back to defaults
        self._reset_registers()

    def _on_entry_mode(self, data: bytearray) -> None:
        if data:
            self.entry_mode = data[0]

    def _on_x_window(self, data: bytearray) -> None:
        if len(data) >= 2:
            self.x_window = (data[0], data[1])

    def _on_y_window(self, data: bytearray) -> None:
        if len(data) >= 4:
            self.y_window = (data[0] | data[1] << 8, data[2] | data[3] << 8)

    def _on_x_counter(self, data: bytearray) -> None:
        if data:
            self.x = data[0]

    def _on_y_counter(self, data: bytearray) -> None:
        if len(data) >= 2:
            self.y = data[0] | data[1] << 8

    def _on_ram_option(self, data: bytearray) -> None:
        if data:
            self.invert_bw = bool(data[0] & 0x08)

    def _on_update_control(self, data: bytearray) -> None:
        if data:
            self.update_control = data[0]

    def _on_display_option(self, data: bytearray) -> None:
        if len(data) >= 6:  # display option; byte 6 bit 6: RAM ping-pong
            self.ping_pong = bool(data[5] & 0x40)

    def _on_deep_sleep(self, data: bytearray) -> None:
        if data and data[0] & 0x03:  # deep sleep, then the power goes
            for ram in self.ram.values():
                ram[:] = bytes([LOST]) * len(ram)

    def _on_activate(self, data: bytearray) -> None:
        if self.update_control & 0x04:  # the sequence includes "display"
            mode_2 = bool(self.update_control & 0x08)
            self.refreshes["partial" if mode_2 else "full"] += 1
            self._latch(mode_2)

    def _write_ram(self, ram: bytearray, data: bytearray) -> None:
        if self.entry_mode != 0x03:
            raise ValueError(f"data entry mode {self.entry_mode:#04x} is not modelled")
        (x0, x1), (y0, y1) = self.x_window, self.y_window
        for byte in data:
            if 0 <= self.x < self.row_bytes and 0 <= self.y < self.height:
                ram[self.y * self.row_bytes + self.x] = byte
            self.x += 1
            if self.x > x1:
                self.x = x0
                self.y = self.y + 1 if self.y < y1 else y0

    def _plane(self, command: int) -> Image.Image:
        return Image.frombytes("1", (self.width, self.height), bytes(self.ram[command]))

    def _latch(self, mode_2: bool) -> None:
        new, old = self._plane(0x24), self._plane(0x26)  # bit 1 = white
        target = ImageChops.invert(new) if self.invert_bw else new
        # Display mode 2 is the differential (partial) update; mode 1 drives every pixel.
        self.shown = _differential(self.shown, target, old) if mode_2 else target
        if mode_2 and self.ping_pong:  # the shown image becomes the next update's base
            self.ram[0x26][:] = self.ram[0x24]

    def ram_frames(self) -> dict[str, tuple[Image.Image, Box | None]]:
        """The new-image RAM (0x24) and the base RAM (0x26), both meaningful everywhere."""
        return {"new": (self._plane(0x24), None), "base": (self._plane(0x26), None)}


class Uc8179Controller:
    """UC8179 (7.5" V2): old data 0x10, new data 0x13, refresh 0x12, partial window 0x90/0x91."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.row_bytes = width // 8
        self.new = bytearray(self.row_bytes * height)
        self.old = bytearray(self.row_bytes * height)
        self.refreshes: Counter[str] = Counter()
        self.shown: Image.Image | None = None
        self.ignored_bytes = 0  # bytes sent past the end of the partial window
        self.last_area: Box | None = None  # the area the last write to `new` covered
        self._reset_registers()

    def _reset_registers(self) -> None:
        self.partial_mode = False
        self.window = (0, 0, self.width - 1, self.height - 1)  # inclusive pixel bounds
        self.ddx = 0
        self.copy_new_to_old = False  # CDI's N2OCP bit

    def feed(self, transaction: Transaction) -> None:
        """Apply one command and its data."""
        handler = _UC8179_COMMANDS.get(transaction.command)
        if handler is not None:
            handler(self, transaction.data)

    def _on_reset(self, data: bytearray) -> None:
        self._reset_registers()

    def _on_vcom_data_interval(self, data: bytearray) -> None:
        if data:
            self.ddx = data[0] & 0x03
            self.copy_new_to_old = bool(data[0] & 0x08)

    def _on_deep_sleep(self, data: bytearray) -> None:
        if data and data[0] == 0xA5:  # deep sleep, then the power goes
            self.new[:] = self.old[:] = bytes([LOST]) * len(self.new)

    def _on_partial_in(self, data: bytearray) -> None:
        self.partial_mode = True

    def _on_partial_out(self, data: bytearray) -> None:
        self.partial_mode = False

    def _on_partial_window(self, data: bytearray) -> None:
        if len(data) >= 8:
            self.window = (data[0] << 8 | data[1], data[4] << 8 | data[5],
                           data[2] << 8 | data[3], data[6] << 8 | data[7])

    def _on_old_data(self, data: bytearray) -> None:
        self._write(self.old, data)

    def _on_new_data(self, data: bytearray) -> None:
        self._write(self.new, data)
        bx0, y0, bx1, y1 = self._box()
        self.last_area = (bx0 * 8, y0, bx1 * 8, y1)

    def _on_refresh(self, data: bytearray) -> None:
        self.refreshes["partial" if self.partial_mode else "full"] += 1
        self._latch()
        if self.copy_new_to_old:  # after the refresh, over the area it covered
            bx0, y0, bx1, y1 = self._box()
            for y in range(y0, y1):
                row = y * self.row_bytes
                self.old[row + bx0: row + bx1] = self.new[row + bx0: row + bx1]

    def _box(self) -> tuple[int, int, int, int]:
        """The area a write or refresh covers: byte columns and rows, end exclusive."""
        if not self.partial_mode:
            return 0, 0, self.row_bytes, self.height
        x0, y0, x1, y1 = self.window
        return x0 // 8, y0, x1 // 8 + 1, y1 + 1

    def _write(self, ram: bytearray, data: bytearray) -> None:
        bx0, y0, bx1, y1 = self._box()
        span = bx1 - bx0
        size = span * (y1 - y0)
        for i, byte in enumerate(data[:size]):
            row, col = divmod(i, span)
            ram[(y0 + row) * self.row_bytes + bx0 + col] = byte
        self.ignored_bytes += max(0, len(data) - size)

    def _new_image(self) -> Image.Image:
        # DDX[0] = 0: a set bit in the new data is black; the partial mode flips it.
        image = Image.frombytes("1", (self.width, self.height), bytes(self.new))
        return image if self.ddx & 1 else ImageChops.invert(image)  # PIL "1": bit 1 = white

    def _old_image(self) -> Image.Image:
        # The old data is the base of a partial refresh, read with DDX[0] = 1 as partials
        # are: the vendor's full refresh writes it as the inverse of its black-is-1 new data.
        return Image.frombytes("1", (self.width, self.height), bytes(self.old))

    def _latch(self) -> None:
        image = self._new_image()
        if self.shown is None or not self.partial_mode:
            self.shown = image
            return
        bx0, y0, bx1, y1 = self._box()
        area = (bx0 * 8, y0, bx1 * 8, y1)
        changed = _differential(self.shown.crop(area), image.crop(area),
                                self._old_image().crop(area))
        self.shown.paste(changed, area[:2])

    def ram_frames(self) -> dict[str, tuple[Image.Image, Box | None]]:
        """The new data (meaningful where it was last written) and the old data (the base)."""
        return {"new": (self._new_image(), self.last_area), "base": (self._old_image(), None)}


_SSD1680_COMMANDS: dict[int, Callable[[SsdController, bytearray], None]] = {
    HW_RESET: SsdController._on_reset,
    0x12: SsdController._on_reset,  # SWRESET
    0x11: SsdController._on_entry_mode,
    0x44: SsdController._on_x_window,
    0x45: SsdController._on_y_window,
    0x4E: SsdController._on_x_counter,
    0x4F: SsdController._on_y_counter,
    0x21: SsdController._on_ram_option,
    0x22: SsdController._on_update_control,
    0x37: SsdController._on_display_option,
    0x10: SsdController._on_deep_sleep,
    0x20: SsdController._on_activate,
}

_UC8179_COMMANDS: dict[int, Callable[[Uc8179Controller, bytearray], None]] = {
    HW_RESET: Uc8179Controller._on_reset,
    0x50: Uc8179Controller._on_vcom_data_interval,
    0x07: Uc8179Controller._on_deep_sleep,
    0x91: Uc8179Controller._on_partial_in,
    0x92: Uc8179Controller._on_partial_out,
    0x90: Uc8179Controller._on_partial_window,
    0x10: Uc8179Controller._on_old_data,
    0x13: Uc8179Controller._on_new_data,
    0x12: Uc8179Controller._on_refresh,
}


class AcepController:
    """The 7-colour epd7in3f: 4-bit palette pixels via 0x10, refresh 0x12 (full only)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.ram = bytearray(width * height // 2)
        self.refreshes: Counter[str] = Counter()
        self.shown: Image.Image | None = None
        self._pos = 0

    def ram_frames(self) -> dict[str, tuple[Image.Image, Box | None]]:
        """No 1-bit RAM: the 4-bit palette data is checked through `shown`."""
        return {}

    def feed(self, transaction: Transaction) -> None:
        """Apply one command and its data."""
        if transaction.command == 0x10:
            for byte in transaction.data:
                if self._pos < len(self.ram):
                    self.ram[self._pos] = byte
                self._pos += 1
            self._pos = 0
        elif transaction.command == 0x12:
            self.refreshes["full"] += 1
            pixels = bytearray()
            for byte in self.ram:
                pixels += bytes((byte >> 4, byte & 0x0F))
            image = Image.frombytes("P", (self.width, self.height), bytes(pixels))
            image.putpalette([c for rgb in ACEP_PALETTE for c in rgb])
            self.shown = image.convert("RGB")


def controller_for(model: str) -> Controller:
    """A controller model for a supported panel, at the driver's native size."""
    spec = panel(model)
    width, height = native_size(spec)
    if model == "epd7in5_V2":
        return Uc8179Controller(width, height)
    if model == "epd7in3f":
        return AcepController(width, height)
    return SsdController(width, height)


def native_size(spec: PanelSpec) -> tuple[int, int]:
    """The driver's (width, height): the frame size turned by the panel's rotation."""
    if spec.rotation % 180:
        return spec.height, spec.width
    return spec.width, spec.height


def as_frame(native: Image.Image, spec: PanelSpec) -> Image.Image:
    """Turn an image in the driver's orientation back into Easel's frame orientation."""
    if spec.rotation % 360 == 0:
        return native.copy()
    # The drivers turn a landscape frame by +90 degrees (PIL: counter-clockwise).
    return native.rotate(-spec.rotation, expand=True)
