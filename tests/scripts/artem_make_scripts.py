"""Write the Artem headless scripts: the demonstration player presses the table build's buttons
through the runner, and every press is written down with what it is (setup, rule or extra).

    PYTHONPATH=. python tests/scripts/artem_make_scripts.py write 2 tests/scripts/artem_three_players.txt
    PYTHONPATH=. python tests/scripts/artem_make_scripts.py write 4 tests/scripts/artem_colour_deck_tie.txt
    PYTHONPATH=. python tests/scripts/artem_make_scripts.py write 7 OUT.txt 2   # 2 players (cold reads)
    PYTHONPATH=. python tests/scripts/artem_make_scripts.py count 2   # presses: table build, four keys
    PYTHONPATH=. python tests/scripts/artem_make_scripts.py 1 20      # how each seed's game ends

Then regenerate the expected states (EASEL_UPDATE_GOLDENS=1 pytest tests/device/test_scripts.py
-k artem) and check them by hand; tests/device/artem/test_app.py asserts the winners.
"""
from __future__ import annotations

import sys
from pathlib import Path

from device.framework.contract import Context
from device.framework.resources import Resources
from device.games.artem.app import APP
from device.games.artem.drive import Driver, demo_choice
from device.games.artem.ui import ArtemUi, cell_name
from device.settings import Settings
from engine.artem.commands import Claim, Command, EndTurn, Flip, MainDeckOut, Move
from engine.artem.rules import claim_points
from engine.artem.state import State
from tests.conftest import Harness

ENDING = {
    2: "Seat 1 reaches 16 points (15 to win with 3 players) and wins at once (003 l.83, l.88).",
    4: "No one reaches 15: the colour deck cannot refill the board (003 l.93) and seats 1 and 2|"
       "end level on 14 points: a tie (003 l.83).",
}
CTX = Context(settings=Settings(), resources=Resources())
WAIT_S = 20  # phase 1 at the table (discard, draw to 5, think) before the turn's first press
SEAT_RULE = "(003 l.33)"


def _claim_notes(game: State, claim: Claim) -> list[str]:
    s, row = game.seat, claim.row + 1
    first, last = (claim.row, claim.start), (claim.row, claim.start + claim.length - 1)
    points = claim_points(claim.length, game.plays + 1)
    return [f"S{s} plays a claim card (003 l.35)", f"S{s} claims in row {row} (003 l.45)",
            f"the run starts at {cell_name(first)} (003 l.45)",
            f"it ends at {cell_name(last)}: {claim.length} {claim.colour}, +{points} (003 l.73)"]


def notes(game: State, command: Command) -> list[str]:
    """What each table-build press of `command` says, in rulebook terms, with its line."""
    s = game.seat
    if isinstance(command, Move):
        return [f"S{s} plays a Move {command.steps} card (003 l.55)",
                f"S{s} slides row {command.row + 1} left by {command.steps} (003 l.55)"]
    if isinstance(command, Flip):
        a, b = sorted((command.first, command.second))
        return [f"S{s} plays a flip card (003 l.61)", f"first tile in row {a[0] + 1} (003 l.61)",
                f"first tile {cell_name(a)} (003 l.61)", f"swapped with {cell_name(b)} (003 l.61)"]
    if isinstance(command, Claim):
        return _claim_notes(game, command)
    if isinstance(command, EndTurn):
        played = "no card" if game.plays == 0 else "one card"
        return [f"S{s} ends the turn after {played} {SEAT_RULE}"]
    assert isinstance(command, MainDeckOut)
    return [f"S{s} must draw, the main deck is empty: the game ends (003 l.93)"]


def run(seed: int, players: int = 3) -> tuple[Harness, ArtemUi, list[str], int, int]:
    """Play a whole game of `players` on a runner seeded with `seed`; returns it, the script's
    lines, and the presses of the turns on the table build and with the four keys."""
    h = Harness(seed=seed)
    lines = [f"# seed {seed}",
             f"# A whole {players}-player Artem game on the table build, played by a simple player: it claims",
             "# runs worth 2 points or more (flipping first when that scores more), prepares runs",
             "# with flips, slides a row when it has nothing better. The seat buttons are the numbers",
             "# on the screen: the turn's list (1 Move 1, 2 Move 2, 3 Flip, 4 Claim, 5 End turn,",
             "# 6 Main deck empty), rows 1-6 from the top, columns 1-6 = A-F.",
             ] + [f"# {line}" for line in ENDING.get(seed, "").split("|") if line]

    def press(button: str, comment: str) -> None:
        h.press(button)
        lines.append(f"press {button}  # {comment}")

    press("down", "setup: home menu, Toolbox -> #ARTBOX")
    press("down", "setup: -> IDENTIK")
    press("down", "setup: -> Artem")
    press("ok", "setup: open Artem: its setup, Start first (3 players)")
    if players != 3:  # the Players row: ok opens its count, up/down count, ok keeps
        press("down", "setup: -> Players")
        press("ok", "setup: open the players count")
        for _ in range(abs(players - 3)):
            press("up" if players > 3 else "down", f"setup: players -> {players}")
        press("ok", f"setup: keep {players} players")
        press("up", "setup: -> Start")
    press("ok", "setup: Start")
    table = four = 0
    turn = 0
    for _ in range(600):
        ui = h.state("artem")
        assert isinstance(ui, ArtemUi) and ui.game is not None
        game = ui.game
        if game.phase == "over":
            break
        if game.turn != turn:
            turn = game.turn
            lines.append(f"# ---- turn {turn}")
            lines.append(f"wait {WAIT_S}  # seat {game.seat}, phase 1 at the table: discard, draw to 5 (003 l.28-31)")
            h.wait(WAIT_S)
        command = demo_choice(game)
        driver = Driver(APP, ui, CTX)
        driver.play(command, table=True)
        buttons = [b for b, _ in driver.trail]
        keys = Driver(APP, ui, CTX)
        keys.play(command)
        table, four = table + len(buttons), four + len(keys.trail)
        for button, note in zip(buttons, notes(game, command), strict=True):
            press(button, f"rule: {note}")
        after = h.state("artem")
        assert isinstance(after, ArtemUi) and after.game is not None
        if after.game.turn != game.turn and not isinstance(command, EndTurn):
            lines.append(f"# (that card was S{game.seat}'s last this turn: the turn passes on, 003 l.33)")
    lines.append("# ---- end")
    final = h.state("artem")
    assert isinstance(final, ArtemUi)
    return h, final, lines, table, four


if __name__ == "__main__":
    if sys.argv[1] == "write":
        h, ui, lines, table, four = run(int(sys.argv[2]), int(sys.argv[4]) if len(sys.argv) > 4 else 3)
        Path(sys.argv[3]).write_text("\n".join(lines) + "\n", encoding="utf-8")
        assert ui.game is not None
        print(ui.game.end, ui.game.scores, "table", table, "four keys", four)
    elif sys.argv[1] == "count":
        h, ui, lines, table, four = run(int(sys.argv[2]))
        assert ui.game is not None
        print(f"turns {ui.game.turn}: table build {table} presses, four keys {four} "
              f"(extra on four keys: {four - table})")
    else:
        for seed in range(int(sys.argv[1]), int(sys.argv[2])):
            h, ui, lines, table, four = run(seed)
            g = ui.game
            assert g is not None
            print(seed, ui.seed, g.end, g.scores, g.turn, table, four)
