"""How much slower a Raspberry Pi Zero 2 W runs Easel's host work than this machine, and the
host time of each press.

The factor is single-core speed here over single-core speed there, both by the same test:
sysbench 1.0.20 `sysbench cpu --threads=1` (primes up to 10000, events per second). This
machine is measured when the benchmark runs, the best of three short runs (on a shared machine
the others are slowed by other work; the best gives the larger, more cautious factor, since
the presses' host times are measured under the same load). For the Zero 2 W (Cortex-A53 at 1 GHz) the
figure is the Raspberry Pi 3B+'s, the same Cortex-A53 core at 1.4 GHz, 687.45 events/s
(leoncode.co.uk/articles/raspberry-pi-benchmarks, same command), scaled by clock: 491 events/s.

What the estimate assumes: Easel's host work (Python handling a press, Pillow rendering,
SQLite saving) slows down by the same factor as sysbench's integer loop. An in-order A53 with
a small cache and LPDDR2 probably fares worse on an interpreter than on that loop, so the
factor is a floor; SD-card writes (the save's fsync) are not scaled at all.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from device.framework.runner import Runner
from device.run.headless import FrameRecorder

PI3B_PLUS_EVENTS_S = 687.45  # Cortex-A53 at 1.4 GHz, sysbench cpu --threads=1 (leoncode.co.uk)
ZERO2W_EVENTS_S = PI3B_PLUS_EVENTS_S * 1.0 / 1.4  # the same core at 1.0 GHz
SYSBENCH_S = 2
SYSBENCH_RUNS = 3  # the best of three: this machine unhindered by other work (a larger factor)


@dataclass(frozen=True)
class Speed:
    """This machine's single-core sysbench score and the factor to a Zero 2 W."""

    events_s: float

    @property
    def factor(self) -> float:
        """How many times longer the Zero 2 W takes for the same host work."""
        return self.events_s / ZERO2W_EVENTS_S

    def statement(self) -> str:
        """The factor, once, with its source."""
        return (f"Pi Zero 2 W factor {self.factor:.2f}: this machine {self.events_s:.0f} events/s "
                f"(sysbench cpu --threads=1, best of {SYSBENCH_RUNS} x {SYSBENCH_S} s) over a Zero 2 W's "
                f"{ZERO2W_EVENTS_S:.0f} "
                f"(Pi 3B+ {PI3B_PLUS_EVENTS_S} events/s, leoncode.co.uk, x 1.0/1.4 GHz); host work "
                "assumed to scale like sysbench's loop")


def measure() -> Speed:
    """Run sysbench on one core; SystemExit with how to install it if it is missing."""
    sysbench = shutil.which("sysbench")
    if sysbench is None:
        raise SystemExit("press_to_glass: sysbench is missing (the Pi Zero 2 W estimate needs it): "
                         "apt-get install sysbench")
    scores = []
    for _ in range(SYSBENCH_RUNS):
        out = subprocess.run([sysbench, "cpu", "--threads=1", f"--time={SYSBENCH_S}", "run"],
                             capture_output=True, text=True, check=True).stdout
        found = re.search(r"events per second:\s*([\d.]+)", out)
        if found is None:
            raise SystemExit(f"press_to_glass: no 'events per second' in sysbench's output:\n{out}")
        scores.append(float(found.group(1)))
    return Speed(max(scores))


@contextmanager
def press_timer() -> Iterator[list[float]]:
    """Time every `Runner.handle` (a press: handled, rendered, saved) meanwhile, less the time
    the headless recorder spends writing PNGs; the list fills in call order."""
    times: list[float] = []
    recording = [0.0]
    handle, submit = Runner.handle, FrameRecorder.submit

    def timed_handle(self: Runner, *args: Any, **kwargs: Any) -> Any:
        start, recorded = time.perf_counter(), recording[0]
        try:
            return handle(self, *args, **kwargs)
        finally:
            times.append((time.perf_counter() - start - (recording[0] - recorded)) * 1000)

    def timed_submit(self: FrameRecorder, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return submit(self, *args, **kwargs)
        finally:
            recording[0] += time.perf_counter() - start

    Runner.handle, FrameRecorder.submit = timed_handle, timed_submit  # type: ignore[method-assign]
    try:
        yield times
    finally:
        Runner.handle, FrameRecorder.submit = handle, submit  # type: ignore[method-assign]
