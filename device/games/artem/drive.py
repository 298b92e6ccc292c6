"""Driving the Artem app by its buttons: the presses that play an engine command, a plain
demonstration player, and the gallery's sample states (all reached by pressing buttons)."""

from __future__ import annotations

from collections.abc import Callable

from device.framework.contract import App, Context
from device.games.artem.ui import ArtemUi, actions, begun, flip_partners, offered, on_offered
from engine.artem.board import SIZE, Cell, Grid, run_at, swap
from engine.artem.commands import BeginPlays, Claim, Command, EndTurn, Flip, MainDeckOut, Move
from engine.artem.refusals import card_refusal, refusal
from engine.artem.rules import claim_points
from engine.artem.state import State
from engine.artem.view import play_number, view
from hardware.events import ButtonEvent

Trail = list[tuple[str, ArtemUi]]


class Driver:
    """Presses buttons on an ArtemUi and keeps every state it passes through."""

    def __init__(self, app: App[ArtemUi], ui: ArtemUi, ctx: Context) -> None:
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

    @property
    def game(self) -> State:
        """The game being played (a driver only plays started games)."""
        assert self.ui.game is not None, "start the game first"
        return self.ui.game

    def play(self, command: Command, table: bool = False) -> ArtemUi:
        """Play an engine command: with up/down/ok only, or (`table`) with the seat buttons."""
        game = self.ui.game
        assert game is not None and self.ui.mode == "actions"
        if isinstance(command, BeginPlays):
            return self.ui  # the turn's first card says phase 1 is done: no press of its own
        self._entry(game, actions(game).index(_action(command)), table)
        if isinstance(command, Move):
            self._choose(command.row, SIZE, lambda u: u.row, table)
        elif isinstance(command, Flip):
            self._flip(command, table)
        elif isinstance(command, Claim):
            self._choose(command.row, SIZE, lambda u: u.row, table)
            self._choose(command.start, SIZE, lambda u: u.col, table)
            last = command.start + command.length - 1
            if table:
                self.press(f"seat{last + 1}")
            else:
                self.steer(lambda u: u.pick - u.col - 1, last - self.ui.col - 1, SIZE - 1 - self.ui.col)
                self.press("ok")
        return self.ui

    def _entry(self, game: State, target: int, table: bool) -> None:
        """Name entry `target` of the turn's list: its seat button, or up/down over the entries
        offered (Claim may be left out) then ok."""
        if table:
            self.press(f"seat{target + 1}")
            return
        shown = offered(game)
        self.steer(lambda u: shown.index(on_offered(game, u.cursor)), shown.index(target), len(shown))
        self.press("ok")

    def _choose(self, target: int, size: int, current: Callable[[ArtemUi], int], table: bool) -> None:
        """Name entry/row/column `target` (0-based): its seat button, or up/down then ok."""
        if table:
            self.press(f"seat{target + 1}")
            return
        self.steer(lambda u: min(current(u), size - 1), target, size)
        self.press("ok")

    def _flip(self, flip: Flip, table: bool) -> None:
        first, second = sorted((flip.first, flip.second))  # the left or upper tile first
        self._choose(first[0], SIZE, lambda u: u.row, table)
        self._choose(first[1], SIZE, lambda u: u.col, table)
        if table and first[0] == second[0]:
            self.press(f"seat{second[1] + 1}")
            return
        key = next(k for k, cell in flip_partners(first).items() if cell == second)
        self.press(key)


def _action(command: Command) -> str:
    if isinstance(command, EndTurn):
        return "end_turn"
    if isinstance(command, MainDeckOut):
        return "main_out"
    if isinstance(command, Move):
        return f"move{command.steps}"
    if isinstance(command, Flip):
        return "flip"
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
    game = begun(game)
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
              limit: int = 400, table: bool = False) -> ArtemUi:
    """Let the demonstration player press the buttons (the four keys, or the table build's)
    until the game ends (or `stop`)."""
    for _ in range(limit):
        game = driver.ui.game
        assert game is not None
        if game.phase == "over" or (stop is not None and stop(game)):
            break
        driver.play(demo_choice(game), table)
    return driver.ui


# gallery samples ---------------------------------------------------------------------------
