"""Write the Artem headless scripts: the demonstration player presses the buttons through the
runner, and every press is written down with what it did.

    PYTHONPATH=. python tests/scripts/artem_make_scripts.py write 2 tests/scripts/artem_three_players.txt
    PYTHONPATH=. python tests/scripts/artem_make_scripts.py write 4 tests/scripts/artem_colour_deck_tie.txt
    PYTHONPATH=. python tests/scripts/artem_make_scripts.py 1 20   # how each seed's game ends

Then regenerate the expected states (EASEL_UPDATE_GOLDENS=1 pytest tests/device/test_scripts.py
-k artem) and check them by hand; tests/device/test_artem_app.py asserts the winners.
"""
from __future__ import annotations

import contextlib
import sys
from dataclasses import replace
from pathlib import Path

from device.apps.artem import APP, ArtemUi
from device.apps.artem_drive import Driver, demo_choice
from device.apps.base import Context
from device.resources import Resources
from device.settings import Settings
from engine.artem.commands import Claim, Move
from hardware.events import ButtonEvent
from tests.conftest import Harness

ENDING = {
    2: "Seat 1 reaches 16 points (15 to win with 3 players) and wins at once.",
    4: "No one reaches 15: the colour deck cannot refill the board and seats 1 and 2|"
       "end level on 14 points: a tie.",
}
CTX = Context(settings=Settings(), resources=Resources())


def run(seed: int) -> tuple[Harness, ArtemUi, list[str]]:
    """Play a whole game on a runner seeded with `seed`; returns it and the script's lines."""
    h = Harness(seed=seed)
    lines = [f"# seed {seed}",
             "# A whole 3-player Artem game with the four keys, played by a simple player: it claims",
             "# runs worth 2 points or more (flipping first when that scores more), prepares runs with",
             "# flips, slides a row when it has nothing better. On the way: a claim refused on a first",
             "# turn, a move undone (hold back) and redone (hold ok), a claim card of the wrong colour.",
             ] + [f"# {line}" for line in ENDING.get(seed, "").split("|") if line]
    def press(buttons: list[str], comment: str = "") -> None:
        for i, b in enumerate(buttons):
            h.press(b)
            verb = "hold" if b.endswith("!") else "press"
            note = f"  # {comment}" if comment and i == len(buttons) - 1 else ""
            lines.append(f"{verb} {b.rstrip('!')}{note}")
    press(["down", "down", "down"], "Artem on the home menu")
    press(["ok"], "open it: the setup screen (3 players)")
    press(["up", "ok"], "start the game")
    refused = undone = wrong = False
    for _ in range(600):
        ui = h.state("artem")
        game = ui.game
        if game.phase == "over":
            break
        if game.phase == "play" and not refused:
            press(["down"] * 5 + ["ok"], "Claim on seat 1's first turn: refused")
            refused = True
            continue
        cmd = demo_choice(game)
        if isinstance(cmd, Claim) and not wrong:
            ids = game.setup.colour_ids
            bad = replace(cmd, colour=ids[(ids.index(cmd.colour) + 1) % len(ids)])
            d = Driver(APP, ui, CTX)
            with contextlib.suppress(ValueError):  # the last ok is the refused press
                d.play(bad)
            press([b for b, _ in d.trail] + ["ok"], f"a {bad.colour} claim card on {cmd.colour} tiles: refused")
            press(["back"] * 4, "back to the action list")
            wrong = True
            continue
        d = Driver(APP, h.state("artem"), CTX)
        d.play(cmd)
        buttons = [b for b, _ in d.trail]
        before = d.trail[-2][1] if len(d.trail) > 1 else h.state("artem")
        label = APP.handle(before, ButtonEvent(buttons[-1]), CTX).label
        press(buttons, label or "")
        if isinstance(cmd, Move) and not undone:
            press(["back!"], "undo that move")
            press(["ok!"], "redo it")
            undone = True
    final = h.state("artem")
    assert isinstance(final, ArtemUi)
    return h, final, lines

if __name__ == "__main__":
    if sys.argv[1] == "write":
        h, ui, lines = run(int(sys.argv[2]))
        Path(sys.argv[3]).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(ui.game.end, ui.game.scores)
    else:
        for seed in range(int(sys.argv[1]), int(sys.argv[2])):
            h, ui, lines = run(seed)
            g = ui.game
            print(seed, ui.seed, g.end, g.scores, g.turn, len(lines))
