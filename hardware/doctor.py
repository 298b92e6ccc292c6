"""Checks behind `easel doctor`: each returns (ok, one-line message saying what to fix).

Paths, permission checks and group lists are parameters so tests (and other boards) can
point them elsewhere.
"""

from __future__ import annotations

import grp
import importlib.metadata
import importlib.util
import os
import pwd
import queue
import re
import stat
import time
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from hardware.buttons import PinMapError, validate_pin_map
from hardware.display import Display, PanelSpec
from hardware.events import ButtonEvent, Buttons

Check = tuple[bool, str]
Access = Callable[[Path, int], bool]
SPI_DEVICES = (Path("/dev/spidev0.0"),)
GPIO_CHIPS = (Path("/dev/gpiochip0"),)
GROUPS = ("gpio", "spi", "dialout")
CPUINFO = Path("/proc/cpuinfo")
# gpiozero's pin factories by class, and the library each one drives the pins with.
FACTORY_NAMES = {"LGPIOFactory": "lgpio", "RPiGPIOFactory": "rpigpio", "PiGPIOFactory": "pigpio",
                 "NativeFactory": "native", "MockFactory": "mock"}
FACTORY_LIBRARIES = {"lgpio": "lgpio", "rpigpio": "RPi.GPIO", "pigpio": "pigpio",
                     "native": "gpiozero's own registers", "mock": "gpiozero's mock pins"}
# Boards with the RP1 I/O chip (Pi 5, Pi 500, CM5): only lgpio drives their pins.
RP1_BOARD = re.compile(r"Raspberry Pi (5|500|Compute Module 5)\b")
LGPIO_FIX = "use lgpio: GPIOZERO_PIN_FACTORY=lgpio (easel.service sets it), pip install lgpio"


def _access(path: Path, mode: int) -> bool:
    return os.access(path, mode)


def _user(uid: int | None = None) -> str:
    """The login name of this process's user (what usermod takes), from the password database:
    $USER may be unset (a bare `env -i`, some service managers) or name someone else."""
    uid = os.geteuid() if uid is None else uid
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        # A uid with no name cannot be given to usermod; say so instead of printing a number.
        return os.environ.get("USER") or os.environ.get("LOGNAME") or f"the user with uid {uid}"


def clip(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters at a word boundary, with "…" when cut."""
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:(") + "…"


def check_device_nodes(paths: Sequence[Path], group: str, enable: str,
                       access: Access = _access, user: str | None = None) -> Check:
    """Every node in `paths` exists and is readable and writable by this user."""
    user = user or _user()
    for path in paths:
        if not path.exists():
            return False, f"{path}: missing; {enable}"
        if not access(path, os.R_OK | os.W_OK):
            return False, (f"{path}: {user} may not read and write it; add the user to group "
                           f"{group} (sudo usermod -aG {group} {user}) and log in again")
    return True, f"{', '.join(str(p) for p in paths)}: present and usable"


def check_spi(paths: Sequence[Path] = SPI_DEVICES, access: Access = _access,
              user: str | None = None) -> Check:
    """The SPI device the panel uses exists and is usable."""
    return check_device_nodes(paths, "spi", "enable SPI: sudo raspi-config nonint do_spi 0, "
                              "then reboot", access, user)


def check_gpio(paths: Sequence[Path] = GPIO_CHIPS, access: Access = _access,
               user: str | None = None) -> Check:
    """The GPIO character device gpiozero (lgpio) needs exists and is usable."""
    return check_device_nodes(paths, "gpio", "this does not look like a Raspberry Pi", access,
                              user)


def current_groups() -> list[str]:
    """Names of the groups this process belongs to."""
    names = []
    for gid in {*os.getgroups(), os.getegid()}:
        try:
            names.append(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return names


def check_groups(groups: Iterable[str] | None = None, required: Sequence[str] = GROUPS,
                 user: str | None = None) -> Check:
    """This user is in the groups that open the panel, the buttons and the serial pad."""
    have = set(current_groups() if groups is None else groups)
    missing = [g for g in required if g not in have]
    user = user or _user()
    if missing:
        return False, (f"{user} is not in group {', '.join(missing)}; run: sudo usermod -aG "
                       f"{','.join(missing)} {user} and log in again")
    return True, f"{user} is in groups {', '.join(required)}"


def check_pin_map(pins: Mapping[str, Any], buzzer: Any = None) -> Check:
    """The button pin map (and buzzer pin) clashes with nothing."""
    try:
        checked = validate_pin_map(pins, buzzer)
    except PinMapError as exc:
        return False, str(exc)
    listed = ", ".join(f"{name}={pin}" for name, pin in checked.items())
    return True, f"pin map OK: {listed}" + (f", buzzer={buzzer}" if buzzer is not None else "")


SERIAL_FIX = "set [buttons] serial to the pad's device, e.g. /dev/serial/by-id/usb-...-if00"


def check_serial(path: str, access: Access = _access, user: str | None = None) -> Check:
    """The serial pad's device exists, is usable, and is a serial port (a character device that
    opens as a terminal): a regular file, a directory or /dev/null would be retried forever."""
    if "://" in path:
        return True, f"{path}: a pyserial URL, not checked"
    found = check_device_nodes([Path(path)], "dialout",
                               "no such serial device; check [buttons] serial in your config "
                               "and that the pad is plugged in", access, user)
    if not found[0]:
        return found
    mode = os.stat(path).st_mode
    if not stat.S_ISCHR(mode):
        kind = "a directory" if stat.S_ISDIR(mode) else "a regular file" if stat.S_ISREG(mode) else "not a device"
        return False, f"{path}: is {kind}, not a serial device; {SERIAL_FIX}"
    problem = tty_problem(path)
    if problem is not None:
        return False, f"{path}: a device, but not a serial port ({problem}); {SERIAL_FIX}"
    return True, f"{path}: a serial port, present and usable"


def tty_problem(path: str) -> str | None:
    """Why `path` does not open as a terminal (a serial port), or None when it does."""
    import termios

    try:
        fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        termios.tcgetattr(fd)
    except termios.error as exc:
        return str(exc.args[1]) if len(exc.args) > 1 else str(exc)
    finally:
        os.close(fd)
    return None


def draw_test_pattern(spec: PanelSpec) -> Image.Image:
    """A frame that shows alignment, both axes, every edge, and the model's name and size."""
    width, height = spec.size
    image = Image.new("RGB" if spec.colour else "1", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, height - 1), outline="black")
    draw.line((0, 0, width - 1, height - 1), fill="black")
    draw.line((0, height - 1, width - 1, 0), fill="black")
    for x in range(0, width, 8):  # byte boundaries along x: short ticks, long every 64 px
        draw.line((x, 0, x, 12 if x % 64 == 0 else 5), fill="black")
    for y in range(0, height, 8):
        draw.line((0, y, 12 if y % 64 == 0 else 5, y), fill="black")
    for i in range(8):  # a checkerboard in the top-right corner
        for j in range(8):
            if (i + j) % 2:
                draw.rectangle((width - 34 + 4 * i, 2 + 4 * j, width - 31 + 4 * i, 5 + 4 * j),
                               fill="black")
    if spec.colour:
        colours = ("black", "white", "green", "blue", "red", "yellow", "orange")
        bar = (width - 40) // len(colours)
        for i, colour in enumerate(colours):
            draw.rectangle((20 + i * bar, height - 60, 19 + (i + 1) * bar, height - 20),
                           fill=colour, outline="black")
    draw.rectangle((16, height // 2 - 14, 16 + 8 * 22, height // 2 + 14), fill="white")
    draw.text((20, height // 2 - 10), f"{spec.model} {width}x{height}", fill="black")
    return image


def check_display(display: Display) -> Check:
    """Draw the test pattern with a full refresh."""
    spec = display.spec
    try:
        display.show_full(draw_test_pattern(spec))
    except Exception as exc:
        return False, f"{spec.model}: the test pattern was not shown: {exc}"
    return True, f"{spec.model}: test pattern shown ({spec.width}x{spec.height})"


def button_echo(source: Buttons, out: Callable[[str], None] = print, *,
                count: int | None = None, timeout_s: float | None = 30.0,
                clock: Callable[[], float] = time.monotonic) -> Check:
    """Print each button event until `count` events or `timeout_s` of silence... or Ctrl-C."""
    events: queue.Queue[ButtonEvent] = queue.Queue()
    source.start(events.put)
    heard = 0
    try:
        deadline = None if timeout_s is None else clock() + timeout_s
        while count is None or heard < count:
            wait = None if deadline is None else deadline - clock()
            if wait is not None and wait <= 0:
                break
            try:
                event = events.get(timeout=wait)
            except queue.Empty:
                break
            heard += 1
            out(f"{event.button} {event.kind}")
            if timeout_s is not None:
                deadline = clock() + timeout_s
    except KeyboardInterrupt:
        pass
    finally:
        source.close()
    if heard == 0:
        return False, "no button event heard; check the wiring and the pin map"
    return True, f"heard {heard} button event{'s' if heard > 1 else ''}"


def board_model(cpuinfo: Path = CPUINFO) -> str | None:
    """The board cpuinfo's Model line names ("Raspberry Pi 5 Model B Rev 1.0"), or None."""
    try:
        text = cpuinfo.read_text(errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "Model" and value.strip():
            return value.strip()
    return None


def pin_factory_name(factory: object) -> str:
    """gpiozero's name for a pin factory object (the GPIOZERO_PIN_FACTORY value)."""
    return FACTORY_NAMES.get(type(factory).__name__, type(factory).__name__)


def open_pin_factory() -> tuple[str | None, list[str]]:
    """The pin factory gpiozero uses in this process, and the reasons it fell back, if any."""
    from gpiozero import Device

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if Device.pin_factory is None:
                # The choice gpiozero makes on its first device, with its fallbacks recorded.
                Device.pin_factory = Device._default_pin_factory()
        except Exception as exc:
            reasons = [str(w.message) for w in caught] + [f"{type(exc).__name__}: {exc}"]
            return None, reasons
    return pin_factory_name(Device.pin_factory), [str(w.message) for w in caught]


def check_pin_factory(name: str | None, board: str | None, chosen: str | None = None,
                      fallbacks: Sequence[str] = ()) -> Check:
    """The GPIO pin factory works on this board: lgpio on a Pi 5 (RPi.GPIO fails there).

    `name` is the factory in use (None: none would load), `chosen` the GPIOZERO_PIN_FACTORY
    value, `fallbacks` gpiozero's reasons for skipping factories it tried first.
    """
    on = board or "a computer that is not a Raspberry Pi"
    lgpio_failed = next((r for r in fallbacks if "lgpio" in r), "")
    if name is None:
        reason = clip(fallbacks[-1], 60) if fallbacks else "no pin library is installed"
        return False, f"no GPIO pin factory loads on {on} ({reason}); {LGPIO_FIX}"
    library = FACTORY_LIBRARIES.get(name, name)
    if board is not None and RP1_BOARD.search(board) and name != "lgpio":
        message = f"GPIO pin factory {name} ({library}) fails on a {board}; {LGPIO_FIX}"
        # One short line (200 characters): gpiozero's reason gets the room left, cut at a word.
        room = 200 - len(message) - len(" ()")
        if lgpio_failed and room >= 20:
            why = clip(lgpio_failed.removeprefix("Falling back from "), room)
            message = message.replace(f" {board};", f" {board} ({why});", 1)
        return False, message
    source = "set by GPIOZERO_PIN_FACTORY" if chosen else "gpiozero's first choice that loads"
    return True, f"GPIO pin factory {name} ({library}, {source}) on {on}"


def check_gpio_pin_factory(cpuinfo: Path = CPUINFO) -> Check:
    """The pin factory this process really gets, checked against the board it runs on."""
    name, fallbacks = open_pin_factory()
    return check_pin_factory(name, board_model(cpuinfo), os.environ.get("GPIOZERO_PIN_FACTORY"),
                             fallbacks)


def _driver_modules() -> list[str]:
    import epaper

    modules: list[str] = epaper.modules()
    return modules


def check_panel_driver(model: str, version: Callable[[str], str] = importlib.metadata.version,
                       modules: Callable[[], list[str]] = _driver_modules,
                       installed: Callable[[str], bool] | None = None) -> Check:
    """The vendor driver for `model` and the SPI module are installed; names what drives it."""
    installed = installed or (lambda name: importlib.util.find_spec(name) is not None)
    try:
        package = version("waveshare-epaper")
    except importlib.metadata.PackageNotFoundError:
        return False, ("panel driver: waveshare-epaper is not installed; install Easel with "
                       "the pi extra: pip install 'easel-companion[pi]'")
    if not installed("spidev"):
        return False, ("panel driver: the spidev module is not installed; install Easel with "
                       "the pi extra: pip install 'easel-companion[pi]'")
    if model not in modules():
        return False, (f"panel driver: waveshare-epaper {package} has no {model} module; "
                       "upgrade it: pip install -U waveshare-epaper")
    return True, (f"panel driver: {model} of waveshare-epaper {package}, with Easel's bulk-SPI "
                  "refresh sequences")


def status_line(ok: bool, message: str) -> str:
    """One check's line as the doctor and the self-test print it: `ok  ...` or `FAIL ...`."""
    return f"{'ok  ' if ok else 'FAIL'} {message}"
