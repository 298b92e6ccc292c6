"""Driving the Artem app by its buttons: the presses that play an engine command, a plain
demonstration player, and the gallery's sample states (all reached by pressing buttons)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache

from device.apps.artem import FLIP_KIND, ArtemApp, ArtemUi, actions, neighbours
from device.apps.base import Context, Sample
from device.resources import Resources
from device.settings import Settings
from engine.artem.board import SIZE, Cell, Grid, run_at, swap
from engine.artem.commands import BeginPlays, Claim, Command, EndTurn, Flip, MainDeckOut, Move
from engine.artem.refusals import card_refusal, refusal
from engine.artem.rules import claim_points
from engine.artem.state import State
from engine.artem.view import play_number, view
from hardware.events import ButtonEvent

CARD_OF_FLIP = {kind: card for card, kind in FLIP_KIND.items()}
Trail = list[tuple[str, ArtemUi]]


class Driver:
    """Presses buttons on an ArtemUi and keeps every state it passes through."""

    def __init__(self, app: ArtemApp, ui: ArtemUi, ctx: Context) -> None:
        self.app, self.ui, self.ctx = app, ui, ctx
        self.trail: Trail = []

    def press(self, *buttons: str) -> ArtemUi:
        """Press buttons in order; a refusal is a bug in the caller (ValueError)."""
        for button in buttons:
            reply = self.app.handle(self.ui, ButtonEvent(button), self.ctx)
            if reply.error:
                raise ValueError(f"{button}: {reply.error}")
            self.ui = reply.state
            self.trail.append((button, self.ui))
        return self.ui

    def steer(self, current: Callable[[ArtemUi], int], target: int, size: int) -> None:
        """Press up or down (the shorter way round) until `current` reads `target`."""
        ahead = (target - current(self.ui)) % size
        button, count = ("down", ahead) if ahead <= size // 2 else ("up", size - ahead)
        self.press(*[button] * count)

    def play(self, command: Command) -> ArtemUi:
        """Play an engine command from the action list with up/down/ok only."""
        game = self.ui.game
        assert game is not None and self.ui.mode == "actions"
        listed = actions(game)
        self.steer(lambda u: min(u.cursor, len(listed) - 1), listed.index(_action(command)),
                   len(listed))
        self.press("ok")
        if isinstance(command, Claim):
            ids = game.setup.colour_ids
            self.steer(lambda u: u.colour, ids.index(command.colour), len(ids))
            self.press("ok")
        if isinstance(command, Move | Flip | Claim):
            row = command.first[0] if isinstance(command, Flip) else command.row
            self.steer(lambda u: u.row, row, SIZE)
            self.press("ok")
        if isinstance(command, Flip):
            self.steer(lambda u: u.col, command.first[1], SIZE)
            self.press("ok")
            near = neighbours(self.ui.card, command.first)
            self.steer(lambda u: u.pick % len(near), near.index(command.second), len(near))
            self.press("ok")
        if isinstance(command, Claim):
            self.steer(lambda u: u.col, command.start, SIZE)
            self.press("ok")
            span = SIZE - 1 - command.start
            last = command.start + command.length - 1
            self.steer(lambda u: u.pick - u.col - 1, last - command.start - 1, span)
            self.press("ok")
        return self.ui


def _action(command: Command) -> str:
    if isinstance(command, BeginPlays):
        return "drawn"
    if isinstance(command, EndTurn):
        return "end_turn"
    if isinstance(command, MainDeckOut):
        return "main_out"
    if isinstance(command, Move):
        return f"move{command.steps}"
    if isinstance(command, Flip):
        return CARD_OF_FLIP[command.card]
    return "claim"


# a plain player ---------------------------------------------------------------------------
def best_claim(grid: Grid, play: int) -> tuple[int, Claim | None]:
    """The highest-scoring whole run on a seat's view, as play number `play`."""
    best: tuple[int, Claim | None] = (0, None)
    for row in range(SIZE):
        col = 0
        while col < SIZE:
            start, length = run_at(grid, (row, col))
            if length >= 2:
                points = claim_points(min(length, 6), play)
                if points > best[0]:
                    best = (points, Claim(grid[row][start], row, start, length))
            col = start + max(length, 1)
    return best


def _flips() -> tuple[tuple[Cell, Cell], ...]:
    pairs = []
    for r in range(SIZE):
        for c in range(SIZE):
            if c + 1 < SIZE:
                pairs.append(((r, c), (r, c + 1)))
            if r + 1 < SIZE:
                pairs.append(((r, c), (r + 1, c)))
    return tuple(pairs)


def _best_flip(game: State, grid: Grid, play: int) -> tuple[int, Flip | None]:
    """The legal flip after which the best claim (as play `play`) scores most."""
    best: tuple[int, Flip | None] = (0, None)
    for a, b in _flips():
        flip = Flip("horizontal" if a[0] == b[0] else "vertical", a, b)
        if refusal(game, flip) is None:
            points, _ = best_claim(swap(grid, a, b), play)
            if points > best[0]:
                best = (points, flip)
    return best


def demo_choice(game: State) -> Command:
    """What the demonstration player does next: claim a run worth 2 points or more, flipping
    first when that scores more; with a card left, flip to prepare a long run; on a turn with
    nothing to do, slide a row; then end the turn."""
    if game.phase == "draw":
        return BeginPlays()
    if card_refusal(game, claim=False) is not None:
        return EndTurn()
    grid = view(game)
    if card_refusal(game, claim=True) is None:
        now_points, now = best_claim(grid, play_number(game))
        if game.plays == 0 and game.setup.max_plays > 1:
            flip_points, flip = _best_flip(game, grid, 2)
            if flip is not None and flip_points > now_points:
                return flip
        if now is not None and now_points >= 2:
            return now
    ready, _ = best_claim(grid, 1)
    prepared, flip = _best_flip(game, grid, 1)
    if flip is not None and prepared > ready:
        return flip
    if game.plays == 0:
        return Move(game.turn % SIZE, 1 + game.turn % 2)
    return EndTurn()


def demo_game(driver: Driver, stop: Callable[[State], bool] | None = None,
              limit: int = 400) -> ArtemUi:
    """Let the demonstration player press the buttons until the game ends (or `stop`)."""
    for _ in range(limit):
        game = driver.ui.game
        assert game is not None
        if game.phase == "over" or (stop is not None and stop(game)):
            break
        driver.play(demo_choice(game))
    return driver.ui


# gallery samples ---------------------------------------------------------------------------
SAMPLE_SEED = 11
TARGET_SEED = 6  # seat 2 of the demonstration game of this seed reaches 15 points
TIE_SEED = 3  # this demonstration game runs out of colour tiles with seats 1 and 2 level


@cache
def _sample_states() -> tuple[tuple[str, ArtemUi], ...]:
    app = ArtemApp()
    ctx = Context(settings=Settings(), resources=Resources())
    out: list[tuple[str, ArtemUi]] = []
    d = Driver(app, app.start(replace(ctx, seed=SAMPLE_SEED)), ctx)
    out.append(("setup", d.ui))
    variants = Driver(app, d.ui, ctx)
    out.append(("setup-variants", variants.press("down", "ok", "down", "ok", "down", "down")))
    out.append(("phase1", d.press("up", "ok")))
    out.append(("actions", d.press("ok")))
    out.append(("move-row", d.press("down", "ok", "down", "down")))
    d.press("ok", "down", "down", "down", "ok", "down")
    out.append(("flip-tile", d.press("ok", "down", "down")))
    out.append(("flip-pair", d.press("ok", "down")))
    d.press("back", "back", "back")
    demo_game(d, stop=lambda g: g.turn == 4 and g.phase == "play")
    while isinstance(demo_choice(d.ui.game), Flip | Move):  # type: ignore[arg-type]
        d.play(demo_choice(d.ui.game))  # type: ignore[arg-type]
    d.trail.clear()
    d.play(demo_choice(d.ui.game))  # type: ignore[arg-type]
    out.append(("claim-colour", next(u for _, u in d.trail if u.mode == "colour")))
    out.append(("claim-run", d.trail[-2][1]))
    out.append(("after-claim", d.ui))
    v = Driver(app, variants.press("ok"), ctx)
    out.append(("all-in-play-3", v.press("ok", "ok", "ok", "ok", "down", "ok")))
    out.append(("relative-seat-2", v.play(EndTurn())))
    out.append(("relative-seat-3", v.play(EndTurn())))
    for name, seed in (("over-target", TARGET_SEED), ("over-tie", TIE_SEED)):
        over = Driver(app, app.start(replace(ctx, seed=seed)), ctx)
        over.press("up", "ok")
        out.append((name, demo_game(over)))
    main = Driver(app, app.start(replace(ctx, seed=SAMPLE_SEED)), ctx)
    main.press("up", "ok")
    demo_game(main, stop=lambda g: g.turn == 7)
    out.append(("over-main-deck", main.play(MainDeckOut())))
    return tuple(out)


def sample_states(app: ArtemApp, ctx: Context) -> Sequence[Sample[ArtemUi]]:
    """The gallery's Artem screens."""
    return [Sample(name, ui) for name, ui in _sample_states()]
