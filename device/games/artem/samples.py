"""Gallery samples of every Artem screen, reached by pressing buttons from a fresh start."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from device.framework.contract import Context, Sample
from device.framework.resources import Resources
from device.games.artem.app import APP
from device.games.artem.drive import Driver, demo_choice, demo_game
from device.games.artem.ui import ArtemUi
from device.settings import Settings
from engine.artem.commands import EndTurn, Flip, MainDeckOut, Move

SAMPLE_SEED = 11
TARGET_SEED = 6  # seat 2 of the demonstration game of this seed reaches 15 points
TIE_SEED = 3  # this demonstration game runs out of colour tiles with seats 1 and 2 level


@cache
def _sample_states() -> tuple[tuple[str, ArtemUi], ...]:
    app = APP
    ctx = Context(settings=Settings(), resources=Resources())
    out: list[tuple[str, ArtemUi]] = []
    d = Driver(app, app.start(replace(ctx, seed=SAMPLE_SEED)), ctx)
    out.append(("setup", d.ui))
    variants = Driver(app, d.ui, ctx)
    out.append(("setup-variants", variants.press("down", "ok", "up", "ok", "down", "ok", "down", "ok", "down")))
    out.append(("phase1", d.press("ok")))
    out.append(("actions", d.press("down", "down")))
    out.append(("move-row", d.press("up", "up", "ok", "down", "down")))
    d.press("back")
    out.append(("flip-tile", d.press("seat3", "seat4", "down", "down")))
    out.append(("flip-pair", d.press("ok")))
    d.press("back", "back", "back")
    demo_game(d, stop=lambda g: g.turn == 4 and g.plays == 0)
    out.append(("turn-start", d.ui))
    while isinstance(demo_choice(d.game), Flip | Move):
        d.play(demo_choice(d.game))
    d.trail.clear()
    d.play(demo_choice(d.game))
    out.append(("claim-run", d.trail[-2][1]))
    out.append(("after-claim", d.ui))
    v = Driver(app, variants.press("roll"), ctx)
    out.append(("all-in-play-3", v.press("seat1", "seat1", "seat1", "seat1", "seat2", "seat2")))
    out.append(("relative-seat-2", v.play(EndTurn())))
    out.append(("relative-seat-3", v.play(EndTurn())))
    for name, seed in (("over-target", TARGET_SEED), ("over-tie", TIE_SEED)):
        over = Driver(app, app.start(replace(ctx, seed=seed)), ctx)
        over.press("ok")
        out.append((name, demo_game(over)))
    four = Driver(app, app.start(replace(ctx, seed=SAMPLE_SEED)), ctx)
    four.press("down", "ok", "up", "ok", "up", "ok")  # 4 players: the longest tie line, four score boxes
    out.append(("over-tie-four", four.play(MainDeckOut())))
    main = Driver(app, app.start(replace(ctx, seed=SAMPLE_SEED)), ctx)
    main.press("ok")
    demo_game(main, stop=lambda g: g.turn == 7)
    out.append(("over-main-deck", main.play(MainDeckOut())))
    return tuple(out)


def samples(ctx: Context) -> Sequence[Sample[ArtemUi]]:
    """The gallery's Artem screens (played in English with the default settings: the same states
    on every panel and in every language)."""
    shown = [Sample(name, ui) for name, ui in _sample_states()]
    four_keys = [Sample(f"{name}-four-keys", ui, seat_buttons=False)
                 for name, ui in _sample_states() if name in ("actions", "flip-pair")]
    return shown + four_keys
