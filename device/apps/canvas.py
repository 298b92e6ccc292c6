"""Canvas on the device: setup, painting entry slot by slot, scoreboard, tie-breaks, solo turns.

Every screen works with up/down/ok/back; seat buttons start a seat's painting on the
scoreboard, and `roll` tosses the automated player's tokens in the solo game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from device.apps.base import App, Context, GameResult, Reply, Sample
from device.apps.canvas_setup import SetupKeys
from device.apps.canvas_ui import (
    MARKET_CHOICES,
    CanvasUi,
    EnteredPoints,
    board_seats,
    chosen_cards,
    counted_cards,
    data,
    game_of,
    mode_items,
    names_fr,
    needs_points,
    step,
    ui_problems,
)
from device.i18n import explain
from device.render.frame import Frame
from device.screens import canvas as screens
from device.screens.canvas_text import seat, slot_text
from device.strings.all import STRINGS as T
from engine import codec
from engine.canvas import CANVAS
from engine.canvas.cards import SLOTS, Slot
from engine.canvas.commands import (
    BackSlot,
    CancelPainting,
    Command,
    ConfirmPainting,
    CountRibbons,
    EnterTokens,
    Judge,
    SetSlot,
    StartPainting,
    TakeCard,
    TossTokens,
)
from engine.canvas.rules import review
from engine.canvas.scores import best_by_tokens, seats, tokens_pending, total
from engine.errors import IllegalCommand
from engine.rng import Rng
from hardware.events import ButtonEvent, seat_of

__all__ = [
    "APP",
    "CanvasApp",
    "CanvasUi",
    "EnteredPoints",
    "chosen_cards",
    "data",
    "mode_items",
    "names_fr",
    "needs_points",
]


class CanvasApp(SetupKeys, App[CanvasUi]):
    """Canvas: the device scores paintings and keeps the ribbons, tokens and solo market."""

    key = "canvas"
    title_key = "game.canvas"

    def start(self, ctx: Context) -> CanvasUi:
        """The player-count screen of a fresh game."""
        return CanvasUi(seed=ctx.seed)

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

    # events ------------------------------------------------------------------------------
    def handle(self, state: CanvasUi, event: ButtonEvent, ctx: Context) -> Reply[CanvasUi]:
        """Shortcuts first (seat buttons, roll), then the current screen's keys."""
        if event.kind != "press":
            return Reply(state)
        try:
            return self._handle(state, event.button, ctx.lang)
        except IllegalCommand as exc:
            return Reply(state, error=explain(T, ctx.lang, exc))

    def _handle(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        number = seat_of(button)
        if number is not None and ui.screen == "board":
            return self._paint(ui, number, lang)
        if button == "roll" and ui.screen == "auto":
            return self._toss(ui, lang)
        handler = getattr(self, f"_{ui.screen}_key")
        reply: Reply[CanvasUi] = handler(ui, button, lang)
        return reply

    # the game ----------------------------------------------------------------------------
    def _to_phase(self, ui: CanvasUi) -> CanvasUi:
        """The screen for the engine's phase, with the cursors it starts from."""
        game = game_of(ui)
        phase = game.phase
        if phase == "playing":
            seats_ = board_seats(game)
            cursor = ui.cursor if ui.cursor in seats_ else seats_[0]
            return replace(ui, screen="board", cursor=cursor)
        if phase == "turn":
            return replace(ui, screen="turn", cursor=0)
        if phase == "automaton":
            return replace(ui, screen="auto")
        if phase == "painting":
            draft = game.draft
            assert draft is not None
            slot = draft.slots[draft.at]
            return replace(ui, screen="slot", row=0, top=slot.top, bottom=slot.bottom)
        if phase == "review":
            counted = counted_cards(game)
            if counted and ui.screen == "slot":
                return self._count_at(ui, counted[0])
            return replace(ui, screen="review", cursor=0)
        if phase == "tokens":
            pending = tokens_pending(game)
            return replace(ui, screen="tokens", value=0, cursor=pending[0] if pending else 1)
        if phase == "judging":
            return replace(ui, screen="judge", cursor=0)
        return replace(ui, screen="final", cursor=0)

    def _count_at(self, ui: CanvasUi, index: int) -> CanvasUi:
        draft = game_of(ui).draft
        assert draft is not None
        return replace(ui, screen="count", cursor=index, value=draft.counted[index])

    def _apply(self, ui: CanvasUi, command: Command) -> CanvasUi:
        return replace(ui, game=CANVAS.apply(game_of(ui), command))

    def _paint(self, ui: CanvasUi, number: int, lang: str) -> Reply[CanvasUi]:
        after = self._to_phase(self._apply(ui, StartPainting(number)))
        return Reply(after, label=T(lang, "canvas.label.paints", seat=seat(lang, number)))

    def _board_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        seats_ = board_seats(game_of(ui))
        if button in ("up", "down"):
            index = seats_.index(ui.cursor) if ui.cursor in seats_ else 0
            return Reply(replace(ui, cursor=seats_[(index + (-1 if button == "up" else 1)) % len(seats_)]))
        if button == "ok":
            return self._paint(ui, ui.cursor, lang)
        if button == "back":
            return Reply(ui, switch="home")
        return Reply(ui)

    def _slot_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        game = game_of(ui)
        draft = game.draft
        assert draft is not None
        if button in ("up", "down"):
            icons = game.setup.icons
            current = ui.top if ui.row == 0 else ui.bottom
            index = icons.index(current) if current in icons else 0
            chosen = icons[(index + (-1 if button == "up" else 1)) % len(icons)]
            return Reply(replace(ui, top=chosen) if ui.row == 0 else replace(ui, bottom=chosen))
        if button == "ok":
            if ui.row == 0:
                return Reply(replace(ui, row=1))
            number = draft.at + 1
            after = self._to_phase(self._apply(ui, SetSlot(ui.top, ui.bottom)))
            text = slot_text(lang, Slot(ui.top, ui.bottom), game.setup)
            return Reply(after, label=T(lang, "canvas.label.slot", n=number, icons=text))
        if button == "back":
            if ui.row == 1:
                return Reply(replace(ui, row=0))
            if draft.at == 0:
                after = self._to_phase(self._apply(ui, CancelPainting()))
                return Reply(after, label=T(lang, "canvas.label.cancel"))
            after = self._to_phase(self._apply(ui, BackSlot()))
            return Reply(after, label=T(lang, "canvas.label.back", n=draft.at))
        return Reply(ui)

    def _count_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        game = game_of(ui)
        card = game.setup.cards[ui.cursor]
        counted = counted_cards(game)
        if button in ("up", "down"):
            return Reply(replace(ui, value=step(ui.value, button, 0, card.cap)))
        if button == "ok":
            after = self._apply(ui, CountRibbons(ui.cursor + 1, ui.value))
            later = [i for i in counted if i > ui.cursor]
            after = self._count_at(after, later[0]) if later else replace(after, screen="review", cursor=0)
            name = screens.card_name(lang, card)
            return Reply(after, label=T(lang, "canvas.label.count", card=name, n=ui.value))
        if button == "back":
            earlier = [i for i in counted if i < ui.cursor]
            if earlier:
                return Reply(self._count_at(ui, earlier[-1]))
            return self._back_to_slot(ui, lang)
        return Reply(ui)

    def _back_to_slot(self, ui: CanvasUi, lang: str) -> Reply[CanvasUi]:
        after = self._to_phase(self._apply(ui, BackSlot()))
        return Reply(after, label=T(lang, "canvas.label.back", n=SLOTS))

    def _review_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        game = game_of(ui)
        if button in ("up", "down"):
            lines = len(screens.review_lines(lang, game))
            return Reply(replace(ui, cursor=max(0, min(lines - 1, ui.cursor + (-1 if button == "up" else 1)))))
        if button == "ok":
            draft = game.draft
            assert draft is not None
            results = review(game)
            bonus = sum(r.points for r in screens.bonus_of(game))
            after = self._to_phase(replace(self._apply(ui, ConfirmPainting()), cursor=draft.seat))
            label = T(
                lang,
                "canvas.label.painted",
                seat=seat(lang, draft.seat),
                ribbons=sum(r.awarded for r in results),
                bonus=bonus,
            )
            return Reply(after, label=label)
        if button == "back":
            counted = counted_cards(game)
            if counted:
                return Reply(self._count_at(ui, counted[-1]))
            return self._back_to_slot(ui, lang)
        return Reply(ui)

    def _tokens_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        most = 4 * game_of(ui).setup.players
        if button in ("up", "down"):
            return Reply(replace(ui, value=step(ui.value, button, 0, most)))
        if button == "ok":
            after = self._to_phase(self._apply(ui, EnterTokens(ui.cursor, ui.value)))
            return Reply(after, label=T(lang, "canvas.label.tokens", seat=seat(lang, ui.cursor), n=ui.value))
        return Reply(ui)

    def _judge_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        tied = best_by_tokens(game_of(ui))
        if button in ("up", "down"):
            return Reply(replace(ui, cursor=(ui.cursor + (-1 if button == "up" else 1)) % len(tied)))
        if button == "ok":
            chosen = tied[ui.cursor]
            after = self._to_phase(self._apply(ui, Judge(chosen)))
            return Reply(after, label=T(lang, "canvas.label.judged", seat=seat(lang, chosen)))
        return Reply(ui)

    def _final_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        if button == "ok":
            seed, _ = Rng.from_seed(ui.seed).next_u64()
            return Reply(CanvasUi(seed=seed & 0xFFFFFFFF, players=ui.players))
        if button == "back":
            return Reply(ui, switch="home")
        return Reply(ui)

    # solo --------------------------------------------------------------------------------
    def _turn_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        if button in ("up", "down"):
            return Reply(replace(ui, cursor=(ui.cursor + (-1 if button == "up" else 1)) % MARKET_CHOICES))
        if button == "ok":
            if ui.cursor == 5:
                return self._paint(ui, 1, lang)
            after = self._to_phase(self._apply(ui, TakeCard(ui.cursor + 1)))
            return Reply(after, label=T(lang, "canvas.label.take", n=ui.cursor + 1))
        if button == "back":
            return Reply(ui, switch="home")
        return Reply(ui)

    def _auto_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        if button == "ok":
            return self._toss(ui, lang)
        if button == "back":
            return Reply(ui, switch="home")
        return Reply(ui)

    def _toss(self, ui: CanvasUi, lang: str) -> Reply[CanvasUi]:
        after = self._apply(ui, TossTokens())
        solo = game_of(after).solo
        assert solo is not None and solo.last_toss is not None
        toss = solo.last_toss
        label = T(lang, "canvas.label.toss", up=toss.face_up, card=toss.position)
        return Reply(replace(after, screen="toss"), label=label)

    def _toss_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        if button == "ok":
            return Reply(self._to_phase(ui))
        if button == "back":
            return Reply(ui, switch="home")
        return Reply(ui)

    # drawing -----------------------------------------------------------------------------
    def screen_key(self, state: CanvasUi) -> str:
        """The screen shown (a new slot is a new screen too)."""
        draft = state.game.draft if state.game is not None else None
        suffix = f".{draft.at}" if state.screen == "slot" and draft is not None else ""
        return f"canvas.{state.screen}{suffix}"

    def render(self, state: CanvasUi, ctx: Context, frame: Frame) -> None:
        """Draw the current Canvas screen."""
        screens.render(state, ctx, frame)

    def dump(self, state: CanvasUi) -> dict[str, Any]:
        """Serialise."""
        out: dict[str, Any] = codec.to_dict(state)
        return out

    def load(self, data: dict[str, Any]) -> CanvasUi:
        """Rebuild and validate."""
        return codec.from_dict(CanvasUi, data)

    def samples(self, ctx: Context) -> Sequence[Sample[CanvasUi]]:
        """Every Canvas screen in a typical state."""
        return screens.samples(self, ctx)


APP = CanvasApp()
