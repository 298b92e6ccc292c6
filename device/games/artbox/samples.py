"""Gallery samples of every #ARTBOX screen, reached by pressing the app's own keys."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.framework.contract import Context, Sample
from device.games.artbox.app import APP
from device.games.artbox.ui import ArtboxUi, Options
from device.widgets.presser import Presser

# A round's drawings in slot order: (author, seats that guessed it right, not OK).
Drawings = Sequence[tuple[int, Sequence[int], bool]]


def samples(ctx: Context) -> Sequence[Sample[ArtboxUi]]:
    """A state for every #ARTBOX screen, reached by pressing the app's own keys."""
    p = Presser(APP, ctx, strict=True)
    press = p.press
    fresh = p.start(seed=11)
    cover = press(fresh, "roll")
    game = cover
    for _ in range(4):
        game = press(game, "ok", "up")
    roll = game
    drawing = press(roll, "roll", "seat3", now=1_000)
    guessing = press(drawing, "seat1", "seat4", now=2_000)
    running = press(guessing, "timer", now=10_000)
    first = p.tick(running, 70_000)
    identify = press(first, "seat2", "seat1", "seat4")
    slot_two = press(identify, "seat3!", "seat1", "down")
    three = _three_player(p)
    cards = replace(fresh, options=replace(fresh.options, dealing="cards", players=5))
    simple = press(replace(fresh, options=replace(fresh.options, simplified=True,
                                                  frame_rule=True)), "roll")
    for _ in range(4):
        simple = press(simple, "ok", "up")
    experienced = replace(fresh.options, experienced=True)
    return (
        Sample("setup", fresh),
        Sample("setup-count", press(fresh, "down", "ok", "down")),  # players open, counted down to 3
        Sample("setup-experienced", press(fresh, *["down"] * 5, "ok", "down")),
        Sample("deal-cover", cover),
        Sample("deal-cover-four-keys", cover, seat_buttons=False),
        Sample("deal-pick", press(cover, "ok")),
        Sample("deal-pick-three", three[0]),
        Sample("roll", roll),
        Sample("roll-four-keys", roll, seat_buttons=False),
        Sample("roll-cards", press(replace(fresh, options=replace(fresh.options,
                                                                    dealing="cards")), "roll")),
        Sample("drawing", drawing),
        # the four keys' cursor; the table build's, once "No button?" opened it
        Sample("drawing-cursor", replace(drawing, cursor=1), seat_buttons=False),
        Sample("drawing-by-hand", press(drawing, "ok", "down")),
        Sample("drawing-simplified", press(simple, "roll", now=0), now_ms=17_400),
        Sample("guessing", guessing),
        Sample("guessing-running", running, now_ms=22_300),
        Sample("guessing-timer", press(running, "down", now=10_000), now_ms=22_300),
        Sample("guessing-timer-held", press(running, "down", now=10_000), now_ms=22_300, held=True),
        Sample("guessing-three", three[1]),
        Sample("guessing-cards", press(cards, "roll", "roll", "seat1", "seat2", "seat3",
                                       "seat4", now=3_000)),
        Sample("identify-author", first),
        Sample("identify-author-four-keys", first, seat_buttons=False),
        Sample("identify", identify),
        Sample("identify-four-keys", identify, seat_buttons=False),
        Sample("identify-cursor", press(identify, "up", "up", "up")),
        Sample("identify-ineligible", slot_two),
        Sample("round-end", _round(p, Options(), ((2, (1, 4), False), (3, (1,), True),
                                                  (4, (2,), False), (1, (), False)))),
        Sample("round-end-why", _round(p, Options(players=5), LONGEST_WHY)),
        Sample("round-end-four-keys", _round(p, Options(players=5), LONGEST_WHY), seat_buttons=False),
        Sample("round-end-eight", _round(p, Options(players=8, rules_language="fr"),
                                         EIGHT_TIED)),
        Sample("round-end-cards", _round(p, Options(players=5, dealing="cards"), LONGEST_WHY)),
        Sample("round-end-experienced", _round(p, experienced, ONE_EACH)),
        Sample("round-end-simplified", _round(p, replace(fresh.options, simplified=True),
                                              ONE_EACH)),
        Sample("over", _finished(p)),
    )


# 5 players: S1 alone has the most guessed drawing; S2 and S3 tie on right guesses and S3's
# drawing is not OK, so S2 gets the guessing token ("tie S3: their drawing not OK · S1 has one").
LONGEST_WHY: Drawings = ((1, (2, 3, 4), False), (2, (1, 3), False), (3, (1, 2), True),
                         (4, (1,), False), (5, (), False))
# 8 players: every drawing guessed once: both tokens go by ties over many seats.
EIGHT_TIED: Drawings = tuple((a, (a % 8 + 1,), False) for a in range(1, 9))
ONE_EACH: Drawings = ((1, (2, 3), False), (2, (1, 3), False), (3, (), False), (4, (3,), False))


def _round(p: Presser[ArtboxUi], options: Options, drawings: Drawings) -> ArtboxUi:
    """One round on the table build to the next round's first cover: seat n finishes n-th."""
    go = p.press
    fresh = p.start(seed=21)
    ui = go(replace(fresh, options=replace(options, first_maestro=options.players)), "roll")
    assert ui.game is not None
    players, glass = ui.game.setup.players, options.sandglass_s * 1000
    if options.dealing == "device":
        for _ in range(players):
            ui = go(ui, "ok", "up")
    ui = go(ui, "roll", now=0)
    finishers = () if options.simplified else tuple(f"seat{s}" for s in range(1, players))
    ui = p.tick(go(ui, *finishers), glass) if options.simplified else go(ui, *finishers)
    ui = go(ui, "timer", now=glass)
    ui = p.tick(ui, 2 * glass)
    for n, (author, guessers, not_ok) in enumerate(drawings):
        ui = go(ui, f"seat{author}" if n == 0 else f"seat{author}!",
                *(f"seat{g}" for g in guessers), *(["down"] if not_ok else []))
    return go(ui, "ok")


def _three_player(p: Presser[ArtboxUi]) -> tuple[ArtboxUi, ArtboxUi]:
    """Three players, three words each: a pick of three, then the guessing list."""
    go = p.press
    fresh = p.start(seed=5)
    ui = go(replace(fresh, options=replace(fresh.options, players=3)), "roll")
    pick = go(ui, "ok")
    for _ in range(3):
        ui = go(ui, "ok", "down")
    ui = go(ui, "roll", "seat2", "seat3")
    return pick, ui


def _finished(p: Presser[ArtboxUi]) -> ArtboxUi:
    """A 3-player game played to its end: seat 1 always draws the most guessed drawing."""
    options = Options(players=3, three_player_words=False, first_maestro=3)
    ui = p.start(seed=3)
    ui = replace(ui, options=options)
    while True:
        ui = _round_of_three(p, ui)
        if ui.game is not None and ui.game.phase == "over":
            return ui


def _round_of_three(p: Presser[ArtboxUi], ui: ArtboxUi) -> ArtboxUi:
    drawings: Drawings = ((1, (2, 3), False), (2, (), False), (3, (), False))
    go = p.press
    ui = go(ui, "roll") if ui.game is None else ui
    ui = go(ui, *["ok", "up"] * 3, "roll", "seat1", "seat2", "timer")
    ui = p.tick(ui, 60_000)
    for n, (author, guessers, _) in enumerate(drawings):
        ui = go(ui, f"seat{author}" if n == 0 else f"seat{author}!", *(f"seat{g}" for g in guessers))
    return go(ui, "ok")
