"""Artem on the device: the setup, the board with its cursor, the plays and the game's end.

Four keys do everything: up/down move a cursor, ok picks, back steps back. A card is played
in steps: choose it in the action list, then (claim card) its colour, then a row, a tile
and the second tile or the run's last tile. Hold back undoes a wrong entry (the loop's undo).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from device.apps.base import App, Context, GameResult, Reply, Sample
from device.artem_data import colour_info, default_colours
from device.i18n import explain
from device.render.frame import Frame
from device.screens import artem as screens
from device.strings.all import STRINGS as T
from engine import codec
from engine.artem import ARTEM
from engine.artem.board import SIZE, Cell
from engine.artem.commands import (
    BeginPlays,
    Claim,
    Command,
    EndTurn,
    Flip,
    FlipCard,
    MainDeckOut,
    Move,
)
from engine.artem.refusals import PlayRefused, Refusal, card_refusal
from engine.artem.rules import claim_points
from engine.artem.setup import Setup
from engine.artem.state import State
from engine.artem.view import play_number, run_in_view, tiles_in_play, tiles_on_board
from engine.errors import IllegalCommand
from engine.rng import Rng
from hardware.events import ButtonEvent

Screen = Literal["setup", "board", "over"]
Mode = Literal["actions", "colour", "row", "col", "pair", "end"]
Card = Literal["", "move1", "move2", "flip_h", "flip_v", "flip_w", "claim"]

SETUP_ITEMS: tuple[str, ...] = ("players", "all_in", "relative", "flip_back", "start")
DRAW_ACTIONS: tuple[str, ...] = ("drawn", "end_turn", "main_out")
PLAY_ACTIONS: tuple[str, ...] = ("move1", "move2", "flip_h", "flip_v", "flip_w", "claim",
                                 "end_turn")
FLIP_KIND: dict[str, FlipCard] = {"flip_h": "horizontal", "flip_v": "vertical",
                                         "flip_w": "wild"}


@dataclass(frozen=True)
class ArtemUi:
    """The game (None until started), the setup being chosen, and the cursor's place."""

    draft: Setup
    seed: int
    game: State | None = None
    screen: Screen = "setup"
    cursor: int = 0  # setup item, or entry of the action list
    mode: Mode = "actions"
    card: Card = ""
    colour: int = 0  # claim card colour (index into the setup's colours)
    row: int = 0
    col: int = 0
    pick: int = 0  # the second tile of a flip (neighbour index) or a claim's last column

    def __post_init__(self) -> None:
        if self.screen != "setup" and self.game is None:
            raise ValueError("the board and end screens need a game")
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise ValueError("the cursor is off the board")


def actions(game: State) -> tuple[str, ...]:
    """What the action list offers now."""
    return DRAW_ACTIONS if game.phase == "draw" else PLAY_ACTIONS


def neighbours(card: Card, cell: Cell) -> tuple[Cell, ...]:
    """Cells a flip card may swap with `cell`: right, below, left, above, as the card allows."""
    row, col = cell
    sideways: tuple[Cell, ...] = ((row, col + 1), (row, col - 1))
    upright: tuple[Cell, ...] = ((row + 1, col), (row - 1, col))
    if card == "flip_h":
        found = sideways
    elif card == "flip_v":
        found = upright
    else:
        found = (sideways[0], upright[0], sideways[1], upright[1])
    return tuple(c for c in found if 0 <= c[0] < SIZE and 0 <= c[1] < SIZE)


def cell_name(cell: Cell) -> str:
    """A cell as players read it on the board's edges: column letter, row number ("C2")."""
    return f"{'ABCDEF'[cell[1]]}{cell[0] + 1}"


def colour_name(lang: str, colour_id: str) -> str:
    """A colour id in the interface language."""
    return colour_info(colour_id).name(lang)


def claim_run(ui: ArtemUi) -> tuple[int, int]:
    """The run a claim pick covers now: (first column, length)."""
    return ui.col, ui.pick - ui.col + 1


def _step(value: int, button: str, size: int) -> int:
    return (value + (-1 if button == "up" else 1)) % size


class ArtemApp(App[ArtemUi]):
    """Artem: the board of colour tiles, the colour deck and the scores."""

    key = "artem"
    title_key = "game.artem"
    colour_screens = True

    def start(self, ctx: Context) -> ArtemUi:
        """The setup screen, with the colour deck from device/data/artem.toml."""
        draft = Setup(colours=default_colours().tile_colours())
        return ArtemUi(draft=draft, seed=ctx.seed)

    def in_progress(self, state: ArtemUi) -> bool:
        """A game is under way between its start and its end."""
        return state.screen == "board"

    def result(self, state: ArtemUi) -> GameResult | None:
        """Scores and winners (ties share the win) once the game is over."""
        game = state.game
        outcome = ARTEM.outcome(game) if game is not None else None
        if game is None or outcome is None:
            return None
        seats = tuple(f"Seat {s}" for s in range(1, game.setup.players + 1))
        return GameResult(players=seats, scores=game.scores, winners=outcome.winners,
                          seed=state.seed)

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

    # events ------------------------------------------------------------------------------
    def handle(self, state: ArtemUi, event: ButtonEvent, ctx: Context) -> Reply[ArtemUi]:
        """The current screen's keys; engine refusals come back as one translated line."""
        if event.kind != "press" or event.button not in ("up", "down", "ok", "back"):
            return Reply(state)
        try:
            if state.screen == "setup":
                return self._setup_key(state, event.button, ctx)
            if state.screen == "over":
                return self._over_key(state, event.button)
            return self._board_key(state, event.button, ctx)
        except PlayRefused as exc:
            return Reply(state, error=self._explain(exc, ctx.lang))

    def _explain(self, exc: IllegalCommand, lang: str) -> str:
        params = {k: colour_name(lang, str(v)) if k in ("card", "tiles", "colour") else v
                  for k, v in exc.params.items()}
        return explain(T, lang, IllegalCommand(str(exc), exc.code, **params))

    def _setup_key(self, ui: ArtemUi, button: str, ctx: Context) -> Reply[ArtemUi]:
        if button in ("up", "down"):
            return Reply(replace(ui, cursor=_step(ui.cursor, button, len(SETUP_ITEMS))))
        if button == "back":
            return Reply(ui, switch="home")
        item, draft = SETUP_ITEMS[ui.cursor], ui.draft
        if item == "players":
            draft = replace(draft, players={2: 3, 3: 4, 4: 2}[draft.players])
        elif item == "all_in":
            draft = replace(draft, all_in=not draft.all_in)
        elif item == "relative":
            draft = replace(draft, relative_directions=not draft.relative_directions)
        elif item == "flip_back":
            draft = replace(draft, flip_back_allowed=not draft.flip_back_allowed)
        else:
            game = ARTEM.new_game(draft, ui.seed)
            fresh = replace(ui, game=game, screen="board", cursor=0, mode="actions", card="")
            return Reply(fresh, label=T(ctx.lang, "artem.started", n=draft.players))
        return Reply(replace(ui, draft=draft))

    def _over_key(self, ui: ArtemUi, button: str) -> Reply[ArtemUi]:
        if button == "back":
            return Reply(ui, switch="home")
        if button == "ok":
            seed, _ = Rng.from_seed(ui.seed).next_u64()
            return Reply(ArtemUi(draft=ui.draft, seed=seed & 0xFFFFFFFF))
        return Reply(ui)

    def _board_key(self, ui: ArtemUi, button: str, ctx: Context) -> Reply[ArtemUi]:
        game = ui.game
        assert game is not None
        handler = {
            "actions": self._actions_key, "colour": self._colour_key, "row": self._row_key,
            "col": self._col_key, "pair": self._pair_key, "end": self._end_key,
        }[ui.mode]
        return handler(ui, game, button, ctx.lang)

    def _actions_key(self, ui: ArtemUi, game: State, button: str,
                     lang: str) -> Reply[ArtemUi]:
        listed = actions(game)
        cursor = min(ui.cursor, len(listed) - 1)
        if button in ("up", "down"):
            return Reply(replace(ui, cursor=_step(cursor, button, len(listed))))
        if button == "back":
            return Reply(ui, switch="home")
        action, seat = listed[cursor], game.seat
        if action == "drawn":
            return self._play(ui, BeginPlays(), T(lang, "artem.drew", seat=seat))
        if action == "end_turn":
            after = self._play(ui, EndTurn(), T(lang, "artem.ended", seat=seat))
            return replace(after, state=replace(after.state, cursor=0))
        if action == "main_out":
            return self._play(ui, MainDeckOut(), T(lang, "artem.main_out_label"))
        why = card_refusal(game, claim=action == "claim")
        if why is not None:
            raise PlayRefused(why)
        mode: Mode = "colour" if action == "claim" else "row"
        return Reply(replace(ui, cursor=cursor, card=action, mode=mode))  # type: ignore[arg-type]

    def _colour_key(self, ui: ArtemUi, game: State, button: str,
                    lang: str) -> Reply[ArtemUi]:
        count = len(game.setup.colours)
        if button in ("up", "down"):
            return Reply(replace(ui, colour=_step(ui.colour, button, count)))
        if button == "back":
            return Reply(replace(ui, mode="actions"))
        return Reply(replace(ui, mode="row"))

    def _row_key(self, ui: ArtemUi, game: State, button: str,
                 lang: str) -> Reply[ArtemUi]:
        if button in ("up", "down"):
            return Reply(replace(ui, row=_step(ui.row, button, SIZE)))
        if button == "back":
            return Reply(replace(ui, mode="colour" if ui.card == "claim" else "actions"))
        if ui.card in ("move1", "move2"):
            steps = 1 if ui.card == "move1" else 2
            label = T(lang, "artem.moved", seat=game.seat, row=ui.row + 1, n=steps)
            return self._play(ui, Move(ui.row, steps), label)
        return Reply(replace(ui, mode="col"))

    def _col_key(self, ui: ArtemUi, game: State, button: str,
                 lang: str) -> Reply[ArtemUi]:
        if button in ("up", "down"):
            return Reply(replace(ui, col=_step(ui.col, button, SIZE)))
        if button == "back":
            return Reply(replace(ui, mode="row"))
        if ui.card == "claim":
            start, length = run_in_view(game, (ui.row, ui.col))
            last = max(ui.col + 1, start + length - 1)
            if last >= SIZE:
                raise PlayRefused(Refusal("off_board"))
            return Reply(replace(ui, mode="end", pick=last))
        return Reply(replace(ui, mode="pair", pick=0))

    def _pair_key(self, ui: ArtemUi, game: State, button: str,
                  lang: str) -> Reply[ArtemUi]:
        near = neighbours(ui.card, (ui.row, ui.col))
        if button in ("up", "down"):
            return Reply(replace(ui, pick=_step(ui.pick, button, len(near))))
        if button == "back":
            return Reply(replace(ui, mode="col"))
        first, second = (ui.row, ui.col), near[ui.pick % len(near)]
        label = T(lang, "artem.flipped", seat=game.seat, a=cell_name(first), b=cell_name(second))
        return self._play(ui, Flip(FLIP_KIND[ui.card], first, second), label)

    def _end_key(self, ui: ArtemUi, game: State, button: str,
                 lang: str) -> Reply[ArtemUi]:
        if button in ("up", "down"):
            span = SIZE - 1 - ui.col
            pick = ui.col + 1 + _step(ui.pick - ui.col - 1, button, span)
            return Reply(replace(ui, pick=pick))
        if button == "back":
            return Reply(replace(ui, mode="col"))
        colour = game.setup.colours[ui.colour].id
        start, length = claim_run(ui)
        points = claim_points(length, play_number(game)) if 2 <= length <= 6 else 0
        label = T(lang, "artem.claimed", seat=game.seat, n=length,
                  colour=colour_name(lang, colour), points=points)
        return self._play(ui, Claim(colour, ui.row, start, length), label)

    def _play(self, ui: ArtemUi, command: Command, label: str) -> Reply[ArtemUi]:
        """Apply an engine command; the cursor goes back to the action list."""
        assert ui.game is not None
        game = ARTEM.apply(ui.game, command)
        screen: Screen = "over" if game.phase == "over" else "board"
        return Reply(replace(ui, game=game, screen=screen, mode="actions", card=""), label=label)

    # drawing -----------------------------------------------------------------------------
    def screen_key(self, state: ArtemUi) -> str:
        """A new turn or phase is a new screen; moving the cursor is not."""
        game = state.game
        if state.screen != "board" or game is None:
            return f"artem.{state.screen}"
        return f"artem.board.{game.turn}.{game.phase}"

    def render(self, state: ArtemUi, ctx: Context, frame: Frame) -> None:
        """Draw the current Artem screen."""
        screens.render(state, ctx, frame)

    def dump(self, state: ArtemUi) -> dict[str, Any]:
        """Serialise."""
        data: dict[str, Any] = codec.to_dict(state)
        return data

    def load(self, data: dict[str, Any]) -> ArtemUi:
        """Rebuild and validate."""
        return codec.from_dict(ArtemUi, data)

    def samples(self, ctx: Context) -> Sequence[Sample[ArtemUi]]:
        """Every Artem screen, reached by pressing buttons from a fresh start."""
        return screens.samples(self, ctx)


APP = ArtemApp()
