"""Write the #ARTBOX headless scripts from each round's facts, every press annotated.

    PYTHONPATH=. python tests/scripts/artbox_make_scripts.py

writes artbox_five_players_round.txt (one round on the table build), its four-key twin
artbox_five_players_round_four_keys.txt, artbox_four_players.txt and artbox_three_players.txt
(whole games). Then regenerate the expected states (EASEL_UPDATE_GOLDENS=1 pytest
tests/device/test_scripts.py -k artbox) and check them by hand; tests/device/artbox/test_app.py
asserts the winners. Each press ends with `# setup:`, `# rule: ... (000 l.N)` or `# extra:`
(issue 13); `# ---- round N` starts a round's count and `# ---- end` closes the last.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULE = "000"  # the English rulebook's seed file; its lines are cited


@dataclass(frozen=True)
class Drawing:
    """One drawing as the table identifies it (slot order)."""

    author: int
    guessers: tuple[int, ...] = ()
    not_ok: bool = False
    other_word: bool = False  # the author pressed again: the drawing shows their other word


@dataclass(frozen=True)
class Round:
    """What the table does in one round."""

    finish: tuple[int, ...]  # finishing order (the last seat takes the last token by itself)
    drawings: tuple[Drawing, ...]
    waits: dict[str, int] = field(default_factory=dict)  # the table's own time, seconds
    finish_waits: tuple[int, ...] = ()  # seconds between one finisher and the next


@dataclass(frozen=True)
class Game:
    """A script: its seed, header, setup presses and rounds."""

    name: str
    seed: int
    header: str
    players: int
    setup: tuple[tuple[str, str], ...]
    rounds: tuple[Round, ...]
    two_words: bool = False
    four_keys: bool = False


class Writer:
    """Collects annotated script lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def press(self, button: str, note: str, hold: bool = False) -> None:
        """A press (or hold) with its classifying comment."""
        verb = "hold" if hold else "press"
        self.lines.append(f"{verb} {button:<8}# {note}")

    def raw(self, line: str) -> None:
        """A comment, a wait or a section line."""
        self.lines.append(line)


def cite(n: int | str) -> str:
    return f"({RULE} l.{n})"


def dealing_order(maestro: int, players: int) -> list[int]:
    """From the Maestro's left round to the Maestro (000 l.32: every player is dealt)."""
    return [(maestro + i - 1) % players + 1 for i in range(1, players + 1)]


def write_round(w: Writer, g: Game, number: int, r: Round) -> None:
    """One round, table build or four keys, from the first deal to the Scores press."""
    maestro = (number - 1) % g.players + 1
    for seat in dealing_order(maestro, g.players):
        look = "ok" if g.four_keys else f"seat{seat}"
        w.press(look, f"extra: S{seat} looks at their words (the others look away)")
        if g.two_words:
            w.press("ok", f"rule: S{seat} keeps 2 of their 3 words, the third under the deck "
                    + cite(148))
        else:
            w.press("up", f"rule: S{seat} keeps 1 of their 2 words, the other under the deck "
                    + cite(32))
    w.press("ok" if g.four_keys else "roll", f"rule: Maestro S{maestro} rolls the four dice "
            + cite(36))
    if "draw" in r.waits:
        w.raw(f"wait {r.waits['draw']}")
    write_finishes(w, g, r)
    w.press("ok" if g.four_keys else "timer",
            "rule: the first done guessing turns the sandglass " + cite(56))
    w.raw(f"wait {r.waits.get('sand', 60)}")
    w.raw(f"# the sand has run out: drawing #1 is on screen {cite(171)}")
    for index, d in enumerate(r.drawings):
        write_drawing(w, g, index, d)
    w.press("ok", "extra: Scores: the Maestro hands out both tokens " + cite("74-87")
            + ", then the next round's first cover")


def write_finishes(w: Writer, g: Game, r: Round) -> None:
    waiting = list(range(1, g.players + 1))
    cursor = 0
    for token, seat in enumerate(r.finish[:-1], start=1):
        if 1 < token <= len(r.finish_waits) + 1:
            w.raw(f"wait {r.finish_waits[token - 2]}")
        note = f"rule: S{seat} takes number token #{token} " + cite(44)
        if g.four_keys:
            here = min(cursor, len(waiting) - 1)
            target = waiting.index(seat)
            down, up = (target - here) % len(waiting), (here - target) % len(waiting)
            for _ in range(min(down, up)):
                w.press("down" if down <= up else "up", f"extra: cursor to S{seat}")
            cursor = target
            w.press("ok", note)
        else:
            w.press(f"seat{seat}", note)
        waiting.remove(seat)
    last = r.finish[-1]
    w.raw(f"# S{last} takes #{g.players}, the last token, by itself {cite(44)}")
    if "guess" in r.waits:
        w.raw(f"wait {r.waits['guess']}")


def write_drawing(w: Writer, g: Game, index: int, d: Drawing) -> None:
    """Identify drawing #index+1 on the table build: its author, the right guesses, not OK."""
    if g.four_keys:
        write_drawing_four_keys(w, g, index, d)
        return
    number = index + 1
    claim = f"rule: S{d.author} says drawing #{number} is theirs and places their token "
    w.press(f"seat{d.author}", claim + cite(71), hold=index > 0)
    if d.other_word:
        w.press(f"seat{d.author}", f"rule: S{d.author} names their other word for #{number} "
                + cite(71))
    for seat in d.guessers:
        w.press(f"seat{seat}", f"rule: S{seat} guessed #{number} right " + cite(72))
    if d.not_ok:
        w.press("down", f"rule: the Maestro finds #{number} broke the requirements " + cite(74))


def write_drawing_four_keys(w: Writer, g: Game, index: int, d: Drawing) -> None:
    """The same with up/down/ok: up walks the list (seats, "Not OK", "#k+1 ->") forward."""
    number = index + 1
    count = g.players + 2
    cursor = 0  # a new drawing starts on "#k+1 ->", which records nothing
    if index:
        w.press("ok", f"extra: on to drawing #{number}")
    after_author = sorted(d.guessers, key=lambda s: (s - d.author) % count)
    for seat in (d.author, *after_author):
        for _ in range((seat - cursor) % count):
            w.press("up", f"extra: cursor to S{seat}")
        cursor = seat
        w.press("ok", f"rule: S{seat} says drawing #{number} is theirs and places their token "
                + cite(71) if seat == d.author
                else f"rule: S{seat} guessed #{number} right " + cite(72))
        if seat == d.author and d.other_word:
            w.press("ok", f"rule: S{seat} names their other word for #{number} " + cite(71))
    if d.not_ok:
        w.press("down", f"rule: the Maestro finds #{number} broke the requirements " + cite(74))
    for _ in range((count - cursor) % count):
        w.press("up", "extra: cursor to the next drawing / Scores")


def script(g: Game) -> str:
    """The whole script's text."""
    w = Writer()
    w.raw(f"# seed {g.seed}")
    if g.four_keys:
        w.raw("# buttons: four keys")
    for line in g.header.strip().splitlines():
        w.raw(f"# {line}" if line else "#")
    for button, what in g.setup:
        w.press(button, f"setup: {what}")
    for number, r in enumerate(g.rounds, start=1):
        if number == 1:
            w.raw("# the round starts here (benchmarks/press_to_glass.py counts its waits from here)")
        w.raw(f"# ---- round {number}")
        write_round(w, g, number, r)
    w.raw("# ---- end")
    return "\n".join(w.lines) + "\n"


D = Drawing
FIVE_ROUND = Round(
    finish=(2, 5, 1, 4, 3),
    drawings=(D(1, (2, 4)), D(2, (3,)), D(3, (1, 5), not_ok=True), D(4, (5,)), D(5, (4, 2))),
    waits={"draw": 45, "guess": 25, "sand": 61}, finish_waits=(4, 3, 6),
)
FIVE_HEADER = """#ARTBOX, 5 players on the {build}:
the setup presses, then one round from the first deal to the press that starts round 2
(issue 13: at most 31 presses on the table build).
Waits are the table's own time away from the device: drawing after the roll, the last
drawings and the guessing before the first one done turns the sandglass, the sandglass itself.
benchmarks/press_to_glass.py measures what the table waits for on each panel.
Generated by tests/scripts/artbox_make_scripts.py."""
MAESTRO_S1 = (("ok", "open the first Maestro count"), ("up", "first Maestro: S1"), ("ok", "keep S1"))
FIVE_SETUP = (("down", "home: Toolbox -> #ARTBOX"), ("ok", "open #ARTBOX"),
              ("down", "row Players"), ("ok", "open the players count"), ("up", "players 4 -> 5"),
              ("ok", "keep 5 players"), ("down", "row Rulebook"), ("down", "row Words"),
              ("down", "row First Maestro"), *MAESTRO_S1, ("roll", "start the game (roll starts from any row)"))

FOUR_ROUNDS = (
    Round((3, 1, 4, 2), (D(2, (1, 3, 4)), D(1, (3,)), D(3, (1,)), D(4))),
    Round((1, 2, 3, 4), (D(1, (2, 3)), D(2, (1,)), D(3), D(4, (1, 2)))),
    Round((4, 3, 2, 1), (D(3, (1, 2, 4), not_ok=True), D(1, (2,)), D(2, (3, 4)), D(4))),
    Round((2, 4, 1, 3), (D(4), D(2, (1, 3, 4)), D(1, (3,)), D(3, (1,)))),
    Round((1, 3, 2, 4), (D(1, (4,)), D(3, (1,)), D(4), D(2, (1, 3)))),
)
THREE_ROUNDS = (
    Round((2, 3, 1), (D(1, (2, 3)), D(2, (1,)), D(3), D(1, (2,)), D(2), D(3, (1, 2)))),
    Round((1, 2, 3), (D(3, (1, 2)), D(1, (2,)), D(2, (3,)), D(3), D(1), D(2, (1,)))),
    Round((3, 1, 2), (D(2, (1, 3)), D(3, (1,)), D(1), D(2, (3,)), D(1, (2,)), D(3))),
    Round((1, 3, 2), (D(1, (2, 3)), D(2), D(3, (2,)), D(3, (1,)), D(1, (3,)), D(2))),
    Round((2, 1, 3), (D(3, (1, 2)), D(3, (2,)), D(1), D(1, (2,)), D(2, (1,)), D(2))),
    Round((3, 2, 1), (D(2, (1, 3), other_word=True), D(1, (3,)), D(3), D(2, (1,)), D(1),
                      D(3, (2,)))),
)

GAMES = (
    Game("artbox_five_players_round", 21, FIVE_HEADER.format(build="table build (a button per "
         "seat, roll, timer)"), 5, FIVE_SETUP, (FIVE_ROUND,)),
    Game("artbox_five_players_round_four_keys", 21, FIVE_HEADER.format(
        build="2.7\" HAT's four keys (up, down, ok, back)").replace(
        "(issue 13: at most 31 presses on the table build)", "(issue 13's four-key count)"),
        5, (*FIVE_SETUP[:-1], ("up", "row Words"), ("up", "row Rulebook"), ("up", "row Players"),
            ("up", "row Start"), ("ok", "start the game")),
        (FIVE_ROUND,), four_keys=True),
    Game("artbox_four_players", 8, """#ARTBOX, 4 players, English rulebook, words dealt by the device, on the
table build: a whole game to a winner. Rounds are played until a seat holds 5 victory tokens
(rulebook 000 l.101); the expected final state was checked by hand and
tests/device/artbox/test_app.py asserts the winner and the scores.
Generated by tests/scripts/artbox_make_scripts.py.""", 4,
         (("down", "home: Toolbox -> #ARTBOX"), ("ok", "open #ARTBOX"), ("down", "row Players"),
          ("down", "row Rulebook"), ("down", "row Words"), ("down", "row First Maestro"),
          *MAESTRO_S1, ("roll", "start the game")), FOUR_ROUNDS),
    Game("artbox_three_players", 4, """#ARTBOX, 3 players (three words, draw two: rulebook 000 l.148), French
rulebook, on the table build: a whole game to a winner. A seat's button on a drawing with no
author claims its first unplaced word; pressed again by the same author it switches to their
other word (round 6, drawing 1); a held seat button claims the next drawing.
Generated by tests/scripts/artbox_make_scripts.py.""", 3,
         (("down", "home: Toolbox -> #ARTBOX"), ("ok", "open #ARTBOX"), ("down", "row Players"),
          ("ok", "open the players count"), ("down", "players 4 -> 3"), ("ok", "keep 3 players"),
          ("down", "row Rulebook"), ("ok", "rulebook: French"), ("down", "row Words"),
          ("down", "row First Maestro"), *MAESTRO_S1,
          ("roll", "start the game")), THREE_ROUNDS, two_words=True),
)


def main(argv: Sequence[str]) -> int:
    """Write every script (or the named ones)."""
    for g in GAMES:
        if argv and g.name not in argv:
            continue
        (HERE / f"{g.name}.txt").write_text(script(g), encoding="utf-8")
        print("wrote", g.name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
