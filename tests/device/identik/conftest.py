"""Helpers of the identik device tests."""

from __future__ import annotations

from device.framework.contract import Context, Reply
from device.framework.resources import Resources
from device.games.identik.app import APP
from device.games.identik.ui import Draft, IdentikUi
from device.settings import Settings
from device.widgets.name_wheel import WHEEL
from engine.identik.state import State
from hardware.events import ButtonEvent, EventKind


def ctx(now: int = 0, lang: str = "en", sandglass_s: int = 90) -> Context:
    """A context at `now` with default settings."""
    return Context(settings=Settings(language=lang, sandglass_s=sandglass_s), resources=Resources(),
                   now_ms=now)


def send(ui: IdentikUi, *buttons: str, now: int = 0, lang: str = "en") -> Reply[IdentikUi]:
    """Press buttons in order ('!' = hold); the last reply is returned."""
    reply: Reply[IdentikUi] = Reply(ui)
    for button in buttons:
        kind: EventKind = "hold" if button.endswith("!") else "press"
        reply = APP.handle(reply.state, ButtonEvent(button.rstrip("!"), kind), ctx(now, lang))
    return reply


def press(ui: IdentikUi, *buttons: str, now: int = 0) -> IdentikUi:
    """The state after the buttons."""
    return send(ui, *buttons, now=now).state


def started(first: int = 1, players: int = 4, rule: str = "choose", seed: int = 3) -> IdentikUi:
    """A game just started from the setup screen."""
    draft = Draft(players=players, first=first, super_rule=rule)  # type: ignore[arg-type]
    ui = IdentikUi(seed=seed, draft=draft)  # the cursor starts on Start
    return press(ui, "ok")


def game_of(ui: IdentikUi) -> State:
    """The engine state (a game must be under way)."""
    assert ui.game is not None
    return ui.game


def to_judging(ui: IdentikUi, direction: str = "up") -> IdentikUi:
    """Super criterion 1, hourglass out, drawings passed (up: left, down: right)."""
    ui = press(ui, "ok", "timer", now=0)
    return press(ui, direction, now=ui.game.setup.timer_ms if ui.game else 0)


def spell(ui: IdentikUi, text: str) -> IdentikUi:
    """Spell `text` on the wheel (up/down + ok), then choose done."""
    for char in text.lower():
        ui = press(ui, *(["down"] * ((WHEEL.index(char) - ui.letter) % len(WHEEL))), "ok")
    return press(ui, *(["up"] * ui.letter), "ok")


def finish(ui: IdentikUi) -> IdentikUi:
    """Play every remaining round with no ticks."""
    while game_of(ui).phase != "over":
        ui = press(to_judging(ui), *(["ok"] * 11))
    return ui
