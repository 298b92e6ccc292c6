"""The long fuzz run: 100,000 random presses and holds across every app, checking each app's
invariants and the save/load round trip after every press; then, with --property-rounds N, the
engine's property tests N more times with random Hypothesis seeds (CI runs them derandomized).

    python benchmarks/fuzz.py [--presses 100000] [--property-rounds 20]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.framework.loader import app  # noqa: E402
from device.framework.registry import keys  # noqa: E402
from device.run.headless import run_script  # noqa: E402
from device.run.script import Wait  # noqa: E402
from hardware.events import BUTTONS  # noqa: E402
from tests.conftest import Harness  # noqa: E402


def main() -> None:
    """Run the random presses, then any rounds of random property tests."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--property-rounds", type=int, default=0,
                        help="then run the engine's property tests this many times at random")
    args = parser.parse_args()
    press_randomly(args.presses, args.seed)
    if args.property_rounds and not explore_properties(args.property_rounds, args.seed):
        sys.exit(1)


def press_randomly(presses: int, seed: int) -> None:
    """Press randomly, app after app, checking invariants and round trips after each press."""
    rng = random.Random(seed)
    apps = [k for k in keys() if k != "home"]
    shares = [presses // len(apps) + (1 if i < presses % len(apps) else 0) for i in range(len(apps))]
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    for key, per_app in zip(apps, shares, strict=True):
        h = Harness(seed=rng.randrange(2**32))
        h.runner.open(key)
        for i in range(per_app):
            if rng.random() < 0.03:
                run_script(h.runner, h.clock, [Wait(rng.choice((500, 3_000, 30_000, 95_000)))])
            button = rng.choice(BUTTONS)
            h.press(button + ("!" if rng.random() < 0.15 else ""))
            if h.runner.session.mode != key and rng.random() < 0.5:
                h.runner.open(key)
            for mode, state in h.runner.session.states.items():
                other = app(mode)
                problems = other.invariants(state)
                assert not problems, (mode, problems)
                if i % 10 == 0:
                    assert other.dump(other.load(other.dump(state))) == other.dump(state)
            counts[key] += 1
    elapsed = time.perf_counter() - start
    print(f"{sum(counts.values())} presses in {elapsed:.1f} s, no exception, every invariant held")
    for key, count in counts.items():
        print(f"  {key}: {count}")


def explore_properties(rounds: int, seed: int) -> bool:
    """Run tests/engine's property tests `rounds` times with fresh random seeds; True if all pass."""
    env = {**os.environ, "HYPOTHESIS_PROFILE": "fuzz"}
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "engine").glob("test_*props.py"))
    failed = 0
    for n in range(rounds):
        hypothesis_seed = seed * 1_000_003 + n
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                               f"--hypothesis-seed={hypothesis_seed}", *tests],
                              cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        verdict = "passed" if done.returncode == 0 else "FAILED"
        print(f"property round {n + 1}/{rounds} (--hypothesis-seed={hypothesis_seed}): {verdict} "
              f"in {time.perf_counter() - start:.0f} s")
        if done.returncode != 0:
            failed += 1
            print(done.stdout[-4000:])
    return failed == 0


if __name__ == "__main__":
    main()
