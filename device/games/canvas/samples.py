"""Sample states of every Canvas screen, reached by pressing buttons from a fresh game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.framework.contract import App, Context, Sample
from device.games.canvas.app import APP
from device.games.canvas.ui import CanvasUi, mode_items
from device.widgets.presser import Presser

# Rulebook 004 l.66: Charlotte's painting (all 5 slots filled, two pairs of Shapes).
CHARLOTTE = ("shape", "hue", "shape/tone", "shape", "shape/bonus_tone")
SPACED = ("hue/texture", "tone", "", "shape/hue", "shape")
PLAIN = ("hue", "shape", "texture", "tone", "")
RICH = ("hue/shape", "tone", "texture", "shape", "shape/hue")
PAIRS = ("texture", "tone", "texture", "tone", "hue")  # two Texture-Tone pairs side by side


class CanvasPresser(Presser[CanvasUi]):
    """Presses buttons through the app's own key map, refusing to go on after an error."""

    def __init__(self, app: App[CanvasUi], ctx: Context) -> None:
        super().__init__(app, ctx, strict=True)

    def choose(self, ui: CanvasUi, item: str) -> CanvasUi:
        """On the setup menu, open the item with this id (a suggested setup, pick, random)."""
        steps = mode_items().index(item) - ui.cursor  # the menu opens on the set in use
        return self.press(ui, *(["down"] * steps if steps >= 0 else ["up"] * -steps), "ok")

    def paint(self, ui: CanvasUi, slots: Sequence[str], confirm: bool = True) -> CanvasUi:
        """Enter five slots ("top/bottom") with up/down/ok, then confirm the review."""
        assert ui.game is not None
        icons = ui.game.setup.icons
        for text in slots:
            top, _, bottom = text.partition("/")
            if not top:
                ui = self.press(ui, "ok")  # an empty slot: ok on "nothing" enters it
                continue
            ui = self.press(ui, *["down"] * icons.index(top), "ok", *["down"] * icons.index(bottom), "ok")
        while confirm and ui.screen == "count":
            ui = self.press(ui, "ok")
        return self.press(ui, "ok") if confirm else ui


def samples(ctx: Context) -> Sequence[Sample[CanvasUi]]:
    """Every Canvas screen in a typical state, reached by pressing buttons."""
    return build(APP, ctx)


def build(app: App[CanvasUi], ctx: Context) -> Sequence[Sample[CanvasUi]]:
    """Every Canvas screen in a typical state, played through `app`."""
    p = CanvasPresser(app, ctx)
    fresh = app.start(replace(ctx, seed=7))
    players = p.press(fresh, "down", "ok")
    solo_setup = p.press(players, "down", "ok")
    mode = p.press(fresh, "down", "down", "ok")
    pick = p.press(p.choose(mode, "pick"), "ok", "down", "down", "ok", "down")
    points = p.press(p.choose(mode, "first_game_rulebook"), "up", "ok", "up", "up", "up")
    spatial = p.choose(mode, "spatial")
    drawn = p.choose(mode, "random")

    board = p.paint(p.press(spatial, "ok", "seat1"), SPACED)
    # The longest whys: two pairs on one card (the 2.13" once cut the second with an ellipsis).
    review_pairs = p.paint(p.press(spatial, "ok", "seat1"), PAIRS, confirm=False)
    # Seat 2 paints: slot 1 Hue, slot 2 Shape over Tone, slot 3 Tone over (choosing) Texture.
    slot = p.press(board, "seat2", "down", "ok", "ok", "down", "down", "ok", *["down"] * 4, "ok")
    slot = p.press(slot, *["down"] * 4, "ok", *["down"] * 3)

    # The rulebook's first game (l.8): Unity's points are read off the card (2/5/6 here).
    first_game = p.press(
        p.choose(mode, "first_game_rulebook"), "up", "ok", "up", "up", "up", "ok", "up", "ok", *["down"] * 6, "ok"
    )
    count = p.press(p.paint(p.press(first_game, "ok", "seat1"), CHARLOTTE, confirm=False), "up")
    review = p.press(count, "ok")

    # Three players, seats 1 and 2 tied on points and on tokens: seat 3, runner-up, judges.
    trio_setup = p.press(players, "up", "ok", "down", "ok")
    # Composition and Variety, one by one (cards 1 and 13 of the data file, then Done).
    trio = p.press(p.choose(trio_setup, "pick"), "ok", *["down"] * 12, "ok", "down", "ok", "ok")
    for painter, painting in ((1, PLAIN), (2, PLAIN), (3, CHARLOTTE)) * 3:
        trio = p.paint(p.press(trio, f"seat{painter}"), painting)
    tokens = p.press(trio, "up", "up", "up", "ok", "up")
    judge = p.press(tokens, "up", "up", "ok", "down")
    final = p.press(judge, "ok")

    solo_start = p.press(p.choose(p.press(solo_setup, "down", "ok"), "spatial"), "ok")
    auto = p.press(solo_start, "down", "down", "ok")
    turn = p.press(auto, "ok", "down", "down", "down")
    table_toss = p.press(solo_setup, "down", "down", "ok", "roll", "seat2", "up", "up")
    solo = solo_start
    for _ in range(3):
        for _ in range(3):
            solo = p.press(solo, "ok", "ok")  # take the leftmost card, toss
        solo = p.paint(p.press(solo, "ok"), RICH)  # three cards in hand: the cursor is on Paint
        if solo.screen == "auto":
            solo = p.press(solo, "ok")
    screens = {
        "setup": fresh,
        "setup-solo": solo_setup,
        "players": players,
        "players-solo": p.press(players, "down"),
        "mode": mode,
        "pick": pick,
        "points": points,
        "cards": spatial,
        "cards-random": drawn,
        "board": board,
        "slot": slot,
        "count": count,
        "review": review,
        "review-pairs": review_pairs,
        "tokens": tokens,
        "judge": judge,
        "final": final,
        "final-tokens": p.press(tokens, "ok"),  # the longest reason: more inspiration tokens
        "turn": turn,
        "auto": auto,
        "auto-table": table_toss,
        "auto-none": p.press(table_toss, "seat4", "seat1"),  # all 4 spent: nothing left to toss
        "final-solo": solo,
    }
    for name, ui in screens.items():
        assert ui.screen == name.split("-")[0], (name, ui.screen)
    four_keys = Sample("slot-four-keys", screens["slot"], seat_buttons=False)
    return (*(Sample(name, ui) for name, ui in screens.items()), four_keys)
