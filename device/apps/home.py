"""The home menu: Toolbox, the four games (or "coming"), Settings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from device.apps.base import App, Context, Reply, Sample
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from engine import codec
from hardware.events import ButtonEvent

ITEMS: tuple[str, ...] = ("toolbox", "artbox", "identik", "artem", "canvas", "stats", "settings")


@dataclass(frozen=True)
class HomeUi:
    """The cursor, which entries can be opened and which hold a game under way."""

    cursor: int = 0
    available: tuple[str, ...] = ("toolbox", "settings")
    in_progress: tuple[str, ...] = ()


def item_title(lang: str, key: str) -> str:
    """The menu text of an entry."""
    return T(lang, {"toolbox": "toolbox.title", "settings": "home.settings", "stats": "stats.title"}
             .get(key, f"game.{key}"))


class HomeApp(App[HomeUi]):
    """The first screen: pick a game or the Toolbox."""

    key = "home"
    title_key = "app.name"

    def start(self, ctx: Context) -> HomeUi:
        """The menu with the cursor on the Toolbox."""
        return HomeUi()

    def handle(self, state: HomeUi, event: ButtonEvent, ctx: Context) -> Reply[HomeUi]:
        """Up/down move, ok opens an available entry; a game not yet arrived says so."""
        if event.kind != "press":
            return Reply(state)
        if event.button in ("up", "down"):
            step = -1 if event.button == "up" else 1
            return Reply(replace(state, cursor=(state.cursor + step) % len(ITEMS)))
        if event.button == "ok":
            key = ITEMS[state.cursor]
            if key not in state.available:
                return Reply(state, error=f"{item_title(ctx.lang, key)}: {T(ctx.lang, 'home.coming')}")
            return Reply(state, switch=key)
        if event.button in ("roll", "timer"):
            return Reply(state, switch="toolbox")
        return Reply(state)

    def screen_key(self, state: HomeUi) -> str:
        """One screen."""
        return "home"

    def render(self, state: HomeUi, ctx: Context, frame: Frame) -> None:
        """The menu with a note on the right of each entry."""
        lang = ctx.lang
        frame.header(T(lang, "app.name"))
        frame.softkeys({"up": T(lang, "key.up"), "down": T(lang, "key.down"), "ok": T(lang, "key.open")})
        notes = []
        for key in ITEMS:
            if key not in state.available:
                notes.append(T(lang, "home.coming"))
            elif key in state.in_progress:
                notes.append(T(lang, "home.continue"))
            else:
                notes.append("")
        frame.menu(frame.content, [item_title(lang, k) for k in ITEMS], state.cursor, right=notes)

    def dump(self, state: HomeUi) -> dict[str, Any]:
        """Only the cursor: which entries are available or under way is worked out afresh."""
        return {"cursor": state.cursor}

    def load(self, data: dict[str, Any]) -> HomeUi:
        """Rebuild and validate."""
        return codec.from_dict(HomeUi, data)

    def samples(self, ctx: Context) -> Sequence[Sample[HomeUi]]:
        """The menu as first seen, and with a game under way further down."""
        from device.apps import GAME_KEYS, available

        ready = tuple(k for k in ITEMS if k in available())
        return (
            Sample("menu", HomeUi(available=ready)),
            Sample("menu-continue", HomeUi(cursor=3, available=ready,
                                           in_progress=tuple(k for k in ready if k in GAME_KEYS)[:1])),
        )


APP = HomeApp()
