"""The Toolbox on the device: key maps for dice, sandglass, finishing order and players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from device.apps.base import App, Context, Reply, Sample
from device.apps.timing import countdown_deadline, countdown_tick
from device.i18n import explain
from device.refresh import Activity
from device.render.frame import Frame
from device.screens import toolbox as screens
from device.strings.all import STRINGS
from engine import codec
from engine.dice import tally
from engine.errors import IllegalCommand
from engine.toolbox import TOOLBOX
from engine.toolbox.commands import (
    AdjustSandglass,
    ChooseDice,
    ClearTokens,
    Command,
    FlipSandglass,
    PauseSandglass,
    ResumeSandglass,
    Roll,
    SetPlayers,
    SetSandglassLength,
    SettleSandglass,
    StartSandglass,
    TakeToken,
)
from engine.toolbox.setup import MAX_TOKENS, DiceKind, Setup
from engine.toolbox.state import State
from hardware.events import ButtonEvent, seat_of

Screen = Literal["menu", "dice", "sandglass", "order", "players"]
MENU: tuple[Screen, ...] = ("dice", "sandglass", "order", "players")
# What up/down cycle through on the dice screen: each entry is (kind, tokens).
DICE_CHOICES: tuple[tuple[DiceKind, int], ...] = (
    ("shapes", 4), ("d6", 4), ("d10", 4), *(("tokens", n) for n in range(1, MAX_TOKENS + 1)),
)


@dataclass(frozen=True)
class ToolboxUi:
    """The Toolbox's engine state plus where the player is on its screens."""

    game: State
    screen: Screen = "menu"
    cursor: int = 0
    seat_cursor: int = 1
    players_pick: int = 4


def dice_choice_index(game: State) -> int:
    """Where the current dice choice sits in DICE_CHOICES."""
    want = (game.dice_kind, game.tokens if game.dice_kind == "tokens" else 4)
    return DICE_CHOICES.index(want) if want in DICE_CHOICES else 0


def roll_summary(lang: str, game: State) -> str:
    """The last roll in words ("2 x triangle, 1 x circle", "5", "3 of 4 face up")."""
    if not game.last_roll:
        return ""
    if game.last_roll_kind == "shapes":
        return ", ".join(f"{n} x {STRINGS(lang, 'shape.' + face)}" for face, n in tally(game.last_roll))
    if game.last_roll_kind == "tokens":
        up = sum(1 for face in game.last_roll if face == "up")
        return STRINGS(lang, "dice.face_up", up=up, n=len(game.last_roll))
    return " + ".join(game.last_roll)


class ToolboxApp(App[ToolboxUi]):
    """Dice, sandglass and finishing order for any table game."""

    key = "toolbox"
    title_key = "toolbox.title"
    colour_screens = True

    def start(self, ctx: Context) -> ToolboxUi:
        """A fresh Toolbox with the settings' sandglass length and table size."""
        setup = Setup(shape_dice=ctx.resources.shape_dice, sandglass_s=ctx.settings.sandglass_s,
                             players=ctx.settings.players)
        return ToolboxUi(game=TOOLBOX.new_game(setup, ctx.seed), players_pick=ctx.settings.players)

    # events ------------------------------------------------------------------------------
    def handle(self, state: ToolboxUi, event: ButtonEvent, ctx: Context) -> Reply[ToolboxUi]:
        """Global shortcuts (roll, timer, seats) first, then the current screen's keys."""
        try:
            return self._handle(state, event, ctx)
        except IllegalCommand as exc:
            return Reply(state, error=explain(STRINGS, ctx.lang, exc))

    def _handle(self, state: ToolboxUi, event: ButtonEvent, ctx: Context) -> Reply[ToolboxUi]:
        button, lang = event.button, ctx.lang
        if state.game.sandglass.status == "idle":
            state = self._settings_length(state, ctx)
        if button == "roll" and event.kind == "press":
            return self._roll(replace(state, screen="dice"), lang)
        if button == "timer":
            return self._timer(replace(state, screen="sandglass"), event.kind == "hold", ctx)
        seat = seat_of(button)
        if seat is not None:
            return self._take(replace(state, screen="order"), seat, lang)
        handler = {
            "menu": self._menu_key, "dice": self._dice_key, "sandglass": self._glass_key,
            "order": self._order_key, "players": self._players_key,
        }[state.screen]
        return handler(state, event, ctx)

    def _menu_key(self, state: ToolboxUi, event: ButtonEvent, ctx: Context) -> Reply[ToolboxUi]:
        if event.button in ("up", "down"):
            step = -1 if event.button == "up" else 1
            return Reply(replace(state, cursor=(state.cursor + step) % len(MENU)))
        if event.button == "ok":
            screen = MENU[state.cursor]
            return Reply(replace(state, screen=screen, players_pick=state.game.setup.players,
                                 seat_cursor=self._first_waiting(state.game)))
        if event.button == "back":
            return Reply(state, switch="home")
        return Reply(state)

    def _dice_key(self, state: ToolboxUi, event: ButtonEvent, ctx: Context) -> Reply[ToolboxUi]:
        if event.button in ("up", "down"):
            step = -1 if event.button == "up" else 1
            kind, tokens = DICE_CHOICES[(dice_choice_index(state.game) + step) % len(DICE_CHOICES)]
            game = TOOLBOX.apply(state.game, ChooseDice(kind, tokens))
            return Reply(replace(state, game=game))
        if event.button == "ok":
            return self._roll(state, ctx.lang)
        if event.button == "back":
            return Reply(replace(state, screen="menu"))
        return Reply(state)

    def _roll(self, state: ToolboxUi, lang: str) -> Reply[ToolboxUi]:
        game = TOOLBOX.apply(state.game, Roll())
        label = STRINGS(lang, "dice.rolled", what=roll_summary(lang, game))
        return Reply(replace(state, game=game), label=label)

    def _timer(self, state: ToolboxUi, hold: bool, ctx: Context) -> Reply[ToolboxUi]:
        glass, now, lang = state.game.sandglass.settle(ctx.now_ms), ctx.now_ms, ctx.lang
        command: Command
        if hold:
            if glass.status == "running":
                command, key = PauseSandglass(now), "glass.paused_label"
            elif glass.status == "paused":
                command, key = ResumeSandglass(now), "glass.resumed"
            else:
                return Reply(state)
        elif glass.status == "running":
            command, key = FlipSandglass(now), "glass.flipped"
        elif glass.status == "paused":
            command, key = ResumeSandglass(now), "glass.resumed"
        else:
            state = self._settings_length(state, ctx)
            command, key = StartSandglass(now), "glass.started"
        game = TOOLBOX.apply(state.game, command)
        return Reply(replace(state, game=game), label=STRINGS(lang, key))

    def _settings_length(self, state: ToolboxUi, ctx: Context) -> ToolboxUi:
        """A standing glass takes the length chosen in Settings (the state keeps the old one)."""
        seconds = ctx.settings.sandglass_s
        if state.game.setup.sandglass_s == seconds:
            return state
        game = TOOLBOX.apply(state.game, SettleSandglass(ctx.now_ms))
        return replace(state, game=TOOLBOX.apply(game, SetSandglassLength(seconds)))

    def _glass_key(self, state: ToolboxUi, event: ButtonEvent, ctx: Context) -> Reply[ToolboxUi]:
        status = state.game.sandglass.settle(ctx.now_ms).status
        if event.button == "ok":
            return self._timer(state, False, ctx)
        if event.button == "back":
            return Reply(replace(state, screen="menu"))
        if event.button == "down" and status == "running":
            return self._timer(state, True, ctx)
        if event.button in ("up", "down") and status == "paused":
            delta = 10_000 if event.button == "up" else -10_000
            game = TOOLBOX.apply(state.game, AdjustSandglass(delta))
            label = STRINGS(ctx.lang, "glass.adjusted", delta=f"{delta // 1000:+d}")
            return Reply(replace(state, game=game), label=label)
        return Reply(state)

    def _first_waiting(self, game: State) -> int:
        waiting = game.order.waiting()
        return waiting[0] if waiting else 1

    def _take(self, state: ToolboxUi, seat: int, lang: str) -> Reply[ToolboxUi]:
        game = TOOLBOX.apply(state.game, TakeToken(seat))
        token = game.order.token_of(seat)
        ui = replace(state, game=game, seat_cursor=self._first_waiting(game))
        return Reply(ui, label=STRINGS(lang, "order.took", seat=seat, token=token))

    def _order_key(self, state: ToolboxUi, event: ButtonEvent, ctx: Context) -> Reply[ToolboxUi]:
        waiting = state.game.order.waiting()
        if event.button in ("up", "down") and waiting:
            step = -1 if event.button == "up" else 1
            index = waiting.index(state.seat_cursor) if state.seat_cursor in waiting else 0
            return Reply(replace(state, seat_cursor=waiting[(index + step) % len(waiting)]))
        if event.button == "ok":
            if not waiting:
                game = TOOLBOX.apply(state.game, ClearTokens())
                ui = replace(state, game=game, seat_cursor=1)
                return Reply(ui, label=STRINGS(ctx.lang, "order.cleared"))
            seat = state.seat_cursor if state.seat_cursor in waiting else waiting[0]
            return self._take(state, seat, ctx.lang)
        if event.button == "back":
            return Reply(replace(state, screen="menu"))
        return Reply(state)

    def _players_key(self, state: ToolboxUi, event: ButtonEvent, ctx: Context) -> Reply[ToolboxUi]:
        if event.button in ("up", "down"):
            step = 1 if event.button == "up" else -1
            return Reply(replace(state, players_pick=min(8, max(1, state.players_pick + step))))
        if event.button == "ok":
            game = TOOLBOX.apply(state.game, SetPlayers(state.players_pick))
            ui = replace(state, game=game, screen="menu", seat_cursor=1)
            return Reply(ui, label=STRINGS(ctx.lang, "players.set", n=state.players_pick))
        if event.button == "back":
            return Reply(replace(state, screen="menu"))
        return Reply(state)

    # time --------------------------------------------------------------------------------
    def next_deadline(self, state: ToolboxUi, ctx: Context) -> int | None:
        """Each displayed second of a running sandglass, and its end."""
        return countdown_deadline(state.game.sandglass, ctx.now_ms)

    def tick(self, state: ToolboxUi, ctx: Context) -> Reply[ToolboxUi]:
        """Beep in the last 10 s; at zero, settle the glass, ring and show Time!."""
        glass, sounds, finished = countdown_tick(state.game.sandglass, ctx.now_ms)
        if glass == state.game.sandglass:
            return Reply(state, sounds=sounds)
        game = replace(state.game, sandglass=glass)
        return Reply(replace(state, game=game, screen="sandglass" if finished else state.screen),
                     sounds=sounds)

    def activity(self, state: ToolboxUi, ctx: Context) -> Activity:
        """A running sandglass is a countdown; while it runs, or after a roll, the table draws."""
        running = state.game.sandglass.settle(ctx.now_ms).status == "running"
        rolled = state.screen == "dice" and bool(state.game.last_roll)
        return Activity(countdown=running, physical=running or rolled)

    # drawing -----------------------------------------------------------------------------
    def screen_key(self, state: ToolboxUi) -> str:
        """The Toolbox screen shown."""
        return f"toolbox.{state.screen}"

    def render(self, state: ToolboxUi, ctx: Context, frame: Frame) -> None:
        """Draw the current Toolbox screen."""
        screens.render(state, ctx, frame)

    def dump(self, state: ToolboxUi) -> dict[str, Any]:
        """Serialise."""
        data: dict[str, Any] = codec.to_dict(state)
        return data

    def load(self, data: dict[str, Any]) -> ToolboxUi:
        """Rebuild and validate."""
        return codec.from_dict(ToolboxUi, data)

    def samples(self, ctx: Context) -> Sequence[Sample[ToolboxUi]]:
        """Every Toolbox screen in a typical state."""
        return screens.samples(self, ctx)


APP = ToolboxApp()
