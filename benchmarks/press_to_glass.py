"""Press-to-glass: what the table waits for, on every committed script and every mono panel.

Each script in tests/scripts/ is played by the real headless mode at table pace
(`easel play --headless --panel MODEL`, which runs the display worker's own decisions against a
panel simulated with the capability table's times) and its refresh.jsonl is read back:
presses, refreshes by kind and reason, total wait, p50/p90 press-to-glass, and for every
countdown its lag and the second values never shown. Two references on the same frames: naive
(a full refresh per changed frame) and limit (one partial per changed frame). The wait of a
press runs from its delivery to the end of the refresh that shows its last frame; for a
`secret` refresh only what it takes beyond 3 s counts (handing the device on covers the rest).

    python benchmarks/press_to_glass.py [--only artbox] [--panels epd2in13_V4,epd2in7_V2]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.run.cli import main as easel  # noqa: E402
from device.run.script import Wait, read_numbered  # noqa: E402
from hardware.panels import GALLERY_PANELS, PANELS  # noqa: E402

SCRIPTS = sorted((ROOT / "tests" / "scripts").glob("*.txt"))
HANDING_ON_MS = 3000
SHOWN = ("partial", "fast", "full")
ROUND_SCRIPT = "artbox_five_players_round"
ROUND_TARGET_S = {"epd2in13_V4": 15.0, "epd2in7_V2": 20.0}
LIMIT_RATIO = 1.5
P90_SLACK_MS = 200
COUNTDOWN_GAP_MS = 1500  # countdown frames further apart than this belong to different countdowns


@dataclass
class Countdown:
    """One running countdown as the log shows it."""

    frames: int = 0
    skipped: int = 0
    lag_ms: int = 0
    flashed: int = 0  # countdown frames shown by a full or fast refresh
    first_ms: int = 0
    last_ms: int = 0


@dataclass
class Run:
    """The figures of one script on one panel."""

    presses: int = 0
    waits: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    naive_ms: int = 0
    limit_ms: int = 0
    countdowns: list[Countdown] = field(default_factory=list)
    cleaning_in_countdown: int = 0
    round_ms: int = 0  # the wait from the script's '# ---- the round starts here' line on

    @property
    def wait_ms(self) -> int:
        return sum(self.waits)

    @property
    def partials(self) -> int:
        return self.kinds["partial"]

    @property
    def cleanings(self) -> int:
        """Full refreshes (any reason): what clears the partials' ghosting."""
        return self.kinds["full"]


def seed_of(script: Path) -> str:
    """The script's `# seed N` (default 1), as the script tests use it."""
    text = script.read_text(encoding="utf-8")
    found = re.match(r"#\s*seed\s+(\d+)", text.splitlines()[0] if text else "")
    return found.group(1) if found else "1"


def play(script: Path, model: str, out: Path) -> list[dict[str, Any]]:
    """Run the script headless at table pace on `model`; the refresh.jsonl lines."""
    with contextlib.redirect_stdout(io.StringIO()):
        code = easel(["play", "--headless", "--script", str(script), "--frames", str(out),
                      "--seed", seed_of(script), "--panel", model])
    if code != 0:
        raise SystemExit(f"{script.name} on {model}: easel exited with {code}")
    with (out / "refresh.jsonl").open(encoding="utf-8") as log:
        return [json.loads(line) for line in log]


def glass_ms(frames: list[dict[str, Any]], index: int) -> tuple[int, str]:
    """When the glass shows frame `index` (or a newer one replacing it), and that refresh's reason."""
    for line in frames[index:]:
        if line["kind"] in SHOWN:
            return int(line["end_ms"]), str(line["reason"])
        if line["kind"] == "none":
            return int(line["at_ms"]), "unchanged"
    last = frames[index]
    return int(last["at_ms"]), "unknown"


def measure(script: Path, model: str, lines: list[dict[str, Any]]) -> Run:
    """The figures of one run, from its log."""
    run = Run(presses=sum(1 for _, step in read_numbered(script) if not isinstance(step, Wait)))
    frames = sorted((line for line in lines if line["frame"] is not None), key=lambda line: line["frame"])
    _count_kinds(run, lines)
    _add_waits(run, script, model, frames)
    _add_countdowns(run, frames)
    _count_cleaning_in_countdowns(run, lines)
    return run


def _count_kinds(run: Run, lines: list[dict[str, Any]]) -> None:
    """Refreshes by kind and by kind:reason."""
    for line in lines:
        run.kinds[line["kind"]] += 1
        if line["kind"] in SHOWN:
            run.reasons[f"{line['kind']}:{line['reason']}"] += 1


def _add_waits(run: Run, script: Path, model: str, frames: list[dict[str, Any]]) -> None:
    """Each step's wait from its first frame to glass, and the naive and limit totals."""
    spec = PANELS[model]
    last_of_step: dict[int, int] = {}
    delivered: dict[int, int] = {}
    for index, line in enumerate(frames):
        if line["step"] is not None:
            last_of_step[line["step"]] = index
            delivered.setdefault(line["step"], int(line["at_ms"]))
    text = script.read_text(encoding="utf-8").splitlines()
    start = next((n for n, line in enumerate(text, 1) if "round starts here" in line), 1)
    for step, index in last_of_step.items():
        end, reason = glass_ms(frames, index)
        wait = end - delivered[step]
        secret = reason == "secret"
        if secret:
            wait = max(0, wait - HANDING_ON_MS)
        run.waits.append(wait)
        if step >= start:
            run.round_ms += wait
        run.naive_ms += max(0, spec.full_ms - HANDING_ON_MS) if secret else spec.full_ms
        run.limit_ms += spec.partial_ms


def _add_countdowns(run: Run, frames: list[dict[str, Any]]) -> None:
    """Group countdown frames into countdowns: frames, skipped, lag and flashes."""
    countdown: Countdown | None = None
    for index, line in enumerate(frames):
        if not line["countdown"]:
            continue
        at = int(line["at_ms"])
        if countdown is None or at - countdown.last_ms > COUNTDOWN_GAP_MS:
            countdown = Countdown(first_ms=at, last_ms=at)
            run.countdowns.append(countdown)
        countdown.frames += 1
        countdown.last_ms = at
        if line["kind"] == "skipped":
            countdown.skipped += 1
        else:
            countdown.lag_ms = max(countdown.lag_ms, glass_ms(frames, index)[0] - at)
        if line["kind"] in ("full", "fast"):
            countdown.flashed += 1


def _count_cleaning_in_countdowns(run: Run, lines: list[dict[str, Any]]) -> None:
    """Cleaning refreshes that overlap a countdown."""
    for line in lines:
        if line["kind"] == "full" and (line["cleaning"] or line["reason"] == "cleaning"):
            for c in run.countdowns:
                if line["start_ms"] < c.last_ms and line["end_ms"] > c.first_ms:
                    run.cleaning_in_countdown += 1


def percentile(values: list[int], fraction: float) -> int:
    """The nearest-rank percentile (0 for no values)."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))]


def row(name: str, run: Run) -> str:
    """One table row."""
    kinds = " ".join(f"{k}={run.kinds[k]}" for k in ("partial", "fast", "full", "none", "skipped") if run.kinds[k])
    reasons = " ".join(f"{k}={v}" for k, v in sorted(run.reasons.items()))
    counts = [f"{c.frames - c.skipped}/{c.frames} lag {c.lag_ms / 1000:.1f}s" for c in run.countdowns]
    if len(counts) > 3:  # the total row: one summary for all countdowns
        frames = sum(c.frames for c in run.countdowns)
        shown = frames - sum(c.skipped for c in run.countdowns)
        counts = [f"{len(counts)} countdowns: {shown}/{frames} lag <= "
                  f"{max(c.lag_ms for c in run.countdowns) / 1000:.1f}s"]
    return (f"| {name} | {run.presses} | {kinds} | {reasons} | {run.wait_ms / 1000:.1f} "
            f"| {percentile(run.waits, 0.5) / 1000:.2f} / {percentile(run.waits, 0.9) / 1000:.2f} "
            f"| {run.naive_ms / 1000:.1f} | {run.limit_ms / 1000:.1f} | {'; '.join(counts) or '-'} |")


def verdict(ok: bool) -> str:
    """pass or FAIL."""
    return "pass" if ok else "FAIL"


def main() -> int:
    """Print the table per panel, the summary lines and the targets; exit 1 if a target fails."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="only scripts whose name starts with this")
    parser.add_argument("--panels", default=",".join(GALLERY_PANELS), help="comma-separated mono models")
    args = parser.parse_args()
    scripts = [s for s in SCRIPTS if s.stem.startswith(args.only)]
    failures = 0
    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        for model in args.panels.split(","):
            spec = PANELS[model]
            print(f"\n## {model} (full {spec.full_ms} ms, fast {spec.fast_ms} ms, partial {spec.partial_ms} ms, "
                  f"cleaning every {spec.cleaning_every})\n")
            print("| script | presses | refreshes | by kind:reason | wait s | p50 / p90 s | naive s | limit s "
                  "| countdowns (shown/frames, worst lag) |")
            print("|---|---|---|---|---|---|---|---|---|")
            total = Run()
            checks: list[tuple[str, bool]] = []
            for script in scripts:
                run = measure(script, model, play(script, model, Path(tmp) / f"{model}-{script.stem}"))
                print(row(script.stem, run))
                total.presses += run.presses
                total.waits += run.waits
                total.kinds += run.kinds
                total.reasons += run.reasons
                total.naive_ms += run.naive_ms
                total.limit_ms += run.limit_ms
                total.countdowns += run.countdowns
                total.cleaning_in_countdown += run.cleaning_in_countdown
                if script.stem == ROUND_SCRIPT and model in ROUND_TARGET_S:
                    target = ROUND_TARGET_S[model]
                    checks.append((f"{ROUND_SCRIPT}: the round's wait {run.round_ms / 1000:.1f} s <= {target:.0f} s "
                                   f"(with the setup presses {run.wait_ms / 1000:.1f} s)",
                                   run.round_ms <= target * 1000))
            print(row("**all scripts**", total))
            ratio = total.wait_ms / max(1, total.limit_ms)
            p90 = percentile(total.waits, 0.9)
            frames = sum(c.frames for c in total.countdowns)
            skipped = sum(c.skipped for c in total.countdowns)
            lag = max((c.lag_ms for c in total.countdowns), default=0)
            flashed = sum(c.flashed for c in total.countdowns)
            wanted = total.partials // max(1, spec.cleaning_every)
            checks += [
                (f"wait/limit {ratio:.2f} <= {LIMIT_RATIO}", ratio <= LIMIT_RATIO),
                (f"p90 {p90} ms <= partial + {P90_SLACK_MS} = {spec.partial_ms + P90_SLACK_MS} ms",
                 p90 <= spec.partial_ms + P90_SLACK_MS),
                (f"countdown frames skipped {skipped}/{frames} <= 2 %", skipped <= 0.02 * frames),
                (f"countdown lag {lag} ms <= 1000 ms", lag <= 1000),
                (f"countdown frames shown by full/fast: {flashed}", flashed == 0),
                (f"cleaning refreshes while a countdown runs: {total.cleaning_in_countdown}",
                 total.cleaning_in_countdown == 0),
                (f"full refreshes {total.cleanings} >= partials {total.partials} / {spec.cleaning_every} = {wanted}",
                 total.cleanings >= wanted),
            ]
            print()
            for text, ok in checks:
                print(f"- {verdict(ok)}: {text}")
                failures += not ok
            summary.append(f"{model:12s} wait {total.wait_ms / 1000:7.1f} s  limit {total.limit_ms / 1000:6.1f} s  "
                           f"naive {total.naive_ms / 1000:7.1f} s  wait/limit {ratio:.2f}  "
                           f"p50/p90 {percentile(total.waits, 0.5)}/{p90} ms")
    print("\n## summary (all scripts)\n")
    for line in summary:
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
