"""Write the Canvas headless scripts, every press annotated (issue 13 convention 5), for the table
build (seat buttons, roll, timer) or the four keys (up, down, ok, back) only:

    PYTHONPATH=. .venv/bin/python tests/scripts/canvas_make_scripts.py

writes tests/scripts/canvas_two_players.txt, canvas_solo.txt and canvas_solo_table_toss.txt (table
build) and the same games with the four keys (*_four_keys.txt). Then regenerate the expected
states (EASEL_UPDATE_GOLDENS=1 pytest tests/device/test_scripts.py -k canvas) and check them by
hand; tests/device/canvas/ asserts the scores and the winners.

    PYTHONPATH=. .venv/bin/python tests/scripts/canvas_make_scripts.py count

prints, for each Canvas script, its presses by kind (rulebook actions, extras, setup) and per turn.
Slots are written "top/bottom" with the engine's icon ids ("" for an empty slot).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULEBOOK = "004"
# The icons in the order a slot offers them (engine.canvas.setup.Setup.icons with the data file's
# bonus icons); on the table build seat button k enters icon k, and timer the ninth.
ICONS = ("", "hue", "shape", "texture", "tone", "bonus_hue", "bonus_shape", "bonus_texture", "bonus_tone",
         "bonus_shape_2")
ICON_KEYS = (*(f"seat{n}" for n in range(1, 9)), "timer")  # the table build's keys for icons 1-9
NAMES = {"hue": "Hue", "shape": "Shape", "texture": "Texture", "tone": "Tone", "bonus_hue": "+1/Hue",
         "bonus_shape": "+1/Shape", "bonus_texture": "+1/Texture", "bonus_tone": "+1/Tone",
         "bonus_shape_2": "+2/Shape"}
MARKET_CHOICES = 6  # the solo turn's cursor: cards 1-5, then Paint


@dataclass
class Script:
    """The lines of one script and which build it is written for."""

    table: bool
    lines: list[str] = field(default_factory=list)

    def press(self, button: str, comment: str, verb: str = "press") -> None:
        """One press (or hold) with its classification comment."""
        self.lines.append(f"{verb + ' ' + button:<14}# {comment}")

    def presses(self, buttons: list[str], comment: str) -> None:
        """The same comment on several presses (cursor moves)."""
        for button in buttons:
            self.press(button, comment)

    def note(self, text: str) -> None:
        """A comment line of its own."""
        self.lines.append(f"# {text}")


def moves(frm: int, to: int, count: int) -> list[str]:
    """The shortest up/down walk from row `frm` to row `to` on a wrapping list of `count` rows."""
    down = (to - frm) % count
    return ["down"] * down if down <= count - down else ["up"] * (count - down)


def icon(s: Script, name: str, where: str, keep_open: bool) -> None:
    """Enter one icon of the slot being entered (on the top row, or the bottom one)."""
    index = ICONS.index(name)
    rule = f"rule: {where} shows {NAMES[name]} ({RULEBOOK} l.56, l.62)"
    if s.table and index <= len(ICON_KEYS):
        s.press(ICON_KEYS[index - 1], rule, "hold" if keep_open else "press")
        return
    s.presses(moves(0, index, len(ICONS)), f"extra: cursor to {NAMES[name]}")
    s.press("ok", rule)


def slot(s: Script, seat: int, number: int, text: str) -> None:
    """One slot: nothing, one icon or two."""
    top, _, bottom = text.partition("/")
    where = f"S{seat}'s slot {number}"
    if not top:
        s.press("ok", f"rule: {where} shows nothing ({RULEBOOK} l.56, l.144)")
        return
    two = bool(bottom)
    if not s.table or ICONS.index(top) > len(ICON_KEYS):
        icon(s, top, where, keep_open=False)  # ok on a chosen top goes on to the bottom row
        if two:
            icon(s, bottom, where, keep_open=False)
        else:
            s.press("ok", f"extra: nothing under {NAMES[top]}, next slot")
        return
    icon(s, top, where, keep_open=two)
    if two:
        icon(s, bottom, where, keep_open=False)


def painting(s: Script, seat: int, slots: tuple[str, ...], start: list[str], why: str) -> None:
    """A seat completes a painting: the press that starts it, its five slots, the review."""
    s.note(why)
    for button in start[:-1]:
        s.press(button, "extra: scoreboard cursor to the painter")
    s.press(start[-1], f"rule: S{seat} completes a painting ({RULEBOOK} l.36, l.56)")
    for number, text in enumerate(slots, 1):
        slot(s, seat, number, text)
    s.press("ok", f"extra: confirm the review; S{seat} takes the ribbons shown ({RULEBOOK} l.62)")


def open_canvas(s: Script) -> None:
    """Home menu -> Canvas (the fifth entry)."""
    s.presses(["down"] * 4, "setup: home menu to Canvas")
    s.press("ok", "setup: open Canvas (its setup menu, the cursor on Start)")


# ----- two players ---------------------------------------------------------------------------

TWO_PLAYERS = (
    (1, ("hue", "tone/bonus_tone", "", "shape", "tone"),
     "Precious Dreams (004 l.87-92): Space (Hue 1 + Shape 4), bonus 1 per Tone x2"),
    (2, ("shape", "hue", "shape/tone", "shape", "shape/bonus_tone"),
     "S2: Repetition 2, Consistency 1, Space 1, bonus 1"),
    (1, ("hue/texture", "tone", "", "shape/hue", "shape"),
     "Wandering Complexity (004 l.96): Proximity, Repetition, Consistency, Space"),
    (2, ("texture", "tone", "texture", "tone", "hue"), "S2: Proximity x2"),
    (1, ("shape/bonus_shape_2", "", "hue", "", "shape"),
     "Finding Truth (004 l.101-106): Repetition, Space; bonus 2 per Shape x2"),
    (2, ("hue", "", "shape", "", "hue/shape"), "S2: Space x2, Repetition"),
)


def two_players(table: bool) -> Script:
    """Rulebook 004 l.83-111 for seat 1 (25 points), seat 2 wins with 27."""
    s = Script(table)
    build = "the table build (seat buttons)" if table else "the four keys only"
    s.lines += [
        "# seed 11",
        *([] if table else ["# buttons: four keys"]),
        f"# Canvas for 2 players on {build}. The cards are chosen one by one to fit",
        "# the rulebook's scoring example (004 l.83-111): Proximity, Repetition, Consistency, Space. Seat 1 paints",
        "# Abby's three paintings: 25 points, 19 from ribbons (2+7+3+7) and 6 from bonus icons",
        "# (2+4); seat 2 wins with 27. The device is used on the turns a painting is completed",
        "# (004 l.54-62); taking an art card (l.42-48) needs no press.",
    ]
    open_canvas(s)
    s.presses(["down", "down"], "setup: cursor to Cards")
    s.press("ok", "setup: open the card menu")
    # The card menu opens on the set in use (row 2 of 6: the default first game); pick is row 5.
    s.presses(moves(1, 4, 6), "setup: cursor to 'Choose one by one'")
    s.press("ok", "setup: choose the cards one by one")
    for path, name in ((["down"] * 6, "Proximity"), (["down"] * 1, "Repetition"), (["up"] * 6, "Consistency"),
                       (["down"] * 7, "Space"), ([], "Done")):  # the 4th pick takes the cursor to Done
        s.presses(path, f"setup: cursor to {name}")
        s.press("ok", f"setup: {name}")
    s.press("ok", "setup: start the game (the scoreboard)")
    cursor, left = 1, {1: 3, 2: 3}
    for turn, (seat, slots, why) in enumerate(TWO_PLAYERS, 1):
        s.lines.append(f"# ---- turn {turn}")
        seats = [k for k, n in left.items() if n]
        cursor = cursor if cursor in seats else seats[0]
        start = [f"seat{seat}"] if table else [*moves(seats.index(cursor), seats.index(seat), len(seats)), "ok"]
        painting(s, seat, slots, start, why)
        left[seat] -= 1
        after = [k for k, n in left.items() if n]  # the cursor moves on to the next painter
        cursor = next((k for k in after if k > seat), after[0]) if after else seat
    s.lines.append("# ---- end")
    return s


# ----- solo ----------------------------------------------------------------------------------

# (cards taken, painting): the human's turns between paintings (rulebook 004 l.44) then the
# painting that uses three of the cards (l.56).
SOLO = (
    ((2, 1, 3), ("hue/shape", "tone", "texture", "shape", "shape/tone"),
     "all filled, 1 Hue, a pair of Shapes, a full set: 4 ribbons"),
    ((1, 1, 2), ("hue", "shape", "shape", "tone", ""), "1 Hue, a pair of Shapes"),
    ((1, 2, 1), ("hue/bonus_shape_2", "shape", "texture", "shape", "tone"), "4 ribbons and 2 points per Shape x2"),
)
# The face-up tokens the table reads after each of its tosses (canvas_solo_table_toss); None: the
# automated player has no token left, so none can be face up and the device offers "0 up" at once.
TABLE_TOSSES = (1, 2, 0, 1, 2, None, 1, None, 1, 1, None)


def take(s: Script, cursor: int, position: int) -> None:
    """The human takes the market card in `position`."""
    rule = f"rule: S1 takes card {position}, a token on each card to its left ({RULEBOOK} l.44)"
    if s.table:
        s.press(f"seat{position}", rule)
        return
    s.presses(moves(cursor, position - 1, MARKET_CHOICES), f"extra: cursor to card {position}")
    s.press("ok", rule)


class Tosses:
    """The automated player's turns: the device tosses, or the table enters what it tossed."""

    def __init__(self, s: Script, by_table: bool) -> None:
        self.s, self.by_table, self.done = s, by_table, 0

    def toss(self) -> None:
        """One turn of the automated player (rulebook 004 l.119)."""
        s = self.s
        if not self.by_table:
            rule = f"rule: the automated player's tokens are tossed, it takes its card ({RULEBOOK} l.119)"
            s.press("roll" if s.table else "ok", rule)
            return
        up = TABLE_TOSSES[self.done]
        self.done += 1
        if up is None:
            s.press("ok", f"rule: no token left to toss, it takes the leftmost card ({RULEBOOK} l.119)")
            return
        rule = f"rule: the table tossed the automated player's tokens: {up} face up ({RULEBOOK} l.119)"
        if s.table and up:
            s.press(f"seat{up}", rule)
            return
        s.presses(["down"] if up == 0 else ["up"] * (up + 1), f"extra: count to {up}")
        s.press("ok", rule)


def solo(table: bool, by_table: bool) -> Script:
    """The solo variant (rulebook 004 l.113-131): 37 points, Runner-Up, with the device's tosses."""
    s = Script(table)
    build = "the table build (seat buttons, roll)" if table else "the four keys only"
    who = "the table tosses the automated player's real tokens and enters the face-up count" if by_table \
        else "the device tosses the automated player's tokens"
    s.lines += [
        "# seed 23",
        *([] if table else ["# buttons: four keys"]),
        f"# Canvas solo (rulebook 004 l.113-131) on {build} with the default cards, the public list's",
        "# first game: Composition, Emphasis, Repetition, Variety. The human takes market cards (a token",
        f"# on each card to the left), {who},",
        "# and three paintings reach the award. A turn is the human's turn and the automated player's.",
    ]
    open_canvas(s)
    s.press("down", "setup: cursor to Players")
    s.press("ok", "setup: open the player count")
    s.press("down", "setup: 2 -> 1 player: solo")
    s.press("ok", "setup: back to the setup menu")
    if by_table:
        s.presses(["down", "down"], "setup: cursor to Toss")
        s.press("ok", "setup: Toss: Device -> Table")
    s.press("roll" if table else "ok", "setup: start (roll starts from any row)")
    if not table:
        s.lines.pop()
        s.presses(["up"] * (3 if by_table else 1), "setup: cursor to Start")
        s.press("ok", "setup: start")
    tosses, turn = Tosses(s, by_table), 0
    for number, (takes, slots, why) in enumerate(SOLO, 1):
        for position in takes:
            turn += 1
            s.lines.append(f"# ---- turn {turn}")
            take(s, 0, position)  # fewer than 3 cards in hand: the cursor starts on card 1
            tosses.toss()
        turn += 1
        s.lines.append(f"# ---- turn {turn}")
        painting(s, 1, slots, ["ok"], f"painting {number}: {why}")
        if number < len(SOLO):
            tosses.toss()
    s.lines.append("# ---- end")
    return s


def count(text: str) -> tuple[dict[str, int], list[tuple[int, int]]]:
    """Presses by kind, and (rulebook, extra) presses per turn, of an annotated script."""
    kinds = {"rule": 0, "extra": 0, "setup": 0}
    turns: list[tuple[int, int]] = []
    counting = False
    for line in text.splitlines():
        if re.match(r"# ---- (turn|round) \d+", line):
            turns.append((0, 0))
            counting = True
        elif line.startswith("# ---- end"):
            counting = False
        elif re.match(r"(press|hold) ", line):
            kind = line.split("#", 1)[1].strip().split(":", 1)[0]
            kinds[kind] += 1
            if counting and kind != "setup":
                rule, extra = turns[-1]
                turns[-1] = (rule + (kind == "rule"), extra + (kind == "extra"))
    return kinds, turns


def report() -> None:
    """Print the press counts of every Canvas script."""
    for path in sorted(HERE.glob("canvas_*.txt")):
        kinds, turns = count(path.read_text(encoding="utf-8"))
        share = 100 * kinds["extra"] / max(1, kinds["rule"])
        worst = max((100 * e / max(1, r) for r, e in turns), default=0.0)
        print(f"{path.stem}: {kinds['rule']} rulebook + {kinds['extra']} extra ({share:.1f} %; worst turn "
              f"{worst:.1f} %), {kinds['setup']} setup; per turn (rulebook, extra): {turns}")


def main() -> None:
    """Write the five scripts (or, with `count`, print their press counts)."""
    if sys.argv[1:] == ["count"]:
        report()
        return
    out = {
        "canvas_two_players": two_players(True),
        "canvas_two_players_four_keys": two_players(False),
        "canvas_solo": solo(True, by_table=False),
        "canvas_solo_four_keys": solo(False, by_table=False),
        "canvas_solo_table_toss": solo(True, by_table=True),
    }
    for name, script in out.items():
        (HERE / f"{name}.txt").write_text("\n".join(script.lines) + "\n", encoding="utf-8")
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
