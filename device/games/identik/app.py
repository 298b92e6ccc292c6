"""IDENTIK on the device: the wiring of its UI state, binding table and screens."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from device.display.refresh import Activity
from device.framework.contract import Context, Reply
from device.games.identik import keys, screens
from device.games.identik.ui import IdentikUi, catch_up
from device.render.frame import Frame
from device.widgets.bindings import Bindings
from device.widgets.countdown import countdown_deadline, countdown_tick
from device.widgets.game_app import GameApp
from engine.identik import IDENTIK
from engine.identik.commands import TimeUp
from engine.identik.scores import scorecard
from engine.identik.state import State
from hardware.events import ButtonEvent


class IdentikApp(GameApp[IdentikUi]):
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

    def handle(self, state: IdentikUi, event: ButtonEvent, ctx: Context) -> Reply[IdentikUi]:
        """Pencils go down first if the sand ran out unseen; then the key's action."""
        caught_up = catch_up(state, ctx.now_ms)
        return self.bindings(caught_up, ctx).dispatch(caught_up, event, ctx)

    def next_deadline(self, state: IdentikUi, ctx: Context) -> int | None:
        """Each shown second of the running hourglass, and its end."""
        game = state.game
        if game is None or game.phase != "describe":
            return None
        return countdown_deadline(game.sandglass, ctx.now_ms)

    def tick(self, state: IdentikUi, ctx: Context) -> Reply[IdentikUi]:
        """Beep in the last 10 s; at zero ring the alarm: pencils down."""
        game = state.game
        if game is None or game.phase != "describe":
            return Reply(state)
        _, sounds, finished = countdown_tick(game.sandglass, ctx.now_ms)
        if not finished:
            return Reply(state, sounds=sounds)
        after = IDENTIK.apply(game, TimeUp(ctx.now_ms))
        return Reply(replace(state, game=after, screen="play", direction="left"), sounds=sounds)

    def activity(self, state: IdentikUi, ctx: Context) -> Activity:
        """The hourglass counts down while the narrator describes and the table draws."""
        game = state.game
        if game is None or state.screen != "play" or game.phase != "describe":
            return Activity()
        return Activity(countdown=game.sandglass.settle(ctx.now_ms).status == "running", physical=True)

    def screen_key(self, state: IdentikUi) -> str:
        """The screen, and for a game the phase of the round."""
        if state.screen == "play" and state.game is not None:
            return f"identik.{state.game.phase}"
        return f"identik.{state.screen}"

    def draw(self, state: IdentikUi, ctx: Context, labels: Mapping[str, str], frame: Frame) -> None:
        """The screen shown."""
        screens.render(state, ctx.lang, ctx.now_ms, ctx.settings.sandglass_s, labels, frame,
                       seat_buttons=ctx.seat_buttons)


APP = IdentikApp()
