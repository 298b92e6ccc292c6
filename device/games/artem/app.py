"""Artem on the device: the wiring of its UI state, binding table and screens."""

from __future__ import annotations

from collections.abc import Mapping

from device.framework.contract import Context
from device.games.artem import keys, screens
from device.games.artem.artem_data import default_colours
from device.games.artem.ui import ArtemUi
from device.render.frame import Frame
from device.widgets.bindings import Bindings
from device.widgets.game_app import GameApp
from engine.artem import ARTEM
from engine.artem.board import SIZE
from engine.artem.setup import Setup
from engine.artem.state import State
from engine.artem.view import tiles_in_play, tiles_on_board


class ArtemApp(GameApp[ArtemUi]):
    """Artem: the board of colour tiles, the colour deck and the scores."""

    key = "artem"
    title_key = "game.artem"
    ui_type = ArtemUi
    engine = ARTEM
    colour_screens = True

    def start(self, ctx: Context) -> ArtemUi:
        """The setup screen, with the colour deck from device/games/artem/artem.toml."""
        draft = Setup(colours=default_colours().tile_colours())
        return ArtemUi(draft=draft, seed=ctx.seed)

    def scores(self, game: State) -> tuple[int, ...]:
        """Each seat's points."""
        return game.scores

    def invariants(self, state: ArtemUi) -> list[str]:
        """The screen matches the game's phase, the cursor is on something, tiles add up."""
        broken: list[str] = []
        game = state.game
        if game is None:
            return broken if state.screen == "setup" else ["no game behind the board"]
        if (state.screen == "over") != (game.phase == "over") and state.screen != "setup":
            broken.append(f"screen {state.screen} in phase {game.phase}")
        if tiles_in_play(game) != game.setup.total_tiles:
            broken.append("tiles lost or gained")
        if game.phase != "over" and len(tiles_on_board(game)) != SIZE * SIZE:
            broken.append("the board does not hold 36 tiles")
        if state.mode != "actions" and state.screen != "board":
            broken.append(f"picking ({state.mode}) off the board screen")
        if not 0 <= state.colour < len(game.setup.colours):
            broken.append("claim colour out of range")
        if state.mode == "end" and not state.col < state.pick < SIZE:
            broken.append("claim run out of range")
        return broken

    def bindings(self, state: ArtemUi, ctx: Context) -> Bindings[ArtemUi]:
        """The keys of the screen and of the step being played."""
        return keys.bindings(state, ctx)

    def screen_key(self, state: ArtemUi) -> str:
        """A new turn or phase is a new screen; moving the cursor is not."""
        game = state.game
        if state.screen != "board" or game is None:
            return f"artem.{state.screen}"
        return f"artem.board.{game.turn}.{game.phase}"

    def draw(self, state: ArtemUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The screen shown."""
        screens.render(state, ctx.lang, labels, frame, seat_buttons=ctx.seat_buttons)


APP = ArtemApp()
