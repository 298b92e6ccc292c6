"""Gallery samples of every #ARTBOX screen, reached by pressing the app's own keys."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.contract import Context, Sample
from device.games.artbox.app import APP
from device.games.artbox.ui import ArtboxUi, Options
from device.widgets.presser import Presser


def samples(ctx: Context) -> Sequence[Sample[ArtboxUi]]:
    """A state for every #ARTBOX screen, reached by pressing the app's own keys."""
    p = Presser(APP, ctx)
    press = p.press

    def seats(n: int) -> list[str]:
        return [f"seat{s}" for s in range(1, n + 1)]

    fresh = p.start(seed=11)
    game = press(fresh, "roll")
    cover = game
    pick = press(cover, "ok", "down")
    for _ in range(4):
        game = press(game, "ok", "ok")
    roll = game
    drawing = press(roll, "roll", "seat3", now=1_000)
    guessing = press(drawing, "seat1", "seat4", "seat2", now=2_000)
    running = press(guessing, "timer", now=10_000)
    timer_view = press(running, "down", now=10_000)
    down = p.tick(running, 70_000)
    identify = press(down, "ok", "seat2", "seat1", "seat4")
    confirmed = press(identify, "up", "ok")
    slot_two = press(confirmed, "seat3", "seat1", "up", "up", "ok")
    awards = press(slot_two, "down", "ok")
    for author, guessers in ((4, ["seat2"]), (1, [])):
        awards = press(awards, f"seat{author}", *guessers, "up", "ok")
    scores = press(awards, "ok")
    three = _three_player(p)
    cards = press(replace(fresh, options=replace(fresh.options, dealing="cards", players=5)),
                  "roll", "roll", *seats(5), now=3_000)
    simple = press(replace(fresh, options=replace(fresh.options, simplified=True,
                                                  frame_rule=True)), "roll")
    for _ in range(4):
        simple = press(simple, "ok", "ok")
    simple = press(simple, "roll", now=0)
    over = _finished(p)
    experienced = _one_round(p, replace(fresh.options, experienced=True))
    simplified = _one_round(p, replace(fresh.options, simplified=True))
    return (
        Sample("setup", fresh),
        Sample("deal-cover", cover),
        Sample("deal-pick", pick),
        Sample("deal-pick-three", three[0]),
        Sample("roll", roll),
        Sample("roll-cards", press(replace(fresh, options=replace(fresh.options,
                                                                    dealing="cards")), "roll")),
        Sample("drawing", drawing),
        Sample("drawing-simplified", simple, now_ms=17_400),
        Sample("guessing", guessing),
        Sample("guessing-running", running, now_ms=22_300),
        Sample("guessing-timer", timer_view, now_ms=22_300),
        Sample("guessing-three", three[1]),
        Sample("guessing-cards", cards),
        Sample("pencils-down", down, now_ms=70_000),
        Sample("identify-author", press(down, "ok")),
        Sample("identify", identify),
        Sample("identify-ineligible", slot_two),
        Sample("awards", awards),
        Sample("scoreboard", scores),
        Sample("over", over),
        Sample("awards-experienced", experienced),
        Sample("scoreboard-experienced", press(experienced, "ok")),
        Sample("awards-simplified", simplified),
    )


def _three_player(p: Presser[ArtboxUi]) -> tuple[ArtboxUi, ArtboxUi]:
    """Three players, three words each: a pick of three, then the guessing list."""
    go = p.press
    fresh = p.start(seed=5)
    ui = replace(fresh, options=replace(fresh.options, players=3))
    ui = go(ui, "roll")
    pick = go(ui, "ok", "ok", "down", "down")
    for _ in range(3):
        ui = go(ui, "ok", "ok", "down", "down", "ok")
    ui = go(ui, "roll", "seat2", "seat3", "seat1")
    return pick, ui


def _finished(p: Presser[ArtboxUi]) -> ArtboxUi:
    """A 3-player game played to its end: seat 1 always draws the most guessed drawing."""
    go = p.press
    fresh = p.start(seed=3)
    ui = go(replace(fresh, options=replace(fresh.options, players=3, three_player_words=False)),
            "roll")
    while ui.game is not None and ui.game.phase != "over":
        game = ui.game
        if game.phase in ("deal_cover", "deal_pick", "pencils_down", "awards", "scoreboard"):
            ui = go(ui, "ok")
        elif game.phase == "roll":
            ui = go(ui, "roll", "seat1", "seat2", "seat3")
        elif game.phase == "guessing":
            ui = go(ui, "timer")
            ui = p.tick(ui, game.setup.sandglass_ms)
        else:  # identify: slot n is drawn by seat n; seat 1's is guessed by both others
            author = game.slot_index + 1
            ui = go(ui, f"seat{author}", *(["seat2", "seat3"] if author == 1 else []))
            ui = go(ui, "up", "ok")
    return ui


def _one_round(p: Presser[ArtboxUi], options: Options) -> ArtboxUi:
    """One 4-player round to its awards: seat n draws slot n and seat n+1 guesses it."""
    go = p.press
    fresh = p.start(seed=21)
    ui = go(replace(fresh, options=options), "roll")
    for _ in range(4):
        ui = go(ui, "ok", "ok")
    ui = go(ui, "roll", "seat2", "seat4", "seat1", "seat3")
    if ui.game is not None and ui.game.phase == "drawing":  # simplified: the sand runs out
        ui = p.tick(ui, options.sandglass_s * 1000)
    ui = go(ui, "timer")
    ui = p.tick(ui, options.sandglass_s * 1000)
    ui = go(ui, "ok")
    for author, guessers in ((1, (2, 3)), (2, (1, 3)), (3, ()), (4, (3,))):
        ui = go(ui, f"seat{author}", *(f"seat{g}" for g in guessers), "up", "ok")
    return ui
