"""The Settings screen's state and the choices of each setting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from device.settings import SANDGLASS_CHOICES_S, Settings
from hardware.panels import PANELS

FIELDS: tuple[str, ...] = ("language", "word_language", "panel", "buzzer", "sandglass_s")
CHOICES: dict[str, tuple[Any, ...]] = {
    "language": ("en", "fr"),
    "word_language": ("en", "fr"),
    "panel": tuple(PANELS),
    "buzzer": (True, False),
    "sandglass_s": SANDGLASS_CHOICES_S,
}
STOPS_AT_ENDS: tuple[str, ...] = ("sandglass_s",)  # a length stops at its ends; the rest wrap


@dataclass(frozen=True)
class SettingsUi:
    """The cursor; while `editing`, up/down change `draft` (the settings being edited)."""

    cursor: int = 0
    editing: bool = False
    draft: Settings | None = None
    panel_locked: bool = False


def field_at(ui: SettingsUi) -> str:
    """The setting under the cursor."""
    return FIELDS[ui.cursor]


def next_value(name: str, current: Any, up: bool) -> Any:
    """The setting's next choice: up goes forward in its choices, down back."""
    choices = CHOICES[name]
    index = choices.index(current) + (1 if up else -1)
    if name in STOPS_AT_ENDS:
        return choices[min(len(choices) - 1, max(0, index))]
    return choices[index % len(choices)]
