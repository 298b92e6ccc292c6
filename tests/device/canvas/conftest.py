"""Helpers of the canvas device tests."""

from __future__ import annotations

from dataclasses import replace

from device.framework.contract import Context
from device.framework.resources import Resources
from device.games.canvas.app import APP
from device.games.canvas.samples import CanvasPresser
from device.games.canvas.ui import CanvasUi
from device.settings import Settings
from tests.conftest import ROOT as REPO

SCRIPTS = REPO / "tests" / "scripts"


def ctx(lang: str = "en") -> Context:
    return Context(settings=Settings(language=lang), resources=Resources())


def presser(lang: str = "en") -> CanvasPresser:
    return CanvasPresser(APP, ctx(lang))


def fresh(seed: int = 5) -> CanvasUi:
    return APP.start(replace(ctx(), seed=seed))


def mode(players: int = 2, seed: int = 5) -> CanvasUi:
    """The menu of scoring-card setups, opened from the setup menu after choosing the players."""
    p = presser()
    ui = fresh(seed)
    if players != 2:
        moves = ["up"] * (players - 2) if players > 2 else ["down"] * (2 - players)
        ui = p.press(ui, "down", "ok", *moves, "ok", "down", "ok")  # Players row, count, Cards row
        return ui
    return p.press(ui, "down", "down", "ok")


def started(*setup: str, players: int = 2) -> CanvasUi:
    """A game started from the setup menu entry `setup` (a suggested setup id)."""
    p = presser()
    return p.press(p.choose(mode(players), setup[0]), "ok")
