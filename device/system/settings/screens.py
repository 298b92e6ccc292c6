"""The Settings screen: every setting with its value, the one being edited between < >."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from device.clock import clock_text
from device.render.frame import Frame
from device.settings import Settings
from device.strings.all import STRINGS as T
from device.system.settings.ui import FIELDS, SettingsUi
from hardware.panels import PANELS

LABELS = {"language": "settings.language", "word_language": "settings.word_language",
          "panel": "settings.panel", "buzzer": "settings.buzzer", "sandglass_s": "settings.sandglass",
          "screen_cleaning": "settings.cleaning"}


def value_text(lang: str, name: str, value: Any) -> str:
    """How a setting's value reads on screen."""
    if name in ("language", "word_language"):
        return T(lang, f"settings.lang.{value}")
    if name == "buzzer":
        return T(lang, "on" if value else "off")
    if name == "sandglass_s":
        return clock_text(value * 1000)
    if name == "screen_cleaning":
        return T(lang, f"settings.cleaning.{value}")
    spec = PANELS[value]
    return f"{spec.width}×{spec.height}"


def render(ui: SettingsUi, current: Settings, lang: str, keys: Mapping[str, str], frame: Frame,
           used_words: str = "") -> None:
    """The list of settings, the edited one marked, then the words used (`used_words`: "12/331")."""
    settings = ui.draft if ui.editing and ui.draft else current
    frame.header(T(lang, "settings.title"))
    frame.softkeys(keys)
    values = []
    for i, name in enumerate(FIELDS):
        text = value_text(lang, name, getattr(settings, name))
        if name == "panel" and ui.panel_locked:
            text = T(lang, "settings.real_panel")
        values.append(f"< {text} >" if ui.editing and i == ui.cursor else text)
    labels = [T(lang, LABELS[f]) for f in FIELDS] + [T(lang, "settings.used_words")]
    frame.menu(frame.content, labels, ui.cursor, right=[*values, used_words])
