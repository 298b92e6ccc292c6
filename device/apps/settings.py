"""The Settings screen: languages, simulated panel, buzzer, sandglass length."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.apps.base import App, Context, Reply, Sample
from device.render.frame import Frame
from device.settings import SANDGLASS_CHOICES_S, Settings
from device.strings.all import STRINGS as T
from engine import codec
from hardware.events import ButtonEvent
from hardware.panels import PANELS

FIELDS: tuple[str, ...] = ("language", "word_language", "panel", "buzzer", "sandglass_s")
CHOICES: dict[str, tuple[Any, ...]] = {
    "language": ("en", "fr"),
    "word_language": ("en", "fr"),
    "panel": tuple(PANELS),
    "buzzer": (True, False),
    "sandglass_s": SANDGLASS_CHOICES_S,
}
LABELS = {"language": "settings.language", "word_language": "settings.word_language",
          "panel": "settings.panel", "buzzer": "settings.buzzer", "sandglass_s": "settings.sandglass"}


@dataclass(frozen=True)
class SettingsUi:
    """The cursor; while `editing`, up/down change `draft` (the settings being edited)."""

    cursor: int = 0
    editing: bool = False
    draft: Settings | None = None
    panel_locked: bool = False


def value_text(lang: str, name: str, value: Any) -> str:
    """How a setting's value reads on screen."""
    if name in ("language", "word_language"):
        return T(lang, f"settings.lang.{value}")
    if name == "buzzer":
        return T(lang, "on" if value else "off")
    if name == "sandglass_s":
        return f"{value // 60}:{value % 60:02d}"
    spec = PANELS[value]
    return f"{spec.width}×{spec.height}"


class SettingsApp(App[SettingsUi]):
    """Change settings with four keys: ok edits, up/down change, ok keeps, back cancels."""

    key = "settings"
    title_key = "settings.title"

    def start(self, ctx: Context) -> SettingsUi:
        """The list with the cursor on the first setting."""
        return SettingsUi()

    def handle(self, state: SettingsUi, event: ButtonEvent, ctx: Context) -> Reply[SettingsUi]:
        """Browse, edit, keep or cancel."""
        if event.kind != "press":
            return Reply(state)
        name = FIELDS[state.cursor]
        if not state.editing:
            if event.button in ("up", "down"):
                step = -1 if event.button == "up" else 1
                return Reply(replace(state, cursor=(state.cursor + step) % len(FIELDS)))
            if event.button == "ok":
                if name == "panel" and state.panel_locked:
                    return Reply(state, error=T(ctx.lang, "settings.real_panel"))
                return Reply(replace(state, editing=True, draft=ctx.settings))
            if event.button == "back":
                return Reply(state, switch="home")
            return Reply(state)
        draft = state.draft or ctx.settings
        if event.button in ("up", "down"):
            choices = CHOICES[name]
            index = choices.index(getattr(draft, name))
            step = 1 if event.button == "up" else -1
            if name == "sandglass_s":
                index = min(len(choices) - 1, max(0, index + step))
            else:
                index = (index + step) % len(choices)
            return Reply(replace(state, draft=replace(draft, **{name: choices[index]})))
        if event.button == "ok":
            return Reply(replace(state, editing=False, draft=None), settings=draft)
        if event.button == "back":
            return Reply(replace(state, editing=False, draft=None))
        return Reply(state)

    def screen_key(self, state: SettingsUi) -> str:
        """One screen."""
        return "settings"

    def render(self, state: SettingsUi, ctx: Context, frame: Frame) -> None:
        """The list of settings, the edited one marked."""
        settings = state.draft if state.editing and state.draft else ctx.settings
        lang = ctx.lang
        frame.header(T(lang, "settings.title"))
        if state.editing:
            frame.softkeys({"up": "+", "down": "−", "ok": T(lang, "key.ok"), "back": T(lang, "key.back")})
        else:
            frame.softkeys({"up": T(lang, "key.up"), "down": T(lang, "key.down"),
                            "ok": T(lang, "key.change"), "back": T(lang, "key.home")})
        items = [T(lang, LABELS[f]) for f in FIELDS]
        values = []
        for i, name in enumerate(FIELDS):
            text = value_text(lang, name, getattr(settings, name))
            if name == "panel" and state.panel_locked:
                text = T(lang, "settings.real_panel")
            values.append(f"< {text} >" if state.editing and i == state.cursor else text)
        frame.menu(frame.content, items, state.cursor, right=values)

    def dump(self, state: SettingsUi) -> dict[str, Any]:
        """Serialise."""
        data: dict[str, Any] = codec.to_dict(state)
        return data

    def load(self, data: dict[str, Any]) -> SettingsUi:
        """Rebuild and validate."""
        return codec.from_dict(SettingsUi, data)

    def samples(self, ctx: Context) -> Sequence[Sample[SettingsUi]]:
        """Browsing, and editing the sandglass length."""
        draft = replace(ctx.settings, sandglass_s=120)
        return (
            Sample("list", SettingsUi()),
            Sample("editing", SettingsUi(cursor=4, editing=True, draft=draft)),
        )


APP = SettingsApp()
