"""Canvas on the device: the wiring of its UI state, binding table and screens."""

from __future__ import annotations

from collections.abc import Mapping

from device.framework.contract import Context, GameResult
from device.games.canvas import keys, screens
from device.games.canvas.ui import CanvasUi, fresh_setup, ui_problems
from device.render.frame import Frame
from device.widgets.bindings import Bindings, KeyedApp
from engine.canvas import CANVAS
from engine.canvas.scores import seats, total


class CanvasApp(KeyedApp[CanvasUi]):
    """Canvas: the device scores paintings and keeps the ribbons, tokens and solo market."""

    key = "canvas"
    title_key = "game.canvas"
    ui_type = CanvasUi

    def start(self, ctx: Context) -> CanvasUi:
        """The setup menu of a fresh game, the cursor on Start."""
        return fresh_setup(ctx.seed)

    def in_progress(self, state: CanvasUi) -> bool:
        """A game is under way once it has started and until its end."""
        return state.game is not None and state.game.phase != "finished"

    def result(self, state: CanvasUi) -> GameResult | None:
        """Once the game is over: each seat's score and the winner (the solo player's award is shown)."""
        game = state.game
        outcome = CANVAS.outcome(game) if game is not None else None
        if game is None or outcome is None:
            return None
        seats_ = tuple(seats(game))
        return GameResult(
            players=tuple(f"Seat {s}" for s in seats_),
            scores=tuple(total(game, s) for s in seats_),
            winners=outcome.winners,
            seed=state.seed,
        )

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
