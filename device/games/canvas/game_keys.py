"""What the Canvas binding tables share: applying an engine command, a seat starting a painting."""

from __future__ import annotations

from dataclasses import replace

from device.framework.contract import Reply
from device.games.canvas.text import seat_said
from device.games.canvas.ui import CanvasUi, game_of, to_phase
from device.i18n import said
from engine.canvas import CANVAS
from engine.canvas.commands import Command, StartPainting


def apply(ui: CanvasUi, command: Command) -> CanvasUi:
    """The UI state with an engine command applied to its game."""
    return replace(ui, game=CANVAS.apply(game_of(ui), command))


def paint(ui: CanvasUi, number: int) -> Reply[CanvasUi]:
    """Seat `number` completes a painting: its slots are entered next."""
    after = replace(to_phase(apply(ui, StartPainting(number))), by_hand=False)
    return Reply(after, label=said("canvas.label.paints", seat=seat_said(number)))
