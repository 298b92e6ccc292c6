"""The TOML config file: defaults, validation, and one-line errors naming file, line and fix."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.errors import UserError, quote, shown
from device.settings import SANDGLASS_CHOICES_S
from device.userfiles import CONFIG_BYTES, read_bounded_text
from hardware.panels import DEFAULT_PANEL, PANELS

SIMULATOR = "simulator"
# section -> key -> (type, check, hint)
_SCHEMA: dict[str, dict[str, tuple[type | tuple[type, ...], Any, str]]] = {
    "easel": {
        "language": (str, ("en", "fr"), "en or fr"),
        "word_language": (str, ("en", "fr"), "en or fr"),
        "sandglass_s": (int, SANDGLASS_CHOICES_S, "30 to 300 in steps of 10"),
        "buzzer": (bool, None, "true or false"),
        "players": (int, range(1, 9), "1 to 8 (the Toolbox's table size)"),
        "seed": (int, range(0, 2**64), "a whole number from 0 to 18446744073709551615 (2^64-1)"),
    },
    "display": {
        "panel": (str, (SIMULATOR, *PANELS), f"{SIMULATOR} or one of {', '.join(PANELS)}"),
        "simulator_panel": (str, tuple(PANELS), f"one of {', '.join(PANELS)}"),
        "clear_on_exit": (bool, None, "true or false"),
        "sleep_after_s": (int, range(10, 86_401), "10 to 86400 seconds"),
    },
    "buttons": {
        "profile": (str, ("none", "hat27", "table"), "none, hat27 or table"),
        "serial": (str, None, "a device path such as /dev/serial/by-id/..."),
        "pins": (dict, None, "a table of button = BCM pin number"),
    },
    "buzzer": {
        "pin": (int, range(0, 28), "a BCM pin number 2-27, or 0 for no buzzer"),
        "tonal": (bool, None, "true or false"),
    },
    "words": {"packs": (list, None, "a list of file paths")},
    "dice": {"file": (str, None, "a file path")},
    "storage": {"database": (str, None, "a file path")},
}


def default_database() -> Path:
    """Where the database lives: systemd's StateDirectory, else the XDG state directory."""
    state_dir = os.environ.get("STATE_DIRECTORY")
    if state_dir:
        return Path(state_dir.split(":")[0]) / "easel.db"
    xdg = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(xdg) / "easel" / "easel.db"


@dataclass(frozen=True)
class Config:
    """Everything the config file can say, with defaults."""

    language: str = "en"
    word_language: str = "en"
    sandglass_s: int = 90
    buzzer: bool = True
    players: int = 4
    seed: int | None = None
    panel: str = SIMULATOR
    simulator_panel: str = DEFAULT_PANEL
    clear_on_exit: bool = True
    sleep_after_s: int = 120
    button_profile: str = "none"
    serial: str = ""
    pins: dict[str, int] = field(default_factory=dict)
    buzzer_pin: int = 0
    buzzer_tonal: bool = False
    word_packs: tuple[Path, ...] = ()
    dice_file: Path | None = None
    database: Path = field(default_factory=default_database)
    source: str = "(defaults)"

    @property
    def real_panel(self) -> bool:
        """True when a Waveshare panel is configured (not the simulator)."""
        return self.panel != SIMULATOR

    @property
    def four_keys_only(self) -> bool:
        """True for the HAT's four keys alone (`[buttons] profile = "hat27"`, no serial pad): the
        simulators then offer those keys only and the screens say OK where they say seat button."""
        return self.button_profile == "hat27" and not self.serial


def _line_of(text: str, section: str, key: str) -> int:
    current = ""
    for number, line in enumerate(text.splitlines(), 1):
        header = re.match(r"\s*\[+\s*([^\]]+?)\s*\]+", line)
        if header:
            current = header.group(1)
            continue
        if current == section and re.match(rf"\s*{re.escape(key)}\s*=", line):
            return number
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(rf"\s*\[+\s*{re.escape(section)}\s*\]+", line):
            return number
    return 1


def load_config(path: Path | None) -> Config:
    """Read and validate a config file (None: all defaults); UserError on anything wrong."""
    if path is None:
        return Config()
    text = read_bounded_text(path, "config", CONFIG_BYTES, "check the --config path")
    import tomllib  # only when a file is read: a start without one spends nothing on the parser

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = re.search(r"line (\d+)", message)
        line = found.group(1) if found else "1"
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
        raise UserError(f"{path}:{line}: malformed TOML ({reason}); fix the syntax") from None
    return _build(data, text, path)


def _build(data: dict[str, Any], text: str, path: Path) -> Config:
    values: dict[tuple[str, str], Any] = {}
    for section, body in data.items():
        if section not in _SCHEMA:
            line = _line_of(text, section, "")
            raise UserError(f"{path}:{line}: unknown section [{quote(section)[1:-1]}]; known: "
                            f"{', '.join('[' + s + ']' for s in _SCHEMA)}")
        if not isinstance(body, dict):
            raise UserError(f"{path}:{_line_of(text, '', section)}: '{section}' must be a [{section}] table")
        for key, value in body.items():
            where = f"{path}:{_line_of(text, section, key)}"
            if key not in _SCHEMA[section]:
                raise UserError(f"{where}: unknown key {quote(key)} in [{section}]; known keys: "
                                f"{', '.join(_SCHEMA[section])}")
            kind, allowed, hint = _SCHEMA[section][key]
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise UserError(f"{where}: {key} = {shown(value)} has the wrong type; use {hint}")
            if allowed is not None and value not in allowed:
                raise UserError(f"{where}: {key} = {shown(value)} is out of range; use {hint}")
            values[(section, key)] = value
    return _to_config(values, text, path)


def _resolve(base: Path, value: str) -> Path:
    candidate = Path(os.path.expanduser(value))
    return candidate if candidate.is_absolute() else base.parent / candidate


def _to_config(values: dict[tuple[str, str], Any], text: str, path: Path) -> Config:
    get = values.get
    pins = get(("buttons", "pins"), {})
    for name, pin in pins.items():
        if not isinstance(pin, int) or isinstance(pin, bool):
            line = _line_of(text, "buttons.pins", name)
            raise UserError(f"{path}:{line}: pin for {quote(name)} must be a BCM pin number, not {shown(pin)}")
    packs = get(("words", "packs"), [])
    dice_file: str = get(("dice", "file"), "")
    database: str = get(("storage", "database"), "")
    if not all(isinstance(p, str) for p in packs):
        raise UserError(f"{path}:{_line_of(text, 'words', 'packs')}: packs must be a list of file paths")
    config = Config(
        language=get(("easel", "language"), "en"),
        word_language=get(("easel", "word_language"), get(("easel", "language"), "en")),
        sandglass_s=get(("easel", "sandglass_s"), 90),
        buzzer=get(("easel", "buzzer"), True),
        players=get(("easel", "players"), 4),
        seed=get(("easel", "seed")),
        panel=get(("display", "panel"), SIMULATOR),
        simulator_panel=get(("display", "simulator_panel"), DEFAULT_PANEL),
        clear_on_exit=get(("display", "clear_on_exit"), True),
        sleep_after_s=get(("display", "sleep_after_s"), 120),
        button_profile=get(("buttons", "profile"), "none"),
        serial=get(("buttons", "serial"), ""),
        pins=dict(pins),
        buzzer_pin=get(("buzzer", "pin"), 0),
        buzzer_tonal=get(("buzzer", "tonal"), False),
        word_packs=tuple(_resolve(path, p) for p in packs),
        dice_file=_resolve(path, dice_file) if dice_file else None,
        database=_resolve(path, database) if database else default_database(),
        source=str(path),
    )
    _check_pins(config, text, path)
    return config


def pin_map(config: Config) -> dict[str, int]:
    """The buttons' GPIO pins: the profile's, with the config's [buttons.pins] on top."""
    from hardware.buttons import profile

    base = {} if config.button_profile == "none" else profile(config.button_profile)
    return {**base, **config.pins}


def _check_pins(config: Config, text: str, path: Path) -> None:
    """Refuse unknown buttons, pins used twice and pins the panel needs (one line, file:line)."""
    from hardware.buttons import PinMapError, validate_pin_map

    try:
        validate_pin_map(pin_map(config), buzzer=config.buzzer_pin or None)
    except PinMapError as exc:
        message = str(exc)
        named = re.search(r'button "([^"]+)"', message)
        if named and named.group(1) in config.pins:
            line = _line_of(text, "buttons.pins", named.group(1))
        elif message.startswith("the buzzer"):
            line = _line_of(text, "buzzer", "pin")
        else:
            line = _line_of(text, "buttons", "profile")
        raise UserError(f"{path}:{line}: {message}") from None
