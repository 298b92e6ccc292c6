"""How much slower a Raspberry Pi Zero 2 W runs Easel's host work than this machine, and the
host time of each press.

The factor is single-core speed here over single-core speed there, both by the same test:
sysbench 1.0.20 `sysbench cpu --threads=1` (primes up to 10000, events per second). This
machine is measured when the benchmark runs: sysbench's events per CPU second it used (so
other work on a shared machine does not count, as it does not in the presses' host times,
which are CPU time too), the best of three short runs. For the Zero 2 W (Cortex-A53 at 1 GHz) the
figure is the Raspberry Pi 3B+'s, the same Cortex-A53 core at 1.4 GHz, 687.45 events/s
(leoncode.co.uk/articles/raspberry-pi-benchmarks, same command), scaled by clock: 491 events/s.

What the estimate assumes: Easel's host work (Python handling a press, Pillow rendering,
SQLite saving) slows down by the same factor as sysbench's integer loop. An in-order A53 with
a small cache and LPDDR2 probably fares worse on an interpreter than on that loop, so the
factor is a floor. The save's fsync is not CPU work: benchmarks/glass_model.py adds the SD card.
"""

from __future__ import annotations

import re
import resource
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
                f"per CPU second (sysbench cpu --threads=1, best of {SYSBENCH_RUNS} x {SYSBENCH_S} s) "
                f"over a Zero 2 W's {ZERO2W_EVENTS_S:.0f} "
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
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([sysbench, "cpu", "--threads=1", f"--time={SYSBENCH_S}", "run"],
                             capture_output=True, text=True, check=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        found = re.search(r"total number of events:\s*(\d+)", out)
        if found is None:
            raise SystemExit(f"press_to_glass: no 'total number of events' in sysbench's output:\n{out}")
        cpu_s = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        scores.append(int(found.group(1)) / max(cpu_s, 1e-3))  # per CPU second: other work does not count
    return Speed(max(scores))


@contextmanager
def press_timer() -> Iterator[list[float]]:
    """Time every `Runner.handle` (a press: handled, rendered, saved) meanwhile, less the time
    the headless recorder spends writing PNGs; the list fills in call order. CPU time of this
    process (time.process_time), so other work on a shared machine does not count; waiting for
    the disk does not count either (benchmarks/glass_model.py adds the SD card's sync)."""
    times: list[float] = []
    recording = [0.0]
    handle, submit = Runner.handle, FrameRecorder.submit

    def timed_handle(self: Runner, *args: Any, **kwargs: Any) -> Any:
        start, recorded = time.process_time(), recording[0]
        try:
            return handle(self, *args, **kwargs)
        finally:
            times.append((time.process_time() - start - (recording[0] - recorded)) * 1000)

    def timed_submit(self: FrameRecorder, *args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return submit(self, *args, **kwargs)
        finally:
            recording[0] += time.process_time() - start

    Runner.handle, FrameRecorder.submit = timed_handle, timed_submit  # type: ignore[method-assign]
    try:
        yield times
    finally:
        Runner.handle, FrameRecorder.submit = handle, submit  # type: ignore[method-assign]
