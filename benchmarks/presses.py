"""Presses per round: the annotated scripts' rulebook actions vs the presses the device adds.

Each script in tests/scripts/ whose presses are annotated (issue 13: `# setup: ...`,
`# rule: <action> (<seed file> l.<N>)`, `# extra: <why>`, rounds opened by `# ---- round N` or
`# ---- turn N` and closed by `# ---- end`) is replayed through the real runner (device/run/script.py,
the headless loop's `run_script`, an in-memory store). For every round it prints the presses on
the table build split into rule and extra (setup presses are not counted), the ratio extra/rule
and the target: a 5-player #ARTBOX round in at most 31 presses (the 26 actions and at most 5
confirmations; other table sizes: at most 5 extra), every other game extra <= 20 % of rule over
the whole script.

The four-key figure is derived, not written down: for each counted press the search starts from
where a four-key table stands and looks (breadth first over up/down/ok, deduplicated on the
app's dumped state, depth-limited) for the shortest sequence reaching the same game state (the
`game` part of the app's dump; the whole dump for a press that only changes what is shown, such
as "show the words"). `back` is searched too where it stays inside the game (a Toolbox screen
is left with back); it is never allowed to open the pause menu, and holds are never searched. A
held back/ok of the script (undo/redo) counts one four-key press. Scripts without round
markers and classified presses are skipped with a note. Exit code 1 when a target is missed, 2 on a badly annotated
script (one line naming the file and line).

    python benchmarks/presses.py [SCRIPT ...] [--depth 12]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.clock import VirtualClock  # noqa: E402
from device.errors import UserError  # noqa: E402
from device.framework.loader import app, descriptor  # noqa: E402
from device.framework.registry import GAMES  # noqa: E402
from device.framework.resources import Resources  # noqa: E402
from device.framework.runner import DeviceSetup, Runner, RunnerDeps  # noqa: E402
from device.run.headless import FrameRecorder, run_script  # noqa: E402
from device.run.script import Step, Wait, parse_numbered  # noqa: E402
from device.settings import Settings  # noqa: E402
from device.storage.store import Store  # noqa: E402
from device.userfiles import SCRIPT_BYTES, read_bounded_text  # noqa: E402
from hardware.events import ButtonEvent  # noqa: E402

SCRIPT_DIR = ROOT / "tests" / "scripts"
Kind = Literal["setup", "rule", "extra"]
MARK = re.compile(r"^#\s*-{4}\s*(?:(round|turn)\s+(\d+)|(end))\b", re.IGNORECASE)
CLASS = re.compile(r"#\s*(setup|rule|extra):\s*(\S.*)$")
CITE = re.compile(r"\(\s*\d{3}\b[^)]*\bl\.\s*\d+")
SEARCH_KEYS = ("up", "down", "ok", "back")
MAX_NODES = 60_000
ARTBOX_ROUND_PRESSES, ARTBOX_EXTRA, EXTRA_SHARE = 31, 5, 0.20


# ----- the annotated script ------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """`# ---- round N` / `# ---- turn N` (name) or `# ---- end` (name "")."""

    name: str


@dataclass(frozen=True)
class Press:
    """A press or hold of the script with its class."""

    line: int
    event: ButtonEvent
    kind: Kind
    note: str


Item = Mark | Press | Wait


@dataclass(frozen=True)
class Annotated:
    """A script's seed and its items in order; `annotated` is false without round markers and
    classified presses (the scripts not yet rewritten to the table flow)."""

    name: str
    seed: int
    items: tuple[Item, ...]
    annotated: bool


def parse_annotated(text: str, source: str, cited: bool = True) -> Annotated:
    """Read an annotated script; UserError names the line of an unclassified press or an uncited
    rule (`cited`: the game has a rulebook, so each rule names its line)."""
    lines = text.splitlines()
    seed_found = re.match(r"#\s*seed\s+(\d+)", lines[0]) if lines else None
    steps: dict[int, Step] = dict(parse_numbered(text, source))
    marks = {n: m for n, raw in enumerate(lines, 1) if (m := MARK.match(raw.strip()))}
    annotated = bool(marks) and any((c := CLASS.search(raw)) is not None and c.group(1) != "setup"
                                    for n, raw in enumerate(lines, 1) if n in steps)
    items: list[Item] = []
    for number, raw in enumerate(lines, 1):
        if number in marks:
            found = marks[number]
            items.append(Mark("" if found.group(3) else f"{found.group(1).lower()} {found.group(2)}"))
        elif isinstance(step := steps.get(number), ButtonEvent):
            items.append(_press(number, step, raw, source, annotated, cited))
        elif isinstance(step, Wait):
            items.append(step)
    name = Path(source).stem
    return Annotated(name, int(seed_found.group(1)) if seed_found else 1, tuple(items), annotated)


def _press(number: int, event: ButtonEvent, raw: str, source: str, annotated: bool, cited: bool) -> Press:
    found = CLASS.search(raw)
    if found is None:
        if annotated:
            raise UserError(f"{source}:{number}: classify this {event.kind} with '# rule: ...', "
                            "'# extra: ...' or '# setup: ...'")
        return Press(number, event, "setup", "")
    kind: Kind = found.group(1)  # type: ignore[assignment]  # the pattern allows only these three
    if kind == "rule" and cited and not CITE.search(found.group(2)):
        raise UserError(f"{source}:{number}: a rule names its rulebook line, e.g. '# rule: S2 takes #1 (000 l.44)'")
    return Press(number, event, kind, found.group(2).strip())


# ----- the four-key search -------------------------------------------------------------------


def game_part(dump: dict[str, Any]) -> Any:
    """The part of an app's dump that is the game itself (its engine state)."""
    return dump.get("game", dump)


def canonical(data: Any) -> str:
    """One string per distinct dumped state."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def shortest_four_key(owner: Any, start: Any, ctx: Any, goal: Callable[[Any], bool],
                      depth: int) -> tuple[int, Any] | None:
    """The fewest up/down/ok (and in-game back) presses from `start` to a state meeting `goal`,
    with the state reached; None when none is found within `depth` presses."""
    if goal(start):
        return 0, start
    seen = {canonical(owner.dump(start))}
    frontier = [start]
    for steps in range(1, depth + 1):
        following = []
        for state in frontier:
            for button in SEARCH_KEYS:
                reply = owner.handle(state, ButtonEvent(button, "press"), ctx)
                if reply.switch is not None or reply.step is not None or reply.error:
                    continue  # leaving the game (pause menu, home), an undo, or a refusal
                key = canonical(owner.dump(reply.state))
                if key in seen:
                    continue
                seen.add(key)
                if goal(reply.state):
                    return steps, reply.state
                following.append(reply.state)
        frontier = following
        if not frontier or len(seen) > MAX_NODES:
            break
    return None


@dataclass
class RoundCount:
    """One round's presses on the table build, and the four-key figure derived for it."""

    name: str
    rule: int = 0
    extra: int = 0
    four_keys: int = 0
    unreached: list[int] = field(default_factory=list)  # lines whose four-key path was not found
    players: int | None = None

    @property
    def presses(self) -> int:
        """Rule and extra presses."""
        return self.rule + self.extra


class Replay:
    """The table build's runner, and the app state a four-key table would be in."""

    def __init__(self, script: Annotated, depth: int) -> None:
        self.clock = VirtualClock(0)
        self.runner = Runner(RunnerDeps(store=Store(None), resources=Resources(), sink=FrameRecorder(None),
                                        clock=self.clock), DeviceSetup(settings=Settings(), seed=script.seed))
        self.depth = depth
        self.mode = ""
        self.four: Any = None
        self.checked_ms = 0

    def start_round(self) -> None:
        """A round starts: the four-key table stands where the table build stands."""
        self.mode = self.runner.session.mode
        self.four = self.runner.session.state()
        self.checked_ms = self.clock.now_ms()

    def wait(self, step: Wait) -> None:
        """Time passes for both tables (the four-key one ticks at the same deadlines)."""
        run_script(self.runner, self.clock, [step])
        if self.four is None:
            return
        owner, now = app(self.mode), self.clock.now_ms()
        while (deadline := owner.next_deadline(self.four, self.runner.ctx(self.checked_ms))) is not None \
                and deadline <= now:
            self.four = owner.tick(self.four, self.runner.ctx(deadline)).state
            self.checked_ms = deadline
        self.checked_ms = now

    def press(self, press: Press, count: RoundCount | None) -> None:
        """Play one press on the table build; in a round, count it and find its four-key path."""
        before = self.runner.session.states.get(self.mode)
        self.runner.handle(press.event)
        if count is None or press.kind == "setup":
            return
        setattr(count, press.kind, getattr(count, press.kind) + 1)
        after = self.runner.session.states[self.mode]
        owner = app(self.mode)
        dump = owner.dump(after)
        count.players = count.players or _players(dump)
        if press.event.kind == "hold" and press.event.button in ("back", "ok"):
            count.four_keys += 1  # undo/redo: a held key of the four
            self.four = after
            return
        changed = before is None or game_part(owner.dump(before)) != game_part(dump)
        wanted = canonical(game_part(dump) if changed else dump)

        def goal(state: Any) -> bool:
            seen = owner.dump(state)
            return canonical(game_part(seen) if changed else seen) == wanted

        self.checked_ms = self.clock.now_ms()
        four_key_ctx = replace(self.runner.ctx(), seat_buttons=False)  # the build with the four keys alone
        found = shortest_four_key(owner, self.four, four_key_ctx, goal, self.depth)
        if found is None:
            count.unreached.append(press.line)
            self.four = after
            return
        count.four_keys += found[0]
        self.four = found[1]


def _players(dump: dict[str, Any]) -> int | None:
    options = dump.get("options")
    players = options.get("players") if isinstance(options, dict) else None
    return players if isinstance(players, int) else None


def count_rounds(script: Annotated, depth: int = 12) -> list[RoundCount]:
    """Replay the script and count every round between its markers."""
    replay = Replay(script, depth)
    rounds: list[RoundCount] = []
    current: RoundCount | None = None
    for item in script.items:
        if isinstance(item, Mark):
            current = RoundCount(item.name) if item.name else None
            if current is not None:
                rounds.append(current)
                replay.start_round()
        elif isinstance(item, Wait):
            replay.wait(item)
        else:
            replay.press(item, current)
    return rounds


# ----- targets and the report ----------------------------------------------------------------


def game_of(name: str) -> str:
    """The registered game whose game.py names the script; for a script none names (one given on
    the command line), the registered game its name starts with (`toolbox_example` -> toolbox)."""
    named = next((key for key in GAMES if any(s.name == name for s in descriptor(key).scripts)), "")
    prefix = name.split("_", 1)[0]
    return named or (prefix if prefix in GAMES else "")


def registered_scripts() -> list[Path]:
    """Every script the registered games name (their game.py), in the registry's order."""
    return [SCRIPT_DIR / f"{script.name}.txt" for key in GAMES for script in descriptor(key).scripts]


def round_target(game: str, count: RoundCount) -> tuple[str, bool] | None:
    """#ARTBOX's per-round target (text, met), or None for games judged over the whole script."""
    if game != "artbox":
        return None
    if count.players == 5:
        return f"<= {ARTBOX_ROUND_PRESSES} presses", count.presses <= ARTBOX_ROUND_PRESSES
    return f"<= {ARTBOX_EXTRA} extra", count.extra <= ARTBOX_EXTRA


def ratio(extra: int, rule: int) -> str:
    """extra/rule as a percentage."""
    return f"{100 * extra / rule:.0f} %" if rule else "-"


def four_key_text(count: RoundCount) -> str:
    """The four-key figure, marked when some press's path was not found."""
    if not count.unreached:
        return str(count.four_keys)
    return f">= {count.four_keys} (no path within the depth for line {', '.join(map(str, count.unreached))})"


def played_on_four_keys(name: str) -> bool:
    """A script written for the four keys alone (`..._four_keys`): its presses are the four-key
    flow itself, so the table-build targets do not apply to it."""
    return name.endswith("_four_keys")


def report(script: Annotated, rounds: Sequence[RoundCount], out: Any) -> bool:
    """Print one script's rounds and total; True when its targets are met."""
    four_keys = played_on_four_keys(script.name)
    game = "" if four_keys else game_of(script.name)
    build = "four keys, as written" if four_keys else "table build"
    print(f"{script.name} ({game_of(script.name) or 'no game'}), {build}:", file=out)
    met = True
    for count in rounds:
        target = round_target(game, count)
        verdict = ""
        if target is not None:
            verdict = f"  target {target[0]}: {'ok' if target[1] else 'MISSED'}"
            met = met and target[1]
        print(f"  {count.name:9s} {count.presses:3d} presses = {count.rule:3d} rule + {count.extra:2d} extra "
              f"({ratio(count.extra, count.rule):>5s})   four keys: {four_key_text(count)}{verdict}", file=out)
    rule, extra = sum(c.rule for c in rounds), sum(c.extra for c in rounds)
    four = sum(c.four_keys for c in rounds)
    verdict = ""
    if game and game != "artbox":
        ok = extra <= EXTRA_SHARE * rule
        verdict = f"  target extra <= {EXTRA_SHARE:.0%} of rule: {'ok' if ok else 'MISSED'}"
        met = met and ok
    print(f"  {'all':9s} {rule + extra:3d} presses = {rule:3d} rule + {extra:2d} extra ({ratio(extra, rule):>5s})"
          f"   four keys: {four}{verdict}", file=out)
    return met


def summary(by_game: dict[str, list[RoundCount]], out: Any) -> None:
    """One line per game over all its scripts' rounds: presses per round, extra share, four keys."""
    print("per game (mean per round/turn):", file=out)
    for game, rounds in sorted(by_game.items()):
        n = len(rounds) or 1
        rule, extra = sum(c.rule for c in rounds), sum(c.extra for c in rounds)
        four = sum(c.four_keys for c in rounds)
        print(f"  {game:9s} {len(rounds):3d} rounds  table build {(rule + extra) / n:5.1f} presses "
              f"({rule / n:.1f} rule + {extra / n:.1f} extra, {ratio(extra, rule)})   four keys {four / n:5.1f}",
              file=out)


def main(argv: Sequence[str] | None = None, out: Any = None) -> int:
    """Count every annotated script (or the ones named); 1 when a target is missed, 2 on bad input."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("scripts", nargs="*", type=Path,
                        help="scripts (default: every script the registered games name)")
    parser.add_argument("--depth", type=int, default=12, help="longest four-key path searched per press")
    args = parser.parse_args(argv)
    met = True
    by_game: dict[str, list[RoundCount]] = {}
    try:
        for path in args.scripts or registered_scripts():
            game = game_of(path.stem)
            cited = not game or bool(descriptor(game).rulebook)
            if not cited:
                print(f"{path.stem}: {game} has no rulebook: its rule presses cite none", file=out)
            text = read_bounded_text(path, "script", SCRIPT_BYTES, "check the path")
            script = parse_annotated(text, str(path), cited)
            if not script.annotated:
                print(f"{script.name}: skipped (not annotated: no '# ---- round N' lines with "
                      "'# rule:' / '# extra:' presses)", file=out)
                continue
            rounds = count_rounds(script, args.depth)
            if not played_on_four_keys(script.name):
                by_game.setdefault(game_of(script.name) or script.name, []).extend(rounds)
            met = report(script, rounds, out) and met
    except UserError as exc:
        print(f"presses: {exc}", file=sys.stderr)
        return 2
    summary(by_game, out)
    print("four keys: shortest up/down/ok path per press (back only inside the game), "
          "searched on the real app", file=out)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
