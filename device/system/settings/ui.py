"""The Settings screen's state and the choices of each setting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from device.settings import CLEANING_FACTOR, SANDGLASS_CHOICES_S, Settings
from device.widgets.cursor import clamped, counted
from hardware.panels import PANELS

FIELDS: tuple[str, ...] = ("language", "word_language", "panel", "buzzer", "sandglass_s", "screen_cleaning")
CHOICES: dict[str, tuple[Any, ...]] = {
    "language": ("en", "fr"),
    "word_language": ("en", "fr"),
    "panel": tuple(PANELS),
    "buzzer": (True, False),
    "sandglass_s": SANDGLASS_CHOICES_S,
    "screen_cleaning": tuple(CLEANING_FACTOR),
}
STOPS_AT_ENDS: tuple[str, ...] = ("sandglass_s",)  # a length stops at its ends; the rest wrap
USED_WORDS = len(FIELDS)  # the row after the settings: how many #ARTBOX words are used, and reset
ROWS = len(FIELDS) + 1


@dataclass(frozen=True)
class SettingsUi:
    """The cursor; while `editing`, up/down change `draft` (the settings being edited)."""

    cursor: int = 0
    editing: bool = False
    draft: Settings | None = None
    panel_locked: bool = False
    confirm_reset: bool = False  # "Reset used words?" is asked


def field_at(ui: SettingsUi) -> str:
    """The setting under the cursor."""
    return FIELDS[ui.cursor]


def next_value(name: str, current: Any, button: str) -> Any:
    """The setting's next choice: up goes forward in its choices, down back."""
    choices = CHOICES[name]
    count = clamped if name in STOPS_AT_ENDS else counted
    return choices[count(choices.index(current), button, 0, len(choices) - 1)]
