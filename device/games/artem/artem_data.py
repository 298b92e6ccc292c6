"""Load Artem's colour deck (device/games/artem/artem.toml): ids, letters, names, panel colours, counts.

Any mistake in the file is one line naming the file and the key, e.g.
`artem.toml: colour[3].rgb: [1, 2, 3] is not a colour of the 7-colour panel`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from device.framework.resources import DataError
from engine.artem.setup import TileColour

DEFAULT_PATH = Path(__file__).parent / "artem.toml"

# The epd7in3f palette, as its driver (waveshare_epd/epd7in3f.py, getbuffer) quantises it.
PANEL_PALETTE: dict[str, tuple[int, int, int]] = {
    "black": (0, 0, 0),
    "white": (255, 255, 255),
    "green": (0, 255, 0),
    "blue": (0, 0, 255),
    "red": (255, 0, 0),
    "yellow": (255, 255, 0),
    "orange": (255, 128, 0),
}
MIN_COLOURS, MAX_COLOURS = 2, len(PANEL_PALETTE)
_REQUIRED = ("id", "letter", "name_en", "name_fr", "rgb", "count")
_OPTIONAL = ("letter_fr",)


class ArtemDataError(DataError):
    """The colour file is wrong; the message is one line naming the file and the key."""


@dataclass(frozen=True)
class ColourInfo:
    """One colour as the device shows it."""

    id: str
    letter: str
    letter_fr: str
    name_en: str
    name_fr: str
    rgb: tuple[int, int, int]
    count: int

    def name(self, lang: str) -> str:
        """The colour's name in `lang` ("en" or "fr")."""
        return self.name_fr if lang == "fr" else self.name_en

    def letter_in(self, lang: str) -> str:
        """The tile letter in `lang`."""
        return self.letter_fr if lang == "fr" else self.letter


@dataclass(frozen=True)
class ArtemColours:
    """The whole colour deck, in file order."""

    colours: tuple[ColourInfo, ...]

    def tile_colours(self) -> tuple[TileColour, ...]:
        """What the engine's Setup takes: ids and counts."""
        return tuple(TileColour(c.id, c.count) for c in self.colours)

    def by_id(self, colour_id: str) -> ColourInfo:
        """The colour with this id; KeyError if none."""
        for c in self.colours:
            if c.id == colour_id:
                return c
        raise KeyError(colour_id)

    def index(self, colour_id: str) -> int:
        """Position of a colour in the file (it picks the 1-bit pattern)."""
        return [c.id for c in self.colours].index(colour_id)


def load_colours(path: Path = DEFAULT_PATH) -> ArtemColours:
    """Read and check a colour file; raises ArtemDataError with one line naming file and key."""
    name = path.name
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except OSError as exc:
        raise ArtemDataError(f"{path}: cannot read ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ArtemDataError(f"{name}: not valid TOML: {exc}") from None
    return parse_colours(data, name)


def parse_colours(data: dict[str, Any], name: str = "artem.toml") -> ArtemColours:
    """Check parsed TOML; `name` is the file named in errors."""
    extra = sorted(set(data) - {"colour"})
    if extra:
        raise ArtemDataError(f"{name}: {extra[0]}: unknown key; only [[colour]] tables belong here")
    tables = data.get("colour")
    if not isinstance(tables, list) or not MIN_COLOURS <= len(tables) <= MAX_COLOURS:
        raise ArtemDataError(
            f"{name}: colour: give {MIN_COLOURS} to {MAX_COLOURS} [[colour]] tables"
        )
    colours = tuple(_colour(t, f"{name}: colour[{i + 1}]") for i, t in enumerate(tables))
    for key in ("id", "letter", "letter_fr", "rgb"):
        values = [getattr(c, key) for c in colours]
        for i, value in enumerate(values):
            if value in values[:i]:
                raise ArtemDataError(
                    f"{name}: colour[{i + 1}].{key}: {_show(value)} is used twice"
                )
    total = sum(c.count for c in colours)
    if total < 36:
        raise ArtemDataError(f"{name}: colour.count: {total} tiles in all; the board needs 36")
    return ArtemColours(colours)


def _show(value: Any) -> str:
    return str(list(value)) if isinstance(value, tuple) else repr(value)


def _colour(table: Any, where: str) -> ColourInfo:
    if not isinstance(table, dict):
        raise ArtemDataError(f"{where}: must be a [[colour]] table")
    for key in _REQUIRED:
        if key not in table:
            raise ArtemDataError(f"{where}.{key}: missing")
    for key in table:
        if key not in _REQUIRED + _OPTIONAL:
            raise ArtemDataError(f"{where}.{key}: unknown key; known: {', '.join(_REQUIRED)}")
    cid = _text(table, "id", where)
    if not cid.isidentifier():
        raise ArtemDataError(f"{where}.id: {cid!r} must be one plain word (letters, _ )")
    letter = _letter(table, "letter", where)
    letter_fr = _letter(table, "letter_fr", where) if "letter_fr" in table else letter
    count = table["count"]
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 999:
        raise ArtemDataError(f"{where}.count: {count!r} must be a whole number from 1 to 999")
    return ColourInfo(cid, letter, letter_fr, _text(table, "name_en", where),
                      _text(table, "name_fr", where), _rgb(table["rgb"], where), count)


def _text(table: dict[str, Any], key: str, where: str) -> str:
    value = table[key]
    if not isinstance(value, str) or not value.strip():
        raise ArtemDataError(f"{where}.{key}: must be a non-empty text")
    return value


def _letter(table: dict[str, Any], key: str, where: str) -> str:
    value = _text(table, key, where)
    if len(value) != 1 or not value.isalnum():
        raise ArtemDataError(f"{where}.{key}: {value!r} must be a single letter or digit")
    return value


def _rgb(value: Any, where: str) -> tuple[int, int, int]:
    palette = ", ".join(f"{k} {list(v)}" for k, v in PANEL_PALETTE.items())
    ok = isinstance(value, list) and len(value) == 3 and all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    )
    rgb = (value[0], value[1], value[2]) if ok else None
    if rgb is None or rgb not in PANEL_PALETTE.values():
        raise ArtemDataError(
            f"{where}.rgb: {value!r} is not a colour of the 7-colour panel; use one of {palette}"
        )
    return rgb


@cache
def default_colours() -> ArtemColours:
    """The packaged colour file, read once."""
    return load_colours()


def colour_info(colour_id: str) -> ColourInfo:
    """How to show a colour id: from the packaged file, or plainly if a saved game uses an id
    the file no longer has (then it is drawn white with its first letter)."""
    try:
        return default_colours().by_id(colour_id)
    except KeyError:
        letter = colour_id[:1].upper() or "?"
        return ColourInfo(colour_id, letter, letter, colour_id, colour_id,
                          PANEL_PALETTE["white"], 1)


def colour_name(lang: str, colour_id: str) -> str:
    """A colour id in the interface language."""
    return colour_info(colour_id).name(lang)
