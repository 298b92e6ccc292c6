"""Write the IDENTIK full-game scripts from one description of the game, with every press
annotated as a rulebook action or an extra (the presses benchmark reads the annotations):

    PYTHONPATH=. .venv/bin/python tests/scripts/identik_make_scripts.py

writes tests/scripts/identik_full_game.txt (table build: seat buttons, roll, timer) and
tests/scripts/identik_full_game_four_keys.txt (the same game with up, down, ok, back only).
Then regenerate the expected states (EASEL_UPDATE_GOLDENS=1 pytest tests/device/test_scripts.py
-k identik), check them by hand; tests/device/identik/test_game.py asserts the scorecard.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.identik.scores import RoundRecord, holders, round_lines, scorecard
from engine.identik.setup import CRITERIA
from engine.seats import Direction

HERE = Path(__file__).resolve().parent
PLAYERS = 4
FIRST = 2
HOURGLASS_S = 90
WIDTH = 16  # the column where comments start


@dataclass(frozen=True)
class Round:
    """One round as the table plays it: the super criterion (picked, or rolled on the d10), the
    passing direction, and for each criterion the judges who tick it."""

    narrator: int
    super_criterion: int
    rolled: bool
    direction: Direction
    ticks: dict[int, tuple[int, ...]]


GAME = (
    Round(2, 3, False, "left", {1: (1, 3), 2: (4,), 3: (3, 4), 5: (1,), 7: (3,)}),
    Round(3, 9, True, "right", {1: (1, 2, 4), 2: (2,), 4: (4,), 8: (2, 4), 9: (1,), 10: (4,)}),
    Round(4, 10, False, "left", {3: (1,), 9: (2, 3), 10: (1, 2, 3)}),
    Round(1, 5, False, "left", {2: (3,), 5: (2, 3, 4), 8: (4,)}),
)


def record(r: Round) -> RoundRecord:
    """The round as the scorecard keeps it."""
    ticks = tuple(tuple(sorted(r.ticks.get(c, ()))) for c in range(1, CRITERIA + 1))
    return RoundRecord(r.narrator, r.super_criterion, r.direction, ticks)


class Script:
    """The lines of a script being written."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def press(self, button: str, note: str) -> None:
        """One press (a hold when `button` ends with '!') with its classification."""
        verb = "hold" if button.endswith("!") else "press"
        self.lines.append(f"{f'{verb} {button.rstrip(chr(33))}':<{WIDTH}}# {note}")

    def walk(self, buttons: list[str], what: str) -> None:
        """Cursor moves, each an extra."""
        for button in buttons:
            self.press(button, f"extra: {what} ({'hold ' if button.endswith('!') else ''}{button.rstrip('!')})")

    def raw(self, line: str) -> None:
        """A comment, a wait or a round marker."""
        self.lines.append(line)


PICKER_MOVES = (("up!", 5), ("down!", -5), ("up", 1), ("down", -1))  # a hold ('!') jumps 5


def super_walk(target: int) -> list[str]:
    """The fewest presses from 1 (where the picker starts) to `target`, wrapping 1..10."""
    paths: dict[int, list[str]] = {1: []}
    frontier = [1]
    while target not in paths:
        frontier_next = []
        for value in frontier:
            for button, step in PICKER_MOVES:
                reached = (value - 1 + step) % CRITERIA + 1
                if reached not in paths:
                    paths[reached] = [*paths[value], button]
                    frontier_next.append(reached)
        frontier = frontier_next
    return paths[target]


def judge_walk(judges: list[int], start: int, row: int) -> list[str]:
    """From the cursor's row `start` to `row` (0 is "next", judge i is row i + 1), the shorter
    way round the list."""
    rows = len(judges) + 1
    ahead = (row - start) % rows
    return ["down"] * ahead if ahead <= rows - ahead else ["up"] * (rows - ahead)


def play_round(s: Script, number: int, r: Round, four_keys: bool) -> None:
    """One round, from the super criterion to the press that starts the next round."""
    n = f"S{r.narrator}"
    judges = [j for j in range(1, PLAYERS + 1) if j != r.narrator]
    held = holders(PLAYERS, r.narrator, r.direction)
    s.raw("")
    s.raw(f"# ---- round {number}")
    s.raw(f"# {n} narrates; drawings pass {r.direction}: "
          + ", ".join(f"S{j} judges S{held[j]}'s" for j in judges) + ".")
    if r.rolled and not four_keys:
        s.press("roll", f"rule: {n} lets the d10 choose the super criterion: {r.super_criterion} (002 l.41)")
    else:
        s.walk(super_walk(r.super_criterion), f"super criterion picker to {r.super_criterion}")
        s.press("ok", f"rule: {n} chooses super criterion {r.super_criterion} (002 l.41)")
    s.press("ok" if four_keys else "timer", f"rule: {n} reads the title and turns the hourglass (002 l.46)")
    s.raw(f"wait {HOURGLASS_S}         # describing and drawing; at zero the device calls pencils down (002 l.55)")
    s.press("up" if r.direction == "left" else "down", f"rule: {n} passes the drawings {r.direction} (002 l.57)")
    for criterion in range(1, CRITERIA + 1):
        cursor = 0  # each criterion starts on "next"; a tick with the cursor walks it to the next judge
        for judge in r.ticks.get(criterion, ()):
            note = f"rule: S{judge} ticks criterion {criterion} on S{held[judge]}'s drawing (002 l.61)"
            if four_keys:
                row = judges.index(judge) + 1
                s.walk(judge_walk(judges, cursor, row), f"cursor to S{judge}")
                s.press("ok", note)
                cursor = (row + 1) % (len(judges) + 1)
            else:
                s.press(f"seat{judge}", note)
        if four_keys:
            s.walk(judge_walk(judges, cursor, 0), "cursor to Next")
        if criterion < CRITERIA:
            s.press("ok", f"rule: {n} reads criterion {criterion + 1} (002 l.59)")
    lines = round_lines(record(r), PLAYERS)
    points = ", ".join(f"S{line.seat} +{line.total}" for line in lines)
    s.press("ok", f"rule: 10 criteria judged, the round's points: {points} (002 l.71)")
    if number < len(GAME):
        s.press("ok", f"rule: S{GAME[number].narrator} takes the scorecard and narrates next (002 l.80)")
    else:
        s.press("ok", "rule: everyone has narrated: the final scores (002 l.84)")


def write(path: Path, four_keys: bool) -> None:
    """Write one script."""
    card = scorecard([record(r) for r in GAME], PLAYERS)
    s = Script()
    build = "four keys only (up, down, ok, back)" if four_keys else "the table build (seat buttons, roll, timer)"
    s.raw("# seed 4")
    if four_keys:
        s.raw("# buttons: four keys")
    s.raw(f"# A whole 4-player IDENTIK game on {build}, to the final scorecard.")
    s.raw(f"# Seat {FIRST} narrates first, then 3, 4, 1; each player narrates once (002 l.84).")
    s.raw("# Written by tests/scripts/identik_make_scripts.py. Final scorecard (narrator, artist, total):")
    s.raw("# " + "  ".join(f"S{x.seat} {x.narrator_points},{x.artist_points},{x.total}" for x in card)
          + ": seat 3 wins (002 l.87).")
    s.press("down", "setup: home menu to IDENTIK")
    s.press("down", "setup: home menu to IDENTIK")
    s.press("ok", "setup: open IDENTIK (the cursor starts on Start)")
    for _ in range(4):
        s.press("down", "setup: to the First narrator row")
    s.press("ok", "setup: open the First narrator count")
    for seat in range(1, FIRST + 1):
        s.press("up", f"setup: first narrator seat {seat}")
    s.press("ok", f"setup: keep seat {FIRST}")
    if four_keys:
        for _ in range(4):
            s.press("up", "setup: back to Start")
        s.press("ok", "setup: start (the hourglass length comes from Settings: 90 s)")
    else:
        s.press("roll", "setup: start from any row (the hourglass length comes from Settings: 90 s)")
    for number, r in enumerate(GAME, start=1):
        play_round(s, number, r, four_keys)
    s.raw("# ---- end")
    path.write_text("\n".join(s.lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write(HERE / "identik_full_game.txt", four_keys=False)
    write(HERE / "identik_full_game_four_keys.txt", four_keys=True)
