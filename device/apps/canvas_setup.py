"""Canvas setup keys: players, the cards in play (suggested, one by one, at random), unknown points."""

from __future__ import annotations

from dataclasses import replace

from device.apps.base import Reply
from device.apps.canvas_ui import (
    MAX_POINTS,
    CanvasUi,
    EnteredPoints,
    chosen_cards,
    data,
    mode_items,
    needs_points,
    step,
)
from device.strings.all import STRINGS as T
from engine.canvas import CANVAS
from engine.canvas.setup import Setup, draw_cards
from engine.rng import Rng


class SetupKeys:
    """The key maps of the setup screens (mixed into the Canvas app)."""

    def _to_phase(self, ui: CanvasUi) -> CanvasUi:
        raise NotImplementedError

    def _players_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        if button in ("up", "down"):
            return Reply(replace(ui, players=step(ui.players, button, 1, 5)))
        if button == "ok":
            return Reply(replace(ui, screen="mode", cursor=0))
        if button == "back":
            return Reply(ui, switch="home")
        return Reply(ui)

    def _mode_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        items = mode_items()
        if button in ("up", "down"):
            return Reply(replace(ui, cursor=(ui.cursor + (-1 if button == "up" else 1)) % len(items)))
        if button == "back":
            return Reply(replace(ui, screen="players", cursor=0))
        if button != "ok":
            return Reply(ui)
        choice = items[ui.cursor]
        if choice == "pick":
            return Reply(replace(ui, screen="pick", cursor=0, chosen=(), random=False, entered=()))
        if choice == "random":
            return Reply(self._after_choice(replace(ui, random=True, entered=(), chosen=self._draw(ui))))
        setup = next(s for s in data().setups if s.id == choice)
        return Reply(self._after_choice(replace(ui, random=False, entered=(), chosen=setup.cards)))

    def _draw(self, ui: CanvasUi) -> tuple[str, ...]:
        seed, _ = Rng.from_seed(ui.seed ^ ui.draws).next_u64()
        return tuple(card.name for card in draw_cards(data().scorable(), seed))

    def _after_choice(self, ui: CanvasUi) -> CanvasUi:
        if needs_points(ui) is not None:
            return replace(ui, screen="points", table=(), value=1)
        return replace(ui, screen="cards", cursor=0)

    def _pick_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        count = len(data().cards) + 1
        if button in ("up", "down"):
            return Reply(replace(ui, cursor=(ui.cursor + (-1 if button == "up" else 1)) % count))
        if button == "back":
            return Reply(replace(ui, screen="mode", cursor=mode_items().index("pick")))
        if button != "ok":
            return Reply(ui)
        if ui.cursor == count - 1:
            if not ui.chosen:
                return Reply(ui, error=T(lang, "canvas.pick.none"))
            return Reply(self._after_choice(ui))
        name = data().cards[ui.cursor].name
        if name in ui.chosen:
            return Reply(replace(ui, chosen=tuple(n for n in ui.chosen if n != name)))
        if len(ui.chosen) >= 4:
            return Reply(ui, error=T(lang, "canvas.pick.full"))
        return Reply(replace(ui, chosen=(*ui.chosen, name)))

    def _points_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        name = needs_points(ui)
        assert name is not None
        low = 1 if not ui.table else 0  # 0 after the first entry means "no more"
        if button in ("up", "down"):
            return Reply(replace(ui, value=step(ui.value, button, low, MAX_POINTS)))
        if button == "back":
            if ui.table:
                return Reply(replace(ui, table=ui.table[:-1], value=ui.table[-1]))
            return Reply(replace(ui, screen="mode", cursor=0, entered=()))
        if button != "ok":
            return Reply(ui)
        table = ui.table if ui.value == 0 else (*ui.table, ui.value)
        if ui.value and len(table) < 4:
            return Reply(replace(ui, table=table, value=table[-1]))
        after = replace(ui, entered=(*ui.entered, EnteredPoints(name, table)), table=())
        return Reply(self._after_choice(after))

    def _cards_key(self, ui: CanvasUi, button: str, lang: str) -> Reply[CanvasUi]:
        if button == "down" and ui.random:
            drawn = replace(ui, draws=ui.draws + 1)
            return Reply(replace(drawn, chosen=self._draw(drawn)))
        if button == "back":
            return Reply(replace(ui, screen="mode", cursor=0, entered=()))
        if button != "ok":
            return Reply(ui)
        setup = Setup(cards=chosen_cards(ui), players=ui.players, bonus_icons=data().bonus_icons)
        game = CANVAS.new_game(setup, ui.seed)
        started = self._to_phase(replace(ui, game=game, cursor=0))
        return Reply(started, label=T(lang, "canvas.started"))
