"""The long fuzz run: 100,000 random presses and holds across every app, checking each app's
invariants and the save/load round trip after every press.

    python benchmarks/fuzz.py [--presses 100000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.headless import run_script  # noqa: E402
from device.loader import app  # noqa: E402
from device.registry import keys  # noqa: E402
from device.script import Wait  # noqa: E402
from hardware.events import BUTTONS  # noqa: E402
from tests.conftest import Harness  # noqa: E402


def main() -> None:
    """Press randomly, app after app, and report how many presses and checks passed."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    apps = [k for k in keys() if k != "home"]
    shares = [args.presses // len(apps) + (1 if i < args.presses % len(apps) else 0) for i in range(len(apps))]
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


if __name__ == "__main__":
    main()
