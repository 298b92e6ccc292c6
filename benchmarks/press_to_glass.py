"""Press-to-glass: what the table waits for, on every committed script and every mono panel.

Each script in tests/scripts/ is played by the real headless mode at table pace
(`easel play --headless --panel MODEL`, which runs the display worker's own decisions against a
panel simulated with the capability table's times) and its refresh.jsonl is read back:
presses, refreshes by kind and reason, total wait, p50/p90 press-to-glass, and for every
countdown its lag and the second values never shown. Two references on the same frames: naive
(a full refresh per changed frame) and limit (one partial per changed frame), both with the
driver's fixed delays (hardware/panels.py DELAYS) as the run's own refreshes have them. The
wait of a press runs from its delivery to the end of the refresh that shows its last frame;
for a `secret` refresh only what it takes beyond 3 s counts (handing the device on covers the
rest). Ghosts are counted per pixel from the frames (benchmarks/glass_ghosts.py).

The simulated panel counts the SPI transfer of every refresh (its RAM data at the driver's
4 MHz clock, a partial's window only where the model sends one: hardware/panels.py TRAFFIC), so
every wait, the naive and limit references (the limit's partial with the window the run's own
partial sent, the whole frame where a flash showed it) and the countdown lags include it.

Pi Zero 2 W estimate (benchmarks/glass_model.py): each press's wait plus its measured host time
(the press handled, rendered and saved, recording PNGs excluded) times one factor, this
machine's single-core speed over a Zero 2 W's (benchmarks/pi_speed.py says how both are
found), plus what the SD card's sync (`--sd-ms`, default a typical card's) adds with the commit
beside the refresh; the order before issue 30 (commit first) is printed beside it. The worst
press and wait/limit targets hold for the simulated panel and for the estimate.

    python benchmarks/press_to_glass.py [--only artbox] [--panels epd2in13_V4,epd2in7_V2] [--sd-ms 25]
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

from benchmarks import glass_ghosts, pi_speed  # noqa: E402
from benchmarks.glass_model import SD_MS, ZeroModel  # noqa: E402
from device.run.cli import main as easel  # noqa: E402
from device.run.script import Wait, read_numbered  # noqa: E402
from hardware.panels import GALLERY_PANELS, PANELS, busy_ms  # noqa: E402

SCRIPTS = sorted((ROOT / "tests" / "scripts").glob("*.txt"))
HANDING_ON_MS = 3000
SHOWN = ("partial", "fast", "full")
ROUND_SCRIPT = "artbox_five_players_round"
ROUND_TARGET_S = {"epd2in13_V4": 15.0, "epd2in7_V2": 20.0}
ZERO_SLACK = 1.25  # the round's wait with the Pi Zero 2 W estimate: at most 25 % more
LIMIT_RATIO = 1.5
P90_SLACK_MS = 200
WORST_PRESS_MS = 2500
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
    round_host_ms: float = 0.0  # the host time of the round's presses
    host_ms: float = 0.0  # the host time of every press
    zero_waits: list[float] = field(default_factory=list)  # each wait on a Pi Zero 2 W (estimate)
    zero_naive_ms: float = 0.0  # their sum with the commit before the frame
    round_zero_ms: float = 0.0
    round_zero_naive_ms: float = 0.0
    ghosts: glass_ghosts.GlassGhosts = field(default_factory=glass_ghosts.GlassGhosts)

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


def play(script: Path, model: str, out: Path) -> tuple[list[dict[str, Any]], list[float]]:
    """Run the script headless at table pace on `model`; the refresh.jsonl lines and each
    press's host milliseconds, in script order."""
    with contextlib.redirect_stdout(io.StringIO()), pi_speed.press_timer() as host:
        code = easel(["play", "--headless", "--script", str(script), "--frames", str(out),
                      "--seed", seed_of(script), "--panel", model])
    if code != 0:
        raise SystemExit(f"{script.name} on {model}: easel exited with {code}")
    with (out / "refresh.jsonl").open(encoding="utf-8") as log:
        return [json.loads(line) for line in log], host


def glass_ms(frames: list[dict[str, Any]], index: int) -> tuple[int, str]:
    """When the glass shows frame `index` (or a newer one replacing it), and that refresh's reason."""
    end, reason, _box = glass_line(frames, index)
    return end, reason


def glass_line(frames: list[dict[str, Any]], index: int) -> tuple[int, str, Any]:
    """`glass_ms`, and the window of the partial that showed it (None: a flash, or no refresh)."""
    for line in frames[index:]:
        if line["kind"] in SHOWN:
            return int(line["end_ms"]), str(line["reason"]), line.get("box")
        if line["kind"] == "none":
            return int(line["at_ms"]), "unchanged", None
    last = frames[index]
    return int(last["at_ms"]), "unknown", None


def measure(script: Path, model: str, lines: list[dict[str, Any]], out: Path, host: list[float],
            zero: ZeroModel) -> Run:
    """The figures of one run, from its log, its frames and its presses' host times."""
    presses = [number for number, step in read_numbered(script) if not isinstance(step, Wait)]
    run = Run(presses=len(presses))
    frames = sorted((line for line in lines if line["frame"] is not None), key=lambda line: line["frame"])
    _count_kinds(run, lines)
    _add_countdowns(run, frames)
    _add_waits(run, script, model, frames, dict(zip(presses, host, strict=True)), zero)
    start = round_start(script)
    run.host_ms = sum(host)
    run.round_host_ms = sum(ms for number, ms in zip(presses, host, strict=True) if number >= start)
    run.ghosts = glass_ghosts.count(out, lines)
    _count_cleaning_in_countdowns(run, lines)
    return run


def _count_kinds(run: Run, lines: list[dict[str, Any]]) -> None:
    """Refreshes by kind and by kind:reason."""
    for line in lines:
        run.kinds[line["kind"]] += 1
        if line["kind"] in SHOWN:
            run.reasons[f"{line['kind']}:{line['reason']}"] += 1


def _add_waits(run: Run, script: Path, model: str, frames: list[dict[str, Any]], host: dict[int, float],
               zero: ZeroModel) -> None:
    """Each step's wait from its first frame to glass (and on a Zero 2 W), the naive and limit totals."""
    spec = PANELS[model]
    last_of_step: dict[int, int] = {}
    delivered: dict[int, int] = {}
    for index, line in enumerate(frames):
        if line["step"] is not None:
            last_of_step[line["step"]] = index
            delivered.setdefault(line["step"], int(line["at_ms"]))
    start = round_start(script)
    for step, index in last_of_step.items():
        end, reason, box = glass_line(frames, index)
        wait = glass = end - delivered[step]
        secret = reason == "secret"
        if secret:
            wait = max(0, wait - HANDING_ON_MS)
        run.waits.append(wait)
        on_zero = zero.press_ms(wait, host.get(step, 0.0), glass)
        run.zero_waits.append(on_zero)
        run.zero_naive_ms += zero.naive_ms(wait, host.get(step, 0.0))
        if step >= start:
            run.round_ms += wait
            run.round_zero_ms += on_zero
            run.round_zero_naive_ms += zero.naive_ms(wait, host.get(step, 0.0))
        full = busy_ms(spec, "full")
        run.naive_ms += max(0, full - HANDING_ON_MS) if secret else full
        run.limit_ms += busy_ms(spec, "partial", box=box)


def round_start(script: Path) -> int:
    """The script line of '# ---- the round starts here' (1 if none)."""
    text = script.read_text(encoding="utf-8").splitlines()
    return next((n for n, line in enumerate(text, 1) if "round starts here" in line), 1)


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


def add(total: Run, run: Run) -> None:
    """Add one script's figures to the panel's total."""
    total.presses += run.presses
    total.waits += run.waits
    total.kinds += run.kinds
    total.reasons += run.reasons
    total.naive_ms += run.naive_ms
    total.limit_ms += run.limit_ms
    total.countdowns += run.countdowns
    total.cleaning_in_countdown += run.cleaning_in_countdown
    total.host_ms += run.host_ms
    total.zero_waits += run.zero_waits
    total.zero_naive_ms += run.zero_naive_ms
    g, t = run.ghosts, total.ghosts
    t.outside, t.overall = max(t.outside, g.outside), max(t.overall, g.overall)
    t.ticks = max(t.ticks, g.ticks)
    t.times_up += g.times_up
    t.times_up_flashed += g.times_up_flashed


def round_checks(model: str, run: Run, zero: ZeroModel) -> list[tuple[str, bool]]:
    """The round script's wait on this panel, as measured and with the Pi Zero 2 W estimate."""
    if model not in ROUND_TARGET_S:
        return []
    target = ROUND_TARGET_S[model] * 1000
    estimate = run.round_zero_ms
    more = estimate / max(1, run.round_ms) - 1
    sd = max(0.0, estimate - run.round_ms - run.round_host_ms * zero.factor)
    naive = run.round_zero_naive_ms / max(1, run.round_ms) - 1
    return [(f"{ROUND_SCRIPT}: the round's wait {run.round_ms / 1000:.1f} s <= {target / 1000:.0f} s "
             f"(with the setup presses {run.wait_ms / 1000:.1f} s)", run.round_ms <= target),
            (f"{ROUND_SCRIPT} on a Pi Zero 2 W (estimate): {run.round_ms / 1000:.1f} s + host "
             f"{run.round_host_ms:.0f} ms x {zero.factor:.2f} + SD {sd:.0f} ms = {estimate / 1000:.1f} s, "
             f"{more:+.0%} (<= {ZERO_SLACK - 1:+.0%}, and <= {ZERO_SLACK:.2f} x {target / 1000:.0f} s; "
             f"with the commit before the frame {naive:+.0%})",
             more <= ZERO_SLACK - 1 and estimate <= ZERO_SLACK * target)]


def panel_checks(model: str, total: Run) -> list[tuple[str, bool]]:
    """The targets every panel meets over all scripts."""
    spec = PANELS[model]
    ratio = total.wait_ms / max(1, total.limit_ms)
    p90 = percentile(total.waits, 0.9)
    partial = busy_ms(spec, "partial")
    frames = sum(c.frames for c in total.countdowns)
    skipped = sum(c.skipped for c in total.countdowns)
    lag = max((c.lag_ms for c in total.countdowns), default=0)
    flashed = sum(c.flashed for c in total.countdowns)
    ghosts, limit = total.ghosts, 2 * spec.cleaning_every
    lag_limit = busy_ms(spec, "partial")  # one partial refresh, its SPI transfer a whole frame's
    zero_ratio = sum(total.zero_waits) / max(1, total.limit_ms)
    zero_worst = max(total.zero_waits, default=0)
    return [
        (f"wait/limit {ratio:.2f} <= {LIMIT_RATIO}", ratio <= LIMIT_RATIO),
        (f"worst press {max(total.waits, default=0)} ms <= {WORST_PRESS_MS} ms",
         max(total.waits, default=0) <= WORST_PRESS_MS),
        (f"Pi Zero 2 W (estimate, host and SD card added): wait/limit {zero_ratio:.2f} <= {LIMIT_RATIO}, "
         f"worst press {zero_worst:.0f} ms <= {WORST_PRESS_MS} ms",
         zero_ratio <= LIMIT_RATIO and zero_worst <= WORST_PRESS_MS),
        (f"p90 {p90} ms <= partial + {P90_SLACK_MS} = {partial + P90_SLACK_MS} ms", p90 <= partial + P90_SLACK_MS),
        (f"countdown frames skipped {skipped}/{frames} <= 2 %", skipped <= 0.02 * frames),
        (f"countdown lag {lag} ms <= one partial refresh {lag_limit} ms", lag <= lag_limit),
        (f"countdown frames shown by full/fast: {flashed}", flashed == 0),
        (f"time's-up frames shown by full/fast: {ghosts.times_up_flashed} of {ghosts.times_up}",
         ghosts.times_up_flashed == 0),
        (f"cleaning refreshes while a countdown runs: {total.cleaning_in_countdown}",
         total.cleaning_in_countdown == 0),
        (f"ghosts outside a countdown (per pixel, from the frames): {ghosts.outside} <= 2 x "
         f"{spec.cleaning_every} = {limit}", ghosts.outside <= limit),
        (f"ghosts of any pixel: {ghosts.overall} <= {limit} + one countdown's ticks {ghosts.ticks} = "
         f"{limit + ghosts.ticks}", ghosts.overall <= limit + ghosts.ticks),
    ]


def main() -> int:
    """Print the table per panel, the summary lines and the targets; exit 1 if a target fails."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="only scripts whose name starts with this")
    parser.add_argument("--panels", default=",".join(GALLERY_PANELS), help="comma-separated mono models")
    parser.add_argument("--sd-ms", type=int, default=SD_MS, help="the SD card's sync per commit (ms)")
    args = parser.parse_args()
    if args.sd_ms < 0:
        parser.error(f"--sd-ms {args.sd_ms}: give the sync time in milliseconds, 0 or more")
    scripts = [s for s in SCRIPTS if s.stem.startswith(args.only)]
    speed = pi_speed.measure()
    zero = ZeroModel(speed.factor, args.sd_ms)
    print(speed.statement())
    print(zero.statement())
    failures = 0
    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        for model in args.panels.split(","):
            spec = PANELS[model]
            print(f"\n## {model} (full {busy_ms(spec, 'full')} ms, fast {busy_ms(spec, 'fast')} ms, "
                  f"partial {busy_ms(spec, 'partial')} ms (a whole frame's SPI) with the driver's delays and "
                  f"the SPI transfer; "
                  f"cleaning every {spec.cleaning_every})\n")
            print("| script | presses | refreshes | by kind:reason | wait s | p50 / p90 s | naive s | limit s "
                  "| countdowns (shown/frames, worst lag) |")
            print("|---|---|---|---|---|---|---|---|---|")
            total = Run()
            checks: list[tuple[str, bool]] = []
            for script in scripts:
                out = Path(tmp) / f"{model}-{script.stem}"
                lines, host = play(script, model, out)
                run = measure(script, model, lines, out, host, zero)
                print(row(script.stem, run))
                add(total, run)
                if script.stem == ROUND_SCRIPT:
                    checks += round_checks(model, run, zero)
            print(row("**all scripts**", total))
            checks += panel_checks(model, total)
            print()
            for text, ok in checks:
                print(f"- {verdict(ok)}: {text}")
                failures += not ok
            ratio = total.wait_ms / max(1, total.limit_ms)
            on_zero, naive = sum(total.zero_waits), total.zero_naive_ms
            summary.append(f"{model:12s} wait {total.wait_ms / 1000:7.1f} s  limit {total.limit_ms / 1000:6.1f} s  "
                           f"naive {total.naive_ms / 1000:7.1f} s  wait/limit {ratio:.2f}  "
                           f"worst {max(total.waits, default=0)} ms  p50/p90 {percentile(total.waits, 0.5)}/"
                           f"{percentile(total.waits, 0.9)} ms  ghosts {total.ghosts.outside}/"
                           f"{total.ghosts.overall}  Zero 2 W {on_zero / 1000:.1f} s (commit first "
                           f"{naive / 1000:.1f} s), worst {max(total.zero_waits, default=0):.0f} ms")
    print("\n## summary (all scripts)\n")
    for line in summary:
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
