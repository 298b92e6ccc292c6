"""IDENTIK on the device: the wiring of its UI state, binding table and screens."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from device.framework.contract import Context
from device.games.identik import keys, screens
from device.games.identik.ui import IdentikUi
from device.render.frame import Frame
from device.widgets.bindings import Bindings
from device.widgets.game_app import GameApp
from device.widgets.timed import TimedApp
from engine.identik import IDENTIK
from engine.identik.commands import TimeUp
from engine.identik.scores import scorecard
from engine.identik.state import State
from engine.sandglass import Sandglass


class IdentikApp(TimedApp[IdentikUi], GameApp[IdentikUi]):
    """The IDENTIK companion: hourglass, passing, judging and the scorecard."""

    key = "identik"
    title_key = "game.identik"
    ui_type = IdentikUi
    engine = IDENTIK

    def start(self, ctx: Context) -> IdentikUi:
        """The setup screen; the game will be seeded with ctx.seed."""
        return IdentikUi(seed=ctx.seed)

    def seat_names(self, game: State) -> tuple[str, ...]:
        """The names given at setup ("" for a seat without one)."""
        return tuple(game.setup.names) or super().seat_names(game)

    def scores(self, game: State) -> tuple[int, ...]:
        """Each seat's total on the scorecard."""
        return tuple(line.total for line in scorecard(game.history, game.setup.players))

    def invariants(self, state: IdentikUi) -> list[str]:
        """Points never negative; the narrator never ticks; ticks only at this table."""
        game = state.game
        if game is None:
            return []
        broken = []
        if any(line.narrator_points < 0 or line.artist_points < 0
               for line in scorecard(game.history, game.setup.players)):
            broken.append("negative points on the scorecard")
        if not 1 <= game.round_no <= game.setup.total_rounds:
            broken.append(f"round {game.round_no} out of range")
        return broken

    def bindings(self, state: IdentikUi, ctx: Context) -> Bindings[IdentikUi]:
        """The keys of the screen shown."""
        return keys.bindings(state, ctx)

    def glass(self, state: IdentikUi) -> Sandglass | None:
        """The hourglass, while the narrator describes (pencils down past that)."""
        game = state.game
        return game.sandglass if game is not None and game.phase == "describe" else None

    def time_up(self, state: IdentikUi, ctx: Context) -> IdentikUi:
        """Pencils down: the engine hears TimeUp."""
        assert state.game is not None  # only a game's hourglass runs out
        return replace(state, game=IDENTIK.apply(state.game, TimeUp(ctx.now_ms)))

    def alarm(self, state: IdentikUi) -> IdentikUi:
        """The alarm brings the play screen back, the drawings to pass left first."""
        return replace(state, screen="play", direction="left")

    def countdown_shown(self, state: IdentikUi) -> bool:
        """The play screen shows the hourglass (the scorecard does not)."""
        return state.screen == "play"

    def away(self, state: IdentikUi, ctx: Context) -> bool:
        """The table draws while the narrator describes, on the play screen."""
        return state.screen == "play" and state.game is not None and state.game.phase == "describe"

    def countdown_next(self, state: IdentikUi, ctx: Context) -> bool:
        """Before the hourglass is turned (the describe screen's next step), cleaning due is done."""
        game = state.game
        if game is None or state.screen != "play" or game.phase != "describe":
            return False
        return game.sandglass.settle(ctx.now_ms).status in ("idle", "paused")

    def screen_key(self, state: IdentikUi) -> str:
        """The screen, and for a game the phase of the round."""
        if state.screen == "play" and state.game is not None:
            return f"identik.{state.game.phase}"
        return f"identik.{state.screen}"

    def draw(self, state: IdentikUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The screen shown."""
        screens.render(state, ctx.lang, ctx.now_ms, ctx.settings.sandglass_s, labels, frame,
                       seat_buttons=ctx.seat_buttons, held=ctx.held)


APP = IdentikApp()
