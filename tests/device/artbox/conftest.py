"""Helpers of the artbox device tests."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Literal, TypedDict, Unpack

from device.framework.contract import Context
from device.framework.resources import Resources
from device.games.artbox.app import APP
from device.games.artbox.ui import ArtboxUi, Choice, setup_rows
from device.settings import Settings
from engine.artbox.state import State
from hardware.events import ButtonEvent
from tests.conftest import ROOT

SCRIPTS = ROOT / "tests" / "scripts"


class OptionChanges(TypedDict, total=False):
    """Setup-menu options a test changes from their defaults (the fields of ui.Options)."""

    rules_language: Literal["en", "fr"]
    dealing: Literal["device", "cards"]
    first_maestro: int
    three_player_words: bool
    experienced: bool
    experienced_winner: Literal["most_tokens", "combination"]
    simplified: bool
    simplified_goal: Choice
    frame_rule: bool
    guess_tie_break: Choice
    sandglass_s: int


def ctx(lang: str = "en", words: str = "en", packs: tuple[Path, ...] = (), now: int = 0) -> Context:
    return Context(settings=Settings(language=lang, word_language=words),
                   resources=Resources(word_packs=packs), now_ms=now, seed=9)


def press(ui: ArtboxUi, *buttons: str, c: Context | None = None) -> ArtboxUi:
    for button in buttons:  # a trailing "!" holds the button
        event = ButtonEvent(button.rstrip("!"), "hold" if button.endswith("!") else "press")
        ui = APP.handle(ui, event, c or ctx()).state
    return ui


def started(players: int = 4, c: Context | None = None, **options: Unpack[OptionChanges]) -> ArtboxUi:
    """A game started from the setup menu with these options."""
    fresh = APP.start(c or ctx())
    ui = replace(fresh, options=replace(fresh.options, players=players, **options))
    rows = setup_rows(ui.options)
    return press(replace(ui, cursor=rows.index("start")), "ok", c=c)


def game_of(ui: ArtboxUi) -> State:
    assert ui.game is not None
    return ui.game


def deal(ui: ArtboxUi) -> ArtboxUi:
    """Every seat looks at its words and keeps the first (up) or drops the first (three words)."""
    while game_of(ui).phase == "deal_cover":
        ui = press(ui, "ok", "up")
    return ui
