"""Canvas on the device: the wiring of its UI state, binding table and screens."""

from __future__ import annotations

from collections.abc import Mapping

from device.framework.contract import Context
from device.games.canvas import keys, screens
from device.games.canvas.ui import CanvasUi, fresh_setup, ui_problems
from device.render.frame import Frame
from device.widgets.bindings import Bindings
from device.widgets.game_app import GameApp
from engine.canvas import CANVAS
from engine.canvas.scores import seats, total
from engine.canvas.state import State


class CanvasApp(GameApp[CanvasUi]):
    """Canvas: the device scores paintings and keeps the ribbons, tokens and solo market."""

    key = "canvas"
    title_key = "game.canvas"
    ui_type = CanvasUi
    engine = CANVAS

    def start(self, ctx: Context) -> CanvasUi:
        """The setup menu of a fresh game, the cursor on Start."""
        return fresh_setup(ctx.seed)

    def scores(self, game: State) -> tuple[int, ...]:
        """Each seat's points (the solo player's award is the outcome's reason)."""
        return tuple(total(game, s) for s in seats(game))

    def invariants(self, state: CanvasUi) -> list[str]:
        """The screen matches the game's phase, scores and ribbons stay in range, tokens are kept."""
        return ui_problems(state)

    def bindings(self, state: CanvasUi, ctx: Context) -> Bindings[CanvasUi]:
        """The keys of the screen shown."""
        return keys.bindings(state, ctx)

    def screen_key(self, state: CanvasUi) -> str:
        """The screen shown (a new slot is a new screen too)."""
        draft = state.game.draft if state.game is not None else None
        suffix = f".{draft.at}" if state.screen == "slot" and draft is not None else ""
        return f"canvas.{state.screen}{suffix}"

    def draw(self, state: CanvasUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The screen shown."""
        screens.render(state, ctx.lang, labels, frame, seat_buttons=ctx.seat_buttons)


APP = CanvasApp()
